import type { FastifyError, FastifyInstance } from 'fastify';
import { SearchUnavailableError } from '../infra/search/search.port.ts';
import { RequestValidationError, type ValidationDetail } from './validation.ts';

/** A client error with a status below 500 and a message meant for the caller. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The whole answer body, when it says more than `{ detail, code }` (a statute miss). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new ApiError(404, 'API_NOT_FOUND', message);

/** The 422 entry for a client error Fastify (or a Fastify plugin) raised itself. */
export function frameworkDetail(error: FastifyError): ValidationDetail {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { loc: ['body'], msg: 'Request body is too large', type: 'body_too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        loc: ['header', 'content-type'],
        msg: 'Unsupported media type; send the body as application/json',
        type: 'media_type_unsupported',
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        loc: ['header', 'content-length'],
        msg: 'Content-Length does not match the body received',
        type: 'content_length_mismatch',
      };
    case 'FST_ERR_VALIDATION':
      return { loc: ['body'], msg: error.message, type: 'value_error' };
    default:
      if (error.code.startsWith('FST_ERR_CTP_'))
        return { loc: ['body'], msg: error.message, type: 'json_invalid' };
      if (error.code.startsWith('FST_STATIC_'))
        return { loc: ['path'], msg: error.message, type: 'path_invalid' };
      return { loc: ['request'], msg: error.message, type: 'value_error' };
  }
}

/** How an error is answered: HTTP status, JSON body, optional Retry-After and how it is logged. */
export interface ErrorAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly retryAfter?: string;
  readonly log?: { readonly level: 'warn' | 'error'; readonly message: string };
}

/**
 * The answer to any error: 422 with the spec's body for invalid input, the message for other client
 * errors, and a generic message for 5xx. Shared by the HTTP error handler and the MCP tools, so a
 * tool error carries the same body as the route.
 */
export function answerOf(error: FastifyError | Error): ErrorAnswer {
  if (error instanceof RequestValidationError) return { status: 422, body: { detail: error.details } };
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: error.body ?? { detail: error.message, code: error.code } };
  }
  if (error instanceof SearchUnavailableError) {
    return {
      status: 503,
      retryAfter: '30',
      log: { level: 'warn', message: 'search backend unavailable' },
      body: {
        detail: 'Search is temporarily unavailable; lookups by id keep working. Please retry shortly.',
        code: error.code,
      },
    };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (fastifyError.code?.startsWith('FST_') && status >= 400 && status < 500 && status !== 404) {
    // Input Fastify or one of its plugins rejected itself (unparseable or oversized body, unknown
    // media type, a static path outside its folder): same 422 body as any other invalid input.
    return { status: 422, body: { detail: [frameworkDetail(fastifyError)] } };
  }
  if (status < 500) return { status, body: { detail: error.message, code: fastifyError.code } };
  return {
    status: 500,
    log: { level: 'error', message: 'request failed' },
    body: { detail: 'Internal server error', code: 'API_INTERNAL' },
  };
}

/** The one error handler: answers as `answerOf` says, 5xx logged with the request context. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const answer = answerOf(error);
    if (answer.log) request.log[answer.log.level]({ err: error }, answer.log.message);
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
    return reply.status(answer.status).send(answer.body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ detail: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'API_NO_ROUTE' });
  });
}
