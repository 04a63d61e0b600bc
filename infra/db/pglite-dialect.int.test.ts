/**
 * The embedded database's kysely dialect: statements run as prepared statements give the same
 * rows as PGlite's own `query` (types, parameters, row counts, errors), the prepared ones stay
 * bounded, full-text statements under a sort are planned per execution, and a statement whose
 * table changed its columns is prepared again. The session keeps generic plans; a statement
 * planned per execution gets a plan for its values, and one planned per execution on a server only
 * is kept without sequential scans, each setting local to its statement.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteDialect } from './pglite-dialect.ts';
import { THINGS_CASES, THINGS_SQL } from '../../test/support/prepared-statements.ts';
import { PLAN_PER_EXECUTION, PLAN_PER_EXECUTION_ON_SERVER } from './statement-hints.ts';

let pglite: PGlite;
let db: Kysely<unknown>;
const CAP = 4;

/** The statements PGlite holds prepared now, by their text. */
async function prepared(): Promise<string[]> {
  const r = await pglite.query<{ statement: string }>('select statement from pg_prepared_statements');
  return r.rows.map((row) => row.statement);
}

beforeAll(async () => {
  pglite = new PGlite({
    parsers: { 20: (v: string) => Number(v), 1082: (v: string) => v },
  });
  db = new Kysely<unknown>({ dialect: createPgliteDialect(pglite, { preparedStatements: CAP }) });
  await pglite.exec(THINGS_SQL);
});

afterAll(async () => {
  await db.destroy();
  await pglite.close();
});

describe('prepared statements give what PGlite query gives', () => {
  for (const { name, text, params } of THINGS_CASES) {
    it(name, async () => {
      const expected = await pglite.query(text, params);
      const compiled = { sql: text, parameters: params, query: { kind: 'RawNode' } } as never;
      // twice: described and prepared on the first run, bound to the prepared statement on the second
      for (let i = 0; i < 2; i++) {
        const got = await db.executeQuery(compiled);
        expect(got.rows).toEqual(expected.rows);
      }
    });
  }

  it('row changes report their row counts', async () => {
    const insert = await db.executeQuery({
      sql: "insert into things (id, name) values ($1, 'four'), ($2, 'five')",
      parameters: [4, 5],
      query: { kind: 'InsertQueryNode' },
    } as never);
    expect(insert.numAffectedRows).toBe(2n);
    const update = await db.executeQuery({
      sql: 'update things set flag = $1 where id >= $2',
      parameters: [true, 4],
      query: { kind: 'UpdateQueryNode' },
    } as never);
    expect(update.numAffectedRows).toBe(2n);
    const del = await db.executeQuery({
      sql: 'delete from things where id >= $1',
      parameters: [4],
      query: { kind: 'DeleteQueryNode' },
    } as never);
    expect(del.numAffectedRows).toBe(2n);
  });
});

describe('bounds and plans', () => {
  beforeEach(async () => {
    await pglite.exec('deallocate all');
    // the dialect's own record of what it prepared is reset with a fresh kysely instance
    await db.destroy();
    db = new Kysely<unknown>({ dialect: createPgliteDialect(pglite, { preparedStatements: CAP }) });
  });

  it('keeps at most its cap prepared, closing the least recently used', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await sql<{ n: number }>`select ${sql.lit(i)}::int + ${i}::int as n`.execute(db);
      expect(r.rows[0]!.n).toBe(2 * i);
    }
    const held = await prepared();
    expect(held.length).toBeLessThanOrEqual(CAP);
    expect(held.length).toBeGreaterThan(0);
    expect(held.some((text) => text.includes('select 9::int'))).toBe(true);
    expect(held.some((text) => text.includes('select 0::int'))).toBe(false);
  });

  it('prepares queries, not statements marked to be planned per execution', async () => {
    await sql`select id from things where id = ${1}`.execute(db);
    for (let i = 0; i < 2; i++) {
      const walk = await sql<{
        id: number;
      }>`${sql.raw(PLAN_PER_EXECUTION)} select id from things where body @@ to_tsquery('simple', ${'gamma'}) order by id desc limit ${1}`.execute(
        db,
      );
      expect(walk.rows).toEqual([{ id: 3 }]);
    }
    const held = await prepared();
    expect(held.some((text) => text.includes('where id = $1'))).toBe(true);
    expect(held.some((text) => text.includes('@@'))).toBe(false);
  });

  it('leaves DDL and transaction control to PGlite query', async () => {
    await db.transaction().execute(async (tx) => {
      await sql`create table transient (a int)`.execute(tx);
      await sql`insert into transient values (${1})`.execute(tx);
    });
    const held = await prepared();
    expect(held.some((text) => /create table|begin|commit/i.test(text))).toBe(false);
    expect(held.some((text) => text.includes('insert into transient'))).toBe(true);
    await pglite.exec('drop table transient');
  });

  it('a failed statement is not kept and the next one runs', async () => {
    await expect(sql`select 1 / ${0}::int as n`.execute(db)).rejects.toMatchObject({ code: '22012' });
    await expect(sql`select nosuchcolumn from things where id = ${1}`.execute(db)).rejects.toMatchObject({
      code: '42703',
    });
    const r = await sql<{ n: number }>`select ${2}::int as n`.execute(db);
    expect(r.rows).toEqual([{ n: 2 }]);
    expect((await prepared()).some((text) => text.includes('nosuchcolumn'))).toBe(false);
  });

  it('a statement whose table changed its columns is prepared again', async () => {
    await pglite.exec('create table shape (a int); insert into shape values (1)');
    const read = () => sql<Record<string, unknown>>`select * from shape where a = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await pglite.exec('alter table shape add column b text');
    expect((await read()).rows).toEqual([{ a: 1, b: null }]);
    // in a transaction the failure aborts it: it is reported, and the next run prepares it again
    await pglite.exec('alter table shape add column c text');
    await expect(
      db.transaction().execute(async (tx) => sql`select * from shape where a = ${1}`.execute(tx)),
    ).rejects.toMatchObject({
      code: '0A000',
    });
    expect((await read()).rows).toEqual([{ a: 1, b: null, c: null }]);
    await pglite.exec('drop table shape');
  });
});

describe('planning', () => {
  /** The plan cache mode and sequential scan setting a statement of `hint` runs under. */
  const settingsUnder = async (hint: string, run: Kysely<unknown> = db) => {
    const r = await sql<{ mode: string; seqscan: string; one: number }>`${sql.raw(hint)}
      select current_setting('plan_cache_mode') as mode, current_setting('enable_seqscan') as seqscan,
        ${1}::int as one`.execute(run);
    const { mode, seqscan } = r.rows[0]!;
    return { mode, seqscan };
  };
  const SESSION = { mode: 'force_generic_plan', seqscan: 'on' };

  it('a prepared statement keeps a generic plan from its first execution', async () => {
    for (let i = 0; i < 3; i++) await sql`select name from things where id = ${i + 1}`.execute(db);
    const plans = await pglite.query<{ generic_plans: number; custom_plans: number }>(
      `select generic_plans, custom_plans from pg_prepared_statements where statement like '%where id = $1%'`,
    );
    expect(plans.rows).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
  });

  it.each([
    [
      'planned per execution: a plan for its values',
      PLAN_PER_EXECUTION,
      { mode: 'force_custom_plan', seqscan: 'on' },
    ],
    [
      'planned per execution on a server: kept, without sequential scans',
      PLAN_PER_EXECUTION_ON_SERVER,
      { mode: 'force_generic_plan', seqscan: 'off' },
    ],
  ])('%s, the next statement as the session plans', async (_, hint, settings) => {
    expect(await settingsUnder(hint)).toEqual(settings);
    expect(await settingsUnder('')).toEqual(SESSION);
    // in a transaction, which goes on after the statement
    await db.transaction().execute(async (tx) => {
      expect(await settingsUnder(hint, tx)).toEqual(settings);
      expect(await settingsUnder('', tx)).toEqual(SESSION);
    });
    // a statement that fails leaves the session's settings
    await expect(sql`${sql.raw(hint)} select 1 / ${0}::int as n`.execute(db)).rejects.toMatchObject({
      code: '22012',
    });
    expect(await settingsUnder('')).toEqual(SESSION);
  });

  it('a statement planned per execution on a server is kept prepared', async () => {
    await settingsUnder(PLAN_PER_EXECUTION_ON_SERVER);
    await settingsUnder(PLAN_PER_EXECUTION);
    const held = (await prepared()).filter((text) => text.includes('current_setting'));
    expect(held.some((text) => text.startsWith(PLAN_PER_EXECUTION_ON_SERVER))).toBe(true);
    expect(held.some((text) => text.startsWith(PLAN_PER_EXECUTION))).toBe(false);
  });
});
