/**
 * Read-model notifications on a real PostgreSQL server: a checkpoint that advances or a generation
 * that changes notifies its own schema's channel on commit, a checkpoint written again at the same
 * position does not, another schema's changes are not heard; a listener whose connection is killed
 * falls back to the database and listens again in a new epoch.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotifiedReadModelState } from '../../api/lookup-cache.ts';
import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { READ_MODELS_CHANNEL, schemaChannel } from './notifications.ts';

const url = await postgresTestUrl();

const checkpoint = (db: Database, position: number) =>
  sql`insert into projection_checkpoints (projection, stream, partition, position, updated_at)
    values ('decisions', 'decisions', 0, ${position}, now())
    on conflict (projection, stream, partition) do update
    set position = greatest(projection_checkpoints.position, excluded.position), updated_at = now()`.execute(
    db,
  );

describe.skipIf(url === null)('read-model notifications (real PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let other: DatabaseHandle;
  let state: NotifiedReadModelState;
  const lost: Error[] = [];
  /** The state without its prefix while listening (`epoch.version`), else what the fallback said. */
  const version = (): string => {
    const current = state.current();
    if (typeof current !== 'string') throw new Error('the notified state is never a promise while listening');
    return current.startsWith('notified ') ? current.slice(9) : current;
  };
  /**
   * Waits until the state moves from `from`, and a little longer for any later notification of
   * the same changes (they are sent within a millisecond, in commit order), then gives it.
   */
  const moved = async (from: string) => {
    await vi.waitFor(() => expect(version()).not.toBe(from), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    return version();
  };

  beforeAll(async () => {
    handle = await openTestDatabase('postgres', url);
    other = await openTestDatabase('postgres', url);
    state = new NotifiedReadModelState(handle.listen, { current: () => 'asked the database' }, (e) =>
      lost.push(e),
    );
    await vi.waitFor(() => expect(version()).toBe('1.0'), { timeout: 5_000 });
  });
  afterAll(async () => {
    await state?.close();
    await other?.close();
    await handle?.close();
  });

  it('an advancing checkpoint and a generation change each move the state once; a rewrite at the same position does not', async () => {
    await checkpoint(handle.db, 10);
    expect(await moved('1.0')).toBe('1.1');
    await checkpoint(handle.db, 10); // same position: no notification
    await checkpoint(handle.db, 5); // an older position never moves a checkpoint back
    await checkpoint(handle.db, 11);
    // a notification of the rewrites would have moved it twice more
    expect(await moved('1.1')).toBe('1.2');
    await sql`insert into projection_generations (projection, generation, status, created_at)
      values ('decisions', 2, 'building', now())`.execute(handle.db);
    expect(await moved('1.2')).toBe('1.3');
    await sql`update projection_generations set status = 'live', activated_at = now()
      where projection = 'decisions' and generation = 2`.execute(handle.db);
    expect(await moved('1.3')).toBe('1.4');
  });

  it("another schema's changes are not heard", async () => {
    const before = version();
    await checkpoint(other.db, 100);
    await checkpoint(handle.db, 12);
    const after = await moved(before);
    expect(after).toBe(`1.${Number(before.split('.')[1]) + 1}`);
  });

  it('a killed connection falls back to the database, then listens again in a new epoch', async () => {
    const name = await sql<{
      name: string;
    }>`select ${sql.raw(schemaChannel(READ_MODELS_CHANNEL))} as name`.execute(handle.db);
    const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n
      from pg_stat_activity where query = ${`listen ${name.rows[0]!.name}`}`.execute(handle.db);
    expect(killed.rows[0]!.n).toBe(1);
    await vi.waitFor(() => expect(lost.length).toBe(1), { timeout: 5_000 });
    expect(version()).toBe('asked the database');
    await vi.waitFor(() => expect(version()).toMatch(/^2\.\d+$/), { timeout: 10_000 });
    const before = version();
    await checkpoint(handle.db, 13);
    expect(await moved(before)).toMatch(/^2\.\d+$/);
  });
});
