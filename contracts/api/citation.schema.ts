import { z } from 'zod';
import { erwaegungNumber } from './structure.schema.ts';

export const CITE_LANGUAGES = ['de', 'fr', 'it'] as const;
/** Longest draft `/attest` reads (characters). */
export const ATTEST_MAX_CHARS = 200_000;
/** Longest claim `/verify-claim` judges (characters). */
export const CLAIM_MAX_CHARS = 5_000;

export const citeQuery = z.object({
  reference: z
    .string()
    .min(1)
    .max(300)
    .describe(
      "A decision id, BGE reference, docket number or similar case reference ('BGE 140 III 86', '4A_714/2014', 'bger_4A_714_2014', 'MKGE 14 Nr. 3')",
    ),
  pinpoint: erwaegungNumber.optional().describe('Erwägung number such as 2.3'),
  language: z
    .enum(CITE_LANGUAGES)
    .default('de')
    .describe('Selects the primary citation_string; all three variants are always returned'),
});
export type CiteQuery = z.infer<typeof citeQuery>;

const citationStrings = {
  citation_string_de: z.string(),
  citation_string_fr: z.string(),
  citation_string_it: z.string(),
};

export const closeMatch = z.object({
  decision_id: z.string(),
  court: z.string(),
  decision_date: z.string().nullable(),
  docket_number: z.string(),
  title: z.string(),
  ...citationStrings,
  canonical_url: z.string(),
  reason: z
    .enum(['page_range', 'same_register_year'])
    .describe(
      'page_range: the BGE whose pages hold the cited page; same_register_year: a docket of the same register and year a typo away',
    ),
  note: z.string(),
});
export type CloseMatch = z.infer<typeof closeMatch>;

export const citeResponse = z.object({
  reference: z.string(),
  exists: z.boolean(),
  decision_id: z.string().nullable(),
  court: z.string().nullable(),
  decision_date: z.string().nullable(),
  language: z.string().nullable().describe("The decision's language"),
  title: z.string().nullable(),
  docket_number: z.string().nullable(),
  pinpoint: z.string().nullable(),
  pinpoint_exists: z
    .boolean()
    .nullable()
    .describe('null when the decision has no numbered Erwägungen to check against'),
  page_pinpoint: z.number().int().nullable(),
  page_pinpoint_exists: z.boolean().nullable(),
  citation_string: z.string().describe('The variant in the requested language'),
  ...citationStrings,
  canonical_url: z.string().nullable(),
  rule_statement: z.string().nullable(),
  close_matches: z.array(closeMatch),
  other_matches: z.array(z.string()).describe('Further decisions the reference names'),
  notice: z.string().optional(),
});
export type CiteResponse = z.infer<typeof citeResponse>;

export const attestBody = z.object({
  draft_text: z.string().min(1).max(ATTEST_MAX_CHARS),
  audit_grounding: z
    .boolean()
    .default(false)
    .describe('Also return every citation with what it was checked against'),
});

export const ISSUE_KINDS = ['citation', 'pinpoint', 'page', 'date', 'quotation', 'statute'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

const span = z.object({ start: z.number().int(), end: z.number().int() });

export const attestIssue = z.object({
  position: span.describe('UTF-16 offsets into draft_text'),
  text: z.string().describe('The citation or quotation concerned'),
  kind: z.enum(ISSUE_KINDS),
  severity: z.enum(['error', 'warning']).describe('error: wrong; warning: could not be verified'),
  problem: z.string(),
  suggestion: z.string().nullable(),
});
export type AttestIssue = z.infer<typeof attestIssue>;

export const attestCitation = z.object({
  text: z.string(),
  kind: z.string(),
  position: span,
  ok: z.boolean(),
  decision_id: z.string().nullable(),
  pinpoints: z.array(z.string()),
  citation_string_de: z.string().nullable(),
  canonical_url: z.string().nullable(),
  grounding: z
    .string()
    .nullable()
    .describe(
      'The verbatim text the citation was checked against (pinpointed Erwägung or rule statement), cut',
    ),
});
export type AttestCitation = z.infer<typeof attestCitation>;

export const attestResponse = z.object({
  ok: z
    .boolean()
    .describe('No error was found in the citations, pinpoints, dates, quotations and statute references'),
  citations_found: z
    .number()
    .int()
    .describe(
      'Case citations found (BGE, BGer, BVGer, BStGer, BPatGer, MKGE, cantonal courts and their fr/it forms)',
    ),
  citations_ok: z.number().int().describe('Case citations verified without an issue'),
  statute_references_found: z
    .number()
    .int()
    .describe('Statute references found (counted apart from case citations)'),
  statute_references_ok: z.number().int().describe('Statute references without an issue'),
  issues_count: z.number().int(),
  annotated_text: z
    .string()
    .describe('The draft with [✓] after each verified reference and [✗ n] pointing at issue n'),
  issues: z.array(attestIssue),
  language: z.string().nullable(),
  citations: z.array(attestCitation).optional().describe('With audit_grounding: every reference found'),
});
export type AttestResponse = z.infer<typeof attestResponse>;

export const verifyClaimBody = z.object({
  claim: z.string().min(1).max(CLAIM_MAX_CHARS),
  decision_id: z.string().min(1).max(300).describe('Decision id, docket number or BGE reference'),
  pinpoint: erwaegungNumber.nullable().optional(),
});

export const SUPPORT_LEVELS = ['yes', 'partial', 'no', 'contradicts', 'unrelated'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];

export const verifyClaimResponse = z.object({
  decision_id: z.string(),
  pinpoint: z.string().nullable(),
  supports: z.enum(SUPPORT_LEVELS),
  confidence: z.number().min(0).max(1),
  supporting_excerpt: z
    .string()
    .nullable()
    .describe('Verbatim from the decision; dropped when the judge did not quote verbatim'),
  qualifying_excerpt: z.string().nullable(),
  reasoning: z.string(),
  judge: z.string().describe("'llm:<model>' or 'lexical'"),
  excerpts_dropped: z
    .array(z.string())
    .describe('Excerpts the judge returned that are not verbatim in the decision'),
  ...citationStrings,
  canonical_url: z.string(),
});
export type VerifyClaimResponse = z.infer<typeof verifyClaimResponse>;
