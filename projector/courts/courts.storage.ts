import { sql } from 'kysely';
import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import { postgresTables, type UpgradeStep } from '../storage/projection-storage.ts';

/**
 * Per court, canton, year (0: undated) and language: the decisions, their earliest and latest
 * date. `/statistics` sums the groups a filter selects instead of counting decisions per request;
 * `court_stats` is summed from them for the courts a batch touched.
 */
const DECISION_GROUPS_DDL = `create table if not exists decision_groups (
      court text not null,
      canton text not null,
      year integer not null,
      language text not null,
      n integer not null,
      earliest_date date,
      latest_date date,
      primary key (court, canton, year, language)
    )`;

/** The year group of a decision date (0 when undated), as `decision_groups` keys it. */
const YEAR_OF_DATE = `coalesce(extract(year from decision_date)::int, 0)`;

/** A generation made before `decision_groups`: its groups are counted once at start. */
const countGroupsOnce: UpgradeStep = async (tx) => {
  const state = await sql<{ grouped: boolean; decisions: boolean }>`
    select exists (select 1 from decision_groups) as grouped, exists (select 1 from court_decisions) as decisions
  `.execute(tx);
  const found = state.rows[0];
  if (!found || found.grouped || !found.decisions) return;
  await sql`insert into decision_groups (court, canton, year, language, n, earliest_date, latest_date)
    select court, canton, ${sql.raw(YEAR_OF_DATE)}, language, count(*)::int, min(decision_date), max(decision_date)
    from court_decisions group by 1, 2, 3, 4`.execute(tx);
};

export const courtsStorage = postgresTables(
  ['court_decisions', 'court_stats', 'decision_groups'],
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
    DECISION_GROUPS_DDL,
    DECISION_SOURCES_DDL,
  ],
  [DECISION_SOURCES_DDL, DECISION_GROUPS_DDL, countGroupsOnce],
);
