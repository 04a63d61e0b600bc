import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { bulkFillSuite } from './bulk-fill.suite.ts';

bulkFillSuite('PostgreSQL server', async () => {
  const url = await postgresTestUrl();
  return url ? openTestDatabase('postgres', url) : null;
});
