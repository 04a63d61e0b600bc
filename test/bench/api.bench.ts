/**
 * API benchmark (prints figures, asserts nothing): every workload of the service's speed targets —
 * search (keyword with thousands of matches, phrase, a phrase with a stop word, boolean, prefix,
 * filter-only, docket, BGE reference, a much cited one, compact pages of 2,000), graph (/citations
 * of a cited BGE, /leading-cases by statute, by query and a new topic per request) and lookups
 * (/decisions/{id}, /cite, /laws) — with autocannon at 8 connections against the real deployables,
 * next to a Fastify hello-world (its own process, as the API) measured in the same run (the
 * machine is shared: compare the ratios), plus the API's resident memory under that load.
 *
 * The corpus is built once and reused:
 *  - embedded: a data folder /tmp/bench-api-embedded-<size> (the one process generates, ingests
 *    and projects the sample on its first start);
 *  - postgres: database bench_api_postgres_<size> on DATABASE_URL's server (default
 *    postgres://postgres@127.0.0.1:5432/test), filled by the ingest and projector processes;
 *  - distributed: database bench_api_distributed_<size> plus Kafka topics and OpenSearch indices
 *    prefixed bench-api-<size> (needs KAFKA_BROKERS and OPENSEARCH_URL).
 * Ids, dockets and BGE references are picked from the corpus itself. The deployables run from their
 * built bundles (`npm run build`), as `npm start*` runs them.
 * Usage: npm run bench:api -- --mode postgres|distributed|embedded --size N [--seconds 5] [--only lookups|search]
 *   [--name-prefix p_] (prefixes the database, data folders, topics and indices on a shared machine)
 */
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type DatabaseHandle, openPostgres } from '../../infra/db/database.ts';
import {
  type Proc,
  buildDeployables,
  freePort,
  rssMb,
  sleep,
  startBuilt,
  startDeployable,
  waitForReady,
} from '../support/processes.ts';
import { type PathCursor, SAMPLE_TOPICS, autocannonLoad } from './http-load.ts';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'embedded' },
    size: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
    only: { type: 'string' },
    // shared machines: a prefix for the database, the data folders, the topics and the indices
    'name-prefix': { type: 'string', default: '' },
  },
});
const mode = values.mode ?? 'embedded';
if (!['embedded', 'postgres', 'distributed'].includes(mode)) {
  console.error(`--mode must be embedded, postgres or distributed, not '${mode}'`);
  process.exit(2);
}
const size = Number(values.size);
if (!Number.isInteger(size) || size < 100) {
  console.error(`--size must be an integer of at least 100, not '${values.size}'`);
  process.exit(2);
}
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const NAME_PREFIX = values['name-prefix'] ?? '';
if (!/^[a-z0-9_]*$/.test(NAME_PREFIX)) {
  console.error(`--name-prefix must be lower-case letters, digits and underscores, not '${NAME_PREFIX}'`);
  process.exit(2);
}
const DIR_PREFIX = NAME_PREFIX.replaceAll('_', '-');
const enc = encodeURIComponent;
const log = (line: string) => console.log(line);

interface Figures {
  readonly p50: number;
  readonly p95: number;
  readonly rps: number;
  readonly failed: number;
}

/** One autocannon run over `paths` of `base` at this benchmark's connections (see {@link autocannonLoad}). */
async function measure(
  base: string,
  paths: readonly string[],
  seconds: number,
  cursor?: PathCursor,
): Promise<Figures> {
  const f = await autocannonLoad(base, paths, seconds, CONNECTIONS, cursor);
  return { p50: f.p50, p95: f.p95, rps: f.rps, failed: f.non2xx + f.errors };
}

const procs: Proc[] = [];
/** A deployable as `npm start*` runs it (its built bundle); the hello-world from its source. */
const start = (script: string, env: Record<string, string>): Proc => {
  const run = script.startsWith('test/') ? startDeployable : startBuilt;
  const proc = run(script, script, [], { LOG_LEVEL: 'warn', ...env });
  procs.push(proc);
  return proc;
};

/** Events not yet projected, per projection, as the API's /metrics reports them. */
async function projectionLag(base: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const lag: Record<string, number> = {};
  for (const m of text.matchAll(/^projection_lag_events\{projection="([^"]+)"\} (\S+)$/gm))
    lag[m[1]!] = Number(m[2]);
  return lag;
}

/**
 * Gives the planner statistics of a freshly loaded corpus: a server may run without autovacuum
 * (or not have reached these tables yet), and without statistics it estimates every lookup and
 * search condition by default selectivities. Skipped once every large table has been analysed.
 */
async function analyseOnce(handle: DatabaseHandle): Promise<void> {
  const unanalysed = await sql<{ n: number }>`select count(*)::int as n from pg_stat_user_tables
    where n_live_tup > 1000 and last_analyze is null and last_autoanalyze is null`.execute(handle.db);
  if (Number(unanalysed.rows[0]?.n ?? 0) === 0) return;
  const t = performance.now();
  await sql`vacuum analyze`.execute(handle.db);
  log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(0)} s`);
}

/** The search answers with at least `size` decisions (or its count's cap, a lower bound). */
async function searchHolds(base: string, size: number): Promise<boolean> {
  const res = await fetch(`${base}/decisions?limit=1&fields=compact`);
  if (!res.ok) return false;
  const page = (await res.json()) as { total: number; total_is_lower_bound: boolean };
  return page.total_is_lower_bound || page.total >= size;
}

/** Starts the API over a built corpus: builds or reuses it first. Gives the API process and its base URL. */
async function deploy(): Promise<{ api: Proc; base: string; databaseUrl?: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  if (mode === 'embedded') {
    const dataDir = join(tmpdir(), `${DIR_PREFIX}bench-api-embedded-${size}`);
    log(
      existsSync(dataDir)
        ? `reusing ${dataDir}`
        : `building ${dataDir} (${size} sample decisions; reused by later runs)`,
    );
    const t = performance.now();
    const api = start('infra/deploy/embedded.main.ts', {
      DATA_DIR: dataDir,
      PORT: String(port),
      SAMPLE_SIZE: String(size),
    });
    await api.waitForOutput(/serving on/);
    log(`embedded process serving after ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return { api, base };
  }

  const serverUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `${NAME_PREFIX}bench_api_${mode}_${size}`;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const admin = await openPostgres({ url: serverUrl, poolSize: 1, applicationName: 'bench-api' });
  try {
    const exists = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_database where datname = ${database}`.execute(admin.db);
    if (exists.rows[0]?.n === 0) await sql.raw(`create database "${database}"`).execute(admin.db);
  } finally {
    await admin.close();
  }
  const env: Record<string, string> = {
    SERVICE_MODE: mode,
    // The per-client limit would answer most of the load 429: the benchmark measures the work.
    RATE_LIMIT: 'off',
    DATABASE_URL: url.toString(),
    DATA_DIR: join(tmpdir(), `${DIR_PREFIX}bench-api-${mode}-${size}-data`),
  };
  if (mode === 'distributed') {
    if (!process.env['KAFKA_BROKERS'] || !process.env['OPENSEARCH_URL']) {
      console.error(
        '--mode distributed needs KAFKA_BROKERS and OPENSEARCH_URL: eval "$(infra/local/engines.sh env)"',
      );
      process.exit(2);
    }
    env['KAFKA_TOPIC_PREFIX'] = `${DIR_PREFIX}bench-api-${size}.`;
    env['OPENSEARCH_INDEX_PREFIX'] = `${DIR_PREFIX}bench-api-${size}`;
  }
  const api = start('api/server.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  await waitForReady(base, 120_000);

  const handle = await openPostgres({ url: url.toString(), poolSize: 1, applicationName: 'bench-api' });
  const held = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from decisions`.execute(handle.db).catch(() => ({
          rows: [{ n: '0' }],
        }))
      ).rows[0]?.n ?? 0,
    );
  try {
    const before = await held();
    const lag = await projectionLag(base);
    const caughtUp = (l: Record<string, number>) =>
      Object.keys(l).length > 0 && Object.values(l).every((n) => n === 0);
    if (before >= size && caughtUp(lag)) {
      // distributed: the search index lives in OpenSearch, which engines started afresh no longer hold
      if (mode === 'distributed' && !(await searchHolds(base, size)))
        throw new Error(
          `database ${database} is complete but OpenSearch does not hold its search index (the engines were started afresh?): drop the database (dropdb ${database}) to build the corpus again`,
        );
      log(`reusing database ${database}: ${before} decisions, every projection caught up`);
      await analyseOnce(handle);
      return { api, base, databaseUrl: url.toString() };
    }
    log(`building database ${database}: ${before} of ${size} decisions held; ingest and projection …`);
    const t = performance.now();
    const corpusDir = join(tmpdir(), `${DIR_PREFIX}bench-api-corpus-${size}`);
    if (before < size)
      await start('ingest/ingest.main.ts', {
        ...env,
        SOURCE: 'sample',
        SOURCE_DIR: corpusDir,
        SAMPLE_SIZE: String(size),
      }).finished();
    log(`  ingest done after ${((performance.now() - t) / 1000).toFixed(0)} s`);
    const projector = start('projector/projector.main.ts', env);
    for (;;) {
      // every 10 s: /metrics counts each projection's lag, a scan of the log behind its checkpoint
      // (40-80 ms a projection at 100,000 events, for 15 projections)
      await sleep(10_000);
      const now = await projectionLag(base).catch(() => ({}));
      if (caughtUp(now)) break;
      if (!projector.alive()) throw new Error(`projector exited:\n${projector.tail()}`);
      const behind = Object.entries(now)
        .filter(([, n]) => n !== 0)
        .map(([p, n]) => `${p} ${n}`)
        .join(', ');
      process.stdout.write(`  ${((performance.now() - t) / 1000).toFixed(0)} s, behind: ${behind}\n`);
    }
    await projector.stop();
    log(`  built in ${((performance.now() - t) / 1000).toFixed(0)} s: ${await held()} decisions`);
    await analyseOnce(handle);
    return { api, base, databaseUrl: url.toString() };
  } finally {
    await handle.close();
  }
}

interface Picks {
  readonly ids: string[];
  readonly dockets: string[];
  readonly bges: string[];
  readonly citedBges: string[];
  /** The most cited BGE's references (`BGE 121 III 58`): searched, they match every decision citing them. */
  readonly citedBgeRefs: string[];
}

interface SearchResult {
  readonly results: { decision_id: string; docket_number?: string; court?: string }[];
}

/** Decision ids, dockets and (cited) BGE references taken from the corpus through the API. */
async function pick(base: string): Promise<Picks> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const some = await get<SearchResult>('/decisions?court=bger&limit=50');
  const bge = await get<SearchResult>('/decisions?court=bge&limit=20');
  const leading = await get<{ results: { decision_id: string }[] }>('/leading-cases?court=bge&limit=10');
  const ids = some.results.map((r) => r.decision_id).slice(0, 40);
  const dockets = some.results.flatMap((r) => (r.docket_number ? [r.docket_number] : [])).slice(0, 8);
  const bges = bge.results.flatMap((r) => (r.docket_number ? [r.docket_number] : [])).slice(0, 8);
  const citedBges = leading.results.map((r) => r.decision_id).slice(0, 5);
  const citedBgeRefs = (
    await Promise.all(
      citedBges.map((id) => get<{ docket_number?: string }>(`/decisions/${enc(id)}?full_text=false`)),
    )
  ).flatMap((d) => (d.docket_number ? [d.docket_number] : []));
  const picked = { ids, dockets, bges, citedBges, citedBgeRefs };
  if (Object.values(picked).some((list) => list.length === 0))
    throw new Error(`the corpus lacks picks: ${JSON.stringify(picked)}`);
  return picked;
}

/**
 * Phrases with a stop word between their words, as lawyers write them in the three languages
 * (`'verletz' <2> 'rechtlich' <-> 'gehor'`): in postgres and embedded mode their matches are the
 * decisions holding their triple after the gap (a stop word there), read from the phrase pairs'
 * index alone, then those holding the keys of lexemes two apart and adjacent ones but not the
 * triple, each rechecked on its full vector (another word in the gap).
 */
const STOP_WORD_PHRASES = 'phrase with a stop word';

/** The workload of much cited BGE references: they match every decision citing them (about 2,000 each). */
const CITED_BGE = 'BGE reference, much cited';

/** The workload of a compact page of 2,000 results (also answered as it is by the reference). */
const COMPACT = 'compact limit=2000';

/** Every workload: name → paths cycled through by the connections. */
function workloads(p: Picks): Record<string, string[]> {
  const q = (params: Record<string, string>) => `/decisions?${new URLSearchParams(params).toString()}`;
  const words = (list: readonly string[]) => list.map((w) => q({ query: w, limit: '20' }));
  return {
    'keyword Kündigung': [q({ query: 'Kündigung', limit: '20' })],
    'phrase "rechtliches Gehör"': [q({ query: '"rechtliches Gehör"', limit: '20' })],
    [STOP_WORD_PHRASES]: words([
      '"Verletzung des rechtlichen Gehörs"',
      '"droit d\'être entendu"',
      '"diritto di essere sentito"',
    ]),
    boolean: words(['Kündigung AND Mietvertrag', 'contrat OR bail', 'Steuer NOT Einkommen']),
    prefix: words(['Kündig*', 'contra*', 'respons*']),
    'filter-only': [
      q({ court: 'bger', limit: '20' }),
      q({ canton: 'ZH', date_from: '2010-01-01', limit: '20' }),
      q({ language: 'fr', sort: 'date_asc', limit: '20' }),
    ],
    docket: p.dockets.map((d) => q({ query: d, limit: '20' })),
    'BGE reference': p.bges.map((b) => q({ query: b, limit: '20' })),
    [CITED_BGE]: p.citedBgeRefs.map((b) => q({ query: b, limit: '20' })),
    [COMPACT]: [q({ query: 'Haftung', fields: 'compact', limit: '2000' })],
    '/citations/{cited BGE}': p.citedBges.map((id) => `/citations/${enc(id)}`),
    '/leading-cases OR 41': ['/leading-cases?law_code=OR&article=41'],
    '/leading-cases Mietzins': ['/leading-cases?query=Mietzins'],
    [NEW_TOPICS]: SAMPLE_TOPICS.map((t) => `/leading-cases?query=${enc(t)}`),
    '/decisions/{id}': p.ids.map((id) => `/decisions/${enc(id)}`),
    '/decisions/{id}?full_text=false': p.ids.map((id) => `/decisions/${enc(id)}?full_text=false`),
    '/cite?reference={id}': p.ids.map((id) => `/cite?reference=${enc(id)}`),
    '/laws/OR?article=41': ['/laws/OR?article=41'],
  };
}

/**
 * The workload of topics asked once each: every request ranks a context no request before it
 * had, so what it measures is the ranking computed, not an answer kept for its topic.
 */
const NEW_TOPICS = '/leading-cases, each topic once';

const SEARCHES = new Set([
  'keyword Kündigung',
  'phrase "rechtliches Gehör"',
  STOP_WORD_PHRASES,
  'boolean',
  'prefix',
  'filter-only',
  'docket',
  'BGE reference',
  CITED_BGE,
  COMPACT,
]);

const LOOKUPS = new Set([
  '/decisions/{id}',
  '/decisions/{id}?full_text=false',
  '/cite?reference={id}',
  '/laws/OR?article=41',
]);

let closeWatch: () => Promise<void> = () => Promise.resolve();
const pageFile = join(tmpdir(), `${DIR_PREFIX}bench-api-page-${process.pid}.json`);
try {
  buildDeployables();
  const { api, base, databaseUrl } = await deploy();
  const watch = databaseUrl
    ? await openPostgres({ url: databaseUrl, poolSize: 1, applicationName: 'bench-api-drain' })
    : null;
  closeWatch = () => watch?.close() ?? Promise.resolve();
  const picks = await pick(base);
  let all = workloads(picks);
  if (values.only === 'lookups')
    all = Object.fromEntries(Object.entries(all).filter(([n]) => LOOKUPS.has(n)));
  if (values.only === 'search')
    all = Object.fromEntries(Object.entries(all).filter(([n]) => SEARCHES.has(n)));
  // The reference runs as its own process, like the API, not beside the load generator. With the
  // compact workload it also answers the benchmark's compact page as the API gave it (the same
  // bytes, no search behind them); a page the API did not answer with 200 is no reference.
  let pageBytes: number | null = null;
  if (all[COMPACT]) {
    const page = await fetch(`${base}${all[COMPACT][0]!}`);
    if (page.status === 200) {
      writeFileSync(pageFile, await page.text());
      pageBytes = statSync(pageFile).size;
    } else log(`compact page: ${page.status}, so no hello-world row for it`);
  }
  const helloPort = await freePort();
  await start('test/bench/hello-world.main.ts', {
    PORT: String(helloPort),
    ...(pageBytes !== null ? { PAGE_FILE: pageFile } : {}),
  }).waitForOutput(/listening on/);
  const helloUrl = `http://127.0.0.1:${helloPort}`;
  // Every workload answers 200 before it is measured (a 4xx would measure an error path).
  // The workload of topics asked once each goes through its paths with one cursor, checked included.
  const cursors: Record<string, PathCursor> = { [NEW_TOPICS]: { next: 0 } };
  for (const [name, listed] of Object.entries(all)) {
    const cursor = cursors[name];
    const paths = cursor ? listed.slice(cursor.next, (cursor.next += 8)) : listed;
    const statuses = await Promise.all(paths.map(async (path) => (await fetch(`${base}${path}`)).status));
    const bad = paths.flatMap((path, i) =>
      statuses[i] === 200 ? [] : [`${decodeURIComponent(path)}: ${statuses[i]}`],
    );
    if (bad.length > 0) {
      log(`${name}: not 200: ${bad.join('; ')}`);
      // the cause of a 5xx is in the API's log (warn and above), not in the response body
      log(`  the API's last log lines:\n${api.tail(10)}`);
    }
  }
  // Embedded: the one database connection answers in order, so one request waits for the rest.
  // Postgres: the server has no query of the API left running.
  const drain = async () => {
    await fetch(`${base}/cite?reference=${enc(picks.ids[0]!)}`).then((r) => r.arrayBuffer());
    for (let waited = 0; watch && waited < 300_000; waited += 250) {
      const active = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`.execute(
        watch.db,
      );
      if (active.rows[0]?.n === 0) break;
      await sleep(250);
    }
  };
  await measure(helloUrl, ['/'], 2); // warm-up
  const ref = await measure(helloUrl, ['/'], SECONDS);
  log(
    `\n${mode} mode, ${size} decisions, ${CONNECTIONS} connections, ${SECONDS} s per workload (autocannon); ratio = workload req/s ÷ hello-world req/s (same run)\n`,
  );
  const row = (name: string, f: Figures, rss: string) =>
    `| ${name.padEnd(34)} | ${f.p50.toFixed(1).padStart(8)} | ${f.p95.toFixed(1).padStart(8)} | ${f.rps.toFixed(0).padStart(7)} | ${(f.rps / ref.rps).toFixed(3).padStart(6)} | ${String(f.failed).padStart(6)} | ${rss.padStart(7)} |`;
  log('| workload                           | p50 ms   | p95 ms   | req/s   | ratio  | failed | RSS MB  |');
  log('|------------------------------------|----------|----------|---------|--------|--------|---------|');
  log(row('Fastify hello-world', ref, ''));
  if (pageBytes !== null) {
    await measure(helloUrl, ['/page'], 1); // warm-up
    const page = await measure(helloUrl, ['/page'], SECONDS);
    log(row(`hello-world, compact page ${Math.round(pageBytes / 1000)} kB`, page, ''));
  }
  let peak = 0;
  for (const [name, paths] of Object.entries(all)) {
    const cursor = cursors[name];
    await measure(base, paths, 1, cursor); // warm-up
    await drain();
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(api.child.pid))), 250);
    const figures = await measure(base, paths, SECONDS, cursor);
    clearInterval(sampler);
    // Requests autocannon abandoned at the end still run in the API: let them finish first.
    await drain();
    const rss = rssMb(api.child.pid);
    peak = Math.max(peak, rss);
    log(row(name, figures, rss.toFixed(0)));
    if (cursor && cursor.next > paths.length)
      log(`  (${cursor.next} requests over ${paths.length} topics: some topics were asked again)`);
  }
  log(`\nAPI process RSS: peak ${peak.toFixed(0)} MB under load (sampled every 250 ms)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await closeWatch();
  for (const proc of procs.reverse()) await proc.stop('SIGTERM').catch(() => undefined);
  rmSync(pageFile, { force: true });
}
