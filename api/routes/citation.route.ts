import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attestBody,
  attestResponse,
  citeQuery,
  citeResponse,
  verifyClaimBody,
  verifyClaimResponse,
} from '../../contracts/api/citation.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import { llmQuotaBody } from '../../contracts/api/teaching.schema.ts';
import { lexicalClaimJudge } from '../../infra/llm/lexical-claim-judge.ts';
import type { ApiDeps } from '../api-deps.ts';
import { LookupCache, readModelStateOf } from '../lookup-cache.ts';
import { ApiError } from '../errors.ts';
import { chargeLlmQuota } from '../llm-quota.ts';
import { attestDraft } from '../queries/attest.query.ts';
import { cite } from '../queries/cite.query.ts';
import { summaryContextOf } from '../queries/summaries.ts';
import { verifyClaim } from '../queries/verify-claim.query.ts';

/** Serialised /cite answers kept per process: 8 MB. */
const CITE_CACHE_BYTES = 8 * 1024 * 1024;

export const citationRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const citeCache = new LookupCache(readModelStateOf(deps), CITE_CACHE_BYTES);
    r.get(
      '/cite',
      {
        schema: {
          tags: ['Citation integrity'],
          summary: 'Citation strings, canonical URL and rule statement of a case reference',
          description:
            'All three citation strings are always returned. A reference that names no decision gives exists: false and close_matches (the BGE whose pages hold a cited inner page; dockets of the same register and year a typo away).',
          querystring: citeQuery,
          response: { 200: citeResponse, 422: validationErrorBody },
        },
      },
      async (request, reply) =>
        citeCache.serve(request, reply, deps.today(), async () => ({
          status: 200,
          body: await cite(deps, request.query.reference, request.query.pinpoint, request.query.language),
        })),
    );
    r.post(
      '/attest',
      {
        schema: {
          tags: ['Citation integrity'],
          summary: "Checks a draft's case citations, pinpoints, dates, quotations and statute references",
          description:
            'Certifies only the references the draft makes; it does not certify that no relevant authority is missing. Case citations of the kinds BGE, BGer, BVGer, BVGE, BStGer, BPatGer, MKGE, ATF, TF, TAF, ATAF, TPF, TFB, ATMC, STMC and cantonal courts are checked.',
          body: attestBody,
          response: { 200: attestResponse, 422: validationErrorBody },
        },
      },
      async (request) =>
        attestDraft(deps.db, request.body.draft_text, summaryContextOf(deps), request.body.audit_grounding),
    );
    r.post(
      '/verify-claim',
      {
        schema: {
          tags: ['Citation integrity'],
          summary: "Whether a decision's verbatim text supports a claim",
          description:
            'An independent language-model judge (the deterministic lexical judge when none is configured; `judge` says which answered). Excerpts are checked to be verbatim in the decision and dropped otherwise. When the language model fails or times out the answer is 503, never a guessed verdict. With a language model, each call counts against the daily quota per client address (429 with Retry-After when used up).',
          body: verifyClaimBody,
          response: {
            200: verifyClaimResponse,
            404: errorBody,
            422: validationErrorBody,
            503: errorBody,
            ...(deps.llmQuota ? { 429: llmQuotaBody } : {}),
          },
        },
      },
      async (request, reply) => {
        try {
          if (deps.claimJudge && deps.claimJudge.name !== lexicalClaimJudge.name)
            await chargeLlmQuota(deps.llmQuota, request, reply);
          return await verifyClaim(deps, request.body, request.log);
        } catch (error) {
          if (error instanceof ApiError && error.statusCode === 503) reply.header('retry-after', '30');
          throw error;
        }
      },
    );
  };
