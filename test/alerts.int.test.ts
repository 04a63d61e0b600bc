/** Saved-search alerts end to end on the embedded database (in-memory PGlite). */
import { alertsBehaviour } from './support/alerts.suite.ts';

alertsBehaviour('pglite');
