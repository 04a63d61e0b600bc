/**
 * GET /scraper-health over the real scraper-health projection: every field of the latest run per
 * source, failures counted, staleness judged at read time against the clock, and scheduled
 * sources that never ran.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOver, type LoadedReadModels, loadReadModels } from '../test/support/read-models.ts';
import { scheduleDeclared, scraperRun } from '../test/support/scraper-runs.ts';

let loaded: LoadedReadModels;

interface Entry {
  source: string;
  [field: string]: unknown;
}

async function health(today: string): Promise<{ stale_after_hours: number; sources: Entry[] }> {
  const app = await appOver(loaded, { today, settings: { staleAfterHours: 26 } });
  try {
    const res = await app.inject({ method: 'GET', url: '/scraper-health' });
    expect(res.statusCode).toBe(200);
    return res.json();
  } finally {
    await app.close();
  }
}

const bySource = (sources: Entry[]) => Object.fromEntries(sources.map((s) => [s.source, s]));

beforeAll(async () => {
  loaded = await loadReadModels([
    scraperRun('fedlex', 'f1', '2026-01-15T02:00:00.000Z', true, {
      started_at: '2026-01-15T01:40:00.000Z',
      duration_ms: 1_200_000,
      decisions_added: 4,
      decisions_updated: 2,
      decisions_withdrawn: 1,
      http_errors: 3,
      portal_count: 120,
      total_held: 118,
    }),
    scraperRun('lexfind', 'l1', '2026-01-13T02:00:00.000Z', true),
    scraperRun('lexfind', 'l2', '2026-01-14T02:00:00.000Z', false, { http_errors: 7 }),
    scraperRun('lexfind', 'l3', '2026-01-15T02:00:00.000Z', false, { http_errors: 12 }),
    // An older failure delivered late neither replaces the latest run nor counts again.
    scraperRun('lexfind', 'l0', '2026-01-12T02:00:00.000Z', false),
    scraperRun('cantonal', 'c1', '2026-01-14T11:00:00.000Z', true),
    scraperRun('sample', 's1', '2026-01-15T10:30:00.000Z', true),
    scheduleDeclared('2026-01-10T00:00:00.000Z', 'Europe/Zurich', [
      ['fedlex', '0 3 * * 0', ['fedlex']],
      ['lexfind', '30 3 * * *', ['lexfind', 'cantonal']],
      ['onlinekommentar', '0 4 * * *', ['onlinekommentar']],
    ]),
    // An older declaration delivered late is ignored.
    scheduleDeclared('2026-01-09T00:00:00.000Z', 'UTC', [['entscheidsuche-dir', '0 1 * * *', ['old']]]),
  ]);
});

afterAll(async () => loaded?.handle.close());

describe('GET /scraper-health', () => {
  it('shows every figure of the latest run and the schedule', async () => {
    const body = await health('2026-01-15');
    expect(body.stale_after_hours).toBe(26);
    expect(body.sources.map((s) => s.source)).toEqual([
      'cantonal',
      'fedlex',
      'lexfind',
      'onlinekommentar',
      'sample',
    ]);
    expect(bySource(body.sources)['fedlex']).toEqual({
      source: 'fedlex',
      success: true,
      never_run: false,
      run_id: 'f1',
      started_at: '2026-01-15T01:40:00.000Z',
      finished_at: '2026-01-15T02:00:00.000Z',
      duration_ms: 1_200_000,
      decisions_added: 4,
      decisions_updated: 2,
      decisions_withdrawn: 1,
      http_errors: 3,
      consecutive_failures: 0,
      scheduled: true,
      schedule: '0 3 * * 0',
      schedule_timezone: 'Europe/Zurich',
      // Sunday 03:00 in Zurich (CET, UTC+1) after Thursday 2026-01-15 noon.
      next_run_at: '2026-01-18T02:00:00.000Z',
      items_seen: 1,
      items_failed: 0,
      total_held: 118,
      portal_count: 120,
      last_success_at: '2026-01-15T02:00:00.000Z',
      stale: false,
      errors: [],
      unknown_courts: {},
      metadata_disagreements: {},
    });
  });

  it('counts failed runs since the last success and keeps the last success time', async () => {
    const lexfind = bySource((await health('2026-01-15')).sources)['lexfind'];
    expect(lexfind).toMatchObject({
      success: false,
      run_id: 'l3',
      consecutive_failures: 2,
      http_errors: 12,
      last_success_at: '2026-01-13T02:00:00.000Z',
      stale: true,
      errors: [{ item: null, message: 'portal down' }],
      schedule: '30 3 * * *',
      next_run_at: '2026-01-16T02:30:00.000Z',
    });
  });

  it('lists a scheduled source that never ran as such', async () => {
    const sources = bySource((await health('2026-01-15')).sources);
    expect(sources['onlinekommentar']).toMatchObject({
      never_run: true,
      success: false,
      run_id: null,
      started_at: null,
      finished_at: null,
      duration_ms: null,
      http_errors: null,
      last_success_at: null,
      stale: true,
      scheduled: true,
      next_run_at: '2026-01-16T03:00:00.000Z',
    });
    // Runs of a source the schedule does not name are still shown; an older declaration is ignored.
    expect(sources['sample']).toMatchObject({
      scheduled: false,
      schedule: null,
      next_run_at: null,
      never_run: false,
    });
    expect(sources['old']).toBeUndefined();
    // A run of a source without HTTP reports no HTTP figure.
    expect(sources['cantonal']?.['http_errors']).toBeNull();
  });

  it('judges staleness when read: 26 hours after the last success', async () => {
    const day1 = bySource((await health('2026-01-15')).sources);
    expect([day1['fedlex']?.['stale'], day1['cantonal']?.['stale'], day1['sample']?.['stale']]).toEqual([
      false,
      false, // 25 hours
      false,
    ]);
    const day2 = bySource((await health('2026-01-16')).sources);
    expect([day2['fedlex']?.['stale'], day2['cantonal']?.['stale'], day2['sample']?.['stale']]).toEqual([
      true, // 34 hours
      true, // 49 hours
      false, // 25.5 hours
    ]);
  });
});
