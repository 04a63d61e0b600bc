import { type Kysely, sql } from 'kysely';

/**
 * Request counters of the API's rate limit shared by every API instance on one database: one row
 * per client key holding the count of its current fixed window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limit_counters (
    key text primary key,
    window_start_ms bigint not null,
    count integer not null
  )`.execute(db);
  await sql`create index rate_limit_counters_window on rate_limit_counters (window_start_ms)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_limit_counters`.execute(db);
}
