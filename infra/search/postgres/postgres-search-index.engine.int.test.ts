import { openTestDatabase, postgresTestUrl } from '../../../test/support/engines.ts';
import { postgresSearchFixture, searchConformance } from '../../../test/support/search.suite.ts';

searchConformance('PostgreSQL full-text search on a PostgreSQL server', async (limits) => {
  const url = await postgresTestUrl();
  if (!url) return null;
  return postgresSearchFixture(await openTestDatabase('postgres', url), limits);
});
