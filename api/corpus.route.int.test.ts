/**
 * GET /courts, /statistics and /scraper-health against the spec (`/work/shared/spec/api.md`): the
 * app over an in-memory PGlite whose read models the real projections built from events in the
 * table log.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURTS, courtByKey } from '../contracts/courts/court-registry.ts';
import type { NormalisedDecision, ScraperRun } from '../contracts/events/index.ts';
import type { DatabaseHandle } from '../infra/db/database.ts';
import type { OutgoingEvent } from '../infra/event-log/event-log.port.ts';
import { decisionEvent, makeDecision } from '../test/support/decisions.ts';
import { appOver, loadReadModels } from '../test/support/read-models.ts';

const NOW = new Date('2026-01-15T12:00:00.000Z');
const STALE_AFTER_HOURS = 48;

// ---------------------------------------------------------------------------------------------
// Decisions: 40 in their final state, plus a re-publication and a re-delivery

type Lang = NormalisedDecision['language'];
const PLAN: readonly { court: string; languages: readonly Lang[]; count: number; canton?: string }[] = [
  { court: 'bger', languages: ['de', 'fr', 'it'], count: 9 },
  { court: 'bge', languages: ['de', 'fr'], count: 4 },
  { court: 'bvger', languages: ['de', 'fr', 'it'], count: 5 },
  { court: 'zh_obergericht', languages: ['de'], count: 6 },
  { court: 'vd_findinfo', languages: ['fr'], count: 4 },
  { court: 'ti_gerichte', languages: ['it'], count: 3 },
  { court: 'gr_kantonsgericht', languages: ['de', 'rm', 'it'], count: 4 },
  { court: 'lu_kantonsgericht', languages: ['de'], count: 3 },
  // a court the registry does not know (yet)
  { court: 'sh_kantonales_spezialgericht', languages: ['de'], count: 2, canton: 'SH' },
];

function docketFor(court: string, i: number, year: number): string {
  switch (court) {
    case 'bger':
      return `4A_${10 + i}/${year}`;
    case 'bge':
      return `BGE ${100 + i} III ${10 + i}`;
    case 'bvger':
      return `A-${100 + i}/${year}`;
    default:
      return `X${year}${String(i).padStart(3, '0')}`;
  }
}

const INITIAL: NormalisedDecision[] = [];
let n = 0;
for (const p of PLAN) {
  for (let i = 0; i < p.count; i++) {
    n++;
    const year = 2012 + ((n * 7) % 13); // 2012–2024
    const date = `${year}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 27)).padStart(2, '0')}`;
    INITIAL.push(
      makeDecision({
        court: p.court,
        docket_number: docketFor(p.court, i, year),
        decision_date: date,
        language: p.languages[i % p.languages.length]!,
        ...(p.canton ? { canton: p.canton as NormalisedDecision['canton'] } : {}),
        title: `Entscheid ${n}`,
        full_text: `Volltext des Entscheids ${n}.`,
      }),
    );
  }
}
// one undated decision (makeDecision turns a null date into its default)
INITIAL[INITIAL.length - 3] = { ...INITIAL[INITIAL.length - 3]!, decision_date: null };

// a re-published decision: new language and date; it must count once, with the new values
const REPUBLISHED_ID = INITIAL[1]!.decision_id;
const REPUBLISHED = makeDecision({
  ...INITIAL[1]!,
  language: 'it',
  decision_date: '2011-02-03',
  title: 'Entscheid (berichtigt)',
});

const FINAL: readonly NormalisedDecision[] = INITIAL.map((d) =>
  d.decision_id === REPUBLISHED_ID ? REPUBLISHED : d,
);

// ---------------------------------------------------------------------------------------------
// Scraper runs

interface RunSpec {
  readonly source: string;
  readonly runId: string;
  readonly finishedAt: string;
  readonly success: boolean;
  readonly extra?: Partial<ScraperRun>;
}

function runEvent(r: RunSpec): OutgoingEvent {
  const run: ScraperRun = {
    source: r.source,
    run_id: r.runId,
    started_at: new Date(Date.parse(r.finishedAt) - 3_600_000).toISOString(),
    finished_at: r.finishedAt,
    success: r.success,
    decisions_added: 3,
    decisions_updated: 1,
    items_seen: 50,
    items_failed: r.success ? 0 : 2,
    total_held: 400,
    portal_count: null,
    errors: r.success ? [] : [{ item: 'page-7.json', message: 'HTTP 503 from the portal' }],
    ...r.extra,
  };
  return {
    stream: 'scraper-health',
    envelope: {
      type: 'ScraperRunCompleted',
      schemaVersion: 1,
      eventId: `run-${r.source}-${r.runId}`,
      occurredAt: r.finishedAt,
      source: r.source,
      key: r.source,
      data: run,
    },
  };
}

/** In append order. The stale limit is 48 hours before NOW: 2026-01-13T12:00:00.000Z. */
const RUNS: readonly RunSpec[] = [
  // newest run first, an older run delivered afterwards must not replace it
  { source: 'CH_BGer', runId: 'bger-2', finishedAt: '2026-01-14T02:00:00.000Z', success: true },
  { source: 'CH_BGer', runId: 'bger-1', finishedAt: '2026-01-13T02:00:00.000Z', success: false },
  // last success long ago
  { source: 'ZH_Obergericht', runId: 'zh-1', finishedAt: '2026-01-10T03:00:00.000Z', success: true },
  // never succeeded
  { source: 'GE_Gerichte', runId: 'ge-1', finishedAt: '2026-01-15T01:00:00.000Z', success: false },
  // success, then a failure: the failure is the latest run, the success still counts
  { source: 'VD_FindInfo', runId: 'vd-1', finishedAt: '2026-01-14T01:00:00.000Z', success: true },
  { source: 'VD_FindInfo', runId: 'vd-2', finishedAt: '2026-01-15T01:00:00.000Z', success: false },
  // exactly at the stale limit, and just before it
  { source: 'SG_Gerichte', runId: 'sg-1', finishedAt: '2026-01-13T12:00:00.000Z', success: true },
  { source: 'TI_Gerichte', runId: 'ti-1', finishedAt: '2026-01-13T11:59:59.999Z', success: true },
  // a newer failure delivered before an older success: the failure stays the latest run, but the
  // success happened within the interval, so the source is not stale
  { source: 'BS_Omni', runId: 'bs-2', finishedAt: '2026-01-15T01:00:00.000Z', success: false },
  { source: 'BS_Omni', runId: 'bs-1', finishedAt: '2026-01-14T05:00:00.000Z', success: true },
  // the figures of a run are reported as they were
  {
    source: 'LU_Gerichte',
    runId: 'lu-1',
    finishedAt: '2026-01-15T06:00:00.000Z',
    success: true,
    extra: {
      decisions_added: 17,
      decisions_updated: 4,
      items_seen: 321,
      items_failed: 0,
      total_held: 9876,
      portal_count: 9900,
    },
  },
];

// ---------------------------------------------------------------------------------------------
// App

let handle: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  // small batches, so versions and re-deliveries of one decision fall into different batches
  const loaded = await loadReadModels(
    [
      ...INITIAL.map(decisionEvent),
      // the same decision delivered again (new event id, same content) and a corrected version
      decisionEvent(INITIAL[0]!),
      decisionEvent(REPUBLISHED),
      ...RUNS.map(runEvent),
    ],
    { batchSize: 7 },
  );
  handle = loaded.handle;
  app = await appOver(loaded, {
    today: NOW.toISOString().slice(0, 10),
    settings: { staleAfterHours: STALE_AFTER_HOURS },
  });
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

// ---------------------------------------------------------------------------------------------
// Reference figures computed from the decisions' final state

function countBy<T>(items: readonly T[], key: (t: T) => string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    if (k !== null) out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

function dateRange(ds: readonly NormalisedDecision[]): { earliest: string | null; latest: string | null } {
  const dates = ds
    .map((d) => d.decision_date)
    .filter((d): d is string => d !== null)
    .sort();
  return { earliest: dates[0] ?? null, latest: dates[dates.length - 1] ?? null };
}

function expectedStatistics(filter: { court?: string; canton?: string; year?: number }) {
  const ds = FINAL.filter(
    (d) =>
      (filter.court === undefined || d.court === filter.court) &&
      (filter.canton === undefined || d.canton === filter.canton) &&
      (filter.year === undefined || d.decision_date?.startsWith(`${filter.year}-`) === true),
  );
  const { earliest, latest } = dateRange(ds);
  return {
    filters: { court: filter.court ?? null, canton: filter.canton ?? null, year: filter.year ?? null },
    decisions: {
      total: ds.length,
      courts: new Set(ds.map((d) => d.court)).size,
      earliest_date: earliest,
      latest_date: latest,
      undated: ds.filter((d) => d.decision_date === null).length,
      by_language: countBy(ds, (d) => d.language),
      by_year: countBy(ds, (d) => d.decision_date?.slice(0, 4) ?? null),
      by_court: countBy(ds, (d) => d.court),
      by_canton: countBy(ds, (d) => d.canton),
    },
  };
}

interface CourtEntry {
  court: string;
  name_de: string;
  name_fr: string;
  name_it: string;
  canton: string;
  family: string;
  decision_count: number;
  earliest_date: string | null;
  latest_date: string | null;
  languages: Record<string, number>;
}

// ---------------------------------------------------------------------------------------------
// GET /courts

describe('GET /courts', () => {
  let courts: CourtEntry[];
  let total: number;
  beforeAll(async () => {
    const res = await get('/courts');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ total_courts: number; courts: CourtEntry[] }>();
    courts = body.courts;
    total = body.total_courts;
  });

  it('the data are what the test thinks they are', () => {
    expect(FINAL).toHaveLength(40);
    expect(FINAL.filter((d) => d.decision_date === null)).toHaveLength(1);
    expect(new Set(FINAL.map((d) => d.decision_id)).size).toBe(40);
  });

  it('lists every registry court once, plus courts found only in the data', () => {
    const keys = courts.map((c) => c.court);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of COURTS) expect(keys, c.key).toContain(c.key);
    expect(keys).toContain('sh_kantonales_spezialgericht');
    expect(total).toBe(COURTS.length + 1);
    expect(courts).toHaveLength(total);
  });

  it.each(COURTS.map((c) => [c.key] as const))(
    '%s: names, canton and family from the registry; count, date range and languages from the data',
    (key) => {
      const entry = courts.find((c) => c.court === key)!;
      const registry = courtByKey(key)!;
      const ds = FINAL.filter((d) => d.court === key);
      const { earliest, latest } = dateRange(ds);
      expect(entry).toEqual({
        court: key,
        name_de: registry.name.de,
        name_fr: registry.name.fr,
        name_it: registry.name.it,
        canton: registry.canton,
        family: registry.family,
        level: registry.level,
        known: true,
        signatures: [...registry.signatures],
        decision_count: ds.length,
        earliest_date: earliest,
        latest_date: latest,
        languages: countBy(ds, (d) => d.language),
      });
    },
  );

  it('a court without decisions has count 0, no dates and no languages', () => {
    expect(courts.find((c) => c.court === 'finma')).toMatchObject({
      decision_count: 0,
      earliest_date: null,
      latest_date: null,
      languages: {},
    });
  });

  it('a re-published decision counts once, with its new language and date', () => {
    const court = REPUBLISHED.court;
    const entry = courts.find((c) => c.court === court)!;
    expect(entry.decision_count).toBe(FINAL.filter((d) => d.court === court).length);
    expect(entry.earliest_date).toBe('2011-02-03');
    expect(entry.languages['it']).toBe(FINAL.filter((d) => d.court === court && d.language === 'it').length);
  });

  it('an undated decision counts, without widening the date range', () => {
    const undated = FINAL.find((d) => d.decision_date === null)!;
    const entry = courts.find((c) => c.court === undated.court)!;
    expect(entry.decision_count).toBe(FINAL.filter((d) => d.court === undated.court).length);
    expect(entry.earliest_date).not.toBeNull();
  });

  it('a court found only in the data is listed with its figures', () => {
    const ds = FINAL.filter((d) => d.court === 'sh_kantonales_spezialgericht');
    expect(courts.find((c) => c.court === 'sh_kantonales_spezialgericht')).toMatchObject({
      canton: 'SH',
      family: 'unknown',
      level: 'unknown',
      known: false,
      decision_count: ds.length,
      ...(() => {
        const r = dateRange(ds);
        return { earliest_date: r.earliest, latest_date: r.latest };
      })(),
      languages: { de: ds.length },
    });
  });

  it('every court /courts lists is accepted as a filter ("list via /courts")', async () => {
    for (const c of courts) {
      const decisions = await get(`/decisions?court=${encodeURIComponent(c.court)}&limit=1`);
      expect(decisions.statusCode, `/decisions?court=${c.court}`).toBe(200);
      expect(decisions.json<{ total: number }>().total, c.court).toBe(c.decision_count);
      const statistics = await get(`/statistics?court=${encodeURIComponent(c.court)}`);
      expect(statistics.statusCode, `/statistics?court=${c.court}`).toBe(200);
    }
  });

  it('agrees with /decisions on every court count', async () => {
    for (const c of courts.filter((x) => courtByKey(x.court))) {
      const res = await get(`/decisions?court=${c.court}&limit=1&fields=compact`);
      expect(res.json<{ total: number }>().total, c.court).toBe(c.decision_count);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// GET /statistics

describe('GET /statistics', () => {
  it.each([
    ['no filter', '', {}],
    ['court', '?court=bger', { court: 'bger' }],
    ['court in upper case', '?court=ZH_OBERGERICHT', { court: 'zh_obergericht' }],
    ['canton', '?canton=GR', { canton: 'GR' }],
    ['canton in lower case', '?canton=zh', { canton: 'ZH' }],
    ['canton CH', '?canton=CH', { canton: 'CH' }],
    ['year', '?year=2020', { year: 2020 }],
    ['a year without decisions', '?year=1999', { year: 1999 }],
    ['court and year', '?court=bvger&year=2019', { court: 'bvger', year: 2019 }],
    [
      'court, canton and year',
      '?court=bger&canton=CH&year=2011',
      { court: 'bger', canton: 'CH', year: 2011 },
    ],
    ['a court without decisions', '?court=finma', { court: 'finma' }],
    ['court and canton that exclude each other', '?court=bger&canton=ZH', { court: 'bger', canton: 'ZH' }],
  ] as const)('%s', async (_what, query, filter) => {
    const res = await get(`/statistics${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ReturnType<typeof expectedStatistics>>();
    // citation_graph and statutes are covered by api/graph.route.int.test.ts
    expect({ filters: body.filters, decisions: body.decisions }).toEqual(expectedStatistics(filter));
  });

  it('the unfiltered figures include the undated decision and the re-published one once', async () => {
    const body = (await get('/statistics')).json<ReturnType<typeof expectedStatistics>>();
    expect(body.decisions.total).toBe(40);
    expect(body.decisions.undated).toBe(1);
    expect(Object.values(body.decisions.by_year).reduce((a, b) => a + b, 0)).toBe(39);
    expect(body.decisions.earliest_date).toBe('2011-02-03');
    expect(body.decisions.courts).toBe(new Set(FINAL.map((d) => d.court)).size);
  });

  it.each([
    ['year=abc', 'year'],
    ['year=2020.5', 'year'],
    ['year=1799', 'year'],
    ['year=2201', 'year'],
    ['year=', 'year'],
    ['court=unknown_court', 'court'],
    ['court=', 'court'],
    ['canton=XX', 'canton'],
    ['canton=Zurich', 'canton'],
  ])('%s → 422', async (query, param) => {
    const res = await get(`/statistics?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<{ detail: { loc: string[]; msg: string; type: string }[] }>();
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toHaveLength(1);
    expect(body.detail[0]!.loc).toEqual(['query', param]);
    expect(typeof body.detail[0]!.msg).toBe('string');
    expect(typeof body.detail[0]!.type).toBe('string');
  });

  it('year bounds in the 422 body', async () => {
    const res = await get('/statistics?year=1799');
    expect(res.json<{ detail: unknown[] }>().detail[0]).toMatchObject({
      loc: ['query', 'year'],
      type: 'greater_than_equal',
      ctx: { ge: 1800 },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// GET /scraper-health

interface HealthEntry {
  source: string;
  success: boolean;
  run_id: string;
  started_at: string;
  finished_at: string;
  decisions_added: number;
  decisions_updated: number;
  items_seen: number;
  items_failed: number;
  total_held: number;
  portal_count: number | null;
  last_success_at: string | null;
  stale: boolean;
  errors: { item: string | null; message: string }[];
}

describe('GET /scraper-health', () => {
  let body: { generated_at: string; sources: HealthEntry[] };
  const entry = (source: string) => body.sources.find((s) => s.source === source)!;
  beforeAll(async () => {
    const res = await get('/scraper-health');
    expect(res.statusCode).toBe(200);
    body = res.json();
  });

  it('one entry per source, generated now', () => {
    expect(body.generated_at).toBe(NOW.toISOString());
    const sources = body.sources.map((s) => s.source);
    expect(sources.sort()).toEqual([...new Set(RUNS.map((r) => r.source))].sort());
  });

  it.each([
    // source, latest run, success of the latest run, last success, stale
    ['CH_BGer', 'bger-2', true, '2026-01-14T02:00:00.000Z', false],
    ['ZH_Obergericht', 'zh-1', true, '2026-01-10T03:00:00.000Z', true],
    ['GE_Gerichte', 'ge-1', false, null, true],
    ['VD_FindInfo', 'vd-2', false, '2026-01-14T01:00:00.000Z', false],
    ['SG_Gerichte', 'sg-1', true, '2026-01-13T12:00:00.000Z', false],
    ['TI_Gerichte', 'ti-1', true, '2026-01-13T11:59:59.999Z', true],
    ['LU_Gerichte', 'lu-1', true, '2026-01-15T06:00:00.000Z', false],
  ] as const)(
    '%s: latest run %s, success %s, last success %s, stale %s',
    (source, runId, success, lastSuccess, stale) => {
      const e = entry(source);
      const run = RUNS.find((r) => r.runId === runId)!;
      expect(e).toMatchObject({
        source,
        run_id: runId,
        success,
        finished_at: run.finishedAt,
        last_success_at: lastSuccess,
        stale,
      });
    },
  );

  it('an older run delivered after a newer one does not replace it', () => {
    expect(entry('CH_BGer')).toMatchObject({ run_id: 'bger-2', success: true, items_failed: 0, errors: [] });
  });

  it('an older success delivered after a newer failure keeps the failure as the latest run but still counts as the last success', () => {
    expect(entry('BS_Omni')).toMatchObject({ run_id: 'bs-2', success: false });
    expect(entry('BS_Omni').last_success_at).toBe('2026-01-14T05:00:00.000Z');
    expect(entry('BS_Omni').stale).toBe(false);
  });

  it('reports the figures of the latest run: added, held, portal count, errors', () => {
    expect(entry('LU_Gerichte')).toEqual({
      source: 'LU_Gerichte',
      success: true,
      run_id: 'lu-1',
      started_at: '2026-01-15T05:00:00.000Z',
      finished_at: '2026-01-15T06:00:00.000Z',
      decisions_added: 17,
      decisions_updated: 4,
      items_seen: 321,
      items_failed: 0,
      total_held: 9876,
      portal_count: 9900,
      last_success_at: '2026-01-15T06:00:00.000Z',
      stale: false,
      errors: [],
      unknown_courts: {},
      metadata_disagreements: {},
      // An event without the newer figures: withdrawals 0, HTTP errors unknown (null).
      decisions_withdrawn: 0,
      http_errors: null,
      duration_ms: 3_600_000,
      consecutive_failures: 0,
      never_run: false,
      scheduled: false,
      schedule: null,
      schedule_timezone: null,
      next_run_at: null,
    });
    expect(entry('GE_Gerichte')).toMatchObject({
      portal_count: null,
      items_failed: 2,
      errors: [{ item: 'page-7.json', message: 'HTTP 503 from the portal' }],
    });
  });
});
