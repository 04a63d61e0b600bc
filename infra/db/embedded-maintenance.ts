import { sql } from 'kysely';
import type { Database } from './database.ts';
import { RepeatedPass } from '../scheduler/repeated-pass.ts';

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which has no background
 * workers: a table whose rows changed enough since its last analysis is analysed again, one with
 * enough dead or new rows is vacuumed (its dead rows reclaimed, its visibility map set for
 * index-only scans). The thresholds are autovacuum's defaults.
 *
 * Without it the planner keeps the statistics of the first load (`optimiseAfterBulkLoad`) for
 * good: decisions that a scheduled source brings in later are planned for as if the tables still
 * had their first size and contents. A rebuilt generation gets its own at completion.
 */
export interface MaintenanceThresholds {
  /** Analysed when the rows changed since the last analysis exceed base + scale × rows. */
  readonly analyzeBase: number;
  readonly analyzeScale: number;
  /** Vacuumed when the dead rows exceed base + scale × rows … */
  readonly vacuumBase: number;
  readonly vacuumScale: number;
  /** … or the rows inserted since the last vacuum exceed base + scale × rows. */
  readonly insertBase: number;
  readonly insertScale: number;
}

/** autovacuum's defaults (`autovacuum_analyze_threshold` and the others). */
export const AUTOVACUUM_DEFAULTS: MaintenanceThresholds = {
  analyzeBase: 50,
  analyzeScale: 0.1,
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertBase: 1000,
  insertScale: 0.2,
};

/** A table that is due, and what it is due for. */
export interface MaintenanceDue {
  readonly schema: string;
  readonly table: string;
  readonly vacuum: boolean;
  readonly analyze: boolean;
}

interface TableActivity {
  schemaname: string;
  relname: string;
  reltuples: number;
  n_dead_tup: number;
  n_mod_since_analyze: number;
  n_ins_since_vacuum: number;
}

/** The tables due for a vacuum or an analysis, by the activity statistics of the database. */
export async function maintenanceDue(
  db: Database,
  thresholds: MaintenanceThresholds = AUTOVACUUM_DEFAULTS,
): Promise<MaintenanceDue[]> {
  // the counts of the statements just run reach the statistics when their transaction ends
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const activity = await sql<TableActivity>`
    select s.schemaname, s.relname, greatest(c.reltuples, 0)::float8 as reltuples,
      s.n_dead_tup::float8 as n_dead_tup, s.n_mod_since_analyze::float8 as n_mod_since_analyze,
      s.n_ins_since_vacuum::float8 as n_ins_since_vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    -- not the temporary tables of the session, which autovacuum leaves alone too
    where c.relpersistence <> 't'
    order by s.schemaname, s.relname`.execute(db);
  const t = thresholds;
  return activity.rows.flatMap((row) => {
    const rows = Number(row.reltuples);
    const analyze = Number(row.n_mod_since_analyze) > t.analyzeBase + t.analyzeScale * rows;
    const vacuum =
      Number(row.n_dead_tup) > t.vacuumBase + t.vacuumScale * rows ||
      Number(row.n_ins_since_vacuum) > t.insertBase + t.insertScale * rows;
    return analyze || vacuum ? [{ schema: row.schemaname, table: row.relname, vacuum, analyze }] : [];
  });
}

/** A table vacuumed or analysed, and how long its statement held the database. */
export interface MaintenanceDone extends MaintenanceDue {
  readonly ms: number;
}

/** PostgreSQL's "undefined table". */
const UNDEFINED_TABLE = '42P01';

/**
 * Vacuums and analyses the tables that are due, one statement each (a vacuum runs outside any
 * transaction; on the embedded database's one connection it waits for the batch under way). A
 * table dropped meanwhile (an old generation) is skipped.
 */
export async function maintainDue(
  db: Database,
  thresholds: MaintenanceThresholds = AUTOVACUUM_DEFAULTS,
): Promise<MaintenanceDone[]> {
  const done: MaintenanceDone[] = [];
  for (const item of await maintenanceDue(db, thresholds)) {
    const table = sql.table(`${item.schema}.${item.table}`);
    const started = performance.now();
    try {
      if (item.vacuum) await sql`vacuum (analyze) ${table}`.execute(db);
      else await sql`analyze ${table}`.execute(db);
      done.push({ ...item, ms: Math.round(performance.now() - started) });
    } catch (error) {
      if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
    }
  }
  return done;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Runs {@link maintainDue} every `intervalMs` until stopped. */
export class EmbeddedMaintenance {
  private readonly passes: RepeatedPass;

  constructor(
    private readonly deps: { readonly db: Database; readonly logger: Logger },
    intervalMs: number,
    private readonly thresholds: MaintenanceThresholds = AUTOVACUUM_DEFAULTS,
  ) {
    this.passes = new RepeatedPass(
      () => this.pass(),
      intervalMs,
      (error: unknown) => deps.logger.error({ err: error }, 'embedded database maintenance failed; retrying'),
    );
  }

  /** The first pass after `intervalMs`, then one every `intervalMs`. */
  start(): void {
    this.passes.start({ immediately: false });
  }

  /** Stops after the pass under way. */
  stop(): Promise<void> {
    return this.passes.stop();
  }

  private async pass(): Promise<void> {
    const started = Date.now();
    const done = await maintainDue(this.deps.db, this.thresholds);
    if (done.length === 0) return;
    const longest = done.reduce((a, b) => (b.ms > a.ms ? b : a));
    this.deps.logger.info(
      {
        tables: done.map((d) => `${d.schema}.${d.table}${d.vacuum ? ' (vacuum)' : ''}`),
        ms: Date.now() - started,
        longest: `${longest.schema}.${longest.table}: ${longest.ms} ms`,
      },
      'embedded database maintained',
    );
  }
}
