import { openTestDatabase } from '../../../test/support/engines.ts';
import { languageArmPlansSuite } from './language-arm-plans.suite.ts';

languageArmPlansSuite('PGlite', () => openTestDatabase('pglite'));
