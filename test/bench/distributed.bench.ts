/**
 * Distributed-mode benchmark (prints figures, asserts nothing) against the real engines
 * (`eval "$(infra/local/engines.sh env)"`: DATABASE_URL, KAFKA_BROKERS, OPENSEARCH_URL), with the
 * deployables as separate processes, as in production (each its built bundle, with the Node options
 * its npm start script gives it):
 *  - ingest N generated decisions into Kafka (ingest process), then start the projector process(es)
 *    and time until every projection has caught up: end-to-end projection throughput from the log
 *    into Postgres + OpenSearch;
 *  - raw OpenSearch `_bulk` of the same documents into a scratch index with the adapter's index
 *    layout (same mapping, same 500-document requests, external versions), and the ratio;
 *  - GET /decisions p50/p95 at 8 concurrent clients (api process) for five query kinds;
 *  - time to rebuild the search projection from the log (`admin rebuild decision-search`).
 * Everything it creates (schema, generation schemas, indices, topics) is removed at the end.
 * Usage: npx tsx test/bench/distributed.bench.ts [--size 20000] [--projectors 1] [--requests 50] [--clients 8]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { type DatabaseHandle, openPostgres } from '../../infra/db/database.ts';
import { KafkaEventLog } from '../../infra/event-log/kafka/kafka-event-log.ts';
import { indexDocument } from '../../infra/search/opensearch/index-layout.ts';
import { OpenSearchSearchIndex } from '../../infra/search/opensearch/opensearch-search-index.ts';
import { createSampleSource } from '../../ingest/sources/sample/sample.source.ts';
import type { SearchIndexWriter } from '../../infra/search/search.port.ts';
import { searchDocumentOf } from '../../projector/decision-search/decision-search.projection.ts';
import { liveLag } from '../../projector/lag.ts';
import { allProjections } from '../../projector/projections.ts';
import { dropSchemaTree } from '../support/engines.ts';
import { deleteTopicsWithPrefix } from '../support/kafka-engine.ts';
import { deleteIndices } from '../support/opensearch-engine.ts';
import {
  type CpuRole,
  type Proc,
  buildDeployables,
  cpuWindow,
  engineRole,
  sleep,
  startBuilt,
  waitForReady,
} from '../support/processes.ts';
import { printSearchLatency } from './http-load.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    projectors: { type: 'string', default: '1' },
    requests: { type: 'string', default: '50' },
    clients: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
  },
});
const size = Number(values.size);
const projectorCount = Number(values.projectors);
const clients = Number(values.clients);
const requests = Number(values.requests);

const databaseUrl = process.env['DATABASE_URL'];
const brokers = process.env['KAFKA_BROKERS']
  ?.split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const openSearchUrl = process.env['OPENSEARCH_URL']?.replace(/\/+$/, '');
if (!databaseUrl || !brokers?.length || !openSearchUrl) {
  console.error('needs DATABASE_URL, KAFKA_BROKERS and OPENSEARCH_URL: eval "$(infra/local/engines.sh env)"');
  process.exit(2);
}

const name = `bench_${randomBytes(4).toString('hex')}`;
const topicPrefix = `${name}.`;
const indexPrefix = name.replace(/_/g, '-');
const scratchPrefix = `${indexPrefix}-scratch`;
const seconds = (from: number) => (performance.now() - from) / 1000;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

const procs: Proc[] = [];

/** A deployable as its npm start script runs it: its built bundle, with that script's Node options. */
function start(script: string, args: string[] = [], extra: Record<string, string> = {}): Proc {
  const proc = startBuilt(script, script, args, {
    SERVICE_MODE: 'distributed',
    DATABASE_SCHEMA: name,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    OPENSEARCH_INDEX_PREFIX: indexPrefix,
    LOG_LEVEL: 'warn',
    // the search workload's 8 clients come from one address: measured, not limited
    RATE_LIMIT: 'off',
    DATA_DIR: workDir,
    ...extra,
  });
  procs.push(proc);
  return proc;
}

const kafka = new Kafka({ clientId: 'bench-distributed', brokers, logLevel: logLevel.NOTHING });
const admin = kafka.admin();
let handle: DatabaseHandle | null = null;
const workDir = await mkdtemp(join(tmpdir(), 'bench-distributed-'));

// Every projection the projector process runs, with the streams it reads (no I/O at construction).
const NO_WRITER: SearchIndexWriter = {
  upsert: () => Promise.reject(new Error('unused')),
  remove: () => Promise.reject(new Error('unused')),
};
const PROJECTIONS = allProjections({ writer: NO_WRITER, generations: null }).map((p) => ({
  name: p.name,
  streams: p.streams,
}));

const eventLog = new KafkaEventLog({ brokers, clientId: 'bench-distributed-lag', topicPrefix });

/** Events not yet projected per projection (live generations). */
const lag = (): Promise<Record<string, number>> => liveLag(handle!.db, eventLog, PROJECTIONS);

async function rawBulk(
  docs: readonly ReturnType<typeof searchDocumentOf>[],
): Promise<{ seconds: number; bytes: number }> {
  const index = new OpenSearchSearchIndex({
    node: openSearchUrl!,
    indexPrefix: scratchPrefix,
    logger: { info() {}, warn() {} },
  });
  await index.init();
  await index.close();
  const target = `${scratchPrefix}-decisions-v1`;
  // Same requests as the adapter: ≤ 500 documents, external versions; serialised before timing.
  const bodies: string[] = [];
  for (let i = 0; i < docs.length; i += 500) {
    const lines: string[] = [];
    docs.slice(i, i + 500).forEach((doc, j) => {
      lines.push(
        JSON.stringify({
          index: { _index: target, _id: doc.decision_id, version: i + j, version_type: 'external_gte' },
        }),
      );
      lines.push(JSON.stringify(indexDocument(doc, i + j)));
    });
    bodies.push(`${lines.join('\n')}\n`);
  }
  const t = performance.now();
  for (const body of bodies) {
    const res = await fetch(`${openSearchUrl}/_bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body,
    });
    const json = (await res.json()) as { errors: boolean };
    if (!res.ok || json.errors)
      throw new Error(`raw _bulk failed: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
  }
  await fetch(`${openSearchUrl}/${target}/_refresh`, { method: 'POST' });
  return { seconds: seconds(t), bytes: bodies.reduce((n, b) => n + Buffer.byteLength(b), 0) };
}

/**
 * CPU seconds per engine and deployable over a window, and what they bound: with every core busy
 * the same work could not take less than the machine's busy seconds over the cores.
 */
function printCpu(
  label: string,
  { byRole, machine }: { byRole: Map<string, number>; machine: number },
  wall: number,
): void {
  if (!Number.isFinite(machine)) return;
  const cores = cpus().length;
  const parts = [...byRole]
    .filter(([, s]) => s >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([role, s]) => `${role} ${fmt(s)}`);
  console.log(
    `  ${label} (${fmt(wall)} s, CPU s): ${parts.join(', ')}; machine busy ${fmt(machine)} of ${fmt(wall * cores)} (${fmt((100 * machine) / (wall * cores), 0)} %), at least ${fmt(machine / cores)} s of ${cores} cores`,
  );
}

async function cleanup(): Promise<void> {
  await Promise.all(procs.map((p) => p.stop('SIGTERM').catch(() => undefined)));
  if (handle) {
    await dropSchemaTree(handle.db, name);
    await handle.close();
  }
  for (const prefix of [indexPrefix, scratchPrefix])
    await deleteIndices(openSearchUrl!, prefix).catch(() => undefined);
  await deleteTopicsWithPrefix(admin, topicPrefix);
  await admin.disconnect();
  await eventLog.close();
  await rm(workDir, { recursive: true, force: true });
}

try {
  buildDeployables();
  await admin.connect();
  console.log(
    `distributed benchmark: ${size} decisions, ${projectorCount} projector process(es), ${cpus().length} cores`,
  );

  // The corpus, and the search documents of every decision (for the raw bulk comparison).
  let t = performance.now();
  const corpusDir = join(workDir, 'corpus');
  const source = await createSampleSource({ dir: corpusDir, size, seed: Number(values.seed) });
  const docs: ReturnType<typeof searchDocumentOf>[] = [];
  for await (const item of source.items())
    docs.push(searchDocumentOf(await source.parse(item, new Date().toISOString())));
  console.log(`corpus generated and parsed in-process: ${fmt(seconds(t))} s`);

  const port = 18_000 + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}`;
  const api = start('api/server.ts', [], { PORT: String(port), HOST: '127.0.0.1' });
  await waitForReady(base);
  handle = await openPostgres({ url: databaseUrl, schema: name, poolSize: 2, applicationName: 'bench' });

  t = performance.now();
  await start('ingest/ingest.main.ts', [], {
    SOURCE: 'sample',
    SOURCE_DIR: corpusDir,
    SAMPLE_SIZE: String(size),
    SAMPLE_SEED: values.seed,
  }).finished();
  const ingestSeconds = seconds(t);
  console.log(
    `ingest into Kafka (process, incl. start-up and parsing): ${fmt(ingestSeconds)} s = ${fmt(size / ingestSeconds, 0)} decisions/s`,
  );

  // End to end: projector process(es) from start-up until every projection has caught up.
  t = performance.now();
  const projectors = Array.from({ length: projectorCount }, () => start('projector/projector.main.ts'));
  const roleOf: CpuRole = (pid, commandLine) =>
    projectors.some((p) => p.child.pid === pid)
      ? 'projector'
      : pid === api.child.pid
        ? 'api'
        : pid === process.pid
          ? 'this benchmark'
          : engineRole(commandLine);
  const catchUpCpu = cpuWindow(roleOf);
  const caughtUp: Record<string, number> = {};
  let firstCheckpoint = NaN;
  for (;;) {
    const lags = await lag().catch(() => null);
    if (lags) {
      for (const [projection, n] of Object.entries(lags))
        if (n === 0 && caughtUp[projection] === undefined) caughtUp[projection] = seconds(t);
      if (Number.isNaN(firstCheckpoint) && Object.values(lags).some((n) => Number.isFinite(n) && n < size))
        firstCheckpoint = seconds(t);
      if (Object.keys(caughtUp).length === PROJECTIONS.length) break;
    }
    if (seconds(t) > 3600)
      throw new Error(`projection did not catch up within an hour: ${JSON.stringify(lags)}`);
    // A poll reads every projection's checkpoints and the log's offsets: some 30 ms of CPU. Every
    // 250 ms that took an eighth of a core from what it measures; once a second, a thirtieth.
    await sleep(1000);
  }
  const catchUp = catchUpCpu.stop();
  const catchUpWall = seconds(t);
  const e2eSeconds = Math.max(...Object.values(caughtUp));
  const e2eRate = size / e2eSeconds;
  console.log(
    `projection, log → Postgres + OpenSearch: all caught up after ${fmt(e2eSeconds)} s (polled once a second) = ${fmt(e2eRate, 0)} decisions/s (first batch committed ${fmt(firstCheckpoint)} s after spawn)`,
  );
  for (const [projection, s] of Object.entries(caughtUp))
    console.log(`  ${projection.padEnd(16)} caught up after ${fmt(s)} s`);
  printCpu('CPU while projecting', catchUp, catchUpWall);
  // an engine that answered slowly or not at all: back-offs, and projections the others went on without
  const logged = projectors.map((p) => p.output()).join('\n');
  const occurrences = (message: string) => logged.split(message).length - 1;
  console.log(
    `  projector back-offs (transient failures): ${occurrences('transient failure; backing off')}; projections detached from the shared reads: ${occurrences('projection held up by transient failures')}`,
  );
  // what failed, once per projection and cause
  const causes = new Set(
    logged
      .split('\n')
      .filter((line) => line.includes('transient failure; backing off'))
      .map((line) => {
        try {
          const { projection, err } = JSON.parse(line) as { projection?: string; err?: unknown };
          return `${projection}: ${String(typeof err === 'string' ? err : JSON.stringify(err)).slice(0, 300)}`;
        } catch {
          return line.slice(0, 300);
        }
      }),
  );
  for (const cause of causes) console.log(`    ${cause}`);
  // An index nobody searched for 30 s is search-idle and skips scheduled refreshes: refresh first.
  await fetch(`${openSearchUrl}/${indexPrefix}-decisions-v1/_refresh`, { method: 'POST' });
  const stats = (await (
    await fetch(`${openSearchUrl}/_cat/indices/${indexPrefix}-decisions-v1?format=json&bytes=mb`)
  ).json()) as { 'docs.count': string; 'store.size': string }[];
  console.log(
    `  index ${indexPrefix}-decisions-v1: ${stats[0]?.['docs.count']} docs, ${stats[0]?.['store.size']} MB`,
  );

  // Raw _bulk of the same documents.
  const rawCpu = cpuWindow(roleOf);
  const raw = await rawBulk(docs);
  printCpu('CPU during the raw _bulk', rawCpu.stop(), raw.seconds);
  const rawRate = docs.length / raw.seconds;
  console.log(
    `raw OpenSearch _bulk, same documents and layout (${fmt(raw.bytes / 1e6, 0)} MB in ${Math.ceil(docs.length / 500)} requests): ${fmt(raw.seconds)} s = ${fmt(rawRate, 0)} docs/s`,
  );
  console.log(
    `ratio end-to-end / raw bulk: ${fmt(e2eRate / rawRate, 2)} (end to end = ${fmt((100 * e2eRate) / rawRate, 0)} % of raw bulk)`,
  );
  // the same documents: the search projection's own catch-up, beside every other projection
  const searchRate = size / caughtUp['decision-search']!;
  console.log(
    `ratio decision-search caught up / raw bulk: ${fmt(searchRate / rawRate, 2)} (${fmt(caughtUp['decision-search']!)} s, ${fmt(searchRate, 0)} decisions/s, with every other projection running beside it)`,
  );

  // Search latency through the api process.
  console.log(
    `\nGET /decisions (distributed: api process → OpenSearch), ${clients} concurrent clients, ${clients * requests} requests per kind:`,
  );
  await printSearchLatency(base, clients, requests);

  // Rebuild the search projection from the log while the projector and the api keep running.
  t = performance.now();
  const rebuild = start('projector/admin.main.ts', ['rebuild', 'decision-search']);
  await rebuild.finished();
  const rebuildSeconds = seconds(t);
  const line =
    rebuild
      .output()
      .split('\n')
      .find((l) => l.includes('generation 2 live')) ?? '';
  console.log(
    `\nrebuild decision-search from the log (admin process, incl. start-up): ${fmt(rebuildSeconds)} s = ${fmt(size / rebuildSeconds, 0)} decisions/s = ${fmt(size / rebuildSeconds / rawRate, 2)} of raw bulk  [${line.trim()}]`,
  );
  const count = (await (await fetch(`${openSearchUrl}/${indexPrefix}-decisions/_count`)).json()) as {
    count: number;
  };
  console.log(`  documents behind the read alias after the swap: ${count.count}`);
  await api.stop();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
