import type { Database } from '../infra/db/database.ts';
import type { EventLog } from '../infra/event-log/event-log.port.ts';
import { checkpointName, type ProjectionGeneration } from './projection.ts';

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
  generations: readonly ProjectionGeneration[],
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

/** Resolves once every projection has reached the log's current end; reports progress meanwhile. */
export async function waitUntilCaughtUp(
  db: Database,
  log: EventLog,
  generations: readonly ProjectionGeneration[],
  onProgress?: (lags: readonly ProjectionLag[]) => void,
  intervalMs = 500,
): Promise<void> {
  for (;;) {
    const lags = await projectionLag(db, log, generations);
    onProgress?.(lags);
    if (lags.every((l) => l.lag === 0)) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
