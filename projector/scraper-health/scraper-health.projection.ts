import { sql } from 'kysely';
import type { ScraperRunCompleted } from '../../contracts/events/index.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { scraperHealthStorage } from './scraper-health.storage.ts';

/** Latest run per source; `last_success_at` survives failed runs. An older run never replaces a newer one. */
export const scraperHealthProjection: Projection = {
  name: 'scraper-health',
  storage: scraperHealthStorage,
  streams: ['scraper-health'],
  handles: ['ScraperRunCompleted'],
  async handle(batch: readonly PositionedEvent[], { tx }: ProjectionContext): Promise<void> {
    for (const { event, position } of batch as readonly PositionedEvent<ScraperRunCompleted>[]) {
      const r = event.data;
      const row = {
        source: r.source,
        run_id: r.run_id,
        started_at: r.started_at,
        finished_at: r.finished_at,
        success: r.success,
        decisions_added: r.decisions_added,
        decisions_updated: r.decisions_updated,
        items_seen: r.items_seen,
        items_failed: r.items_failed,
        total_held: r.total_held,
        portal_count: r.portal_count,
        errors: JSON.stringify(r.errors),
        unknown_courts: JSON.stringify(r.unknown_courts ?? {}),
        metadata_disagreements: JSON.stringify(r.metadata_disagreements ?? {}),
        last_success_at: r.success ? r.finished_at : null,
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
  },
};
