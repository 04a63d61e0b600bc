import { sql } from 'kysely';
import type { Commentary, CommentaryPublished } from '../../contracts/events/index.ts';
import type { CommentaryDocument, CommentaryIndexWriter } from '../../infra/search/commentary-search.port.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import type { ProjectionStorage } from '../storage/projection-storage.ts';
import { STATUTE_TS_CONFIG } from '../statutes/statutes.projection.ts';
import { commentariesStorage } from './commentaries.storage.ts';

/** A commentary edition as the search index stores it. */
export function commentaryDocumentOf(c: Commentary): CommentaryDocument {
  return {
    commentary_id: c.commentary_id,
    title: c.title,
    abbreviation: c.abbreviation,
    sr_number: c.sr_number,
    article_num: c.article_num,
    language: c.language,
    authors: c.authors,
    editors: c.editors,
    edition_date: c.edition_date,
    licence: c.licence,
    licence_url: c.licence_url,
    url: c.url,
    pdf_url: c.pdf_url,
    suggested_citation: c.suggested_citation,
    sample: c.sample,
    paragraphs: c.paragraphs.map((p, ordinal) => ({ ordinal, margin: p.margin, text: p.text })),
  };
}

/** Where commentary search lives besides the Postgres vectors (OpenSearch in distributed mode). */
export interface CommentarySearchBackend {
  readonly writer: CommentaryIndexWriter;
  /** The storage of a generation: the Postgres tables and the search index's generation. */
  readonly storage: ProjectionStorage;
}

/**
 * The commentaries read model (GET /commentaries/*): the latest edition of every commentary record
 * and its paragraphs, verbatim, each with its margin number and a full-text vector (Postgres
 * full-text search). With a search backend, every new edition is also written to its index (the
 * commentary search of distributed mode). Idempotent per position and content hash.
 */
export function commentariesProjection(search?: CommentarySearchBackend): Projection {
  return {
    name: 'commentaries',
    storage: search?.storage ?? commentariesStorage,
    streams: ['commentaries'],
    handles: ['CommentaryPublished'],
    handle: (batch, ctx) => handleCommentaries(batch, ctx, search?.writer),
  };
}

async function handleCommentaries(
  batch: readonly PositionedEvent[],
  { tx, now, generation }: ProjectionContext,
  writer: CommentaryIndexWriter | undefined,
): Promise<void> {
  const indexed: { doc: CommentaryDocument; position: number; previousParagraphs: number }[] = [];
  for (const { event, position } of batch as readonly PositionedEvent<CommentaryPublished>[]) {
    const c = event.data;
    const current = await tx
      .selectFrom('commentaries')
      .select(['content_hash', 'event_position', 'paragraph_count'])
      .where('commentary_id', '=', c.commentary_id)
      .executeTakeFirst();
    if (
      current &&
      (Number(current.event_position) >= position || current.content_hash === c.provenance.content_hash)
    )
      continue;
    indexed.push({
      doc: commentaryDocumentOf(c),
      position,
      previousParagraphs: current?.paragraph_count ?? 0,
    });
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
  if (writer !== undefined && indexed.length > 0) await writer.upsert(indexed, { tx, generation });
}
