/**
 * Request and response schemas of the teaching and drafting routes: `/exam-question` and
 * `/mock-decision` (POST body MockDecisionRequest; GET with the same fields as query parameters).
 */
import { z } from 'zod';
import { errorBody, intParam } from './params.ts';
import { citationFields, decisionHead } from './structure.schema.ts';

export const TEACHING_LANGUAGES = ['de', 'fr', 'it'] as const;
export type TeachingLanguage = (typeof TEACHING_LANGUAGES)[number];
/** Longest fact statement `/mock-decision` reads (characters). */
export const FACTS_MAX_CHARS = 20_000;
export const MOCK_LIMIT_MAX = 50;
export const MOCK_LIMIT_DEFAULT = 8;
/** Decision ids `/exam-question` may exclude at most. */
export const EXCLUDE_IDS_MAX = 200;

const notBlank = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim() !== '', { message: 'String should contain at least one non-blank character' });

const decisionId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.\-/]+$/, 'Input should be a decision id such as bger_4A_714_2014');

export const examQuestionQuery = z.object({
  topic: notBlank(300).describe(
    'A legal field, topic or concept (search syntax), e.g. Kündigung Mietvertrag',
  ),
  exclude_ids: z
    .string()
    .max(10_000)
    .optional()
    .transform((s, ctx) => {
      const ids = (s ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
      if (ids.length > EXCLUDE_IDS_MAX) {
        ctx.addIssue({ code: 'custom', message: `At most ${EXCLUDE_IDS_MAX} ids may be excluded` });
        return z.NEVER;
      }
      for (const id of ids) {
        if (!decisionId.safeParse(id).success) {
          ctx.addIssue({ code: 'custom', message: `'${id.slice(0, 80)}' is not a decision id` });
          return z.NEVER;
        }
      }
      return ids;
    })
    .describe('Comma-separated decision ids not to pick (e.g. those already asked)'),
});
export type ExamQuestionQuery = z.infer<typeof examQuestionQuery>;

const { rule_statement: _rule, ...pinpointCitation } = citationFields;

export const teachingDecision = z.object(decisionHead);

export const verbatimPassage = z.object({
  /** Erwägung number, or null for the facts or the operative part. */
  erwaegung: z.string().nullable(),
  text: z.string().describe('Verbatim from the decision (checked)'),
  ...pinpointCitation,
});

export const statuteCited = z.object({
  reference: z.string().describe('As written in the decision'),
  act_key: z.string(),
  sr_number: z.string().nullable(),
  law: z.string().nullable(),
  article: z.string(),
});

export const examQuestionResponse = z.object({
  topic: z.string(),
  decision: teachingDecision,
  language: z.string(),
  fact_pattern: z.object({
    text: z.string(),
    source: z.enum(['verbatim_facts', 'model_rewrite']),
    note: z.string(),
  }),
  question: z.string(),
  hidden_analysis: z.object({
    decisive_erwaegungen: z.array(verbatimPassage),
    statutes: z.array(statuteCited),
    result: verbatimPassage.nullable(),
    quotes_verified: z.literal(true),
  }),
  generator: z.string().describe('deterministic, or llm:<model> when the fact pattern was rewritten'),
  candidates_considered: z.int(),
  excluded: z.array(z.string()),
});
export type ExamQuestionResponse = z.infer<typeof examQuestionResponse>;

// --- /mock-decision ---

export const statuteReferenceInput = z.strictObject({
  law: z
    .string()
    .min(1)
    .max(100)
    .describe('Law abbreviation in any language, alias or SR number (OR, CO, 220)'),
  article: z.string().min(1).max(20).nullable().optional().describe('Article number, e.g. 271 or 266l'),
});
export const clarificationInput = z.strictObject({
  question: z.string().min(1).max(1000),
  answer: z.string().max(5000),
});

const mockFields = {
  facts: notBlank(FACTS_MAX_CHARS).describe('The facts of the case'),
  question: z.string().max(2000).nullable().optional().describe('The legal question to decide'),
  deciding_court: z
    .string()
    .max(100)
    .nullable()
    .optional()
    .describe('Court key of the deciding court (see /courts)'),
  preferred_language: z.enum(TEACHING_LANGUAGES).nullable().optional(),
  statute_references: z.array(statuteReferenceInput).max(20).nullable().optional(),
  clarifications: z.array(clarificationInput).max(20).nullable().optional(),
  legislation_urls: z
    .array(z.url({ protocol: /^https?$/ }).max(500))
    .max(10)
    .nullable()
    .optional()
    .describe('Fedlex addresses of acts (ELI) to apply'),
};

export const mockDecisionBody = z.strictObject({
  ...mockFields,
  limit: z.int().min(1).max(MOCK_LIMIT_MAX).default(MOCK_LIMIT_DEFAULT),
});
export type MockDecisionRequest = z.infer<typeof mockDecisionBody>;

/** A query parameter holding a JSON array (the GET form of the body's object arrays). */
function jsonArrayParam<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: 'Input should be a JSON array', input: value });
      return z.NEVER;
    }
  }, z.array(item).max(max));
}

const oneOrMany = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  mockFields.legislation_urls.unwrap().unwrap(),
);

export const mockDecisionQuery = z.strictObject({
  facts: mockFields.facts,
  question: z.string().max(2000).optional(),
  deciding_court: z.string().max(100).optional(),
  preferred_language: z.enum(TEACHING_LANGUAGES).optional(),
  statute_references: jsonArrayParam(statuteReferenceInput, 20)
    .optional()
    .describe('JSON array of {law, article}, e.g. [{"law":"OR","article":"271"}]'),
  clarifications: jsonArrayParam(clarificationInput, 20)
    .optional()
    .describe('JSON array of {question, answer}'),
  legislation_urls: oneOrMany.optional().describe('Repeat the parameter for several addresses'),
  limit: intParam(1, MOCK_LIMIT_MAX, MOCK_LIMIT_DEFAULT),
});

const statuteApplied = z.object({
  input: z.string(),
  sr_number: z.string(),
  abbreviation: z.string(),
  title: z.string(),
  article: z.string().nullable(),
  heading: z.string().nullable(),
  text: z.string().nullable().describe('Verbatim article text from the statute collection'),
  consolidation_date: z.string(),
  language: z.string(),
  source: z.enum(['request', 'facts', 'legislation_url']),
});

const decisionCited = teachingDecision.extend({
  rank: z.int(),
  why: z.string(),
});

const outlinePoint = z.object({
  number: z.string(),
  heading: z.string(),
  text: z.string(),
  authorities: z.array(z.string()).describe('Citation strings of the decisions and articles relied on'),
});

export const mockDecisionResponse = z.object({
  research_only: z.literal(true),
  notice: z.string(),
  language: z.string(),
  deciding_court: z.object({ court: z.string(), name: z.string() }).nullable(),
  issues: z.array(z.string()),
  statutes: z.array(statuteApplied),
  unresolved_statutes: z.array(z.object({ input: z.string(), reason: z.string() })),
  decisions: z.array(decisionCited),
  erwaegungen_outline: z.array(outlinePoint),
  proposed_dispositiv: z.array(z.string()),
  clarifying_questions: z.array(z.string()),
  generator: z.string(),
  limit: z.int(),
});
export type MockDecisionResponse = z.infer<typeof mockDecisionResponse>;

/** The 429 answer of a route that calls the language model once the address's daily quota is used up. */
export const llmQuotaBody = errorBody.extend({
  limit: z.object({ name: z.string(), per_day: z.int(), per: z.string(), window: z.string() }),
  retry_after_seconds: z.int(),
});
