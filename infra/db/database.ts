import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrate.ts';
import { type Listen, listenOnPglite, listenOnPostgres } from './notifications.ts';
import { preparingPool } from './pg-prepared.ts';
import { createRunnerDialect } from './pglite-dialect.ts';
import type { PgliteOptions } from './pglite-instance.ts';
import { PgliteThread, inMemoryTemplate } from './pglite-thread.ts';
import type { DB } from './schema.ts';
import { TYPE_PARSERS } from './type-parsers.ts';

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Listens on a notification channel of this database's schema (its own connection). */
  readonly listen: Listen;
  /** Closes the pool / the embedded instance. */
  close(): Promise<void>;
}

export type { PgliteOptions } from './pglite-instance.ts';

/**
 * Opens (and migrates) the embedded PostgreSQL in WASM, in a thread of its own
 * ({@link PgliteThread}). An in-memory database starts from the project's template of a
 * fresh cluster ({@link inMemoryTemplate}) unless given another.
 */
export async function openPglite(options: PgliteOptions): Promise<DatabaseHandle> {
  const template = options.dataDir === null ? (options.template ?? (await inMemoryTemplate())) : undefined;
  const thread = await PgliteThread.start({ ...options, ...(template ? { template } : {}) });
  const db = new Kysely<DB>({ dialect: createRunnerDialect(thread) });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await thread.close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    listen: (channel, handlers) => listenOnPglite(thread, channel, handlers),
    async close() {
      await db.destroy();
      await thread.close();
    },
  };
}

/**
 * Whether the server can compress long values with LZ4 (a build option of PostgreSQL). Values
 * written then are compressed with it rather than with pglz, the default: long values are the
 * search tables' vectors and phrase pairs, decisions' texts and records. Measured on 47,167
 * decisions' vectors and pairs (100,000-decision benchmark corpus): written in 8.4–11.6 s against
 * 12.5–12.9 s, read back whole (every row's pairs) in 1.0 s against 1.6 s, 3 % larger. pglz was
 * 4 % of the machine's processor time in a replay of all projections. Values already written
 * keep theirs; a server reads both.
 */
async function compressesWithLz4(client: pg.Client): Promise<boolean> {
  const setting = await client.query<{ lz4: boolean }>(
    `select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`,
  );
  return setting.rows[0]?.lz4 === true;
}

/** First key of the two-key advisory lock that serialises schema creation and migrations. */
const MIGRATION_LOCK_CLASS = 72_616_001;

export interface PostgresOptions {
  readonly url: string;
  readonly poolSize?: number;
  /** A schema to create and use (tests give each file its own). */
  readonly schema?: string;
  readonly applicationName?: string;
}

/** Opens a pooled connection to a PostgreSQL server and migrates it. */
export async function openPostgres(options: PostgresOptions): Promise<DatabaseHandle> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`DB_SCHEMA_INVALID: schema name ${JSON.stringify(schema)} is not a plain identifier`);
  }
  const types = {
    getTypeParser: (oid: number, format?: string): ((value: string) => unknown) =>
      TYPE_PARSERS[oid] ?? (pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown),
  };
  // Several processes (projector instances, api, ingest) may start at once on a fresh schema:
  // `create schema if not exists` and kysely's migration tables race, so one at a time, under a
  // session advisory lock per schema (released when the admin session ends).
  const admin = new pg.Client({ connectionString: options.url });
  await admin.connect();
  let db: Database;
  let sessionOptions: string;
  try {
    // JIT and parallel workers off for every session: the read models answer short indexed
    // queries whose cost estimates (large joins over millions of references) still cross
    // jit_above_cost, and compiling them costs more than running them (see
    // test/bench/graph.bench.ts); and the API runs many such queries at once, so a worker started
    // for one costs more than the query: the compact page of 2,000 hits read its postings in 5.5 ms
    // serially and 60-77 ms with two workers (Gather Merge), on 2 cores at 100,000 decisions.
    sessionOptions = [
      '-c jit=off',
      '-c max_parallel_workers_per_gather=0',
      ...((await compressesWithLz4(admin)) ? ['-c default_toast_compression=lz4'] : []),
      ...(schema ? [`-c search_path="${schema}"`] : []),
    ].join(' ');
    await admin.query('select pg_advisory_lock($1, hashtext($2))', [MIGRATION_LOCK_CLASS, schema ?? '']);
    if (schema) await admin.query(`create schema if not exists "${schema}"`);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'swiss-law-research',
      types,
      options: sessionOptions,
    });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    try {
      await migrateToLatest(db as Kysely<unknown>);
    } catch (error) {
      await db.destroy();
      throw error;
    }
  } finally {
    await admin.end();
  }
  const listenConfig = {
    connectionString: options.url,
    application_name: `${options.applicationName ?? 'swiss-law-research'}-listen`,
    options: sessionOptions,
  };
  return {
    db,
    kind: 'postgres',
    listen: (channel, handlers) => listenOnPostgres(listenConfig, channel, handlers),
    async close() {
      await db.destroy();
    },
  };
}

/**
 * Refreshes planner statistics and flushes GIN pending lists after a bulk load. The embedded
 * database has no autovacuum: without this the planner misjudges the full-text indexes and
 * scans every row (measured: ~35 ms → ~7 ms per search on the 3,000-decision sample).
 */
export async function optimiseAfterBulkLoad(db: Database): Promise<void> {
  await sql`vacuum analyze`.execute(db);
}
