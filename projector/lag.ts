import type { Database } from '../infra/db/database.ts';
import type { EventLog } from '../infra/event-log/event-log.port.ts';
import { checkpointName, type Projection, type ProjectionGeneration } from './projection.ts';

export interface ProjectionLag {
  readonly projection: string;
  readonly generation: number;
  readonly stream: string;
  /** Events in the log not yet projected. */
  readonly lag: number;
}

/** How far each projection is behind the log, per stream. */
export async function projectionLag(
  db: Database,
  log: EventLog,
  generations: readonly { projection: Pick<Projection, 'name' | 'streams'>; generation: number }[],
): Promise<ProjectionLag[]> {
  const out: ProjectionLag[] = [];
  for (const { projection: p, generation } of generations) {
    for (const stream of p.streams) {
      const rows = await db
        .selectFrom('projection_checkpoints')
        .select(['partition', 'position'])
        .where('projection', '=', checkpointName(p, generation))
        .where('stream', '=', stream)
        .execute();
      const lag = await log.countAfter(stream, new Map(rows.map((r) => [r.partition, Number(r.position)])));
      out.push({ projection: p.name, generation, stream, lag });
    }
  }
  return out;
}

/**
 * Wakes a `waitUntilCaughtUp` before its interval is over: runners `notify` it when a stream has
 * been read to its current end (`RunnerOptions.onCaughtUp`), so that a wait can count the lag
 * seldom (counting is a scan of the log behind the checkpoint: 40–80 ms per projection at 100,000
 * events in PostgreSQL) and still end as soon as the projections have caught up.
 */
export class CaughtUpSignal {
  private pending = false;
  private readonly waiters = new Set<() => void>();

  notify(): void {
    this.pending = true;
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves after `ms`, or as soon as `notify` is called (at once if it was since the last wait). */
  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}

/**
 * Resolves once every projection has reached the log's current end; reports progress meanwhile.
 * The lag is counted every `intervalMs`, and at once when `signal` is notified. `stoppedWith`
 * tells why a projection will not get there (it stopped): the wait then rejects with that.
 */
export async function waitUntilCaughtUp(
  db: Database,
  log: EventLog,
  generations: readonly ProjectionGeneration[],
  onProgress?: (lags: readonly ProjectionLag[]) => void,
  intervalMs = 500,
  signal?: CaughtUpSignal,
  stoppedWith?: () => { readonly error: unknown } | undefined,
): Promise<void> {
  for (;;) {
    const lags = await projectionLag(db, log, generations);
    onProgress?.(lags);
    if (lags.every((l) => l.lag === 0)) return;
    const stopped = stoppedWith?.();
    if (stopped) throw stopped.error;
    await (signal ? signal.wait(intervalMs) : new Promise((r) => setTimeout(r, intervalMs)));
  }
}

/**
 * Per projection, the events its live generation has not projected yet, summed over its streams
 * and partitions; `Infinity` for a projection with no live generation (nothing serves it yet).
 */
export async function liveLag(
  db: Database,
  log: EventLog,
  projections: readonly Pick<Projection, 'name' | 'streams'>[],
): Promise<Record<string, number>> {
  const live = await db
    .selectFrom('projection_generations')
    .select(['projection', 'generation'])
    .where('status', '=', 'live')
    .execute();
  const out: Record<string, number> = {};
  for (const projection of projections) {
    const gen = live.find((l) => l.projection === projection.name);
    out[projection.name] = gen
      ? (await projectionLag(db, log, [{ projection, generation: gen.generation }])).reduce(
          (n, l) => n + l.lag,
          0,
        )
      : Number.POSITIVE_INFINITY;
  }
  return out;
}
