import { openTestDatabase } from '../../../test/support/engines.ts';
import { postgresSearchFixture, searchConformance } from '../../../test/support/search.suite.ts';

searchConformance('PostgreSQL full-text search on PGlite', async (limits) =>
  postgresSearchFixture(await openTestDatabase('pglite'), limits),
);
