import { postgresTables } from '../storage/projection-storage.ts';

export const scraperHealthStorage = postgresTables(
  ['scraper_health'],
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
      metadata_disagreements jsonb not null default '{}'
    )`,
  ],
  [
    `alter table scraper_health add column if not exists unknown_courts jsonb not null default '{}'`,
    `alter table scraper_health add column if not exists metadata_disagreements jsonb not null default '{}'`,
  ],
);
