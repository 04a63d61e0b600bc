/**
 * Citation-engine benchmark (prints figures, asserts nothing):
 *  - parser throughput: `findCitations` over the decision texts of the generated sample (MB/s of
 *    UTF-8 text), and the structure segmenter over the same texts;
 *  - `POST /attest` latency (p50/p95/max) for a 20,000-character draft holding 40 citations, over
 *    read models the real projections built from the sample (embedded PGlite).
 * Usage: npx tsx test/bench/citation.bench.ts [-- --size 1000 --requests 40]
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../api/app.ts';
import { findCitations, isCaseCitation } from '../../contracts/citation/grammar/find-citations.ts';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import { segmentDecision } from '../../contracts/structure/segment-decision.ts';
import { openPglite } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../infra/ingest-state/table-ingest-state.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import { runSource } from '../../ingest/ingest-runner.ts';
import { EntscheidsucheDirectorySource } from '../../ingest/sources/entscheidsuche/entscheidsuche.source.ts';
import { createSampleSource } from '../../ingest/sources/sample/sample.source.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '40' },
  },
});
const SIZE = Number(values.size);
const REQUESTS = Number(values.requests);
const quiet = { info() {}, warn() {}, error() {} };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A 20,000-character draft: 40 citations of decisions of the corpus amid neutral prose. */
function draftOf(decisions: readonly NormalisedDecision[]): string {
  const citations: string[] = [];
  for (const d of decisions) {
    const body = segmentDecision({ fullText: d.full_text, language: d.language })
      .erwaegungen.map((e) => e.text)
      .join('\n\n');
    for (const m of findCitations(body, { language: d.language === 'rm' ? 'de' : d.language }).filter(
      isCaseCitation,
    )) {
      if (d.language === 'de' && !citations.includes(m.text)) citations.push(m.text);
      if (citations.length >= 40) break;
    }
    if (citations.length >= 40) break;
  }
  const filler =
    'Die Vorinstanz hat den Sachverhalt willkürfrei festgestellt und das Bundesrecht richtig angewendet; die Rügen der Beschwerdeführerin vermögen daran nichts zu ändern. ';
  const perCitation = Math.floor(20_000 / citations.length);
  return citations
    .map((c) => {
      const prose = filler
        .repeat(Math.ceil(perCitation / filler.length))
        .slice(0, perCitation - c.length - 4);
      return `${prose} (${c}).`;
    })
    .join('\n\n');
}

const dir = await mkdtemp(join(tmpdir(), 'bench-citation-'));
try {
  const source = await createSampleSource({ dir: join(dir, 'corpus'), size: SIZE, seed: 1 });
  const reader = new EntscheidsucheDirectorySource({ root: join(dir, 'corpus'), name: 'sample' });
  const decisions: NormalisedDecision[] = [];
  for await (const item of reader.items()) decisions.push(await reader.parse(item, '2026-11-02T06:00:00Z'));
  const bytes = decisions.reduce((n, d) => n + Buffer.byteLength(d.full_text, 'utf8'), 0);

  // Parser throughput: best of three passes (the first warms the JIT).
  let best = Infinity;
  let found = 0;
  for (let pass = 0; pass < 3; pass++) {
    const t = performance.now();
    found = 0;
    for (const d of decisions)
      found += findCitations(d.full_text, { language: d.language === 'rm' ? 'de' : d.language }).length;
    best = Math.min(best, performance.now() - t);
  }
  console.log(
    `parser: ${(bytes / 1e6).toFixed(1)} MB of decision text (${decisions.length} decisions), ${found} citations and statute references, ` +
      `${(bytes / 1e6 / (best / 1000)).toFixed(1)} MB/s`,
  );
  let segBest = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const t = performance.now();
    for (const d of decisions)
      segmentDecision({ fullText: d.full_text, language: d.language, regeste: d.regeste });
    segBest = Math.min(segBest, performance.now() - t);
  }
  console.log(`structure segmenter: ${(bytes / 1e6 / (segBest / 1000)).toFixed(1)} MB/s`);

  // /attest over real read models.
  const handle = await openPglite({ dataDir: null });
  const log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  const search = new PostgresSearchIndex(handle.db);
  const projector = new ProjectorHost(
    { db: handle.db, log, now: () => new Date().toISOString(), logger: quiet },
    allProjections({ writer: search }),
    { batchSize: 250, watchIntervalMs: 0 },
  );
  await projector.start();
  const t0 = performance.now();
  await runSource(source, {
    log,
    state: new TableIngestState(handle.db),
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger: quiet,
  });
  await projector.waitUntilCaughtUp(undefined, 20);
  console.log(
    `ingest and every projection (${SIZE} decisions): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await projector.stop();
  const app = await buildApp({
    db: handle.db,
    search,
    settings: {
      basePath: '',
      publicBaseUrl: 'http://bench.test',
      staleAfterHours: 36,
      maxSearchResponseChars: 2_000_000,
    },
    today: () => '2026-11-22',
    now: () => new Date(),
  });
  const draft = draftOf(decisions);
  const times: number[] = [];
  let last: { citations_found: number; citations_ok: number; issues_count: number } | null = null;
  for (let i = 0; i < REQUESTS + 5; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/attest', payload: { draft_text: draft } });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`attest answered ${res.statusCode}: ${res.body}`);
    last = res.json();
    if (i >= 5) times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(
    `/attest, ${draft.length} characters, ${last!.citations_found} references found (${last!.citations_ok} ok, ${last!.issues_count} issues): ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${times.length} requests`,
  );
  await app.close();
  await log.close();
  await handle.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
