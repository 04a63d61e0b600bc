import { openTestDatabase } from '../../../test/support/engines.ts';
import { vectorDerivationsSuite } from './vector-derivations.suite.ts';

vectorDerivationsSuite('PGlite', () => openTestDatabase('pglite'));
