import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LAW_MISS_DESCRIPTION,
  lawMissBody,
  lawParams,
  lawQuery,
  lawResponse,
  lawSearchQuery,
  lawSearchResponse,
  lawTwoPartParams,
  type LawQuery,
} from '../../contracts/api/laws.schema.ts';
import { validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { LookupCache, readModelStateOf } from '../lookup-cache.ts';
import { lookupLaw } from '../queries/law-lookup.query.ts';
import { searchLaws } from '../queries/law-search.query.ts';
import { RequestValidationError } from '../validation.ts';

const LOOKUP_DESCRIPTION =
  'The wording of an act (or one article) as consolidated on `as_of` (default today): the latest consolidation on or before that date. ' +
  'The name may be a stored abbreviation in de/fr/it (with or without dots and spaces), an SR number, a name of the public alias table ' +
  '(former names and former editions serve the current text with a note; pass `as_of` = `as_of_hint` for the former text; a section name serves only its block), ' +
  'a collection label naming one canton (LS with article 211.1 = ZH 211.1), or `_` with `sr_number` (and `canton`). ' +
  'A cantonal act takes its canton as second path element in either order: /laws/StG/ZH or /laws/ZH/StG. ' +
  LAW_MISS_DESCRIPTION;

/** Serialised acts and articles kept per process (a whole act can be large): 16 MB. */
const LAW_CACHE_BYTES = 16 * 1024 * 1024;

export const lawsRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/laws/search',
      {
        schema: {
          tags: ['Statutes'],
          summary: 'Search federal and cantonal statutes',
          description:
            'Full-text search over the current consolidation of every federal and cantonal act, with snippets (matches in <b>…</b>). ' +
            'Same query language as /decisions. A query starting with a single-article reference ("Art. 60 OR", "art. 190 al. 2 let. e LDIP") returns that article first (`exact_reference`).',
          querystring: lawSearchQuery,
          response: { 200: lawSearchResponse, 422: validationErrorBody },
        },
      },
      async (request) => searchLaws(deps.db, request.query, deps.settings.basePath),
    );

    const cache = new LookupCache(readModelStateOf(deps), LAW_CACHE_BYTES);
    const lookup = (
      request: FastifyRequest,
      reply: FastifyReply,
      abbreviation: string,
      second: string | undefined,
      query: LawQuery,
    ) => {
      const today = deps.today();
      return cache.serve(request, reply, today, async () => {
        const outcome = await lookupLaw(deps.db, {
          abbreviation,
          ...(second !== undefined ? { second } : {}),
          query,
          today,
        });
        if (outcome.kind === 'invalid') throw new RequestValidationError(outcome.details);
        return { status: outcome.kind === 'miss' ? 404 : 200, body: outcome.body };
      });
    };

    r.get(
      '/laws/:abbreviation',
      {
        schema: {
          tags: ['Statutes'],
          summary: 'An act or one article, as of a date',
          description: LOOKUP_DESCRIPTION,
          params: lawParams,
          querystring: lawQuery,
          response: { 200: lawResponse, 404: lawMissBody, 422: validationErrorBody },
        },
      },
      async (request, reply) => lookup(request, reply, request.params.abbreviation, undefined, request.query),
    );

    r.get(
      '/laws/:abbreviation/:second',
      {
        schema: {
          tags: ['Statutes'],
          summary: 'A cantonal act (canton as second path element), or a collection label with its SR number',
          description: LOOKUP_DESCRIPTION,
          params: lawTwoPartParams,
          querystring: lawQuery,
          response: { 200: lawResponse, 404: lawMissBody, 422: validationErrorBody },
        },
      },
      async (request, reply) =>
        lookup(request, reply, request.params.abbreviation, request.params.second, request.query),
    );
  };
