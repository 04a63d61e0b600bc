/** The scraper-health projection on PostgreSQL: run figures, failures in a row, the declared schedule. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { scheduleDeclared, scraperRun } from '../../test/support/scraper-runs.ts';
import { ProjectorHost } from '../projector-host.ts';
import { scraperHealthProjection } from './scraper-health.projection.ts';

const silent = { info() {}, warn() {}, error() {} };
let handle: DatabaseHandle | null = null;

beforeAll(async () => {
  const url = await postgresTestUrl();
  if (!url) return;
  handle = await openTestDatabase('postgres', url);
  const log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  const host = new ProjectorHost(
    { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
    [scraperHealthProjection],
    { batchSize: 2, watchIntervalMs: 0 },
  );
  await host.start();
  await log.append([
    scraperRun('fedlex', 'f1', '2026-01-13T02:00:00.000Z', true, { http_errors: 0, decisions_withdrawn: 3 }),
    scraperRun('fedlex', 'f2', '2026-01-14T02:00:00.000Z', false, { http_errors: 5 }),
    scraperRun('fedlex', 'f3', '2026-01-15T02:00:00.000Z', false, {
      http_errors: 9,
      started_at: '2026-01-15T01:59:30.000Z',
    }),
    scraperRun('fedlex', 'f0', '2026-01-12T02:00:00.000Z', false),
    scraperRun('lexfind', 'l1', '2026-01-14T02:00:00.000Z', false),
    scraperRun('lexfind', 'l2', '2026-01-15T02:00:00.000Z', true),
    scheduleDeclared('2026-01-10T00:00:00.000Z', 'UTC', [['lexfind', '0 3 * * *', ['lexfind', 'cantonal']]]),
    scheduleDeclared('2026-01-11T00:00:00.000Z', 'Europe/Zurich', [
      ['fedlex', '0 2 * * *', ['fedlex']],
      ['onlinekommentar', '0 4 * * *', ['onlinekommentar']],
    ]),
  ]);
  await host.waitUntilCaughtUp(undefined, 10);
  await host.stop();
  await log.close();
});

afterAll(async () => handle?.close());

beforeEach((ctx) => {
  if (!handle) ctx.skip();
});

describe('scraper-health projection on PostgreSQL', () => {
  it('keeps the latest run with its figures and counts the failures since the last success', async () => {
    const rows = await handle!.db.selectFrom('scraper_health').selectAll().orderBy('source').execute();
    expect(
      rows.map((r) => [
        r.source,
        r.run_id,
        r.success,
        r.consecutive_failures,
        r.http_errors,
        r.last_success_at,
      ]),
    ).toEqual([
      ['fedlex', 'f3', false, 2, 9, '2026-01-13T02:00:00.000Z'],
      ['lexfind', 'l2', true, 0, null, '2026-01-15T02:00:00.000Z'],
    ]);
    expect(rows[0]?.duration_ms).toBe(30_000);
    expect(rows[0]?.decisions_withdrawn).toBe(0);
  });

  it('holds the sources of the newest schedule declaration only', async () => {
    const rows = await handle!.db.selectFrom('scraper_schedule').selectAll().orderBy('source').execute();
    expect(rows.map((r) => [r.source, r.schedule_key, r.cron, r.timezone])).toEqual([
      ['fedlex', 'fedlex', '0 2 * * *', 'Europe/Zurich'],
      ['onlinekommentar', 'onlinekommentar', '0 4 * * *', 'Europe/Zurich'],
    ]);
  });
});
