import type { FastifyError, FastifyInstance } from 'fastify';
import { SearchUnavailableError } from '../infra/search/search.port.ts';
import { RequestValidationError } from './validation.ts';

/** A client error with a status below 500 and a message meant for the caller. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new ApiError(404, 'API_NOT_FOUND', message);

/**
 * The one error handler: 422 with the spec's body for invalid input, the message for other client
 * errors, and a generic message for 5xx (logged with the request context).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.status(422).send({ detail: error.details });
    }
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ detail: error.message, code: error.code });
    }
    if (error instanceof SearchUnavailableError) {
      request.log.warn({ err: error }, 'search backend unavailable');
      reply.header('retry-after', '30');
      return reply
        .status(503)
        .send({
          detail: 'Search is temporarily unavailable; lookups by id keep working. Please retry shortly.',
          code: error.code,
        });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code?.startsWith('FST_ERR_CTP_') || fastifyError.code === 'FST_ERR_VALIDATION') {
      // Unparseable bodies are invalid input too: same 422 body as any other validation failure.
      return reply.status(422).send({
        detail: [
          {
            loc: ['body'],
            msg: error.message,
            type: fastifyError.code === 'FST_ERR_VALIDATION' ? 'value_error' : 'json_invalid',
          },
        ],
      });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ detail: error.message, code: fastifyError.code });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Internal server error', code: 'API_INTERNAL' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ detail: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'API_NO_ROUTE' });
  });
}
