import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import { postgresTables } from '../storage/projection-storage.ts';

export const courtFeedsStorage = postgresTables(
  ['court_feed_items', 'court_feeds'],
  [
    `create table court_feed_items (
      decision_id text primary key,
      court text not null,
      decision_date date,
      entry jsonb not null,
      entry_digest text not null
    )`,
    `create index court_feed_items_recent on court_feed_items (court, decision_date desc nulls last, decision_id)`,
    `create table court_feeds (
      court text primary key,
      entries jsonb not null,
      updated text,
      digest text not null
    )`,
    DECISION_SOURCES_DDL,
  ],
  [DECISION_SOURCES_DDL],
);
