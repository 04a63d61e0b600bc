/**
 * Summaries of the preparatory materials in /materialien/{law_code}: the language model gets only
 * the stored passages of the answer (each under a short handle), and says per category what they
 * say, naming the passages each summary rests on. Its answer is checked (schema, every named
 * passage among those it was given, no quotation marks: a summary is never a quotation); an
 * unusable answer, a model error or a timeout leaves the verbatim items alone with a reason.
 */
import { z } from 'zod';
import type {
  MaterialsLawResponse,
  ParaphraseMaterialItem,
  VerbatimMaterialItem,
} from '../../contracts/api/materials.schema.ts';
import {
  type LanguageModel,
  LanguageModelUnavailableError,
} from '../../infra/llm/language-model.port.ts';
import { MATERIAL_CATEGORIES, type MaterialCategory } from './materials.query.ts';

/** Passages sent to the model at most, and characters of each. */
const MAX_PASSAGES = 60;
const MAX_PASSAGE_CHARS = 1500;
const MAX_SUMMARY_CHARS = 1200;
/** Quotation marks of de/fr/it typography and ASCII: a summary holding one could pass for a quotation. */
const QUOTATION_MARKS = /["„“”«»‹›‚‘’]|(?:^|\s)'|'(?:\s|$)/u;

const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['category', 'summary', 'passages'],
        properties: {
          category: { type: 'string', enum: [...MATERIAL_CATEGORIES] },
          summary: { type: 'string' },
          passages: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;

const answerSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            category: z.enum(MATERIAL_CATEGORIES),
            summary: z.string().trim().min(1).max(MAX_SUMMARY_CHARS),
            passages: z.array(z.string()).min(1).max(MAX_PASSAGES),
          })
          .strict(),
      )
      .max(MATERIAL_CATEGORIES.length * 4),
  })
  .strict();

const SYSTEM =
  'You summarise the Swiss federal preparatory materials (Federal Council messages, parliamentary changes) given to you, for legal research. ' +
  'Use only the numbered passages given; add nothing from elsewhere. For each category that the passages support, write one to four short summaries in your own words, ' +
  'in the language of the passages, each naming the handles (P1, P2, ...) of every passage it rests on. ' +
  'Never quote: no quotation marks, no sentence copied from a passage. Categories: legislative_intent (why the act or article was made), key_arguments, ' +
  'design_choices, rejected_alternatives (solutions examined and dropped), parliamentary_modifications (what parliament changed). Leave a category out when no passage supports it. Answer with the JSON object only.';

export type SummaryOutcome =
  | { readonly ok: true; readonly items: ReadonlyMap<MaterialCategory, ParaphraseMaterialItem[]> }
  | { readonly ok: false; readonly reason: string };

/** The passages of the answer, once each, in the order they stand. */
function passagesOf(body: MaterialsLawResponse): VerbatimMaterialItem[] {
  const seen = new Map<string, VerbatimMaterialItem>();
  for (const category of MATERIAL_CATEGORIES) {
    for (const item of body[category]) {
      if (!item.paraphrase && !seen.has(item.passage_id)) seen.set(item.passage_id, item);
    }
  }
  return [...seen.values()].slice(0, MAX_PASSAGES);
}

function prompt(body: MaterialsLawResponse, passages: readonly VerbatimMaterialItem[]): string {
  const act = `${body.abbreviation ?? body.law_code} (SR ${body.sr_number})${body.article ? `, Art. ${body.article}` : ''}`;
  const lines = passages.map((p, i) => {
    const text = p.text.length > MAX_PASSAGE_CHARS ? `${p.text.slice(0, MAX_PASSAGE_CHARS)} […]` : p.text;
    return `[P${i + 1}] ${p.citation} — ${p.document_title} — section: ${p.section ?? '-'} — topic: ${p.topic}\n${text}`;
  });
  return `Act: ${act}\nLanguage: ${body.language}\n\nPassages:\n<<<\n${lines.join('\n\n')}\n>>>`;
}

/** Checks the model's answer against the passages it was given; a reason when it is not usable. */
export function checkSummaryAnswer(
  answer: unknown,
  passages: readonly VerbatimMaterialItem[],
  generator: string,
): SummaryOutcome {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) {
    return { ok: false, reason: `The language model ${generator} answered in an unexpected shape: ${z.prettifyError(parsed.error).slice(0, 300)}` };
  }
  const byHandle = new Map(passages.map((p, i) => [`P${i + 1}`, p]));
  const items = new Map<MaterialCategory, ParaphraseMaterialItem[]>();
  for (const item of parsed.data.items) {
    const unknown = item.passages.filter((h) => !byHandle.has(h.trim()));
    if (unknown.length > 0) {
      return { ok: false, reason: `The language model ${generator} named passages it was not given (${unknown.slice(0, 5).join(', ')}); its summaries were discarded.` };
    }
    if (QUOTATION_MARKS.test(item.summary)) {
      return { ok: false, reason: `The language model ${generator} put quotation marks in a summary; summaries are never quotations, so they were discarded.` };
    }
    const based = [...new Set(item.passages.map((h) => h.trim()))].map((h) => byHandle.get(h)!);
    const list = items.get(item.category) ?? [];
    list.push({
      paraphrase: true,
      summary: item.summary,
      based_on: based.map((p) => ({
        passage_id: p.passage_id,
        citation: p.citation,
        ref_type: p.ref_type,
        year: p.year,
        first_page: p.first_page,
        page: p.page,
        eli: p.eli,
      })),
      generator,
      sample: based.some((p) => p.sample),
    });
    items.set(item.category, list);
  }
  return { ok: true, items };
}

/**
 * The answer with the model's summaries standing first in each list (`summaries.status: included`),
 * or the verbatim answer with `summaries.status: unavailable` and the reason. Never throws for the
 * model's sake.
 */
export async function withSummaries(model: LanguageModel, body: MaterialsLawResponse): Promise<MaterialsLawResponse> {
  const passages = passagesOf(body);
  if (passages.length === 0) return body;
  let outcome: SummaryOutcome;
  try {
    const answer = await model.completeJson({
      name: 'materials_summaries',
      schema: ANSWER_SCHEMA,
      system: SYSTEM,
      user: prompt(body, passages),
    });
    outcome = checkSummaryAnswer(answer, passages, model.name);
  } catch (error) {
    if (!(error instanceof LanguageModelUnavailableError)) throw error;
    outcome = { ok: false, reason: error.message };
  }
  if (!outcome.ok) {
    return {
      ...body,
      summaries: { status: 'unavailable', generator: model.name, reason: `${outcome.reason} Only the verbatim passages are given.` },
    };
  }
  const out: MaterialsLawResponse = {
    ...body,
    summaries: { status: 'included', generator: model.name, reason: null },
  };
  for (const category of MATERIAL_CATEGORIES) {
    out[category] = [...(outcome.items.get(category) ?? []), ...body[category]];
  }
  return out;
}
