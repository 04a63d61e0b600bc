/**
 * Citation-graph benchmark on a real PostgreSQL (prints figures, asserts nothing).
 *
 *  1. Generates (or reuses) a sample corpus with many references per decision
 *     (`--size 200000 --citations 28`: ~5.6 million references), streamed to disk.
 *  2. Edge projection throughput through the real projection runner: the first `--subset`
 *     decisions are appended to the table event log and the `citation-graph` projection alone
 *     catches up (read events, validate, extract, write rows and checkpoints): references per
 *     second.
 *  3. Bulk load of every decision (the subset included for the other projections) by calling the
 *     projections' own `handle` in transactions, as the runner does, without the event log:
 *     `decision-identifiers`, `citation-graph`, the Postgres `decision-search` index and `courts`
 *     (for /statistics).
 *  4. `vacuum analyze`, then the API over the same database: the API deployable as
 *     `npm run start:api` runs it (its built bundle and heap bound, postgres mode,
 *     `DATABASE_SCHEMA` the benchmark's schema), in a process of its own: p50/p95 and requests/s
 *     (autocannon, `--clients` connections, `--seconds` per route) of /citations (both directions) for hub and leaf decisions,
 *     /leading-cases by statute and by query, /appeal-chain, /trends and /statistics (unfiltered,
 *     by court), next to a Fastify hello-world (its own process) under the same load generator,
 *     and the API's resident memory under that load.
 *
 * Usage: eval "$(infra/local/engines.sh env)"; npx tsx test/bench/graph.bench.ts
 *   [--dir /tmp/graph-bench/corpus] [--size 200000] [--citations 28] [--subset 20000]
 *   [--schema bench_graph] [--reuse] [--keep] [--seconds 5] [--clients 8] [--port 18955] [--runner-only]
 * `--reuse` skips the load when the schema already holds it; `--keep` leaves the schema for a
 * later `--reuse`; `--runner-only` measures step 2 alone (then drops the schema).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import { federalActBySr } from '../../contracts/laws/federal-acts.ts';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import { type DatabaseHandle, openPostgres } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import { EntscheidsucheDirectorySource } from '../../ingest/sources/entscheidsuche/entscheidsuche.source.ts';
import { generateSampleCorpus } from '../../ingest/sources/sample/sample-generator.ts';
import { citationGraphProjection } from '../../projector/citation-graph/citation-graph.projection.ts';
import { courtsProjection } from '../../projector/courts/courts.projection.ts';
import { decisionIdentifiersProjection } from '../../projector/decision-identifiers/decision-identifiers.projection.ts';
import { decisionSearchProjection } from '../../projector/decision-search/decision-search.projection.ts';
import { decisionSearchPostgresStorage } from '../../projector/decision-search/decision-search.storage.ts';
import { GenerationRegistry } from '../../projector/generations.ts';
import type { PositionedEvent, Projection, ProjectionGeneration } from '../../projector/projection.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { decisionEvent } from '../support/decisions.ts';
import { dropSchemaTree } from '../support/engines.ts';
import { buildDeployables, rssMb, startBuilt, startDeployable, waitForReady } from '../support/processes.ts';
import { autocannonLoad, type AutocannonFigures, type PathCursor, SAMPLE_TOPICS } from './http-load.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/tmp/graph-bench/corpus' },
    size: { type: 'string', default: '200000' },
    citations: { type: 'string', default: '28' },
    subset: { type: 'string', default: '20000' },
    schema: { type: 'string', default: 'bench_graph' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '8' },
    port: { type: 'string', default: '18955' },
    batch: { type: 'string', default: '500' },
    'runner-only': { type: 'boolean', default: false },
  },
});
const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  console.error('needs DATABASE_URL: eval "$(infra/local/engines.sh env)"');
  process.exit(2);
}
const schema = values.schema;
const subset = Number(values.subset);
const batchSize = Number(values.batch);
const clients = Number(values.clients);
const loadSeconds = Number(values.seconds);
const port = Number(values.port);
const seconds = (from: number) => (performance.now() - from) / 1000;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (line: string) => console.log(line);
const silent = { info() {}, warn() {}, error: (o: unknown, m?: string) => console.error(m, o) };

async function ensureCorpus(): Promise<void> {
  const exists = await stat(join(values.dir, 'docs')).then(
    () => true,
    () => false,
  );
  if (exists) {
    log(`corpus: reusing ${values.dir}`);
    return;
  }
  const t = performance.now();
  const result = await generateSampleCorpus({
    dir: values.dir,
    size: Number(values.size),
    citationsPerDecision: Number(values.citations),
    onProgress: (done, total) => {
      if (done % 10_000 === 0) process.stderr.write(`\r  generating ${done}/${total}`);
    },
  });
  process.stderr.write('\n');
  log(`corpus: generated ${fmt(result.decisions)} decisions in ${fmt(seconds(t), 1)} s`);
}

async function* decisions(): AsyncGenerator<NormalisedDecision> {
  const source = new EntscheidsucheDirectorySource({ root: values.dir, name: 'sample' });
  for await (const item of source.items()) yield source.parse(item, '2026-11-01T00:00:00.000Z');
}

async function* batches(from: number): AsyncGenerator<{ start: number; items: NormalisedDecision[] }> {
  let items: NormalisedDecision[] = [];
  let index = 0;
  let start = from;
  for await (const d of decisions()) {
    index++;
    if (index <= from) continue;
    items.push(d);
    if (items.length >= batchSize) {
      yield { start, items };
      start += items.length;
      items = [];
    }
  }
  if (items.length > 0) yield { start, items };
}

/** One projection's handle in a transaction whose search path starts with its generation. */
async function handleBatch(
  db: DatabaseHandle['db'],
  gen: ProjectionGeneration,
  items: readonly NormalisedDecision[],
  start: number,
): Promise<void> {
  const events: PositionedEvent[] = items.map((d, i) => ({
    event: { ...decisionEvent(d).envelope, type: 'DecisionPublished' as const, schemaVersion: 1, data: d },
    stream: 'decisions',
    partition: 0,
    position: 1_000_000 + start + i,
  }));
  await db.transaction().execute(async (tx) => {
    await sql`select set_config('search_path', ${`"${gen.schema}", "${gen.base}"`}, true)`.execute(tx);
    await gen.projection.handle(events, { tx, now: new Date().toISOString(), generation: gen.generation });
  });
}

async function count(db: DatabaseHandle['db'], query: RawBuilder<{ n: number }>): Promise<number> {
  return Number((await query.execute(db)).rows[0]?.n ?? 0);
}

async function load(handle: DatabaseHandle, projections: Projection[]): Promise<void> {
  const db = handle.db;
  const registry = await GenerationRegistry.open(db);
  const live = await registry.ensureLive(projections);
  const gen = (name: string) => live.find((g) => g.projection.name === name)!;

  // 2. the real runner on the subset: citation-graph only
  const eventLog = new TableEventLog(db, { pollIntervalMs: 20 });
  let appended = 0;
  let t = performance.now();
  let pending: ReturnType<typeof decisionEvent>[] = [];
  for await (const d of decisions()) {
    pending.push(decisionEvent(d));
    if (pending.length >= batchSize) {
      await eventLog.append(pending);
      appended += pending.length;
      pending = [];
    }
    if (appended + pending.length >= subset) break;
  }
  if (pending.length > 0) await eventLog.append(pending);
  appended += pending.length;
  log(`event log: appended ${fmt(appended)} DecisionPublished events in ${fmt(seconds(t), 1)} s`);
  const host = new ProjectorHost(
    { db, log: eventLog, now: () => new Date().toISOString(), logger: silent },
    [citationGraphProjection],
    {
      batchSize: 250,
      watchIntervalMs: 0,
    },
  );
  t = performance.now();
  await host.start();
  await host.waitUntilCaughtUp(undefined, 50);
  const runnerSeconds = seconds(t);
  await host.stop();
  await eventLog.close();
  const subsetRefs = await count(
    db,
    sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(gen('citation-graph').schema)}.decision_references`,
  );
  const subsetStatutes = await count(
    db,
    sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(gen('citation-graph').schema)}.statute_references`,
  );
  log(
    `edge projection (real runner, table event log → citation-graph, batches of 250): ${fmt(appended)} decisions, ${fmt(subsetRefs)} case/appeal references + ${fmt(subsetStatutes)} statute rows in ${fmt(runnerSeconds, 1)} s = ${fmt(subsetRefs / runnerSeconds)} references/s (${fmt((subsetRefs + subsetStatutes) / runnerSeconds)} rows/s, ${fmt(appended / runnerSeconds)} decisions/s)`,
  );
  if (values['runner-only']) return;

  // 3. bulk: identifiers and search for everything; the graph for the rest
  const timers = { parse: 0, identifiers: 0, graph: 0, search: 0 };
  t = performance.now();
  let done = 0;
  let previous: Promise<void> = Promise.resolve();
  let p = performance.now();
  for await (const { start, items } of batches(0)) {
    timers.parse += performance.now() - p;
    await previous;
    const timed = async (key: keyof typeof timers, work: () => Promise<void>) => {
      const s = performance.now();
      await work();
      timers[key] += performance.now() - s;
    };
    const graphItems = items.filter((_, i) => start + i >= appended);
    previous = Promise.all([
      timed('identifiers', () => handleBatch(db, gen('decision-identifiers'), items, start)),
      graphItems.length > 0
        ? timed('graph', () => handleBatch(db, gen('citation-graph'), graphItems, start))
        : Promise.resolve(),
      timed('search', () => handleBatch(db, gen('decision-search'), items, start)),
      handleBatch(db, gen('courts'), items, start),
    ]).then(() => undefined);
    done += items.length;
    if (done % 10_000 < batchSize)
      process.stderr.write(`\r  bulk load ${fmt(done)} decisions, ${fmt(seconds(t))} s`);
    p = performance.now();
  }
  await previous;
  process.stderr.write('\n');
  const bulkRefs =
    (await count(db, sql<{ n: number }>`select count(*)::int as n from decision_references`)) - subsetRefs;
  log(
    `bulk load: ${fmt(done)} decisions in ${fmt(seconds(t), 1)} s (parse ${fmt(timers.parse / 1000)} s; handle, running concurrently: identifiers ${fmt(timers.identifiers / 1000)} s, citation-graph ${fmt(timers.graph / 1000)} s for ${fmt(bulkRefs)} references = ${fmt(bulkRefs / (timers.graph / 1000))} references/s, search ${fmt(timers.search / 1000)} s)`,
  );
  t = performance.now();
  await sql`vacuum analyze`.execute(db);
  log(`vacuum analyze: ${fmt(seconds(t), 1)} s`);
}

async function sizes(db: DatabaseHandle['db']): Promise<void> {
  const t = performance.now();
  const r = await sql<Record<string, number>>`
    select
      (select count(*) from citation_nodes)::int as nodes,
      (select count(*) from decision_references where role = 'citation')::int as case_refs,
      (select count(*) from decision_references where role = 'appeal_prior')::int as appeal_refs,
      (select count(*) from statute_references)::int as statute_rows,
      (select count(*) from graph_keys)::int as identifiers
  `.execute(db);
  log(
    `graph: ${Object.entries(r.rows[0]!)
      .map(([k, v]) => `${k} ${fmt(Number(v))}`)
      .join(', ')}`,
  );
  const edges = await sql<{ resolved: number; edges: number; targets: number }>`
    select (select count(*) from reference_targets where role = 'citation')::int as resolved,
      count(*)::int as edges, count(distinct target_id)::int as targets
    from citation_edges where role = 'citation'
  `.execute(db);
  log(
    `resolved: ${fmt(Number(edges.rows[0]!.resolved))} reference targets, ${fmt(Number(edges.rows[0]!.edges))} edges to ${fmt(Number(edges.rows[0]!.targets))} cited decisions (${fmt(seconds(t), 1)} s)`,
  );
  const bytes = await sql<{ name: string; size: string }>`
    select c.relname as name, pg_size_pretty(pg_total_relation_size(c.oid)) as size
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname like ${`${schema}\\_\\_%`} and c.relkind = 'r' and c.relname in ('decision_references', 'statute_references', 'citation_nodes', 'decision_identifiers', 'graph_keys', 'reference_targets', 'citation_edges', 'citation_degrees', 'provision_decisions', 'provision_citations')
  `.execute(db);
  log(`table sizes with indexes: ${bytes.rows.map((b) => `${b.name} ${b.size}`).join(', ')}`);
}

interface Targets {
  hubs: { id: string; incoming: number }[];
  leaves: { id: string; incoming: number }[];
  statutes: string[];
  queries: string[];
  appeals: string[];
  courts: string[];
}

async function targets(db: DatabaseHandle['db']): Promise<Targets> {
  const hubs = await sql<{ id: string; n: number }>`
    select decision_id as id, n from citation_degrees where role = 'citation' order by n desc, decision_id limit 20
  `.execute(db);
  const sample = await sql<{ id: string }>`
    select decision_id as id from citation_nodes order by md5(decision_id) limit 400
  `.execute(db);
  const leafIn = await sql<{ id: string; n: number }>`
    select s.id, coalesce((select n from citation_degrees d where d.decision_id = s.id and d.role = 'citation'), 0) as n
    from unnest(${sample.rows.map((r) => r.id)}::text[]) as s(id)
  `.execute(db);
  const leaves = leafIn.rows.filter((r) => Number(r.n) <= 5).slice(0, 100);
  const articles = await sql<{ sr_number: string; article: string; n: number }>`
    (select sr_number, article, count(*)::int as n from statute_references where sr_number is not null
      group by 1, 2 order by 3 desc limit 10)
    union all
    (select sr_number, article, n from (select sr_number, article, count(*)::int as n from statute_references
      where sr_number is not null group by 1, 2) x where n between 50 and 2000 order by md5(sr_number || article) limit 20)
  `.execute(db);
  const statutes = articles.rows.flatMap((a, i) => {
    const act = federalActBySr(a.sr_number);
    const lang = (['de', 'fr', 'it'] as const)[i % 3]!;
    const code = act?.abbreviation[lang] ?? act?.abbreviation.de ?? a.sr_number;
    return [`law_code=${encodeURIComponent(code)}&article=${encodeURIComponent(a.article)}`];
  });
  const courts = await sql<{ court: string }>`
    select court from citation_nodes group by court order by count(*) desc, court limit 5
  `.execute(db);
  const appeals = await sql<{ id: string }>`
    select distinct source_id as id from decision_references r
    where role = 'appeal_prior' and ref_key is not null and source_court = 'bger'
      and exists (select 1 from reference_targets t where t.source_id = r.source_id and t.ordinal = r.ordinal)
    order by 1 limit 100
  `.execute(db);
  return {
    hubs: hubs.rows.map((h) => ({ id: h.id, incoming: Number(h.n) })),
    leaves: leaves.map((l) => ({ id: l.id, incoming: Number(l.n) })),
    statutes,
    queries: [
      'Kündigung',
      'Baubewilligung',
      'Haftung',
      'Steuerhinterziehung',
      'Asyl',
      'Invalidenrente',
      'bail',
      'licenziamento',
      'responsabilité',
      'Strafzumessung',
      'Mietvertrag',
      'Ausschaffung',
    ],
    appeals: appeals.rows.map((a) => a.id),
    courts: courts.rows.map((c) => c.court),
  };
}

function show(name: string, r: AutocannonFigures): void {
  log(
    `  ${name.padEnd(48)} p50 ${fmt(r.p50, 1).padStart(7)} ms   p95 ${fmt(r.p95, 1).padStart(7)} ms   ${fmt(r.rps, 1).padStart(8)} req/s   ${r.non2xx + r.errors} failed`,
  );
}

async function main(): Promise<void> {
  await ensureCorpus();
  const handle = await openPostgres({
    url: databaseUrl!,
    schema,
    poolSize: 12,
    applicationName: 'graph-bench',
  });
  const search = new PostgresSearchIndex(handle.db);
  const projections = [
    decisionIdentifiersProjection,
    citationGraphProjection,
    decisionSearchProjection(search, decisionSearchPostgresStorage),
    courtsProjection,
  ];
  try {
    const loaded = await sql<{
      n: number;
    }>`select count(*)::int as n from projection_generations where projection = 'citation-graph'`
      .execute(handle.db)
      .then((r) => Number(r.rows[0]?.n ?? 0) > 0)
      .catch(() => false);
    if (!values.reuse || !loaded) {
      if (loaded) throw new Error(`schema ${schema} already holds a load: pass --reuse, or drop it`);
      await load(handle, projections);
      if (values['runner-only']) return;
    } else {
      log(`reusing the load in schema ${schema}`);
      // a load made by an earlier release gets the tables and counters added since, as a deployment would
      const t = performance.now();
      await (await GenerationRegistry.open(handle.db)).ensureLive(projections);
      log(`storage upgrade at start (tables added since the load, counted once): ${fmt(seconds(t), 1)} s`);
    }
    await sizes(handle.db);
    const t = await targets(handle.db);
    log(
      `hubs: ${t.hubs
        .slice(0, 5)
        .map((h) => `${h.id} (${fmt(h.incoming)} incoming)`)
        .join(', ')} …`,
    );
    log(
      `leaves: ${t.leaves.length} decisions with ≤ 5 incoming references; statutes: ${t.statutes.length}; appeal chains: ${t.appeals.length}`,
    );

    const hello = startDeployable('hello-world', 'test/bench/hello-world.main.ts', [], {
      PORT: String(port + 1),
    });
    // the API deployable as `npm run start:api` runs it (its bundle, its heap bound), over the schema
    buildDeployables();
    const api = startBuilt('api', 'api/server.ts', [], {
      SERVICE_MODE: 'postgres',
      DATABASE_URL: databaseUrl!,
      DATABASE_SCHEMA: schema,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    });
    try {
      await hello.waitForOutput(/listening on/);
      await waitForReady(`http://127.0.0.1:${port}`, 120_000);
      const base = `http://127.0.0.1:${port}`;
      let peak = 0;
      const run = async (name: string, paths: string[], at = base, cursor?: PathCursor) => {
        await autocannonLoad(at, paths, 1, clients, cursor); // warm-up
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(api.child.pid))), 250);
        const figures = await autocannonLoad(at, paths, loadSeconds, clients, cursor);
        clearInterval(sampler);
        show(name, figures);
        if (cursor && cursor.next > paths.length)
          log(`    (${cursor.next} requests over ${paths.length} topics: some topics were asked again)`);
      };
      log(
        `\nlatency: autocannon, ${clients} connections, ${loadSeconds} s per route; the API and the hello-world each in a process of their own:`,
      );
      await run('Fastify hello-world (reference)', ['/'], `http://127.0.0.1:${port + 1}`);
      await run(
        '/citations hub, both directions, page 1',
        t.hubs.map((h) => `/citations/${encodeURIComponent(h.id)}`),
      );
      await run(
        '/citations hub, incoming, offset 5000',
        t.hubs.map((h) => `/citations/${encodeURIComponent(h.id)}?direction=incoming&offset=5000`),
      );
      await run(
        '/citations leaf, both directions',
        t.leaves.map((l) => `/citations/${encodeURIComponent(l.id)}`),
      );
      await run(
        '/leading-cases by statute (de/fr/it codes)',
        t.statutes.map((s) => `/leading-cases?${s}`),
      );
      await run(
        '/leading-cases by query',
        t.queries.map((q) => `/leading-cases?query=${encodeURIComponent(q)}`),
      );
      // each request a topic not asked before: the ranking computed, not an answer kept for its topic
      await run(
        '/leading-cases, each topic once',
        SAMPLE_TOPICS.map((q) => `/leading-cases?query=${encodeURIComponent(q)}`),
        base,
        { next: 0 },
      );
      await run(
        '/appeal-chain (BGer with a resolved lower court)',
        t.appeals.map((a) => `/appeal-chain/${encodeURIComponent(a)}`),
      );
      await run(
        '/trends by statute',
        t.statutes.map((s) => `/trends?${s}`),
      );
      await run('/statistics (graph figures from the kept counters)', ['/statistics']);
      await run(
        '/statistics?court=… (the five largest courts)',
        t.courts.map((c) => `/statistics?court=${encodeURIComponent(c)}`),
      );
      log(`API process RSS: peak ${fmt(peak)} MB under load (sampled every 250 ms)`);
      const body = (await (await fetch(`${base}/statistics`)).json()) as { citation_graph?: unknown };
      log(`citation_graph: ${JSON.stringify(body.citation_graph)}`);
    } finally {
      await api.stop('SIGTERM').catch(() => undefined);
      await hello.stop('SIGTERM').catch(() => undefined);
    }
  } finally {
    if (!values.keep) {
      await dropSchemaTree(handle.db, schema);
    }
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
