import { Cron } from 'croner';
import type { BackoffState, SourceLeaseStore } from '../../infra/scheduler/source-lease.port.ts';

/** How a run of a scheduled job ended: `interrupted` (shutdown, lease lost) leaves the back-off as it was. */
export type JobOutcome = 'success' | 'failure' | 'interrupted';

/** A job the scheduler starts on its cron expression. */
export interface ScheduledJob {
  /** The lock and back-off key (the `SOURCE` value). */
  readonly key: string;
  readonly cron: string;
  /** Runs the job once; stops after its current batch when `signal` aborts. */
  run(signal: AbortSignal): Promise<JobOutcome>;
}

/** What became of one trigger of a job (for logs and tests). */
export type AttemptResult = 'ran' | 'locked' | 'backing-off' | 'not-due' | 'stopped';

export interface SchedulerSettings {
  /** IANA time zone of the cron expressions. */
  readonly timezone: string;
  /** Jitter: a run starts 0 … this many ms after its trigger. */
  readonly jitterMaxMs: number;
  /** Wait after the first failure; doubled per further failure … */
  readonly retryBaseMs: number;
  /** … up to this. */
  readonly retryMaxMs: number;
  /** Lease length; renewed every third of it while the job runs. */
  readonly leaseMs: number;
}

export interface SchedulerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerDeps {
  readonly leases: SourceLeaseStore;
  /** This scheduler's lease holder name (unique per process). */
  readonly holder: string;
  /** Current time (ms since the epoch). */
  readonly now: () => number;
  /** A number in [0, 1) (jitter). */
  readonly random: () => number;
  readonly logger: SchedulerLogger;
  /** Told the result of every trigger. */
  readonly onAttempt?: (key: string, result: AttemptResult) => void;
}

/** Longest delay a Node timer takes. */
const MAX_TIMER_MS = 2_147_483_647;

/** Wait before the next attempt after `failures` failed runs in a row (≥ 1): base × 2^(failures−1), capped. */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  if (failures < 1) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 40));
}

/** A jitter in [0, maxMs) from a random number in [0, 1). */
export function jitterDelay(random: () => number, maxMs: number): number {
  return maxMs <= 0 ? 0 : Math.min(maxMs - 1, Math.floor(random() * maxMs));
}

/**
 * Renews a held lease every third of its length until the returned timer is cleared; `onLost`
 * when another holder has taken it over (the run must stop).
 */
export function keepLease(
  leases: SourceLeaseStore,
  key: string,
  holder: string,
  leaseMs: number,
  logger: SchedulerLogger,
  onLost: () => void,
): ReturnType<typeof setInterval> {
  return setInterval(
    () => {
      leases.renew(key, holder, leaseMs).then(
        (held) => {
          if (held) return;
          logger.error({ job: key }, 'lease lost (another process took over): stopping the run');
          onLost();
        },
        (error: unknown) => logger.warn({ job: key, err: error }, 'lease renewal failed; trying again'),
      );
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
}

const delay = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Starts each job on its cron expression, never twice at once across every scheduler on the
 * database (a lease per job), each start delayed by a random jitter. A failed run is retried after
 * an exponential back-off (`backoffDelay`), and cron times that fall inside the back-off are
 * skipped; a success resets it. The back-off lives with the lease, so every scheduler honours it.
 */
export class SourceScheduler {
  private readonly crons: Cron[] = [];
  private readonly retries = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly active = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly jobs: readonly ScheduledJob[],
    private readonly deps: SchedulerDeps,
    private readonly settings: SchedulerSettings,
  ) {}

  /** Arms the cron expressions. */
  start(): void {
    for (const job of this.jobs)
      this.crons.push(
        new Cron(job.cron, { timezone: this.settings.timezone }, () => void this.trigger(job, 'cron')),
      );
  }

  /** The next cron time of each job. */
  nextRuns(): { key: string; at: string | null }[] {
    return this.jobs.map((job, i) => ({ key: job.key, at: this.crons[i]?.nextRun()?.toISOString() ?? null }));
  }

  /** Attempts a job now (as its cron time would), resolving when the attempt is over. */
  trigger(job: ScheduledJob, reason: 'cron' | 'retry'): Promise<void> {
    const attempt: Promise<void> = this.attempt(job, reason)
      .then((result) => this.deps.onAttempt?.(job.key, result))
      .catch((error: unknown) =>
        this.deps.logger.error(
          { job: job.key, err: error },
          'scheduled run could not be started or recorded',
        ),
      )
      .finally(() => this.active.delete(attempt));
    this.active.add(attempt);
    return attempt;
  }

  /** Disarms every timer, stops running jobs after their current batch, waits for them to record their outcome. */
  async stop(): Promise<void> {
    for (const cron of this.crons) cron.stop();
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
    this.stopping.abort();
    while (this.active.size > 0) await Promise.allSettled([...this.active]);
  }

  private async attempt(job: ScheduledJob, reason: 'cron' | 'retry'): Promise<AttemptResult> {
    const { leases, holder, logger } = this.deps;
    if (this.stopping.signal.aborted) return 'stopped';
    await delay(jitterDelay(this.deps.random, this.settings.jitterMaxMs), this.stopping.signal);
    if (this.stopping.signal.aborted) return 'stopped';
    const state = await leases.acquire(job.key, holder, this.settings.leaseMs);
    if (!state) {
      logger.info({ job: job.key }, 'scheduled run skipped: the source is already running');
      return 'locked';
    }
    const now = this.deps.now();
    if (state.retryAt !== null && Date.parse(state.retryAt) > now) {
      await leases.release(job.key, holder, null);
      this.armRetry(job, Date.parse(state.retryAt));
      logger.info(
        { job: job.key, retry_at: state.retryAt },
        'scheduled run skipped: backing off after failures',
      );
      return 'backing-off';
    }
    // A retry that another scheduler already made (successfully) is no longer due.
    if (reason === 'retry' && state.consecutiveFailures === 0) {
      await leases.release(job.key, holder, null);
      return 'not-due';
    }
    const outcome = await this.runHolding(job);
    const backoff = this.backoffAfter(outcome, state);
    await leases.release(job.key, holder, backoff);
    if (backoff?.retryAt) {
      logger.warn(
        { job: job.key, consecutive_failures: backoff.consecutiveFailures, retry_at: backoff.retryAt },
        'scheduled run failed; retrying after back-off',
      );
      this.armRetry(job, Date.parse(backoff.retryAt));
    }
    return 'ran';
  }

  /** Runs the job while renewing its lease; a lost lease or shutdown stops it after its batch. */
  private async runHolding(job: ScheduledJob): Promise<JobOutcome> {
    const { leases, holder, logger } = this.deps;
    const controller = new AbortController();
    const onStop = () => controller.abort();
    this.stopping.signal.addEventListener('abort', onStop, { once: true });
    const renewal = keepLease(leases, job.key, holder, this.settings.leaseMs, logger, () =>
      controller.abort(),
    );
    logger.info({ job: job.key }, 'scheduled run started');
    try {
      const outcome = await job.run(controller.signal);
      logger.info({ job: job.key, outcome }, 'scheduled run finished');
      return outcome;
    } catch (error) {
      logger.error({ job: job.key, err: error }, 'scheduled run failed');
      return controller.signal.aborted ? 'interrupted' : 'failure';
    } finally {
      clearInterval(renewal);
      this.stopping.signal.removeEventListener('abort', onStop);
    }
  }

  private backoffAfter(outcome: JobOutcome, before: BackoffState): BackoffState | null {
    if (outcome === 'interrupted') return null;
    if (outcome === 'success') return { consecutiveFailures: 0, retryAt: null };
    const failures = before.consecutiveFailures + 1;
    const wait = backoffDelay(failures, this.settings.retryBaseMs, this.settings.retryMaxMs);
    return { consecutiveFailures: failures, retryAt: new Date(this.deps.now() + wait).toISOString() };
  }

  private armRetry(job: ScheduledJob, at: number): void {
    if (this.stopping.signal.aborted) return;
    const previous = this.retries.get(job.key);
    if (previous) clearTimeout(previous);
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, at - this.deps.now()));
    this.retries.set(
      job.key,
      setTimeout(() => {
        this.retries.delete(job.key);
        void this.trigger(job, 'retry');
      }, wait),
    );
  }
}
