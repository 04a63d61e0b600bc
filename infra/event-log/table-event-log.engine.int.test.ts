import { eventLogBehaviour } from '../../test/support/event-log.suite.ts';
import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { TableEventLog } from './table-event-log.ts';

eventLogBehaviour('table log on PostgreSQL', async () => {
  const url = await postgresTestUrl();
  if (!url) return null;
  const handle = await openTestDatabase('postgres', url);
  return { log: new TableEventLog(handle.db, { pollIntervalMs: 20 }), close: () => handle.close() };
});
