import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPglite } from './database.ts';

describe('the embedded database’s start parameters', () => {
  it.each([
    ['PGlite’s default', undefined, '128MB'],
    ['a smaller buffer pool', '16MB', '16MB'],
  ])('%s: shared_buffers %s', async (_, sharedBuffers, shown) => {
    const handle = await openPglite({ dataDir: null, ...(sharedBuffers ? { sharedBuffers } : {}) });
    try {
      const row = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
      expect(row.rows[0]?.shared_buffers).toBe(shown);
      // the rest of PGlite's start parameters still apply (one backend, no parallel workers)
      const workers = await sql<{ max_parallel_workers: string }>`show max_parallel_workers`.execute(
        handle.db,
      );
      expect(workers.rows[0]?.max_parallel_workers).toBe('0');
    } finally {
      await handle.close();
    }
  });
});
