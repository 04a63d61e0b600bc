import type {
  AppealChainQuery,
  AppealChainResponse,
  CitationsQuery,
  CitationsResponse,
  LeadingCasesQuery,
  LeadingCasesResponse,
  TrendsQuery,
  TrendsResponse,
} from '../../contracts/api/graph.schema.ts';
import { createHash } from 'node:crypto';
import type { ApiDeps } from '../api-deps.ts';
import type { LookupOutcome } from '../lookup-cache.ts';
import { notFound } from '../errors.ts';
import { appealChainOf } from './appeal-chain.query.ts';
import { citationsOf } from './citations.query.ts';
import { assertKnownCourt } from './corpus.query.ts';
import { findNode, type NodeRow } from './graph-nodes.query.ts';
import { leadingCases, type TopicContext, topicContextOf } from './leading-cases.query.ts';
import { summaryContextOf } from './summaries.ts';
import { trends } from './trends.query.ts';

/** A decision of the citation graph by id or reference; 404 when the graph does not hold it. */
export async function graphNodeOrNotFound(deps: ApiDeps, id: string): Promise<NodeRow> {
  const found = await findNode(deps.db, id);
  if (!found) throw notFound(`No decision with id or reference '${id}' in the citation graph`);
  return found;
}

/** `/citations/{decision_id}`: what a decision cites and what cites it. */
export async function citationsFor(
  deps: ApiDeps,
  id: string,
  query: CitationsQuery,
): Promise<CitationsResponse> {
  return citationsOf(deps.db, await graphNodeOrNotFound(deps, id), query, summaryContextOf(deps));
}

/** `/appeal-chain/{decision_id}`: prior and subsequent instances of a decision. */
export async function appealChainFor(
  deps: ApiDeps,
  id: string,
  query: AppealChainQuery,
): Promise<AppealChainResponse> {
  return appealChainOf(deps.db, await graphNodeOrNotFound(deps, id), query, summaryContextOf(deps));
}

/** `/leading-cases`: the most-cited decisions of a topic or provision (422 for an unknown court). */
export async function leadingCasesFor(
  deps: ApiDeps,
  query: LeadingCasesQuery,
): Promise<LeadingCasesResponse> {
  await assertKnownCourt(deps.db, query.court);
  return leadingCases(deps.db, deps.search, query, summaryContextOf(deps));
}

/**
 * `/leading-cases` as a lookup kept per read-model state (see `LookupCache`): the variant it
 * is kept under besides its URL, and how it is computed. Where the search index moves with the
 * read models (Postgres full-text) the whole answer is kept. Where it does not (OpenSearch shows
 * a document some time after the projection's commit) the topic's context, its best matches, is
 * read from the index for every request, and the ranking computed from it in the citation graph
 * (counting the citations of a thousand context decisions) is kept under the context's digest: a
 * context the index shows later is a new entry.
 */
export async function leadingCasesLookup(
  deps: ApiDeps,
  query: LeadingCasesQuery,
): Promise<{ variant: string; compute: () => Promise<LookupOutcome> }> {
  await assertKnownCourt(deps.db, query.court);
  const topic = deps.search.changesWithReadModelState
    ? undefined
    : await topicContextOf(deps.search, query.query);
  return {
    variant: topic ? `${deps.today()} ${topicDigest(topic)}` : deps.today(),
    compute: async () => ({
      status: 200,
      body: await leadingCases(deps.db, deps.search, query, summaryContextOf(deps), topic),
    }),
  };
}

/** A topic context as a short string: whether the pool is all the matches, and its ids' digest. */
function topicDigest(topic: TopicContext): string {
  if (topic.ids === null) return 'no topic';
  const digest = createHash('sha1').update(topic.ids.join('\n')).digest('base64url');
  return `${topic.lowerBound ? 'more than' : 'all'} ${topic.ids.length} ${digest}`;
}

/** `/trends`: decisions per year by topic and/or provision (422 for an unknown court). */
export async function trendsFor(deps: ApiDeps, query: TrendsQuery): Promise<TrendsResponse> {
  await assertKnownCourt(deps.db, query.court);
  return trends(deps.db, deps.search, query);
}
