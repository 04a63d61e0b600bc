import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/support/engines.ts';
import type { DatabaseHandle } from './database.ts';
import { EmbeddedMaintenance, maintainDue, maintenanceDue } from './embedded-maintenance.ts';

let handle: DatabaseHandle;
const db = () => handle.db;

/** The table's statistics as the planner has them: its columns in `pg_stats` and its row estimate. */
async function statistics(): Promise<{ columns: number; rows: number }> {
  const columns = await sql<{ n: number }>`select count(*)::int as n from pg_stats
    where schemaname = 'upkeep' and tablename = 'decisions_seen'`.execute(db());
  const rows = await sql<{ n: number }>`select reltuples::float8 as n from pg_class
    where oid = 'upkeep.decisions_seen'::regclass`.execute(db());
  return { columns: Number(columns.rows[0]!.n), rows: Number(rows.rows[0]!.n) };
}

async function insertRows(from: number, to: number): Promise<void> {
  await sql`insert into upkeep.decisions_seen (id, court)
    select g, 'court_' || (g % 7) from generate_series(${from}::int, ${to}::int) g`.execute(db());
}

const dueHere = async () =>
  (await maintenanceDue(db())).filter((d) => d.schema === 'upkeep' && d.table === 'decisions_seen');

beforeAll(async () => {
  handle = await openTestDatabase('pglite');
});
afterAll(() => handle.close());

beforeEach(async () => {
  await sql`drop schema if exists upkeep cascade`.execute(db());
  await sql`create schema upkeep`.execute(db());
  await sql`create table upkeep.decisions_seen (id int primary key, court text not null)`.execute(db());
});

describe('embedded database maintenance (autovacuum’s work, on a database without it)', () => {
  it('a table written since its last analysis gets its statistics, and is then no longer due', async () => {
    await insertRows(1, 600);
    expect(await statistics()).toEqual({ columns: 0, rows: -1 });
    expect(await dueHere()).toEqual([
      { schema: 'upkeep', table: 'decisions_seen', analyze: true, vacuum: false },
    ]);

    const done = await maintainDue(db());
    expect(done.filter((d) => d.schema === 'upkeep')).toHaveLength(1);
    expect(await statistics()).toEqual({ columns: 2, rows: 600 });
    expect(await dueHere()).toEqual([]);
  });

  it('rows a later load adds are analysed once they pass a tenth of the table', async () => {
    await insertRows(1, 1000);
    await maintainDue(db());
    // 50 + 10 % of 1,000 rows: 140 new rows are not yet enough, 160 are
    await insertRows(1001, 1140);
    expect(await dueHere()).toEqual([]);
    await insertRows(1141, 1160);
    expect(await dueHere()).toEqual([
      { schema: 'upkeep', table: 'decisions_seen', analyze: true, vacuum: false },
    ]);
    await maintainDue(db());
    expect((await statistics()).rows).toBe(1160);
  });

  it('a table with many dead rows is vacuumed, which also analyses it', async () => {
    await insertRows(1, 500);
    await maintainDue(db());
    await sql`update upkeep.decisions_seen set court = 'court_x' where id <= 300`.execute(db());
    expect(await dueHere()).toEqual([
      { schema: 'upkeep', table: 'decisions_seen', analyze: true, vacuum: true },
    ]);
    await maintainDue(db());
    await sql`select pg_stat_force_next_flush()`.execute(db());
    const dead = await sql<{ n: number }>`select n_dead_tup::int as n from pg_stat_user_tables
      where schemaname = 'upkeep' and relname = 'decisions_seen'`.execute(db());
    expect(Number(dead.rows[0]!.n)).toBe(0);
    expect(await dueHere()).toEqual([]);
  });

  it('leaves the temporary tables of the session alone, as autovacuum does', async () => {
    await sql`create temporary table scratch_rows (id int)`.execute(db());
    await sql`insert into scratch_rows select generate_series(1, 2000)`.execute(db());
    await insertRows(1, 600);
    const due = await maintenanceDue(db());
    expect(due.map((d) => d.table)).toContain('decisions_seen');
    expect(due.filter((d) => d.schema.startsWith('pg_temp') || d.table === 'scratch_rows')).toEqual([]);
    await sql`drop table scratch_rows`.execute(db());
  });

  it('runs on its own every interval until stopped, and not after', async () => {
    const logged: string[] = [];
    const logger = { info: (_: object, msg: string) => logged.push(msg), error: () => {} };
    const maintenance = new EmbeddedMaintenance({ db: db(), logger }, 20);
    maintenance.start();
    await insertRows(1, 300);
    const deadline = Date.now() + 10_000;
    while ((await statistics()).columns === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect((await statistics()).rows).toBe(300);
    expect(logged).toContain('embedded database maintained');

    await maintenance.stop();
    await insertRows(301, 900);
    await new Promise((r) => setTimeout(r, 200));
    expect((await statistics()).rows).toBe(300);
  });
});
