import { z } from 'zod';
import { DEFAULT_MIN_CONFIDENCE } from '../citation/edge-confidence.ts';
import { dateParam, intParam, numberParam } from './params.ts';

/** Limits of the citation-graph endpoints (spec, Limits). */
export const CITATIONS_LIMIT = { min: 1, max: 200, default: 50 } as const;
export const LEADING_CASES_LIMIT = { min: 1, max: 100, default: 20 } as const;

const courtKey = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .refine((s) => /^[a-z][a-z0-9_]{1,63}$/.test(s), {
    message: 'Input should be a court key such as bger or zh_obergericht; list the courts via /courts',
  });

const minConfidence = numberParam(0, 1, DEFAULT_MIN_CONFIDENCE).describe(
  'Minimum edge confidence (0..1); see the confidence rules in the endpoint description',
);

export const graphDecisionParams = z.object({
  decision_id: z.string().min(1).max(300).describe('A decision id (or a docket number / BGE reference)'),
});

export const citationsQuery = z.object({
  direction: z.enum(['both', 'outgoing', 'incoming']).default('both'),
  min_confidence: minConfidence,
  limit: intParam(CITATIONS_LIMIT.min, CITATIONS_LIMIT.max, CITATIONS_LIMIT.default).describe(
    'Max citations per direction (1..200)',
  ),
  offset: intParam(0, undefined, 0).describe('Skip this many citations in each direction'),
});
export type CitationsQuery = z.infer<typeof citationsQuery>;

export const appealChainQuery = z.object({ min_confidence: minConfidence });
export type AppealChainQuery = z.infer<typeof appealChainQuery>;

function datesInOrder(
  q: { date_from?: string | undefined; date_to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (q.date_from && q.date_to && q.date_from > q.date_to) {
    ctx.addIssue({
      code: 'custom',
      path: ['date_to'],
      message: 'date_to must not be before date_from',
      input: q.date_to,
    });
  }
}

const statuteFields = {
  law_code: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe(
      'Law abbreviation in any language (BV/Cst./Cost., OR/CO, ZGB/CC, StGB/CP, …), alias or SR number',
    ),
  article: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .optional()
    .describe('Article number such as 8, 41a, 6bis (requires law_code)'),
};
const filterFields = {
  court: courtKey.optional().describe('Court key, e.g. bger, bge, bvger'),
  date_from: dateParam.optional().describe('YYYY-MM-DD'),
  date_to: dateParam.optional().describe('YYYY-MM-DD'),
};
const queryText = z
  .string()
  .trim()
  .max(1000)
  .optional()
  .describe('Topic: the search query language of /decisions');

export const leadingCasesQuery = z
  .object({
    query: queryText,
    ...statuteFields,
    ...filterFields,
    limit: intParam(LEADING_CASES_LIMIT.min, LEADING_CASES_LIMIT.max, LEADING_CASES_LIMIT.default).describe(
      'Max results (1..100)',
    ),
  })
  .superRefine((q, ctx) => {
    if (q.article !== undefined && q.law_code === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['article'],
        message: 'article requires law_code',
        input: q.article,
      });
    }
    datesInOrder(q, ctx);
  });
export type LeadingCasesQuery = z.infer<typeof leadingCasesQuery>;

export const trendsQuery = z
  .object({ query: queryText, ...statuteFields, ...filterFields })
  .superRefine((q, ctx) => {
    if (q.article !== undefined && q.law_code === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['article'],
        message: 'article requires law_code',
        input: q.article,
      });
    }
    if (q.law_code !== undefined && q.article === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['law_code'],
        message: 'law_code requires article',
        input: q.law_code,
      });
    }
    datesInOrder(q, ctx);
  });
export type TrendsQuery = z.infer<typeof trendsQuery>;

const citationFields = {
  citation_string_de: z.string(),
  citation_string_fr: z.string(),
  citation_string_it: z.string(),
  canonical_url: z.string(),
};

/** A decision with its copy-ready citation fields. */
export const graphDecision = z.object({
  decision_id: z.string(),
  court: z.string(),
  canton: z.string(),
  decision_date: z.string().nullable(),
  language: z.string(),
  title: z.string(),
  docket_number: z.string(),
  ...citationFields,
  rule_statement: z.string(),
});
export type GraphDecision = z.infer<typeof graphDecision>;

export const edgeEvidence = z.object({
  match_confidence: z.number().describe('Confidence of the reference as written (citation grammar)'),
  match: z.enum(['exact', 'origin_docket', 'inner_page']),
  court_agreement: z.enum(['same_court', 'same_canton', 'unnamed']),
  date_order: z.enum([
    'cited_is_later',
    'stated_date_differs',
    'stated_date_agrees',
    'consistent',
    'unknown',
  ]),
  candidates: z.number().int().describe('Decisions the reference could name (ambiguity)'),
});

export const citationEdge = graphDecision.extend({
  confidence: z.number(),
  reference: z.string().describe('The reference as written in the citing decision'),
  pinpoints: z.array(z.string()).describe('Erwägungen the citing decision points to'),
  page: z.number().int().nullable().describe('Page pin-cite of the official collection'),
  stated_date: z.string().nullable().describe('Date written with the reference'),
  mentions: z.number().int().describe('How often the citing decision names it'),
  evidence: edgeEvidence,
});
export type CitationEdge = z.infer<typeof citationEdge>;

export const unresolvedReference = z.object({
  reference: z.string(),
  kind: z.string(),
  key: z.string().nullable(),
  court: z.string().nullable(),
  stated_date: z.string().nullable(),
  match_confidence: z.number(),
});

const directionPage = {
  total: z.number().int().describe('Edges at or above min_confidence in this direction'),
  returned: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
  next_offset: z
    .number()
    .int()
    .nullable()
    .describe('Offset of the next page of this direction; null at the end'),
  citations: z.array(citationEdge),
};

export const citationsResponse = z.object({
  decision: graphDecision,
  direction: z.enum(['both', 'outgoing', 'incoming']),
  min_confidence: z.number(),
  outgoing: z
    .object({
      ...directionPage,
      unresolved_total: z.number().int().describe('References that name no decision of the corpus'),
      unresolved: z.array(unresolvedReference).describe('The first of them (at most limit)'),
    })
    .optional(),
  incoming: z.object(directionPage).optional(),
});
export type CitationsResponse = z.infer<typeof citationsResponse>;

export const appealInstance = z.object({
  level: z.number().int().describe('Steps from the decision asked for (1 = directly before or after it)'),
  confidence: z.number().describe('Confidence of the whole chain up to this instance'),
  link_confidence: z.number().describe('Confidence of this one link'),
  resolved: z.boolean().describe('The instance is a decision of the corpus'),
  reference: z.string().nullable().describe('How the later decision names the earlier one'),
  origin: z.enum(['header', 'facts']).nullable(),
  court: z.string().nullable(),
  docket: z.string().nullable(),
  stated_date: z.string().nullable(),
  via: z.string().describe('The decision whose text names this link'),
  decision: graphDecision.nullable(),
});
export type AppealInstance = z.infer<typeof appealInstance>;

export const appealChainResponse = z.object({
  decision: graphDecision,
  min_confidence: z.number(),
  prior: z.array(appealInstance).describe('Lower instances, nearest first'),
  subsequent: z.array(appealInstance).describe('Higher instances, nearest first'),
});
export type AppealChainResponse = z.infer<typeof appealChainResponse>;

const statuteFilter = z.object({
  law_code: z.string(),
  sr_number: z.string(),
  abbreviation: z.string().nullable(),
  title: z.string().nullable(),
  article: z.string().nullable(),
});

export const leadingCase = graphDecision.extend({
  rank: z.number().int(),
  authority: z.object({
    citing_in_context: z
      .number()
      .int()
      .describe('Citations from decisions that apply the same provision (or match the topic)'),
    cited_by: z.number().int().describe('All decisions citing it (in-degree)'),
    in_context: z.boolean().describe('The decision itself applies the provision (or matches the topic)'),
    score: z
      .number()
      .describe(
        'citing_in_context weighted by how specific the decision is to the context: × ln(1 + decisions in the graph / cited_by); without topic and statute, citing_in_context',
      ),
  }),
});

export const leadingCasesResponse = z.object({
  filters: z.object({
    query: z.string().nullable(),
    statute: statuteFilter.nullable(),
    court: z.string().nullable(),
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
  }),
  context_decisions: z
    .number()
    .int()
    .describe('Decisions that apply the provision and/or match the topic (without either: every decision)'),
  context_counted: z
    .number()
    .int()
    .describe(
      'Context decisions whose citations were counted: every decision applying the provision, or the topic matches (see ranking)',
    ),
  context_is_lower_bound: z.boolean().describe('The topic matches were cut at the candidate pool'),
  ranking: z.string(),
  returned: z.number().int(),
  results: z.array(leadingCase),
});
export type LeadingCasesResponse = z.infer<typeof leadingCasesResponse>;

export const trendsResponse = z.object({
  filters: z.object({
    query: z.string().nullable(),
    statute: statuteFilter.nullable(),
    court: z.string().nullable(),
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
  }),
  total: z.number().int(),
  total_is_lower_bound: z.boolean().describe('Some yearly counts of a topic query were capped'),
  years: z.array(
    z.object({
      year: z.number().int(),
      decisions: z.number().int(),
      is_lower_bound: z.boolean(),
    }),
  ),
});
export type TrendsResponse = z.infer<typeof trendsResponse>;

/** Citation-graph figures of GET /statistics (references of the decisions the filters select). */
export const citationGraphStatistics = z.object({
  case_references: z.number().int().describe('Case references extracted (one per cited key and decision)'),
  resolved_references: z.number().int().describe('References that name a decision of the corpus'),
  unresolved_references: z.number().int(),
  references_by_kind: z.record(z.string(), z.number().int()),
  citing_decisions: z.number().int().describe('Decisions with at least one resolved reference'),
  cited_decisions: z.number().int().describe('Distinct decisions cited'),
  edges: z.number().int().describe('Distinct citing → cited pairs'),
  appeal_references: z.number().int().describe('Lower-court references (header or facts)'),
  appeal_links_resolved: z.number().int(),
  most_cited: z.array(
    z.object({ decision_id: z.string(), citation_string_de: z.string(), cited_by: z.number().int() }),
  ),
  computed_at: z.string().describe('When the figures were read (the projection keeps them current as decisions arrive)'),
});
export type CitationGraphStatistics = z.infer<typeof citationGraphStatistics>;

/** Statute figures of GET /statistics. */
export const statuteStatistics = z.object({
  statute_references: z.number().int().describe('Decision × act × article pairs'),
  decisions_citing_statutes: z.number().int(),
  federal_acts: z.number().int().describe('Distinct federal acts and treaties (by SR number)'),
  top_acts: z.array(
    z.object({
      sr_number: z.string(),
      abbreviation: z.string().nullable(),
      decisions: z.number().int(),
    }),
  ),
  top_articles: z.array(
    z.object({
      sr_number: z.string(),
      abbreviation: z.string().nullable(),
      article: z.string(),
      decisions: z.number().int(),
    }),
  ),
});
export type StatuteStatistics = z.infer<typeof statuteStatistics>;
