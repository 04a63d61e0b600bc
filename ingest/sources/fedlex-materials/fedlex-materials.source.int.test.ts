/**
 * The Fedlex materials source over HTTP: the SPARQL listing and the Akoma Ntoso gazette documents
 * served by a local fake server in the shape Fedlex answers, including its failures (500, a
 * listing that never answers, malformed JSON, a broken document).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../infra/db/database.ts';
import { TableEventLog } from '../../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../../infra/ingest-state/table-ingest-state.ts';
import { openTestDatabase } from '../../../test/support/engines.ts';
import { startFakeHttp } from '../../../test/support/fake-http.ts';
import { runEventSource } from '../../ingest-runner.ts';
import { PoliteHttpClient } from '../../http/polite-http.client.ts';
import { FedlexMaterialsSource } from './fedlex-materials.source.ts';
import { FedlexGazetteClient, gazetteDocumentsQuery, parseGazetteListing } from './gazette-listing.client.ts';

const FEDLEX = 'https://fedlex.data.admin.ch';

function messageXml(eli: string, lang: string, title: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><doc name="message"><meta><identification source="#bk">
<FRBRWork><FRBRthis value="${FEDLEX}/${eli}"/><FRBRdate date="1999-04-28" name="jolux:dateDocument"/><FRBRname xml:lang="${lang}" value="${title}"/></FRBRWork>
<FRBRExpression><FRBRlanguage language="${lang}"/></FRBRExpression></identification></meta>
<preface><p><docTitle>${title}</docTitle></p></preface><mainBody>
<hcontainer eId="sec_1" name="section"><num>1</num><heading>Ausgangslage</heading><content><p>Die Freizügigkeit der Anwälte ist heute durch kantonale Schranken behindert.<authorialNote marker="1"><p>BBl 1998 1</p></authorialNote></p></content></hcontainer>
<eop number="6014"/>
<hcontainer eId="sec_2" name="section"><num>2</num><heading>Besonderer Teil</heading>
  <hcontainer eId="sec_2_1" name="section"><heading>Art. 12 Berufsregeln</heading><content><p>Die Berufsregeln werden abschliessend im Bundesrecht geordnet;</p><p>sie ersetzen das kantonale <eop number="6015"/>Standesrecht nicht vollständig.</p></content></hcontainer>
</hcontainer>
</mainBody></doc></akomaNtoso>`;
}

const row = (sr: string, doc: string, type: string, lang: string, year: string, page: string, file: string) => ({
  srNumber: { type: 'literal', value: sr },
  doc: { type: 'uri', value: `${FEDLEX}/${doc}` },
  type: { type: 'uri', value: `${FEDLEX}/vocabulary/resource-type/${type}` },
  language: { type: 'uri', value: `http://publications.europa.eu/resource/authority/language/${lang}` },
  year: { type: 'literal', value: year },
  page: { type: 'literal', value: page },
  file: { type: 'uri', value: file },
});

describe('Fedlex materials source over HTTP (fake server)', () => {
  let server: Awaited<ReturnType<typeof startFakeHttp>>;
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let mode: 'ok' | 'listing-500' | 'listing-silent' | 'listing-malformed' | 'document-500' = 'ok';

  beforeAll(async () => {
    server = await startFakeHttp((req, res) => {
      const base = server.url;
      if (req.method === 'POST' && req.path === '/sparqlendpoint') {
        if (mode === 'listing-500') return void res.writeHead(500).end('Virtuoso 42000 Error');
        if (mode === 'listing-silent') return; // never answers: the client's timeout ends the wait
        if (mode === 'listing-malformed') {
          res.writeHead(200, { 'content-type': 'application/sparql-results+json' });
          return void res.end('{"head": {"vars": []}, "results": {"bindings": [');
        }
        res.writeHead(200, { 'content-type': 'application/sparql-results+json' });
        res.end(
          JSON.stringify({
            head: { vars: ['srNumber', 'doc', 'type', 'language', 'year', 'page', 'file'] },
            results: {
              bindings: new URLSearchParams(req.body).get('query')?.includes('OFFSET 0')
                ? [
                    row('935.61', 'eli/fga/1999/1063', 'message', 'DEU', '1999', '6013', `${base}/files/bgfa-de.xml`),
                    row('935.61', 'eli/fga/1999/1063', 'message', 'FRA', '1999', '5331', `${base}/files/bgfa-fr.xml`),
                    row('935.61', 'eli/fga/1999/1064', 'message', 'ITA', '1999', '4999', `${base}/files/missing.xml`),
                    row('935.61', 'eli/fga/1999/1065', 'message', 'DEU', '1999', '7000', `${base}/files/broken.xml`),
                    row('935.61', 'eli/fga/1999/1066', 'report', 'DEU', '1999', '7100', `${base}/files/report.xml`),
                  ]
                : [],
            },
          }),
        );
        return;
      }
      if (req.path === '/files/bgfa-de.xml') {
        if (mode === 'document-500') return void res.writeHead(500).end();
        return void res.end(messageXml('eli/fga/1999/1063', 'de', 'Botschaft zum Anwaltsgesetz'));
      }
      if (req.path === '/files/bgfa-fr.xml')
        return void res.end(messageXml('eli/fga/1999/1063', 'fr', 'Message concernant la loi sur les avocats'));
      if (req.path === '/files/broken.xml') return void res.end('<akomaNtoso><doc></akomaNtoso>');
      res.writeHead(404).end();
    });
    handle = await openTestDatabase('pglite');
    log = new TableEventLog(handle.db);
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const source = () => {
    const http = new PoliteHttpClient({ minIntervalMs: 20, timeoutMs: 300, retries: 1, userAgent: 'test-agent' });
    return new FedlexMaterialsSource({
      name: 'materials-test',
      lister: new FedlexGazetteClient(http, { srNumbers: ['935.61'], endpoint: `${server.url}/sparqlendpoint`, pageSize: 10 }),
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
  const events = () =>
    handle.db
      .selectFrom('event_log')
      .select(['key', 'type', 'payload'])
      .where('source', '=', 'materials-test')
      .orderBy('position')
      .execute();

  it('publishes one MaterialPublished per listed document and language; bad rows and files are failed items', async () => {
    const run = await runEventSource(source(), deps());
    expect(run).toMatchObject({ success: true, items_seen: 5, items_failed: 3, decisions_added: 2, portal_count: 4 });
    expect(run.errors.map((e) => e.message).join('\n')).toMatch(
      /neither a message nor parliamentary changes[\s\S]*missing\.xml[\s\S]*broken\.xml/,
    );
    const rows = await events();
    expect(rows.map((r) => [r.key, r.type])).toEqual([
      ['eli/fga/1999/1063:de', 'MaterialPublished'],
      ['eli/fga/1999/1063:fr', 'MaterialPublished'],
      ['materials-test', 'ScraperRunCompleted'],
    ]);
    const de = (rows[0]!.payload as { data: Record<string, unknown> }).data;
    expect(de).toMatchObject({
      eli: 'eli/fga/1999/1063',
      kind: 'botschaft',
      sr_number: '935.61',
      title: 'Botschaft zum Anwaltsgesetz',
      date: '1999-04-28',
      gazette: { ref_type: 'BBl', year: 1999, page: 6013 },
      sample: false,
    });
    expect(de['passages']).toEqual([
      { ordinal: 0, page: 6013, section: '1 Ausgangslage', topic: 'intent', articles: [], text: 'Die Freizügigkeit der Anwälte ist heute durch kantonale Schranken behindert.' },
      { ordinal: 1, page: 6014, section: 'Art. 12 Berufsregeln', topic: 'other', articles: ['12'], text: 'Die Berufsregeln werden abschliessend im Bundesrecht geordnet;' },
      { ordinal: 2, page: 6014, section: 'Art. 12 Berufsregeln', topic: 'other', articles: ['12'], text: 'sie ersetzen das kantonale Standesrecht nicht vollständig.' },
    ]);
    expect((rows[1]!.payload as { data: { gazette: unknown } }).data.gazette).toEqual({ ref_type: 'FF', year: 1999, page: 5331 });
  });

  it('asks politely: a user agent, the SPARQL query as a form, requests spaced', () => {
    expect(server.requests[0]!.headers['user-agent']).toBe('test-agent');
    expect(server.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const run = server.requests.slice(0, 4);
    expect(run.at(-1)!.at - run[0]!.at).toBeGreaterThanOrEqual((run.length - 1) * 20 - 15);
  });

  it('publishes nothing again when nothing changed', async () => {
    const run = await runEventSource(source(), deps());
    expect(run).toMatchObject({ success: true, decisions_added: 0, decisions_updated: 0, total_held: 2 });
  });

  it.each([
    ['listing-500', /500/],
    ['listing-silent', /timed out|timeout|abort/i],
    ['listing-malformed', /JSON/],
    ['document-500', /500/],
  ] as const)('%s: the run fails, publishes a health event and loses nothing already held', async (failure, message) => {
    mode = failure;
    const before = (await events()).filter((e) => e.type === 'MaterialPublished').length;
    await expect(runEventSource(source(), deps())).rejects.toThrow(message);
    mode = 'ok';
    const after = await events();
    const health = after.at(-1)!;
    expect(health.type).toBe('ScraperRunCompleted');
    const run = (health.payload as { data: { success: boolean; total_held: number; errors: { message: string }[] } }).data;
    expect(run.success).toBe(false);
    expect(run.total_held).toBe(2);
    expect(run.errors.at(-1)!.message).toMatch(/^run aborted: /);
    expect(after.filter((e) => e.type === 'MaterialPublished')).toHaveLength(before);
  });

  it('builds a query for the given SR numbers only and reads SPARQL JSON, refusing what is not', () => {
    const q = gazetteDocumentsQuery(['935.61', '0.101'], ['de', 'fr'], 100, 200);
    expect(q).toContain('VALUES ?srNumber { "935.61" "0.101" }');
    expect(q).toMatch(/LIMIT 100 OFFSET 200$/);
    expect(() => gazetteDocumentsQuery(['1" } DROP', '1'], ['de'], 1, 0)).toThrow(/not an SR number/);
    expect(() => parseGazetteListing({ results: [] })).toThrow(/SPARQL results are malformed/);
    const parsed = parseGazetteListing({
      head: { vars: [] },
      results: {
        bindings: [
          row('935.61', 'eli/fga/2022/1560', 'parliamentary-changes', 'ITA', '2022', '1560', 'https://f/x.xml'),
          row('935.61', 'eli/oc/2022/1', 'message', 'DEU', '2022', '1', 'https://f/y.xml'),
          row('935.61', 'eli/fga/2022/2', 'message', 'ENG', '2022', '2', 'https://f/z.xml'),
        ],
      },
    });
    expect(parsed.documents).toEqual([
      { eli: 'eli/fga/2022/1560', sr_number: '935.61', kind: 'parliamentary_change', language: 'it', year: 2022, page: 1560, file_url: 'https://f/x.xml' },
    ]);
    expect(parsed.skipped).toEqual([
      expect.stringMatching(/no Federal Gazette ELI/),
      expect.stringMatching(/language .*ENG is not de, fr or it/),
    ]);
  });
});
