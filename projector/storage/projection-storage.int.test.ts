import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { openTestDatabase } from '../../test/support/engines.ts';
import { postgresTables } from './projection-storage.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase('pglite');
});
afterAll(async () => {
  await handle?.close();
});

const columnsOf = async (schema: string, table: string) =>
  (
    await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_schema = ${schema} and table_name = ${table}
      order by ordinal_position`.execute(handle.db)
  ).rows.map((r) => r.column_name);

describe('postgresTables upgrades', () => {
  it('bring a generation of an older release up to the current shape, the live views included', async () => {
    const base = (await sql<{ base: string }>`select current_schema() as base`.execute(handle.db)).rows[0]!
      .base;
    const ctx = { db: handle.db, base, schema: `${base}__things_g1`, generation: 1 };
    const v1 = postgresTables(['things'], ['create table things (id text primary key)']);
    await v1.create(ctx);
    await v1.activate(ctx);
    await sql`insert into things (id) values ('a')`.execute(handle.db);

    const v2 = postgresTables(
      ['things'],
      [`create table things (id text primary key, notes jsonb not null default '[]')`],
      [`alter table things add column if not exists notes jsonb not null default '[]'`],
    );
    await v2.create(ctx);
    await v2.create(ctx); // idempotent: every start runs it
    expect(await columnsOf(ctx.schema, 'things')).toEqual(['id', 'notes']);
    expect(await columnsOf(base, 'things')).toEqual(['id', 'notes']);
    const rows = await sql<{ id: string; notes: unknown }>`select id, notes from things`.execute(handle.db);
    expect(rows.rows).toEqual([{ id: 'a', notes: [] }]);
  });

  it('leave the views of a generation that is not live alone', async () => {
    const base = (await sql<{ base: string }>`select current_schema() as base`.execute(handle.db)).rows[0]!
      .base;
    const live = { db: handle.db, base, schema: `${base}__others_g1`, generation: 1 };
    const building = { ...live, schema: `${base}__others_g2`, generation: 2 };
    const v1 = postgresTables(['others'], ['create table others (id text primary key)']);
    await v1.create(live);
    await v1.activate(live);
    await v1.create(building);
    const v2 = postgresTables(
      ['others'],
      ['create table others (id text primary key, n int)'],
      ['alter table others add column if not exists n int'],
    );
    await v2.create(building);
    expect(await columnsOf(building.schema, 'others')).toEqual(['id', 'n']);
    expect(await columnsOf(base, 'others')).toEqual(['id']);
  });
});
