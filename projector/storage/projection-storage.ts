import { sql, type Transaction } from 'kysely';
import { INDEX_BUILD_MEMORY } from '../../infra/db/bulk-fill.ts';
import type { Database } from '../../infra/db/database.ts';
import type { DB } from '../../infra/db/schema.ts';

/** Where one generation of a projection lives. */
export interface StorageContext {
  readonly db: Database;
  /** The schema that readers use (views of the live generations live here). */
  readonly base: string;
  /** This generation's own schema. */
  readonly schema: string;
  readonly generation: number;
}

/** How a generation's storage is created. */
export interface CreateOptions {
  /**
   * The generation is filled by a rebuild from the start of the log before readers see it: what
   * only readers need (secondary indexes) may wait for `complete`, built once in bulk instead of
   * maintained row by row through the replay.
   */
  readonly forRebuild?: boolean;
}

/** The storage of a projection generation: created empty, activated atomically, dropped when retired. */
export interface ProjectionStorage {
  /** Creates this generation's storage if missing (idempotent). */
  create(ctx: StorageContext, options?: CreateOptions): Promise<void>;
  /**
   * Builds what a generation created `forRebuild` left for later, once it has caught up with the
   * log and before it is activated: its readers' indexes and planner statistics (idempotent).
   */
  complete?(ctx: StorageContext): Promise<void>;
  /**
   * Makes this generation the one readers see, in one step. Readers' indexes it lacks (it was never
   * completed) are built first: readers never see a generation without them.
   */
  activate(ctx: StorageContext): Promise<void>;
  /** Removes this (retired) generation's storage. */
  drop(ctx: StorageContext): Promise<void>;
  /**
   * Renews the planner's statistics of this generation's tables (`analyze`). The runner asks for
   * it as a generation grows (`ProjectionRunner`): tables filled from empty have none until
   * autovacuum comes by (the embedded database has no autovacuum), and a projection's statements
   * planned without them can cost quadratic time.
   */
  refreshStatistics?(ctx: StorageContext): Promise<void>;
}

/**
 * An upgrade step that is more than one statement: runs in the generation's transaction. It
 * answers `rewritten` when it wrote or rewrote a table's rows: the generation's tables are then
 * vacuumed and analysed once the upgrade has committed, as after a rebuild (`complete`). Without
 * that, a table whose every row was updated keeps its dead versions and the planner statistics of
 * before (the embedded database has no autovacuum): on the embedded sample, searches for a docket
 * took 620 ms p50 at 8 clients after such an upgrade, against 17 ms once vacuumed.
 */
export type UpgradeStep = (
  tx: Transaction<DB>,
  where: { readonly base: string; readonly schema: string },
) => Promise<void | 'rewritten'>;

/**
 * Transactions building a generation's missing reader indexes side by side. Most of them are GIN
 * indexes, which PostgreSQL builds in one process: one at a time, the search generation's 27 left
 * the second core idle after its replay (`rebuild decision-search` at 100,000 decisions on 2
 * cores: live after 398 s one at a time, 356.5 s two at a time).
 */
const READER_INDEX_BUILDERS = 2;

/**
 * How often, and how long apart, a completed generation is vacuumed again while a transaction
 * older than its last writes keeps its pages from being all-visible: at most a minute, then the
 * generation goes on as it is (a later vacuum marks them).
 */
const VISIBILITY_ATTEMPTS = 60;
const VISIBILITY_RETRY_MS = 1_000;

/** A deferred index is created by name if missing, so that completing twice does nothing the second time. */
const DEFERRABLE = /^\s*create index if not exists ([a-z_][a-z0-9_]*)\s+on\s+[a-z_][a-z0-9_]*\s/i;

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;
const ident = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`PROJ_BAD_IDENTIFIER: ${name}`);
  return sql.id(name);
};

/**
 * Postgres tables in a schema of their own per generation; readers see views of the same names
 * in the base schema, swapped in one transaction. `ddl` uses unqualified table names.
 *
 * `upgrades` are idempotent statements (`alter table … add column if not exists …`), or idempotent
 * steps run in the same transaction, that bring a generation created by an older release up to the
 * current shape; they run at every start (search path: the generation's schema), and a live
 * generation's views are re-created so that readers see the new columns. A change that cannot be
 * written so needs a rebuild instead.
 *
 * `readerIndexes` (`create index if not exists …`) are indexes that only readers use, never the
 * projection's own writes. A generation created for a rebuild gets them once it has caught up
 * (`complete`), each built in one pass over the filled table; every other generation gets them
 * with its tables.
 *
 * `writeColumns` (per table) are the columns the projection's own statements find rows by. While
 * a generation created for a rebuild has not caught up (its reader indexes are not built yet),
 * no reader plans on it, so `refreshStatistics` renews the statistics of those columns only: a
 * table's full `analyze` also computes the statistics of its vectors and arrays, which the
 * projection never filters on (the search tables at 100,000 rows: 3.9 s against 0.5 s). `complete`
 * then analyses every column.
 */
export function postgresTables(
  tables: readonly string[],
  ddl: readonly string[],
  upgrades: readonly (string | UpgradeStep)[] = [],
  readerIndexes: readonly string[] = [],
  writeColumns: Readonly<Record<string, readonly string[]>> = {},
): ProjectionStorage {
  const named = readerIndexes.map((statement) => {
    const name = DEFERRABLE.exec(statement)?.[1];
    if (!name) throw new Error(`PROJ_BAD_READER_INDEX: not a 'create index if not exists': ${statement}`);
    return { name: name.toLowerCase(), statement };
  });
  const missingReaderIndexes = async (db: Database, schema: string) => {
    if (named.length === 0) return [];
    const present = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = ${schema} and indexname = any(${named.map((n) => n.name)}::text[])`.execute(db);
    const have = new Set(present.rows.map((r) => r.name));
    return named.filter((n) => !have.has(n.name));
  };
  // Only the missing ones are created: `create index if not exists` locks its table against writes
  // even when the index exists, and a process starting beside a writing projector must not. They
  // are built by READER_INDEX_BUILDERS transactions side by side, each taking the next one left
  // (building an index locks its table against writes only: two builds on one table do not wait
  // for each other; the embedded database, one connection, runs the transactions one after the other).
  const buildReaderIndexes = async (db: Database, schema: string) => {
    const missing = await missingReaderIndexes(db, schema);
    let next = 0;
    const builder = () =>
      db.transaction().execute(async (tx) => {
        await sql`select set_config('search_path', ${`"${schema}"`}, true)`.execute(tx);
        await sql`select set_config('maintenance_work_mem', ${INDEX_BUILD_MEMORY}, true)`.execute(tx);
        while (next < missing.length) await sql.raw(missing[next++]!.statement).execute(tx);
      });
    const builders = Math.min(READER_INDEX_BUILDERS, missing.length);
    await Promise.all(Array.from({ length: builders }, builder));
  };
  const vacuumTables = async (db: Database, schema: string) => {
    for (const table of tables) await sql`vacuum (analyze) ${ident(schema)}.${ident(table)}`.execute(db);
  };
  // The tables whose pages vacuum left not all-visible (rows a transaction still running may not see).
  const notAllVisible = async (db: Database, schema: string) =>
    (
      await sql<{ name: string }>`select c.relname as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind = 'r' and c.relname = any(${[...tables]}::text[])
          and c.relallvisible < c.relpages`.execute(db)
    ).rows.map((r) => r.name);
  /**
   * Vacuums a generation nobody else writes until its pages are all-visible. A transaction older
   * than its last writes (another projection's batch in the same `rebuild all`) keeps vacuum from
   * marking them: readers' index-only scans then read the table too, until autovacuum comes by,
   * which rows just vacuumed do not call for. After `rebuild all` at 100,000 decisions the graph's
   * resolved tables (edges, in-degrees, counters) were left so, and a hub's incoming count read
   * 1,438 heap pages (3.1 ms) instead of the index alone (0.3 ms).
   */
  const vacuumUntilAllVisible = async (db: Database, schema: string) => {
    await vacuumTables(db, schema);
    for (let attempt = 0; attempt < VISIBILITY_ATTEMPTS; attempt++) {
      const pending = await notAllVisible(db, schema);
      if (pending.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, VISIBILITY_RETRY_MS));
      for (const table of pending) await sql`vacuum ${ident(schema)}.${ident(table)}`.execute(db);
    }
  };
  /** Whether readers see the generation: through at least one of its tables' views. */
  const isLive = async (db: Database | Transaction<DB>, base: string, schema: string) => {
    const uses = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.view_table_usage
      where view_schema = ${base} and table_schema = ${schema} and view_name = any(${[...tables]})
    `.execute(db);
    return Number(uses.rows[0]?.n ?? 0) > 0;
  };
  const dropViews = async (db: Database | Transaction<DB>, base: string) => {
    for (const table of tables) await sql`drop view if exists ${ident(base)}.${ident(table)}`.execute(db);
  };
  const views = async (db: Database | Transaction<DB>, base: string, schema: string) => {
    await dropViews(db, base);
    for (const table of tables) {
      await sql`create view ${ident(base)}.${ident(table)} as select * from ${ident(schema)}.${ident(table)}`.execute(
        db,
      );
    }
  };
  return {
    async create({ db, schema, base }, options = {}) {
      await sql`create schema if not exists ${ident(schema)}`.execute(db);
      const { existed, rewritten } = await db.transaction().execute(async (tx) => {
        await sql`select set_config('search_path', ${`"${schema}"`}, true)`.execute(tx);
        const existing = await sql<{ n: number }>`
          select count(*)::int as n from information_schema.tables where table_schema = ${schema}
        `.execute(tx);
        if (Number(existing.rows[0]?.n ?? 0) === 0) {
          for (const statement of ddl) await sql.raw(statement).execute(tx);
          if (!options.forRebuild)
            for (const statement of readerIndexes) await sql.raw(statement).execute(tx);
          return { existed: false, rewritten: false };
        }
        // A live generation's views (`select *`) are dropped while it is brought up to date (an
        // upgrade may change the type of a column they select) and created again after it (a
        // table added by an upgrade gets one); readers wait for the transaction.
        const live = upgrades.length > 0 && (await isLive(tx, base, schema));
        if (live) await dropViews(tx, base);
        let rewrote = false;
        for (const step of upgrades) {
          if (typeof step === 'string') await sql.raw(step).execute(tx);
          else if ((await step(tx, { base, schema })) === 'rewritten') rewrote = true;
        }
        if (live) await views(tx, base, schema);
        return { existed: true, rewritten: rewrote };
      });
      if (rewritten) await vacuumTables(db, schema);
      // a generation of an older release gets the readers' indexes this one added
      if (existed && !options.forRebuild) await buildReaderIndexes(db, schema);
    },
    async complete({ db, schema }) {
      await buildReaderIndexes(db, schema);
      // Readers switch to the generation right after: with its planner statistics and visibility
      // map, as after a first load (`optimiseAfterBulkLoad`), not whenever autovacuum comes by (the
      // embedded database has none). Without them, a phrase search on the embedded sample took
      // 108 ms p50 at 8 clients against 42 ms after `vacuum analyze`.
      await vacuumUntilAllVisible(db, schema);
    },
    async activate({ db, schema, base }) {
      await buildReaderIndexes(db, schema);
      await db.transaction().execute((tx) => views(tx, base, schema));
    },
    async drop({ db, schema }) {
      await sql`drop schema if exists ${ident(schema)} cascade`.execute(db);
    },
    async refreshStatistics({ db, schema }) {
      // every table of the generation, its bookkeeping too (`decision_sources`, no view): a plan
      // kept while a table was small (a sequential scan) is planned again only when the table's
      // statistics change, and a batch's lookup of 500 decisions' precedence rows kept one that
      // tested each of 100,000 rows against the 500 ids (65 ms a batch instead of 1.5 ms)
      const present = await sql<{ name: string }>`select tablename as name from pg_tables
        where schemaname = ${schema}`.execute(db);
      // reader indexes still to build: a rebuild that has not caught up, which no reader plans on
      const building = (await missingReaderIndexes(db, schema)).length > 0;
      for (const { name } of present.rows) {
        const columns = building ? writeColumns[name] : undefined;
        const list = columns ? sql` (${sql.join(columns.map(ident))})` : sql``;
        await sql`analyze ${ident(schema)}.${ident(name)}${list}`.execute(db);
      }
    },
  };
}
