import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as foundation from './migrations/001-foundation.ts';

const MIGRATIONS: Record<string, Migration> = {
  '001-foundation': foundation,
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
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new MigrationError(`migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
