import { sql } from 'kysely';
import type { CommentaryPublished } from '../../contracts/events/index.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { STATUTE_TS_CONFIG } from '../statutes/statutes.projection.ts';
import { commentariesStorage } from './commentaries.storage.ts';

/**
 * The commentaries read model (GET /commentaries/*): the latest edition of every commentary record
 * and its paragraphs, verbatim, each with its margin number and a full-text vector (Postgres
 * full-text search in every mode). Idempotent per position and content hash.
 */
export const commentariesProjection: Projection = {
  name: 'commentaries',
  storage: commentariesStorage,
  streams: ['commentaries'],
  handles: ['CommentaryPublished'],
  async handle(batch: readonly PositionedEvent[], { tx, now }: ProjectionContext): Promise<void> {
    for (const { event, position } of batch as readonly PositionedEvent<CommentaryPublished>[]) {
      const c = event.data;
      const current = await tx
        .selectFrom('commentaries')
        .select(['content_hash', 'event_position'])
        .where('commentary_id', '=', c.commentary_id)
        .executeTakeFirst();
      if (
        current &&
        (Number(current.event_position) >= position || current.content_hash === c.provenance.content_hash)
      )
        continue;
      const row = {
        commentary_id: c.commentary_id,
        language: c.language,
        title: c.title,
        kind: c.kind,
        article_num: c.article_num,
        abbreviation: c.abbreviation,
        sr_number: c.sr_number,
        act_title: c.act?.title ?? null,
        authors: c.authors,
        editors: c.editors,
        edition_date: c.edition_date,
        suggested_citation: c.suggested_citation,
        licence: c.licence,
        licence_url: c.licence_url,
        url: c.url,
        pdf_url: c.pdf_url,
        legal_text: c.legal_text,
        sample: c.sample,
        paragraph_count: c.paragraphs.length,
        source: c.provenance.source,
        content_hash: c.provenance.content_hash,
        event_position: position,
        updated_at: now,
      };
      await tx
        .insertInto('commentaries')
        .values(row)
        .onConflict((oc) => oc.column('commentary_id').doUpdateSet(row))
        .execute();
      await tx.deleteFrom('commentary_paragraphs').where('commentary_id', '=', c.commentary_id).execute();
      const cfg = sql.lit(STATUTE_TS_CONFIG[c.language] ?? 'simple');
      // The title (act and article) ranks above the paragraph text.
      const rows = c.paragraphs.map((p, ordinal) => ({
        commentary_id: c.commentary_id,
        ordinal,
        margin: p.margin,
        text: p.text,
        language: c.language,
        sr_number: c.sr_number,
        article_num: c.article_num,
        tsv: sql`setweight(to_tsvector(${cfg}::regconfig, ${c.title}), 'B') || setweight(to_tsvector(${cfg}::regconfig, ${p.text}), 'A')`,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await tx
          .insertInto('commentary_paragraphs')
          .values(rows.slice(i, i + 500))
          .execute();
    }
  },
};
