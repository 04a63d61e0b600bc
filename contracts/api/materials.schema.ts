import { z } from 'zod';
import { intParam } from './params.ts';
import { lawLanguage, requiredQueryText } from './law-params.ts';

export const MATERIALS_LIMIT_MAX = 50;
export const MATERIALS_LIMIT_DEFAULT = 10;

const lawCode = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('Law abbreviation (BGFA, BV, OR = CO), alias-table name or SR number, resolved as /laws resolves it');

export const materialsSearchQuery = z.object({
  query: requiredQueryText.describe('Keywords, "phrases", AND / OR / NOT, word* (the query language of /decisions)'),
  law_code: lawCode.optional(),
  language: lawLanguage.optional().describe('Only passages in this language (default: all)'),
  limit: intParam(1, MATERIALS_LIMIT_MAX, MATERIALS_LIMIT_DEFAULT).describe('Max results (1..50)'),
});
export type MaterialsSearchQuery = z.infer<typeof materialsSearchQuery>;

export const materialsLawParams = z.object({ law_code: lawCode });

export const materialsLawQuery = z.object({
  article: z.string().trim().min(1).max(40).optional().describe('Article number, e.g. 1, 8, 41a, 6bis'),
  language: lawLanguage.default('de').describe('Language of the passages (de, fr, it)'),
});
export type MaterialsLawQuery = z.infer<typeof materialsLawQuery>;

/** Where a passage stands: the gazette document and page. */
const source = {
  citation: z.string().describe('Gazette citation with the pinpoint page, e.g. "BBl 2019 8001, 8003"'),
  ref_type: z.enum(['BBl', 'FF']),
  year: z.number().int(),
  first_page: z.number().int().describe('Page the document starts on'),
  page: z.number().int().describe('Page the passage starts on'),
  eli: z.string(),
  eli_url: z.string(),
  document_title: z.string(),
  kind: z.enum(['botschaft', 'parliamentary_change']),
  document_date: z.string().nullable(),
  language: z.string(),
  sr_number: z.string(),
  section: z.string().nullable(),
  topic: z.string(),
  articles: z.array(z.string()),
  sample: z.boolean().describe('Synthetic text of the bundled sample, not a real message'),
  source_url: z.string().nullable(),
};

export const materialsSearchHit = z.object({
  ...source,
  passage: z.string().describe('The passage verbatim, as the gazette prints it'),
  snippet: z.string().describe('Matching part of the passage; matches wrapped in <b>…</b>'),
  score: z.number(),
});

export const materialsSearchResponse = z.object({
  query: z.string(),
  law_code: z.string().nullable(),
  sr_number: z.string().nullable(),
  total: z.number().int(),
  returned: z.number().int(),
  limit: z.number().int(),
  results: z.array(materialsSearchHit),
});
export type MaterialsSearchResponse = z.infer<typeof materialsSearchResponse>;

export const verbatimMaterialItem = z.object({
  passage_id: z.string().describe('Id of the stored passage (`{eli}#p{ordinal}`), named by the summaries that rest on it'),
  ...source,
  paraphrase: z.literal(false).describe('False: the text is a verbatim quotation of the passage'),
  text: z.string().describe('The passage verbatim'),
});
export type VerbatimMaterialItem = z.infer<typeof verbatimMaterialItem>;

/** A passage a summary rests on: its id and where it stands. */
export const paraphraseSource = z.object({
  passage_id: z.string(),
  citation: z.string().describe('Gazette citation with the pinpoint page, e.g. "BBl 2019 8001, 8003"'),
  ref_type: z.enum(['BBl', 'FF']),
  year: z.number().int(),
  first_page: z.number().int(),
  page: z.number().int(),
  eli: z.string(),
});

export const paraphraseMaterialItem = z.object({
  paraphrase: z.literal(true).describe('True: a summary in other words, never a quotation'),
  summary: z.string().describe('What the passages say, summarised by the language model; no quotation'),
  based_on: z.array(paraphraseSource).min(1).describe('The stored passages the summary rests on (all listed verbatim in this response)'),
  generator: z.string().describe('The model that wrote the summary (`llm:<model>`)'),
  sample: z.boolean().describe('Rests on synthetic text of the bundled sample'),
});
export type ParaphraseMaterialItem = z.infer<typeof paraphraseMaterialItem>;

export const materialItem = z.union([verbatimMaterialItem, paraphraseMaterialItem]);
export type MaterialItem = z.infer<typeof materialItem>;

export const MATERIAL_SUMMARY_STATUSES = ['not_configured', 'included', 'unavailable'] as const;

export const materialsLawResponse = z.object({
  law_code: z.string(),
  sr_number: z.string(),
  abbreviation: z.string().nullable(),
  title: z.string().nullable(),
  article: z.string().nullable(),
  language: z.string(),
  note: z.string().nullable(),
  summaries: z
    .object({
      status: z
        .enum(MATERIAL_SUMMARY_STATUSES)
        .describe('not_configured: no language model, verbatim items only; included: summaries (paraphrase true) stand first in each list; unavailable: the model failed or answered unusably, verbatim items only'),
      generator: z.string().nullable(),
      reason: z.string().nullable().describe('Why summaries are unavailable'),
    })
    .describe('Whether summaries of the passages are part of this answer'),
  documents: z.array(
    z.object({
      eli: z.string(),
      citation: z.string(),
      title: z.string(),
      kind: z.string(),
      document_date: z.string().nullable(),
      sample: z.boolean(),
    }),
  ),
  legislative_intent: z.array(materialItem),
  key_arguments: z.array(materialItem),
  design_choices: z.array(materialItem),
  rejected_alternatives: z.array(materialItem),
  parliamentary_modifications: z.array(materialItem),
});
export type MaterialsLawResponse = z.infer<typeof materialsLawResponse>;
