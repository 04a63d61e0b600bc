import { postgresTables } from '../storage/projection-storage.ts';

export const decisionsStorage = postgresTables(
  ['decisions', 'decision_versions'],
  [
    `create table decisions (
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
      updated_at timestamptz not null,
      withdrawn_at timestamptz,
      withdrawal_reason text
    )`,
    `create table decision_versions (
      decision_id text not null,
      version integer not null,
      content_hash text not null,
      event_id text not null,
      event_position bigint not null,
      scraped_at timestamptz not null,
      seen_at timestamptz,
      changed jsonb not null default '[]',
      source text,
      record jsonb,
      primary key (decision_id, version)
    )`,
  ],
  [
    `alter table decisions add column if not exists withdrawn_at timestamptz`,
    `alter table decisions add column if not exists withdrawal_reason text`,
    `alter table decision_versions add column if not exists seen_at timestamptz`,
    `alter table decision_versions add column if not exists changed jsonb not null default '[]'`,
    `alter table decision_versions add column if not exists source text`,
    `alter table decision_versions add column if not exists record jsonb`,
  ],
  // readers' lookup by docket (the projection writes by decision id): built after a rebuild's replay
  [`create index if not exists decisions_docket_key on decisions (docket_key)`],
);
