/**
 * Lookups kept in process (`/decisions/{id}`, `/cite`, `/laws/{abbreviation}`, and the summaries
 * of compact search pages): a repeated lookup
 * is served with an ETag and answered 304 to a matching `If-None-Match`; a new version, a
 * withdrawal or a new consolidation projected after the lookup was kept is served by the very
 * next request (once the database's notification of it arrived, where the state is told by
 * notifications). One app over an in-memory PGlite, events projected by the real projections; the
 * state of the read models read from the database per request, known in process from the
 * projector beside the API (embedded), or told by the database's notifications (the API process of
 * postgres and distributed mode, which then never asks the database for it).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite, type DatabaseHandle } from '../infra/db/database.ts';
import type { OutgoingEvent } from '../infra/event-log/event-log.port.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import type { DecisionSearchIndex } from '../infra/search/search.port.ts';
import { ProjectorHost } from '../projector/projector-host.ts';
import { allProjections } from '../projector/projections.ts';
import { decisionEvent, makeDecision, withdrawalEvent, type DecisionInput } from './support/decisions.ts';
import { searchTextOf } from '../api/queries/decision-search.query.ts';
import { appOver } from './support/read-models.ts';
import { makeVersion, versionEvent } from './support/statutes-events.ts';
import {
  InProcessReadModelState,
  NotifiedReadModelState,
  type ReadModelStateSource,
  SharedRead,
} from '../api/lookup-cache.ts';

const quiet = { info() {}, warn() {}, error() {} };

/** The real projections over `handle`'s table log, writing the Postgres search index. */
async function projectorOver(
  handle: DatabaseHandle,
  onCommit?: InProcessReadModelState['onCommit'],
): Promise<{ search: PostgresSearchIndex; log: TableEventLog; host: ProjectorHost }> {
  const search = new PostgresSearchIndex(handle.db);
  const log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  const host = new ProjectorHost(
    { db: handle.db, log, now: () => new Date().toISOString(), logger: quiet },
    allProjections({ writer: search }),
    { batchSize: 10, watchIntervalMs: 0, ...(onCommit ? { onCommit } : {}) },
  );
  await host.start();
  return { search, log, host };
}

/** The app over the projected read models, its read models' state from `state` (absent: the database). */
const appOn = (
  projector: { readonly search: PostgresSearchIndex },
  handle: DatabaseHandle,
  state?: ReadModelStateSource,
  search?: DecisionSearchIndex,
): Promise<FastifyInstance> =>
  appOver(
    { handle, search: projector.search },
    { ...(search ? { search } : {}), ...(state ? { deps: { readModelState: state } } : {}) },
  );
const V1: DecisionInput = {
  court: 'bger',
  docket_number: '4A_300/2025',
  decision_date: '2025-03-04',
  language: 'de',
  title: 'Mietrecht; Kündigung',
  regeste: 'Art. 271 OR; Anfechtung der Kündigung.',
  full_text: 'Erwägungen:\n\n1. Die Kündigung ist treuwidrig (Zitronenfalter).',
};
const V2: DecisionInput = {
  ...V1,
  title: 'Mietrecht; Kündigung wegen Eigenbedarfs',
  full_text: 'Erwägungen:\n\n1. Die Kündigung ist treuwidrig (Kohlweissling).',
};
const ID = 'bger_4A_300_2025';
/** A decision on the topic of the /leading-cases checks, saying `what` of it. */
const onTopic = (docket: string, date: string, what: string): DecisionInput => ({
  ...V1,
  docket_number: docket,
  decision_date: date,
  title: 'Artenschutz',
  regeste: 'Schutz des Feuersalamanders.',
  full_text: `Erwägungen:\n\n1. Der Feuersalamander ${what}.`,
});
const ids = (results: readonly { decision_id: string }[]) => results.map((r) => r.decision_id);

/** A compact search page holding the decision (its summaries are kept per state, as the lookups). */
const COMPACT_PAGE = '/decisions?query=Kündigung&fields=compact';

const article = (text: string) => [
  { article_num: '41', eid: 'art_41', heading: 'Haftung', text, block: null },
];

describe.each([
  { state: 'read from the database', source: 'database' },
  { state: 'known in process (embedded)', source: 'in process' },
  { state: "told by the database's notifications (API process)", source: 'notified' },
] as const)('lookups kept per read-model state $state', ({ source }) => {
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let host: ProjectorHost;
  let app: FastifyInstance;
  let notified: NotifiedReadModelState | undefined;
  let state: ReadModelStateSource | undefined;
  let askedDatabase = 0;
  const publish = async (events: readonly OutgoingEvent[]) => {
    const before = await notified?.current();
    await log.append(events);
    await host.waitUntilCaughtUp(undefined, 10);
    // a notification arrives after the commit it announces
    if (notified) {
      await vi.waitFor(async () => expect(await notified!.current()).not.toBe(before));
      expect(askedDatabase, 'lookups asked the database while listening').toBe(0);
    }
  };
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  beforeAll(async () => {
    handle = await openPglite({ dataDir: null });
    const tracker = new InProcessReadModelState();
    const inProcess = source === 'in process';
    const projector = await projectorOver(handle, inProcess ? tracker.onCommit : undefined);
    ({ log, host } = projector);
    if (source === 'notified') {
      // before it listens, the state comes from the database: counted, to show it is not asked after
      const reader = { current: () => `database ${++askedDatabase}` };
      notified = new NotifiedReadModelState(handle.listen, reader);
      await vi.waitFor(() => expect(notified!.current()).toMatch(/^notified /));
      askedDatabase = 0;
    }
    state = inProcess ? tracker : notified;
    app = await appOn(projector, handle, state);
    await publish([
      decisionEvent(makeDecision(V1)),
      versionEvent(
        makeVersion({
          sr_number: '220',
          abbreviation: 'OR',
          title: 'Obligationenrecht',
          consolidation_date: '2024-01-01',
          articles: article(
            'Wer einem andern widerrechtlich Schaden zufügt, wird ihm zum Ersatze verpflichtet.',
          ),
        }),
      ),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await notified?.close();
    await host?.stop();
    await log?.close();
    await handle?.close();
  });

  it('a repeated lookup is the same body with the same ETag; a matching If-None-Match is answered 304', async () => {
    for (const url of [`/decisions/${ID}?full_text=false`, `/cite?reference=${ID}`, '/laws/OR?article=41']) {
      const first = await get(url);
      const second = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(second.body).toBe(first.body);
      const etag = first.headers['etag'] as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(second.headers['etag']).toBe(etag);
      const revalidated = await get(url, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
    // The full-detail and short forms are different bodies.
    const full = (await get(`/decisions/${ID}`)).json();
    expect(full.full_text).toBe(V1.full_text);
    expect((await get(`/decisions/${ID}?full_text=false`)).json().full_text).toBeUndefined();
  });

  it('a new version projected after the lookup was kept is served by the next request, with a new ETag', async () => {
    const before = await get(`/decisions/${ID}`);
    const citeBefore = await get(`/cite?reference=${ID}`);
    expect(before.json().version).toBe(1);
    expect(citeBefore.json().title).toBe(V1.title);
    // a compact page, asked twice so that its summary is kept
    const compactTitles = async () =>
      ((await get(COMPACT_PAGE)).json().results as { decision_id: string; title: string }[]).map(
        (r) => `${r.decision_id}: ${r.title}`,
      );
    expect(await compactTitles()).toEqual([`${ID}: ${V1.title}`]);
    expect(await compactTitles()).toEqual([`${ID}: ${V1.title}`]);

    await publish([decisionEvent(makeDecision(V2))]);

    expect(await compactTitles()).toEqual([`${ID}: ${V2.title}`]);

    const after = await get(`/decisions/${ID}`);
    expect(after.json().version).toBe(2);
    expect(after.json().full_text).toBe(V2.full_text);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(
      (await get(`/decisions/${ID}`, { 'if-none-match': before.headers['etag'] as string })).statusCode,
    ).toBe(200);
    expect((await get(`/cite?reference=${ID}`)).json().title).toBe(V2.title);
    // the docket form of the same decision
    expect((await get('/decisions/4A_300/2025?full_text=false')).json().version).toBe(2);
  });

  it('a withdrawal projected after the lookup was kept is served by the next request', async () => {
    expect((await get(`/decisions/${ID}?full_text=false`)).json().withdrawn).toBe(false);
    expect((await get(COMPACT_PAGE)).json().returned).toBe(1);
    await publish([withdrawalEvent(ID, '2026-01-10T08:00:00.000Z')]);
    expect((await get(COMPACT_PAGE)).json()).toMatchObject({ total: 0, returned: 0, results: [] });
    const after = (await get(`/decisions/${ID}?full_text=false`)).json();
    expect(after.withdrawn).toBe(true);
    expect(after.withdrawal_reason).toBe('removed by the court');
  });

  it('a new consolidation of an act projected after the lookup was kept is served by the next request', async () => {
    const before = (await get('/laws/OR?article=41')).json();
    expect(JSON.stringify(before)).toContain('zum Ersatze verpflichtet');
    await publish([
      versionEvent(
        makeVersion({
          sr_number: '220',
          abbreviation: 'OR',
          title: 'Obligationenrecht',
          consolidation_date: '2025-01-01',
          articles: article('Wer einem andern widerrechtlich Schaden zufügt, ist zum Ersatz verpflichtet.'),
        }),
      ),
    ]);
    const after = (await get('/laws/OR?article=41')).json();
    expect(JSON.stringify(after)).toContain('ist zum Ersatz verpflichtet');
  });

  it('/leading-cases of a topic is kept per state (same body, ETag, 304), and the next request counts a citation projected after it', async () => {
    const url = '/leading-cases?query=Feuersalamander';
    await publish([decisionEvent(makeDecision(onTopic('4A_310/2025', '2025-04-01', 'ist geschützt')))]);
    const first = await get(url);
    const second = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(ids(first.json().results)).toEqual(['bger_4A_310_2025']);
    expect(second.body).toBe(first.body);
    const etag = first.headers['etag'] as string;
    expect(second.headers['etag']).toBe(etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    await publish([
      decisionEvent(
        makeDecision(onTopic('4A_311/2025', '2025-05-01', 'wie im Urteil 4A_310/2025 vom 1. April 2025')),
      ),
    ]);
    const after = (await get(url)).json();
    expect(ids(after.results)).toEqual(['bger_4A_310_2025', 'bger_4A_311_2025']);
    expect(after.results[0].authority).toMatchObject({ citing_in_context: 1, in_context: true });
  });

  it('a search text read as a whole reference is read again once the read models moved: a docket searched before its decision was projected names it after', async () => {
    const later: DecisionInput = { ...V1, docket_number: '4A_330/2025', title: 'Nachzügler' };
    const deps = { db: handle.db, ...(state ? { readModelState: state } : {}) };
    const read = () => searchTextOf(deps, { query: '4A_330/2025' });
    const unknown = await read();
    expect(JSON.stringify(unknown)).not.toContain('bger_4A_330_2025');
    expect(await read()).toEqual(unknown);
    await publish([decisionEvent(makeDecision(later))]);
    // the decision by its id first, then its docket (and so the decisions citing it)
    const named = await read();
    expect(named).toMatchObject({
      kind: 'or',
      children: [
        { kind: 'reference', refKind: 'decision_id', key: 'bger_4A_330_2025' },
        { kind: 'reference' },
      ],
    });
    expect(await read()).toEqual(named);
    expect(ids((await get('/decisions?query=4A_330/2025&fields=compact')).json().results)[0]).toBe(
      'bger_4A_330_2025',
    );
  });

  it('a miss is not kept: the decision published after a 404 is found', async () => {
    const later: DecisionInput = { ...V1, docket_number: '4A_301/2025', title: 'Später' };
    expect((await get('/decisions/bger_4A_301_2025')).statusCode).toBe(404);
    await publish([decisionEvent(makeDecision(later))]);
    expect((await get('/decisions/bger_4A_301_2025')).statusCode).toBe(200);
  });
});

describe('/leading-cases kept under a read-model state that stands still', () => {
  // OpenSearch shows a document some time after the commit that moved the read models' state: a
  // state that stands still while the topic's matches change must not serve the earlier answer.
  // Postgres full-text changes with that state only: there the whole answer is kept.
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let host: ProjectorHost;
  let lagging: FastifyInstance;
  let moving: FastifyInstance;
  const publish = async (decision: DecisionInput) => {
    await log.append([decisionEvent(makeDecision(decision))]);
    await host.waitUntilCaughtUp(undefined, 10);
  };

  beforeAll(async () => {
    handle = await openPglite({ dataDir: null });
    const projector = await projectorOver(handle);
    ({ log, host } = projector);
    const search = projector.search;
    const still = { current: () => 'standing still' };
    moving = await appOn(projector, handle, still);
    // the same Postgres index, shown to the API as one that does not change with that state
    const laggingIndex: DecisionSearchIndex = {
      changesWithReadModelState: false,
      search: (request) => search.search(request),
      searchIds: (request) => search.searchIds(request),
      compactHits: (ids) => search.compactHits(ids),
    };
    lagging = await appOn(projector, handle, still, laggingIndex);
  });

  afterAll(async () => {
    await lagging?.close();
    await moving?.close();
    await host?.stop();
    await log?.close();
    await handle?.close();
  });

  it('an index that does not change with the state: a topic match it shows later makes a new answer', async () => {
    const url = '/leading-cases?query=Feuersalamander';
    await publish(onTopic('4A_310/2025', '2025-04-01', 'ist geschützt'));
    expect(ids((await lagging.inject(url)).json().results)).toEqual(['bger_4A_310_2025']);
    await publish(onTopic('4A_312/2025', '2025-06-01', 'lebt im Wald'));
    expect(ids((await lagging.inject(url)).json().results)).toEqual(['bger_4A_312_2025', 'bger_4A_310_2025']);
  });

  it('an index that changes with the state only: the whole answer is kept under the state', async () => {
    const url = '/leading-cases?query=Gelbbauchunke';
    const unke = (docket: string, date: string): DecisionInput => ({
      ...onTopic(docket, date, 'ist geschützt'),
      full_text: 'Erwägungen:\n\n1. Die Gelbbauchunke ist geschützt.',
    });
    await publish(unke('4A_320/2025', '2025-04-01'));
    const first = await moving.inject(url);
    expect(ids(first.json().results)).toEqual(['bger_4A_320_2025']);
    await publish(unke('4A_321/2025', '2025-06-01'));
    // the state stood still, so the index is taken to be where it stood: the answer kept is served
    expect((await moving.inject(url)).body).toBe(first.body);
    expect(ids((await lagging.inject(url)).json().results)).toEqual(['bger_4A_321_2025', 'bger_4A_320_2025']);
  });
});

describe('SharedRead', () => {
  it('concurrent callers share one read; a caller arriving during a read gets the next read', async () => {
    let reads = 0;
    const gates: (() => void)[] = [];
    const shared = new SharedRead(
      () =>
        new Promise<number>((resolve) => {
          const n = ++reads;
          gates.push(() => resolve(n));
        }),
    );
    const a = shared.get(); // starts read 1
    const b = shared.get(); // waits for read 2: read 1 began before it
    const c = shared.get(); // shares read 2
    expect(reads).toBe(1);
    gates[0]!();
    expect(await a).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    gates[1]!();
    expect(await b).toBe(2);
    expect(await c).toBe(2);
    const d = shared.get(); // nothing under way: a read of its own
    expect(reads).toBe(3);
    gates[2]!();
    expect(await d).toBe(3);
  });
});

describe('InProcessReadModelState', () => {
  it('moves on every batch and is null while one is committing', () => {
    const state = new InProcessReadModelState();
    const before = state.current();
    state.onCommit('begin');
    expect(state.current()).toBeNull();
    state.onCommit('begin');
    state.onCommit('end');
    expect(state.current()).toBeNull();
    state.onCommit('end');
    const after = state.current();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });
});
