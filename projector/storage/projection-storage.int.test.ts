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

const indexesOf = async (schema: string) =>
  (
    await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where schemaname = ${schema} order by indexname`.execute(handle.db)
  ).rows.map((r) => r.indexname);

describe('postgresTables reader indexes', () => {
  const storage = () =>
    postgresTables(
      ['notes'],
      ['create table notes (id text primary key, topic text not null, at date)'],
      [],
      [
        'create index if not exists notes_topic on notes (topic)',
        `create index if not exists notes_at
          on notes (at desc nulls last, id)`,
      ],
    );
  const where = async (generation: number) => {
    const base = (await sql<{ base: string }>`select current_schema() as base`.execute(handle.db)).rows[0]!
      .base;
    return { db: handle.db, base, schema: `${base}__notes_g${generation}`, generation };
  };

  it('come with the tables of a generation that is not built by a rebuild', async () => {
    const ctx = await where(1);
    await storage().create(ctx);
    expect(await indexesOf(ctx.schema)).toEqual(['notes_at', 'notes_pkey', 'notes_topic']);
  });

  it('wait for complete in a generation created for a rebuild, then are built over the rows it holds', async () => {
    const ctx = await where(2);
    const tables = storage();
    await tables.create(ctx, { forRebuild: true });
    expect(await indexesOf(ctx.schema)).toEqual(['notes_pkey']);
    await sql`insert into ${sql.id(ctx.schema)}.notes (id, topic) values ('a', 'rent'), ('b', 'lease')`.execute(
      handle.db,
    );
    const statistics = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stats
            where schemaname = ${ctx.schema} and tablename = 'notes'`.execute(handle.db)
        ).rows[0]!.n,
      );
    expect(await statistics()).toBe(0);
    await tables.complete!(ctx);
    await tables.complete!(ctx); // idempotent
    expect(await indexesOf(ctx.schema)).toEqual(['notes_at', 'notes_pkey', 'notes_topic']);
    // readers switch to it with the planner's statistics of its columns
    expect(await statistics()).toBe(3);
    await tables.activate(ctx);
    const rows = await sql<{ id: string }>`select id from notes where topic = 'rent'`.execute(handle.db);
    expect(rows.rows).toEqual([{ id: 'a' }]);
  });

  it('while a rebuild has not caught up, the renewed statistics are those of the columns the projection writes by', async () => {
    const withColumns = () =>
      postgresTables(
        ['notes'],
        ['create table notes (id text primary key, topic text not null, at date)'],
        [],
        ['create index if not exists notes_topic on notes (topic)'],
        { notes: ['id'] },
      );
    const analysed = async (schema: string) =>
      (
        await sql<{ attname: string }>`select attname from pg_stats
          where schemaname = ${schema} and tablename = 'notes' order by attname`.execute(handle.db)
      ).rows.map((r) => r.attname);
    const fill = (schema: string) =>
      sql`insert into ${sql.id(schema)}.notes (id, topic, at)
        values ('a', 'rent', '2020-01-01'), ('b', 'lease', null)`.execute(handle.db);

    const rebuilt = await where(5);
    const tables = withColumns();
    await tables.create(rebuilt, { forRebuild: true });
    await fill(rebuilt.schema);
    await tables.refreshStatistics!(rebuilt);
    expect(await analysed(rebuilt.schema)).toEqual(['id']);
    await tables.complete!(rebuilt);
    expect(await analysed(rebuilt.schema)).toEqual(['at', 'id', 'topic']);
    // a generation readers may plan on as it grows (a first start, or a rebuild caught up: its
    // reader indexes built): every column
    const first = await where(6);
    await withColumns().create(first);
    await fill(first.schema);
    await withColumns().refreshStatistics!(first);
    expect(await analysed(first.schema)).toEqual(['at', 'id', 'topic']);
  });

  it('renewed statistics include the tables a generation keeps for itself, without a view', async () => {
    const rebuilt = await where(7);
    const tables = postgresTables(
      ['notes'],
      [
        'create table notes (id text primary key, topic text not null)',
        'create table note_sources (id text primary key, source text not null)',
      ],
      [],
      [],
      { notes: ['id'] },
    );
    await tables.create(rebuilt, { forRebuild: true });
    await sql`insert into ${sql.id(rebuilt.schema)}.note_sources (id, source)
      values ('a', 'bger'), ('b', 'entscheidsuche')`.execute(handle.db);
    await tables.refreshStatistics!(rebuilt);
    const analysed = await sql<{ attname: string }>`select attname from pg_stats
      where schemaname = ${rebuilt.schema} and tablename = 'note_sources' order by attname`.execute(
      handle.db,
    );
    expect(analysed.rows.map((r) => r.attname)).toEqual(['id', 'source']);
  });

  it('are built before the swap when a generation is activated without having been completed', async () => {
    const ctx = await where(3);
    const tables = storage();
    await tables.create(ctx, { forRebuild: true });
    await tables.activate(ctx);
    expect(await indexesOf(ctx.schema)).toEqual(['notes_at', 'notes_pkey', 'notes_topic']);
  });

  it('missing from a generation of an older release are added at its next start', async () => {
    const ctx = await where(4);
    await postgresTables(
      ['notes'],
      ['create table notes (id text primary key, topic text not null, at date)'],
    ).create(ctx);
    expect(await indexesOf(ctx.schema)).toEqual(['notes_pkey']);
    await storage().create(ctx);
    expect(await indexesOf(ctx.schema)).toEqual(['notes_at', 'notes_pkey', 'notes_topic']);
  });

  it('must each create an index by name if it is missing', () => {
    expect(() => postgresTables(['notes'], [], [], ['create index notes_topic on notes (topic)'])).toThrow(
      /PROJ_BAD_READER_INDEX/,
    );
    expect(() => postgresTables(['notes'], [], [], ['alter table notes add column x int'])).toThrow(
      /PROJ_BAD_READER_INDEX/,
    );
  });
});
