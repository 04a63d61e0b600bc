import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { ingestStateBehaviour } from '../../test/support/ingest-state.suite.ts';
import { TableIngestState } from './table-ingest-state.ts';

ingestStateBehaviour('table on PostgreSQL', async () => {
  const url = await postgresTestUrl();
  if (!url) return null;
  const handle = await openTestDatabase('postgres', url);
  return { store: new TableIngestState(handle.db), close: () => handle.close() };
});
