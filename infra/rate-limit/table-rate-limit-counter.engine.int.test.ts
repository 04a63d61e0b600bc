/**
 * The rate limit shared through PostgreSQL: two API instances on one database enforce one limit;
 * the counter's upsert is atomic under concurrency, windows restart, ended windows are swept.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.ts';
import { dropSchemaTree, postgresTestUrl, uniqueName } from '../../test/support/engines.ts';
import { type DatabaseHandle, openPostgres } from '../db/database.ts';
import { PostgresSearchIndex } from '../search/postgres/postgres-search-index.ts';
import { TableRateLimitCounter } from './table-rate-limit-counter.ts';

const url = await postgresTestUrl();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(url === null)('rate-limit counters in PostgreSQL', () => {
  const schema = uniqueName('t');
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  beforeAll(async () => {
    first = await openPostgres({ url: url!, schema, poolSize: 4 });
    second = await openPostgres({ url: url!, schema, poolSize: 4 });
  });
  afterAll(async () => {
    await second.close();
    await dropSchemaTree(first.db, schema);
    await first.close();
  });

  /** An API instance on `handle` with the shared limit. */
  const instance = (handle: DatabaseHandle, burst: number): Promise<FastifyInstance> =>
    buildApp(
      {
        db: handle.db,
        search: new PostgresSearchIndex(handle.db),
        settings: {
          basePath: '',
          publicBaseUrl: 'http://localhost',
          staleAfterHours: 36,
          maxSearchResponseChars: 1e6,
        },
        today: () => '2026-01-15',
        now: () => new Date('2026-01-15T12:00:00Z'),
        // one window of an hour: the test never straddles a window boundary
        rateLimit: { perSecond: burst / 3600, burst, counter: new TableRateLimitCounter(handle.db) },
      },
      { trustProxy: true },
    );

  it('two API instances on one database enforce one limit per client', async () => {
    const a = await instance(first, 6);
    const b = await instance(second, 6);
    const get = (app: FastifyInstance, client: string) =>
      app.inject({ url: '/openapi.json', headers: { 'x-forwarded-for': client } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(i % 2 === 0 ? a : b, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const app of [a, b]) {
      const over = await get(app, '198.51.100.7');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'API_RATE_LIMITED' });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // another client has its own budget on both instances
    expect((await get(b, '198.51.100.8')).statusCode).toBe(200);
    expect((await get(a, '198.51.100.8')).statusCode).toBe(200);
    await a.close();
    await b.close();
  });

  it('counts concurrent hits from two connections pools exactly once each', async () => {
    const counters = [new TableRateLimitCounter(first.db), new TableRateLimitCounter(second.db)];
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => counters[i % 2]!.hit('concurrent', 3_600_000)),
    );
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const h of hits) {
      expect(h.ttlMs).toBeGreaterThan(0);
      expect(h.ttlMs).toBeLessThanOrEqual(3_600_000);
    }
  });

  it('starts again at 1 in the next window and sweeps the rows of ended windows', async () => {
    let clock = 0;
    const counter = new TableRateLimitCounter(first.db, { sweepEveryMs: 1_000, now: () => clock });
    // windows are aligned to the database clock: start early in one, so two hits share it
    let hit = await counter.hit('windowed', 1_000);
    if (hit.ttlMs < 700) {
      await sleep(hit.ttlMs + 20);
      await first.db.deleteFrom('rate_limit_counters').where('key', '=', 'windowed').execute();
      hit = await counter.hit('windowed', 1_000);
    }
    expect(hit.count).toBe(1);
    const next = await counter.hit('windowed', 1_000);
    expect(next.count).toBe(2);
    expect(next.ttlMs).toBeLessThanOrEqual(hit.ttlMs);
    await counter.hit('old-client', 1_000);
    await sleep(next.ttlMs + 50);
    expect((await counter.hit('windowed', 1_000)).count).toBe(1);
    clock = 5_000; // time to sweep: old-client's window ended
    await counter.hit('windowed', 1_000);
    const keys = await first.db
      .selectFrom('rate_limit_counters')
      .select('key')
      .where('key', 'in', ['windowed', 'old-client'])
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['windowed']);
  });
});
