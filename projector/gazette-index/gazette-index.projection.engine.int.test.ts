/**
 * The gazette index on PostgreSQL: the projection reads three streams, so batches of two of them
 * are handled in transactions side by side. Naming the same pages in opposite orders, they must
 * both commit (no deadlock), each page once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GazetteRef, parseEvent } from '../../contracts/events/index.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { openTestDatabase, postgresTestUrl } from '../../test/support/engines.ts';
import { makeVersion, versionEvent } from '../../test/support/statutes-events.ts';
import type { PositionedEvent, ProjectionGeneration } from '../projection.ts';
import { ProjectorHost } from '../projector-host.ts';
import { gazetteIndexProjection } from './gazette-index.projection.ts';

const silent = { info() {}, warn() {}, error() {} };
let handle: DatabaseHandle | null = null;
let gen: ProjectionGeneration | null = null;

beforeAll(async () => {
  const url = await postgresTestUrl();
  if (!url) return;
  handle = await openTestDatabase('postgres', url);
  // the host creates the projection's generation; the batches below are handled by hand
  const host = new ProjectorHost(
    {
      db: handle.db,
      log: new TableEventLog(handle.db, { pollIntervalMs: 10 }),
      now: () => '',
      logger: silent,
    },
    [gazetteIndexProjection],
    { batchSize: 10, watchIntervalMs: 0 },
  );
  await host.start();
  gen = host.generations()[0]!;
  await host.stop();
});

afterAll(async () => {
  await handle?.close();
});

/** A statute version naming `refs`, as the projection is handed it. */
function statute(sr: string, refs: GazetteRef[], position: number): PositionedEvent {
  const parsed = parseEvent(
    JSON.parse(
      JSON.stringify(
        versionEvent(makeVersion({ sr_number: sr, consolidation_date: '2024-01-01', gazette_refs: refs }))
          .envelope,
      ),
    ),
  );
  if (!parsed.ok) throw new Error(parsed.reason);
  return { event: parsed.event, stream: 'statutes', partition: 0, position };
}

const page = (n: number): GazetteRef => ({
  ref_type: 'AS',
  year: 2000 + (n % 20),
  page: n,
  eli: `eli/oc/${2000 + (n % 20)}/${n}`,
  language: 'de',
});

/** Handles `batch` in its own transaction, as the projection runner does. */
async function handleInTransaction(batch: readonly PositionedEvent[]): Promise<void> {
  await handle!.db.transaction().execute(async (tx) => {
    await sql`select set_config('search_path', ${`"${gen!.schema}", "${gen!.base}"`}, true)`.execute(tx);
    await gazetteIndexProjection.handle(batch, { tx, now: '', generation: gen!.generation });
  });
}

describe('gazette index on PostgreSQL', () => {
  it('handles two streams’ batches naming the same pages in opposite orders side by side: both commit, each page once, the first finder of a batch kept', async (ctx) => {
    if (!handle || !gen) return ctx.skip();
    const pages = Array.from({ length: 300 }, (_, i) => i + 1);
    // one statute per page: the first batch in ascending order, the second in descending order
    const ascending = pages.map((n) => statute(`A${n}`, [page(n)], n));
    const descending = [...pages].reverse().map((n, i) => statute(`D${n}`, [page(n)], 1000 + i));
    // a page named twice in one batch: its first finder is kept
    ascending.unshift(statute('first', [page(150)], 0));

    const results = await Promise.allSettled([
      handleInTransaction(ascending),
      handleInTransaction(descending),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'committed'))).toEqual([
      'committed',
      'committed',
    ]);

    const rows = await handle.db
      .withSchema(gen.schema)
      .selectFrom('gazette_first_pages')
      .select(['page', 'found_in_sr_number'])
      .orderBy('page')
      .execute();
    expect(rows.map((r) => r.page)).toEqual(pages);
    const finders = new Map(rows.map((r) => [r.page, r.found_in_sr_number]));
    // whichever transaction inserted a page first holds it; within the first batch, `first`
    expect(['first', 'D150']).toContain(finders.get(150));
    for (const n of pages.filter((p) => p !== 150)) expect([`A${n}`, `D${n}`]).toContain(finders.get(n));
  });
});
