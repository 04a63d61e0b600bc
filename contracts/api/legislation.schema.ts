import { z } from 'zod';
import { boolParam, intParam } from './params.ts';
import { cantonParam, lawLanguage, requiredQueryText } from './law-params.ts';
import { lawArticle } from './laws.schema.ts';

export const LEGISLATION_LIMIT_MAX = 60;
export const LEGISLATION_LIMIT_DEFAULT = 20;
export const FETCH_TOP_N_MAX = 10;
export const LEGISLATION_CHANGES_LIMIT = 50;

export const legislationSearchQuery = z.object({
  query: requiredQueryText.describe('Title, abbreviation, systematic number or keywords'),
  canton: cantonParam.optional().describe('CH, ZH, BE, ...'),
  language: lawLanguage.default('de'),
  limit: intParam(1, LEGISLATION_LIMIT_MAX, LEGISLATION_LIMIT_DEFAULT).describe('Max results (1..60)'),
  active_only: boolParam(true).describe('Only texts in force'),
  search_in_content: boolParam(false).describe('Also search the article texts'),
  fetch_top_n_texts: intParam(0, FETCH_TOP_N_MAX, 0).describe(
    'When > 0, the top N results are enriched with their parsed full text (0..10)',
  ),
});
export type LegislationSearchQuery = z.infer<typeof legislationSearchQuery>;

export const legislationRecord = z.object({
  catalog_id: z.number().int(),
  canton: z.string().describe('CH for federal texts'),
  systematic_number: z.string(),
  title: z.string(),
  abbreviation: z.string().nullable(),
  language: z.string(),
  is_active: z.boolean(),
  version_active_since: z.string().nullable(),
  inactive_since: z.string().nullable(),
  keywords: z.array(z.string()),
  original_url: z.string().nullable(),
  source_url: z.string().nullable(),
  text_available: z.boolean().describe('The parsed text is held (GET /laws)'),
  law_url: z.string().nullable().describe('The /laws lookup of this text, when held'),
});
export type LegislationRecord = z.infer<typeof legislationRecord>;

export const parsedText = z.object({
  consolidation_date: z.string(),
  language: z.string(),
  article_count: z.number().int(),
  articles: z.array(lawArticle),
});

export const legislationHit = legislationRecord.extend({
  score: z.number(),
  matched_in: z.array(z.enum(['title', 'content'])),
  snippet: z.string().nullable(),
  text: parsedText
    .nullable()
    .optional()
    .describe('Present on the top fetch_top_n_texts results; null when no parsed text is held'),
});

export const legislationSearchResponse = z.object({
  query: z.string(),
  total: z.number().int(),
  returned: z.number().int(),
  limit: z.number().int(),
  results: z.array(legislationHit),
});
export type LegislationSearchResponse = z.infer<typeof legislationSearchResponse>;

export const legislationChangesQuery = z.object({
  canton: cantonParam.default('CH').describe('CH (default), ZH, BE, ...'),
  language: lawLanguage.default('de'),
});

export const legislationChange = z.object({
  catalog_id: z.number().int(),
  canton: z.string(),
  systematic_number: z.string(),
  title: z.string(),
  abbreviation: z.string().nullable(),
  change_type: z.enum(['new', 'amended', 'repealed']),
  date: z.string(),
  is_active: z.boolean(),
});

export const legislationChangesResponse = z.object({
  canton: z.string(),
  language: z.string(),
  returned: z.number().int(),
  changes: z.array(legislationChange),
});

export const legislationDetailParams = z.object({
  catalog_id: intParam(0).describe('Integer id in the legislation catalogue (0 with systematic_number)'),
});

export const legislationDetailQuery = z.object({
  systematic_number: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .optional()
    .describe('Look up by systematic number instead of id'),
  canton: cantonParam.default('CH').describe('Used for the systematic-number lookup'),
  language: lawLanguage.default('de'),
  include_versions: boolParam(false),
});

export const legislationDetail = legislationRecord.extend({
  available_languages: z.array(z.string()),
  note: z.string().nullable(),
  versions: z
    .array(
      z.object({
        active_since: z.string(),
        active_until: z.string().nullable(),
        original_url: z.string().nullable(),
        text_available: z.boolean(),
      }),
    )
    .optional()
    .describe('With include_versions=true: every version, newest first'),
});
export type LegislationDetail = z.infer<typeof legislationDetail>;
