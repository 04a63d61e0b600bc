import { DECISION_SEARCH_COLUMNS } from '../../infra/search/postgres/postgres-search-index.ts';
import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import { postgresTables } from '../storage/projection-storage.ts';

/** The Postgres full-text search table (embedded and postgres modes). */
export const decisionSearchPostgresStorage = postgresTables(
  ['decision_search'],
  [
    `create table decision_search (${DECISION_SEARCH_COLUMNS})`,
    `create index decision_search_tsv on decision_search using gin (tsv)`,
    `create index decision_search_ref_keys on decision_search using gin (ref_keys)`,
    `create index decision_search_date on decision_search (decision_date desc nulls last, decision_id)`,
    `create index decision_search_court_date on decision_search (court, decision_date desc nulls last)`,
    `create index decision_search_canton_date on decision_search (canton, decision_date desc nulls last)`,
    DECISION_SOURCES_DDL,
  ],
  [DECISION_SOURCES_DDL],
);

/**
 * With the index outside the database (OpenSearch), the projection's precedence bookkeeping
 * (`decision_sources`) still lives in a generation schema of its own.
 */
export const decisionSearchBookkeepingStorage = postgresTables(
  [],
  [DECISION_SOURCES_DDL],
  [DECISION_SOURCES_DDL],
);
