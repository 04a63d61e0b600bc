import { z } from 'zod';
import { dateParam, intParam } from './params.ts';
import { cantonParam, lawLanguage, requiredQueryText } from './law-params.ts';

export const LAW_SEARCH_LIMIT_MAX = 50;
export const LAW_SEARCH_LIMIT_DEFAULT = 10;

export const lawParams = z.object({
  abbreviation: z
    .string()
    .min(1)
    .max(200)
    .describe(
      'Abbreviation, SR number, alias-table name, collection label (LS, RSV, ...) or `_` for a lookup by sr_number',
    ),
});

export const lawTwoPartParams = lawParams.extend({
  second: z
    .string()
    .min(1)
    .max(200)
    .describe(
      'Canton code of a cantonal act (either order: /laws/StG/ZH or /laws/ZH/StG), or the SR number after a collection label or `_`',
    ),
});

export const lawQuery = z.object({
  sr_number: z.string().trim().min(1).max(60).optional().describe('SR number, e.g. 210 (required with `_`)'),
  article: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .describe('Article number, e.g. 8, 41a, 266l, 6bis; after a collection label (LS) the SR number'),
  language: lawLanguage.default('de'),
  canton: cantonParam.optional().describe('CH (federal, the default), ZH, BE, ...'),
  as_of: dateParam.optional().describe('YYYY-MM-DD: the version in force on that date (default: today)'),
});
export type LawQuery = z.infer<typeof lawQuery>;

export const lawArticle = z.object({
  article_num: z.string().describe('e.g. 41, 266l, 6bis, 32abis'),
  heading: z.string().nullable(),
  text: z.string(),
  repealed: z
    .object({
      date: z.string().nullable().describe('YYYY-MM-DD: when the repeal took effect, as the footnote states it'),
      by: z.string().nullable().describe('Official-compilation reference of the repealing act (AS 2012 6447)'),
    })
    .nullable()
    .describe('Set when the article is repealed; its text is then the repeal note'),
  footnotes: z
    .array(z.object({ marker: z.string().nullable(), text: z.string() }))
    .describe('The footnotes of the article, verbatim, apart from its text'),
});

const aliasInfo = z.object({
  name: z.string(),
  kind: z.enum(['treaty', 'former', 'current', 'act', 'name', 'former_edition', 'section']),
  as_of_hint: z.string().nullable(),
  successor: z.string().nullable(),
});

export const lawResponse = z.object({
  sr_number: z.string(),
  abbreviation: z.string(),
  title: z.string(),
  consolidation_date: z.string().describe('YYYY-MM-DD'),
  language: z.string(),
  articles: z.array(lawArticle),
  canton: z.string().describe('CH for federal law'),
  as_of: z.string().describe('The date the version was chosen for'),
  eli: z.string().nullable(),
  note: z.string().nullable().describe('Former names, former editions, section names, federal fallbacks'),
  resolved_via: z.enum(['stored_abbreviation', 'sr_number', 'alias', 'collection_label']),
  alias: aliasInfo.nullable(),
  section: z
    .object({ id: z.string(), heading: z.string() })
    .nullable()
    .describe('Kind section: the only block served'),
  available_versions: z.array(z.string()).describe('Consolidation dates held in this language, oldest first'),
});
export type LawResponse = z.infer<typeof lawResponse>;

export const cantonalCandidate = z.object({
  canton: z.string(),
  sr_number: z.string(),
  title: z.string(),
  abbreviation: z.string().optional(),
});

export const LAW_MISS_DESCRIPTION =
  'A miss (spec Errors 4 and 6): HTTP 404 with `detail` (the reason), `code` LAW_MISS, `miss_code` ' +
  '(unknown_name, deliberately_unmapped, edition_prefix_not_interpreted, repeating_collection_label, ' +
  'section_unavailable, not_held, language_unavailable, before_first_version, article_not_found, ...), ' +
  '`reason`, `note` and `candidates` (cantonal acts the collection knows under this name). ' +
  '`earliest_consolidation_date` is set when `as_of` lies before the first version.';

export const lawMissBody = z
  .object({
    detail: z.string(),
    code: z.literal('LAW_MISS'),
    miss_code: z.string(),
    input: z.string(),
    normalised_key: z.string(),
    reason: z.string(),
    note: z.string().nullable(),
    candidates: z.array(cantonalCandidate),
    sr_number: z.string().nullable(),
    canton: z.string().nullable(),
    earliest_consolidation_date: z.string().nullable(),
    available_versions: z.array(z.string()),
    available_languages: z.array(z.string()),
  })
  .describe(LAW_MISS_DESCRIPTION);
export type LawMissBody = z.infer<typeof lawMissBody>;

export const lawSearchQuery = z.object({
  query: requiredQueryText.describe(
    'Keywords, "phrases", AND / OR / NOT, word*; a single-article reference ("Art. 60 OR", "art. 190 al. 2 let. e LDIP") returns that article first',
  ),
  sr_number: z.string().trim().min(1).max(60).optional().describe('Restrict to one law'),
  canton: cantonParam.optional().describe('CH = federal, ZH, BE, ...'),
  jurisdiction: z.enum(['all', 'federal', 'cantonal']).default('all'),
  language: lawLanguage.default('de'),
  limit: intParam(1, LAW_SEARCH_LIMIT_MAX, LAW_SEARCH_LIMIT_DEFAULT).describe('Max results (1..50)'),
});
export type LawSearchQuery = z.infer<typeof lawSearchQuery>;

export const lawSearchHit = z.object({
  sr_number: z.string(),
  canton: z.string(),
  abbreviation: z.string().nullable(),
  title: z.string(),
  language: z.string(),
  consolidation_date: z.string(),
  article_num: z.string(),
  heading: z.string().nullable(),
  snippet: z.string().describe('Matching passage; matches are wrapped in <b>…</b>'),
  score: z.number(),
  exact_reference: z.boolean().describe('This is the article the query referenced'),
  url: z.string().describe('The /laws lookup of this article'),
});

export const lawSearchResponse = z.object({
  query: z.string(),
  language: z.string(),
  total: z.number().int(),
  returned: z.number().int(),
  limit: z.number().int(),
  reference: z
    .object({
      law: z.string(),
      sr_number: z.string().nullable(),
      canton: z.string().nullable(),
      article: z.string(),
      paragraphs: z.array(z.string()),
      letters: z.array(z.string()),
      found: z.boolean(),
      note: z.string().nullable(),
    })
    .nullable()
    .describe('The single-article reference the query was read as, if any'),
  results: z.array(lawSearchHit),
});
export type LawSearchResponse = z.infer<typeof lawSearchResponse>;
