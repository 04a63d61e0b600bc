import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table event_log (
    position bigserial primary key,
    stream text not null,
    partition integer not null default 0,
    event_id text not null unique,
    key text not null,
    type text not null,
    schema_version integer not null,
    occurred_at timestamptz not null,
    source text not null,
    payload jsonb not null,
    appended_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index event_log_stream_position on event_log (stream, position)`.execute(db);

  await sql`create table ingest_state (
    source text not null,
    item_id text not null,
    entity_key text not null,
    content_hash text not null,
    first_seen_at timestamptz not null,
    last_seen_at timestamptz not null,
    primary key (source, item_id)
  )`.execute(db);

  await sql`create table projection_checkpoints (
    projection text not null,
    stream text not null,
    partition integer not null,
    position bigint not null,
    updated_at timestamptz not null,
    primary key (projection, stream, partition)
  )`.execute(db);

  await sql`create table dead_letters (
    id bigserial primary key,
    projection text not null,
    stream text not null,
    partition integer not null,
    position bigint not null,
    event_id text,
    event_type text,
    reason text not null,
    payload jsonb,
    failed_at timestamptz not null,
    unique (projection, stream, partition, position)
  )`.execute(db);

  await sql`create table projection_generations (
    projection text not null,
    generation integer not null,
    status text not null check (status in ('building', 'live', 'retired')),
    created_at timestamptz not null,
    activated_at timestamptz,
    primary key (projection, generation)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'projection_generations',
    'dead_letters',
    'projection_checkpoints',
    'ingest_state',
    'event_log',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
