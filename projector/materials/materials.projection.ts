import { sql } from 'kysely';
import type { MaterialPublished } from '../../contracts/events/index.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { STATUTE_TS_CONFIG } from '../statutes/statutes.projection.ts';
import { materialsStorage } from './materials.storage.ts';

// Rows per insert statement: 10 bind parameters each, well below Postgres' 65535.
const CHUNK = 500;

/**
 * Folds MaterialPublished events into the materials read model. A document is replaced as a
 * whole by a newer event with other content; a redelivered or older event changes nothing.
 */
export const materialsProjection: Projection = {
  name: 'materials',
  storage: materialsStorage,
  streams: ['materials'],
  handles: ['MaterialPublished'],
  async handle(batch: readonly PositionedEvent[], { tx, now }: ProjectionContext): Promise<void> {
    for (const { event, position } of batch as readonly PositionedEvent<MaterialPublished>[]) {
      const m = event.data;
      const key = { eli: m.eli, language: m.language, sr_number: m.sr_number };
      const held = await tx
        .selectFrom('materials')
        .select(['content_hash', 'event_position'])
        .where('eli', '=', key.eli)
        .where('language', '=', key.language)
        .where('sr_number', '=', key.sr_number)
        .executeTakeFirst();
      if (held && (Number(held.event_position) >= position || held.content_hash === m.provenance.content_hash))
        continue;
      if (held) {
        await tx
          .deleteFrom('material_passages')
          .where('eli', '=', key.eli)
          .where('language', '=', key.language)
          .where('sr_number', '=', key.sr_number)
          .execute();
      }
      const row = {
        ...key,
        kind: m.kind,
        title: m.title,
        document_date: m.date,
        ref_type: m.gazette.ref_type,
        gazette_year: m.gazette.year,
        gazette_page: m.gazette.page,
        passage_count: m.passages.length,
        sample: m.sample,
        source: m.provenance.source,
        source_url: m.source_url,
        content_hash: m.provenance.content_hash,
        event_position: position,
        updated_at: now,
      };
      await tx
        .insertInto('materials')
        .values(row)
        .onConflict((oc) => oc.columns(['eli', 'language', 'sr_number']).doUpdateSet(row))
        .execute();
      const cfg = sql.lit(STATUTE_TS_CONFIG[m.language] ?? 'simple');
      for (let start = 0; start < m.passages.length; start += CHUNK) {
        const rows = m.passages.slice(start, start + CHUNK).map((p) => ({
          ...key,
          ordinal: p.ordinal,
          page: p.page,
          section: p.section,
          topic: p.topic,
          articles: p.articles,
          text: p.text,
          // The section heading above the passage: a match in the heading ranks first.
          tsv: sql`setweight(to_tsvector(${cfg}::regconfig, ${p.section ?? ''}), 'A') || setweight(to_tsvector(${cfg}::regconfig, ${p.text}), 'B')`,
        }));
        await tx.insertInto('material_passages').values(rows).execute();
      }
    }
  },
};
