import { openTestDatabase, postgresTestUrl } from '../../../test/support/engines.ts';
import { vectorDerivationsSuite } from './vector-derivations.suite.ts';

vectorDerivationsSuite('PostgreSQL server', async () => {
  const url = await postgresTestUrl();
  return url ? openTestDatabase('postgres', url) : null;
});
