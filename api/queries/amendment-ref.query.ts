/**
 * GET /amendment-ref: an official-gazette page reference to the ELI of the document. From 2021 the
 * number is the id (direct); before, the first-page index built from statute footnotes and the
 * catalogue answers with the document starting on that page, or, for an inner page, the document
 * with the nearest earlier first page ("containing document"). BBl and FF are paginated per
 * language, so FF is resolved in the French and the Italian edition.
 */
import type { AmendmentRefQuery, AmendmentRefResponse } from '../../contracts/api/amendment-ref.schema.ts';
import {
  directEli,
  eliUrl,
  formatGazetteCitation,
  REF_TYPE_INFO,
} from '../../contracts/laws/gazette-refs.ts';
import type { Database } from '../../infra/db/database.ts';
import { notFound } from '../errors.ts';
import { RequestValidationError } from '../validation.ts';

type Match = AmendmentRefResponse['matches'][number];

async function citingDocument(db: Database, eli: string) {
  const row = await db
    .selectFrom('gazette_first_pages')
    .select(['found_in_title', 'found_in_sr_number', 'found_in_jurisdiction'])
    .where('eli', '=', eli)
    .orderBy('event_position')
    .executeTakeFirst();
  return row
    ? { title: row.found_in_title, sr_number: row.found_in_sr_number, canton: row.found_in_jurisdiction }
    : null;
}

/** The answer, or null when no document is known for the reference. */
export async function resolveAmendmentRef(
  db: Database,
  q: AmendmentRefQuery,
): Promise<AmendmentRefResponse | null> {
  const info = REF_TYPE_INFO[q.ref_type];
  const editions = info.editions.filter((e) => q.language === undefined || e === q.language);
  const citation = formatGazetteCitation(q);
  const matches: Match[] = [];
  const direct = directEli(q.ref_type, q.year, q.page);
  for (const edition of editions) {
    const language = edition === '*' ? null : edition;
    if (direct !== undefined) {
      matches.push({
        ref_type: q.ref_type,
        language,
        citation,
        eli: direct,
        eli_url: eliUrl(direct),
        match: 'direct',
        first_page: q.page,
        cited_in: await citingDocument(db, direct),
      });
      continue;
    }
    const row = await db
      .selectFrom('gazette_first_pages')
      .select(['page', 'eli', 'found_in_title', 'found_in_sr_number', 'found_in_jurisdiction'])
      .where('collection', '=', info.collection)
      .where('edition', '=', edition)
      .where('year', '=', q.year)
      .where('page', '<=', q.page)
      .orderBy('page', 'desc')
      .orderBy('eli')
      .executeTakeFirst();
    if (!row) continue;
    matches.push({
      ref_type: q.ref_type,
      language,
      citation,
      eli: row.eli,
      eli_url: eliUrl(row.eli),
      match: row.page === q.page ? 'first_page' : 'containing_document',
      first_page: row.page,
      cited_in: {
        title: row.found_in_title,
        sr_number: row.found_in_sr_number,
        canton: row.found_in_jurisdiction,
      },
    });
  }
  // An edition where the page is a first page answers better than one where it is an inner page.
  matches.sort(
    (a, b) => Number(a.match === 'containing_document') - Number(b.match === 'containing_document'),
  );
  const best = matches[0];
  if (!best) return null;
  const notes: string[] = [];
  if (best.match === 'containing_document') {
    notes.push(
      `Page ${q.page} is an inner page: the document starting on page ${best.first_page} is the nearest earlier first page in the index (which knows first pages, not where a document ends).`,
    );
  }
  if (matches.length > 1)
    notes.push('FF pages differ between the French and the Italian edition: one match per edition.');
  return { ...best, year: q.year, page: q.page, matches, note: notes.length > 0 ? notes.join(' ') : null };
}

/**
 * `/amendment-ref`: the answer; 422 when a language is given for another gazette than FF, 404 when
 * no document is known.
 */
export async function amendmentRefOrNotFound(
  db: Database,
  q: AmendmentRefQuery,
): Promise<AmendmentRefResponse> {
  if (q.language !== undefined && q.ref_type !== 'FF') {
    throw new RequestValidationError([
      {
        loc: ['query', 'language'],
        msg: 'language applies to FF only (the French and Italian editions of the Federal Gazette)',
        type: 'value_error',
        input: q.language,
      },
    ]);
  }
  const answer = await resolveAmendmentRef(db, q);
  if (!answer) {
    throw notFound(
      `No document of the first-page index starts on or before ${q.ref_type} ${q.year} ${q.page}${q.language ? ` (${q.language} edition)` : ''}.`,
    );
  }
  return answer;
}
