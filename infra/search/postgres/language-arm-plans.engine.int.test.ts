import { openTestDatabase, postgresTestUrl } from '../../../test/support/engines.ts';
import { languageArmPlansSuite } from './language-arm-plans.suite.ts';

languageArmPlansSuite('a PostgreSQL server', async () => {
  const url = await postgresTestUrl();
  return url ? openTestDatabase('postgres', url) : null;
});
