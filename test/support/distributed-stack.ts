/**
 * Distributed deployments for end-to-end tests against the real engines (Kafka + OpenSearch +
 * Postgres): each `Stack` is one deployment with a schema, topic prefix and index prefix of its own,
 * its deployables started as separate processes; `distributedHarness()` finds the engines once per
 * test file and hands each test a fresh stack, removed afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Admin, AssignerProtocol, Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../infra/db/database.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import { KafkaEventLog } from '../../infra/event-log/kafka/kafka-event-log.ts';
import type { SearchIndexWriter } from '../../infra/search/search.port.ts';
import { createSampleSource } from '../../ingest/sources/sample/sample.source.ts';
import { liveLag } from '../../projector/lag.ts';
import { PROJECTOR_GROUP } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';
import { dropSchemaTree, postgresTestUrl, uniqueName } from './engines.ts';
import { deleteTopicsWithPrefix, kafkaTestBrokers } from './kafka-engine.ts';
import { deleteIndices, openSearchTestUrl } from './opensearch-engine.ts';
import { type Proc, REPO, freePort, sleep, startDeployable, waitFor } from './processes.ts';

const ENGINES_SCRIPT = join(REPO, 'infra/local/engines.sh');
const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------
// engines
// ---------------------------------------------------------------------------------------------

export interface Engines {
  readonly databaseUrl: string;
  readonly brokers: string[];
  readonly openSearchUrl: string;
}

async function findEngines(): Promise<Engines | null> {
  const [databaseUrl, brokers, openSearchUrl] = await Promise.all([
    postgresTestUrl(),
    kafkaTestBrokers(),
    openSearchTestUrl(),
  ]);
  if (!databaseUrl || !brokers || !openSearchUrl) return null;
  return { databaseUrl, brokers, openSearchUrl };
}

/** The broker is the one infra/local/engines.sh runs (so that `restart-kafka` restarts it). */
export function isLocalScriptKafka(brokers: readonly string[]): boolean {
  const run = join(process.env['ENGINES_DIR'] ?? join(REPO, '.engines'), 'run');
  if (!existsSync(join(run, 'ports.env')) || !existsSync(join(run, 'kafka.pid'))) return false;
  const port = /^KAFKA_PORT=(\d+)$/m.exec(readFileSync(join(run, 'ports.env'), 'utf8'))?.[1];
  return brokers.length === 1 && (brokers[0] === `127.0.0.1:${port}` || brokers[0] === `localhost:${port}`);
}

export async function engineCommand(
  command: 'restart-kafka' | 'stop-opensearch' | 'start-opensearch',
): Promise<void> {
  await run('bash', [ENGINES_SCRIPT, command], { timeout: 240_000 });
}

// ---------------------------------------------------------------------------------------------
// sample corpora: generated once per (size, seed) in the test process, read by the ingest processes
// ---------------------------------------------------------------------------------------------

export interface Corpus {
  readonly dir: string;
  readonly size: number;
  readonly seed: number;
  /** The decision ids the corpus yields, in file order. */
  readonly ids: readonly string[];
  /** One docket number per id. */
  readonly dockets: ReadonlyMap<string, string>;
}

export class Corpora {
  private readonly made = new Map<string, Promise<Corpus>>();
  constructor(private readonly root: string) {}

  get(size: number, seed: number): Promise<Corpus> {
    const key = `${size}-${seed}`;
    let corpus = this.made.get(key);
    if (!corpus) {
      corpus = (async () => {
        const dir = join(this.root, `corpus-${key}`);
        const source = await createSampleSource({ dir, size, seed });
        const ids: string[] = [];
        const dockets = new Map<string, string>();
        for await (const item of source.items()) {
          const d = await source.parse(item, '2026-11-01T00:00:00Z');
          ids.push(d.decision_id);
          dockets.set(d.decision_id, d.docket_number);
        }
        return { dir, size, seed, ids, dockets };
      })();
      this.made.set(key, corpus);
    }
    return corpus;
  }
}

/** A decision of the corpus with a Federal Supreme Court docket (`4A_123/2020`: the query grammar knows it). */
export function federalDocket(corpus: Corpus, notIn: readonly string[] = []): string {
  const id = corpus.ids.find(
    (i) => /^\d+[A-Z]_\d+\/\d{4}$/.test(corpus.dockets.get(i) ?? '') && !notIn.includes(i),
  );
  if (!id) throw new Error(`no federal docket in the corpus of size ${corpus.size}, seed ${corpus.seed}`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// one deployment: schema, topics and indices of its own
// ---------------------------------------------------------------------------------------------

/**
 * The read models these tests check (the decisions stream's and the scraper health), out of every
 * projection the projector runs; streams as the projections declare them.
 */
export const CHECKED = ['decisions', 'decision-search', 'courts', 'court-feeds', 'scraper-health'] as const;
const NO_SEARCH_WRITER: SearchIndexWriter = {
  upsert: () => Promise.reject(new Error('the test only reads the projection list')),
  remove: () => Promise.reject(new Error('the test only reads the projection list')),
};
const ALL_PROJECTIONS = allProjections({ writer: NO_SEARCH_WRITER, generations: null });
export const streamsOf = (name: string): readonly string[] =>
  ALL_PROJECTIONS.find((p) => p.name === name)?.streams ?? [];
const CHECKED_PROJECTIONS = ALL_PROJECTIONS.filter((p) => (CHECKED as readonly string[]).includes(p.name));
/** Every projection that reads the decisions stream (each dead-letters a malformed record there). */
export const DECISION_STREAM_READERS = ALL_PROJECTIONS.filter((p) => p.streams.includes('decisions')).map(
  (p) => p.name,
);
/** Log lines of a checked projection that fell back to event-by-event or dead-lettered an event. */
export const troubleOf = (output: string) =>
  output
    .split('\n')
    .filter(
      (l) => /batch failed|dead-lettered/.test(l) && CHECKED.some((c) => l.includes(`"projection":"${c}"`)),
    );

interface SearchPage {
  total: number;
  total_is_lower_bound: boolean;
  results: { decision_id: string; docket_number: string }[];
}

export class Stack {
  readonly schema = uniqueName('dist');
  readonly topicPrefix = `${this.schema}.`;
  readonly indexPrefix = this.schema.replace(/_/g, '-');
  readonly procs: Proc[] = [];
  private handle: DatabaseHandle | null = null;
  private eventLog: KafkaEventLog | null = null;
  private apiPort = 0;

  constructor(
    readonly engines: Engines,
    readonly kafka: Kafka,
    readonly kafkaAdmin: Admin,
    private readonly dataDir: string,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.apiPort}`;
  }

  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      SERVICE_MODE: 'distributed',
      DATABASE_URL: this.engines.databaseUrl,
      DATABASE_SCHEMA: this.schema,
      DATABASE_POOL_SIZE: '4',
      KAFKA_BROKERS: this.engines.brokers.join(','),
      KAFKA_TOPIC_PREFIX: this.topicPrefix,
      OPENSEARCH_URL: this.engines.openSearchUrl,
      OPENSEARCH_INDEX_PREFIX: this.indexPrefix,
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      // Tests and benchmarks drive the API far harder than one client may; a test of the limit
      // turns it on through `extra`.
      RATE_LIMIT: 'off',
      ...extra,
    };
  }

  spawn(name: string, script: string, args: string[] = [], extra: Record<string, string> = {}): Proc {
    const proc = startDeployable(name, script, args, this.env(extra));
    this.procs.push(proc);
    return proc;
  }

  startProjector(name = 'projector', extra: Record<string, string> = {}): Proc {
    return this.spawn(name, 'projector/projector.main.ts', [], { PROJECTOR_WATCH_MS: '1000', ...extra });
  }

  async startApi(): Promise<Proc> {
    this.apiPort = await freePort();
    return this.spawn('api', 'api/server.ts', [], { PORT: String(this.apiPort), HOST: '127.0.0.1' });
  }

  startIngest(corpus: Corpus, name = 'ingest'): Proc {
    return this.spawn(name, 'ingest/ingest.main.ts', [], {
      SOURCE: 'sample',
      SOURCE_DIR: corpus.dir,
      SAMPLE_SIZE: String(corpus.size),
      SAMPLE_SEED: String(corpus.seed),
    });
  }

  /** Runs the ingest process to its end, again as an operator would while it fails (at most `attempts`). */
  async ingest(corpus: Corpus, attempts = 1): Promise<{ runs: number; outputs: string[] }> {
    const outputs: string[] = [];
    for (let runNo = 1; runNo <= attempts; runNo++) {
      const proc = this.startIngest(corpus, `ingest#${runNo}`);
      const exit = await Promise.race([proc.exited, sleep(120_000).then(() => null)]);
      outputs.push(proc.output());
      if (exit?.code === 0) return { runs: runNo, outputs };
      if (!exit) await proc.stop('SIGKILL');
    }
    throw new Error(
      `ingest did not succeed in ${attempts} run(s):\n${outputs.map((o) => o.slice(-2000)).join('\n---\n')}`,
    );
  }

  async runAdmin(args: string[]): Promise<{ code: number | null; output: string }> {
    const proc = this.spawn(`admin ${args.join(' ')}`, 'projector/admin.main.ts', args);
    const exit = await Promise.race([proc.exited, sleep(180_000).then(() => null)]);
    if (!exit) await proc.stop('SIGKILL');
    return { code: exit?.code ?? null, output: proc.output() };
  }

  async db() {
    this.handle ??= await openPostgres({
      url: this.engines.databaseUrl,
      schema: this.schema,
      poolSize: 3,
      applicationName: 'e2e-test',
    });
    return this.handle.db;
  }

  async get<T = unknown>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(`${this.base}${path}`);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  async waitForApi(): Promise<void> {
    await waitFor(
      'the api to answer /ready',
      () => this.get('/ready').then((r) => r.status),
      (s) => s === 200,
      60_000,
      250,
    );
  }

  async search(params: Record<string, string>): Promise<SearchPage> {
    const res = await this.get<SearchPage>(`/decisions?${new URLSearchParams(params).toString()}`);
    if (res.status !== 200) throw new Error(`GET /decisions → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async waitForSearchTotal(total: number, timeoutMs = 120_000): Promise<void> {
    await waitFor(
      `search total ${total}`,
      () => this.search({ limit: '1', fields: 'compact' }).then((p) => p.total),
      (t) => t === total,
      timeoutMs,
      500,
    );
  }

  private kafkaLog(): KafkaEventLog {
    this.eventLog ??= new KafkaEventLog({
      brokers: this.engines.brokers,
      clientId: `${this.schema}-lag`,
      topicPrefix: this.topicPrefix,
    });
    return this.eventLog;
  }

  /** Events not yet projected, per checked projection (live generation, every stream and partition). */
  async lag(): Promise<Record<string, number>> {
    return liveLag(await this.db(), this.kafkaLog(), CHECKED_PROJECTIONS);
  }

  /** Appends events to the stack's topics, as a producer of the deployment would. */
  async publish(events: readonly OutgoingEvent[]): Promise<void> {
    await this.kafkaLog().append(events);
  }

  async waitUntilCaughtUp(timeoutMs = 120_000): Promise<void> {
    await waitFor(
      'the checked projections to catch up with the log',
      () => this.lag(),
      (l) => Object.values(l).every((n) => n === 0),
      timeoutMs,
      500,
    );
  }

  /** Members of the projector processes' consumer group of a stream, with the partitions of its topic each holds. */
  async groupMembers(stream: string): Promise<number[][]> {
    // The Kafka event log names its groups <prefix><group>.<stream>; projector processes share one group.
    const groupId = `${this.topicPrefix}${PROJECTOR_GROUP}.${stream}`;
    const topic = `${this.topicPrefix}${stream}`;
    const { groups } = await this.kafkaAdmin.describeGroups([groupId]);
    const group = groups[0];
    if (!group || group.state !== 'Stable') return [];
    return group.members.map((m) => {
      const decoded = AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
      return [...(decoded?.assignment[topic] ?? [])].sort();
    });
  }

  /** Reads at least `count` records of a topic from its start (a consumer group of its own). */
  async readTopic(
    topic: string,
    count: number,
  ): Promise<{ value: string; headers: Record<string, string> }[]> {
    const consumer = this.kafka.consumer({
      groupId: `${this.topicPrefix}e2e-reader-${Date.now()}`,
      maxWaitTimeInMs: 200,
    });
    const seen: { value: string; headers: Record<string, string> }[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(message.headers ?? {}))
            headers[k] = Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
          seen.push({ value: message.value?.toString('utf8') ?? '', headers });
        },
      });
      await waitFor(
        `${count} records on ${topic}`,
        async () => seen.length,
        (n) => n >= count,
        60_000,
        200,
      );
    } finally {
      await consumer.disconnect();
    }
    return seen;
  }

  /** Stops whatever still runs (SIGKILL), drops the schemas and deletes the indices. */
  async cleanup(): Promise<void> {
    await Promise.all(
      this.procs.filter((p) => p.alive()).map((p) => p.stop('SIGKILL', 10_000).catch(() => undefined)),
    );
    const db = await this.db().catch(() => null);
    if (db) await dropSchemaTree(db, this.schema);
    await this.handle?.close();
    this.handle = null;
    await this.eventLog?.close();
    this.eventLog = null;
    await deleteIndices(this.engines.openSearchUrl, this.indexPrefix);
    // Topics may stay, but each stack makes one per stream: best effort, so the broker does not fill up.
    await deleteTopicsWithPrefix(this.kafkaAdmin, this.topicPrefix);
  }
}

// ---------------------------------------------------------------------------------------------
// one harness per test file
// ---------------------------------------------------------------------------------------------

export interface DistributedHarness {
  /** The engines' endpoints; null when they are missing (the tests skip). */
  readonly engines: Engines | null;
  /** Sample corpora, generated once per (size, seed) in the test process. */
  readonly corpora: Corpora;
  /** A fresh deployment for `body`, removed afterwards; skips the test when the engines are missing. */
  withStack(ctx: { skip: (note?: string) => void }, body: (stack: Stack) => Promise<void>): Promise<void>;
}

/** Registers the file's beforeAll/afterAll: finds the engines, connects a Kafka admin, makes a work folder. */
export function distributedHarness(): DistributedHarness {
  let engines: Engines | null = null;
  let kafka: Kafka | null = null;
  let admin: Admin | null = null;
  let workDir = '';
  let corpora: Corpora | null = null;

  beforeAll(async () => {
    engines = await findEngines();
    if (!engines) return;
    workDir = await mkdtemp(join(tmpdir(), 'e2e-distributed-'));
    corpora = new Corpora(workDir);
    kafka = new Kafka({
      clientId: 'e2e-distributed-test',
      brokers: engines.brokers,
      logLevel: logLevel.NOTHING,
    });
    admin = kafka.admin();
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.disconnect();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  return {
    get engines() {
      return engines;
    },
    get corpora() {
      if (!corpora) throw new Error('no corpora: the engines are missing');
      return corpora;
    },
    async withStack(ctx, body) {
      if (!engines || !kafka || !admin) {
        ctx.skip('no Postgres / Kafka / OpenSearch endpoints');
        return;
      }
      const stack = new Stack(engines, kafka, admin, workDir);
      try {
        await body(stack);
      } catch (error) {
        // The processes' last lines explain most failures; their own warnings and errors (a
        // projection that stopped, a consumer that crashed or stalled) may lie further back.
        const tails = stack.procs
          .map((p) => {
            const own = p
              .output()
              .split('\n')
              .filter((l) => /"level":(40|50|60)/.test(l) && !l.includes('"kafkajs":'))
              .slice(-20);
            const warnings =
              own.length > 0 ? `(its last warnings and errors)\n${own.join('\n')}\n(its last lines)\n` : '';
            return `----- ${p.name} (${p.alive() ? 'running' : 'exited'}) -----\n${warnings}${p.tail(15)}`;
          })
          .join('\n');
        throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tails}`, {
          cause: error,
        });
      } finally {
        await stack.cleanup();
      }
    },
  };
}
