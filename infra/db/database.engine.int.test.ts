import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import type { DatabaseHandle } from './database.ts';

const url = await postgresTestUrl();

describe.skipIf(url === null)('openPostgres session settings (real PostgreSQL)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('postgres', url);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('turns JIT and parallel workers off and puts the schema first on the search path, on every pooled connection', async () => {
    // more concurrent sessions than one connection, so several pool members answer
    const rows = await Promise.all(
      Array.from({ length: 4 }, () =>
        handle.db.connection().execute(async (c) => {
          const r = await sql<{ jit: string; workers: string; path: string; pid: number }>`
            select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers, current_setting('search_path') as path, pg_backend_pid() as pid,
              pg_sleep(0.05)::text as _
          `.execute(c);
          return r.rows[0]!;
        }),
      ),
    );
    expect(new Set(rows.map((r) => r.pid)).size).toBeGreaterThan(1);
    for (const r of rows) {
      expect(r.jit).toBe('off');
      expect(r.workers).toBe('0');
      expect(r.path).toMatch(/^"?t_[0-9a-f]{10}"?$/);
    }
  });

  it('compresses long values it writes with LZ4 where the server was built with it', async () => {
    const supported = await sql<{ lz4: boolean }>`select 'lz4' = any(enumvals) as lz4
      from pg_settings where name = 'default_toast_compression'`.execute(handle.db);
    // the engines the project's tests run against have it (Debian's PostgreSQL packages)
    expect(supported.rows[0]?.lz4).toBe(true);
    await sql`create table long_values (v text)`.execute(handle.db);
    await sql`insert into long_values select repeat('Erwägung ', 2000)`.execute(handle.db);
    const written = await sql<{ method: string | null }>`select pg_column_compression(v) as method
      from long_values`.execute(handle.db);
    expect(written.rows).toEqual([{ method: 'lz4' }]);
  });
});
