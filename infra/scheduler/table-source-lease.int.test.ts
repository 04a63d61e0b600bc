import { openTestDatabase } from '../../test/support/engines.ts';
import { sourceLeaseBehaviour } from '../../test/support/source-lease.suite.ts';
import { TableSourceLeases } from './table-source-lease.ts';

sourceLeaseBehaviour('table on PGlite', async () => {
  const handle = await openTestDatabase('pglite');
  return {
    store: new TableSourceLeases(handle.db),
    second: new TableSourceLeases(handle.db),
    close: () => handle.close(),
  };
});
