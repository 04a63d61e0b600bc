import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { hubPagePlanSuite } from '../../test/support/hub-page-plan.suite.ts';

hubPagePlanSuite('PostgreSQL', async () => {
  const url = await postgresTestUrl();
  return url ? openTestDatabase('postgres', url) : null;
});
