import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NormalisedDecision, ScraperRun } from '../contracts/events/index.ts';
import type { DatabaseHandle } from '../infra/db/database.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../infra/ingest-state/table-ingest-state.ts';
import { makeDecision } from '../test/support/decisions.ts';
import { openTestDatabase } from '../test/support/engines.ts';
import { runSource } from './ingest-runner.ts';
import { type DecisionSource, type RawItem, SourceItemError } from './source.port.ts';

interface FakeItem extends RawItem {
  readonly decision: NormalisedDecision | null;
}

function fakeSource(items: FakeItem[], portal: number | Error = 42): DecisionSource<FakeItem> {
  return {
    name: 'fake',
    async *items() {
      yield* items;
    },
    async parse(item) {
      if (!item.decision) throw new SourceItemError(item.id, `${item.id}: Datum missing`);
      return item.decision;
    },
    async portalCount() {
      if (portal instanceof Error) throw portal;
      return portal;
    },
  };
}

const quiet = { info: () => {}, warn: () => {} };

describe('ingest runner', () => {
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let ids = 0;
  beforeEach(async () => {
    handle = await openTestDatabase('pglite');
    log = new TableEventLog(handle.db);
  });
  afterEach(async () => handle.close());

  const deps = () => ({
    log,
    state: new TableIngestState(handle.db),
    now: () => '2026-03-01T10:00:00.000Z',
    newId: () => `id-${++ids}`,
    logger: quiet,
  });
  const events = async (type: string) =>
    (
      await handle.db
        .selectFrom('event_log')
        .select(['key', 'payload'])
        .where('type', '=', type)
        .orderBy('position')
        .execute()
    ).map((r) => r.payload as { key: string; data: unknown });

  const a = makeDecision({ court: 'bger', docket_number: '5A_1/2021', full_text: 'Text A' });
  const b = makeDecision({ court: 'bger', docket_number: '5A_2/2021', full_text: 'Text B' });

  it('publishes each decision once, skips malformed items and reports them in the health event', async () => {
    const items: FakeItem[] = [
      { id: 'a.json', location: '/a', decision: a },
      { id: 'broken.json', location: '/broken', decision: null },
      { id: 'b.json', location: '/b', decision: b },
    ];
    const run = await runSource(fakeSource(items), deps(), { batchSize: 2 });
    expect(run).toMatchObject({
      success: true,
      items_seen: 3,
      items_failed: 1,
      decisions_added: 2,
      decisions_updated: 0,
      total_held: 2,
      portal_count: 42,
    });
    expect(run.errors).toEqual([{ item: 'broken.json', message: 'broken.json: Datum missing' }]);
    expect((await events('DecisionPublished')).map((e) => e.key)).toEqual([
      'bger_5A_1_2021',
      'bger_5A_2_2021',
    ]);
    const health = await events('ScraperRunCompleted');
    expect(health).toHaveLength(1);
    expect(health[0]!.data).toEqual(run);

    // Same content again: nothing new is published; a changed decision is published as an update.
    const changed = makeDecision({
      court: 'bger',
      docket_number: '5A_2/2021',
      full_text: 'Text B, berichtigt',
    });
    const second = await runSource(
      fakeSource([
        { id: 'a.json', location: '/a', decision: a },
        { id: 'b.json', location: '/b', decision: changed },
      ]),
      deps(),
    );
    expect(second).toMatchObject({ decisions_added: 0, decisions_updated: 1, total_held: 2 });
    expect((await events('DecisionPublished')).map((e) => e.key)).toEqual([
      'bger_5A_1_2021',
      'bger_5A_2_2021',
      'bger_5A_2_2021',
    ]);
  });

  it('reports a failed run and still publishes its health event when the source itself breaks', async () => {
    const broken: DecisionSource = {
      name: 'fake',
      async *items() {
        yield { id: 'a.json', location: '/a' };
        throw new Error('portal unreachable');
      },
      async parse() {
        return a;
      },
      async portalCount() {
        return null;
      },
    };
    await expect(runSource(broken, deps())).rejects.toThrow('portal unreachable');
    expect(await deps().state.lastComplete('fake')).toBeNull();
    const health = (await events('ScraperRunCompleted'))[0]!.data as ScraperRun;
    expect(health).toMatchObject({ success: false, items_seen: 1, decisions_added: 1 });
    expect(health.errors[0]!.message).toMatch(/portal unreachable/);
    expect((await events('DecisionPublished')).map((e) => e.key)).toEqual(['bger_5A_1_2021']);
  });

  it('notes an unavailable portal count without failing the run', async () => {
    const run = await runSource(
      fakeSource([{ id: 'a.json', location: '/a', decision: a }], new Error('count endpoint down')),
      deps(),
    );
    expect(run.success).toBe(true);
    expect(run.portal_count).toBeNull();
    expect(run.errors[0]!.message).toMatch(/count endpoint down/);
  });

  it('marks a source complete only after a run read it to the end', async () => {
    const items: FakeItem[] = [
      { id: 'a.json', location: '/a', decision: a },
      { id: 'broken.json', location: '/broken', decision: null },
      { id: 'b.json', location: '/b', decision: b },
    ];
    const state = deps().state;
    const controller = new AbortController();
    const interrupted = await runSource(fakeSource(items), deps(), {
      batchSize: 1,
      progressEvery: 1,
      signal: controller.signal,
      onProgress: (seen) => {
        if (seen === 1) controller.abort();
      },
    });
    expect(interrupted).toMatchObject({ success: false, items_seen: 1, total_held: 1 });
    expect(await state.lastComplete('fake')).toBeNull();

    const finished = await runSource(fakeSource(items), deps());
    expect(finished).toMatchObject({ success: true, decisions_added: 1, items_failed: 1, total_held: 2 });
    expect(await state.lastComplete('fake')).toBe('2026-03-01T10:00:00.000Z');
  });
});
