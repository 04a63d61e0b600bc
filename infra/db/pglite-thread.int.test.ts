/**
 * The embedded database in its own thread (`pglite-thread.ts`, `pglite-worker.ts`): statements of
 * several kysely connections go to it at once, but a connection's open transaction keeps the
 * others' statements out until it ends (they neither see nor join it), and so does a connection
 * held for several statements from its second one until it is released; PostgreSQL's errors keep
 * their fields across the thread; notifications arrive; a database that cannot start is an error
 * of `openPglite`, and a closed one refuses statements. In-memory databases start from a template
 * of a fresh cluster, which the first one writes.
 */
import { mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from './database.ts';
import { PgliteThread, bundledFromSource } from './pglite-thread.ts';

let handle: DatabaseHandle;
let db: Kysely<unknown>;

beforeAll(async () => {
  handle = await openPglite({ dataDir: null });
  db = handle.db as unknown as Kysely<unknown>;
  await sql`create table thread_things (id int primary key, note text)`.execute(db);
});

afterAll(async () => {
  await handle.close();
});

beforeEach(async () => {
  await sql`delete from thread_things`.execute(db);
});

const count = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from thread_things`.execute(db)).rows[0]!.n);

/** Rolls a transaction back after `inside` ran in it (and whatever it started outside it was sent). */
async function rolledBack(inside: (tx: Kysely<unknown>) => Promise<void>): Promise<void> {
  await expect(
    db.transaction().execute(async (tx) => {
      await inside(tx);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
}

describe('transactions and the statements of other connections', () => {
  it('a statement sent while another connection’s transaction is open runs after it, outside it', async () => {
    let outside: Promise<unknown> | undefined;
    await rolledBack(async (tx) => {
      await sql`insert into thread_things values (1, 'in the transaction')`.execute(tx);
      // sent now, while the transaction is open: in it, it would be rolled back with it
      outside = sql`insert into thread_things values (2, 'outside')`.execute(db);
      // the transaction goes on meanwhile (the outside statement does not hold it up)
      const seen = await sql<{ id: number }>`select id from thread_things order by id`.execute(tx);
      expect(seen.rows.map((r) => r.id)).toEqual([1]);
    });
    await outside;
    const rows = await sql<{ id: number }>`select id from thread_things order by id`.execute(db);
    expect(rows.rows.map((r) => r.id)).toEqual([2]);
  });

  it('a read sent during a transaction does not see its uncommitted rows', async () => {
    let read: Promise<number> | undefined;
    await rolledBack(async (tx) => {
      await sql`insert into thread_things values (1, 'uncommitted')`.execute(tx);
      read = count();
      await sql`insert into thread_things values (2, 'uncommitted')`.execute(tx);
    });
    expect(await read).toBe(0);
  });

  it('a transaction that failed keeps the others out until it is rolled back, then they run', async () => {
    let outside: Promise<number> | undefined;
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`insert into thread_things values (1, 'first')`.execute(tx);
        outside = count();
        await sql`insert into thread_things values (1, 'the same key')`.execute(tx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await outside).toBe(0);
    expect(await count()).toBe(0);
  });

  it('a connection held for several statements has the session from its second one until released', async () => {
    // read the highest id, then write the next: sections that interleaved would write the same id
    const section = (note: string) =>
      db.connection().execute(async (conn) => {
        await sql`select 1`.execute(conn); // the first statement (the registry's lock) runs as any does
        const max = await sql<{
          m: number;
        }>`select coalesce(max(id), 0)::int as m from thread_things`.execute(conn);
        await sql`insert into thread_things values (${max.rows[0]!.m + 1}, ${note})`.execute(conn);
      });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(section));
    const rows = await sql<{ id: number }>`select id from thread_things order by id`.execute(db);
    expect(rows.rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    // released: the session is everyone's again
    expect(await count()).toBe(5);
  });

  it('statements of many connections at once each get their own rows', async () => {
    await sql`insert into thread_things select i, 'note ' || i from generate_series(1, 50) i`.execute(db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sql<{ note: string }>`select note from thread_things where id = ${i + 1}`.execute(db),
      ),
    );
    expect(answers.map((a) => a.rows[0]?.note)).toEqual(
      Array.from({ length: 50 }, (_, i) => `note ${i + 1}`),
    );
  });

  it('committed transactions of two connections, started at once, both hold', async () => {
    await Promise.all(
      [10, 20].map((base) =>
        db.transaction().execute(async (tx) => {
          for (let i = 0; i < 5; i++)
            await sql`insert into thread_things values (${base + i}, 'x')`.execute(tx);
        }),
      ),
    );
    expect(await count()).toBe(10);
  });
});

describe('what crosses the thread', () => {
  it('values keep their types: int8 as a number, dates as text, json, arrays, bytes, null', async () => {
    const row = (
      await sql<Record<string, unknown>>`select 9007199254740991::int8 as big, '2020-02-29'::date as day,
        ${JSON.stringify({ a: [1, 'b'] })}::jsonb as doc, array['x', 'y'] as list,
        ${new Uint8Array([1, 2, 255])}::bytea as bytes, null::text as nothing`.execute(db)
    ).rows[0]!;
    expect(row).toEqual({
      big: 9007199254740991,
      day: '2020-02-29',
      doc: { a: [1, 'b'] },
      list: ['x', 'y'],
      bytes: new Uint8Array([1, 2, 255]),
      nothing: null,
    });
  });

  it('a database error keeps its message and PostgreSQL fields', async () => {
    await sql`insert into thread_things values (1, 'one')`.execute(db);
    const error = await sql`insert into thread_things values (1, 'again')`
      .execute(db)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key value violates unique constraint'),
      constraint: 'thread_things_pkey',
    });
  });

  it('notifications on a schema channel reach the listener', async () => {
    const heard: string[] = [];
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const subscription = handle.listen('thread_test', {
      listening: () => listening(),
      notified: (payload) => heard.push(payload),
      lost: (error) => heard.push(`lost: ${error.message}`),
    });
    await ready;
    await sql`select pg_notify('thread_test_' || md5(current_schema()), 'moved')`.execute(db);
    await expect.poll(() => heard).toEqual(['moved']);
    await subscription.close();
    await sql`select pg_notify('thread_test_' || md5(current_schema()), 'not heard')`.execute(db);
    await count();
    expect(heard).toEqual(['moved']);
  });
});

describe('starting and closing', () => {
  it('a database that cannot start is an error of openPglite', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-thread-'));
    try {
      const file = join(dir, 'not-a-folder');
      await writeFile(file, 'x');
      await expect(openPglite({ dataDir: file })).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a closed thread refuses statements; a statement sent before the close is answered', async () => {
    const thread = await PgliteThread.start({ dataDir: null });
    const before = thread.run<{ one: number }>('select 1 as one', []);
    await thread.close();
    expect((await before).rows).toEqual([{ one: 1 }]);
    await expect(thread.run('select 1', [])).rejects.toThrow(/DB_CLOSED/);
  });

  it('a parameter that cannot be sent to the thread rejects the call and leaves nothing waiting', async () => {
    const thread = await PgliteThread.start({ dataDir: null });
    try {
      await expect(thread.run('select $1::text as v', [() => 'not a value'])).rejects.toThrow(
        /could not be cloned/,
      );
      expect(thread.waiting).toBe(0);
      const answered = thread.run<{ v: string }>('select $1::text as v', ['sent']);
      expect(thread.waiting).toBe(1);
      expect((await answered).rows).toEqual([{ v: 'sent' }]);
      expect(thread.waiting).toBe(0);
    } finally {
      await thread.close();
    }
  });

  it('a folder written by one thread is read by the next', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-thread-'));
    try {
      const first = await openPglite({ dataDir: join(dir, 'db') });
      await sql`create table kept (v text)`.execute(first.db);
      await sql`insert into kept values ('still here')`.execute(first.db);
      await first.close();
      const second = await openPglite({ dataDir: join(dir, 'db') });
      try {
        const rows = await sql<{ v: string }>`select v from kept`.execute(second.db);
        expect(rows.rows).toEqual([{ v: 'still here' }]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the template of in-memory databases', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const tables = async (opened: DatabaseHandle) =>
    (
      await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_name like 'template_%'`.execute(opened.db)
    ).rows.map((r) => r.name);

  it('the first database writes it, before any statement of its own; the next starts from it, migrated', async () => {
    const template = join(dir, 'cluster.tar');
    const first = await openPglite({ dataDir: null, template });
    try {
      await sql`create table template_first (v text)`.execute(first.db);
      expect((await stat(template)).size).toBeGreaterThan(1_000_000);
    } finally {
      await first.close();
    }
    const written = await readFile(template);
    const second = await openPglite({ dataDir: null, template });
    try {
      expect(await tables(second)).toEqual([]);
      const migrated = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
        second.db,
      );
      expect(migrated.rows[0]!.n).toBeGreaterThan(0);
      await sql`create table template_second (v text)`.execute(second.db);
      expect(await tables(second)).toEqual(['template_second']);
    } finally {
      await second.close();
    }
    expect((await readFile(template)).equals(written)).toBe(true);
  });

  it('a template that cannot be read is made again', async () => {
    const template = join(dir, 'cluster.tar');
    await writeFile(template, 'not a cluster');
    const opened = await openPglite({ dataDir: null, template });
    try {
      expect(await tables(opened)).toEqual([]);
    } finally {
      await opened.close();
    }
    expect((await stat(template)).size).toBeGreaterThan(1_000_000);
  });

  it('a template that cannot be written leaves the database working', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    const opened = await openPglite({ dataDir: null, template: join(file, 'cluster.tar') });
    try {
      await sql`create table template_kept (v text)`.execute(opened.db);
      expect(await tables(opened)).toEqual(['template_kept']);
    } finally {
      await opened.close();
    }
  });
});

describe('the worker bundled from source', () => {
  let folder: string;
  const entry = new URL('./pglite-worker.ts', import.meta.url);

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pglite-worker-bundle-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is one file named by its content, shared by every process of that source, nothing else left', async () => {
    const [first, second] = await Promise.all([
      bundledFromSource(entry, folder),
      bundledFromSource(entry, folder),
    ]);
    expect(second.href).toBe(first.href);
    const files = await readdir(folder);
    expect(files).toEqual([first.pathname.split('/').pop()]);
    expect(files[0]).toMatch(/^pglite-worker-[0-9a-f]{16}\.mjs$/);
    expect(await readFile(first, 'utf8')).toContain('PGlite');
  });

  it('removes other files older than an hour (an earlier source, a part of a killed process), keeps younger ones', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const old = join(folder, 'pglite-worker-0123456789abcdef.mjs');
    const part = join(folder, 'pglite-worker-fedcba9876543210.mjs.4242-0.part');
    const young = join(folder, 'pglite-worker-1111111111111111.mjs');
    for (const file of [old, part, young]) await writeFile(file, 'export {};');
    await utimes(old, hoursAgo(2), hoursAgo(2));
    await utimes(part, hoursAgo(1.1), hoursAgo(1.1));
    await utimes(young, hoursAgo(0.9), hoursAgo(0.9));
    const made = await bundledFromSource(entry, folder);
    expect((await readdir(folder)).sort()).toEqual(
      [made.pathname.split('/').pop(), 'pglite-worker-1111111111111111.mjs'].sort(),
    );
  });
});
