import { postgresTables } from '../storage/projection-storage.ts';

/** The Postgres full-text search table (embedded and postgres modes). */
export const decisionSearchPostgresStorage = postgresTables(
  ['decision_search'],
  [
    `create table decision_search (
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
    )`,
    `create index decision_search_tsv on decision_search using gin (tsv)`,
    `create index decision_search_ref_keys on decision_search using gin (ref_keys)`,
    `create index decision_search_date on decision_search (decision_date desc nulls last, decision_id)`,
    `create index decision_search_court_date on decision_search (court, decision_date desc nulls last)`,
    `create index decision_search_canton_date on decision_search (canton, decision_date desc nulls last)`,
  ],
);
