/**
 * Statute benchmark (prints figures, asserts nothing):
 *  - parse time of a large act (synthetic Akoma Ntoso in the Fedlex layout, thousands of articles),
 *  - statute projection throughput (articles/s) over the bundled sample, embedded database,
 *  - GET /laws/{abbreviation}?article= p50/p95 at 8 concurrent clients.
 * Usage: npx tsx test/bench/statutes.bench.ts [--articles 4000 --requests 100]
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../api/app.ts';
import { openPglite } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../infra/ingest-state/table-ingest-state.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import { runEventSource } from '../../ingest/ingest-runner.ts';
import { parseAkomaNtoso } from '../../ingest/sources/fedlex/akoma-ntoso.parser.ts';
import {
  generatedParagraphs,
  type ActDoc,
  type DocArticle,
  type DocBlock,
} from '../../ingest/sources/sample-statutes/act-model.ts';
import { akomaNtosoXml } from '../../ingest/sources/sample-statutes/akoma-ntoso.writer.ts';
import { GazetteAllocator } from '../../ingest/sources/sample-statutes/gazette-allocator.ts';
import { createSampleStatuteSources } from '../../ingest/sources/sample-statutes/sample-statutes.source.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { gazetteIndexProjection } from '../../projector/gazette-index/gazette-index.projection.ts';
import { legislationCatalogProjection } from '../../projector/legislation-catalog/legislation-catalog.projection.ts';
import { statutesProjection } from '../../projector/statutes/statutes.projection.ts';
import { percentile, runLoad } from './http-load.ts';

const { values } = parseArgs({
  options: { articles: { type: 'string', default: '4000' }, requests: { type: 'string', default: '100' } },
});
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function largeAct(count: number): string {
  const allocator = new GazetteAllocator();
  const chapters: DocBlock[] = [];
  for (let c = 0; c < count / 50; c++) {
    const children: DocArticle[] = Array.from({ length: 50 }, (_, i) => {
      const n = c * 50 + i + 1;
      const note =
        n % 7 === 0
          ? {
              note: {
                text: 'Fassung gemäss Ziff. I des BG vom 1. Januar 2010',
                amendment: allocator.amendment(`big|${n}`, '2010-01-01'),
              },
            }
          : {};
      return {
        kind: 'article',
        eid: `art_${n}`,
        num: String(n),
        heading: `Artikel ${n}`,
        paragraphs: generatedParagraphs(n, 'obligations', 'federal', 'de'),
        ...note,
      };
    });
    chapters.push({
      kind: 'block',
      element: 'chapter',
      id: `chap_${c + 1}`,
      num: `${c + 1}. Kapitel`,
      heading: 'Allgemeine Bestimmungen',
      children,
    });
  }
  const doc: ActDoc = {
    sr: '220',
    language: 'de',
    date: '2024-01-01',
    title: 'Obligationenrecht',
    abbreviation: 'OR',
    body: chapters,
    preambleNote: null,
  };
  const names = { title: 'Obligationenrecht', abbreviation: 'OR' };
  return akomaNtosoXml(doc, {
    eli: 'eli/cc/27/317_321_377',
    entryIntoForce: '1912-01-01',
    names: { de: names, fr: names, it: names },
    treaty: false,
  });
}

// 1. Parse time of a large act.
const xml = largeAct(Number(values.articles));
const times: number[] = [];
let parsedArticles = 0;
for (let i = 0; i < 7; i++) {
  const t = performance.now();
  parsedArticles = parseAkomaNtoso(xml).articles.length;
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `parse a large act: ${parsedArticles} articles, ${(Buffer.byteLength(xml) / 1e6).toFixed(1)} MB — median ${percentile(times, 50).toFixed(0)} ms (min ${times[0]!.toFixed(0)} ms, 7 runs)`,
);

// 2. Projection throughput over the bundled sample.
const dir = await mkdtemp(join(tmpdir(), 'bench-statutes-'));
try {
  const handle = await openPglite({ dataDir: join(dir, 'pglite') });
  const log = new TableEventLog(handle.db, { pollIntervalMs: 20 });
  const deps = {
    log,
    state: new TableIngestState(handle.db),
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger: quiet,
  };
  let t = performance.now();
  for (const source of (await createSampleStatuteSources({ dir: join(dir, 'sample') })).all)
    await runEventSource(source, deps);
  console.log(`generate + ingest the sample statutes: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  for (const projection of [statutesProjection, legislationCatalogProjection, gazetteIndexProjection]) {
    const host = new ProjectorHost(
      { db: handle.db, log, now: () => new Date().toISOString(), logger: quiet },
      [projection],
      { watchIntervalMs: 0, batchSize: 100 },
    );
    t = performance.now();
    await host.start();
    await host.waitUntilCaughtUp(undefined, 20);
    const seconds = (performance.now() - t) / 1000;
    await host.stop();
    if (projection === statutesProjection) {
      const n = await handle.db
        .selectFrom('statute_articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const v = await handle.db
        .selectFrom('statute_versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      console.log(
        `statutes projection: ${Number(v.n)} versions, ${Number(n.n)} articles in ${seconds.toFixed(1)} s = ${(Number(n.n) / seconds).toFixed(0)} articles/s (file-backed PGlite)`,
      );
    } else console.log(`${projection.name} projection: ${seconds.toFixed(1)} s`);
  }

  // 3. GET /laws/{abbreviation}?article= at 8 concurrent clients.
  const app = await buildApp({
    db: handle.db,
    search: new PostgresSearchIndex(handle.db),
    settings: {
      basePath: '',
      publicBaseUrl: 'http://127.0.0.1',
      staleAfterHours: 36,
      maxSearchResponseChars: 2_000_000,
    },
    today: () => new Date().toISOString().slice(0, 10),
    now: () => new Date(),
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const lookups = [
    ['OR', '41'],
    ['OR', '266l'],
    ['ZGB', '8'],
    ['BV', '29'],
    ['StGB', '305bis'],
    ['CO', '60'],
    ['LDIP', '190'],
    ['OPP 2', '49a'],
    ['DSG', '6'],
    ['SchlT', '1'],
    ['OG', '1'],
    ['nDSG', '25'],
    ['Cst.', '8'],
    ['CC', '2'],
    ['BGG', '1'],
    ['AIG', '3'],
  ];
  const urls = lookups.map(
    ([name, article]) => `${base}/laws/${encodeURIComponent(name!)}?article=${article}`,
  );
  await runLoad(urls, 2, 10); // warm-up
  const r = await runLoad(urls, 8, Number(values.requests));
  console.log(
    `GET /laws/{abbreviation}?article=, 8 concurrent clients, ${r.count} requests: p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  errors ${r.errors}`,
  );
  const search = [
    'Art.%2060%20OR',
    'K%C3%BCndigung',
    'Treu%20und%20Glauben',
    '%22rechtliches%20Geh%C3%B6r%22',
  ].map((q) => `${base}/laws/search?query=${q}`);
  await runLoad(search, 2, 5);
  const s = await runLoad(search, 8, Math.max(10, Number(values.requests) / 4));
  console.log(
    `GET /laws/search, 8 concurrent clients, ${s.count} requests: p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  errors ${s.errors}`,
  );
  await app.close();
  await handle.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
