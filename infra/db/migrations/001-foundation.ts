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

  await sql`create table decisions (
    decision_id text primary key,
    court text not null,
    canton text not null,
    chamber text,
    docket_number text not null,
    docket_key text not null,
    decision_type text,
    decision_date date,
    publication_date date,
    language text not null,
    title text not null,
    regeste text,
    full_text text not null,
    source_url text,
    source text not null,
    source_item_id text not null,
    scraped_at timestamptz not null,
    content_hash text not null,
    version integer not null,
    event_position bigint not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index decisions_docket_key on decisions (docket_key)`.execute(db);

  await sql`create table decision_versions (
    decision_id text not null,
    version integer not null,
    content_hash text not null,
    event_id text not null,
    event_position bigint not null,
    scraped_at timestamptz not null,
    primary key (decision_id, version)
  )`.execute(db);

  await sql`create table decision_search (
    decision_id text primary key,
    court text not null,
    canton text not null,
    chamber text,
    decision_type text,
    decision_date date,
    language text not null,
    docket_number text not null,
    title text not null,
    regeste text,
    rule_statement text not null,
    ref_keys text[] not null,
    tsv tsvector not null,
    event_position bigint not null
  )`.execute(db);
  await sql`create index decision_search_tsv on decision_search using gin (tsv)`.execute(db);
  await sql`create index decision_search_ref_keys on decision_search using gin (ref_keys)`.execute(db);
  await sql`create index decision_search_date on decision_search (decision_date desc nulls last, decision_id)`.execute(db);
  await sql`create index decision_search_court_date on decision_search (court, decision_date desc nulls last)`.execute(db);
  await sql`create index decision_search_canton_date on decision_search (canton, decision_date desc nulls last)`.execute(db);

  await sql`create table court_decisions (
    decision_id text primary key,
    court text not null,
    canton text not null,
    language text not null,
    decision_date date
  )`.execute(db);
  await sql`create index court_decisions_court on court_decisions (court, language, decision_date)`.execute(db);
  await sql`create index court_decisions_canton on court_decisions (canton, decision_date)`.execute(db);

  await sql`create table court_stats (
    court text primary key,
    canton text not null,
    decision_count integer not null,
    earliest_date date,
    latest_date date,
    languages jsonb not null
  )`.execute(db);

  await sql`create table scraper_health (
    source text primary key,
    run_id text not null,
    started_at timestamptz not null,
    finished_at timestamptz not null,
    success boolean not null,
    decisions_added integer not null,
    decisions_updated integer not null,
    items_seen integer not null,
    items_failed integer not null,
    total_held integer not null,
    portal_count integer,
    errors jsonb not null,
    last_success_at timestamptz,
    event_position bigint not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'scraper_health', 'court_stats', 'court_decisions', 'decision_search', 'decision_versions',
    'decisions', 'dead_letters', 'projection_checkpoints', 'ingest_state', 'event_log',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
