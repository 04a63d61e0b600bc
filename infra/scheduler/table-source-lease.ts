import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { BackoffState, SourceLeaseStore } from './source-lease.port.ts';

/**
 * Leases as rows of `source_leases`: taking one is a single upsert that only succeeds on a free
 * or expired row, so two schedulers racing for a job cannot both win (PostgreSQL re-checks the
 * condition on the row the other one just wrote). Expiry uses the database clock.
 */
export class TableSourceLeases implements SourceLeaseStore {
  constructor(private readonly db: Database) {}

  async acquire(key: string, holder: string, ttlMs: number): Promise<BackoffState | null> {
    const row = await this.db
      .insertInto('source_leases')
      .values({
        schedule_key: key,
        holder,
        consecutive_failures: 0,
        expires_at: sql<string>`now() + ${ttlMs} * interval '1 millisecond'`,
      })
      .onConflict((oc) =>
        oc
          .column('schedule_key')
          .doUpdateSet({ holder, expires_at: (eb) => eb.ref('excluded.expires_at') })
          .where(sql<boolean>`source_leases.holder is null or source_leases.expires_at < now()`),
      )
      .returning(['consecutive_failures', 'retry_at'])
      .executeTakeFirst();
    return row ? { consecutiveFailures: row.consecutive_failures, retryAt: row.retry_at } : null;
  }

  async renew(key: string, holder: string, ttlMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('source_leases')
      .set({ expires_at: sql<string>`now() + ${ttlMs} * interval '1 millisecond'` })
      .where('schedule_key', '=', key)
      .where('holder', '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async release(key: string, holder: string, backoff: BackoffState | null): Promise<void> {
    await this.db
      .updateTable('source_leases')
      .set({
        holder: null,
        expires_at: null,
        ...(backoff ? { consecutive_failures: backoff.consecutiveFailures, retry_at: backoff.retryAt } : {}),
      })
      .where('schedule_key', '=', key)
      .where('holder', '=', holder)
      .execute();
  }

  async holderOf(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('source_leases')
      .select('holder')
      .where('schedule_key', '=', key)
      .where(sql<boolean>`expires_at >= now()`)
      .executeTakeFirst();
    return row?.holder ?? null;
  }
}
