import { openTestDatabase } from '../../test/support/engines.ts';
import { hubPagePlanSuite } from '../../test/support/hub-page-plan.suite.ts';

hubPagePlanSuite('PGlite', () => openTestDatabase('pglite'));
