/**
 * The ingest process (`ingest/ingest.main.ts`) as operators run it, on the embedded database,
 * reading the live statute portals — here local fake servers: `SOURCE=fedlex` (SPARQL listing and
 * Akoma Ntoso files) and `SOURCE=lexfind` (catalogue, then the cantonal texts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../infra/db/database.ts';
import { startFakeHttp } from '../test/support/fake-http.ts';
import {
  cantonalStatuteHtml,
  fedlexActXml,
  sparqlResults,
  sparqlVersionBinding,
} from '../test/support/portal-fixtures.ts';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);

interface LoggedEvent {
  type: string;
  source: string;
  key: string;
  payload: { data: Record<string, unknown> };
}

/** Runs one ingest process to its end on a fresh embedded database and returns what it appended. */
async function ingest(vars: Record<string, string>): Promise<LoggedEvent[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ingest-main-'));
  try {
    await run(process.execPath, ['--import', 'tsx', 'ingest/ingest.main.ts'], {
      cwd: REPO,
      env: { ...process.env, SERVICE_MODE: 'embedded', DATA_DIR: dataDir, LOG_LEVEL: 'warn', HTTP_MIN_INTERVAL_MS: '1', ...vars },
      timeout: 90_000,
    });
    const handle = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      const rows = await handle.db
        .selectFrom('event_log')
        .select(['type', 'source', 'key', 'payload'])
        .orderBy('position')
        .execute();
      return rows as unknown as LoggedEvent[];
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('ingest process against the statute portals (fake servers)', () => {
  let server: Awaited<ReturnType<typeof startFakeHttp>>;

  beforeAll(async () => {
    server = await startFakeHttp((req, res) => {
      const base = server.url;
      if (req.method === 'POST' && req.path === '/sparqlendpoint') {
        const query = new URLSearchParams(req.body).get('query') ?? '';
        const rows = query.includes('OFFSET 0')
          ? [
              sparqlVersionBinding('172.010', '2020-01-01', 'FRA', `${base}/files/oe-2020-fr.xml`),
              sparqlVersionBinding('172.010', '2024-01-01', 'FRA', `${base}/files/oe-2024-fr.xml`),
            ]
          : [];
        res.writeHead(200, { 'content-type': 'application/sparql-results+json' });
        return void res.end(sparqlResults(rows));
      }
      const catalogue = {
        entity: { id: 25, abbreviation: 'GE' },
        language: 'fr',
        texts_of_law: [
          {
            id: 501,
            systematic_number: 'E 2 05',
            title: "Loi d'essai",
            abbreviation: 'LE',
            is_active: true,
            version_active_since: '01.07.2024',
            entity: { id: 25, abbreviation: 'GE' },
            original_url: `${base}/portal/E_2_05-2024.html`,
            versions: [{ version_active_since: '01.07.2024', original_url: `${base}/portal/E_2_05-2024.html` }],
          },
        ],
      };
      const routes: Record<string, string> = {
        '/files/oe-2020-fr.xml': fedlexActXml('172.010', 'fr', '2020-01-01', 2),
        '/files/oe-2024-fr.xml': fedlexActXml('172.010', 'fr', '2024-01-01', 3),
        '/lexfind/fr/entities/25/texts-of-law': JSON.stringify(catalogue),
        '/portal/E_2_05-2024.html': cantonalStatuteHtml('E 2 05', 'État au 1er juillet 2024'),
      };
      const body = routes[req.path];
      if (body === undefined) {
        res.writeHead(404);
        return void res.end();
      }
      res.end(body);
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('SOURCE=fedlex: lists the configured acts and languages, publishes every version and a health event', async () => {
    const events = await ingest({
      SOURCE: 'fedlex',
      FEDLEX_SPARQL_URL: `${server.url}/sparqlendpoint`,
      FEDLEX_SR_NUMBERS: '172.010',
      STATUTE_LANGUAGES: 'fr',
    });
    const query = new URLSearchParams(server.requests.find((r) => r.path === '/sparqlendpoint')!.body).get('query')!;
    expect(query).toContain('"172.010"');
    expect(query).toMatch(/FRA/);
    expect(query).not.toMatch(/DEU|ITA/);
    const versions = events.filter((e) => e.type === 'StatuteVersionPublished');
    expect(versions.map((v) => [v.source, v.key, v.payload.data['consolidation_date']])).toEqual([
      ['fedlex', 'CH:172.010:fr', '2020-01-01'],
      ['fedlex', 'CH:172.010:fr', '2024-01-01'],
    ]);
    expect((versions[1]!.payload.data['articles'] as unknown[]).length).toBe(3);
    const health = events.filter((e) => e.type === 'ScraperRunCompleted');
    expect(health).toHaveLength(1);
    expect(health[0]!.payload.data).toMatchObject({ source: 'fedlex', success: true, items_seen: 2, items_failed: 0 });
  });

  it('SOURCE=lexfind: reads the configured cantons, then fetches the texts the catalogue points to', async () => {
    const before = server.requests.length;
    const events = await ingest({
      SOURCE: 'lexfind',
      LEXFIND_BASE_URL: `${server.url}/lexfind`,
      LEXFIND_ENTITIES: 'GE',
      STATUTE_LANGUAGES: 'fr',
    });
    const paths = server.requests.slice(before).map((r) => r.path);
    // the catalogue is read twice (once per source), for GE in French only
    expect(paths.filter((p) => p.startsWith('/lexfind/'))).toEqual([
      '/lexfind/fr/entities/25/texts-of-law',
      '/lexfind/fr/entities/25/texts-of-law',
    ]);
    expect(events.map((e) => [e.type, e.source])).toEqual([
      ['LegislationCatalogEntryPublished', 'lexfind'],
      ['ScraperRunCompleted', 'lexfind'],
      ['StatuteVersionPublished', 'cantonal'],
      ['ScraperRunCompleted', 'cantonal'],
    ]);
    expect(events[0]!.key).toBe('501:fr');
    expect(events[2]!.payload.data).toMatchObject({ jurisdiction: 'GE', sr_number: 'E 2 05', language: 'fr' });
  });

  it('a bad setting stops the process before anything is read, naming the variable', async () => {
    const failed = await ingest({ SOURCE: 'lexfind', LEXFIND_ENTITIES: 'GE,XX' }).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/LEXFIND_ENTITIES/);
  });
});
