import { sql } from 'kysely';
import type { ScraperRunCompleted, ScraperScheduleDeclared } from '../../contracts/events/index.ts';
import type { Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { scraperHealthStorage } from './scraper-health.storage.ts';

/**
 * The latest run of a source. An older run never replaces a newer one; `last_success_at` survives
 * failed runs; `consecutive_failures` counts the failed runs since the last success (the same run
 * delivered twice counts once).
 */
async function applyRun(tx: Transaction<DB>, event: ScraperRunCompleted, position: number): Promise<void> {
  const r = event.data;
  const row = {
    source: r.source,
    run_id: r.run_id,
    started_at: r.started_at,
    finished_at: r.finished_at,
    success: r.success,
    decisions_added: r.decisions_added,
    decisions_updated: r.decisions_updated,
    decisions_withdrawn: r.decisions_withdrawn ?? 0,
    http_errors: r.http_errors ?? null,
    duration_ms: r.duration_ms ?? Math.max(0, Date.parse(r.finished_at) - Date.parse(r.started_at)),
    items_seen: r.items_seen,
    items_failed: r.items_failed,
    total_held: r.total_held,
    portal_count: r.portal_count,
    errors: JSON.stringify(r.errors),
    unknown_courts: JSON.stringify(r.unknown_courts ?? {}),
    metadata_disagreements: JSON.stringify(r.metadata_disagreements ?? {}),
    last_success_at: r.success ? r.finished_at : null,
    consecutive_failures: r.success ? 0 : 1,
    event_position: position,
  };
  await tx
    .insertInto('scraper_health')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('source')
        .doUpdateSet({
          ...row,
          last_success_at: r.success
            ? sql`greatest(scraper_health.last_success_at, excluded.last_success_at)`
            : sql`scraper_health.last_success_at`,
          consecutive_failures: r.success
            ? 0
            : sql`case when scraper_health.run_id = excluded.run_id then scraper_health.consecutive_failures
                else scraper_health.consecutive_failures + 1 end`,
        })
        .where(sql<boolean>`scraper_health.finished_at <= excluded.finished_at`),
    )
    .execute();
  if (r.success) {
    // An older successful run delivered after a newer one does not replace the latest run
    // (above), but it is still a success: keep the latest success time.
    await tx
      .updateTable('scraper_health')
      .set({
        last_success_at: sql`greatest(scraper_health.last_success_at, ${r.finished_at}::timestamptz)`,
      })
      .where('source', '=', r.source)
      .execute();
  }
}

/** A newer schedule declaration replaces the sources of the previous one; an older one is ignored. */
async function applySchedule(tx: Transaction<DB>, event: ScraperScheduleDeclared): Promise<void> {
  const s = event.data;
  const newer = await tx
    .selectFrom('scraper_schedule')
    .select('declared_at')
    .where('declared_at', '>', s.declared_at)
    .limit(1)
    .executeTakeFirst();
  if (newer) return;
  await tx.deleteFrom('scraper_schedule').execute();
  const rows = new Map<string, { schedule_key: string; cron: string }>();
  for (const job of s.jobs)
    for (const source of job.sources) rows.set(source, { schedule_key: job.schedule_key, cron: job.cron });
  if (rows.size === 0) return;
  await tx
    .insertInto('scraper_schedule')
    .values(
      [...rows].map(([source, job]) => ({
        source,
        ...job,
        timezone: s.timezone,
        declared_at: s.declared_at,
      })),
    )
    .execute();
}

/** Latest run per source, and the sources the latest schedule declares. */
export const scraperHealthProjection: Projection = {
  name: 'scraper-health',
  storage: scraperHealthStorage,
  streams: ['scraper-health'],
  handles: ['ScraperRunCompleted', 'ScraperScheduleDeclared'],
  async handle(batch: readonly PositionedEvent[], { tx }: ProjectionContext): Promise<void> {
    for (const { event, position } of batch as readonly PositionedEvent<
      ScraperRunCompleted | ScraperScheduleDeclared
    >[]) {
      if (event.type === 'ScraperRunCompleted') await applyRun(tx, event, position);
      else await applySchedule(tx, event);
    }
  },
};
