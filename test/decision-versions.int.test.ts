import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import { decisionVersionsBehaviour } from './support/decision-versions.suite.ts';
import { openTestDatabase } from './support/engines.ts';

decisionVersionsBehaviour(
  'embedded PGlite',
  () => openTestDatabase('pglite'),
  async (handle) => {
    const index = new PostgresSearchIndex(handle.db);
    return { backend: { writer: index }, index, close: async () => {} };
  },
);
