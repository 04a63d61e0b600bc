import { openTestDatabase } from '../../test/support/engines.ts';
import { ingestStateBehaviour } from '../../test/support/ingest-state.suite.ts';
import { TableIngestState } from './table-ingest-state.ts';

ingestStateBehaviour('table on PGlite', async () => {
  const handle = await openTestDatabase('pglite');
  return { store: new TableIngestState(handle.db), close: () => handle.close() };
});
