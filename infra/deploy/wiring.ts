import { join } from 'node:path';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../db/database.ts';
import type { EventLog } from '../event-log/event-log.port.ts';
import { TableEventLog } from '../event-log/table-event-log.ts';
import type { IngestStateStore } from '../ingest-state/ingest-state.port.ts';
import { TableIngestState } from '../ingest-state/table-ingest-state.ts';
import { PostgresSearchIndex } from '../search/postgres/postgres-search-index.ts';
import type { DecisionSearchIndex, SearchIndexWriter } from '../search/search.port.ts';
import { ConfigError } from '../config/env.ts';
import type { InfraEnv } from './config.ts';

/** The adapters a deployable works with, chosen by MODE. */
export interface Infra {
  readonly db: Database;
  readonly eventLog: EventLog;
  readonly ingestState: IngestStateStore;
  readonly search: DecisionSearchIndex;
  readonly searchWriter: SearchIndexWriter;
  readonly mode: InfraEnv['MODE'];
  close(): Promise<void>;
}

async function openDatabase(env: InfraEnv, applicationName: string): Promise<DatabaseHandle> {
  if (env.MODE === 'embedded') return openPglite({ dataDir: join(env.DATA_DIR, 'pglite') });
  if (!env.DATABASE_URL) throw new ConfigError(`DATABASE_URL: required when MODE=${env.MODE}`);
  return openPostgres({
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    applicationName,
    ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
  });
}

/** Opens the database, event log, ingest state and search adapters for the configured mode. */
export async function openInfra(env: InfraEnv, applicationName: string): Promise<Infra> {
  if (env.MODE === 'distributed') {
    throw new ConfigError('MODE: distributed needs the Kafka and OpenSearch adapters, which this build does not include yet');
  }
  const handle = await openDatabase(env, applicationName);
  const eventLog = new TableEventLog(handle.db);
  const search = new PostgresSearchIndex(handle.db);
  return {
    db: handle.db,
    eventLog,
    ingestState: new TableIngestState(handle.db),
    search,
    searchWriter: search,
    mode: env.MODE,
    async close() {
      await eventLog.close();
      await handle.close();
    },
  };
}
