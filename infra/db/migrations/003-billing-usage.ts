import { type Kysely, sql } from 'kysely';

/**
 * Pro calls per license key and UTC day (the daily quota). Operational state shared by every API
 * instance, not derived from events; keys appear by SHA-256 only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table billing_usage (
    key_hash text not null,
    day date not null,
    calls integer not null,
    primary key (key_hash, day)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists billing_usage`.execute(db);
}
