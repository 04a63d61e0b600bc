/**
 * SOURCE=bger ingest figures against a local server in the site's layout (in-memory PGlite):
 *  - throughput: decisions/s for a list of new decisions, every page fetched, parsed and published
 *    (`minIntervalMs` 0: our own cost; the public site is read at HTTP_MIN_INTERVAL_MS, 1/s by
 *    default), next to a Fastify hello-world read one request at a time in the same run;
 *  - a nightly run without changes: 7 daily lists of 60 decisions, all held, over an ingest state
 *    of `--known` (100,000) decisions; and the same lists grown to hold all of them.
 * Usage: npx tsx test/bench/bger.bench.ts [--pages 200 --known 100000]
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import type { IngestRecord } from '../../infra/ingest-state/ingest-state.port.ts';
import { TableIngestState } from '../../infra/ingest-state/table-ingest-state.ts';
import { PoliteHttpClient } from '../../ingest/http/polite-http.client.ts';
import { runEventSource } from '../../ingest/ingest-runner.ts';
import { type BgerListEntry, parseBgerList } from '../../ingest/sources/bger/bger-list.parser.ts';
import { BgerSource, listFingerprint } from '../../ingest/sources/bger/bger.source.ts';
import { openTestDatabase } from '../support/engines.ts';
import { startFakeHttp } from '../support/fake-http.ts';

const { values } = parseArgs({
  options: { pages: { type: 'string', default: '200' }, known: { type: 'string', default: '100000' } },
});
const PAGES = Number(values.pages);
const KNOWN = Number(values.known);
const FIXTURES = join(import.meta.dirname, '../fixtures/bger');
const template = readFileSync(join(FIXTURES, 'decision-de.html'), 'utf8');
const quiet = { info: () => {}, warn: () => {} };

/** Decision n of list d: a docket unique over the whole bench (the year tells the lists apart). */
const docketOf = (day: number, n: number) => `6B_${n + 1}/${2000 + day}`;
const dateOf = (day: number) => `2026-06-${String(1 + (day % 28)).padStart(2, '0')}`;

function listHtml(day: number, count: number): string {
  const rows: string[] = [];
  for (let n = 0; n < count; n++) {
    const docket = docketOf(day, n);
    const [y, m, d] = dateOf(day).split('-');
    rows.push(
      `<TR><TD></TD><TD>${d}.${m}.${y}</TD><TD><A HREF="/ext/eurospider/live/de/php/aza/http/index.php?highlight_docid=aza://${d}-${m}-${y}-${docket.replace('/', '-')}&amp;lang=de&amp;zoom=&amp;type=show_document">${docket}</A></TD><TD></TD><TD><CITE>Strafrecht</CITE></TD></TR><TR><TD></TD><TD></TD><TD></TD><TD></TD><TD>Betreff ${n}</TD></TR>`,
    );
  }
  return `<html><body><P>Liste der am&nbsp;<b>0${1 + (day % 9)}.07.2026</b>&nbsp;neu aufgenommenen Entscheide</P><TABLE>${rows.join('\n')}</TABLE></body></html>`;
}

const lists = new Map<string, string>();
const server = await startFakeHttp((req, res) => {
  const url = new URL(req.path, 'http://x');
  const list = lists.get(url.searchParams.get('date') ?? '');
  if (list !== undefined) {
    res.end(list);
    return;
  }
  const docId = url.searchParams.get('highlight_docid') ?? '';
  const m = /^aza:\/\/(\d{2})-(\d{2})-(\d{4})-(.+)-(\d{4})$/.exec(docId);
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  const docket = `${m[4]}/${m[5]}`;
  res.end(
    template.replaceAll('6B_412/2026', docket).replaceAll('5. Juni 2026', `${Number(m[1])}. Juni 2026`),
  );
});
const handle = await openTestDatabase('pglite');
try {
  const state = new TableIngestState(handle.db);
  const log = new TableEventLog(handle.db);
  const deps = { log, state, now: () => new Date().toISOString(), newId: randomUUID, logger: quiet };
  const source = (listUrls: string[]) =>
    new BgerSource({
      http: new PoliteHttpClient({ minIntervalMs: 0, timeoutMs: 60_000 }),
      baseUrl: server.url,
      listUrls,
      state,
    });
  const listUrl = (key: string) =>
    `${server.url}/ext/eurospider/live/de/php/aza/http/index_aza.php?date=${key}&lang=de&mode=news`;

  // Hello-world reference, one request at a time like the source.
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloStart = performance.now();
  for (let i = 0; i < 500; i++) await (await fetch(helloUrl)).text();
  const helloRps = 500 / ((performance.now() - helloStart) / 1000);
  await hello.close();

  lists.set('new', listHtml(900, PAGES));
  const t0 = performance.now();
  const run = await runEventSource(source([listUrl('new')]), deps);
  const seconds = (performance.now() - t0) / 1000;
  const rate = run.decisions_added / seconds;
  console.log(
    `throughput: ${run.decisions_added} decisions in ${seconds.toFixed(1)} s = ${rate.toFixed(1)} decisions/s (list + pages, parse, publish)`,
  );
  console.log(
    `hello-world, one request at a time: ${helloRps.toFixed(0)} req/s; ingest = ${((100 * rate) / helloRps).toFixed(1)} % of it`,
  );

  // An ingest state of KNOWN held decisions: 7 daily lists of 60 plus the rest.
  const days = 7;
  const perDay = 60;
  const put = async (entries: BgerListEntry[]) => {
    const records: IngestRecord[] = entries.map((e) => ({
      source: 'bger',
      itemId: e.docId,
      entityKey: `bger_${e.docket.replace('/', '_')}`,
      contentHash: `${listFingerprint(e)}.${'0'.repeat(64)}`,
    }));
    await state.put(records, new Date().toISOString());
  };
  const t1 = performance.now();
  for (let day = 0; day < days; day++) {
    lists.set(`n${day}`, listHtml(day, perDay));
    await put([...parseBgerList(lists.get(`n${day}`)!).entries]);
  }
  const rest = KNOWN - days * perDay;
  const chunk = 20_000;
  const big: string[] = [];
  for (let i = 0; i < Math.ceil(rest / chunk); i++) {
    const key = `b${i}`;
    lists.set(key, listHtml(100 + i, Math.min(chunk, rest - i * chunk)));
    await put([...parseBgerList(lists.get(key)!).entries]);
    big.push(key);
  }
  console.log(
    `ingest state: ${await state.count('bger')} decisions held (filled in ${((performance.now() - t1) / 1000).toFixed(0)} s)`,
  );

  const requestsBefore = server.requests.length;
  const t2 = performance.now();
  const nightly = await runEventSource(source([...Array(days).keys()].map((d) => listUrl(`n${d}`))), deps);
  const nightlyMs = performance.now() - t2;
  console.log(
    `nightly run, no change: ${days} lists of ${perDay}, ${KNOWN} held: ${nightlyMs.toFixed(0)} ms, ${server.requests.length - requestsBefore} requests, ${nightly.items_seen} pages fetched (at HTTP_MIN_INTERVAL_MS=1000 add ${days} s of spacing)`,
  );
  const t3 = performance.now();
  const all = await runEventSource(
    source([...[...Array(days).keys()].map((d) => listUrl(`n${d}`)), ...big.map(listUrl)]),
    deps,
  );
  console.log(
    `no-change run over lists naming all ${KNOWN} held decisions: ${((performance.now() - t3) / 1000).toFixed(1)} s, ${all.items_seen} pages fetched`,
  );
} finally {
  await handle.close();
  await server.close();
}
