import { canonicalUrl, citationStrings } from '../../contracts/citation/citation-strings.ts';
import type { DecisionSummary } from '../../contracts/api/decisions.schema.ts';

export interface SummarySource {
  readonly decision_id: string;
  readonly court: string;
  readonly canton: string;
  readonly chamber: string | null;
  readonly decision_type: string | null;
  readonly decision_date: string | null;
  readonly language: string;
  readonly docket_number: string;
  readonly title: string;
  readonly regeste: string | null;
  readonly rule_statement: string;
  readonly score?: number;
}

export interface SummaryContext {
  readonly publicBaseUrl: string;
  readonly today: string;
}

/** A decision summary with its copy-ready citation fields; `compact` drops the long texts. */
export function toSummary(row: SummarySource, ctx: SummaryContext, compact = false): DecisionSummary {
  const base = {
    decision_id: row.decision_id,
    court: row.court,
    decision_date: row.decision_date,
    language: row.language,
    title: row.title,
    docket_number: row.docket_number,
    canton: row.canton,
    ...citationStrings(row, ctx.today),
    canonical_url: canonicalUrl(ctx.publicBaseUrl, row.decision_id),
    ...(row.score !== undefined ? { score: Math.round(row.score * 1e6) / 1e6 } : {}),
  };
  if (compact) return base;
  return {
    ...base,
    regeste: row.regeste,
    chamber: row.chamber,
    decision_type: row.decision_type,
    rule_statement: row.rule_statement,
  };
}
