/**
 * No input makes the API fail: every route (as the app registers them) gets hostile strings in
 * each path parameter, each query-string parameter of its schema and each JSON body field — NUL,
 * lone surrogates, control characters, undecodable percent escapes, 100 kB values, path tricks,
 * unicode — plus malformed bodies. Properties: no 5xx; every 4xx has a JSON body; every 422 body
 * has the spec's shape (`/work/shared/spec/api.md`, Validation error body); strings no handler
 * can use are answered with a 422 that locates them.
 */
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationErrorBody } from '../contracts/api/params.ts';
import { decisionEvent, makeDecision } from '../test/support/decisions.ts';
import {
  benignValues,
  encodeLoosely,
  hasForbiddenControl,
  hasLoneSurrogate,
  HOSTILE_STRINGS,
  type Part,
  queryOf,
  randomHostileString,
  type RouteUnderTest,
  routesUnderTest,
  seededRandom,
  UNDECODABLE_ESCAPES,
  urlOf,
} from '../test/support/hostile-input.ts';
import { appOver, loadReadModels, type LoadedReadModels } from '../test/support/read-models.ts';
import { makeVersion, versionEvent } from '../test/support/statutes-events.ts';

const DECISIONS = [
  makeDecision({
    court: 'bger',
    docket_number: '4A_12/2020',
    full_text: 'Sachverhalt. Erwägung 1. Der Vertrag ist nach Art. 20 OR nichtig. BGE 140 III 1 E. 2.',
  }),
  makeDecision({
    court: 'bge',
    docket_number: 'BGE 140 III 1',
    full_text:
      'Regeste. Art. 8 ZGB. Erwägung 2. Die Beweislast trägt, wer aus einer Tatsache Rechte ableitet.',
  }),
];
const KNOWN_ID = DECISIONS[0]!.decision_id;

/** Path values that reach the handlers' lookups (ids, dockets, an act, a static file). */
const BENIGN_PATH: Record<string, string> = {
  decision_id: KNOWN_ID,
  case: KNOWN_ID,
  docket_head: '4A_12',
  docket_tail: '2020',
  e_number: '1',
  abbreviation: 'TG',
  second: '1',
  catalog_id: 'x',
  court: 'bger',
  '*': 'index.css',
};
const QUERY_CANDIDATES: readonly unknown[] = ['x', 'de', 'AS', '2020-01-01', '2020', '1', 'true', '0.5'];
const BODY_CANDIDATES: readonly unknown[] = ['Der Vertrag ist nichtig.', true, 0.5, 1];

interface Expected {
  readonly type: 'string_invalid_characters' | 'url_decoding';
  readonly loc: readonly string[];
}

/**
 * What a request carrying `value` in `part` must be answered with, when it must be refused. A CORS
 * preflight reads no input and is answered before any validation, so that the browser goes on to
 * the actual request and shows its 422.
 */
function expectedRefusal(
  route: RouteUnderTest,
  part: Part,
  name: string,
  value: string,
): Expected | undefined {
  if (route.method === 'OPTIONS') return undefined;
  if (part !== 'body' && hasLoneSurrogate(value)) {
    return { type: 'url_decoding', loc: part === 'path' ? ['path'] : ['query', name] };
  }
  if (hasLoneSurrogate(value) || hasForbiddenControl(value, part !== 'path')) {
    // A parameter with a fixed suffix (`:court.xml`) matches no line break, so such a path reaches
    // no route and the not-found guard refuses it for the whole path.
    const unrouted = part === 'path' && route.url.includes(`:${name}.`) && /[\r\n]/.test(value);
    return { type: 'string_invalid_characters', loc: unrouted ? ['path', '*'] : [part, name] };
  }
  return undefined;
}

/** Everything wrong with one answer (empty: the answer keeps the properties). */
function problemsOf(label: string, res: LightMyRequestResponse, expected?: Expected): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  let body: unknown;
  if (res.statusCode >= 400) {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
      problems.push(`${label}: ${res.statusCode} without a JSON content type`);
    }
    try {
      body = JSON.parse(res.body);
    } catch {
      problems.push(`${label}: ${res.statusCode} body is not JSON: ${res.body.slice(0, 200)}`);
    }
  }
  if (res.statusCode === 422 && body !== undefined) {
    const parsed = validationErrorBody.safeParse(body);
    if (!parsed.success || parsed.data.detail.length === 0) {
      problems.push(`${label}: 422 body not in the spec's shape: ${res.body.slice(0, 300)}`);
    }
  }
  if (expected) {
    const details = res.statusCode === 422 ? validationErrorBody.safeParse(body).data?.detail : undefined;
    const located = details?.some(
      (d) => d.type === expected.type && JSON.stringify(d.loc) === JSON.stringify(expected.loc),
    );
    if (!located) {
      problems.push(
        `${label}: expected 422 ${expected.type} at ${JSON.stringify(expected.loc)}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
    }
  }
  return problems;
}

// Thousands of requests per test; a generous bound for slow machines (not an assertion on time).
const FUZZ_TIMEOUT_MS = 300_000;

const printable = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

let loaded: LoadedReadModels;
let app: FastifyInstance;
let routes: RouteUnderTest[];

beforeAll(async () => {
  loaded = await loadReadModels([
    ...DECISIONS.map(decisionEvent),
    versionEvent(makeVersion({ sr_number: '210', consolidation_date: '2024-01-01', abbreviation: 'TG' })),
  ]);
  const registered: RouteOptions[] = [];
  app = await appOver(loaded, { app: { onRoute: (route) => registered.push(route) } });
  await app.ready();
  // Billing is not configured here, so its routes answer 503 by design; they are fuzzed configured
  // in billing-hostile-input.route.int.test.ts.
  routes = routesUnderTest(registered).filter((r) => !r.url.startsWith('/billing/'));
});

afterAll(async () => {
  await app?.close();
  await loaded?.handle.close();
});

function baseline(route: RouteUnderTest) {
  const params = Object.fromEntries(
    route.pathParams.map((p) => [p, encodeURIComponent(BENIGN_PATH[p] ?? 'x')]),
  ) as Record<string, string>;
  return {
    params,
    query: benignValues(route.query, QUERY_CANDIDATES).required,
    body: benignValues(route.body, BODY_CANDIDATES).required,
  };
}

async function send(route: RouteUnderTest, url: string, body?: unknown): Promise<LightMyRequestResponse> {
  const method = route.method as 'GET' | 'POST' | 'OPTIONS';
  if (method !== 'POST') return app.inject({ method, url });
  return app.inject({
    method,
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

describe('hostile input on every route', () => {
  it('finds every route of the API, with its schemas', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const key of [
      'GET /decisions',
      'GET /decisions/:decision_id',
      'GET /decisions/:docket_head/:docket_tail',
      'GET /cite',
      'POST /attest',
      'POST /verify-claim',
      'GET /laws/search',
      'GET /laws/:abbreviation/:second',
      'GET /legislation/:catalog_id',
      'GET /erwaegung/:docket_head/:docket_tail/:e_number',
      'GET /docs/static/*',
      'GET /decisions/:decision_id/export.pdf',
      'GET /decisions/:docket_head/:docket_tail/export.docx',
      'GET /atom/:court.xml',
      'GET /doctrine',
      'GET /commentaries/search',
      'GET /materialien/:law_code',
      'GET /exam-question',
      'POST /mock-decision',
    ]) {
      expect(keys).toContain(key);
    }
    expect(routes.length).toBeGreaterThan(35);
    expect(routes.find((r) => r.url === '/decisions')?.query?.shape).toHaveProperty('chamber');
    expect(routes.find((r) => r.url === '/verify-claim')?.body?.shape).toHaveProperty('decision_id');
  });

  it('refuses the reported inputs with the 422 body', async () => {
    const nul = (loc: string[], input: string, position = 0) => ({
      detail: [
        {
          loc,
          msg: 'String should not contain the control character U+0000 (NUL)',
          type: 'string_invalid_characters',
          input,
          ctx: { character: 'U+0000', position },
        },
      ],
    });
    const cases: [string, string, unknown, unknown][] = [
      ['GET', '/decisions/%00', undefined, nul(['path', 'decision_id'], '\u0000')],
      ['GET', '/cite?reference=%00', undefined, nul(['query', 'reference'], '\u0000')],
      ['GET', '/laws/search?query=a%00b', undefined, nul(['query', 'query'], 'a\u0000b', 1)],
      ['GET', '/decisions?chamber=%00', undefined, nul(['query', 'chamber'], '\u0000')],
      [
        'POST',
        '/verify-claim',
        '{"claim":"x","decision_id":"\\u0000"}',
        nul(['body', 'decision_id'], '\u0000'),
      ],
      [
        'POST',
        '/verify-claim',
        '{"claim":"x","decision_id":"\\ud800"}',
        {
          detail: [
            {
              loc: ['body', 'decision_id'],
              msg: 'String should not contain an unpaired surrogate (U+D800)',
              type: 'string_invalid_characters',
              input: '\ud800',
              ctx: { character: 'U+D800', position: 0 },
            },
          ],
        },
      ],
      [
        'GET',
        '/decisions/%C3%28',
        undefined,
        {
          detail: [
            {
              loc: ['path'],
              msg: 'Path is not valid percent-encoded UTF-8',
              type: 'url_decoding',
              input: '%C3%28',
            },
          ],
        },
      ],
      [
        'GET',
        '/laws/search?query=%C3%28',
        undefined,
        {
          detail: [
            {
              loc: ['query', 'query'],
              msg: 'Query parameter value is not valid percent-encoded UTF-8',
              type: 'url_decoding',
              input: '%C3%28',
            },
          ],
        },
      ],
    ];
    for (const [method, url, payload, expected] of cases) {
      const res = await app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload: payload as string, headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(422);
      expect(res.json(), `${method} ${url}`).toEqual(expected);
      // Browsers can read the answer.
      expect(res.headers['access-control-allow-origin'], `${method} ${url}`).toBe('*');
      expect(res.headers['x-request-id'], `${method} ${url}`).toEqual(expect.any(String));
    }
  });

  it("answers Fastify's own client errors with the 422 body", async () => {
    const post = (payload: string, type = 'application/json') =>
      app.inject({ method: 'POST', url: '/attest', payload, headers: { 'content-type': type } });
    const entry = async (response: Promise<LightMyRequestResponse>) => {
      const res = await response;
      expect(res.statusCode).toBe(422);
      return validationErrorBody.parse(res.json()).detail;
    };
    expect(await entry(post('<draft/>', 'application/xml'))).toEqual([
      {
        loc: ['header', 'content-type'],
        msg: 'Unsupported media type; send the body as application/json',
        type: 'media_type_unsupported',
      },
    ]);
    expect(await entry(post(JSON.stringify({ draft_text: 'a'.repeat(2_000_000) })))).toEqual([
      { loc: ['body'], msg: 'Request body is too large', type: 'body_too_large' },
    ]);
    expect(await entry(post('{"draft_text":'))).toEqual([
      expect.objectContaining({ loc: ['body'], type: 'json_invalid' }),
    ]);
    expect(await entry(post(`{"draft_text":${'['.repeat(50_000)}${']'.repeat(50_000)}}`))).toEqual([
      expect.objectContaining({ type: 'json_too_deep', ctx: { max_depth: 32 } }),
    ]);
    // A path parameter longer than the router reads (only reachable without the HTTP parser's limit).
    expect(await entry(app.inject({ url: `/decisions/${'x'.repeat(100_000)}` }))).toEqual([
      {
        loc: ['path'],
        msg: 'Path parameters should have at most 65536 characters',
        type: 'string_too_long',
        ctx: { max_length: 65536 },
      },
    ]);
  });

  it('keeps tabs and line breaks in free text', async () => {
    const attest = await app.inject({
      method: 'POST',
      url: '/attest',
      payload: { draft_text: 'Gemäss BGE 140 III 1\tE. 2\r\nist der Vertrag nichtig.\n' },
    });
    expect(attest.statusCode).toBe(200);
    const search = await app.inject({ url: '/decisions?query=Vertrag%0Anichtig' });
    expect(search.statusCode).toBe(200);
  });

  it(
    'answers hostile path parameters',
    async () => {
      const problems: string[] = [];
      for (const route of routes) {
        const base = baseline(route);
        for (const name of route.pathParams) {
          for (const value of HOSTILE_STRINGS) {
            const url = urlOf(route, { ...base.params, [name]: encodeLoosely(value) }, queryOf(base.query));
            const label = `${route.method} ${route.url} path ${name}=${printable(value)}`;
            problems.push(
              ...problemsOf(
                label,
                await send(route, url, base.body),
                expectedRefusal(route, 'path', name, value),
              ),
            );
          }
          for (const escape of UNDECODABLE_ESCAPES) {
            const url = urlOf(route, { ...base.params, [name]: `a${escape}` }, queryOf(base.query));
            const label = `${route.method} ${route.url} path ${name}=a${escape}`;
            const expected =
              route.method === 'OPTIONS' ? undefined : ({ type: 'url_decoding', loc: ['path'] } as const);
            problems.push(...problemsOf(label, await send(route, url, base.body), expected));
          }
        }
      }
      expect(problems).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers hostile query-string parameters',
    async () => {
      const problems: string[] = [];
      for (const route of routes) {
        const base = baseline(route);
        const names = [...Object.keys(route.query?.shape ?? {}), 'unknown_parameter'];
        for (const name of names) {
          for (const value of HOSTILE_STRINGS) {
            const url = urlOf(route, base.params, queryOf(base.query, { [name]: encodeLoosely(value) }));
            const label = `${route.method} ${route.url} query ${name}=${printable(value)}`;
            problems.push(
              ...problemsOf(
                label,
                await send(route, url, base.body),
                expectedRefusal(route, 'query', name, value),
              ),
            );
          }
          for (const escape of UNDECODABLE_ESCAPES) {
            const url = urlOf(route, base.params, queryOf(base.query, { [name]: `a${escape}` }));
            const label = `${route.method} ${route.url} query ${name}=a${escape}`;
            const expected =
              route.method === 'OPTIONS'
                ? undefined
                : ({ type: 'url_decoding', loc: ['query', name] } as const);
            problems.push(...problemsOf(label, await send(route, url, base.body), expected));
          }
        }
        // A parameter name that is itself hostile, and a repeated parameter.
        const url = urlOf(route, base.params, `${queryOf(base.query)}&%00=1&limit=1&limit=2`);
        const label = `${route.method} ${route.url} query name NUL`;
        const expected =
          route.method === 'OPTIONS'
            ? undefined
            : ({ type: 'string_invalid_characters', loc: ['query', '\u0000'] } as const);
        problems.push(...problemsOf(label, await send(route, url, base.body), expected));
      }
      expect(problems).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers hostile JSON body fields',
    async () => {
      const problems: string[] = [];
      const odd: unknown[] = [null, 0, -1, 1e308, true, [], {}, ['\u0000'], { nested: ['\ud800'] }];
      for (const route of routes.filter((r) => r.body)) {
        const base = baseline(route);
        for (const name of Object.keys(route.body!.shape)) {
          for (const value of [...HOSTILE_STRINGS, ...odd]) {
            const label = `${route.method} ${route.url} body ${name}=${typeof value === 'string' ? printable(value) : JSON.stringify(value)}`;
            const res = await send(route, urlOf(route, base.params), { ...base.body, [name]: value });
            const expected =
              typeof value === 'string' ? expectedRefusal(route, 'body', name, value) : undefined;
            problems.push(...problemsOf(label, res, expected));
          }
        }
        const keyed = await send(route, urlOf(route, base.params), { ...base.body, '\u0000key': 'x' });
        problems.push(
          ...problemsOf(`${route.url} body key NUL`, keyed, {
            type: 'string_invalid_characters',
            loc: ['body', '\u0000key'],
          }),
        );
      }
      expect(problems).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers malformed, oversized and mistyped bodies with the 422 body',
    async () => {
      const problems: string[] = [];
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const payloads: { label: string; payload: string | Buffer; type?: string }[] = [
        { label: 'empty', payload: '' },
        { label: 'truncated', payload: '{"draft_text":' },
        { label: 'array', payload: '[]' },
        { label: 'null', payload: 'null' },
        { label: 'string', payload: '"\\u0000"' },
        { label: 'deeply nested', payload: deep },
        { label: 'prototype', payload: '{"__proto__":{"x":1},"claim":"x"}' },
        { label: 'constructor', payload: '{"constructor":{"prototype":{"x":1}}}' },
        {
          label: 'invalid UTF-8 bytes',
          payload: Buffer.from([0x7b, 0x22, 0x63, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x28, 0x22, 0x7d]),
        },
        { label: '2 MB', payload: JSON.stringify({ draft_text: 'a'.repeat(2_000_000) }) },
        { label: 'xml', payload: '<draft/>', type: 'application/xml' },
        { label: 'text', payload: 'plain text', type: 'text/plain' },
        { label: 'form', payload: 'claim=x', type: 'application/x-www-form-urlencoded' },
      ];
      for (const route of routes.filter((r) => r.body)) {
        for (const { label, payload, type } of payloads) {
          const res = await app.inject({
            method: 'POST',
            url: route.url,
            payload,
            headers: { 'content-type': type ?? 'application/json' },
          });
          problems.push(...problemsOf(`${route.url} ${label}`, res));
          if (res.statusCode !== 422)
            problems.push(`${route.url} ${label}: ${res.statusCode} instead of 422`);
        }
      }
      expect(problems).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers seeded random strings in every part',
    async () => {
      const random = seededRandom(20_260_115);
      const problems: string[] = [];
      for (const route of routes) {
        const base = baseline(route);
        for (let round = 0; round < 20; round++) {
          const value = randomHostileString(random);
          const label = (part: string, name: string) =>
            `${route.method} ${route.url} ${part} ${name}=${JSON.stringify(value)} (seeded round ${round})`;
          for (const name of route.pathParams) {
            const url = urlOf(route, { ...base.params, [name]: encodeLoosely(value) }, queryOf(base.query));
            problems.push(
              ...problemsOf(
                label('path', name),
                await send(route, url, base.body),
                expectedRefusal(route, 'path', name, value),
              ),
            );
          }
          for (const name of Object.keys(route.query?.shape ?? {})) {
            const url = urlOf(route, base.params, queryOf(base.query, { [name]: encodeLoosely(value) }));
            problems.push(
              ...problemsOf(
                label('query', name),
                await send(route, url, base.body),
                expectedRefusal(route, 'query', name, value),
              ),
            );
          }
          for (const name of Object.keys(route.body?.shape ?? {})) {
            const res = await send(route, urlOf(route, base.params), { ...base.body, [name]: value });
            problems.push(
              ...problemsOf(label('body', name), res, expectedRefusal(route, 'body', name, value)),
            );
          }
        }
      }
      expect(problems).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );
});
