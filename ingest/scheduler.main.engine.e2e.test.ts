/**
 * Two scheduler processes (`npm run start:scheduler`) on one PostgreSQL, both scheduling the same
 * source every two seconds against a slow local portal: the runs never overlap (one lease per
 * source), every run reports itself, and SIGTERM stops the running source after its current item
 * with an interrupted health event, frees the lease and exits 0.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScraperRun } from '../contracts/events/index.ts';
import { type DatabaseHandle, openPostgres } from '../infra/db/database.ts';
import { dropSchemaTree, postgresTestUrl, uniqueName } from '../test/support/engines.ts';
import { startFakeHttp } from '../test/support/fake-http.ts';
import { type Proc, startDeployable, waitFor } from '../test/support/processes.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../test/fixtures/onlinekommentar', name), 'utf8');
const ID = 'd8b6a7c6-3b4e-4b0e-9f7e-4f1a2b3c4d0';
const ANSWER_MS = 500;

describe('two scheduler processes on one PostgreSQL', () => {
  let url: string | null = null;
  let server: Awaited<ReturnType<typeof startFakeHttp>>;
  let handle: DatabaseHandle;
  const schema = uniqueName('sched');
  let inFlight = 0;
  let maxInFlight = 0;
  const procs: Proc[] = [];

  beforeAll(async () => {
    url = await postgresTestUrl();
    if (!url) return;
    server = await startFakeHttp((req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        const path = new URL(req.path, 'http://x');
        const page = path.searchParams.get('page');
        const bodies: Record<string, string> = {
          '/api/commentaries': page === '2' ? fixture('listing-de-2.json') : fixture('listing-de-1.json'),
          [`/api/commentaries/${ID}1`]: fixture('detail-or41.json'),
          [`/api/commentaries/${ID}2`]: fixture('detail-bv8.json'),
        };
        const body = bodies[path.pathname];
        res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
        res.end(body ?? '{"message":"Not Found"}');
      }, ANSWER_MS);
    });
    handle = await openPostgres({ url, schema, poolSize: 2 });
  });

  afterAll(async () => {
    for (const p of procs) if (p.alive()) await p.stop('SIGKILL').catch(() => {});
    await server?.close();
    if (handle) {
      await dropSchemaTree(handle.db, schema);
      await handle.close();
    }
  });

  const scheduler = (name: string) =>
    startDeployable(name, 'ingest/scheduler.main.ts', [], {
      SERVICE_MODE: 'postgres',
      DATABASE_URL: url!,
      DATABASE_SCHEMA: schema,
      SCHEDULE: 'onlinekommentar=*/2 * * * * *',
      SCHEDULE_TIMEZONE: 'UTC',
      SCHEDULE_JITTER_MS: '0',
      SCHEDULE_LEASE_MS: '3000',
      ONLINEKOMMENTAR_BASE_URL: `${server.url}/api`,
      STATUTE_LANGUAGES: 'de',
      HTTP_MIN_INTERVAL_MS: '1',
      HTTP_TIMEOUT_MS: '5000',
      LOG_LEVEL: 'info',
    });

  const runs = async (): Promise<ScraperRun[]> => {
    const rows = await handle.db
      .selectFrom('event_log')
      .select(['type', 'payload'])
      .where('type', '=', 'ScraperRunCompleted')
      .orderBy('position')
      .execute();
    return rows.map((r) => (r.payload as { data: ScraperRun }).data);
  };

  it('runs the source on its schedule, never twice at once, and stops cleanly on SIGTERM', async (ctx) => {
    if (!url) return ctx.skip();
    procs.push(scheduler('scheduler-a'), scheduler('scheduler-b'));
    await Promise.all(procs.map((p) => p.waitForOutput(/scheduler started/)));
    // Each run takes five slow answers (~2.5 s) against a tick every 2 s: the other scheduler and
    // the next tick find the source running.
    await waitFor('three finished runs', runs, (r) => r.length >= 3, 60_000, 200);
    const done = await runs();
    expect(done.every((r) => r.source === 'onlinekommentar' && r.success)).toBe(true);
    const spans = done.map((r) => [Date.parse(r.started_at), Date.parse(r.finished_at)] as const);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    expect(maxInFlight).toBe(1);
    const output = procs.map((p) => p.output()).join('\n');
    expect(output).toMatch(/already running/);

    // SIGTERM while a run is in flight.
    await waitFor(
      'a request in flight',
      async () => inFlight,
      (n) => n > 0,
      10_000,
      20,
    );
    const before = (await runs()).length;
    const exits = await Promise.all(procs.map((p) => p.stop('SIGTERM', 15_000)));
    expect(exits.map((e) => e.code)).toEqual([0, 0]);
    const after = await runs();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ success: false });
    expect(
      after
        .at(-1)
        ?.errors.map((e) => e.message)
        .join(' '),
    ).toMatch(/interrupted by shutdown/);
    const lease = await handle.db.selectFrom('source_leases').selectAll().execute();
    expect(lease).toEqual([
      expect.objectContaining({ schedule_key: 'onlinekommentar', holder: null, consecutive_failures: 0 }),
    ]);
    const declared = await handle.db
      .selectFrom('event_log')
      .select('type')
      .where('type', '=', 'ScraperScheduleDeclared')
      .execute();
    expect(declared).toHaveLength(2);
  });
});
