import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_ENCODING } from './input-guard.ts';
import type { ValidationDetail } from './validation.ts';

/**
 * Largest request line plus headers the server reads (Node's default is 16 KiB). Long but valid
 * query strings reach validation and get a 422 from the parameters' length bounds instead of a
 * transport error.
 */
export const MAX_REQUEST_HEAD_BYTES = 64 * 1024;

/**
 * Longest path parameter the router accepts. As long as a whole request head: every path parameter
 * reaches validation, whose bounds name the parameter in the 422 body.
 */
export const MAX_PARAM_LENGTH = MAX_REQUEST_HEAD_BYTES;

/** A request the Node HTTP parser rejected before any route saw it: the status HTTP requires and one entry. */
export function transportError(error: { code?: string; message: string }): {
  status: number;
  detail: ValidationDetail;
} {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        detail: {
          loc: ['request'],
          msg: `The request line and headers should have at most ${MAX_REQUEST_HEAD_BYTES} bytes; send long values in fewer or shorter parameters`,
          type: 'request_head_too_large',
          ctx: { max_bytes: MAX_REQUEST_HEAD_BYTES },
        },
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        detail: { loc: ['request'], msg: 'Chunk extensions are too large', type: 'request_too_large' },
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        detail: { loc: ['request'], msg: 'The request was not received in time', type: 'request_timeout' },
      };
    default: {
      const reason = error.message.replace(/^Parse Error:\s*/, '');
      return {
        status: 400,
        detail: { loc: ['request'], msg: `Malformed HTTP request: ${reason}`, type: 'http_invalid' },
      };
    }
  }
}

/**
 * Answers a connection whose request Node could not parse: no request or reply object exists, so
 * the response is written to the socket directly, with a JSON body in the shape of the 422 body.
 * `end` (not `destroy`) lets the client read the answer before the connection closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, detail } = transportError(error);
  const body = JSON.stringify({ detail: [detail] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

function undecodableSegment(path: string): string {
  for (const segment of path.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return path;
}

/**
 * Errors the router raises before a route is chosen (a path that is not valid percent-encoded
 * UTF-8, a path parameter beyond the router's limit): the 422 body, located at `path`.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const path = request.url.split('?')[0] ?? request.url;
  // No hook runs for these answers: the request id and the CORS headers of every other answer
  // (any origin may read the research endpoints' errors) are set here.
  reply.header('x-request-id', request.id);
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'x-request-id');
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(422).send({
      detail: [
        {
          loc: ['path'],
          msg: 'Path is not valid percent-encoded UTF-8',
          type: INVALID_ENCODING,
          input: undecodableSegment(path),
        },
      ],
    });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(422).send({
      detail: [
        {
          loc: ['path'],
          msg: `Path parameters should have at most ${MAX_PARAM_LENGTH} characters`,
          type: 'string_too_long',
          ctx: { max_length: MAX_PARAM_LENGTH },
        },
      ],
    });
    return;
  }
  request.log.error({ err: error }, 'routing failed');
  void reply.status(500).send({ detail: 'Internal server error', code: 'API_INTERNAL' });
}
