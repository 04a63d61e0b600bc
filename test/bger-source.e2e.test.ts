/**
 * SOURCE=bger end to end in embedded mode: a local server in the Federal Supreme Court's layout
 * (Neuheiten lists and decision pages, served in ISO-8859-1 as the site does) → ingest → table
 * event log → projections → API. Faults (a page answering 500, a page timing out, a page without
 * decision text, a malformed list) are reported in the run's health event, nothing held is lost,
 * and the next run fetches exactly what is missing. Politeness is measured at the server.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../api/app.ts';
import type { ScraperRun } from '../contracts/events/index.ts';
import type { DatabaseHandle } from '../infra/db/database.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../infra/ingest-state/table-ingest-state.ts';
import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import { ProjectorHost } from '../projector/projector-host.ts';
import { allProjections } from '../projector/projections.ts';
import { openTestDatabase } from './support/engines.ts';
import { startFakeHttp } from './support/fake-http.ts';
import { configuredSources } from '../ingest/configured-sources.ts';
import type { EventSource } from '../ingest/event-source.port.ts';
import { PoliteHttpClient } from '../ingest/http/polite-http.client.ts';
import { runEventSource } from '../ingest/ingest-runner.ts';
import { BgerSource } from '../ingest/sources/bger/bger.source.ts';

const OWN = join(import.meta.dirname, 'fixtures/bger');
const fixture = (name: string) => readFileSync(join(OWN, name), 'utf8');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const MIN_INTERVAL = 60;
const TIMEOUT = 1500;

/** A German page of another decision, in the layout of the German fixture. */
function germanPage(docket: string, spokenDate: string, chamber: string): string {
  return fixture('decision-de.html')
    .replaceAll('6B_412/2026', docket)
    .replaceAll('5. Juni 2026', spokenDate)
    .replaceAll('I. strafrechtliche Abteilung', chamber);
}

const PAGES: Record<string, string> = {
  'aza://05-06-2026-6B_412-2026': fixture('decision-de.html'),
  'aza://10-06-2026-4A_233-2026': fixture('decision-fr.html'),
  'aza://12-06-2026-2C_118-2026': fixture('decision-it.html'),
  'aza://15-06-2026-8C_77-2026': germanPage(
    '8C_77/2026',
    '15. Juni 2026',
    'IV. öffentlich-rechtliche Abteilung',
  ),
  'aza://16-06-2026-9C_12-2026': germanPage(
    '9C_12/2026',
    '16. Juni 2026',
    'III. öffentlich-rechtliche Abteilung',
  ),
  'aza://17-06-2026-1C_300-2026': germanPage(
    '1C_300/2026',
    '17. Juni 2026',
    'I. öffentlich-rechtliche Abteilung',
  ),
};
const EMPTY_DAY = `<html><body><font color="black"><h1>Neue Entscheide</h1></font><P>Liste der am&nbsp;<b>01.07.2026</b>&nbsp;neu aufgenommenen Entscheide</P><TABLE><TR><TH>Entscheiddat.</TH></TR></TABLE></body></html>`;

type Fault = 'page-500' | 'page-timeout' | 'page-no-text' | 'list-malformed' | 'marked';

describe('SOURCE=bger over HTTP → event log → projections → API (embedded)', () => {
  let server: Awaited<ReturnType<typeof startFakeHttp>>;
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let projector: ProjectorHost;
  let app: FastifyInstance;
  const faults = new Set<Fault>();
  /** When each request arrived, and when its answer was sent (null: the client gave up first). */
  const exchanges: { start: number; answered: number | null }[] = [];

  beforeAll(async () => {
    server = await startFakeHttp((req, res) => {
      const exchange = { start: req.at, answered: null as number | null };
      exchanges.push(exchange);
      res.on('finish', () => (exchange.answered = performance.now()));
      const url = new URL(req.path, 'http://x');
      const send = (status: number, body: string) => {
        // The site's pages are ISO-8859-1.
        res.writeHead(status, { 'content-type': 'text/html; charset=iso-8859-1' });
        res.end(Buffer.from(body, 'latin1'));
      };
      if (url.pathname.endsWith('/index_aza.php') && url.searchParams.get('mode') === 'news') {
        const date = url.searchParams.get('date');
        if (date === '20260701') return send(200, EMPTY_DAY);
        if (date !== '20260702') return send(404, 'not found');
        if (faults.has('list-malformed'))
          return send(200, '<html><body><h1>Checking your browser…</h1></body></html>');
        const list = fixture('list-de.html');
        return send(
          200,
          faults.has('marked')
            ? list.replace('Krankenversicherung</CITE>', 'Krankenversicherung*</CITE>')
            : list,
        );
      }
      const docId = url.searchParams.get('highlight_docid') ?? '';
      const body = PAGES[docId];
      if (!url.pathname.endsWith('/aza/http/index.php') || !body) return send(404, 'not found');
      if (docId.includes('8C_77') && faults.has('page-500')) return send(500, 'Internal Server Error');
      if (docId.includes('9C_12') && faults.has('page-timeout')) {
        setTimeout(() => send(200, body), TIMEOUT * 2);
        return;
      }
      if (docId.includes('1C_300') && faults.has('page-no-text'))
        return send(
          200,
          '<html><body><main><p>Das Dokument ist zurzeit nicht verfügbar.</p></main></body></html>',
        );
      send(200, body);
    });
    handle = await openTestDatabase('pglite');
    log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
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
      settings: {
        basePath: '',
        publicBaseUrl: 'https://example.test',
        staleAfterHours: 36,
        maxSearchResponseChars: 2_000_000,
      },
      today: () => '2026-07-03',
      now: () => new Date(),
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await projector?.stop();
    await log?.close();
    await handle?.close();
    await server?.close();
  });

  /** The source on the local server, on the day of the list fixture. */
  const bger = (): EventSource =>
    new BgerSource({
      http: new PoliteHttpClient({ minIntervalMs: MIN_INTERVAL, timeoutMs: TIMEOUT, retries: 0 }),
      baseUrl: server.url,
      days: 2,
      today: () => '2026-07-02',
      state: new TableIngestState(handle.db),
    });

  it('SOURCE=bger configures the source on BGER_BASE_URL for the last BGER_DAYS days', async () => {
    const env = {
      SOURCE: 'bger' as const,
      DATA_DIR: '/nonexistent',
      SAMPLE_SIZE: 1,
      SAMPLE_SEED: 1,
      STATUTE_LANGUAGES: ['de' as const],
      HTTP_MIN_INTERVAL_MS: MIN_INTERVAL,
      HTTP_TIMEOUT_MS: TIMEOUT,
      BGER_BASE_URL: 'https://mirror.example.ch',
      BGER_DAYS: 3,
    };
    const [days] = await configuredSources(env);
    expect(days?.kind).toBe('events');
    const urls = (days?.source as BgerSource).listUrls();
    expect(urls).toHaveLength(3);
    expect(urls[2]).toBe(
      `https://mirror.example.ch/ext/eurospider/live/de/php/aza/http/index_aza.php?date=${new Date().toISOString().slice(0, 10).replace(/-/g, '')}&lang=de&mode=news`,
    );
    const listed = ['https://mirror.example.ch/a?date=1', 'https://mirror.example.ch/b?date=2'];
    const [lists] = await configuredSources({ ...env, BGER_LIST_URLS: listed });
    expect((lists?.source as BgerSource).listUrls()).toEqual(listed);
  });

  const run = async (): Promise<{ run: ScraperRun; paths: string[] }> => {
    const before = server.requests.length;
    const result = await runEventSource(bger(), {
      log,
      state: new TableIngestState(handle.db),
      now: () => new Date().toISOString(),
      newId: randomUUID,
      logger: quiet,
    }).finally(() => projector.waitUntilCaughtUp(undefined, 20));
    return { run: result, paths: server.requests.slice(before).map((r) => decodeURIComponent(r.path)) };
  };
  const pagesOf = (paths: string[]) =>
    paths.filter((p) => p.includes('highlight_docid')).map((p) => /aza:\/\/[^&]+/.exec(p)![0]);
  const decision = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `/decisions/${id}` });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const health = async () =>
    (await app.inject({ method: 'GET', url: '/scraper-health' }))
      .json<{
        sources: (ScraperRun & { stale: boolean })[];
      }>()
      .sources.find((s) => s.source === 'bger');

  it('first run with faults: publishes the readable decisions, reports each failure, politely', async () => {
    faults.clear();
    faults.add('page-500').add('page-timeout').add('page-no-text');
    const { run: r, paths } = await run();
    expect(paths.filter((p) => p.includes('index_aza.php'))).toEqual([
      '/ext/eurospider/live/de/php/aza/http/index_aza.php?date=20260701&lang=de&mode=news',
      '/ext/eurospider/live/de/php/aza/http/index_aza.php?date=20260702&lang=de&mode=news',
    ]);
    expect(pagesOf(paths)).toEqual(Object.keys(PAGES));
    expect(r).toMatchObject({
      source: 'bger',
      success: true,
      items_seen: 6,
      items_failed: 3,
      decisions_added: 3,
      decisions_updated: 0,
      total_held: 3,
      portal_count: null,
      http_errors: 2,
    });
    const messages = r.errors.map((e) => `${e.item}: ${e.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^aza:\/\/15-06-2026-8C_77-2026: 8C_77\/2026: GET .* answered 500$/),
      expect.stringMatching(
        /^aza:\/\/16-06-2026-9C_12-2026: 9C_12\/2026: GET .* failed: .*(timeout|aborted)/i,
      ),
      expect.stringMatching(/^aza:\/\/17-06-2026-1C_300-2026: 1C_300\/2026: no decision text on the page/),
    ]);

    // Politeness at the server: never two requests at once, starts at least the interval apart
    // (arrival times jitter by a few ms around each interval).
    // One request at a time: each starts after the previous answer was sent, or, where the client
    // gave up (the timeout), no earlier than its timeout; and starts are the interval apart.
    const seen = exchanges.slice(-paths.length);
    expect(seen.filter((x) => x.answered === null)).toHaveLength(1);
    for (let i = 1; i < seen.length; i++) {
      const previous = seen[i - 1]!;
      const earliest = previous.answered ?? previous.start + TIMEOUT;
      expect(seen[i]!.start).toBeGreaterThanOrEqual(earliest - 5);
      expect(seen[i]!.start - previous.start).toBeGreaterThanOrEqual(MIN_INTERVAL - 5);
    }

    const h = await health();
    expect(h).toMatchObject({
      success: true,
      decisions_added: 3,
      items_failed: 3,
      total_held: 3,
      stale: false,
    });
    expect(h!.errors.map((e) => e.item)).toEqual([
      'aza://15-06-2026-8C_77-2026',
      'aza://16-06-2026-9C_12-2026',
      'aza://17-06-2026-1C_300-2026',
    ]);
  }, 30_000);

  it.each([
    [
      'bger_6B_412_2026',
      {
        docket_number: '6B_412/2026',
        decision_date: '2026-06-05',
        language: 'de',
        chamber: 'I. strafrechtliche Abteilung',
        title: 'Mehrfache Sachbeschädigung; Strafzumessung (zur Publikation vorgesehen)',
      },
      'Der Beschwerdeführer beanstandet die Strafzumessung (Art. 47 StGB).',
      ['1', '1.1', '1.2', '2', '3'],
    ],
    [
      'bger_4A_233_2026',
      {
        docket_number: '4A_233/2026',
        decision_date: '2026-06-10',
        language: 'fr',
        chamber: 'Ire Cour de droit civil',
        title: 'contrat de bail; résiliation',
      },
      "La recourante reproche à la cour cantonale d'avoir violé l'art. 271 al. 1 CO.",
      ['1', '2', '2.1', '2.2', '3'],
    ],
    [
      'bger_2C_118_2026',
      {
        docket_number: '2C_118/2026',
        decision_date: '2026-06-12',
        language: 'it',
        chamber: 'II Corte di diritto pubblico',
        title: 'Imposta federale diretta 2022',
      },
      'Il ricorso è respinto.',
      ['1', '2', '2.1', '2.2', '3'],
    ],
  ])(
    'GET /decisions/%s serves the decision as the court published it',
    async (id, fields, sentence, erwaegungen) => {
      const { status, body } = await decision(id);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        decision_id: id,
        court: 'bger',
        publication_date: '2026-07-02',
        ...fields,
        provenance: { source: 'bger', source_item_id: expect.stringMatching(/^aza:\/\//) },
      });
      expect(body.full_text).toContain(sentence);
      expect(body.full_text).not.toMatch(/Navigation|Druckversion/);
      expect(body.citation_string_de).toBe(
        `BGer ${fields.docket_number} vom ${{ bger_6B_412_2026: '5. Juni 2026', bger_4A_233_2026: '10. Juni 2026', bger_2C_118_2026: '12. Juni 2026' }[id]}`,
      );
      const structure = await app.inject({ method: 'GET', url: `/structure/${id}` });
      expect(structure.statusCode).toBe(200);
      const s = structure.json<{
        sections_found: object;
        erwaegungen: { number: string }[];
        structured: boolean;
      }>();
      expect(s.structured).toBe(true);
      expect(s.sections_found).toEqual({ facts: 'heading', considerations: 'heading', operative: 'heading' });
      expect(s.erwaegungen.map((e) => e.number)).toEqual(erwaegungen);
    },
  );

  it('the docket as written finds the decision too', async () => {
    const res = await app.inject({ method: 'GET', url: '/decisions/6B_412/2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decision_id: 'bger_6B_412_2026' });
    expect((await decision('bger_8C_77_2026')).status).toBe(404);
  });

  it('a malformed list ends the run as failed; nothing held is lost', async () => {
    faults.clear();
    faults.add('list-malformed');
    await expect(run()).rejects.toThrow(/bger list .*date=20260702.*not a list of new decisions/);
    const h = await health();
    expect(h).toMatchObject({ success: false, total_held: 3 });
    expect(h!.errors.map((e) => e.message).join('\n')).toMatch(/run aborted: bger list/);
    expect((await decision('bger_6B_412_2026')).status).toBe(200);
  }, 30_000);

  it('the next run fetches only the pages that failed', async () => {
    faults.clear();
    const { run: r, paths } = await run();
    expect(pagesOf(paths)).toEqual([
      'aza://15-06-2026-8C_77-2026',
      'aza://16-06-2026-9C_12-2026',
      'aza://17-06-2026-1C_300-2026',
    ]);
    expect(r).toMatchObject({
      success: true,
      items_seen: 3,
      items_failed: 0,
      decisions_added: 3,
      total_held: 6,
      http_errors: 0,
    });
    expect((await decision('bger_9C_12_2026')).body).toMatchObject({
      docket_number: '9C_12/2026',
      decision_date: '2026-06-16',
      chamber: 'III. öffentlich-rechtliche Abteilung',
      language: 'de',
    });
    expect((await health())?.success).toBe(true);
  }, 30_000);

  it('a nightly run over unchanged lists fetches no decision page', async () => {
    const { run: r, paths } = await run();
    expect(paths).toHaveLength(2);
    expect(pagesOf(paths)).toEqual([]);
    expect(r).toMatchObject({
      success: true,
      items_seen: 0,
      decisions_added: 0,
      decisions_updated: 0,
      total_held: 6,
    });
  });

  it('a changed list entry (newly marked *) is read again and updates the decision', async () => {
    faults.clear();
    faults.add('marked');
    const { run: r, paths } = await run();
    expect(pagesOf(paths)).toEqual(['aza://16-06-2026-9C_12-2026']);
    expect(r).toMatchObject({
      success: true,
      items_seen: 1,
      decisions_added: 0,
      decisions_updated: 1,
      total_held: 6,
    });
    expect((await decision('bger_9C_12_2026')).body.title).toMatch(
      /^Mehrfache Sachbeschädigung; Strafzumessung \(zur Publikation vorgesehen\)$/,
    );
  });
});
