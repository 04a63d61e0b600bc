import { LRUCache } from 'lru-cache';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import type { SearchDecisionsQuery, SearchEnvelope } from '../../contracts/api/decisions.schema.ts';
import type { SearchFilters, SearchRequest } from '../../infra/search/search.port.ts';
import type { ApiDeps } from '../api-deps.ts';
import { compactSummariesOf, jsonWithArray, summaryClose } from '../compact-summaries.ts';
import { readModelStateOf } from '../lookup-cache.ts';
import { parseSearchText } from '../search-text.ts';
import { assertKnownCourt } from './corpus.query.ts';
import { mayNameDecisions, wholeReferenceQuery } from './reference-search.query.ts';
import { summaryContextOf, toSummary } from './summaries.ts';

/**
 * The search text of a request (a non-empty `query` wins over its alias `q`); null when there is
 * none. A text that as a whole names decisions (an id, a docket as the court writes it, a citation
 * string) searches for those decisions and the decisions citing them.
 */
export async function searchTextOf(
  deps: Pick<ApiDeps, 'db' | 'readModelState'>,
  q: Pick<SearchDecisionsQuery, 'query' | 'q'>,
): Promise<QueryNode | null> {
  const useQuery = q.query !== undefined && q.query.trim() !== '';
  const text = useQuery ? q.query : q.q;
  if (text === undefined || text.trim() === '') return null;
  const parsed = parseSearchText(text, useQuery ? 'query' : 'q');
  return (await keptReferenceQuery(deps, text)) ?? parsed;
}

/** Texts whose reading as a whole reference is kept, per database and process. */
const REFERENCE_TEXTS_KEPT = 10_000;

const keptReferences = new WeakMap<ApiDeps['db'], LRUCache<string, { readonly node: QueryNode | null }>>();

/**
 * {@link wholeReferenceQuery} of a text that may name decisions, kept while the read models stand
 * where they stood before it was read (their state, see `lookup-cache.ts`): a docket, id or
 * citation searched again is read without a look at the corpus until a projection commits. Read
 * afresh, and not kept, while a change may be committing.
 */
async function keptReferenceQuery(
  deps: Pick<ApiDeps, 'db' | 'readModelState'>,
  text: string,
): Promise<QueryNode | null> {
  if (!mayNameDecisions(text)) return null;
  const state = await readModelStateOf(deps).current();
  if (state === null) return wholeReferenceQuery(deps.db, text);
  let kept = keptReferences.get(deps.db);
  if (!kept) {
    kept = new LRUCache({ max: REFERENCE_TEXTS_KEPT });
    keptReferences.set(deps.db, kept);
  }
  const key = `${state}\n${text}`;
  const known = kept.get(key);
  if (known) return known.node;
  const node = await wholeReferenceQuery(deps.db, text);
  kept.set(key, { node });
  return node;
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

/** The search a `/decisions` query asks for (its text resolved, its court checked). */
async function searchRequestOf(deps: ApiDeps, q: SearchDecisionsQuery): Promise<SearchRequest> {
  const ast = await searchTextOf(deps, q);
  await assertKnownCourt(deps.db, q.court);
  // Relevance needs a text query; without one the newest decisions come first.
  const sort = q.sort === 'relevance' && ast === null ? 'date_desc' : q.sort;
  return {
    query: ast,
    filters: filtersOf(q),
    sort,
    limit: q.limit,
    offset: q.offset,
  };
}

/**
 * A compact page of `/decisions` as the JSON it is sent as: the search's ids and scores, with
 * each decision's compact summary serialised once and kept (`CompactSummaryCache`). A decision
 * that left the index between the search and the read of its summary is left out.
 */
export async function compactSearchPage(deps: ApiDeps, q: SearchDecisionsQuery): Promise<Buffer> {
  const summaries = compactSummariesOf(deps);
  const at = await summaries.stateNow();
  const found = await deps.search.searchIds(await searchRequestOf(deps, q));
  const open = await summaries.openSummaries(found.ids, at, summaryContextOf(deps), (missing) =>
    deps.search.compactHits(missing),
  );
  const opens: Buffer[] = [];
  const closes: string[] = [];
  open.forEach((summary, i) => {
    if (summary === null) return;
    opens.push(summary);
    closes.push(summaryClose(found.scores?.[i]));
  });
  const returned = opens.length;
  const head: Pick<SearchEnvelope, 'total' | 'total_is_lower_bound' | 'returned'> = {
    total: found.total,
    total_is_lower_bound: found.totalIsLowerBound,
    returned,
  };
  const tail: Omit<SearchEnvelope, 'total' | 'total_is_lower_bound' | 'returned' | 'results'> = {
    limit: q.limit,
    offset: q.offset,
    has_more: found.hasMore,
    next_offset: q.offset + returned,
    fields: 'compact',
  };
  return jsonWithArray(
    `${JSON.stringify(head).slice(0, -1)},"results":`,
    opens,
    closes,
    `,${JSON.stringify(tail).slice(1)}`,
  );
}

/**
 * One page of `/decisions`: the search envelope, with a full-detail page shrunk (never its fields
 * cut) to stay within the response budget.
 */
export async function searchDecisions(deps: ApiDeps, q: SearchDecisionsQuery): Promise<SearchEnvelope> {
  if (q.fields === 'compact')
    return JSON.parse((await compactSearchPage(deps, q)).toString('utf8')) as SearchEnvelope;
  const result = await deps.search.search(await searchRequestOf(deps, q));
  const ctx = summaryContextOf(deps);
  let results = result.hits.map((h) => toSummary(h, ctx));
  let notice: string | undefined;
  // Keep a full-detail page within the response budget: fewer results, never cut fields.
  let size = 0;
  const budget = deps.settings.maxSearchResponseChars;
  const fit = results.findIndex((s) => (size += JSON.stringify(s).length) > budget);
  if (fit >= 0) {
    const kept = Math.max(1, fit);
    notice = `Page reduced from ${results.length} to ${kept} results to keep the response under ${budget} characters; continue with next_offset, or ask for fields=compact.`;
    results = results.slice(0, kept);
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
