import { openTestDatabase } from '../../test/support/engines.ts';
import { counterMovesPlanSuite } from '../../test/support/counter-moves-plan.suite.ts';

counterMovesPlanSuite('PGlite', () => openTestDatabase('pglite'));
