import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerClientError, MAX_REQUEST_HEAD_BYTES, transportError } from './transport-errors.ts';

const parseError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('transportError', () => {
  it.each<[string, string, number, string]>([
    ['HPE_HEADER_OVERFLOW', 'Header overflow', 431, 'request_head_too_large'],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 'Chunk extensions overflow', 413, 'request_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 'Request timeout', 408, 'request_timeout'],
    ['HPE_INVALID_METHOD', 'Parse Error: Invalid method encountered', 400, 'http_invalid'],
    ['HPE_UNEXPECTED_CONTENT_LENGTH', 'Parse Error: Unexpected content-length', 400, 'http_invalid'],
  ])('%s → %i %s', (code, message, status, type) => {
    const answer = transportError(parseError(code, message));
    expect(answer.status).toBe(status);
    expect(answer.detail).toMatchObject({ loc: ['request'], type });
  });

  it('names the limit and the parser reason', () => {
    expect(transportError(parseError('HPE_HEADER_OVERFLOW', 'x')).detail.ctx).toEqual({
      max_bytes: MAX_REQUEST_HEAD_BYTES,
    });
    expect(
      transportError(parseError('HPE_INVALID_URL', 'Parse Error: Invalid char in url path')).detail.msg,
    ).toBe('Malformed HTTP request: Invalid char in url path');
  });
});

function fakeSocket(state: { destroyed?: boolean; writable?: boolean } = {}) {
  const calls: { ended?: string; destroyed: boolean } = { destroyed: false };
  const socket = {
    destroyed: state.destroyed ?? false,
    writable: state.writable ?? true,
    end(data: string) {
      calls.ended = data;
    },
    destroy() {
      calls.destroyed = true;
    },
  };
  return { socket: socket as unknown as Socket, calls };
}

describe('answerClientError', () => {
  it('writes a complete HTTP response with the JSON body and closes', () => {
    const { socket, calls } = fakeSocket();
    answerClientError(parseError('HPE_HEADER_OVERFLOW', 'Header overflow'), socket);
    const [head = '', body = ''] = (calls.ended ?? '').split('\r\n\r\n');
    expect(head.split('\r\n')).toEqual([
      'HTTP/1.1 431 Request Header Fields Too Large',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ]);
    expect(JSON.parse(body)).toEqual({
      detail: [transportError(parseError('HPE_HEADER_OVERFLOW', '')).detail],
    });
    expect(calls.destroyed).toBe(false);
  });

  it('leaves a reset or destroyed connection alone and destroys one that cannot be written', () => {
    const reset = fakeSocket();
    answerClientError(parseError('ECONNRESET', 'reset'), reset.socket);
    expect(reset.calls).toEqual({ destroyed: false });
    const gone = fakeSocket({ destroyed: true });
    answerClientError(parseError('HPE_INVALID_METHOD', 'x'), gone.socket);
    expect(gone.calls).toEqual({ destroyed: false });
    const closing = fakeSocket({ writable: false });
    answerClientError(parseError('HPE_INVALID_METHOD', 'x'), closing.socket);
    expect(closing.calls).toEqual({ destroyed: true });
  });
});
