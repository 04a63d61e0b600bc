import { openPostgres } from '../db/database.ts';
import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { sourceLeaseBehaviour } from '../../test/support/source-lease.suite.ts';
import { TableSourceLeases } from './table-source-lease.ts';

// Two connection pools on one schema: the race is decided by PostgreSQL, not by one pool.
sourceLeaseBehaviour('table on PostgreSQL, two pools', async () => {
  const url = await postgresTestUrl();
  if (!url) return null;
  const handle = await openTestDatabase('postgres', url);
  const schema = await handle.db
    .selectNoFrom((eb) => eb.fn<string>('current_schema').as('s'))
    .executeTakeFirstOrThrow();
  const other = await openPostgres({ url, schema: schema.s, poolSize: 6 });
  return {
    store: new TableSourceLeases(handle.db),
    second: new TableSourceLeases(other.db),
    async close() {
      await other.close();
      await handle.close();
    },
  };
});
