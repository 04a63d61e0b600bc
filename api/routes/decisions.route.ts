import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decisionDetail,
  decisionParams,
  decisionQuery,
  type SearchDecisionsQuery,
  type SearchEnvelope,
  searchDecisionsQuery,
  searchEnvelope,
} from '../../contracts/api/decisions.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import type { SearchFilters } from '../../infra/search/search.port.ts';
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { assertKnownCourt } from '../queries/corpus.query.ts';
import { findDecision } from '../queries/decisions.query.ts';
import { wholeReferenceQuery } from '../queries/reference-search.query.ts';
import { toSummary } from '../queries/summaries.ts';
import { parseSearchText } from '../search-text.ts';

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

/** The search filters of the request's parameters. */
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

export const decisionsRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const lookup = async (idOrDocket: string, fullText: boolean) => {
      const ctx = { publicBaseUrl: deps.settings.publicBaseUrl, today: deps.today() };
      const found = await findDecision(deps.db, idOrDocket, ctx, fullText);
      if (!found) throw notFound(`No decision with id or docket number '${idOrDocket}'`);
      return found;
    };

    r.get(
      '/decisions',
      {
        schema: {
          tags: ['Decisions'],
          summary: 'Search decisions',
          description:
            'Full-text and filtered search. Check `total_is_lower_bound` before treating `total` as exact; follow `next_offset` while `has_more` is true; a relevance query draws on a bounded candidate pool, so `has_more: false` is not proof that every match was returned. Pages can be smaller than `limit` when full detail would be too large (see `notice`).',
          querystring: searchDecisionsQuery,
          response: { 200: searchEnvelope, 422: validationErrorBody, 503: errorBody },
        },
      },
      async (request) => {
        const q = request.query;
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
        });
        const ctx = { publicBaseUrl: deps.settings.publicBaseUrl, today: deps.today() };
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
      },
    );

    r.get(
      '/decisions/:decision_id',
      {
        schema: {
          tags: ['Decisions'],
          summary: 'One decision by id or docket number',
          params: decisionParams,
          querystring: decisionQuery,
          response: { 200: decisionDetail, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => lookup(request.params.decision_id, request.query.full_text),
    );

    // A docket number written with its slash unencoded (`/decisions/6B_1234/2025`).
    r.get(
      '/decisions/:docket_head/:docket_tail',
      {
        schema: {
          hide: true,
          params: z.object({
            docket_head: z.string().min(1).max(200),
            docket_tail: z.string().min(1).max(100),
          }),
          querystring: decisionQuery,
        },
      },
      async (request) =>
        lookup(`${request.params.docket_head}/${request.params.docket_tail}`, request.query.full_text),
    );

    r.get(
      '/entscheid/:decision_id',
      { schema: { hide: true, params: decisionParams } },
      async (request, reply) =>
        reply.redirect(
          `${deps.settings.basePath}/decisions/${encodeURIComponent(request.params.decision_id)}`,
        ),
    );
  };
