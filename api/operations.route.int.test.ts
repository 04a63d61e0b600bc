/**
 * Operator routes and the request-rate limit: /metrics (Prometheus text), /ready (per engine),
 * 429 with Retry-After over the limit, TRUST_PROXY and X-Forwarded-For. The app over an in-memory
 * PGlite whose read models the real projections built.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchUnavailableError } from '../infra/search/search.port.ts';
import { decisionEvent, makeDecision } from '../test/support/decisions.ts';
import { appOver, type LoadedReadModels, loadReadModels } from '../test/support/read-models.ts';
import { scraperRun } from '../test/support/scraper-runs.ts';

/** The value of one sample line of a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const [head, value] = [line.slice(0, line.lastIndexOf(' ')), line.slice(line.lastIndexOf(' ') + 1)];
    const found = Object.fromEntries([...head.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(value);
  }
  return undefined;
}

let loaded: LoadedReadModels;
beforeAll(async () => {
  loaded = await loadReadModels([
    decisionEvent(
      makeDecision({ court: 'bger', docket_number: '4A_1/2024', full_text: 'Mietvertrag Kündigung' }),
    ),
    scraperRun('CH_BGer', 'bger-1', '2026-01-14T02:00:00.000Z', true),
    scraperRun('GE_Gerichte', 'ge-1', '2026-01-14T03:00:00.000Z', false),
  ]);
  await loaded.handle.db
    .insertInto('dead_letters')
    .values(
      [1, 2].map((position) => ({
        projection: 'decisions',
        stream: 'decisions',
        partition: 0,
        position,
        event_id: null,
        event_type: 'DecisionPublished',
        reason: 'schema mismatch',
        payload: JSON.stringify({}),
        failed_at: '2026-01-14T00:00:00.000Z',
      })),
    )
    .execute();
  await loaded.handle.db
    .insertInto('alerts')
    .values({
      alert_id: 'a1',
      secret: 's',
      search: '{}',
      query_ast: null,
      filters: '{}',
      webhook_url: 'https://hooks.example.ch/x',
    })
    .execute();
  await loaded.handle.db
    .insertInto('alert_hits')
    .values(
      (['pending', 'failed', 'failed'] as const).map((delivery, i) => ({
        alert_id: 'a1',
        decision_id: `d${i}`,
        decision: '{}',
        matched_at: '2026-01-14T00:00:00.000Z',
        event_position: i,
        delivery,
        next_attempt_at: null,
        last_error: null,
        delivered_at: null,
      })),
    )
    .execute();
});
afterAll(async () => {
  await loaded.handle.close();
});

describe('GET /metrics', () => {
  let app: FastifyInstance;
  let failSearch = false;
  beforeAll(async () => {
    app = await appOver(loaded, {
      settings: { basePath: '/api' },
      search: {
        changesWithReadModelState: loaded.search.changesWithReadModelState,
        search: async (request) => {
          if (failSearch) throw new SearchUnavailableError('connection refused');
          return loaded.search.search(request);
        },
        searchIds: async (request) => {
          if (failSearch) throw new SearchUnavailableError('connection refused');
          return loaded.search.searchIds(request);
        },
        compactHits: async (ids) => {
          if (failSearch) throw new SearchUnavailableError('connection refused');
          return loaded.search.compactHits(ids);
        },
      },
      deps: {
        projectionLag: async () => ({ decisions: 0, citation_graph: 7, statutes: Number.POSITIVE_INFINITY }),
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts requests per route pattern and status, and times them', async () => {
    for (const id of ['bger_4A_1_2024', 'bger_4A_1_2024', 'bger_9X_9_2099'])
      await app.inject({ method: 'GET', url: `/api/decisions/${id}` });
    await app.inject({ method: 'GET', url: '/api/no/such/route' });
    const res = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const route = '/api/decisions/:decision_id';
    expect(sample(res.body, 'http_requests_total', { method: 'GET', route, status: '200' })).toBe(2);
    expect(sample(res.body, 'http_requests_total', { method: 'GET', route, status: '404' })).toBe(1);
    expect(sample(res.body, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(res.body, 'http_request_duration_seconds_count', { route, status: '200' })).toBe(2);
    expect(
      sample(res.body, 'http_request_duration_seconds_bucket', { route, status: '200', le: '+Inf' }),
    ).toBe(2);
  });

  it('reports projection lag, dead letters per projection and the scrapers’ last success', async () => {
    const body = (await app.inject({ method: 'GET', url: '/api/metrics' })).body;
    expect(sample(body, 'projection_lag_events', { projection: 'citation_graph' })).toBe(7);
    expect(sample(body, 'projection_lag_events', { projection: 'decisions' })).toBe(0);
    expect(body).toContain('projection_lag_events{projection="statutes"} +Inf');
    expect(sample(body, 'dead_letters', { projection: 'decisions' })).toBe(2);
    expect(sample(body, 'scraper_last_success_timestamp_seconds', { source: 'CH_BGer' })).toBe(
      Date.parse('2026-01-14T02:00:00.000Z') / 1000,
    );
    expect(sample(body, 'scraper_last_success_timestamp_seconds', { source: 'GE_Gerichte' })).toBeUndefined();
    expect(sample(body, 'scraper_last_run_success', { source: 'CH_BGer' })).toBe(1);
    expect(sample(body, 'scraper_last_run_success', { source: 'GE_Gerichte' })).toBe(0);
    expect(sample(body, 'alert_webhook_deliveries', { state: 'pending' })).toBe(1);
    expect(sample(body, 'alert_webhook_deliveries', { state: 'delivered' })).toBe(0);
    expect(sample(body, 'alert_webhook_deliveries', { state: 'failed' })).toBe(2);
  });

  it('counts search backend errors', async () => {
    const before = sample((await app.inject('/api/metrics')).body, 'search_backend_errors_total', {
      kind: 'unavailable',
    });
    failSearch = true;
    const failed = await app.inject({ method: 'GET', url: '/api/decisions?q=Mietvertrag' });
    failSearch = false;
    expect(failed.statusCode).toBe(503);
    const ok = await app.inject({ method: 'GET', url: '/api/decisions?q=Mietvertrag' });
    expect(ok.statusCode).toBe(200);
    const after = sample((await app.inject('/api/metrics')).body, 'search_backend_errors_total', {
      kind: 'unavailable',
    });
    expect(after).toBe((before ?? 0) + 1);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await app.inject('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('GET /ready', () => {
  it('is 200 when the database and every other engine answer, naming each', async () => {
    const app = await appOver(loaded, {
      deps: { engineChecks: [{ name: 'search', check: async () => {} }] },
    });
    const res = await app.inject('/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      engines: { database: { status: 'up' }, search: { status: 'up' } },
      down: [],
    });
    await app.close();
  });

  it('is 503 naming the engine that is down, or that does not answer in time', async () => {
    const app = await appOver(loaded, {
      deps: {
        engineChecks: [
          {
            name: 'search',
            check: async () => {
              throw new Error('connect ECONNREFUSED 127.0.0.1:9200');
            },
          },
          { name: 'event-log', check: () => new Promise(() => {}) },
        ],
      },
    });
    const res = await app.inject('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      engines: {
        database: { status: 'up' },
        search: { status: 'down', reason: 'connect ECONNREFUSED 127.0.0.1:9200' },
        'event-log': { status: 'down', reason: 'no answer within 2000 ms' },
      },
      down: ['search', 'event-log'],
    });
    await app.close();
  });

  it('is 503 "starting" while the instance has not started (or is shutting down)', async () => {
    const app = await appOver(loaded, { deps: { ready: async () => false } });
    const res = await app.inject('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'starting', engines: { database: { status: 'up' } } });
    await app.close();
  });
});

describe('rate limit', () => {
  const limited = (trustProxy: boolean) =>
    appOver(loaded, {
      deps: { rateLimit: { perSecond: 1, burst: 3, counter: null } },
      app: { trustProxy },
    });

  it('answers 429 with Retry-After and a JSON body once a client is over its burst', async () => {
    const app = await limited(false);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.inject('/courts');
      statuses.push(res.statusCode);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const over = await app.inject('/courts');
    expect(statuses).toEqual([200, 200, 200]);
    expect(over.statusCode).toBe(429);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3);
    expect(over.headers['content-type']).toMatch(/^application\/json/);
    expect(over.json()).toEqual({
      code: 'API_RATE_LIMITED',
      detail: expect.stringMatching(
        /^Too many requests: at most 3 requests per 3 s from one address \(1 per second sustained\); retry in [1-3] s$/,
      ),
    });
    // probes and metrics stay reachable
    for (const url of ['/health', '/ready', '/metrics']) expect((await app.inject(url)).statusCode).toBe(200);
    await app.close();
  });

  it('counts clients by X-Forwarded-For only when proxies are trusted', async () => {
    const hit = (app: FastifyInstance, client: string) =>
      app.inject({ url: '/courts', headers: { 'x-forwarded-for': client } }).then((r) => r.statusCode);
    const trusting = await limited(true);
    for (let i = 0; i < 3; i++) expect(await hit(trusting, '203.0.113.1')).toBe(200);
    expect(await hit(trusting, '203.0.113.1')).toBe(429);
    expect(await hit(trusting, '203.0.113.2')).toBe(200);
    await trusting.close();

    const distrusting = await limited(false);
    for (let i = 0; i < 3; i++) expect(await hit(distrusting, `203.0.113.${i + 1}`)).toBe(200);
    expect(await hit(distrusting, '203.0.113.9')).toBe(429);
    await distrusting.close();
  });

  it('is documented as a 429 answer of every limited route in a valid OpenAPI document', async () => {
    const app = await limited(false);
    const doc = (await app.inject('/openapi.json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.paths['/courts']!['get']!.responses['429']).toMatchObject({
      description: expect.stringMatching(/^Too many requests/),
      headers: { 'retry-after': { schema: { type: 'integer' } } },
    });
    expect(doc.paths['/alerts']!['post']!.responses['429']).toBeDefined();
    await app.close();
    const unlimited = await appOver(loaded);
    const plain = (await unlimited.inject('/openapi.json')).json<typeof doc>();
    expect(plain.paths['/courts']!['get']!.responses['429']).toBeUndefined();
    await unlimited.close();
  });

  it('is off without settings (the embedded default)', async () => {
    const app = await appOver(loaded);
    for (let i = 0; i < 30; i++) expect((await app.inject('/health')).statusCode).toBe(200);
    const res = await app.inject('/courts');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    await app.close();
  });
});
