import { z } from 'zod';
import { normaliseErwaegungNumber } from '../structure/erwaegung-numbers.ts';
import { intParam } from './params.ts';

/** Copy-ready citation data carried by every decision-level response. */
export const citationFields = {
  citation_string_de: z.string(),
  citation_string_fr: z.string(),
  citation_string_it: z.string(),
  canonical_url: z.string().describe('Address of the decision; ends in #e-N-M when a pinpoint is given'),
  rule_statement: z
    .string()
    .describe(
      'Verbatim rule, at most ~500 characters cut at a sentence end: pinpointed Erwägung, else Regeste, else first paragraph',
    ),
};

const decisionRef = z.string().min(1).max(300);

/** A hierarchical Erwägung number (`2.3`, `4.1.2`, `5a`, `5a/aa`, `E. 2.3`). */
export const erwaegungNumber = z
  .string()
  .min(1)
  .max(40)
  .superRefine((value, ctx) => {
    if (normaliseErwaegungNumber(value) === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Input should be an Erwägung number such as 2, 2.3, 4.1.2, 5a or 5a/aa',
        input: value,
        params: { type: 'value_error' },
      });
    }
  });

export const erwaegungParams = z.object({
  decision_id: decisionRef.describe('Decision id, docket number or BGE reference'),
  e_number: erwaegungNumber.describe('Hierarchical number such as 1, 2.3, 4.1.2'),
});

export const decisionRefParams = z.object({
  decision_id: decisionRef.describe('Decision id, docket number or BGE reference'),
});

export const caseParams = z.object({
  case: decisionRef.describe('Decision id, docket number or BGE reference'),
});

/** The decision-level fields every structure and citation response starts with. */
export const decisionHead = {
  decision_id: z.string(),
  court: z.string(),
  decision_date: z.string().nullable(),
  language: z.string(),
  title: z.string(),
  docket_number: z.string(),
  ...citationFields,
};

export const erwaegungResponse = z.object({
  ...decisionHead,
  e_number: z.string().describe('The number asked for, normalised'),
  text: z.string().describe('Exact wording; a parent number composes its children, each led by its label'),
  composed: z
    .boolean()
    .describe('True when the number has no paragraph of its own and its children are composed'),
  parts: z.array(z.string()).describe('Numbers of the paragraphs included, in document order'),
  parent: z.string().nullable(),
  page: z
    .number()
    .int()
    .nullable()
    .describe('Page of the official collection where the paragraph starts (BGE)'),
});

const erwaegungRef = z.object({
  number: z.string(),
  exists: z.boolean(),
  url: z.string().nullable().describe('The /erwaegung address of the paragraph'),
});

export const regesteResponse = z.object({
  ...decisionHead,
  regeste: z.string().nullable().describe("The court's own head-note in the decision's language"),
  regeste_de: z.string().nullable(),
  regeste_fr: z.string().nullable(),
  regeste_it: z.string().nullable(),
  erwaegung_refs: z.array(erwaegungRef).describe('The (E. x.y) references inside the head-note'),
});

export const structureQuery = z.object({
  paragraph_excerpt_chars: intParam(50, 5000, 250).describe('Characters per Erwägung excerpt (50..5000)'),
});

const structureErwaegung = z.object({
  number: z.string(),
  label: z.string(),
  parent: z.string().nullable(),
  depth: z.number().int(),
  page: z.number().int().nullable(),
  excerpt: z.string(),
  chars: z.number().int().describe('Length of the full wording'),
  truncated: z.boolean(),
});

export const structureResponse = z.object({
  ...decisionHead,
  regeste: z.string().nullable(),
  sachverhalt: z.string().nullable().describe('Facts'),
  erwaegungen: z.array(structureErwaegung),
  dispositiv: z.string().nullable().describe('Operative part'),
  paragraph_excerpt_chars: z.number().int(),
  sections_found: z
    .object({ facts: z.string(), considerations: z.string(), operative: z.string() })
    .describe('How each section was found: heading, inferred or none'),
  structured: z
    .boolean()
    .describe(
      'False when no section of the decision was recognised: the text is one section (GET /decisions/{id} serves it whole), never split at random',
    ),
});

const briefCase = z.object({
  reference: z.string(),
  exists: z.boolean(),
  decision_id: z.string().nullable(),
  citation_string_de: z.string().nullable(),
  canonical_url: z.string().nullable(),
  pinpoints: z.array(z.string()),
  count: z.number().int(),
});

export const caseBriefResponse = z.object({
  ...decisionHead,
  regeste: z.string().nullable(),
  facts: z.string().nullable().describe('The facts, cut at a sentence end after about 1,500 characters'),
  reasoning: z
    .array(z.object({ number: z.string(), excerpt: z.string() }))
    .describe('The top-level Erwägungen, each as a short verbatim excerpt'),
  holding: z.string().nullable().describe('The operative part'),
  statutes: z.array(
    z.object({
      reference: z.string(),
      sr_number: z.string().nullable(),
      law: z.string().nullable(),
      article: z.string(),
      count: z.number().int(),
    }),
  ),
  authority: z.array(briefCase).describe('Decisions the decision cites, most cited first'),
  related_cases: z.object({
    lower_instance: briefCase.nullable().describe('The decision appealed against, as named in the header'),
  }),
});
