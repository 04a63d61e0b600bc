import { z } from 'zod';
import { CANTONS } from '../courts/cantons.ts';
import { boolParam, dateParam, intParam } from './params.ts';

const CANTON_CODES = new Set<string>(['CH', ...CANTONS]);

export const DECISION_LIMIT_MAX = 2000;
export const DECISION_LIMIT_DEFAULT = 50;

/** The search text and filters of /decisions (also what a saved-search alert stores). */
export const decisionSearchFields = {
  query: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'Full-text query: keywords, "phrases", AND / OR / NOT, prefix word*, docket numbers, BGE references and decision ids (the decision first, then the decisions citing it; a whole citation string finds its decision first too), statute provisions such as Art. 41 OR or art. 8 al. 2 Cst. (the decisions applying the provision)',
    ),
  q: z.string().max(1000).optional().describe('Alias of `query`; a non-empty `query` takes precedence'),
  court: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .refine((s) => /^[a-z][a-z0-9_]{1,63}$/.test(s), {
      message: 'Input should be a court key such as bger or zh_obergericht; list the courts via /courts',
    })
    .optional()
    .describe('Court key, e.g. bger, bvger, zh_obergericht; list via /courts'),
  canton: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => CANTON_CODES.has(s), {
      message: 'Input should be a two-letter canton code (AG … ZH) or CH',
    })
    .optional()
    .describe('Two-letter canton code or CH'),
  language: z.enum(['de', 'fr', 'it', 'rm']).optional(),
  date_from: dateParam.optional().describe('YYYY-MM-DD'),
  date_to: dateParam.optional().describe('YYYY-MM-DD'),
  chamber: z.string().min(1).max(200).optional().describe('Substring match on chamber/division'),
  decision_type: z.string().min(1).max(100).optional().describe('e.g. Urteil, Beschluss'),
};

/** date_to not before date_from. */
export const dateOrder = (
  q: { date_from?: string | undefined; date_to?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (q.date_from && q.date_to && q.date_from > q.date_to) {
    ctx.addIssue({
      code: 'custom',
      path: ['date_to'],
      message: 'date_to must not be before date_from',
      input: q.date_to,
    });
  }
};

export const searchDecisionsQuery = z
  .object({
    ...decisionSearchFields,
    limit: intParam(1, DECISION_LIMIT_MAX, DECISION_LIMIT_DEFAULT).describe('Max results (1..2000)'),
    offset: intParam(0, undefined, 0).describe('Skip results'),
    sort: z.enum(['relevance', 'date_desc', 'date_asc']).default('relevance'),
    fields: z.enum(['full', 'compact']).default('full'),
  })
  .superRefine(dateOrder);
export type SearchDecisionsQuery = z.infer<typeof searchDecisionsQuery>;

const citationFields = {
  citation_string_de: z.string(),
  citation_string_fr: z.string(),
  citation_string_it: z.string(),
  canonical_url: z.string(),
};

export const decisionSummary = z.object({
  decision_id: z.string(),
  court: z.string(),
  decision_date: z.string().nullable(),
  language: z.string(),
  title: z.string(),
  regeste: z.string().nullable().optional(),
  docket_number: z.string(),
  canton: z.string(),
  chamber: z.string().nullable().optional(),
  decision_type: z.string().nullable().optional(),
  ...citationFields,
  rule_statement: z.string().optional(),
  score: z.number().optional(),
});
export type DecisionSummary = z.infer<typeof decisionSummary>;

export const searchEnvelope = z.object({
  total: z.number().int(),
  total_is_lower_bound: z.boolean(),
  returned: z.number().int(),
  results: z.array(decisionSummary),
  limit: z.number().int().describe('Effective page size'),
  offset: z.number().int(),
  has_more: z.boolean(),
  next_offset: z.number().int().nullable(),
  requested_limit: z.number().int().optional(),
  fields: z.enum(['full', 'compact']),
  notice: z.string().optional().describe('Why this page is smaller or less detailed than requested'),
});
export type SearchEnvelope = z.infer<typeof searchEnvelope>;

export const decisionParams = z.object({
  decision_id: z.string().min(1).max(300).describe('A decision id or docket number'),
});

export const decisionQuery = z.object({
  full_text: boolParam(true).describe('Include the full text'),
  version: intParam(1)
    .optional()
    .describe('Serve this version of the decision (1 = as first seen; see `versions`); default the newest'),
});
export type DecisionQuery = z.infer<typeof decisionQuery>;

export const decisionVersion = z.object({
  version: z.number().int(),
  seen_at: z.string().nullable().describe('When the service first saw this content'),
  changed: z.array(z.string()).describe('Fields that differ from the previous version (empty for version 1)'),
  content_hash: z.string(),
  source: z.string().nullable(),
});
export type DecisionVersion = z.infer<typeof decisionVersion>;

export const decisionDetail = decisionSummary.extend({
  regeste: z.string().nullable(),
  rule_statement: z.string(),
  chamber: z.string().nullable(),
  decision_type: z.string().nullable(),
  publication_date: z.string().nullable(),
  full_text: z.string().optional(),
  source_url: z.string().nullable(),
  provenance: z.object({
    source: z.string(),
    source_item_id: z.string(),
    scraped_at: z.string(),
    content_hash: z.string(),
    version: z.number().int(),
  }),
  other_matches: z.array(z.string()).optional().describe('Other decisions with the same docket number'),
  version: z.number().int().describe('The version served'),
  versions: z.array(decisionVersion).describe('Every version of the decision, oldest first'),
  withdrawn: z
    .boolean()
    .describe('The source no longer lists the decision; it has left search and the feeds'),
  withdrawn_at: z.string().nullable(),
  withdrawal_reason: z.string().nullable(),
});
export type DecisionDetail = z.infer<typeof decisionDetail>;
