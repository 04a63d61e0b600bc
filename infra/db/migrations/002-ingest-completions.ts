import { type Kysely, sql } from 'kysely';

/**
 * When each source was last read to the end. A data folder from before this table holds its
 * completed runs only as successful ScraperRunCompleted events in the event-log table: they are
 * copied in, so a finished sample load is not read again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table ingest_completions (
    source text primary key,
    completed_at timestamptz not null
  )`.execute(db);
  await sql`insert into ingest_completions (source, completed_at)
    select source, max(occurred_at) from event_log
    where type = 'ScraperRunCompleted' and payload -> 'data' ->> 'success' = 'true'
    group by source`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ingest_completions`.execute(db);
}
