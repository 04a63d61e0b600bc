import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../infra/db/database.ts';
import type { EventLog, SubscribeOptions, Subscription } from '../infra/event-log/event-log.port.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import { decisionEvent, makeDecision } from '../test/support/decisions.ts';
import { openTestDatabase } from '../test/support/engines.ts';
import { requestOf } from '../test/support/search.suite.ts';
import { checkpointName, type Projection, RetriableProjectionError } from './projection.ts';
import { GenerationRegistry } from './generations.ts';
import { liveLag, projectionLag, waitUntilCaughtUp } from './lag.ts';
import { ProjectionRunner } from './projection-runner.ts';
import { PROJECTOR_GROUP, ProjectorHost } from './projector-host.ts';
import { rebuildProjection, rebuildProjections } from './rebuild.ts';
import { postgresTables } from './storage/projection-storage.ts';
import { allProjections } from './projections.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('projection runner on the embedded database', () => {
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let runner: ProjectorHost | null = null;

  beforeEach(async () => {
    handle = await openTestDatabase('pglite');
    log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await handle.close();
  });

  async function project(projections: Projection[], sleep?: (ms: number) => Promise<void>) {
    runner = new ProjectorHost(
      {
        db: handle.db,
        log,
        now: () => '2026-01-02T00:00:00.000Z',
        logger: quiet,
        ...(sleep ? { sleep } : {}),
      },
      projections,
      { batchSize: 4, watchIntervalMs: 0 },
    );
    await runner.start();
    await runner.waitUntilCaughtUp(undefined, 10);
  }
  const projections = () => allProjections({ writer: new PostgresSearchIndex(handle.db) });
  /** Projects the log, then stops the host (a rebuild or a start follows on its own). */
  async function projectAndStop(projections: Projection[]) {
    await project(projections);
    await runner?.stop();
    runner = null;
  }
  /** The definitions of a schema's indexes, the schema's name replaced by `g` (comparable across generations). */
  const indexDefsOf = async (schema: string) =>
    (
      await sql<{ def: string }>`select replace(indexdef, ${schema}, 'g') as def from pg_indexes
        where schemaname = ${schema}`.execute(handle.db)
    ).rows
      .map((r) => r.def)
      .toSorted();

  const d1 = makeDecision({ court: 'bger', docket_number: '4A_1/2020', full_text: 'Erwägung eins.' });
  const d2 = makeDecision({ court: 'bger', docket_number: '4A_2/2020', full_text: 'Erwägung zwei.' });

  it('projects decisions and commits the checkpoint with the rows', async () => {
    await log.append([decisionEvent(d1), decisionEvent(d2)]);
    await project(projections());
    const rows = await handle.db
      .selectFrom('decisions')
      .select(['decision_id', 'version'])
      .orderBy('decision_id')
      .execute();
    expect(rows).toEqual([
      { decision_id: 'bger_4A_1_2020', version: 1 },
      { decision_id: 'bger_4A_2_2020', version: 1 },
    ]);
    const checkpoints = await handle.db.selectFrom('projection_checkpoints').selectAll().execute();
    // every projection of the decisions stream commits its checkpoint
    expect(checkpoints.map((c) => c.projection).sort()).toEqual(
      projections()
        .filter((p) => p.streams.includes('decisions'))
        .map((p) => checkpointName(p, 1))
        .sort(),
    );
    expect(await handle.db.selectFrom('court_stats').select(['court', 'decision_count']).execute()).toEqual([
      { court: 'bger', decision_count: 2 },
    ]);
  });

  it('lets the host measure the lag before its runners start, and reports the events of each batch', async () => {
    const d3 = makeDecision({ court: 'bger', docket_number: '4A_3/2020', full_text: 'Erwägung drei.' });
    await log.append([decisionEvent(d1), decisionEvent(d2), decisionEvent(d3)]);
    const decisions = projections().find((p) => p.name === 'decisions')!;
    const courts = projections().find((p) => p.name === 'courts')!;
    const batches: { projection: string; events: number }[] = [];
    let before: number | null = null;
    runner = new ProjectorHost(
      { db: handle.db, log, now: () => '2026-01-02T00:00:00.000Z', logger: quiet },
      [decisions, courts],
      {
        batchSize: 2,
        watchIntervalMs: 0,
        onProgress: (projection, _stream, _position, events) => batches.push({ projection, events }),
      },
    );
    await runner.start({
      beforeRunning: async (generations) => {
        const lags = await projectionLag(handle.db, log, generations);
        before = lags.reduce((n, l) => n + l.lag, 0);
      },
    });
    await runner.waitUntilCaughtUp(undefined, 10);
    // Measured before anything was projected: three events for each of the two projections.
    expect(before).toBe(6);
    expect(batches.reduce((n, b) => n + b.events, 0)).toBe(6);
    expect(batches.filter((b) => b.projection === 'decisions').map((b) => b.events)).toEqual([2, 1]);
  });

  it('liveLag: events each live generation has not projected; Infinity before a generation is live', async () => {
    const decisions = projections().find((p) => p.name === 'decisions')!;
    const health = projections().find((p) => p.name === 'scraper-health')!;
    await log.append([decisionEvent(d1), decisionEvent(d2)]);
    expect(await liveLag(handle.db, log, [decisions, health])).toEqual({
      decisions: Number.POSITIVE_INFINITY,
      'scraper-health': Number.POSITIVE_INFINITY,
    });
    await project([decisions]);
    await runner!.stop();
    runner = null;
    const d3 = makeDecision({ court: 'bger', docket_number: '4A_3/2020', full_text: 'Erwägung drei.' });
    await log.append([decisionEvent(d3), decisionEvent({ ...d1, title: 'Neu' })]);
    expect(await liveLag(handle.db, log, [decisions, health])).toEqual({
      decisions: 2,
      'scraper-health': Number.POSITIVE_INFINITY,
    });
    await project([decisions]);
    expect(await liveLag(handle.db, log, [decisions])).toEqual({ decisions: 0 });
  });

  it('dead-letters invalid events with the reason and carries on', async () => {
    await log.append([
      decisionEvent(d1),
      {
        stream: 'decisions',
        envelope: { ...decisionEvent(d2).envelope, eventId: 'broken-1', data: { decision_id: 'x' } },
      },
      {
        stream: 'decisions',
        envelope: {
          type: 'DecisionPublished',
          schemaVersion: 99,
          eventId: 'broken-2',
          occurredAt: '2026-01-01T00:00:00Z',
          source: 't',
          key: 'k',
          data: {},
        },
      },
      decisionEvent(d2),
    ]);
    await project(projections());
    const ids = (await handle.db.selectFrom('decisions').select('decision_id').execute())
      .map((r) => r.decision_id)
      .sort();
    expect(ids).toEqual(['bger_4A_1_2020', 'bger_4A_2_2020']);
    const dead = await handle.db
      .selectFrom('dead_letters')
      .selectAll()
      .where('projection', '=', 'projection.decisions.g1')
      .orderBy('position')
      .execute();
    expect(dead.map((d) => d.event_id)).toEqual(['broken-1', 'broken-2']);
    expect(dead[0]!.reason).toMatch(/invalid DecisionPublished v1/);
    expect(dead[1]!.reason).toMatch(/v99/);
    expect(dead[0]!.payload).toMatchObject({ eventId: 'broken-1' });
  });

  it('isolates an event the handler cannot process and projects the rest of its batch', async () => {
    const picky: Projection = {
      name: 'picky',
      storage: postgresTables([], []),
      streams: ['decisions'],
      handles: ['DecisionPublished'],
      async handle(batch, { tx }) {
        for (const { event } of batch) {
          if (event.type === 'DecisionPublished' && event.data.docket_number === '4A_2/2020')
            throw new Error('cannot handle 4A_2');
          await tx
            .insertInto('ingest_state')
            .values({
              source: 'picky',
              item_id: event.key,
              entity_key: event.key,
              content_hash: 'h',
              first_seen_at: '2026-01-01T00:00:00Z',
              last_seen_at: '2026-01-01T00:00:00Z',
            })
            .execute();
        }
      },
    };
    const d3 = makeDecision({ court: 'bger', docket_number: '4A_3/2020', full_text: 'drei' });
    await log.append([decisionEvent(d1), decisionEvent(d2), decisionEvent(d3)]);
    await project([picky]);
    const done = (
      await handle.db.selectFrom('ingest_state').select('item_id').where('source', '=', 'picky').execute()
    )
      .map((r) => r.item_id)
      .sort();
    expect(done).toEqual(['bger_4A_1_2020', 'bger_4A_3_2020']);
    const dead = await handle.db.selectFrom('dead_letters').select(['reason', 'event_type']).execute();
    expect(dead).toEqual([
      { reason: expect.stringContaining('cannot handle 4A_2'), event_type: 'DecisionPublished' },
    ]);
  });

  it('backs off and retries transient failures instead of dead-lettering', async () => {
    let failures = 2;
    const delays: number[] = [];
    const flaky: Projection = {
      name: 'flaky',
      storage: postgresTables([], []),
      streams: ['decisions'],
      handles: ['DecisionPublished'],
      async handle() {
        if (failures-- > 0) throw new RetriableProjectionError('engine away');
      },
    };
    await log.append([decisionEvent(d1)]);
    await project([flaky], async (ms) => {
      delays.push(ms);
    });
    expect(delays).toEqual([200, 400]);
    expect(await handle.db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);
  });

  it('renews a growing generation’s planner statistics after 250 handled events and at each doubling; a failure stops nothing', async () => {
    const base = postgresTables(['growing_rows'], ['create table growing_rows (id text primary key)']);
    let handled = 0;
    const renewedAt: number[] = [];
    let statisticsRows = -1;
    const growing: Projection = {
      name: 'growing',
      storage: {
        ...base,
        async refreshStatistics(ctx) {
          renewedAt.push(handled);
          await base.refreshStatistics!(ctx);
          if (renewedAt.length === 1) {
            const stats = await sql<{ n: number }>`select count(*)::int as n from pg_stats
              where schemaname = ${ctx.schema} and tablename = 'growing_rows'`.execute(handle.db);
            statisticsRows = Number(stats.rows[0]!.n);
          }
          if (renewedAt.length === 2) throw new Error('analyze refused');
        },
      },
      streams: ['decisions'],
      handles: ['DecisionPublished'],
      async handle(batch, { tx }) {
        await sql`insert into growing_rows select unnest(${batch.map((e) => e.event.key)}::text[])`.execute(
          tx,
        );
        handled += batch.length;
      },
    };
    await log.append(
      Array.from({ length: 1100 }, (_, i) =>
        decisionEvent(
          makeDecision({ court: 'bger', docket_number: `4A_${i + 1}/2021`, full_text: `Text ${i}.` }),
        ),
      ),
    );
    runner = new ProjectorHost(
      { db: handle.db, log, now: () => '2026-01-02T00:00:00.000Z', logger: quiet },
      [growing],
      {
        batchSize: 100,
        watchIntervalMs: 0,
      },
    );
    await runner.start();
    await runner.waitUntilCaughtUp(undefined, 10);
    // after the batch that reached 250 (300), then 600 (≥ 2 × 300) and 1,200 would be next
    expect(renewedAt).toEqual([300, 600]);
    expect(statisticsRows).toBeGreaterThan(0);
    const rows = await sql<{ n: number }>`select count(*)::int as n from growing_rows`.execute(handle.db);
    expect(Number(rows.rows[0]!.n)).toBe(1100);
  });

  it('keeps versions: same content is a no-op, changed content a new version with history', async () => {
    const changed = makeDecision({
      court: 'bger',
      docket_number: '4A_1/2020',
      full_text: 'Erwägung eins, berichtigt.',
    });
    await log.append([decisionEvent(d1), decisionEvent(d1), decisionEvent(changed)]);
    await project(projections());
    const row = await handle.db
      .selectFrom('decisions')
      .select(['version', 'full_text'])
      .where('decision_id', '=', 'bger_4A_1_2020')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ version: 2, full_text: 'Erwägung eins, berichtigt.' });
    const versions = await handle.db
      .selectFrom('decision_versions')
      .select(['version', 'content_hash'])
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.content_hash)).toEqual([
      d1.provenance.content_hash,
      changed.provenance.content_hash,
    ]);
  });

  it('a rebuild into a new generation gives identical read models and swaps readers over', async () => {
    await log.append([decisionEvent(d1), decisionEvent(d2)]);
    const defs = projections();
    await project(defs);
    const read = () =>
      handle.db
        .selectFrom('decision_search')
        .select(['decision_id', 'rule_statement', 'ref_keys'])
        .orderBy('decision_id')
        .execute();
    const before = await read();
    const deps = { db: handle.db, log, now: () => '2026-01-02T00:00:00.000Z', logger: quiet };
    for (const projection of defs) {
      const result = await rebuildProjection(deps, projection, { batchSize: 3 });
      expect(result).toMatchObject({ generation: 2, previous: 1 });
    }
    expect(await read()).toEqual(before);
    expect(
      (await handle.db.selectFrom('decisions').select('version').execute()).map((r) => r.version),
    ).toEqual([1, 1]);
    const registry = await GenerationRegistry.open(handle.db);
    const rows = await registry.list();
    expect(rows.filter((r) => r.status === 'live').map((r) => r.generation)).toEqual(defs.map(() => 2));
    // The retired generation can be dropped, with its checkpoints; the live one cannot.
    const checkpoints = async () =>
      (
        await handle.db
          .selectFrom('projection_checkpoints')
          .select('projection')
          .where('projection', 'like', `projection.${defs[0]!.name}.%`)
          .orderBy('projection')
          .execute()
      ).map((r) => r.projection);
    expect(await checkpoints()).toEqual([`projection.${defs[0]!.name}.g1`, `projection.${defs[0]!.name}.g2`]);
    await registry.drop(defs[0]!, 1);
    expect(await checkpoints()).toEqual([`projection.${defs[0]!.name}.g2`]);
    await expect(registry.drop(defs[0]!, 2)).rejects.toThrow(/is live/);
    expect((await handle.db.selectFrom('decisions').selectAll().execute()).length).toBe(2);
  });

  it("a rebuild builds the readers' indexes once caught up: the same as a fresh generation, with the events that came in meanwhile", async () => {
    await log.append([decisionEvent(d1), decisionEvent(d2)]);
    const defs = projections();
    await projectAndStop(defs);
    const registry = await GenerationRegistry.open(handle.db);
    const search = defs.find((p) => p.name === 'decision-search')!;
    const d3 = makeDecision({ court: 'bger', docket_number: '4A_3/2020', full_text: 'Erwägung drei.' });
    let deferred: string[] = [];
    const rebuilt: Projection = {
      ...search,
      storage: {
        ...search.storage,
        complete: async (ctx) => {
          deferred = await indexDefsOf(ctx.schema);
          // an event that arrives while the indexes are built
          await log.append([decisionEvent(d3)]);
          await search.storage.complete!(ctx);
        },
      },
    };
    const deps = { db: handle.db, log, now: () => '2026-01-02T00:00:00.000Z', logger: quiet };
    await rebuildProjection(deps, rebuilt, { batchSize: 3 });
    const fresh = await indexDefsOf(registry.schemaFor('decision-search', 1));
    const live = await indexDefsOf(registry.schemaFor('decision-search', 2));
    expect(live).toEqual(fresh);
    // during the replay the generation had its primary keys only, not the 19 readers' indexes
    expect(deferred.length).toBeGreaterThan(0);
    expect(deferred.every((def) => def.startsWith('CREATE UNIQUE INDEX'))).toBe(true);
    expect(fresh.length - deferred.length).toBeGreaterThanOrEqual(19);
    const ids = await handle.db
      .selectFrom('decision_search')
      .select('decision_id')
      .orderBy('decision_id')
      .execute();
    expect(ids.map((r) => r.decision_id)).toEqual(
      [d1.decision_id, d2.decision_id, d3.decision_id].toSorted(),
    );
    const searchIndex = new PostgresSearchIndex(handle.db);
    const hits = await searchIndex.search(requestOf({ query: 'drei', limit: 10 }));
    expect(hits.hits.map((h) => h.decision_id)).toEqual([d3.decision_id]);
  });

  it("a start gives a live generation the readers' indexes it lacks", async () => {
    const defs = projections();
    await projectAndStop(defs);
    const registry = await GenerationRegistry.open(handle.db);
    const schema = registry.schemaFor('citation-graph', 1);
    const has = async (name: string) =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_indexes
            where schemaname = ${schema} and indexname = ${name}`.execute(handle.db)
        ).rows[0]!.n,
      );
    expect(await has('citation_edges_target')).toBe(1);
    await sql`drop index ${sql.id(schema)}.citation_edges_target`.execute(handle.db);
    expect(await has('citation_edges_target')).toBe(0);
    await registry.ensureLive(defs);
    expect(await has('citation_edges_target')).toBe(1);
  });

  it('rebuilds several projections side by side; one that fails keeps its live generation and stops none of the others', async () => {
    await log.append([decisionEvent(d1), decisionEvent(d2)]);
    const defs = projections();
    await projectAndStop(defs);
    const read = () =>
      handle.db
        .selectFrom('decision_search')
        .select(['decision_id', 'rule_statement'])
        .orderBy('decision_id')
        .execute();
    const before = await read();
    expect(before).toHaveLength(2);
    const deps = { db: handle.db, log, now: () => '2026-01-02T00:00:00.000Z', logger: quiet };
    const failing = defs.findIndex((p) => p.name === 'courts');
    const broken: Projection = {
      ...defs[failing]!,
      storage: {
        ...defs[failing]!.storage,
        create: async () => {
          throw new Error('no room for the new generation');
        },
      },
    };
    const heard: string[] = [];
    const outcomes = await rebuildProjections(
      deps,
      defs.map((p, i) => (i === failing ? broken : p)),
      { batchSize: 3, onDone: (o) => heard.push(o.projection) },
    );
    expect(outcomes.map((o) => o.projection)).toEqual(defs.map((p) => p.name));
    expect(heard.toSorted()).toEqual(defs.map((p) => p.name).toSorted());
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed.map((o) => o.projection)).toEqual(['courts']);
    expect(String((failed[0] as { error: Error }).error.message)).toMatch(/no room/);
    for (const o of outcomes) if (o.ok) expect(o.result).toMatchObject({ generation: 2, previous: 1 });
    expect(await read()).toEqual(before);
    const live = (await (await GenerationRegistry.open(handle.db)).list()).filter((r) => r.status === 'live');
    expect(new Map(live.map((r) => [r.projection, r.generation]))).toEqual(
      new Map(defs.map((p) => [p.name, p.name === 'courts' ? 1 : 2])),
    );
  });

  /** `inner`, its subscriptions made by `subscribe` (given the inner log's own). */
  function withSubscribe(inner: EventLog, subscribe: EventLog['subscribe']): EventLog {
    return {
      append: (events) => inner.append(events),
      head: (stream) => inner.head(stream),
      countAfter: (stream, after) => inner.countAfter(stream, after),
      close: () => inner.close(),
      subscribe,
    };
  }

  /** A subscription of the test log that ends with "consumer crashed" once it has delivered its first batch. */
  async function crashingAfterFirstBatch(options: SubscribeOptions): Promise<Subscription> {
    let crash: (error: Error) => void = () => {};
    const crashed = new Promise<void>((_, reject) => (crash = reject));
    const sub = await log.subscribe({
      ...options,
      onBatch: async (batch) => {
        await options.onBatch(batch);
        crash(new Error('consumer crashed'));
      },
    });
    return { stop: () => sub.stop(), finished: Promise.race([sub.finished, crashed]) };
  }

  /** The log, counting the events it delivers per stream to any subscription (what replays read). */
  function countingReads(inner: EventLog): { log: EventLog; delivered: Map<string, number> } {
    const delivered = new Map<string, number>();
    const log = withSubscribe(inner, (options) =>
      inner.subscribe({
        ...options,
        onBatch: (batch) => {
          delivered.set(options.stream, (delivered.get(options.stream) ?? 0) + batch.length);
          return options.onBatch(batch);
        },
      }),
    );
    return { log, delivered };
  }

  it('a runner sharing its reads reads each batch once and hands each generation the events after its own checkpoint; one that fails stops alone', async () => {
    const decisions = [1, 2, 3, 4, 5, 6, 7].map((i) =>
      makeDecision({ court: 'bger', docket_number: `4A_${i}/2020`, full_text: `Erwägung ${i}.` }),
    );
    await log.append(decisions.map(decisionEvent));
    const positions = (
      await handle.db.selectFrom('event_log').select('position').orderBy('position').execute()
    ).map((r) => Number(r.position));
    const seen = new Map<string, number[]>();
    const recording = (name: string): Projection => ({
      name,
      storage: postgresTables([], []),
      streams: ['decisions'],
      handles: ['DecisionPublished'],
      async handle(batch) {
        seen.set(name, [...(seen.get(name) ?? []), ...batch.map((e) => e.position)]);
      },
    });
    const [all, later, failing] = ['all', 'later', 'failing'].map(recording);
    const gens = await (await GenerationRegistry.open(handle.db)).ensureLive([all!, later!, failing!]);
    // `later` has handled the first three events already
    await handle.db
      .insertInto('projection_checkpoints')
      .values({
        projection: checkpointName(later!, 1),
        stream: 'decisions',
        partition: 0,
        position: positions[2]!,
        updated_at: '2026-01-02T00:00:00.000Z',
      })
      .execute();
    const { log: counted, delivered } = countingReads(log);
    const stopped: unknown[] = [];
    const told: [string, string][] = [];
    const caughtUp: string[] = [];
    const shared = new ProjectionRunner(
      {
        db: handle.db,
        log: counted,
        now: () => '2026-01-02T00:00:00.000Z',
        logger: { ...quiet, error: (obj: object) => stopped.push(obj) },
      },
      {
        batchSize: 2,
        shareReads: true,
        // after its first batch has committed, `failing` fails
        onProgress: (projection) => {
          if (projection === 'failing') throw new Error('disk full');
        },
        onCaughtUp: (projection) => caughtUp.push(projection),
        onStopped: (projection, stream) => told.push([projection, stream]),
      },
    );
    await shared.start(gens);
    try {
      await waitUntilCaughtUp(handle.db, counted, gens.slice(0, 2), undefined, 10);
    } finally {
      await shared.stop();
    }
    expect(seen.get('all')).toEqual(positions);
    expect(seen.get('later')).toEqual(positions.slice(3));
    expect(seen.get('failing')).toEqual(positions.slice(0, 2));
    // the log was read once for the three of them
    expect(delivered.get('decisions')).toBe(positions.length);
    expect(stopped).toEqual([
      expect.objectContaining({ projection: 'failing', err: expect.stringContaining('disk full') }),
    ]);
    expect(told).toEqual([['failing', 'decisions']]);
    expect(caughtUp.toSorted()).toEqual(['all', 'later']);
    const lags = await projectionLag(handle.db, log, gens);
    expect(lags.map((l) => [l.projection, l.lag])).toEqual([
      ['all', 0],
      ['later', 0],
      ['failing', positions.length - 2],
    ]);
  });

  it('rebuilding several projections reads the log once for all of them, and gives the read models projecting them gave', async () => {
    await log.append([decisionEvent(d1), decisionEvent(d2)]);
    const defs = projections();
    await projectAndStop(defs);
    const read = async () => ({
      search: await handle.db
        .selectFrom('decision_search')
        .select(['decision_id', 'rule_statement', 'ref_keys'])
        .orderBy('decision_id')
        .execute(),
      // the phrase pairs, a set per decision
      pairs: (
        await sql<{ id: string; pairs: string[] }>`select decision_id as id,
            array(select k from unnest(tsv_pairs) k order by k) as pairs
          from decision_search_pairs order by decision_id`.execute(handle.db)
      ).rows,
      decisions: await handle.db
        .selectFrom('decisions')
        .select(['decision_id', 'version', 'full_text'])
        .orderBy('decision_id')
        .execute(),
      courts: await handle.db.selectFrom('court_stats').select(['court', 'decision_count']).execute(),
    });
    const before = await read();
    expect(before.pairs.map((p) => p.pairs.length > 0)).toEqual([true, true]);
    const { log: counted, delivered } = countingReads(log);
    const deps = { db: handle.db, log: counted, now: () => '2026-01-02T00:00:00.000Z', logger: quiet };
    const outcomes = await rebuildProjections(deps, defs, { batchSize: 3 });
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    // projected one by one, each of the eight projections of the stream would read both events
    expect(defs.filter((p) => p.streams.includes('decisions')).length).toBeGreaterThan(1);
    expect(delivered.get('decisions')).toBe(2);
    expect(await read()).toEqual(before);
    const live = (await (await GenerationRegistry.open(handle.db)).list()).filter((r) => r.status === 'live');
    expect(live.map((r) => r.generation)).toEqual(defs.map(() => 2));
  });

  it('the projector host reads each stream once for all its projections, in one group whatever generations it runs, and goes on after switching to a rebuilt one', async () => {
    await log.append([decisionEvent(d1), decisionEvent(d2)]);
    const defs = projections();
    const { log: counted, delivered } = countingReads(log);
    const groups = new Set<string>();
    // per batch read before the switch: the generations that had not committed it when the next was read
    const unhandled: string[] = [];
    let switched = false;
    const progress = new Map<string, number>();
    const grouped = withSubscribe(counted, (options) => {
      groups.add(`${options.group} ${options.stream}`);
      return counted.subscribe({
        ...options,
        onBatch: async (batch) => {
          await options.onBatch(batch);
          if (switched || batch.length === 0) return;
          for (const p of defs.filter((d) => d.streams.includes(options.stream)))
            if ((progress.get(`${p.name} ${options.stream}`) ?? -1) < batch.at(-1)!.position)
              unhandled.push(`${p.name} ${options.stream}`);
        },
      });
    });
    runner = new ProjectorHost(
      { db: handle.db, log: grouped, now: () => '2026-01-02T00:00:00.000Z', logger: quiet },
      defs,
      {
        batchSize: 1,
        watchIntervalMs: 20,
        onProgress: (projection, stream, position) => progress.set(`${projection} ${stream}`, position),
      },
    );
    await runner.start();
    await runner.waitUntilCaughtUp(undefined, 10);
    expect(defs.filter((p) => p.streams.includes('decisions')).length).toBeGreaterThan(1);
    expect(delivered.get('decisions')).toBe(2);
    // in the host's group each batch is handled by every generation before the next is read
    expect(unhandled).toEqual([]);
    switched = true;
    const decisionsDef = defs.find((p) => p.name === 'decisions')!;
    const deps = { db: handle.db, log, now: () => '2026-01-02T00:00:00.000Z', logger: quiet };
    expect((await rebuildProjections(deps, [decisionsDef])).map((o) => o.ok)).toEqual([true]);
    // the host switches to generation 2 of `decisions` and keeps the others' generation 1
    for (let i = 0; i < 500; i++) {
      if (runner.generations().find((g) => g.projection.name === 'decisions')?.generation === 2) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(new Map(runner.generations().map((g) => [g.projection.name, g.generation]))).toEqual(
      new Map(defs.map((p) => [p.name, p.name === 'decisions' ? 2 : 1])),
    );
    const d3 = makeDecision({ court: 'bger', docket_number: '4A_3/2020', full_text: 'Erwägung drei.' });
    await log.append([decisionEvent(d3)]);
    await runner.waitUntilCaughtUp(undefined, 10);
    expect(
      (await handle.db.selectFrom('decisions').select('decision_id').orderBy('decision_id').execute()).map(
        (r) => r.decision_id,
      ),
    ).toEqual(['bger_4A_1_2020', 'bger_4A_2_2020', 'bger_4A_3_2020']);
    expect(await handle.db.selectFrom('court_stats').select(['court', 'decision_count']).execute()).toEqual([
      { court: 'bger', decision_count: 3 },
    ]);
    // before the switch and after it, every stream is read in the host's one group
    const streams = [...new Set(defs.flatMap((p) => p.streams))].sort();
    expect([...groups].sort()).toEqual(streams.map((s) => `${PROJECTOR_GROUP} ${s}`));
  });

  it('in the projector host a projection whose engine is away holds up none of the others: it catches up on its own once the engine is back, then reads with them again', async () => {
    const handled = new Map<string, number[]>();
    let away = false;
    const recording = (name: string, engine?: () => boolean): Projection => ({
      name,
      storage: postgresTables([], []),
      streams: ['decisions'],
      handles: ['DecisionPublished'],
      async handle(events) {
        if (engine?.()) throw new RetriableProjectionError('engine away');
        handled.set(name, [...(handled.get(name) ?? []), ...events.map((e) => e.position)]);
      },
    });
    const defs = [recording('steady'), recording('searching', () => away), recording('counting')];
    // each batch delivered, as `<group> <positions>`
    const deliveries: string[] = [];
    const opened: string[] = [];
    // the first reads for all again fail to start (the broker away a moment): the next watch tick starts them
    let failOnce = true;
    const watched = withSubscribe(log, async (options) => {
      if (options.group === PROJECTOR_GROUP && opened.includes(PROJECTOR_GROUP) && failOnce) {
        failOnce = false;
        opened.push(`${options.group} failed`);
        throw new Error('broker away');
      }
      opened.push(options.group);
      return log.subscribe({
        ...options,
        onBatch: (batch) => {
          if (batch.length > 0) deliveries.push(`${options.group} ${batch.map((e) => e.position).join(',')}`);
          return options.onBatch(batch);
        },
      });
    });
    const failures: number[] = [];
    runner = new ProjectorHost(
      {
        db: handle.db,
        log: watched,
        now: () => '2026-01-02T00:00:00.000Z',
        logger: quiet,
        sleep: (ms) => {
          if (away) failures.push(ms);
          return new Promise((r) => setTimeout(r, 2));
        },
      },
      defs,
      { batchSize: 1, watchIntervalMs: 20 },
    );
    const until = async (what: string, done: () => boolean | Promise<boolean>) => {
      for (let i = 0; i < 1000 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
      expect(await done(), what).toBe(true);
    };
    await log.append([decisionEvent(d1)]);
    await runner.start();
    await runner.waitUntilCaughtUp(undefined, 10);
    const [p1] = handled.get('steady')!;
    away = true;
    const more = [3, 4, 5].map((i) =>
      makeDecision({ court: 'bger', docket_number: `4A_${i}/2020`, full_text: `Erwägung ${i}.` }),
    );
    await log.append(more.map(decisionEvent));
    // the others handle every new event while `searching` keeps failing on the first of them
    await until(
      'the others to go on',
      () => handled.get('steady')?.length === 4 && handled.get('counting')?.length === 4,
    );
    const all = handled.get('steady')!;
    expect(handled.get('counting')).toEqual(all);
    expect(handled.get('searching')).toEqual([p1]);
    expect(failures.length).toBeGreaterThanOrEqual(4);
    expect(await handle.db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);
    // the engine is back: it catches up on its own subscription, each event once, in order
    away = false;
    const own = checkpointName(defs[1]!, 1);
    await until('it to catch up', () => handled.get('searching')?.length === 4);
    expect(handled.get('searching')).toEqual(all);
    expect(deliveries.filter((d) => d.startsWith(`${own} `)).length).toBeGreaterThan(0);
    // then the host reads for all of them in its group again
    await until(
      'the shared reads to start again',
      () => opened.filter((g) => g === PROJECTOR_GROUP).length === 2,
    );
    const d6 = makeDecision({ court: 'bger', docket_number: '4A_6/2020', full_text: 'Erwägung sechs.' });
    await log.append([decisionEvent(d6)]);
    await runner.waitUntilCaughtUp(undefined, 10);
    const p6 = handled.get('steady')!.at(-1)!;
    expect(p6).toBeGreaterThan(all.at(-1)!);
    for (const name of ['steady', 'searching', 'counting']) expect(handled.get(name)).toEqual([...all, p6]);
    expect(deliveries.filter((d) => d.endsWith(` ${p6}`))).toEqual([`${PROJECTOR_GROUP} ${p6}`]);
    expect(opened).toEqual([PROJECTOR_GROUP, own, `${PROJECTOR_GROUP} failed`, PROJECTOR_GROUP]);
  });

  /**
   * Three decisions appended, a projector host (back-off 20 ms) whose `n`-th read of the decisions
   * stream is `decisionsRead(n, options)`, run until it has read that stream three times and caught
   * up: each decision projected once. What it logged of its restarts and of reads not started.
   */
  async function hostReadingDecisionsThrice(
    decisionsRead: (n: number, options: SubscribeOptions) => Promise<Subscription>,
  ): Promise<{ restarts: unknown[]; notStarted: string[] }> {
    const d3 = makeDecision({ court: 'bger', docket_number: '4A_3/2020', full_text: 'Erwägung drei.' });
    await log.append([decisionEvent(d1), decisionEvent(d2), decisionEvent(d3)]);
    let reads = 0;
    const reading = withSubscribe(log, (options) =>
      options.stream === 'decisions' ? decisionsRead(++reads, options) : log.subscribe(options),
    );
    const restarts: unknown[] = [];
    const notStarted: string[] = [];
    const logger = {
      ...quiet,
      warn: (obj: object, msg: string) => void (msg.includes('after a stop') && restarts.push(obj)),
      error: (obj: { err?: string }, msg: string) =>
        void (msg === 'reads not started' && notStarted.push(obj.err ?? '')),
    };
    runner = new ProjectorHost(
      { db: handle.db, log: reading, now: () => '2026-01-02T00:00:00.000Z', logger },
      projections(),
      { batchSize: 1, watchIntervalMs: 0, restartDelayMs: 20 },
    );
    await runner.start();
    for (let i = 0; i < 500 && reads < 3; i++) await new Promise((r) => setTimeout(r, 10));
    await runner.waitUntilCaughtUp(undefined, 10);
    expect(reads).toBe(3);
    expect(
      await handle.db
        .selectFrom('decisions')
        .select(['decision_id', 'version'])
        .orderBy('decision_id')
        .execute(),
    ).toEqual([
      { decision_id: 'bger_4A_1_2020', version: 1 },
      { decision_id: 'bger_4A_2_2020', version: 1 },
      { decision_id: 'bger_4A_3_2020', version: 1 },
    ]);
    return { restarts, notStarted };
  }

  it('the projector host reads every stream again, after a growing back-off, once a projection stopped reading one: nothing skipped, nothing handled twice', async () => {
    // the first two reads of the decisions stream end with an error once they have delivered a batch
    const { restarts, notStarted } = await hostReadingDecisionsThrice((n, options) =>
      n <= 2 ? crashingAfterFirstBatch(options) : log.subscribe(options),
    );
    expect(restarts).toEqual([
      { delay: 20, stops: 1 },
      { delay: 40, stops: 2 },
    ]);
    expect(notStarted).toEqual([]);
    expect(await handle.db.selectFrom('court_stats').select(['court', 'decision_count']).execute()).toEqual([
      { court: 'bger', decision_count: 3 },
    ]);
  });

  it('the projector host tries again, after the next back-off, reads that failed to start when it read every stream again', async () => {
    // the first read of the decisions stream ends with an error after a batch; the second fails to start
    const { restarts, notStarted } = await hostReadingDecisionsThrice(async (n, options) => {
      if (n === 2) throw new Error('broker unreachable');
      return n === 1 ? crashingAfterFirstBatch(options) : log.subscribe(options);
    });
    expect(notStarted).toEqual(['broker unreachable']);
    expect(restarts).toEqual([
      { delay: 20, stops: 1 },
      { delay: 40, stops: 2 },
    ]);
  });

  it('a rebuild whose reads of a stream stop fails the projections of that stream alone, which keep their live generation', async () => {
    await log.append([decisionEvent(d1), decisionEvent(d2)]);
    const defs = projections();
    await projectAndStop(defs);
    const read = () =>
      handle.db.selectFrom('decisions').select(['decision_id', 'version']).orderBy('decision_id').execute();
    const before = await read();
    // the consumer of the decisions stream crashes once it has delivered its first batch
    const crashing = withSubscribe(log, async (options) => {
      if (options.stream !== 'decisions') return log.subscribe(options);
      return crashingAfterFirstBatch(options);
    });
    const deps = { db: handle.db, log: crashing, now: () => '2026-01-02T00:00:00.000Z', logger: quiet };
    const outcomes = await rebuildProjections(deps, defs, { batchSize: 1 });
    const ofDecisions = defs.filter((p) => p.streams.includes('decisions')).map((p) => p.name);
    expect(ofDecisions.length).toBeGreaterThan(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.projection)).toEqual(ofDecisions);
    for (const o of outcomes) {
      if (!o.ok) expect(String((o.error as Error).message)).toBe('consumer crashed');
    }
    const live = (await (await GenerationRegistry.open(handle.db)).list()).filter((r) => r.status === 'live');
    expect(new Map(live.map((r) => [r.projection, r.generation]))).toEqual(
      new Map(defs.map((p) => [p.name, ofDecisions.includes(p.name) ? 1 : 2])),
    );
    expect(await read()).toEqual(before);
  });

  it('readers keep the live generation while a rebuild is under way', async () => {
    await log.append([decisionEvent(d1)]);
    const defs = projections();
    await project(defs);
    const registry = await GenerationRegistry.open(handle.db);
    const building = await registry.startRebuild(defs[0]!);
    expect(building.generation).toBe(2);
    // The new generation is empty, but readers still see generation 1.
    expect((await handle.db.selectFrom('decisions').select('decision_id').execute()).length).toBe(1);
    await registry.activate(defs[0]!, 2);
    expect((await handle.db.selectFrom('decisions').select('decision_id').execute()).length).toBe(0);
  });
});
