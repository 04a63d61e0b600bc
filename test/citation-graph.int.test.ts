/**
 * The citation-graph projection on PGlite through the real runner (table event log, generations):
 * references stored as extracted, edges resolved on read whatever the arrival order, a new
 * version replacing a decision's rows, re-delivery changing nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomingEdges, outgoingEdges, unresolvedReferences } from '../api/queries/graph-edges.sql.ts';
import type { NormalisedDecision } from '../contracts/events/index.ts';
import type { DatabaseHandle } from '../infra/db/database.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { decisionEvent, makeDecision } from './support/decisions.ts';
import { openTestDatabase } from './support/engines.ts';
import { decisionIdentifiersProjection } from '../projector/decision-identifiers/decision-identifiers.projection.ts';
import type { PositionedEvent } from '../projector/projection.ts';
import { ProjectorHost } from '../projector/projector-host.ts';
import { citationGraphProjection } from '../projector/citation-graph/citation-graph.projection.ts';

const silent = { info() {}, warn() {}, error() {} };
const PAGE = { minConfidence: 0, limit: 50, offset: 0 };

let handle: DatabaseHandle;
let log: TableEventLog;
let host: ProjectorHost;

async function publish(...decisions: NormalisedDecision[]): Promise<void> {
  await log.append(decisions.map(decisionEvent));
  await host.waitUntilCaughtUp(undefined, 10);
}

const citing = makeDecision({
  court: 'bger',
  docket_number: '4A_500/2021',
  decision_date: '2021-09-01',
  full_text: [
    'Bundesgericht',
    '4A_500/2021',
    'Urteil vom 1. September 2021',
    'Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich, II. Zivilkammer, vom 3. März 2021 (LB210005).',
    'Sachverhalt:',
    'A. Die Parteien streiten über Schadenersatz nach Art. 41 Abs. 1 OR.',
    'Erwägungen:',
    '1. Nach BGE 140 III 86 E. 2.3 und Urteil 4A_100/2020 vom 5. März 2020 E. 3 gilt Art. 41 OR; vgl. auch BGE 140 III 86 E. 4 und Art. 8 ZGB.',
    '2. Siehe ferner Urteil 4A_999/2019 vom 1. Februar 2020.',
    'Demnach erkennt das Bundesgericht:',
    '1. Die Beschwerde wird abgewiesen.',
  ].join('\n\n'),
});
const bge = makeDecision({
  court: 'bge',
  docket_number: 'BGE 140 III 86',
  decision_date: '2014-02-10',
  full_text: 'Auszug aus dem Urteil\n\nErwägungen:\n\n2.\n\n2.3 Text.\n\n4. Mehr Text.',
});
const bger = makeDecision({
  court: 'bger',
  docket_number: '4A_100/2020',
  decision_date: '2020-03-05',
  full_text: 'Bundesgericht\n\nErwägungen:\n\n3. Ein Grundsatz.',
});
const lower = makeDecision({
  court: 'zh_obergericht',
  docket_number: 'LB210005',
  decision_date: '2021-03-03',
  full_text: 'Obergericht des Kantons Zürich\n\nLB210005\n\nUrteil vom 3. März 2021\n\nErwägungen:\n\n1. Die Berufung ist unbegründet.',
});

beforeAll(async () => {
  handle = await openTestDatabase('pglite');
  log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  host = new ProjectorHost(
    { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
    [decisionIdentifiersProjection, citationGraphProjection],
    { batchSize: 3, watchIntervalMs: 0 },
  );
  await host.start();
});

afterAll(async () => {
  await host?.stop();
  await log?.close();
  await handle?.close();
});

describe('citation-graph projection', () => {
  it('stores references as extracted: deduplicated per key, pinpoints collected, own docket left out', async () => {
    await publish(citing);
    const refs = await handle.db
      .selectFrom('decision_references')
      .select(['role', 'kind', 'ref_key', 'ref_court', 'ref_canton', 'pinpoints', 'mentions', 'stated_date', 'origin'])
      .where('source_id', '=', citing.decision_id)
      .orderBy('ordinal')
      .execute();
    expect(refs).toEqual([
      // the grammar reads the appeal line whole (court, chamber, date, docket): a cantonal citation
      { role: 'appeal_prior', kind: 'cantonal', ref_key: 'lb210005', ref_court: 'zh_obergericht', ref_canton: 'ZH', pinpoints: null, mentions: 1, stated_date: '2021-03-03', origin: 'header' },
      { role: 'citation', kind: 'bge', ref_key: 'bge 140 iii 86', ref_court: 'bge', ref_canton: 'CH', pinpoints: '2.3, 4', mentions: 2, stated_date: null, origin: 'text' },
      { role: 'citation', kind: 'docket', ref_key: '4a_100/2020', ref_court: 'bger', ref_canton: 'CH', pinpoints: '3', mentions: 1, stated_date: '2020-03-05', origin: 'text' },
      { role: 'citation', kind: 'docket', ref_key: '4a_999/2019', ref_court: 'bger', ref_canton: 'CH', pinpoints: null, mentions: 1, stated_date: '2020-02-01', origin: 'text' },
    ]);
    const statutes = await handle.db
      .selectFrom('statute_references')
      .select(['act_key', 'article', 'sr_number', 'mentions'])
      .where('source_id', '=', citing.decision_id)
      .orderBy('act_key')
      .execute();
    expect(statutes).toEqual([
      { act_key: '210', article: '8', sr_number: '210', mentions: 1 },
      { act_key: '220', article: '41', sr_number: '220', mentions: 2 },
    ]);
    const node = await handle.db.selectFrom('citation_nodes').selectAll().where('decision_id', '=', citing.decision_id).executeTakeFirstOrThrow();
    expect(node).toMatchObject({ case_references: 3, statute_references: 2, decision_date: '2021-09-01' });
  });

  it('the citing decision first: its references stay unresolved until the cited ones arrive', async () => {
    expect((await outgoingEdges(handle.db, citing.decision_id, 'citation', PAGE)).total).toBe(0);
    expect((await unresolvedReferences(handle.db, citing.decision_id, 'citation', { limit: 10 })).total).toBe(3);
    await publish(bge, bger, lower);
    const out = await outgoingEdges(handle.db, citing.decision_id, 'citation', PAGE);
    expect(out.rows.map((r) => [r.target_id, r.match, r.date_order, r.confidence])).toEqual([
      [bge.decision_id, 'exact', 'consistent', 0.95],
      [bger.decision_id, 'exact', 'stated_date_agrees', 1],
    ]);
    expect((await unresolvedReferences(handle.db, citing.decision_id, 'citation', { limit: 10 })).rows.map((r) => r.ref_key)).toEqual(['4a_999/2019']);
    const inc = await incomingEdges(handle.db, bge.decision_id, 'citation', PAGE);
    expect(inc.rows.map((r) => [r.source_id, r.pinpoints])).toEqual([[citing.decision_id, '2.3, 4']]);
    const prior = await outgoingEdges(handle.db, citing.decision_id, 'appeal_prior', PAGE);
    expect(prior.rows.map((r) => [r.target_id, r.court_agreement, r.date_order, r.confidence])).toEqual([
      [lower.decision_id, 'same_court', 'stated_date_agrees', 0.74],
    ]);
    const subsequent = await incomingEdges(handle.db, lower.decision_id, 'appeal_prior', PAGE);
    expect(subsequent.rows.map((r) => r.source_id)).toEqual([citing.decision_id]);
  });

  it('the cited decision first resolves the same way', async () => {
    const cited = makeDecision({ court: 'bger', docket_number: '6B_10/2018', decision_date: '2018-06-01', full_text: 'Erwägungen:\n\n1. Text.' });
    await publish(cited);
    const later = makeDecision({
      court: 'bvger',
      docket_number: 'A-77/2022',
      decision_date: '2022-01-20',
      full_text: 'Erwägungen:\n\n1. Gemäss Urteil des Bundesgerichts 6B_10/2018 vom 1. Juni 2018 E. 1 ist das so.',
    });
    await publish(later);
    const inc = await incomingEdges(handle.db, cited.decision_id, 'citation', PAGE);
    expect(inc.rows.map((r) => [r.source_id, r.confidence])).toEqual([[later.decision_id, 1]]);
  });

  it('a new version replaces every row of the decision', async () => {
    const v2 = makeDecision({
      ...citing,
      full_text: citing.full_text.replace('Urteil 4A_100/2020 vom 5. März 2020 E. 3', 'BGE 141 II 1').replace('Art. 8 ZGB', 'Art. 2 ZGB'),
    });
    await publish(v2);
    const out = await outgoingEdges(handle.db, citing.decision_id, 'citation', PAGE);
    expect(out.rows.map((r) => r.target_id)).toEqual([bge.decision_id]);
    expect((await incomingEdges(handle.db, bger.decision_id, 'citation', PAGE)).total).toBe(0);
    const statutes = await handle.db
      .selectFrom('statute_references')
      .select(['act_key', 'article'])
      .where('source_id', '=', citing.decision_id)
      .orderBy('act_key')
      .orderBy('article')
      .execute();
    expect(statutes).toEqual([
      { act_key: '210', article: '2' },
      { act_key: '220', article: '41' },
    ]);
    const counts = await sql<{ n: number }>`select count(*)::int as n from decision_references where source_id = ${citing.decision_id}`.execute(handle.db);
    expect(Number(counts.rows[0]!.n)).toBe(4);
  });

  it('handling a batch again (re-delivery before the checkpoint) changes nothing', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from decision_references`.execute(handle.db);
    const event = decisionEvent(bge).envelope;
    const batch: PositionedEvent[] = [
      { event: event as PositionedEvent['event'], stream: 'decisions', partition: 0, position: 1 },
    ];
    const gen = host.generations().find((g) => g.projection.name === 'citation-graph')!;
    await handle.db.transaction().execute(async (tx) => {
      await sql`select set_config('search_path', ${`"${gen.schema}", "${gen.base}"`}, true)`.execute(tx);
      await citationGraphProjection.handle(batch, { tx, now: new Date().toISOString(), generation: gen.generation });
    });
    const after = await sql<{ n: number }>`select count(*)::int as n from decision_references`.execute(handle.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const node = await handle.db.selectFrom('citation_nodes').select('event_position').where('decision_id', '=', bge.decision_id).executeTakeFirstOrThrow();
    expect(Number(node.event_position)).toBeGreaterThan(1);
  });
});
