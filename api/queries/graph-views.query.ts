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
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { appealChainOf } from './appeal-chain.query.ts';
import { citationsOf } from './citations.query.ts';
import { assertKnownCourt } from './corpus.query.ts';
import { findNode, type NodeRow } from './graph-nodes.query.ts';
import { leadingCases } from './leading-cases.query.ts';
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

/** `/trends`: decisions per year by topic and/or provision (422 for an unknown court). */
export async function trendsFor(deps: ApiDeps, query: TrendsQuery): Promise<TrendsResponse> {
  await assertKnownCourt(deps.db, query.court);
  return trends(deps.db, deps.search, query);
}
