import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { doctrineQuery, doctrineResponse } from '../../contracts/api/doctrine.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { DOCTRINE_TIMELINE_RULE, doctrine } from '../queries/doctrine.query.ts';

export const DOCTRINE_DESCRIPTION =
  '`query` is a statute reference (Art. 41 OR, art. 41 CO, art. 8 al. 2 Cst.: that article of the federal act, OR = CO = SR 220), a concept (words the wording of a federal article uses, such as Treu und Glauben or bonne foi) or a topic (anything else, in the query language of /decisions). ' +
  'Returns the statute text verbatim from the statute collection (the article named; for a concept the article using it that the leading decisions apply most; for a topic the provision the leading decisions apply most), ' +
  'the leading decisions ranked as /leading-cases ranks them (citation graph), a year-by-year timeline and one commentary paragraph verbatim with its margin number and source; every decision with its citation strings and canonical URL. ' +
  `Deterministic; no language model. Timeline: ${DOCTRINE_TIMELINE_RULE} 404 when nothing at all is held on the query.`;

export const doctrineRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/doctrine',
      {
        schema: {
          tags: ['Statutes'],
          summary:
            'Doctrine of a topic, statute reference or concept: statute text, leading decisions, timeline, commentary',
          description: DOCTRINE_DESCRIPTION,
          querystring: doctrineQuery,
          response: { 200: doctrineResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => doctrine(deps, request.query),
    );
  };
