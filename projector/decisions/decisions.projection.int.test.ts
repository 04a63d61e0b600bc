/**
 * The decisions projection applies a batch in memory and writes it with a few statements: the
 * same events give the same decisions and versions whether they come one per batch or many per
 * batch (several versions, withdrawals and re-publications of one decision in one batch, source
 * precedence, a withdrawal of a decision never held), and a batch larger than one statement's rows
 * is written whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import {
  decisionEvent,
  makeDecision,
  withdrawalEvent,
  type DecisionInput,
} from '../../test/support/decisions.ts';
import { projectEvents } from '../../test/support/read-models.ts';
import { decisionsProjection } from './decisions.projection.ts';

const A: DecisionInput = {
  court: 'bger',
  docket_number: '4A_10/2024',
  full_text: 'Erwägungen: 1. Erste Fassung.',
};
const A2: DecisionInput = { ...A, title: 'Mietrecht; Kündigung' };
const B: DecisionInput = {
  court: 'bger',
  docket_number: '5A_20/2024',
  full_text: 'Faits: A. Résumé.',
  language: 'fr',
};
const B2: DecisionInput = { ...B, full_text: 'Faits: A. Texte intégral.' };
const idOf = (d: DecisionInput) => makeDecision(d).decision_id;

/** A record of `d` as `source` publishes it. */
function from(source: string, d: DecisionInput, occurredAt = '2026-01-01T00:00:00.000Z'): OutgoingEvent {
  const decision = makeDecision(d);
  const event = decisionEvent({ ...decision, provenance: { ...decision.provenance, source } });
  return { ...event, envelope: { ...event.envelope, occurredAt, source } };
}

const EVENTS: readonly OutgoingEvent[] = [
  from('entscheidsuche', A, '2026-01-02T00:00:00.000Z'),
  from('entscheidsuche', A2, '2026-01-03T00:00:00.000Z'),
  from('entscheidsuche', A2, '2026-01-04T00:00:00.000Z'), // same content: nothing
  withdrawalEvent(idOf(A), '2026-01-05T00:00:00.000Z', { reason: 'first' }),
  withdrawalEvent(idOf(A), '2026-01-06T00:00:00.000Z', { reason: 'second' }), // keeps the first
  from('entscheidsuche', A2, '2026-01-07T00:00:00.000Z'), // back, no new version
  from('entscheidsuche', A, '2026-01-08T00:00:00.000Z'), // the first content again: version 3
  from('bger', B, '2026-01-02T00:00:00.000Z'),
  from('entscheidsuche', B2, '2026-01-09T00:00:00.000Z'), // replaces the gap filler
  from('bger', B, '2026-01-10T00:00:00.000Z'), // never replaces the archive's record
  withdrawalEvent(idOf(B), '2026-01-11T00:00:00.000Z', { source: 'bger' }), // nor withdraws it
  withdrawalEvent('bger_9C_1_2024', '2026-01-12T00:00:00.000Z'), // never held
  from('entscheidsuche', { court: 'bger', docket_number: '6B_30/2024', full_text: 'Urteil.' }),
  withdrawalEvent(
    idOf({ court: 'bger', docket_number: '6B_30/2024', full_text: '' }),
    '2026-01-13T00:00:00.000Z',
  ),
];

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const project = (events: readonly OutgoingEvent[], batchSize: number): Promise<DatabaseHandle> =>
  projectEvents([decisionsProjection], events, { batchSize, now: () => '2026-02-01T00:00:00.000Z' });

async function readModel(db: DatabaseHandle['db']) {
  const decisions = await db
    .selectFrom('decisions')
    .select(['decision_id', 'title', 'full_text', 'source', 'version', 'withdrawn_at', 'withdrawal_reason'])
    .orderBy('decision_id')
    .execute();
  const versions = await db
    .selectFrom('decision_versions')
    .select(['decision_id', 'version', 'changed', 'source', 'seen_at', 'record'])
    .orderBy('decision_id')
    .orderBy('version')
    .execute();
  return {
    decisions,
    versions: versions.map(({ record, ...v }) => ({ ...v, title: (record as NormalisedDecision).title })),
  };
}

describe('decisions projection: a batch applied in memory', () => {
  it.each([1, 3, 50])('the same decisions and versions with %i event(s) per batch', async (batchSize) => {
    handle = await project(EVENTS, batchSize);
    const { decisions, versions } = await readModel(handle.db);
    expect(decisions).toEqual([
      {
        decision_id: idOf(A),
        title: 'Urteil 4A_10/2024',
        full_text: A.full_text,
        source: 'entscheidsuche',
        version: 3,
        withdrawn_at: null,
        withdrawal_reason: null,
      },
      {
        decision_id: idOf(B),
        title: 'Urteil 5A_20/2024',
        full_text: B2.full_text,
        source: 'entscheidsuche',
        version: 2,
        withdrawn_at: null,
        withdrawal_reason: null,
      },
      {
        decision_id: 'bger_6B_30_2024',
        title: 'Urteil 6B_30/2024',
        full_text: 'Urteil.',
        source: 'entscheidsuche',
        version: 1,
        withdrawn_at: '2026-01-13T00:00:00.000Z',
        withdrawal_reason: 'removed by the court',
      },
    ]);
    expect(versions).toEqual([
      {
        decision_id: idOf(A),
        version: 1,
        changed: [],
        source: 'entscheidsuche',
        seen_at: '2026-01-02T00:00:00.000Z',
        title: 'Urteil 4A_10/2024',
      },
      {
        decision_id: idOf(A),
        version: 2,
        changed: ['title'],
        source: 'entscheidsuche',
        seen_at: '2026-01-03T00:00:00.000Z',
        title: 'Mietrecht; Kündigung',
      },
      {
        decision_id: idOf(A),
        version: 3,
        changed: ['title'],
        source: 'entscheidsuche',
        seen_at: '2026-01-08T00:00:00.000Z',
        title: 'Urteil 4A_10/2024',
      },
      {
        decision_id: idOf(B),
        version: 1,
        changed: [],
        source: 'bger',
        seen_at: '2026-01-02T00:00:00.000Z',
        title: 'Urteil 5A_20/2024',
      },
      {
        decision_id: idOf(B),
        version: 2,
        changed: ['full_text'],
        source: 'entscheidsuche',
        seen_at: '2026-01-09T00:00:00.000Z',
        title: 'Urteil 5A_20/2024',
      },
      {
        decision_id: 'bger_6B_30_2024',
        version: 1,
        changed: [],
        source: 'entscheidsuche',
        seen_at: '2026-01-01T00:00:00.000Z',
        title: 'Urteil 6B_30/2024',
      },
    ]);
  });

  it('a repeated withdrawal keeps the first date and reason, also within one batch', async () => {
    handle = await project(EVENTS.slice(0, 5), 50);
    const [a] = (await readModel(handle.db)).decisions;
    expect(a).toMatchObject({
      version: 2,
      withdrawn_at: '2026-01-05T00:00:00.000Z',
      withdrawal_reason: 'first',
    });
  });

  it('a batch of more decisions than one statement takes is written whole, the later events of a decision last', async () => {
    const many = Array.from({ length: 600 }, (_, i) => ({
      court: 'bger',
      docket_number: `1C_${i + 1}/2024`,
      full_text: `Urteil ${i + 1}.`,
    }));
    const events = [
      ...many.map((d) => from('entscheidsuche', d)),
      from('entscheidsuche', { ...many[7]!, full_text: 'Berichtigt.' }),
    ];
    handle = await project(events, 1000);
    const counts = await handle.db
      .selectFrom('decisions')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('version').as('versions')])
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(600);
    expect(Number(counts.versions)).toBe(601);
    const corrected = await handle.db
      .selectFrom('decisions')
      .select(['full_text', 'version'])
      .where('decision_id', '=', idOf(many[7]!))
      .executeTakeFirstOrThrow();
    expect(corrected).toEqual({ full_text: 'Berichtigt.', version: 2 });
    const versionRows = await handle.db
      .selectFrom('decision_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(versionRows.n)).toBe(601);
  });
});
