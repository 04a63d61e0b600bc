import { eventLogBehaviour } from '../../test/support/event-log.suite.ts';
import { openTestDatabase } from '../../test/support/engines.ts';
import { TableEventLog } from './table-event-log.ts';

eventLogBehaviour('table log on PGlite', async () => {
  const handle = await openTestDatabase('pglite');
  return { log: new TableEventLog(handle.db, { pollIntervalMs: 20 }), close: () => handle.close() };
});
