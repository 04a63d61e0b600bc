import { courtFeedsBehaviour } from './support/court-feeds.suite.ts';
import { openTestDatabase, postgresTestUrl } from './support/engines.ts';

courtFeedsBehaviour('PostgreSQL', async () => {
  const url = await postgresTestUrl();
  return url ? openTestDatabase('postgres', url) : null;
});
