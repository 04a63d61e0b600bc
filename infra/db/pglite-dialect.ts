import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import { CACHED_PLAN_CHANGED, embeddedPlanning, isPreparable } from './statement-hints.ts';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * How many statements stay prepared in the embedded database. Each holds its parse tree and, once
 * PostgreSQL settles on it, a generic plan in the WASM memory (which never shrinks): enough for
 * every statement shape the service sends (a few hundred), not for a text per request.
 */
const PREPARED_STATEMENTS = 300;

/** A parameter of a type without a serializer of its own (text, numeric, a domain …): its text form. */
function textOf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      return JSON.stringify(value);
  }
}

interface Statement {
  /** The prepared statement's name; null: parsed and planned with each execution. */
  readonly name: string | null;
  /** The parameters' type oids, which choose how each value is written. */
  readonly paramTypes: number[];
  /** Planner settings it runs under ({@link SETTINGS}), if any. */
  readonly settings: Settings | null;
}

/** `set_config` of one setting, local to the transaction, as one statement's messages. */
function setLocal(name: string, value: string): readonly Uint8Array[] {
  return [
    protocol.serialize.parse({ text: `select set_config('${name}', '${value}', true)` }),
    protocol.serialize.bind({}),
    protocol.serialize.describe({ type: 'P' }),
    protocol.serialize.execute({}),
  ];
}

/** The session's plan cache mode, set when the driver starts. */
const SESSION_PLAN_CACHE_MODE = 'force_generic_plan';

/**
 * The messages that set a statement's setting before it and, inside a transaction, back after it;
 * serialised once (`send` copies them into each message).
 */
interface Settings {
  readonly before: readonly Uint8Array[];
  readonly after: readonly Uint8Array[];
}

const settingsOf = (name: string, value: string, session: string): Settings => ({
  before: setLocal(name, value),
  after: setLocal(name, session),
});

/**
 * The planner settings of a statement that is not planned as the session plans (a generic plan
 * kept, see {@link createPgliteDialect}): set before it in its message, local to the message's
 * transaction (its Sync ends that, and an error aborts it), and set back after it inside a
 * transaction, which goes on. Planned per execution: a custom plan, for the values at hand. Kept
 * without sequential scans: costed for unknown values, a table's pages may look cheaper to read
 * than an index's few matches, where every row's value lies in TOAST behind them.
 */
const SETTINGS: Readonly<Record<'per-execution' | 'kept-index-scans', Settings>> = {
  'per-execution': settingsOf('plan_cache_mode', 'force_custom_plan', SESSION_PLAN_CACHE_MODE),
  'kept-index-scans': settingsOf('enable_seqscan', 'off', 'on'),
};

/**
 * Prepared statements on the embedded database, least recently used closed first. PGlite's own
 * `query` parses, analyses and plans every statement again, in six messages to the database: on
 * the search and graph statements that is most of their time (a warm keyword count: 0.7 ms through
 * `query`, 0.13 ms prepared, where PostgreSQL keeps a generic plan). A statement is described once
 * and then bound and executed in one message; statements whose plan depends on their values
 * (`PLAN_PER_EXECUTION`, see `embeddedPlanning`) are parsed and planned with each execution, in
 * that same message.
 */
class PreparedStatements {
  private next = 0;
  /** Statements evicted from the cache, closed with the next message. */
  private closing: string[] = [];
  private readonly statements: LRUCache<string, Statement>;

  constructor(
    private readonly pg: PGlite,
    max: number,
  ) {
    this.statements = new LRUCache<string, Statement>({
      max,
      dispose: (statement) => {
        if (statement.name) this.closing.push(statement.name);
      },
    });
  }

  /**
   * Runs `text` with `params` (the caller holds PGlite's query lock). A prepared statement whose
   * tables changed their columns since (a projection's storage replaced) fails once with {@link CACHED_PLAN_CHANGED}; it
   * is then described again, and run again unless a transaction was under way (it is aborted).
   */
  async run<R>(text: string, params: readonly unknown[]): Promise<{ rows: R[]; affectedRows?: number }> {
    try {
      return await this.execute<R>(text, params);
    } catch (error) {
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      this.statements.delete(text);
      if (this.pg.isInTransaction()) throw error;
      return await this.execute<R>(text, params);
    }
  }

  private async execute<R>(
    text: string,
    params: readonly unknown[],
  ): Promise<{ rows: R[]; affectedRows?: number }> {
    const statement = this.statements.get(text) ?? (await this.describe(text));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = this.pg.serializers[statement.paramTypes[i]!];
      return serialize ? serialize(param) : textOf(param);
    });
    const execution = [
      protocol.serialize.bind({ statement: statement.name ?? '', values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
    ];
    const { settings } = statement;
    const messages = await this.send([
      ...(settings ? settings.before : []),
      ...(statement.name === null ? [protocol.serialize.parse({ text, types: statement.paramTypes })] : []),
      ...execution,
      ...(settings && this.pg.isInTransaction() ? settings.after : []),
    ]);
    return parse.parseResults(messages, this.pg.parsers)[settings ? 1 : 0] as unknown as {
      rows: R[];
      affectedRows?: number;
    };
  }

  /** Parses `text` (as a named statement unless it is planned per execution) and keeps its parameter types. */
  private async describe(text: string): Promise<Statement> {
    const planning = embeddedPlanning(text);
    const name = planning === 'per-execution' ? null : `s${++this.next}`;
    const described = await this.send([
      protocol.serialize.parse({ name: name ?? '', text }),
      protocol.serialize.describe({ type: 'S', name: name ?? '' }),
    ]);
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      settings: planning === 'kept' ? null : SETTINGS[planning],
    };
    this.statements.set(text, statement);
    return statement;
  }

  /** One message to the database: any statements to close, `parts`, then Sync. */
  private async send(parts: readonly Uint8Array[]) {
    const closes = this.closing.splice(0).map((name) => protocol.serialize.close({ type: 'S', name }));
    const all = [...closes, ...parts, protocol.serialize.sync()];
    const message = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of all) {
      message.set(part, at);
      at += part.length;
    }
    return (await this.pg.execProtocol(message, { syncToFs: false })).messages;
  }
}

/** What a statement gives back on the embedded database. */
export interface StatementResult<R> {
  readonly rows: R[];
  readonly affectedRows?: number;
}

/**
 * One embedded database session that runs statements one at a time: in this thread
 * ({@link statementRunner}) or in the database's own thread (`pglite-thread.ts`).
 */
export interface StatementRunner {
  /**
   * Runs a statement for the kysely connection `connection` (a number per connection handed out;
   * `held`: not the connection's first statement, see {@link interleaves}).
   */
  run<R>(
    text: string,
    params: readonly unknown[],
    connection?: number,
    held?: boolean,
  ): Promise<StatementResult<R>>;
  /**
   * Whether the runner takes the statements of several connections at once. It then keeps the
   * others' statements out while one connection's transaction is open, and while a connection
   * runs its second and later statements until it is released ({@link release}): held for
   * several statements (kysely's `connection()`), a connection has the session to itself from
   * its second statement on, as it has when the connection is handed out one at a time. Without,
   * the driver hands the session to one connection at a time.
   */
  readonly interleaves?: boolean;
  /** A connection that ran more than one statement was released. */
  release?(connection: number): Promise<void>;
}

/**
 * Statements on a PGlite instance of this thread: queries and row changes as prepared statements
 * ({@link PreparedStatements}), anything else through PGlite's `query`.
 */
export function statementRunner(pg: PGlite, preparedStatements = PREPARED_STATEMENTS): StatementRunner {
  const prepared = new PreparedStatements(pg, preparedStatements);
  return {
    run: <R>(text: string, params: readonly unknown[]) =>
      isPreparable(text)
        ? pg.runExclusive(() => prepared.run<R>(text, params))
        : pg.query<R>(text, params as unknown[]),
  };
}

/**
 * Sets the session up as the dialect expects it: generic plans kept ({@link createPgliteDialect}).
 * Once per instance, before its first statement.
 */
export async function startPgliteSession(pg: PGlite): Promise<void> {
  await pg.waitReady;
  await pg.exec(`set plan_cache_mode = ${SESSION_PLAN_CACHE_MODE}`);
}

/**
 * PGlite is a single session. In this thread the driver hands it out to one kysely connection at
 * a time, so a transaction never interleaves with another query; a runner that interleaves
 * (the database's own thread) gets every statement as it comes, each with its connection, and
 * holds the others back while one connection has the session ({@link StatementRunner}).
 */
class PgliteConnection implements DatabaseConnection {
  /** Statements sent on this connection since it was handed out. */
  statements = 0;

  constructor(
    private readonly runner: StatementRunner,
    readonly id: number,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const held = this.statements++ > 0;
    const result = await this.runner.run<R>(compiled.sql, compiled.parameters, this.id, held);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && compiled.query.kind !== 'SelectQueryNode'
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  // eslint-disable-next-line require-yield -- streaming is not offered by PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('DB_STREAM_UNSUPPORTED: PGlite does not stream query results');
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;
  private connections = 0;

  constructor(
    private readonly runner: StatementRunner,
    private readonly start: () => Promise<void>,
  ) {
    this.connection = new PgliteConnection(runner, 0);
  }

  async init(): Promise<void> {
    await this.start();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.runner.interleaves) return new PgliteConnection(this.runner, ++this.connections);
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    this.connection.statements = 0;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery({
      sql: `begin${level}`,
      parameters: [],
      query: { kind: 'RawNode' },
    } as unknown as CompiledQuery);
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery({
      sql: 'commit',
      parameters: [],
      query: { kind: 'RawNode' },
    } as unknown as CompiledQuery);
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery({
      sql: 'rollback',
      parameters: [],
      query: { kind: 'RawNode' },
    } as unknown as CompiledQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (this.runner.interleaves) {
      const { id, statements } = connection as PgliteConnection;
      if (statements > 1) await this.runner.release?.(id);
      return;
    }
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    // The PGlite instance is owned and closed by whoever created it.
  }
}

export interface PgliteDialectOptions {
  /** How many statements stay prepared (least recently used closed first); default 300. */
  readonly preparedStatements?: number;
}

/**
 * A kysely dialect over an in-process PGlite instance. Its session keeps generic plans for the
 * statements it prepares (`plan_cache_mode = force_generic_plan`). Left to choose, PostgreSQL plans
 * a statement again with every execution where a plan for the values at hand costs less than the
 * generic one (after the fifth: a full-text query's estimate is lower for its own words than for
 * unknown ones), and in WebAssembly planning a search's statement takes longer than running it: a
 * phrase's pairs count was planned in 10–17 ms and ran in under 1 ms on the 3,000-decision
 * sample. With generic plans kept (and the phrase pairs' counts kept too,
 * `PLAN_PER_EXECUTION_ON_SERVER`), at 4 clients, p50: boolean searches 76.0 → 42.9 ms, phrase
 * 124.5 → 115.9 ms (86.4 → 58.3 ms on a quiet machine), keyword 50.1 → 40.0 ms (README). Statements
 * marked `PLAN_PER_EXECUTION` are still planned for their values.
 */
export function createPgliteDialect(pg: PGlite, options: PgliteDialectOptions = {}): Dialect {
  const runner = statementRunner(pg, options.preparedStatements ?? PREPARED_STATEMENTS);
  return runnerDialect(runner, () => startPgliteSession(pg));
}

/**
 * A kysely dialect over a {@link StatementRunner} whose session was set up with
 * {@link startPgliteSession} (the embedded database in its own thread).
 */
export function createRunnerDialect(runner: StatementRunner): Dialect {
  return runnerDialect(runner, () => Promise.resolve());
}

function runnerDialect(runner: StatementRunner, start: () => Promise<void>): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(runner, start),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
