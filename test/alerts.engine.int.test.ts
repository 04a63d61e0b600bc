/** Saved-search alerts end to end on a PostgreSQL server (a fresh schema). */
import { alertsBehaviour } from './support/alerts.suite.ts';
import { postgresTestUrl } from './support/engines.ts';

const url = await postgresTestUrl();
alertsBehaviour('postgres', url);
