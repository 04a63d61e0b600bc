import { type Kysely, sql } from 'kysely';

/**
 * The portal's own checksum of each item as ingest last read it (entscheidsuche job files list one
 * per file): a nightly run compares it with the job file and fetches only what changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ingest_state add column source_checksum text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ingest_state drop column if exists source_checksum`.execute(db);
}
