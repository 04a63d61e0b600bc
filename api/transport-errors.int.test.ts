/**
 * Requests the Node HTTP parser or the router rejects before any route sees them, against a
 * listening server spoken to over raw TCP: each answer has a JSON body in the shape of the spec's
 * 422 body (`/work/shared/spec/api.md`, Validation error body), with the status HTTP requires;
 * long but well-formed requests reach validation and get its 422.
 */
import { type AddressInfo, connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationErrorBody } from '../contracts/api/params.ts';
import { decisionEvent, makeDecision } from '../test/support/decisions.ts';
import { appOver, loadReadModels, type LoadedReadModels } from '../test/support/read-models.ts';
import { MAX_REQUEST_HEAD_BYTES } from './transport-errors.ts';

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

let loaded: LoadedReadModels;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  loaded = await loadReadModels([
    decisionEvent(
      makeDecision({ court: 'bger', docket_number: '4A_12/2020', full_text: 'Der Vertrag ist nichtig.' }),
    ),
  ]);
  app = await appOver(loaded);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  await loaded?.handle.close();
});

/** Sends raw bytes and reads the answer until the server closes the connection. */
function exchange(request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}

const get = (target: string, extraHeaders = '') =>
  exchange(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extraHeaders}Connection: close\r\n\r\n`);

const rawGet = (...parts: (string | number[])[]) =>
  exchange(
    Buffer.concat([
      Buffer.from('GET '),
      ...parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
      Buffer.from(' HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    ]),
  );

/** The body parsed and checked against the spec's shape; its entries. */
function detailsOf(response: RawResponse) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
  const parsed = validationErrorBody.parse(JSON.parse(response.body));
  expect(parsed.detail.length).toBeGreaterThan(0);
  return parsed.detail;
}

describe('long but well-formed requests reach validation', () => {
  it('a 16 kB query string gets the parameter bound, not 431', async () => {
    const response = await get(`/decisions?query=${'a'.repeat(16_000)}`);
    expect(response.status).toBe(422);
    expect(detailsOf(response)).toEqual([
      expect.objectContaining({
        loc: ['query', 'query'],
        type: 'string_too_long',
        ctx: { max_length: 1000 },
      }),
    ]);
  });

  it('a 16 kB query string the route accepts is answered', async () => {
    const response = await get(`/decisions?query=Vertrag&note=${'a'.repeat(16_000)}`);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ total: 1 });
  });

  it.each([2_000, 30_000])(
    'a %i-character path parameter gets the parameter bound, not 414',
    async (length) => {
      const response = await get(`/decisions/${'x'.repeat(length)}`);
      expect(response.status).toBe(422);
      expect(detailsOf(response)).toEqual([
        expect.objectContaining({
          loc: ['path', 'decision_id'],
          type: 'string_too_long',
          ctx: { max_length: 300 },
        }),
      ]);
    },
  );

  it('an undecodable path is the 422 body, with the CORS headers of every answer', async () => {
    const response = await get('/decisions/%C3%28');
    expect(response.status).toBe(422);
    expect(detailsOf(response)).toEqual([
      {
        loc: ['path'],
        msg: 'Path is not valid percent-encoded UTF-8',
        type: 'url_decoding',
        input: '%C3%28',
      },
    ]);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('requests the HTTP parser rejects get a JSON body', () => {
  it('a request head beyond the limit: 431', async () => {
    const response = await get(`/decisions?query=${'a'.repeat(100_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers['connection']).toBe('close');
    expect(detailsOf(response)).toEqual([
      {
        loc: ['request'],
        msg: `The request line and headers should have at most ${MAX_REQUEST_HEAD_BYTES} bytes; send long values in fewer or shorter parameters`,
        type: 'request_head_too_large',
        ctx: { max_bytes: MAX_REQUEST_HEAD_BYTES },
      },
    ]);
  });

  it('too many header bytes: 431', async () => {
    const headers = Array.from({ length: 40 }, (_, i) => `x-filler-${i}: ${'b'.repeat(2_000)}\r\n`).join('');
    const response = await get('/health', headers);
    expect(response.status).toBe(431);
    expect(detailsOf(response)[0]).toMatchObject({ loc: ['request'], type: 'request_head_too_large' });
  });

  it.each<[string, () => Promise<RawResponse>, RegExp]>([
    ['not HTTP at all', () => exchange('NOT A REQUEST\r\n\r\n'), /^Malformed HTTP request: Invalid method/],
    [
      'a NUL byte in the path',
      () => rawGet('/decisions/', [0x00]),
      /^Malformed HTTP request: Invalid char in url path/,
    ],
    [
      'raw invalid UTF-8 in the path',
      () => rawGet('/decisions/', [0xc3, 0x28]),
      /^Malformed HTTP request: Invalid char in url path/,
    ],
    [
      'a raw byte in the query',
      () => rawGet('/decisions?query=', [0xff]),
      /^Malformed HTTP request: Invalid char in url query/,
    ],
    [
      'a header line without a colon',
      () => get('/decisions', 'Bad Header\r\n'),
      /^Malformed HTTP request: Invalid header token/,
    ],
    [
      'both Content-Length and Transfer-Encoding',
      () =>
        exchange(
          'POST /attest HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
        ),
      /^Malformed HTTP request: Transfer-Encoding can't be present with Content-Length/,
    ],
  ])('%s: 400', async (_label, send, msg) => {
    const response = await send();
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([
      { loc: ['request'], msg: expect.stringMatching(msg), type: 'http_invalid' },
    ]);
  });
});
