import { DECISION_SEARCH_COLUMNS } from '../../infra/search/postgres/postgres-search-index.ts';
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
  ],
);
