import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../../infra/db/database.ts';

/**
 * Where the real engines are for this test run. Endpoints come from the environment
 * (infra/local/engines.sh prints them); without them, testcontainers starts the engine when a
 * Docker engine is reachable; otherwise the suite is skipped with one line saying why — except in
 * CI (CI=true), where a missing engine fails the run.
 */
export interface EngineAvailability {
  readonly available: boolean;
  readonly reason: string;
}

export const inCi = (): boolean => process.env['CI'] === 'true' || process.env['CI'] === '1';

/** Can testcontainers reach a Docker engine? (Rejects in milliseconds when there is none.) */
export async function dockerReachable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** No engine for a suite: fail in CI, else print one line saying why and give null (the suite skips). */
export function noEngine(why: string): null {
  if (inCi()) throw new Error(`${why} — CI must not skip engine tests`);
  process.stderr.write(`${why}\n`);
  return null;
}

let postgresUrl: Promise<string | null> | null = null;

/** The PostgreSQL URL for engine tests, or null (after printing why) when there is none. */
export function postgresTestUrl(): Promise<string | null> {
  postgresUrl ??= (async () => {
    const fromEnv = process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'];
    if (fromEnv) return fromEnv;
    if (await dockerReachable()) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:15-alpine').start();
      return container.getConnectionUri();
    }
    const why =
      'PostgreSQL engine tests skipped: no DATABASE_URL and no Docker engine (start one with infra/local/engines.sh start)';
    return noEngine(why);
  })();
  return postgresUrl;
}

/** A unique, valid identifier suffix for per-test-file schemas, topics and indexes. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`.toLowerCase();
}

export type DatabaseKind = 'pglite' | 'postgres';

/** Opens a fresh, migrated database of the given kind: in-memory PGlite or a new schema on the server. */
export async function openTestDatabase(kind: DatabaseKind, url?: string | null): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openPglite({ dataDir: null });
  if (!url) throw new Error('openTestDatabase(postgres) needs a URL');
  const schema = uniqueName('t');
  const handle = await openPostgres({ url, schema, poolSize: 4 });
  return {
    ...handle,
    async close() {
      await dropSchemaTree(handle.db, schema);
      await handle.close();
    },
  };
}

/** Drops a deployment's schema with its projection generations (schemas named `<schema>__…`). */
export async function dropSchemaTree(db: Database, schema: string): Promise<void> {
  const generations = await db
    .selectFrom(sql<{ nspname: string }>`pg_namespace`.as('n'))
    .select('nspname')
    .where('nspname', 'like', `${schema}\\_\\_%`)
    .execute();
  for (const g of generations) await db.schema.dropSchema(g.nspname).ifExists().cascade().execute();
  await db.schema.dropSchema(schema).ifExists().cascade().execute();
}

export type { Database };
