/**
 * Named prepared statements for kysely's PostgreSQL dialect. node-postgres sends every statement
 * unnamed, so the server parses and plans it again with each execution: 1–8 ms of a search's
 * count or its other-matches statement at 100,000 decisions. Through this pool, queries and row
 * changes are prepared once per server connection under a name derived from their text; after
 * five executions PostgreSQL may keep a generic plan (its usual choice). A statement marked as
 * planned per execution ({@link isPlannedPerExecution}), and a bulk write
 * ({@link MAX_PREPARED_PARAMETERS}), stay unnamed, planned with each execution. A statement marked
 * {@link keepsGenericPlan} is bound under `plan_cache_mode = force_generic_plan`, every other
 * prepared one under `auto`: the connection's mode is set before a statement of the other kind.
 *
 * Each connection keeps at most `perConnection` statements, the least recently used deallocated
 * first. A statement whose result type changed under it (a migration by another process:
 * {@link CACHED_PLAN_CHANGED}) is run again unnamed outside a transaction, and its connection is
 * closed when it is released rather than reused with stale statements.
 */
import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import {
  CACHED_PLAN_CHANGED,
  isPlannedPerExecution,
  isPreparable,
  keepsGenericPlan,
} from './statement-hints.ts';

/**
 * Statements kept prepared per server connection: room for every statement shape the service
 * sends (the API's benchmark workloads use a few dozen), not a text per request.
 */
export const PREPARED_PER_CONNECTION = 200;

/**
 * Statements with more parameters than this run unnamed: bulk writes, whose text changes with
 * the size of their batch, so a kept plan would seldom be used again while it takes server memory.
 */
export const MAX_PREPARED_PARAMETERS = 128;

/** Statement names by text, so that a text is hashed once, not per execution. */
const NAMES_KEPT = 5_000;

const BEGINS = /^\s*(?:begin|start\s+transaction)\b/i;
const ENDS = /^\s*(?:commit|end|abort|rollback)\b(?!\s+to\b)/i;
const ROLLS_BACK = /^\s*(?:abort|rollback)\b(?!\s+to\b)/i;

/** How a connection's prepared statements are planned when bound (`plan_cache_mode`). */
type PlanMode = 'auto' | 'force_generic_plan';

/**
 * node-postgres's record of the statements a connection has parsed (`Connection.parsedStatements`,
 * by name): a deallocated statement must leave it, or the next use would skip its Parse.
 */
function parsedStatementsOf(client: pg.PoolClient): Record<string, string> {
  const parsed = (client as unknown as { connection?: { parsedStatements?: unknown } }).connection
    ?.parsedStatements;
  if (typeof parsed !== 'object' || parsed === null)
    throw new Error('DB_PG_INTERNALS: node-postgres no longer keeps connection.parsedStatements');
  return parsed as Record<string, string>;
}

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** One pooled connection as kysely sees it, preparing what it runs. */
class PreparingClient implements PostgresPoolClient {
  private readonly kept: LRUCache<string, true>;
  private readonly parsed: Record<string, string>;
  private inTransaction = false;
  /** The connection's prepared statements may no longer fit their tables: close it on release. */
  private stale = false;
  /**
   * The connection's `plan_cache_mode` as last set here; null before the first (the server's
   * default, whatever it is configured to) and after a rollback that may have undone one.
   */
  private planMode: PlanMode | null = null;
  /** `planMode` was set inside the open transaction: a rollback undoes it. */
  private planModeInTransaction = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly nameOf: (text: string) => string,
    perConnection: number,
  ) {
    const parsed = parsedStatementsOf(client);
    this.parsed = parsed;
    this.kept = new LRUCache<string, true>({
      max: perConnection,
      dispose: (_value, name, reason) => {
        if (reason !== 'evict') return;
        delete parsed[name];
        // queued before the statement that evicted it; should it fail (an aborted transaction),
        // the statement may still exist on the server, so the connection is not reused
        client.query(`deallocate "${name}"`).catch(() => {
          this.stale = true;
        });
      },
    });
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string')
      return this.client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    return this.run<R>(sqlOrCursor, (parameters ?? []) as unknown[]);
  }

  private async run<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    if (!isPreparable(text) || isPlannedPerExecution(text) || values.length > MAX_PREPARED_PARAMETERS) {
      const result = await this.client.query(text, values);
      if (BEGINS.test(text)) this.inTransaction = true;
      else if (ENDS.test(text)) this.ended(ROLLS_BACK.test(text));
      return result as unknown as PostgresQueryResult<R>;
    }
    await this.planAs(keepsGenericPlan(text) ? 'force_generic_plan' : 'auto');
    const name = this.nameOf(text);
    this.kept.set(name, true);
    try {
      return (await this.client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      // a statement that failed to parse was not prepared: nothing to deallocate later
      if (this.parsed[name] === undefined) this.kept.delete(name);
      if (errorCode(error) !== CACHED_PLAN_CHANGED) throw error;
      this.stale = true;
      if (this.inTransaction) throw error;
      return (await this.client.query(text, values)) as unknown as PostgresQueryResult<R>;
    }
  }

  /**
   * Sets the connection's plan cache mode for the statement about to be bound, when it was set
   * otherwise (one statement more, only when statements of both kinds alternate on a connection).
   */
  private async planAs(mode: PlanMode): Promise<void> {
    if (this.planMode === mode) return;
    await this.client.query(`set plan_cache_mode = ${mode}`);
    this.planMode = mode;
    if (this.inTransaction) this.planModeInTransaction = true;
  }

  /** The open transaction ended: a rollback restores the plan cache mode it began with. */
  private ended(rolledBack: boolean): void {
    if (rolledBack && this.planModeInTransaction) this.planMode = null;
    this.planModeInTransaction = false;
    this.inTransaction = false;
  }

  release(): void {
    if (this.stale) {
      this.client.release(true);
      return;
    }
    // a connection given back inside a transaction is the pool's to reset; its state is not ours
    if (this.inTransaction) this.ended(true);
    this.client.release();
  }
}

/**
 * A pool for kysely's `PostgresDialect` whose connections keep their queries and row changes
 * prepared (see the module comment).
 */
export function preparingPool(pool: pg.Pool, perConnection = PREPARED_PER_CONNECTION): PostgresPool {
  const names = new LRUCache<string, string>({ max: NAMES_KEPT });
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `k${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  const clients = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparing = clients.get(client);
      if (!preparing) {
        preparing = new PreparingClient(client, nameOf, perConnection);
        clients.set(client, preparing);
      }
      return preparing;
    },
    end: () => pool.end(),
  };
}
