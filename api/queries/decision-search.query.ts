import type { QueryNode } from '../../contracts/search/query-ast.ts';
import type { SearchDecisionsQuery, SearchEnvelope } from '../../contracts/api/decisions.schema.ts';
import type { SearchFilters } from '../../infra/search/search.port.ts';
import type { ApiDeps } from '../api-deps.ts';
import { parseSearchText } from '../search-text.ts';
import { assertKnownCourt } from './corpus.query.ts';
import { wholeReferenceQuery } from './reference-search.query.ts';
import { summaryContextOf, toSummary } from './summaries.ts';

/**
 * The search text of a request (a non-empty `query` wins over its alias `q`); null when there is
 * none. A text that as a whole names decisions (an id, a docket as the court writes it, a citation
 * string) searches for those decisions and the decisions citing them.
 */
export async function searchTextOf(
  db: ApiDeps['db'],
  q: Pick<SearchDecisionsQuery, 'query' | 'q'>,
): Promise<QueryNode | null> {
  const useQuery = q.query !== undefined && q.query.trim() !== '';
  const text = useQuery ? q.query : q.q;
  if (text === undefined || text.trim() === '') return null;
  const parsed = parseSearchText(text, useQuery ? 'query' : 'q');
  return (await wholeReferenceQuery(db, text)) ?? parsed;
}

export function filtersOf(
  q: Omit<SearchDecisionsQuery, 'limit' | 'offset' | 'sort' | 'fields'>,
): SearchFilters {
  return {
    ...(q.court ? { court: q.court } : {}),
    ...(q.canton ? { canton: q.canton } : {}),
    ...(q.language ? { language: q.language } : {}),
    ...(q.date_from ? { dateFrom: q.date_from } : {}),
    ...(q.date_to ? { dateTo: q.date_to } : {}),
    ...(q.chamber ? { chamber: q.chamber } : {}),
    ...(q.decision_type ? { decisionType: q.decision_type } : {}),
  };
}

/**
 * One page of `/decisions`: the search envelope, with a full-detail page shrunk (never its fields
 * cut) to stay within the response budget.
 */
export async function searchDecisions(deps: ApiDeps, q: SearchDecisionsQuery): Promise<SearchEnvelope> {
  const ast = await searchTextOf(deps.db, q);
  await assertKnownCourt(deps.db, q.court);
  // Relevance needs a text query; without one the newest decisions come first.
  const sort = q.sort === 'relevance' && ast === null ? 'date_desc' : q.sort;
  const result = await deps.search.search({
    query: ast,
    filters: filtersOf(q),
    sort,
    limit: q.limit,
    offset: q.offset,
    compact: q.fields === 'compact',
  });
  const ctx = summaryContextOf(deps);
  const compact = q.fields === 'compact';
  let results = result.hits.map((h) => toSummary(h, ctx, compact));
  let notice: string | undefined;
  if (!compact) {
    // Keep a full-detail page within the response budget: fewer results, never cut fields.
    let size = 0;
    const budget = deps.settings.maxSearchResponseChars;
    const fit = results.findIndex((s) => (size += JSON.stringify(s).length) > budget);
    if (fit >= 0) {
      const kept = Math.max(1, fit);
      notice = `Page reduced from ${results.length} to ${kept} results to keep the response under ${budget} characters; continue with next_offset, or ask for fields=compact.`;
      results = results.slice(0, kept);
    }
  }
  const returned = results.length;
  const hasMore = result.hasMore || returned < result.hits.length;
  const envelope: SearchEnvelope = {
    total: result.total,
    total_is_lower_bound: result.totalIsLowerBound,
    returned,
    results,
    limit: notice ? returned : q.limit,
    offset: q.offset,
    has_more: hasMore,
    next_offset: q.offset + returned,
    fields: q.fields,
    ...(notice ? { notice, requested_limit: q.limit } : {}),
  };
  return envelope;
}
