import { z } from 'zod';
import { intParam } from './params.ts';
import { lawLanguage, requiredQueryText } from './law-params.ts';
import { lawMissBody } from './laws.schema.ts';

export const COMMENTARY_SEARCH_LIMIT_MAX = 50;
export const COMMENTARY_SEARCH_LIMIT_DEFAULT = 10;
/** Paragraphs of each commentary served when no article is asked (the act's overview). */
export const COMMENTARY_OVERVIEW_PARAGRAPHS = 2;

/** Who wrote it, what edition, under which licence, where: what every commentary excerpt carries. */
const commentarySourceFields = {
  commentary_id: z.string(),
  title: z.string().describe('The commentary title, e.g. "Art. 41 OR"'),
  abbreviation: z.string().nullable().describe('The act as the commentary title writes it'),
  sr_number: z.string().nullable(),
  article: z.string().nullable().describe('The article commented (normalised: 41, 6bis)'),
  language: z.string(),
  authors: z.array(z.string()),
  editors: z.array(z.string()),
  edition_date: z.string().nullable().describe('Date of the edition (YYYY-MM-DD)'),
  licence: z.string(),
  licence_url: z.string(),
  url: z.string().describe("The commentary's page at the source"),
  pdf_url: z.string().nullable(),
  suggested_citation: z.string().nullable().describe('The citation the source suggests, verbatim'),
  sample: z.boolean().describe('Bundled sample text (invented wording), not a published commentary'),
};

export const commentaryParagraph = z.object({
  margin_number: z.string().nullable().describe('Margin number (N.) as the commentary prints it'),
  text: z.string().describe('The paragraph, verbatim'),
  citation: z.string().describe('Ready-to-paste citation: authors, title, N.'),
});

export const commentarySearchQuery = z.object({
  query: requiredQueryText.describe('Keywords, "phrases", AND / OR / NOT, word*'),
  abbreviation: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Restrict to one act: abbreviation in de/fr/it (OR = CO), SR number or alias-table name'),
  language: lawLanguage.optional().describe('de, fr or it (default: all)'),
  limit: intParam(1, COMMENTARY_SEARCH_LIMIT_MAX, COMMENTARY_SEARCH_LIMIT_DEFAULT).describe(
    'Max results (1..50)',
  ),
});
export type CommentarySearchQuery = z.infer<typeof commentarySearchQuery>;

export const commentarySearchHit = z.object({
  ...commentarySourceFields,
  ...commentaryParagraph.shape,
  snippet: z.string().describe('The matching passage of `text`; matches wrapped in <b>…</b>'),
  score: z.number(),
});

export const commentarySearchResponse = z.object({
  query: z.string(),
  language: z.string().nullable(),
  sr_number: z.string().nullable().describe('The act `abbreviation` resolved to'),
  total: z.number().int(),
  returned: z.number().int(),
  limit: z.number().int(),
  results: z.array(commentarySearchHit),
});
export type CommentarySearchResponse = z.infer<typeof commentarySearchResponse>;

export const commentaryParams = z.object({
  abbreviation: z
    .string()
    .min(1)
    .max(200)
    .describe('Abbreviation in de/fr/it (OR, CO), SR number, alias-table name, or `_` with `sr_number`'),
});

export const commentaryQuery = z.object({
  sr_number: z.string().trim().min(1).max(60).optional().describe('SR number, e.g. 220 (required with `_`)'),
  article: z.string().trim().min(1).max(40).optional().describe('Article number, e.g. 41, 41a, 6bis'),
  language: lawLanguage.default('de'),
});
export type CommentaryQuery = z.infer<typeof commentaryQuery>;

export const commentaryEntry = z.object({
  ...commentarySourceFields,
  legal_text: z.string().nullable().describe('The provision as the commentary prints it'),
  paragraphs: z.array(commentaryParagraph),
  paragraphs_total: z
    .number()
    .int()
    .describe('Paragraphs of the commentary; all are served when an article is asked'),
});

export const commentaryResponse = z.object({
  input: z.string(),
  sr_number: z.string(),
  abbreviation: z.string().nullable().describe('The act in the served language'),
  article: z.string().nullable(),
  language: z.string(),
  resolved_via: z.string(),
  note: z.string().nullable().describe('Former name or edition: the current act is served'),
  commentaries: z.array(commentaryEntry).min(1),
});
export type CommentaryResponse = z.infer<typeof commentaryResponse>;

export const COMMENTARY_MISS_DESCRIPTION =
  'A miss: HTTP 404 with the body of a /laws miss (`miss_code` unknown_name, ... for a name the alias table does not know; ' +
  '`commentary_not_held` when the act resolves but no commentary of it, or of the article, is held in the language) and ' +
  '`commentary_candidates`: the commentaries held on the act (other articles or languages).';

export const commentaryMissBody = lawMissBody
  .extend({
    commentary_candidates: z.array(
      z.object({
        article: z.string().nullable(),
        title: z.string(),
        language: z.string(),
        url: z.string().describe('The /commentaries lookup of the candidate'),
      }),
    ),
  })
  .describe(COMMENTARY_MISS_DESCRIPTION);
export type CommentaryMissBody = z.infer<typeof commentaryMissBody>;
