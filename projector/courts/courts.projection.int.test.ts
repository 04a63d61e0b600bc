/**
 * The courts projection's kept groups (`decision_groups`: per court, canton, year and language the
 * decisions and their date range) and the per-court aggregates summed from them (`court_stats`),
 * through the real runner in small batches: after publications, corrected versions that move a
 * decision to another year, language or canton, withdrawals and re-publications, both equal what
 * a count over the decisions gives; a generation made before the groups gets them at its start.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import {
  decisionEvent,
  makeDecision,
  withdrawalEvent,
  type DecisionInput,
} from '../../test/support/decisions.ts';
import { projectEvents } from '../../test/support/read-models.ts';
import { courtsProjection } from './courts.projection.ts';
import { courtsStorage } from './courts.storage.ts';

const A: DecisionInput = {
  full_text: 'Urteil.',
  court: 'bger',
  docket_number: '4A_1/2019',
  decision_date: '2019-03-01',
  language: 'de',
};
const B: DecisionInput = {
  full_text: 'Urteil.',
  court: 'bger',
  docket_number: '4A_2/2019',
  decision_date: '2019-11-30',
  language: 'fr',
};
const C: DecisionInput = {
  full_text: 'Urteil.',
  court: 'bger',
  docket_number: '5A_3/2020',
  decision_date: null,
  language: 'de',
};
const D: DecisionInput = {
  full_text: 'Urteil.',
  court: 'zh_obergericht',
  docket_number: 'LB190001',
  decision_date: '2019-06-15',
  language: 'de',
};
const E: DecisionInput = {
  full_text: 'Urteil.',
  court: 'bvger',
  docket_number: 'A-5/2021',
  decision_date: '2021-01-04',
  language: 'it',
};
const AT = '2026-02-01T00:00:00.000Z';
const id = (d: DecisionInput) => makeDecision(d).decision_id;
const publish = (d: DecisionInput) => decisionEvent(makeDecision(d));

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const project = (events: readonly OutgoingEvent[], batchSize: number): Promise<DatabaseHandle> =>
  projectEvents([courtsProjection], events, { batchSize });

/** The kept groups and court aggregates, and the same counted over the decisions now. */
async function keptAndCounted(db: DatabaseHandle['db']) {
  const groups = sql`select court, canton, year, language, n, earliest_date, latest_date from decision_groups
    order by court, canton, year, language`;
  const counted = sql`select court, canton, coalesce(extract(year from decision_date)::int, 0) as year, language,
      count(*)::int as n, min(decision_date) as earliest_date, max(decision_date) as latest_date
    from court_decisions group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
  const stats = sql`select court, canton, decision_count, earliest_date, latest_date, languages from court_stats order by court`;
  const statsCounted = sql`select c.court, min(c.canton) as canton, sum(c.n)::int as decision_count, min(c.earliest) as earliest_date,
      max(c.latest) as latest_date, jsonb_object_agg(c.language, c.n) as languages
    from (select court, min(canton) as canton, language, count(*)::int as n, min(decision_date) as earliest,
      max(decision_date) as latest from court_decisions group by court, language) c
    group by c.court order by c.court`;
  const rows = async (q: typeof groups) => (await q.execute(db)).rows;
  return {
    kept: { groups: await rows(groups), stats: await rows(stats) },
    counted: { groups: await rows(counted), stats: await rows(statsCounted) },
  };
}

describe('courts projection: decision groups', () => {
  it.each([
    ['publications, one per batch', [A, B, C, D, E].map(publish), 1, 5],
    ['publications in one batch', [A, B, C, D, E].map(publish), 50, 5],
    [
      'a corrected version moves a decision to another year and language (its old group goes)',
      [publish(A), publish(B), publish({ ...A, decision_date: '2020-01-02', language: 'it' })],
      1,
      2,
    ],
    [
      'the same, in one batch',
      [publish(A), publish(B), publish({ ...A, decision_date: '2020-01-02', language: 'it' })],
      50,
      2,
    ],
    ['a dated decision becomes undated', [publish(A), publish({ ...A, decision_date: null })], 1, 1],
    ['another canton', [publish(D), publish({ ...D, canton: 'SH' })], 1, 1],
    ['a withdrawal empties its group', [publish(A), publish(E), withdrawalEvent(id(E), AT)], 1, 1],
    [
      'a withdrawal in the batch of its publication',
      [publish(A), publish(E), withdrawalEvent(id(E), AT)],
      50,
      1,
    ],
    [
      'withdrawn, then published again',
      [
        publish(A),
        publish(C),
        withdrawalEvent(id(C), AT),
        publish({ ...C, title: 'Urteil (wieder veröffentlicht)' }),
      ],
      1,
      2,
    ],
  ] as const)('%s', async (_what, events, batchSize, decisions) => {
    handle = await project(events, batchSize);
    const { kept, counted } = await keptAndCounted(handle.db);
    expect(kept).toEqual(counted);
    const sizes = kept.groups.map((g) => Number((g as { n: number }).n));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(decisions);
    expect(sizes.every((n) => n > 0)).toBe(true);
  });

  it('a generation made before the groups gets them, counted from its decisions, at its next start', async () => {
    handle = await project([A, B, C, D, E].map(publish), 2);
    const before = await keptAndCounted(handle.db);
    const live = await sql<{ schema: string }>`select table_schema as schema from information_schema.tables
      where table_name = 'decision_groups' and table_type = 'BASE TABLE'`.execute(handle.db);
    const schema = live.rows[0]!.schema;
    await sql`drop view if exists decision_groups`.execute(handle.db);
    await sql`drop table ${sql.id(schema, 'decision_groups')}`.execute(handle.db);
    await courtsStorage.create({ db: handle.db, base: 'public', schema, generation: 1 });
    await sql`create or replace view decision_groups as select * from ${sql.id(schema, 'decision_groups')}`.execute(
      handle.db,
    );
    expect(await keptAndCounted(handle.db)).toEqual(before);
  });
});
