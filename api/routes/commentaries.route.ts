import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type CommentaryMissBody,
  COMMENTARY_MISS_DESCRIPTION,
  commentaryMissBody,
  commentaryParams,
  commentaryQuery,
  commentaryResponse,
  commentarySearchQuery,
  commentarySearchResponse,
} from '../../contracts/api/commentaries.schema.ts';
import { validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { lookupCommentaries, searchCommentaries } from '../queries/commentaries.query.ts';
import { RequestValidationError } from '../validation.ts';

type Outcome<B> =
  | { kind: 'found'; body: B }
  | { kind: 'miss'; body: CommentaryMissBody }
  | { kind: 'invalid'; details: ConstructorParameters<typeof RequestValidationError>[0] };

function answer<B>(reply: FastifyReply, outcome: Outcome<B>) {
  if (outcome.kind === 'invalid') throw new RequestValidationError(outcome.details);
  if (outcome.kind === 'miss') return reply.status(404).send(outcome.body);
  return outcome.body;
}

const EXCERPT =
  'Every paragraph is served verbatim with its margin number (N.), the authors, title, edition date, licence and URL of its commentary; ' +
  'records of the bundled sample say `sample: true` and their licence and URL say so too.';

export const commentariesRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/commentaries/search',
      {
        schema: {
          tags: ['Statutes'],
          summary: 'Search scholarly commentary excerpts',
          description:
            'Full-text search over the paragraphs of the open-access commentaries (OnlineKommentar), with snippets (matches in <b>…</b>). ' +
            'Same query language as /decisions. `abbreviation` restricts to one act and resolves as /laws does (OR = CO = 220); an unknown name is a miss (404). ' +
            EXCERPT,
          querystring: commentarySearchQuery,
          response: { 200: commentarySearchResponse, 404: commentaryMissBody, 422: validationErrorBody },
        },
      },
      async (request, reply) => answer(reply, await searchCommentaries(deps, request.query)),
    );

    r.get(
      '/commentaries/:abbreviation',
      {
        schema: {
          tags: ['Statutes'],
          summary: 'The commentaries of an act or one article',
          description:
            'The name resolves through the alias table of /laws: an abbreviation in de/fr/it (OR, CO), an SR number, a former name (served with a note) or `_` with `sr_number`. ' +
            `With \`article\`, the whole commentary of that article; without, every commentary of the act held in \`language\` with its first paragraphs. ${EXCERPT} ` +
            COMMENTARY_MISS_DESCRIPTION,
          params: commentaryParams,
          querystring: commentaryQuery,
          response: { 200: commentaryResponse, 404: commentaryMissBody, 422: validationErrorBody },
        },
      },
      async (request, reply) =>
        answer(
          reply,
          await lookupCommentaries(deps.db, {
            abbreviation: request.params.abbreviation,
            query: request.query,
            today: deps.today(),
            basePath: deps.settings.basePath,
          }),
        ),
    );
  };
