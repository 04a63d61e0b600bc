import type { Database } from '../infra/db/database.ts';
import type { DeadLetterPublisher } from '../infra/event-log/dead-letter.port.ts';
import type { EventLog } from '../infra/event-log/event-log.port.ts';
import { GenerationRegistry } from './generations.ts';
import { CaughtUpSignal, type ProjectionLag, projectionLag, waitUntilCaughtUp } from './lag.ts';
import type { Projection, ProjectionGeneration } from './projection.ts';
import { ProjectionRunner, type RunnerLogger, type RunnerOptions } from './projection-runner.ts';

export interface HostDeps {
  readonly db: Database;
  readonly log: EventLog;
  readonly now: () => string;
  readonly logger: RunnerLogger;
  readonly deadLetters?: DeadLetterPublisher;
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface HostOptions extends RunnerOptions {
  /** How often to look for a generation activated by a rebuild (ms); 0 disables watching. */
  readonly watchIntervalMs?: number;
  /**
   * How long after a projection's reading of a stream stopped (its subscription ended with an
   * error, e.g. the broker away longer than a consumer retries) the host starts every stream's
   * reads again (ms, default 1000); doubled for each stop that follows within
   * {@link STOPS_FORGOTTEN_MS} of the last, up to {@link MAX_RESTART_DELAY_MS}.
   */
  readonly restartDelayMs?: number;
}

/** The longest the host waits before starting the reads again after they stopped. */
export const MAX_RESTART_DELAY_MS = 60_000;
/** A stop this long after the previous one is waited for with the first delay again. */
const STOPS_FORGOTTEN_MS = 10 * MAX_RESTART_DELAY_MS;

/**
 * The consumer group of every projector process's reads: processes that run the same projections
 * split each stream's partitions between them (see `RunnerOptions.sharedGroup`).
 */
export const PROJECTOR_GROUP = 'projector';

/**
 * Keeps the live generation of every projection up to date: creates generation 1 on a new
 * database, and switches to a newer generation when a rebuild activates one. One runner reads each
 * stream once for all of them (`RunnerOptions.shareReads`); a switch restarts it with the new set.
 */
export class ProjectorHost {
  private runner: ProjectionRunner | null = null;
  private running: readonly ProjectionGeneration[] = [];
  private timer: NodeJS.Timeout | null = null;
  private registry: GenerationRegistry | null = null;
  private switching: Promise<void> = Promise.resolve();
  private stopping = false;
  /** The restart scheduled after a projection's reading stopped, and the stops in a row so far. */
  private restartTimer: NodeJS.Timeout | null = null;
  private stops = { inARow: 0, last: 0 };
  /** Notified whenever a runner has read a stream to its end. */
  private readonly caughtUp = new CaughtUpSignal();

  constructor(
    private readonly deps: HostDeps,
    private readonly projections: readonly Projection[],
    private readonly options: HostOptions = {},
  ) {}

  /**
   * Starts a runner per live generation; `beforeRunning` sees the generations first (e.g. to
   * measure how far behind they are while nothing else uses the database).
   */
  async start(
    hooks: { beforeRunning?: (generations: readonly ProjectionGeneration[]) => Promise<void> } = {},
  ): Promise<void> {
    this.registry = await GenerationRegistry.open(this.deps.db);
    const live = await this.registry.ensureLive(this.projections);
    await hooks.beforeRunning?.(live);
    // in the serial order of switches and restarts: a restart after a stop waits for this start
    const starting = this.switching.then(() => this.run(live));
    this.switching = starting.catch(() => undefined);
    await starting;
    const every = this.options.watchIntervalMs ?? 5000;
    if (every > 0) {
      this.timer = setInterval(
        () => this.serially(() => this.followActivations(), 'generation watch failed'),
        every,
      );
      this.timer.unref();
    }
  }

  /** The generations being kept up to date. */
  generations(): ProjectionGeneration[] {
    return [...this.running];
  }

  async lag(): Promise<ProjectionLag[]> {
    return projectionLag(this.deps.db, this.deps.log, this.generations());
  }

  /**
   * Resolves once every live generation has reached the log's current end: the lag is counted
   * every `intervalMs`, and at once when a runner has read a stream to its end.
   */
  async waitUntilCaughtUp(
    onProgress?: (lags: readonly ProjectionLag[]) => void,
    intervalMs?: number,
  ): Promise<void> {
    await waitUntilCaughtUp(
      this.deps.db,
      this.deps.log,
      this.generations(),
      onProgress,
      intervalMs,
      this.caughtUp,
    );
  }

  /** Finishes the batches under way, commits and stops every runner. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    await this.switching;
    await this.runner?.stop();
    this.runner = null;
    this.running = [];
  }

  private async run(generations: readonly ProjectionGeneration[]): Promise<void> {
    const runner = new ProjectionRunner(this.deps, {
      ...this.options,
      shareReads: true,
      sharedGroup: PROJECTOR_GROUP,
      onCaughtUp: (projection, stream) => {
        this.caughtUp.notify();
        this.options.onCaughtUp?.(projection, stream);
      },
      // a generation detached while its engine was away has caught up: read for all again
      onRejoinable: () => {
        this.deps.logger.info({}, 'reading every stream for all projections again');
        this.serially(() => this.readAgain(runner), 'runner restart failed');
      },
      // a projection no longer reads a stream: start every stream's reads again, after a back-off
      onStopped: (projection, stream, error) => {
        this.options.onStopped?.(projection, stream, error);
        this.restartAfterStop(runner);
      },
    });
    try {
      await runner.start(generations);
    } catch (error) {
      // the subscriptions it had started are stopped (a switch is tried again on the next watch tick, a restart after its back-off)
      await runner.stop().catch(() => {});
      throw error;
    }
    this.runner = runner;
    this.running = generations;
  }

  /** Runs `work` after the switches and restarts under way, one at a time; a failure is logged. */
  private serially(work: () => Promise<void>, failure: string): void {
    this.switching = this.switching
      .then(work)
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error instanceof Error ? error.message : String(error) }, failure),
      );
  }

  /**
   * Schedules a restart of `runner` once a projection's reading of a stream has stopped (or, with
   * null, a start of the reads after such a restart failed to start them): each generation starts
   * again at its checkpoint, so nothing is skipped or handled twice. Stops of several projections
   * at once (a shared subscription ended) restart it once.
   */
  private restartAfterStop(runner: ProjectionRunner | null): void {
    if (this.stopping || this.restartTimer) return;
    const now = Date.now();
    if (now - this.stops.last > STOPS_FORGOTTEN_MS) this.stops.inARow = 0;
    this.stops = { inARow: this.stops.inARow + 1, last: now };
    const delay = Math.min(
      MAX_RESTART_DELAY_MS,
      (this.options.restartDelayMs ?? 1000) * 2 ** (this.stops.inARow - 1),
    );
    this.deps.logger.warn({ delay, stops: this.stops.inARow }, 'reading every stream again after a stop');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.serially(() => this.readAgain(runner), 'runner restart failed');
    }, delay);
    this.restartTimer.unref();
  }

  /**
   * Stops `runner`, if it is still the one running (null: none is, a start of the reads failed),
   * and starts every live generation's reads again at its checkpoint; reads that fail to start are
   * tried again after the next back-off ({@link restartAfterStop}).
   */
  private async readAgain(runner: ProjectionRunner | null): Promise<void> {
    if (this.stopping) return;
    if (runner) {
      // a switch to a rebuilt generation (or another restart) has started new reads meanwhile
      if (this.runner !== runner) return;
      await runner.stop();
      this.runner = null;
    } else if (this.runner) return;
    try {
      await this.run(this.running);
    } catch (error) {
      this.deps.logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'reads not started',
      );
      this.restartAfterStop(null);
    }
  }

  private async followActivations(): Promise<void> {
    const registry = this.registry;
    if (!registry) return;
    let switched = false;
    const next: ProjectionGeneration[] = [];
    for (const projection of this.projections) {
      const live = await registry.liveGeneration(projection.name);
      const current = this.running.find((g) => g.projection.name === projection.name);
      if (live === null || current?.generation === live) {
        if (current) next.push(current);
        continue;
      }
      this.deps.logger.info(
        { projection: projection.name, from: current?.generation, to: live },
        'switching to the activated generation',
      );
      switched = true;
      next.push(registry.generationOf(projection, live));
    }
    // (a runner that failed to start again is started on the next tick)
    if (!switched && this.runner) return;
    // the batches under way are committed first; each generation then starts at its checkpoint
    await this.runner?.stop();
    this.runner = null;
    await this.run(next);
  }
}
