/**
 * `npm run bench:ingest`: SOURCE=entscheidsuche against a local copy of the portal.
 *
 * 1. Throughput: decisions per second ingested (job file, record JSON and HTML per decision,
 *    parsed, published to the table event log of an in-memory PGlite) with HTTP_MIN_INTERVAL_MS=0,
 *    next to a Fastify hello-world's requests per second measured in the same run (one client, as
 *    ingest is one request at a time; the machine is shared, compare the ratio).
 * 2. A night without changes over 100,000 known decisions: a job file listing them all `identisch`
 *    with the checksums ingest holds. Prints the time of the run (job file read, ingest state
 *    compared, nothing fetched) and the requests it made.
 */
import { createHash, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { openPglite } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../infra/ingest-state/table-ingest-state.ts';
import { PoliteHttpClient } from '../../ingest/http/polite-http.client.ts';
import { runEventSource } from '../../ingest/ingest-runner.ts';
import { EntscheidsucheHttpSource } from '../../ingest/sources/entscheidsuche/entscheidsuche-http.source.ts';
import { esFixturesPresent, FakeEntscheidsuche } from '../support/entscheidsuche-portal.ts';
import { startFakeHttp } from '../support/fake-http.ts';
import { runLoad } from './http-load.ts';

const DECISIONS = 300;
const KNOWN = 100_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

if (!esFixturesPresent) {
  console.log('skipped: the real entscheidsuche records (../shared/fixtures/entscheidsuche) are not here');
  process.exit(0);
}

async function helloWorldRps(): Promise<number> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const url = await hello.listen({ port: 0, host: '127.0.0.1' });
  await runLoad([url], 1, 200);
  const r = await runLoad([url], 1, 2000);
  await hello.close();
  return r.rps;
}

async function throughput(): Promise<void> {
  const portal = await (await new FakeEntscheidsuche().loadFixtures({ variants: DECISIONS })).start();
  const handle = await openPglite({ dataDir: null });
  try {
    const state = new TableIngestState(handle.db);
    const started = performance.now();
    const run = await runEventSource(
      new EntscheidsucheHttpSource({
        http: new PoliteHttpClient({ minIntervalMs: 0 }),
        state,
        baseUrl: portal.url,
        spiders: ['CH_BGer'],
      }),
      { log: new TableEventLog(handle.db), state, now: () => new Date().toISOString(), newId: randomUUID, logger: quiet },
    );
    const seconds = (performance.now() - started) / 1000;
    const rate = run.decisions_added / seconds;
    const hello = await helloWorldRps();
    console.log(
      `ingest throughput      ${run.decisions_added} decisions in ${seconds.toFixed(1)} s  ${rate.toFixed(1)} decisions/s  ` +
        `(${portal.requests.length} requests, ${(portal.requests.length / seconds).toFixed(0)} req/s; hello-world ${hello.toFixed(0)} req/s at 1 client, ratio ${((portal.requests.length / seconds) / hello).toFixed(3)})`,
    );
  } finally {
    await handle.close();
    await portal.stop();
  }
}

async function quietNight(): Promise<void> {
  const spider = 'CH_BGer';
  const checksum = (n: number) => createHash('md5').update(String(n)).digest('hex');
  const path = (n: number) => `${spider}/CH_BGer_005_5A-${n}-2020_2020-01-01.json`;
  const dateien: Record<string, { checksum: string; status: string }> = {};
  for (let n = 0; n < KNOWN; n++) {
    dateien[path(n)] = { checksum: checksum(n), status: 'identisch' };
    dateien[path(n).replace(/json$/, 'html')] = { checksum: checksum(-n - 1), status: 'identisch' };
  }
  const jobFile = JSON.stringify({ spider, job: '1/1/1', jobtyp: 'komplett', time: '2026-11-25_03:00:00', dateien, gesamt: { gesamt: KNOWN } });
  const portal = await startFakeHttp((req, res) => {
    if (req.path === `/docs/Jobs/${spider}/last`) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(jobFile);
    }
    res.writeHead(404);
    res.end();
  });
  const handle = await openPglite({ dataDir: null });
  try {
    const state = new TableIngestState(handle.db);
    const seeding = performance.now();
    const records = Array.from({ length: KNOWN }, (_, n) => ({
      source: 'entscheidsuche',
      itemId: path(n),
      entityKey: `bger_5A_${n}_2020`,
      contentHash: checksum(n).repeat(2),
      sourceChecksum: checksum(n),
    }));
    await state.put(records, new Date().toISOString());
    const seeded = (performance.now() - seeding) / 1000;
    const started = performance.now();
    const run = await runEventSource(
      new EntscheidsucheHttpSource({ http: new PoliteHttpClient({ minIntervalMs: 0 }), state, baseUrl: portal.url, spiders: [spider] }),
      { log: new TableEventLog(handle.db), state, now: () => new Date().toISOString(), newId: randomUUID, logger: quiet },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `no-change night        ${KNOWN} known decisions in ${seconds.toFixed(2)} s  (job file ${(jobFile.length / 1e6).toFixed(1)} MB, ` +
        `${portal.requests.length} request(s), ${run.items_seen} items fetched, ${run.decisions_added + run.decisions_updated} published; state seeded in ${seeded.toFixed(1)} s)`,
    );
  } finally {
    await handle.close();
    await portal.close();
  }
}

await throughput();
await quietNight();
