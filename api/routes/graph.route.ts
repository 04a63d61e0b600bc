import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appealChainQuery,
  appealChainResponse,
  citationsQuery,
  citationsResponse,
  graphDecisionParams,
  leadingCasesQuery,
  leadingCasesResponse,
  trendsQuery,
  trendsResponse,
} from '../../contracts/api/graph.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { LookupCache, readModelStateOf } from '../lookup-cache.ts';
import { appealChainFor, citationsFor, leadingCasesLookup, trendsFor } from '../queries/graph-views.query.ts';
import { LEADING_CASES_RANKING } from '../queries/leading-cases.query.ts';

const CONFIDENCE_RULES =
  'Edge confidence = confidence of the reference as written (citation grammar) × match (exact key 1; BGE published under the cited docket 0.9; inner BGE page 0.9) × court agreement (court named 1; canton only 0.85; neither 0.7) × date order (cited decision later than the citing one 0.2; stated date differs 0.6; stated date agrees 1.05; otherwise 1) ÷ number of decisions the reference could name; at most 1, two decimals.';

/** Serialised /leading-cases answers kept per process (a page of 20 is about 20 kB): 8 MB. */
const LEADING_CASES_CACHE_BYTES = 8 * 1024 * 1024;

/** The citation graph: /citations, /appeal-chain, /leading-cases, /trends. */
export const graphRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const leadingCache = new LookupCache(readModelStateOf(deps), LEADING_CASES_CACHE_BYTES);

    r.get(
      '/citations/:decision_id',
      {
        schema: {
          tags: ['Citation graph'],
          summary: 'What a decision cites and what cites it',
          description: `Each direction has its own total and continuation (\`next_offset\`); \`limit\` and \`offset\` apply per direction. One edge per decision (its most confident reference); outgoing in the order of the text, incoming newest first. ${CONFIDENCE_RULES}`,
          params: graphDecisionParams,
          querystring: citationsQuery,
          response: { 200: citationsResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => citationsFor(deps, request.params.decision_id, request.query),
    );

    r.get(
      '/appeal-chain/:decision_id',
      {
        schema: {
          tags: ['Citation graph'],
          summary: 'Prior and subsequent instances of a decision',
          description: `Prior instances come from the lower-court reference in the header ("Beschwerde gegen das Urteil des Obergerichts … vom … (LB220012)", "recours contre l'arrêt …", "ricorso contro la sentenza …") or the facts ("Mit Urteil vom … (…)"), followed down the chain; instances outside the corpus are listed unresolved. Subsequent instances are the decisions whose lower-court reference names this one. \`confidence\` is the product along the chain. ${CONFIDENCE_RULES}`,
          params: graphDecisionParams,
          querystring: appealChainQuery,
          response: { 200: appealChainResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => appealChainFor(deps, request.params.decision_id, request.query),
    );

    r.get(
      '/leading-cases',
      {
        schema: {
          tags: ['Citation graph'],
          summary: 'Most-cited decisions by topic or statute',
          description: `${LEADING_CASES_RANKING} \`law_code\` in any language (BV/Cst./Cost., OR/CO/CO, …) names one act by its SR number; \`article\` requires \`law_code\`.`,
          querystring: leadingCasesQuery,
          response: { 200: leadingCasesResponse, 422: validationErrorBody, 503: errorBody },
        },
      },
      async (request, reply) => {
        const { variant, compute } = await leadingCasesLookup(deps, request.query);
        return leadingCache.serve(request, reply, variant, compute);
      },
    );

    r.get(
      '/trends',
      {
        schema: {
          tags: ['Citation graph'],
          summary: 'Decisions per year by topic and/or statute',
          description:
            'Year-by-year decision counts: matches of a topic query, decisions citing a statute provision (`law_code` and `article` require each other), or both; without either, all decisions. Topic counts come from the search index and can be lower bounds.',
          querystring: trendsQuery,
          response: { 200: trendsResponse, 422: validationErrorBody, 503: errorBody },
        },
      },
      async (request) => trendsFor(deps, request.query),
    );
  };
