import { type Kysely, sql } from 'kysely';

/**
 * Scheduled ingest runs: one row per scheduled job holding its lease (who runs it, until when,
 * on the database clock) and its back-off state (failed runs in a row, when to try again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table source_leases (
    schedule_key text primary key,
    holder text,
    expires_at timestamptz,
    consecutive_failures integer not null default 0,
    retry_at timestamptz
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists source_leases`.execute(db);
}
