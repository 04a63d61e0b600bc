/** The Fedlex source over HTTP: SPARQL listing and Akoma Ntoso files from a local fake server. */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../infra/db/database.ts';
import { TableEventLog } from '../../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../../infra/ingest-state/table-ingest-state.ts';
import { openTestDatabase } from '../../../test/support/engines.ts';
import { startFakeHttp } from '../../../test/support/fake-http.ts';
import { fedlexActXml, sparqlVersionBinding } from '../../../test/support/portal-fixtures.ts';
import { runEventSource } from '../../ingest-runner.ts';
import { PoliteHttpClient } from '../../http/polite-http.client.ts';
import { FedlexSparqlClient, parseSparqlVersions, versionsQuery } from './fedlex-sparql.client.ts';
import { FedlexSource } from './fedlex.source.ts';

const FIXTURE = fileURLToPath(
  new URL('../../../../shared/fixtures/fedlex/SR-901.021-20080101-de.xml', import.meta.url),
);

const act = fedlexActXml;
const binding = sparqlVersionBinding;

describe('Fedlex source over HTTP (fake server)', () => {
  let server: Awaited<ReturnType<typeof startFakeHttp>>;
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let flaky = 1;
  const realXml = existsSync(FIXTURE) ? readFileSync(FIXTURE, 'utf8') : act('901.021', 'de', '2008-01-01', 6);

  beforeAll(async () => {
    server = await startFakeHttp((req, res) => {
      const base = server.url;
      if (req.method === 'POST' && req.path === '/sparqlendpoint') {
        const query = new URLSearchParams(req.body).get('query') ?? '';
        const rows = query.includes('OFFSET 0')
          ? [
              binding('901.021', '2008-01-01', 'DEU', `${base}/files/vrp-de.xml`),
              binding('172.010', '2020-01-01', 'FRA', `${base}/files/oe-fr.xml`),
              binding('172.011', '2020-01-01', 'FRA', `${base}/files/missing.xml`),
              binding('172.012', '2020-01-01', 'FRA', `${base}/files/broken.xml`),
              {
                srNumber: { type: 'literal', value: '172.013' },
                file: { type: 'uri', value: `${base}/files/x.xml` },
              },
            ]
          : [];
        res.writeHead(200, { 'content-type': 'application/sparql-results+json' });
        res.end(
          JSON.stringify({
            head: { vars: ['srNumber', 'work', 'dateApplicability', 'language', 'file'] },
            results: { bindings: rows },
          }),
        );
        return;
      }
      if (req.path === '/files/vrp-de.xml') return void res.end(realXml);
      if (req.path === '/files/oe-fr.xml') {
        // One transient failure first: the client retries after retry-after.
        if (flaky-- > 0) {
          res.writeHead(503, { 'retry-after': '0' });
          return void res.end();
        }
        return void res.end(act('172.010', 'fr', '2020-01-01', 3));
      }
      if (req.path === '/files/broken.xml') return void res.end('<akomaNtoso><act></akomaNtoso>');
      res.writeHead(404);
      res.end();
    });
    handle = await openTestDatabase('pglite');
    log = new TableEventLog(handle.db);
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const source = () => {
    const http = new PoliteHttpClient({ minIntervalMs: 30, retries: 2, userAgent: 'test-agent' });
    return new FedlexSource({
      name: 'fedlex-test',
      lister: new FedlexSparqlClient(http, {
        srNumbers: ['901.021', '172.010', '172.011', '172.012', '172.013'],
        endpoint: `${server.url}/sparqlendpoint`,
        pageSize: 5,
      }),
      http,
    });
  };
  const deps = () => ({
    log,
    state: new TableIngestState(handle.db),
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger: { info: () => {}, warn: () => {} },
  });

  it('publishes one version per listed file and reports the bad ones in the health event; the run goes on', async () => {
    const run = await runEventSource(source(), deps());
    expect(run).toMatchObject({
      source: 'fedlex-test',
      success: true,
      items_seen: 5,
      items_failed: 3,
      decisions_added: 2,
      portal_count: 4,
    });
    expect(run.errors.map((e) => e.message).join('\n')).toMatch(
      /no dateApplicability[\s\S]*missing\.xml[\s\S]*broken\.xml: malformed XML/,
    );
    const rows = await handle.db
      .selectFrom('event_log')
      .select(['key', 'type', 'stream'])
      .where('source', '=', 'fedlex-test')
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { key: 'CH:901.021:de', type: 'StatuteVersionPublished', stream: 'statutes' },
      { key: 'CH:172.010:fr', type: 'StatuteVersionPublished', stream: 'statutes' },
      { key: 'fedlex-test', type: 'ScraperRunCompleted', stream: 'scraper-health' },
    ]);
  });

  it('asks politely: one request at a time, spaced, with a user agent, the SPARQL query as a form', async () => {
    const files = server.requests.filter((r) => r.path.startsWith('/files/'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    // Spacing is enforced at the client; arrival times jitter with connection reuse, so check the span.
    const run = server.requests.slice(0, 7);
    expect(run[run.length - 1]!.at - run[0]!.at).toBeGreaterThanOrEqual((run.length - 1) * 30 - 20);
    expect(server.requests[0]!.headers['user-agent']).toBe('test-agent');
    expect(server.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(server.requests.filter((r) => r.path === '/files/oe-fr.xml')).toHaveLength(2);
  });

  it('publishes nothing again when nothing changed', async () => {
    const run = await runEventSource(source(), deps());
    expect(run).toMatchObject({ decisions_added: 0, decisions_updated: 0, items_failed: 3, total_held: 2 });
  });

  it('builds a query that lists XML consolidations of the given SR numbers only', () => {
    const q = versionsQuery(['210', '0.101'], ['de', 'it'], 100, 200);
    expect(q).toContain('VALUES ?srNumber { "210" "0.101" }');
    expect(q).toContain('language/DEU>, <http://publications.europa.eu/resource/authority/language/ITA>');
    expect(q).toMatch(/LIMIT 100 OFFSET 200$/);
    expect(() => versionsQuery(['210" } DROP', '1'], ['de'], 1, 0)).toThrow(/not an SR number/);
  });

  it('reads SPARQL JSON results and rejects a document that is not one', () => {
    const parsed = parseSparqlVersions({
      head: { vars: [] },
      results: { bindings: [binding('210', '2024-01-01T00:00:00', 'DEU', 'https://f/x.xml')] },
    });
    expect(parsed.versions).toEqual([
      {
        sr_number: '210',
        consolidation_date: '2024-01-01',
        language: 'de',
        file_url: 'https://f/x.xml',
        work: 'https://fedlex.data.admin.ch/eli/cc/2010/210',
      },
    ]);
    expect(() => parseSparqlVersions({ results: [] })).toThrow(/SPARQL results are malformed/);
  });
});
