import { sql } from 'kysely';
import type { LegislationCatalogEntryPublished } from '../../contracts/events/index.ts';
import { normaliseLawKey } from '../../contracts/laws/law-key.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { STATUTE_TS_CONFIG } from '../statutes/statutes.projection.ts';
import { legislationCatalogStorage } from './legislation-catalog.storage.ts';

/**
 * The legislation catalogue read model (GET /legislation/*): the latest state of every entry per
 * language, and every version any event listed (a later listing never erases a version, so the
 * history only grows). Idempotent per position and content hash.
 */
export const legislationCatalogProjection: Projection = {
  name: 'legislation-catalog',
  storage: legislationCatalogStorage,
  streams: ['legislation-catalog'],
  handles: ['LegislationCatalogEntryPublished'],
  async handle(batch: readonly PositionedEvent[], { tx, now }: ProjectionContext): Promise<void> {
    for (const { event, position } of batch as readonly PositionedEvent<LegislationCatalogEntryPublished>[]) {
      const e = event.data;
      const current = await tx
        .selectFrom('legislation_catalog')
        .select(['content_hash', 'event_position'])
        .where('catalog_id', '=', e.catalog_id)
        .where('language', '=', e.language)
        .executeTakeFirst();
      if (
        current &&
        (Number(current.event_position) >= position || current.content_hash === e.provenance.content_hash)
      )
        continue;
      const cfg = sql.lit(STATUTE_TS_CONFIG[e.language] ?? 'simple');
      const row = {
        catalog_id: e.catalog_id,
        language: e.language,
        jurisdiction: e.jurisdiction,
        systematic_number: e.systematic_number,
        title: e.title,
        abbreviation: e.abbreviation,
        abbreviation_key: e.abbreviation !== null ? normaliseLawKey(e.abbreviation) : null,
        title_key: normaliseLawKey(e.title),
        is_active: e.is_active,
        version_active_since: e.version_active_since,
        inactive_since: e.inactive_since,
        keywords: e.keywords,
        original_url: e.original_url,
        source_url: e.source_url,
        // The abbreviation and number rank above the title, the title above the keywords.
        tsv: sql`setweight(to_tsvector('simple'::regconfig, ${`${e.abbreviation ?? ''} ${e.systematic_number}`}), 'A') || setweight(to_tsvector(${cfg}::regconfig, ${e.title}), 'B') || setweight(to_tsvector(${cfg}::regconfig, ${e.keywords.join(' ')}), 'C')`,
        content_hash: e.provenance.content_hash,
        event_position: position,
        updated_at: now,
      };
      await tx
        .insertInto('legislation_catalog')
        .values(row)
        .onConflict((oc) => oc.columns(['catalog_id', 'language']).doUpdateSet(row))
        .execute();
      const versions =
        e.versions.length > 0
          ? e.versions
          : e.version_active_since !== null
            ? [
                {
                  active_since: e.version_active_since,
                  active_until: e.inactive_since,
                  original_url: e.original_url,
                },
              ]
            : [];
      // A version listed twice in one entry counts once (one row per start date).
      const rows = [...new Map(versions.map((v) => [v.active_since, v])).values()].map((v) => ({
        catalog_id: e.catalog_id,
        language: e.language,
        active_since: v.active_since,
        active_until: v.active_until,
        original_url: v.original_url,
        event_position: position,
      }));
      if (rows.length > 0) {
        await tx
          .insertInto('legislation_catalog_versions')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['catalog_id', 'language', 'active_since']).doUpdateSet({
              active_until: sql`excluded.active_until`,
              original_url: sql`excluded.original_url`,
              event_position: sql`excluded.event_position`,
            }),
          )
          .execute();
      }
    }
  },
};
