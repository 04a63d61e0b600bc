import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import {
  examQuestionQuery,
  examQuestionResponse,
  llmQuotaBody,
  mockDecisionBody,
  mockDecisionQuery,
  mockDecisionResponse,
  type MockDecisionRequest,
} from '../../contracts/api/teaching.schema.ts';
import type { ApiDeps } from '../api-deps.ts';
import { ApiError } from '../errors.ts';
import { chargeLlmQuota } from '../llm-quota.ts';
import { examQuestion } from '../queries/exam-question.query.ts';
import { mockDecision } from '../queries/mock-decision.query.ts';

const MODEL_NOTE =
  'With a language model configured, each call counts against the daily quota per client address (429 with Retry-After when used up); a failing or slow model gives 503, never an invented authority.';

/** A 503 of the model carries Retry-After like every other unavailable answer. */
async function answering<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 503) reply.header('retry-after', '30');
    throw error;
  }
}

export const teachingRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const model = deps.languageModel ?? null;
    const responses = <T>(ok: T) => ({
      200: ok,
      404: errorBody,
      422: validationErrorBody,
      ...(model ? { 429: llmQuotaBody, 503: errorBody } : {}),
    });
    r.get(
      '/exam-question',
      {
        schema: {
          tags: ['Teaching and drafting'],
          summary: 'An exam question from a real leading-decision fact pattern, with hidden analysis',
          description: `Picks the highest-ranked leading decision on the topic (not in exclude_ids) that has facts and Erwägungen. The fact pattern is its Sachverhalt verbatim (rewritten as an exam case when a language model is configured); the hidden analysis quotes the decisive Erwägungen and the Dispositiv verbatim (checked) with citation strings. 404 when no such decision exists. ${MODEL_NOTE}`,
          querystring: examQuestionQuery,
          response: responses(examQuestionResponse),
        },
      },
      async (request, reply) =>
        answering(reply, async () => {
          if (model) await chargeLlmQuota(deps.llmQuota, request, reply);
          return examQuestion(deps, request.query, model);
        }),
    );
    const mock = async (
      body: MockDecisionRequest,
      loc: 'body' | 'query',
      request: Parameters<typeof chargeLlmQuota>[1],
      reply: FastifyReply,
    ) =>
      answering(reply, async () => {
        if (model) await chargeLlmQuota(deps.llmQuota, request, reply);
        return mockDecision(deps, body, model, loc);
      });
    const mockDescription = `A research-only outline (research_only: true): issues, the statutes applied (resolved through the alias table and quoted verbatim; those that do not resolve are listed with the reason), up to \`limit\` relevant decisions (leading cases on the provisions, then text matches of the facts) with citation strings, an Erwägungen outline, a proposed Dispositiv and clarifying questions when the facts are thin. Every cited decision and article exists in the read models. ${MODEL_NOTE}`;
    r.post(
      '/mock-decision',
      {
        schema: {
          tags: ['Teaching and drafting'],
          summary: 'Research-only mock decision outline grounded in case law and statutes',
          description: mockDescription,
          body: mockDecisionBody,
          response: responses(mockDecisionResponse),
        },
      },
      async (request, reply) => mock(request.body, 'body', request, reply),
    );
    r.get(
      '/mock-decision',
      {
        schema: {
          tags: ['Teaching and drafting'],
          summary: 'Mock decision outline (the fields of MockDecisionRequest as query parameters)',
          description: `${mockDescription} statute_references and clarifications are JSON arrays; legislation_urls may be repeated.`,
          querystring: mockDecisionQuery,
          response: responses(mockDecisionResponse),
        },
      },
      async (request, reply) => mock(request.query, 'query', request, reply),
    );
  };
