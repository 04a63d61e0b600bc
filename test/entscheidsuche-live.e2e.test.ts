/**
 * SOURCE=entscheidsuche against a local copy of the portal (real records, a PDF-only record, job
 * files in the portal's format), through the whole embedded pipeline: ingest → table event log →
 * projections → API. A quiet night fetches nothing but the job files; an `update` publishes the
 * new text, served as version 2 with version 1 still on request; `nicht_mehr_da` publishes a
 * withdrawal: the decision stays served, marked withdrawn, and leaves search; every request keeps
 * the polite pace.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../api/app.ts';
import { openPglite, type DatabaseHandle } from '../infra/db/database.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../infra/ingest-state/table-ingest-state.ts';
import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import { PoliteHttpClient } from '../ingest/http/polite-http.client.ts';
import { runEventSource } from '../ingest/ingest-runner.ts';
import { EntscheidsucheHttpSource } from '../ingest/sources/entscheidsuche/entscheidsuche-http.source.ts';
import { ProjectorHost } from '../projector/projector-host.ts';
import { allProjections } from '../projector/projections.ts';
import { esFixturesPresent, FakeEntscheidsuche, gaps, PDF_RECORD } from './support/entscheidsuche-portal.ts';

if (!esFixturesPresent) console.log('skipped: the real entscheidsuche records (../shared/fixtures/entscheidsuche) are not here');

const MIN_INTERVAL_MS = 25;
const SPIDERS = ['CH_BGer', 'CH_EDOEB', 'SH_OG', 'TI_Gerichte', 'VD_Omni', 'ZH_Obergericht'];
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const VD_HTML = 'VD_Omni/VD_TC_031_FI-2026-0167_2026-08-12.html';
const VD_JSON = 'VD_Omni/VD_TC_031_FI-2026-0167_2026-08-12.json';
const ZH_JSON = 'ZH_Obergericht/ZH_OG_999_DG240019_2025-06-12.json';

describe.skipIf(!esFixturesPresent)('entscheidsuche over HTTP, embedded pipeline', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let projector: ProjectorHost;
  let app: FastifyInstance;
  let portal: FakeEntscheidsuche;
  const notes: string[] = [];

  const run = async (spiders: readonly string[] | null = SPIDERS) => {
    const source = new EntscheidsucheHttpSource({
      http: new PoliteHttpClient({ minIntervalMs: MIN_INTERVAL_MS, timeoutMs: 5000, retryBaseMs: 10 }),
      state: new TableIngestState(handle.db),
      baseUrl: portal.url,
      ...(spiders ? { spiders } : {}),
      onNote: (m) => notes.push(m),
    });
    const result = await runEventSource(source, {
      log,
      state: new TableIngestState(handle.db),
      now: () => new Date().toISOString(),
      newId: randomUUID,
      logger: quiet,
    });
    await projector.waitUntilCaughtUp(undefined, 20);
    return result;
  };
  const events = async (type: string) =>
    (await handle.db
      .selectFrom('event_log')
      .select(['key', 'event_id', 'payload'])
      .where('type', '=', type)
      .orderBy('position')
      .execute()) as { key: string; event_id: string; payload: { data: Record<string, unknown> } }[];
  const decision = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `/decisions/${encodeURIComponent(id)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Record<string, unknown>>();
  };

  const searchIds = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/decisions?query=${encodeURIComponent(query)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: { decision_id: string }[] }>().results.map((d) => d.decision_id);
  };

  beforeAll(async () => {
    portal = await (await new FakeEntscheidsuche().loadFixtures()).start();
    dir = await mkdtemp(join(tmpdir(), 'e2e-entscheidsuche-'));
    handle = await openPglite({ dataDir: join(dir, 'pglite') });
    log = new TableEventLog(handle.db, { pollIntervalMs: 20 });
    const search = new PostgresSearchIndex(handle.db);
    projector = new ProjectorHost(
      { db: handle.db, log, now: () => new Date().toISOString(), logger: quiet },
      allProjections({ writer: search }),
      { watchIntervalMs: 0 },
    );
    await projector.start();
    app = await buildApp({
      db: handle.db,
      search,
      settings: { basePath: '', publicBaseUrl: 'https://example.test', staleAfterHours: 36, maxSearchResponseChars: 2_000_000 },
      today: () => '2026-11-25',
      now: () => new Date(),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await projector?.stop();
    await handle?.close();
    await portal?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('publishes every record with court, docket, date, language and text, at a polite pace', async () => {
    const result = await run();
    expect(result).toMatchObject({
      success: true,
      decisions_added: 6,
      decisions_withdrawn: 0,
      items_seen: 6,
      items_failed: 0,
      portal_count: 6,
      total_held: 6,
      http_errors: 0,
    });
    const bger = await decision('bger_5A_459_2025');
    expect(bger).toMatchObject({ court: 'bger', docket_number: '5A_459/2025', decision_date: '2025-06-17', language: 'de' });
    expect(bger.full_text).toContain('Demnach erkennt der Präsident:');
    const vd = await decision('vd_findinfo_FI.2026.0167');
    expect(vd).toMatchObject({ court: 'vd_findinfo', docket_number: 'FI.2026.0167', decision_date: '2026-08-12', language: 'fr' });
    expect(vd.full_text).toContain('TRIBUNAL CANTONAL');
    // The PDF-only record: text read from the PDF, lines joined back into paragraphs.
    const [pdfEvent] = (await events('DecisionPublished')).filter(
      (e) => (e.payload.data.provenance as { source_item_id: string }).source_item_id === PDF_RECORD,
    );
    const ti = await decision(pdfEvent!.key);
    expect(ti).toMatchObject({ docket_number: '52.2024.12', decision_date: '2025-03-04', language: 'it', canton: 'TI' });
    expect(ti.full_text).toContain('Considerando in diritto');
    expect(ti.full_text).toContain('Il ricorso è respinto.');
    expect(ti.full_text).toContain("ampio potere di apprezzamento nell’applicazione del piano regolatore.");
    expect(ti.source_url).toMatch(/^https:\/\/www\.sentenze\.ti\.ch\//);
    // Politeness, measured at the server: one request at a time, the typical start gap the interval.
    // The projector shares this event loop and may hold it while a request is on its way, which
    // delays the server's note of it; the exact minimum is measured without a projector
    // (entscheidsuche-faults.e2e.test.ts).
    expect(portal.maxInFlight).toBe(1);
    const sorted = gaps(portal.requests).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(MIN_INTERVAL_MS - 1);
    expect(portal.requests.length).toBe(SPIDERS.length + 12);
  });

  it('reads only the job files on a night without changes and publishes nothing', async () => {
    const before = portal.requests.length;
    const logged = (await events('DecisionPublished')).length;
    const result = await run();
    expect(result).toMatchObject({ success: true, items_seen: 0, decisions_added: 0, decisions_updated: 0, total_held: 6 });
    expect(portal.requests.slice(before).map((r) => r.path)).toEqual(SPIDERS.map((s) => `/docs/Jobs/${s}/last`));
    expect((await events('DecisionPublished')).length).toBe(logged);
  });

  it('publishes the new text of an updated record as a second DecisionPublished with a new content hash', async () => {
    const html = portal.files.get(VD_HTML)!.toString('utf8');
    const corrected = html.replace('</body>', '<p>Rectification du 20 novembre 2026: le dispositif est complété.</p></body>');
    portal.files.set(VD_HTML, Buffer.from(corrected));
    const record = JSON.parse(portal.files.get(VD_JSON)!.toString('utf8')) as { HTML: Record<string, string> };
    record.HTML.Checksum = 'a-new-checksum';
    portal.files.set(VD_JSON, Buffer.from(JSON.stringify(record)));
    portal.publishJobs();
    const result = await run();
    expect(result).toMatchObject({ success: true, items_seen: 1, decisions_updated: 1, decisions_added: 0 });
    const versions = (await events('DecisionPublished')).filter((e) => e.key === 'vd_findinfo_FI.2026.0167');
    expect(versions).toHaveLength(2);
    const hashes = versions.map((v) => (v.payload.data.provenance as { content_hash: string }).content_hash);
    expect(new Set(hashes).size).toBe(2);
    const served = await decision('vd_findinfo_FI.2026.0167');
    expect(served.full_text).toContain('Rectification du 20 novembre 2026');
    // The API serves the newest version, lists both and still serves the first on request.
    expect(served).toMatchObject({ version: 2 });
    const listed = served.versions as { version: number; content_hash: string; changed: string[]; source: string }[];
    expect(listed.map((v) => v.version)).toEqual([1, 2]);
    expect(listed.map((v) => v.content_hash)).toEqual(hashes);
    expect(listed[1]!.changed).toContain('full_text');
    const first = await app.inject({ method: 'GET', url: '/decisions/vd_findinfo_FI.2026.0167?version=1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ full_text: string }>().full_text).not.toContain('Rectification du 20 novembre 2026');
  });

  it('turns a record gone from the portal into one DecisionWithdrawn of the decision it held', async () => {
    expect(await searchIds('DG240019')).toContain('zh_obergericht_DG240019');
    portal.files.delete(ZH_JSON);
    portal.files.delete(ZH_JSON.replace(/\.json$/, '.html'));
    portal.publishJobs();
    const before = portal.recordRequests().length;
    const result = await run();
    expect(result).toMatchObject({ success: true, decisions_withdrawn: 1, items_seen: 1, portal_count: 5 });
    expect(portal.recordRequests().length).toBe(before);
    const withdrawn = await events('DecisionWithdrawn');
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]!.key).toBe('zh_obergericht_DG240019');
    expect(withdrawn[0]!.payload.data).toMatchObject({
      decision_id: 'zh_obergericht_DG240019',
      reason: 'entscheidsuche job file: nicht_mehr_da',
      provenance: { source: 'entscheidsuche', source_item_id: ZH_JSON },
    });
    const state = await new TableIngestState(handle.db).get('entscheidsuche', [ZH_JSON]);
    expect(state.get(ZH_JSON)).toMatchObject({ entityKey: 'zh_obergericht_DG240019', sourceChecksum: expect.stringMatching(/^nicht_mehr_da:/) });
    // Still served by id, marked withdrawn; gone from search.
    expect(await decision('zh_obergericht_DG240019')).toMatchObject({
      withdrawn: true,
      withdrawal_reason: 'entscheidsuche job file: nicht_mehr_da',
    });
    expect(await searchIds('DG240019')).not.toContain('zh_obergericht_DG240019');
    // The next night lists it as gone again: nothing more is published.
    expect(await run()).toMatchObject({ decisions_withdrawn: 0, items_seen: 0 });
    expect(await events('DecisionWithdrawn')).toHaveLength(1);
  });

  it('reads every spider of the portal court tree by default', async () => {
    const before = portal.requests.length;
    const result = await run(null);
    expect(result.success).toBe(true);
    const paths = portal.requests.slice(before).map((r) => r.path);
    expect(paths[0]).toBe('/docs/Facetten_alle.json');
    const jobs = paths.filter((p) => p.startsWith('/docs/Jobs/'));
    expect(jobs).toHaveLength(37);
    expect(jobs).toContain('/docs/Jobs/CH_BGer/last');
    expect(jobs).toContain('/docs/Jobs/ZH_Verwaltungsgericht/last');
    // CH_EDOEB is not in the tree: its record is not read, and not withdrawn either.
    expect(jobs).not.toContain('/docs/Jobs/CH_EDOEB/last');
    expect(result.portal_count).toBe(4);
  });
});
