import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import { postgresTables } from '../storage/projection-storage.ts';

export const courtsStorage = postgresTables(
  ['court_decisions', 'court_stats'],
  [
    `create table court_decisions (
      decision_id text primary key,
      court text not null,
      canton text not null,
      language text not null,
      decision_date date
    )`,
    `create index court_decisions_court on court_decisions (court, language, decision_date)`,
    `create index court_decisions_canton on court_decisions (canton, decision_date)`,
    `create index court_decisions_date on court_decisions (decision_date)`,
    `create table court_stats (
      court text primary key,
      canton text not null,
      decision_count integer not null,
      earliest_date date,
      latest_date date,
      languages jsonb not null
    )`,
    DECISION_SOURCES_DDL,
  ],
  [DECISION_SOURCES_DDL],
);
