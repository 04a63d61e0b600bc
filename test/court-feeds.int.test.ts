import { courtFeedsBehaviour } from './support/court-feeds.suite.ts';
import { openTestDatabase } from './support/engines.ts';

courtFeedsBehaviour('embedded PGlite', () => openTestDatabase('pglite'));
