import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decisionDetail,
  decisionParams,
  decisionQuery,
  type DecisionQuery,
  searchDecisionsQuery,
  searchEnvelope,
} from '../../contracts/api/decisions.schema.ts';
import { EXPORT_FORMATS } from '../../contracts/api/exports.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { LookupCache, readModelStateOf } from '../lookup-cache.ts';
import { notFound } from '../errors.ts';
import { compactSearchPage, searchDecisions } from '../queries/decision-search.query.ts';
import { decisionOrNotFound } from '../queries/decisions.query.ts';

/** Serialised decisions kept per process (full texts included): 32 MB. */
const DECISION_CACHE_BYTES = 32 * 1024 * 1024;

export const decisionsRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const cache = new LookupCache(readModelStateOf(deps), DECISION_CACHE_BYTES);
    const lookup = (request: FastifyRequest, reply: FastifyReply, idOrDocket: string, query: DecisionQuery) =>
      cache.serve(request, reply, deps.today(), async () => ({
        status: 200,
        body: await decisionOrNotFound(deps, idOrDocket, query),
      }));

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
      async (request, reply) =>
        request.query.fields === 'compact'
          ? // serialised as it is built (the summaries once per decision), not through the schema
            (reply as FastifyReply)
              .type('application/json; charset=utf-8')
              .send(await compactSearchPage(deps, request.query))
          : searchDecisions(deps, request.query),
    );

    r.get(
      '/decisions/:decision_id',
      {
        schema: {
          tags: ['Decisions'],
          summary: 'One decision by id or docket number',
          description:
            'The newest version of the decision, with every version it had (`versions`: when seen, what changed, content hash, source); `version=N` serves version N with the same citation strings. A withdrawn decision (`withdrawn: true`) stays retrievable here but has left search and the court feeds.',
          params: decisionParams,
          querystring: decisionQuery,
          response: { 200: decisionDetail, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request, reply) => lookup(request, reply, request.params.decision_id, request.query),
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
      async (request, reply) => {
        const { docket_head: head, docket_tail: tail } = request.params;
        // `/decisions/{id}/export.doc`: an export format the service does not offer, not a docket.
        const format = /^export\.([^./]*)$/.exec(tail);
        if (format)
          throw notFound(
            `No export format '${format[1]}'; formats: ${EXPORT_FORMATS.join(', ')} (/decisions/${head}/export.docx)`,
          );
        return lookup(request, reply, `${head}/${tail}`, request.query);
      },
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
