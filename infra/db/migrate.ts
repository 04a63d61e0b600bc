import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as foundation from './migrations/001-foundation.ts';
import * as ingestCompletions from './migrations/002-ingest-completions.ts';
import * as billingUsage from './migrations/003-billing-usage.ts';
import * as rateLimitCounters from './migrations/004-rate-limit-counters.ts';
import * as alerts from './migrations/005-alerts.ts';
import * as sourceLeases from './migrations/006-source-leases.ts';
import * as ingestSourceChecksum from './migrations/007-ingest-source-checksum.ts';
import * as readModelNotifications from './migrations/008-read-model-notifications.ts';

/** Every migration by name, in order. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001-foundation': foundation,
  '002-ingest-completions': ingestCompletions,
  '003-billing-usage': billingUsage,
  '004-rate-limit-counters': rateLimitCounters,
  '005-alerts': alerts,
  '006-source-leases': sourceLeases,
  '007-ingest-source-checksum': ingestSourceChecksum,
  '008-read-model-notifications': readModelNotifications,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export class MigrationError extends Error {
  readonly code = 'DB_MIGRATION_FAILED';
}

/** Brings the schema to the latest version; throws MigrationError naming the failed step. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Without a schema, kysely finds its migration tables in ANY schema: another schema's (a second
  // deployment, a test) would hide the missing ones of this one. Name the current schema.
  const current = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = current.rows[0]?.schema ?? undefined;
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new MigrationError(`migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
