import { openTestDatabase } from '../../test/support/engines.ts';
import { bulkFillSuite } from './bulk-fill.suite.ts';

bulkFillSuite('PGlite', () => openTestDatabase('pglite'));
