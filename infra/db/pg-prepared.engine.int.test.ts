/**
 * Named prepared statements on a real PostgreSQL server (`preparingPool`): the same rows as
 * node-postgres's unnamed statements, prepared once per connection and bounded, marked and
 * non-query statements left unnamed, failures not kept, a statement whose table changed its
 * columns run again (outside a transaction) on a connection that is then closed, and statements
 * marked `GENERIC_PLAN` bound with the generic plan, the others as the server chooses.
 */
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl, uniqueName } from '../../test/support/engines.ts';
import { THINGS_CASES, THINGS_SQL } from '../../test/support/prepared-statements.ts';
import { MAX_PREPARED_PARAMETERS, preparingPool } from './pg-prepared.ts';
import { GENERIC_PLAN, PLAN_PER_EXECUTION, PLAN_PER_EXECUTION_ON_SERVER } from './statement-hints.ts';

const url = await postgresTestUrl();
const CAP = 4;

describe.skipIf(url === null)('preparingPool (real PostgreSQL)', () => {
  const schema = uniqueName('prep');
  let admin: pg.Client;
  let pool: pg.Pool;
  let db: Kysely<unknown>;

  /** The statements this pool's one connection holds prepared (names `k…`), read on it. */
  const preparedTexts = async (): Promise<string[]> => {
    const r = await sql<{ statement: string }>`${sql.raw(PLAN_PER_EXECUTION)}
      select statement from pg_prepared_statements where name like 'k%'`.execute(db);
    return r.rows.map((row) => row.statement);
  };
  /** One statement as kysely runs a compiled query. */
  const run$ = <R = unknown>(text: string, parameters: unknown[]) =>
    db.executeQuery<R>({
      sql: text,
      parameters,
      query: { kind: 'RawNode' } as never,
      queryId: { queryId: 'q' },
    });
  const backend = async (): Promise<number> =>
    (await sql<{ pid: number }>`${sql.raw(PLAN_PER_EXECUTION)} select pg_backend_pid() as pid`.execute(db))
      .rows[0]!.pid;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url! });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`set search_path to ${schema}`);
    await admin.query(THINGS_SQL);
    // one connection, so that every statement of a test meets the same prepared statements
    pool = new pg.Pool({ connectionString: url!, max: 1, options: `-c search_path=${schema}` });
    db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: preparingPool(pool, CAP) }) });
  });

  afterAll(async () => {
    await db?.destroy();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
  });

  describe('gives what an unnamed statement gives', () => {
    it.each(THINGS_CASES)(
      '$name: first run (prepared) and second run (bound only)',
      async ({ text, params }) => {
        const expected = await admin.query(text, params);
        for (let run = 0; run < 2; run++) expect((await run$(text, params)).rows).toEqual(expected.rows);
        expect(await preparedTexts()).toContain(text);
      },
    );

    it('row changes report their row counts', async () => {
      const changed = await db.executeQuery({
        sql: 'update things set flag = flag where id <= $1',
        parameters: [2],
        query: { kind: 'UpdateQueryNode' } as never,
        queryId: { queryId: 'u' },
      });
      expect(changed.numAffectedRows).toBe(2n);
      expect(await preparedTexts()).toContain('update things set flag = flag where id <= $1');
    });
  });

  it('prepares a query once per connection, under a name of its text', async () => {
    const text = 'select name from things where id = $1';
    for (const id of [1, 2, 3]) await sql`select name from things where id = ${id}`.execute(db);
    expect(await preparedTexts()).toContain(text);
  });

  it('keeps at most the cap, deallocating the least recently used; an evicted statement runs again', async () => {
    const texts = Array.from(
      { length: CAP + 3 },
      (_, i) => `select ${i}::int as n from things where id = $1`,
    );
    for (const text of texts) await run$(text, [1]);
    const held = await preparedTexts();
    expect(held.length).toBeLessThanOrEqual(CAP);
    expect(held).not.toContain(texts[0]);
    expect(held).toContain(texts.at(-1));
    expect((await run$(texts[0]!, [1])).rows).toEqual([{ n: 0 }]);
    expect(await preparedTexts()).toContain(texts[0]);
  });

  it('leaves marked statements, DDL and transaction control unnamed', async () => {
    await sql`${sql.raw(PLAN_PER_EXECUTION)} select id from things where id = ${1}`.execute(db);
    await sql`${sql.raw(PLAN_PER_EXECUTION_ON_SERVER)} select id from things where id = ${2}`.execute(db);
    await sql`create table if not exists scratch (x int)`.execute(db);
    await db.transaction().execute(async (tx) => {
      await sql`insert into scratch values (${1})`.execute(tx);
    });
    const texts = await preparedTexts();
    expect(texts.some((t) => t.startsWith(PLAN_PER_EXECUTION))).toBe(false);
    expect(texts.some((t) => t.startsWith(PLAN_PER_EXECUTION_ON_SERVER))).toBe(false);
    expect(texts.some((t) => /^\s*(create|begin|commit)/i.test(t))).toBe(false);
    expect(texts).toContain('insert into scratch values ($1)');
  });

  it('leaves a bulk write (more than MAX_PREPARED_PARAMETERS parameters) unnamed', async () => {
    const n = MAX_PREPARED_PARAMETERS + 1;
    const text = `insert into scratch values ${Array.from({ length: n }, (_, i) => `($${i + 1})`).join(', ')}`;
    const result = await db.executeQuery({
      sql: text,
      parameters: Array.from({ length: n }, (_, i) => i),
      query: { kind: 'InsertQueryNode' } as never,
      queryId: { queryId: 'b' },
    });
    expect(result.numAffectedRows).toBe(BigInt(n));
    expect(await preparedTexts()).not.toContain(text);
  });

  it('does not keep a statement that failed to parse: evicting everything later keeps the connection', async () => {
    const pid = await backend();
    await expect(sql`select nosuchcolumn from things where id = ${1}`.execute(db)).rejects.toThrow(
      /nosuchcolumn/,
    );
    expect((await sql<{ name: string }>`select name from things where id = ${3}`.execute(db)).rows).toEqual([
      { name: 'three' },
    ]);
    // every kept name is evicted and deallocated; deallocating a statement the server never
    // prepared would fail and have the connection closed
    for (let i = 0; i <= CAP; i++) await run$(`select ${i + 100}::int as n where $1::int = 1`, [1]);
    expect(await backend()).toBe(pid);
    expect(await preparedTexts()).toHaveLength(CAP);
  });

  describe('plan cache mode per statement', () => {
    /** The plan cache mode a statement was bound under, as it reads it itself. */
    const modeOf = async (db: Kysely<unknown> | Transaction<unknown>, generic: boolean, id: number) =>
      (
        await sql<{ mode: string }>`${sql.raw(generic ? GENERIC_PLAN : '')}
          select current_setting('plan_cache_mode') as mode from things where id = ${id}`.execute(db)
      ).rows[0]!.mode;
    /** The generic and custom plans the server made for the prepared statements of `marker`. */
    const plansOf = async (marker: string) =>
      (
        await sql<{ generic: string; custom: string }>`${sql.raw(PLAN_PER_EXECUTION)}
          select sum(generic_plans) as generic, sum(custom_plans) as custom from pg_prepared_statements
          where statement like ${`%${marker}%`}`.execute(db)
      ).rows.map((r) => ({ generic: Number(r.generic), custom: Number(r.custom) }))[0]!;

    it('a marked statement is bound under force_generic_plan, the others under auto, alternating', async () => {
      for (let i = 0; i < 3; i++) {
        expect(await modeOf(db, true, 1)).toBe('force_generic_plan');
        expect(await modeOf(db, false, 1)).toBe('auto');
      }
    });

    it('a marked statement keeps a generic plan from its first execution; an unmarked one starts with custom plans', async () => {
      const read = (generic: boolean, id: number) =>
        sql`${sql.raw(generic ? GENERIC_PLAN : '')}
          select name, 'plans-probe' as probe, ${generic} as marked from things where id = ${id}`.execute(db);
      for (const id of [1, 2, 3]) {
        await read(true, id);
        await read(false, id);
      }
      const all = await plansOf('plans-probe');
      const marked = await plansOf(`${GENERIC_PLAN}%plans-probe`);
      expect(marked).toEqual({ generic: 3, custom: 0 });
      // auto: PostgreSQL plans the first five executions for their values
      expect(all.custom - marked.custom).toBe(3);
    });

    it('a rollback undoes a mode set inside the transaction: the next statement sets its own again', async () => {
      expect(await modeOf(db, false, 2)).toBe('auto');
      await expect(
        db.transaction().execute(async (tx) => {
          expect(await modeOf(tx, true, 2)).toBe('force_generic_plan');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // the server is back to auto; a marked statement must set force_generic_plan again
      expect(await modeOf(db, true, 2)).toBe('force_generic_plan');
      await db.transaction().execute(async (tx) => {
        expect(await modeOf(tx, false, 3)).toBe('auto');
      });
      expect(await modeOf(db, false, 3)).toBe('auto');
      expect(await modeOf(db, true, 3)).toBe('force_generic_plan');
    });
  });

  it('a table whose columns changed: run again outside a transaction, error inside; the connection is then replaced', async () => {
    await sql`create table shifting (a int)`.execute(db);
    await sql`insert into shifting values (${1})`.execute(db);
    const read = () => sql<Record<string, number>>`select * from shifting where a = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    const pid = await backend();
    await admin.query(`alter table ${schema}.shifting add column b int default 2`);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    const replaced = await backend();
    expect(replaced).not.toBe(pid);

    // prepared again on the new connection, with two columns; then a third one
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    await admin.query(`alter table ${schema}.shifting add column c int default 3`);
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`select * from shifting where a = ${1}`.execute(tx);
      }),
    ).rejects.toThrow(/cached plan must not change result type/);
    expect(await backend()).not.toBe(replaced);
    expect((await read()).rows).toEqual([{ a: 1, b: 2, c: 3 }]);
  });
});
