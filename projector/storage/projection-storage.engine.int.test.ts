/**
 * Generations on PostgreSQL, where other sessions work beside them: a start with a generation that
 * has its reader indexes takes no lock on its tables; a completed generation's pages are
 * all-visible although a transaction older than its rows ran while it completed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { postgresTables } from './projection-storage.ts';

let handle: DatabaseHandle | null = null;
beforeAll(async () => {
  const url = await postgresTestUrl();
  if (url) handle = await openTestDatabase('postgres', url);
});
afterAll(async () => handle?.close());
beforeEach((ctx) => {
  if (!handle) ctx.skip();
});

const storage = postgresTables(
  ['ledger'],
  ['create table ledger (id text primary key, account text not null)'],
  [],
  ['create index if not exists ledger_account on ledger (account)'],
);

describe('postgresTables reader indexes on PostgreSQL', () => {
  it('a start with a generation that has them does not wait for a writer of its tables', async () => {
    const db = handle!.db;
    const base = (await sql<{ base: string }>`select current_schema() as base`.execute(db)).rows[0]!.base;
    const ctx = { db, base, schema: `${base}__ledger_g1`, generation: 1 };
    await storage.create(ctx);
    await storage.activate(ctx);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let writing: () => void = () => {};
    const written = new Promise<void>((resolve) => (writing = resolve));
    // a projector's batch: a row written and not yet committed (it holds its table for writes)
    const writer = db.transaction().execute(async (tx) => {
      await sql`insert into ${sql.id(ctx.schema)}.ledger (id, account) values ('a', 'rent')`.execute(tx);
      writing();
      await released;
    });
    await written;
    const outcome = await Promise.race([
      storage.create(ctx).then(() => 'started'),
      new Promise((resolve) => setTimeout(() => resolve('waited for the writer'), 3000)),
    ]);
    release();
    await writer;
    expect(outcome).toBe('started');
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
      where schemaname = ${ctx.schema} order by indexname`.execute(db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['ledger_account', 'ledger_pkey']);
  });
});

describe('postgresTables complete on PostgreSQL', () => {
  it('vacuums until its pages are all-visible, after a transaction older than its rows has ended', async () => {
    const db = handle!.db;
    const base = (await sql<{ base: string }>`select current_schema() as base`.execute(db)).rows[0]!.base;
    const ctx = { db, base, schema: `${base}__ledger_g2`, generation: 2 };
    await storage.create(ctx, { forRebuild: true });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    // another projection's batch of the same rebuild: its snapshot taken before the rows were written
    const older = db.transaction().execute(async (tx) => {
      await sql`select pg_current_xact_id()`.execute(tx);
      holding();
      await released;
    });
    await held;
    await sql`insert into ${sql.id(ctx.schema)}.ledger (id, account)
      select 'r' || i, 'rent' from generate_series(1, 5000) i`.execute(db);
    const visibility = async () =>
      (
        await sql<{ pages: number; visible: number }>`select relpages as pages, relallvisible as visible
          from pg_class where oid = ${`${ctx.schema}.ledger`}::regclass`.execute(db)
      ).rows[0]!;
    const completed = storage.complete!(ctx);
    setTimeout(release, 1500);
    await completed;
    await older;
    const after = await visibility();
    expect(after.pages).toBeGreaterThan(10);
    expect(after.visible).toBe(after.pages);
  });
});
