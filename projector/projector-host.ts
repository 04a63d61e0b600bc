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
}

/**
 * Keeps the live generation of every projection up to date: creates generation 1 on a new
 * database, and switches to a newer generation when a rebuild activates one.
 */
export class ProjectorHost {
  private readonly running = new Map<string, { gen: ProjectionGeneration; runner: ProjectionRunner }>();
  private timer: NodeJS.Timeout | null = null;
  private registry: GenerationRegistry | null = null;
  private switching: Promise<void> = Promise.resolve();
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
    for (const gen of live) await this.run(gen);
    const every = this.options.watchIntervalMs ?? 5000;
    if (every > 0) {
      this.timer = setInterval(() => {
        this.switching = this.switching
          .then(() => this.followActivations())
          .catch((error: unknown) =>
            this.deps.logger.error(
              { err: error instanceof Error ? error.message : String(error) },
              'generation watch failed',
            ),
          );
      }, every);
      this.timer.unref();
    }
  }

  /** The generations being kept up to date. */
  generations(): ProjectionGeneration[] {
    return [...this.running.values()].map((r) => r.gen);
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
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.switching;
    await Promise.all([...this.running.values()].map((r) => r.runner.stop()));
    this.running.clear();
  }

  private async run(gen: ProjectionGeneration): Promise<void> {
    const runner = new ProjectionRunner(this.deps, {
      ...this.options,
      onCaughtUp: (projection, stream) => {
        this.caughtUp.notify();
        this.options.onCaughtUp?.(projection, stream);
      },
    });
    await runner.start([gen]);
    this.running.set(gen.projection.name, { gen, runner });
  }

  private async followActivations(): Promise<void> {
    const registry = this.registry;
    if (!registry) return;
    for (const projection of this.projections) {
      const live = await registry.liveGeneration(projection.name);
      const current = this.running.get(projection.name);
      if (live === null || current?.gen.generation === live) continue;
      this.deps.logger.info(
        { projection: projection.name, from: current?.gen.generation, to: live },
        'switching to the activated generation',
      );
      await current?.runner.stop();
      await this.run(registry.generationOf(projection, live));
    }
  }
}
