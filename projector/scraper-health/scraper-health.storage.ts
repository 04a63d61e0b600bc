import { postgresTables } from '../storage/projection-storage.ts';

/** The sources the latest schedule declaration names: one row per health source. */
const SCHEDULE_TABLE = `create table scraper_schedule (
  source text primary key,
  schedule_key text not null,
  cron text not null,
  timezone text not null,
  declared_at timestamptz not null
)`;

export const scraperHealthStorage = postgresTables(
  ['scraper_health', 'scraper_schedule'],
  [
    `create table scraper_health (
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
      event_position bigint not null,
      unknown_courts jsonb not null default '{}',
      metadata_disagreements jsonb not null default '{}',
      decisions_withdrawn integer not null default 0,
      http_errors integer,
      duration_ms bigint,
      consecutive_failures integer not null default 0
    )`,
    SCHEDULE_TABLE,
  ],
  [
    `alter table scraper_health add column if not exists unknown_courts jsonb not null default '{}'`,
    `alter table scraper_health add column if not exists metadata_disagreements jsonb not null default '{}'`,
    `alter table scraper_health add column if not exists decisions_withdrawn integer not null default 0`,
    `alter table scraper_health add column if not exists http_errors integer`,
    `alter table scraper_health add column if not exists duration_ms bigint`,
    `alter table scraper_health add column if not exists consecutive_failures integer not null default 0`,
    SCHEDULE_TABLE.replace('create table', 'create table if not exists'),
  ],
);
