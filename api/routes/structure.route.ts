import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import {
  caseBriefResponse,
  caseParams,
  decisionRefParams,
  erwaegungNumber,
  erwaegungParams,
  erwaegungResponse,
  regesteResponse,
  structureQuery,
  structureResponse,
} from '../../contracts/api/structure.schema.ts';
import type { ApiDeps } from '../api-deps.ts';
import { caseBriefOf, erwaegungOf, regesteOf, structureOf } from '../queries/decision-views.query.ts';

/** Hidden twin of a route whose decision reference may carry an unencoded slash (`6B_1234/2025`). */
const headTail = { docket_head: z.string().min(1).max(200), docket_tail: z.string().min(1).max(100) };

export const structureRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/erwaegung/:decision_id/:e_number',
      {
        schema: {
          tags: ['Decision structure'],
          summary: 'Exact wording of one numbered Erwägung',
          description:
            'A number whose paragraph exists only through its children (4 where only 4.1 and 4.2 exist) returns the children composed.',
          params: erwaegungParams,
          response: { 200: erwaegungResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => erwaegungOf(deps, request.params.decision_id, request.params.e_number),
    );
    r.get(
      '/erwaegung/:docket_head/:docket_tail/:e_number',
      { schema: { hide: true, params: z.object({ ...headTail, e_number: erwaegungNumber }) } },
      async (request) =>
        erwaegungOf(
          deps,
          `${request.params.docket_head}/${request.params.docket_tail}`,
          request.params.e_number,
        ),
    );

    r.get(
      '/regeste/:decision_id',
      {
        schema: {
          tags: ['Decision structure'],
          summary: "The court's own head-note",
          description:
            "Accepts a decision id, BGE reference or docket number. '(E. x.y)' references inside point to paragraphs retrievable with /erwaegung.",
          params: decisionRefParams,
          response: { 200: regesteResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => regesteOf(deps, request.params.decision_id),
    );
    r.get(
      '/regeste/:docket_head/:docket_tail',
      { schema: { hide: true, params: z.object(headTail) } },
      async (request) => regesteOf(deps, `${request.params.docket_head}/${request.params.docket_tail}`),
    );

    r.get(
      '/structure/:decision_id',
      {
        schema: {
          tags: ['Decision structure'],
          summary: 'Sachverhalt, Erwägungen, Dispositiv and Regeste as separate fields',
          params: decisionRefParams,
          querystring: structureQuery,
          response: { 200: structureResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => structureOf(deps, request.params.decision_id, request.query.paragraph_excerpt_chars),
    );
    r.get(
      '/structure/:docket_head/:docket_tail',
      { schema: { hide: true, params: z.object(headTail), querystring: structureQuery } },
      async (request) =>
        structureOf(
          deps,
          `${request.params.docket_head}/${request.params.docket_tail}`,
          request.query.paragraph_excerpt_chars,
        ),
    );

    r.get(
      '/case-brief/:case',
      {
        schema: {
          tags: ['Decision structure'],
          summary: 'Brief: facts, reasoning, statutes, authority, related cases',
          params: caseParams,
          response: { 200: caseBriefResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => caseBriefOf(deps, request.params.case),
    );
    r.get(
      '/case-brief/:docket_head/:docket_tail',
      { schema: { hide: true, params: z.object(headTail) } },
      async (request) => caseBriefOf(deps, `${request.params.docket_head}/${request.params.docket_tail}`),
    );
  };
