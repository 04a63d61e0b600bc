import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { counterMovesPlanSuite } from '../../test/support/counter-moves-plan.suite.ts';

counterMovesPlanSuite('PostgreSQL', async () => {
  const url = await postgresTestUrl();
  return url ? openTestDatabase('postgres', url) : null;
});
