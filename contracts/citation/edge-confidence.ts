/**
 * Citation edges (issue 5): which decisions an extracted reference names, and how sure the edge
 * is. Pure; the read side computes the same rules in SQL (`api/queries/graph-edges.sql.ts`, kept
 * equal by a test that runs both over one table of cases).
 *
 * Resolution of a reference (its key as the grammar normalised it, the court and canton the
 * wording names, for BGE its volume, part and page) among the identifier rows
 * (`decision_identifiers`):
 *  1. `exact`: rows with the same key. A named court must be the row's court; a cantonal court
 *     outside the registry (canton only) must be in the row's canton; nothing named admits every
 *     court. Rows of kind `origin_docket` (the Federal Supreme Court docket a BGE names in its
 *     header) take no part here.
 *  2. `origin_docket`: a Federal Supreme Court docket with no decision of its own in the corpus
 *     names the BGE published under it.
 *  3. `inner_page`: a BGE page that is no decision's first page names the BGE whose page range
 *     holds it (`BGE 140 III 90` → `BGE 140 III 86`, pages 86–99).
 * The first tier with candidates wins; the reference is ambiguous when that tier holds several
 * decisions (the citing decision included). A decision never cites itself.
 *
 * Confidence of an edge = the grammar's confidence in the reference (`matchConfidence`, see
 * `grammar/find-citations.ts`) × match factor × court factor × date factor ÷ number of
 * candidates, at most 1, rounded to two decimals ({@link EDGE_RULES}):
 *  - match: `exact` 1; `origin_docket` 0.9 (the docket's own decision is missing, the BGE
 *    published under it stands in); `inner_page` 0.9 (resolved through page ranges, which are
 *    inferred from neighbouring BGE).
 *  - court agreement: the wording names the court (`same_court`) 1; only a canton
 *    (`same_canton`) 0.85; neither (`unnamed`: a bare cantonal docket) 0.7.
 *  - date order: the cited decision is later than the citing one (`cited_is_later`, impossible
 *    for a real citation) 0.2; a date written with the reference differs from the cited
 *    decision's (`stated_date_differs`) 0.6; it equals it (`stated_date_agrees`) 1.05; both
 *    dates known and in order (`consistent`) 1; otherwise (`unknown`) 1. Placeholder dates
 *    (`YYYY-01-01`) compare by year only and confirm nothing.
 *  - ambiguity: the product is divided by the number of candidate decisions (two candidates
 *    halve it).
 */

export type EdgeMatch = 'exact' | 'origin_docket' | 'inner_page';
export type CourtAgreement = 'same_court' | 'same_canton' | 'unnamed';
export type DateOrder = 'cited_is_later' | 'stated_date_differs' | 'stated_date_agrees' | 'consistent' | 'unknown';

export const EDGE_RULES = {
  match: { exact: 1, origin_docket: 0.9, inner_page: 0.9 },
  court: { same_court: 1, same_canton: 0.85, unnamed: 0.7 },
  date: {
    cited_is_later: 0.2,
    stated_date_differs: 0.6,
    stated_date_agrees: 1.05,
    consistent: 1,
    unknown: 1,
  },
} as const satisfies {
  match: Record<EdgeMatch, number>;
  court: Record<CourtAgreement, number>;
  date: Record<DateOrder, number>;
};

/** Default `min_confidence` of `/citations` and `/appeal-chain` (spec, Limits). */
export const DEFAULT_MIN_CONFIDENCE = 0.3;

export interface EdgeEvidence {
  /** 0..1, the grammar's confidence in the reference as written. */
  readonly matchConfidence: number;
  readonly match: EdgeMatch;
  readonly court: CourtAgreement;
  readonly dateOrder: DateOrder;
  /** Decisions the winning tier names (≥ 1). */
  readonly candidates: number;
}

/**
 * The edge confidence. The arithmetic (order of operations, IEEE doubles, round half up on the
 * hundredths) is exactly what the SQL side does, so both give the same number.
 */
export function edgeConfidence(e: EdgeEvidence): number {
  let p = e.matchConfidence * EDGE_RULES.match[e.match];
  p = p * EDGE_RULES.court[e.court];
  p = p * EDGE_RULES.date[e.dateOrder];
  p = p / Math.max(1, e.candidates);
  p = Math.min(p, 1);
  return Math.floor(p * 100 + 0.5) / 100;
}

/** `YYYY-01-01`: a placeholder for an unknown day (domain: omitted from citation strings). */
export function isPlaceholderDate(date: string): boolean {
  return date.endsWith('-01-01');
}

/**
 * The date evidence of an edge: `citingDate` and `citedDate` are the decisions' dates, `statedDate`
 * the date written with the reference (all `YYYY-MM-DD` or null).
 */
export function dateOrderOf(citingDate: string | null, citedDate: string | null, statedDate: string | null): DateOrder {
  if (citingDate !== null && citedDate !== null) {
    const vague = isPlaceholderDate(citingDate) || isPlaceholderDate(citedDate);
    const later = vague ? citedDate.slice(0, 4) > citingDate.slice(0, 4) : citedDate > citingDate;
    if (later) return 'cited_is_later';
  }
  if (statedDate !== null && citedDate !== null && !isPlaceholderDate(citedDate)) {
    return statedDate === citedDate ? 'stated_date_agrees' : 'stated_date_differs';
  }
  if (citingDate !== null && citedDate !== null) return 'consistent';
  return 'unknown';
}

// ---------------------------------------------------------------------------------------------
// Resolution (the same rules as the SQL; used by tests and small in-memory callers)

/** A stored reference, as resolution needs it. */
export interface ReferenceForResolution {
  readonly sourceId: string;
  readonly refKey: string | null;
  readonly kind: string;
  /** Court the wording names (or the grammar derived from the docket's shape). */
  readonly court: string | null;
  readonly canton: string | null;
  readonly bgeVolume: number | null;
  readonly bgePart: string | null;
  readonly bgePage: number | null;
}

/** An identifier row, as resolution needs it. */
export interface IdentifierForResolution {
  readonly refKey: string;
  readonly kind: string;
  readonly decisionId: string;
  readonly court: string;
  readonly canton: string;
  readonly bgeVolume: number | null;
  readonly bgePart: string | null;
  readonly pageStart: number | null;
  readonly pageEnd: number | null;
}

export interface ResolvedTarget {
  readonly decisionId: string;
  readonly match: EdgeMatch;
  readonly court: CourtAgreement;
  readonly candidates: number;
}

export function courtAgreementOf(ref: Pick<ReferenceForResolution, 'court' | 'canton'>): CourtAgreement {
  if (ref.court !== null) return 'same_court';
  if (ref.canton !== null && ref.canton !== 'CH') return 'same_canton';
  return 'unnamed';
}

function admits(ref: ReferenceForResolution, row: IdentifierForResolution): boolean {
  if (row.kind === 'origin_docket') return false;
  if (ref.court !== null) return row.court === ref.court;
  if (ref.canton !== null && ref.canton !== 'CH') return row.canton === ref.canton;
  return true;
}

/** The decisions a reference names (see the tiers in the module comment), without the citing one. */
export function resolveReference(
  ref: ReferenceForResolution,
  rows: readonly IdentifierForResolution[],
): ResolvedTarget[] {
  if (ref.refKey === null) return [];
  const court = courtAgreementOf(ref);
  const withKey = rows.filter((r) => r.refKey === ref.refKey);
  const targets = (list: readonly IdentifierForResolution[], match: EdgeMatch): ResolvedTarget[] => {
    // the citing decision counts as a candidate (ambiguity) but is never a target
    const ids = [...new Set(list.map((r) => r.decisionId))];
    return ids.filter((id) => id !== ref.sourceId).map((decisionId) => ({ decisionId, match, court, candidates: ids.length }));
  };
  const exact = withKey.filter((r) => admits(ref, r));
  if (exact.length > 0) return targets(exact, 'exact');
  if (ref.court === 'bger') {
    const origin = withKey.filter((r) => r.kind === 'origin_docket');
    if (origin.length > 0) return targets(origin, 'origin_docket');
  }
  if (ref.kind === 'bge' && ref.bgeVolume !== null && ref.bgePart !== null && ref.bgePage !== null && withKey.length === 0) {
    const page = ref.bgePage;
    const holders = rows.filter(
      (r) =>
        r.kind === 'bge' &&
        r.bgeVolume === ref.bgeVolume &&
        r.bgePart === ref.bgePart &&
        r.pageStart !== null &&
        r.pageStart < page &&
        page <= (r.pageEnd ?? r.pageStart),
    );
    if (holders.length > 0) return targets(holders, 'inner_page');
  }
  return [];
}
