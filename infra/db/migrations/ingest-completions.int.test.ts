import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/engines.ts';
import type { DatabaseHandle } from '../database.ts';
import { MIGRATIONS, migrateToLatest } from '../migrate.ts';

describe('migration 002: ingest completions', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await openTestDatabase('pglite');
  });
  afterEach(async () => handle.close());

  it('takes the completed runs of a data folder from before it from the event log', async () => {
    const db = handle.db;
    // The folder as the previous release left it: no completions table (nor anything later), runs
    // only as events.
    const since = Object.keys(MIGRATIONS).filter((name) => name >= '002-ingest-completions');
    for (const name of [...since].reverse()) await MIGRATIONS[name]!.down!(db as Kysely<unknown>);
    await sql`delete from kysely_migration where name >= '002-ingest-completions'`.execute(db);
    const run = (id: string, source: string, at: string, success: boolean) => ({
      stream: 'scraper-health',
      partition: 0,
      event_id: id,
      key: source,
      type: 'ScraperRunCompleted',
      schema_version: 1,
      occurred_at: at,
      source,
      payload: JSON.stringify({
        type: 'ScraperRunCompleted',
        source,
        key: source,
        data: { source, success },
      }),
    });
    await db
      .insertInto('event_log')
      .values([
        run('r1', 'sample', '2026-01-01T00:00:00.000Z', true),
        run('r2', 'sample', '2026-01-02T00:00:00.000Z', true),
        run('r3', 'sample', '2026-01-03T00:00:00.000Z', false),
        run('r4', 'interrupted', '2026-01-02T00:00:00.000Z', false),
      ])
      .execute();

    expect(await migrateToLatest(db as Kysely<unknown>)).toEqual(since);
    const rows = await db.selectFrom('ingest_completions').selectAll().execute();
    expect(rows).toEqual([{ source: 'sample', completed_at: '2026-01-02T00:00:00.000Z' }]);
  });
});
