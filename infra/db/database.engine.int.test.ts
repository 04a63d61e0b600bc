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
});
