/**
 * The resolved edges the citation-graph projection keeps (`reference_targets`, `citation_edges`,
 * `citation_degrees`) and the counters beside them (per provision, per citing court, canton
 * and year) are maintained per batch for what a change can alter only; whatever the arrival order, the batch
 * size and the later versions (new dates, new dockets, provisions added and removed), they equal a
 * resolution and count of everything from scratch. PGlite, through the real runner.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NormalisedDecision } from '../contracts/events/index.ts';
import type { DatabaseHandle } from '../infra/db/database.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { EntscheidsucheDirectorySource } from '../ingest/sources/entscheidsuche/entscheidsuche.source.ts';
import { generateSampleCorpus } from '../ingest/sources/sample/sample-generator.ts';
import { resolveCitationEdges } from '../projector/citation-graph/citation-edges.ts';
import { citationGraphProjection } from '../projector/citation-graph/citation-graph.projection.ts';
import { GenerationRegistry } from '../projector/generations.ts';
import { ProjectorHost } from '../projector/projector-host.ts';
import { rebuildProjection } from '../projector/rebuild.ts';
import type { StorageContext } from '../projector/storage/projection-storage.ts';
import { citationGraphStorage } from '../projector/citation-graph/citation-graph.storage.ts';
import { COUNTER_TABLES } from '../projector/citation-graph/graph-counters.ts';
import { decisionIdentifiersProjection } from '../projector/decision-identifiers/decision-identifiers.projection.ts';
import { decisionEvent, makeDecision } from './support/decisions.ts';
import { openTestDatabase, postgresTestUrl } from './support/engines.ts';

const silent = { info() {}, warn() {}, error() {} };
const SIZE = 220;

let dir: string;
let decisions: NormalisedDecision[];

/** A BGE whose text marks its pages up to `last`. */
function bgeWithPages(
  volume: number,
  part: string,
  page: number,
  last: number,
  date: string,
): NormalisedDecision {
  const pages = Array.from(
    { length: last - page },
    (_, i) => `Seite ${page + i + 1}\n\n${i + 1}. Erwägung auf Seite ${page + i + 1}.`,
  );
  return makeDecision({
    court: 'bge',
    docket_number: `BGE ${volume} ${part} ${page}`,
    decision_date: date,
    full_text: ['Auszug aus dem Urteil', 'Erwägungen:', ...pages].join('\n\n'),
  });
}

/** A Federal Supreme Court judgment citing BGE pages (inner pages among them). */
function citingPages(docket: string, date: string, cites: readonly string[]): NormalisedDecision {
  return makeDecision({
    court: 'bger',
    docket_number: docket,
    decision_date: date,
    full_text: [
      'Bundesgericht',
      docket,
      'Erwägungen:',
      ...cites.map((c, i) => `${i + 1}. Nach ${c} E. 2 gilt der Grundsatz.`),
      'Demnach erkennt das Bundesgericht:',
      '1. Die Beschwerde wird abgewiesen.',
    ].join('\n\n'),
  });
}

/**
 * Inner-page cites whose resolution moves with arrival order: two BGE of one volume and part
 * (the second cuts the first's page range short), judgments citing pages inside both, and a
 * later version of the second starting on another page.
 */
const pageCases = (() => {
  const first = bgeWithPages(150, 'II', 100, 112, '2024-03-01');
  const second = bgeWithPages(150, 'II', 106, 115, '2024-05-01');
  const citing = [
    citingPages('2C_10/2025', '2025-01-10', ['BGE 150 II 103', 'BGE 150 II 108']),
    citingPages('2C_11/2025', '2025-02-10', ['BGE 150 II 107', 'BGE 150 II 111', 'BGE 150 II 114']),
    citingPages('2C_12/2025', '2025-03-10', ['BGE 150 II 105', 'BGE 150 II 110']),
  ];
  const moved = { ...second, docket_number: 'BGE 150 II 109', full_text: second.full_text };
  return { decisions: [first, second, ...citing], later: [moved] };
})();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'citation-edges-'));
  await generateSampleCorpus({ dir, size: SIZE, seed: 11, today: '2026-11-01' });
  const source = new EntscheidsucheDirectorySource({ root: dir, name: 'sample' });
  decisions = [];
  for await (const item of source.items()) decisions.push(await source.parse(item, '2026-11-02T06:00:00Z'));
  decisions.push(...pageCases.decisions);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A deterministic shuffle (mulberry32). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Later versions of some decisions: every seventh decided a year earlier (the date evidence of
 * every edge to it moves), every eleventh with a new docket number (its keys change: references
 * to the old docket lose it, others may gain it), every thirteenth applying two more provisions,
 * every seventeenth cut to the first half of its text (statute and case references gone: the
 * provision counters move both ways).
 */
function laterVersions(all: readonly NormalisedDecision[]): NormalisedDecision[] {
  return [
    ...pageCases.later,
    ...all.flatMap((d, i) => {
      if (i % 13 === 8)
        return [{ ...d, full_text: `${d.full_text}\n\nVgl. Art. 97 Abs. 1 OR und Art. 8 ZGB.` }];
      if (i % 17 === 2)
        return [{ ...d, full_text: d.full_text.slice(0, Math.floor(d.full_text.length / 2)) }];
      if (i % 11 === 5 && d.court !== 'bge') {
        const docket = `${d.docket_number}-R`;
        return [{ ...d, docket_number: docket, full_text: d.full_text.split(d.docket_number).join(docket) }];
      }
      if (i % 7 === 3 && d.decision_date) {
        const year = Number(d.decision_date.slice(0, 4)) - 1;
        return [{ ...d, decision_date: `${year}${d.decision_date.slice(4)}` }];
      }
      return [];
    }),
  ];
}

interface Snapshot {
  targets: unknown[];
  edges: unknown[];
  degrees: unknown[];
  provisions: unknown[];
  provisionCitations: unknown[];
  figures: unknown[];
  groupCitations: unknown[];
}

async function snapshot(handle: DatabaseHandle): Promise<Snapshot> {
  const q = async (statement: ReturnType<typeof sql>) => (await statement.execute(handle.db)).rows;
  return {
    targets:
      await q(sql`select source_id, ordinal, role, target_id, match, candidates, court_agreement, date_order, confidence
      from reference_targets order by source_id, ordinal, target_id`),
    edges:
      await q(sql`select source_id, role, target_id, ordinal, match, candidates, court_agreement, date_order, confidence,
      source_date, source_court, source_canton from citation_edges order by source_id, role, target_id`),
    degrees: await q(
      sql`select decision_id, role, n, confident from citation_degrees order by decision_id, role`,
    ),
    provisions: await q(sql`select act_key, article, n from provision_decisions order by act_key, article`),
    provisionCitations: await q(sql`select act_key, article, target_id, n from provision_citations
      order by act_key, article, target_id`),
    figures: await q(sql`select court, canton, year, figure, key, sub, n from graph_figures
      order by figure, key, sub, court, canton, year`),
    groupCitations: await q(sql`select court, canton, year, target_id, n from group_citations
      order by court, canton, year, target_id`),
  };
}

/** Projects the decisions in the given order and batch size, then the later versions; returns the maintained tables and a from-scratch resolution. */
async function project(
  order: readonly NormalisedDecision[],
  later: readonly NormalisedDecision[],
  batchSize: number,
): Promise<{ maintained: Snapshot; scratch: Snapshot }> {
  const handle = await openTestDatabase('pglite');
  const log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  const host = new ProjectorHost(
    { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
    [citationGraphProjection],
    { batchSize, watchIntervalMs: 0 },
  );
  try {
    await host.start();
    for (let i = 0; i < order.length; i += 40) {
      await log.append(order.slice(i, i + 40).map(decisionEvent));
      await host.waitUntilCaughtUp(undefined, 10);
    }
    await log.append(later.map(decisionEvent));
    await host.waitUntilCaughtUp(undefined, 10);
    await host.stop();
    const maintained = await snapshot(handle);
    const schema = (await GenerationRegistry.open(handle.db)).schemaFor(citationGraphProjection.name, 1);
    // the resolution from scratch builds the tables' indexes and keys again after filling them
    const indexes = async () =>
      (
        await sql<{ def: string }>`select indexdef as def from pg_indexes where schemaname = ${schema}
          order by indexname`.execute(handle.db)
      ).rows.map((r) => r.def);
    const indexesBefore = await indexes();
    await handle.db.transaction().execute(async (tx) => {
      await sql`select set_config('search_path', ${`"${schema}", public`}, true)`.execute(tx);
      await resolveCitationEdges(tx, 'all');
    });
    expect(indexesBefore.length).toBeGreaterThan(15);
    expect(await indexes()).toEqual(indexesBefore);
    return { maintained, scratch: await snapshot(handle) };
  } finally {
    await host.stop();
    await log.close();
    await handle.close();
  }
}

describe('maintained citation edges', () => {
  it('the corpus exercises the resolution: edges of every tier, hubs, changed keys and dates', () => {
    const later = laterVersions(decisions);
    expect(later.filter((d) => d.docket_number.endsWith('-R')).length).toBeGreaterThan(5);
    expect(later.length).toBeGreaterThan(30);
    expect(later.filter((d) => d.full_text.endsWith('Art. 8 ZGB.')).length).toBeGreaterThan(5);
  });

  it('citing decisions first, small batches, then later versions: equal to a resolution from scratch', async () => {
    const order = [...decisions].sort((a, b) => (b.decision_date ?? '').localeCompare(a.decision_date ?? ''));
    const { maintained, scratch } = await project(order, laterVersions(decisions), 7);
    expect(scratch.edges.length).toBeGreaterThan(SIZE);
    const matches = new Set(scratch.targets.map((t) => (t as { match: string }).match));
    expect(matches).toEqual(new Set(['exact', 'inner_page']));
    expect(Math.max(...scratch.degrees.map((d) => Number((d as { n: number }).n)))).toBeGreaterThan(5);
    // in-degrees counting edges below the default minimum confidence, and some counting none at or above it
    const degrees = scratch.degrees as { n: number; confident: number }[];
    expect(degrees.filter((d) => d.confident < d.n).length).toBeGreaterThan(3);
    expect(degrees.filter((d) => d.confident === 0).length).toBeGreaterThan(0);
    expect(maintained.targets).toEqual(scratch.targets);
    expect(maintained.edges).toEqual(scratch.edges);
    expect(maintained.degrees).toEqual(scratch.degrees);
    expect(scratch.provisions.length).toBeGreaterThan(10);
    expect(
      Math.max(...scratch.provisionCitations.map((d) => Number((d as { n: number }).n))),
    ).toBeGreaterThan(5);
    expect(maintained.provisions).toEqual(scratch.provisions);
    expect(maintained.provisionCitations).toEqual(scratch.provisionCitations);
    const figures = new Set(scratch.figures.map((f) => (f as { figure: string }).figure));
    expect(figures).toEqual(
      new Set([
        'decisions',
        'case_references',
        'appeal_references',
        'kind',
        'resolved_references',
        'appeal_resolved',
        'edges',
        'citing_decisions',
        'statute_references',
        'statute_decisions',
        'act',
        'article',
      ]),
    );
    expect(maintained.figures).toEqual(scratch.figures);
    expect(maintained.groupCitations).toEqual(scratch.groupCitations);
  }, 300_000);

  it('a shuffled order in larger batches: equal to a resolution from scratch', async () => {
    const { maintained, scratch } = await project(
      shuffled(decisions, 5),
      laterVersions(shuffled(decisions, 9)),
      25,
    );
    expect(scratch.edges.length).toBeGreaterThan(SIZE);
    expect(maintained.targets).toEqual(scratch.targets);
    expect(maintained.edges).toEqual(scratch.edges);
    expect(maintained.degrees).toEqual(scratch.degrees);
    expect(maintained.provisions).toEqual(scratch.provisions);
    expect(maintained.provisionCitations).toEqual(scratch.provisionCitations);
    expect(maintained.figures).toEqual(scratch.figures);
    expect(maintained.groupCitations).toEqual(scratch.groupCitations);
  }, 300_000);

  // on PGlite and, where one is configured (always in CI), on a PostgreSQL server
  it.for(['pglite', 'postgres'] as const)(
    'a rebuilt generation resolves once caught up, then maintains the events that came in meanwhile: equal to a resolution from scratch (%s)',
    { timeout: 300_000 },
    async (kind, ctx) => {
      const url = kind === 'postgres' ? await postgresTestUrl() : null;
      if (kind === 'postgres' && !url) ctx.skip();
      const handle = await openTestDatabase(kind, url);
      const log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
      const deps = { db: handle.db, log, now: () => new Date().toISOString(), logger: silent };
      const host = new ProjectorHost(deps, [citationGraphProjection], { batchSize: 25, watchIntervalMs: 0 });
      try {
        await host.start();
        await log.append(shuffled(decisions, 11).map(decisionEvent));
        await host.waitUntilCaughtUp(undefined, 10);
        await host.stop();
        let replayed: Record<string, number> | null = null;
        let edgesAtActivation = 0;
        const count = async ({ db, schema }: StorageContext, table: string) =>
          Number(
            (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, table)}`.execute(db))
              .rows[0]!.n,
          );
        const rebuilt = {
          ...citationGraphProjection,
          storage: {
            ...citationGraphStorage,
            // what the replay left, then later versions arriving before the catch-up after completion
            async complete(ctx: StorageContext) {
              replayed = {};
              for (const table of [
                'citation_nodes',
                'graph_keys',
                'reference_targets',
                'citation_edges',
                ...COUNTER_TABLES,
              ])
                replayed[table] = await count(ctx, table);
              await log.append(laterVersions(shuffled(decisions, 13)).map(decisionEvent));
              await citationGraphStorage.complete!(ctx);
            },
            // completed and caught up: resolved before readers are switched over
            async activate(ctx: StorageContext) {
              edgesAtActivation = await count(ctx, 'citation_edges');
              await citationGraphStorage.activate(ctx);
            },
          },
        };
        const result = await rebuildProjection(deps, rebuilt, { batchSize: 25 });
        expect(result.generation).toBe(2);
        // the replay wrote every decision's rows and resolved nothing
        expect(replayed).toEqual({
          citation_nodes: decisions.length,
          graph_keys: expect.any(Number),
          reference_targets: 0,
          citation_edges: 0,
          provision_decisions: 0,
          provision_citations: 0,
          graph_figures: 0,
          group_citations: 0,
        });
        expect(replayed!.graph_keys).toBeGreaterThanOrEqual(decisions.length);
        const served = await snapshot(handle);
        expect(served.edges.length).toBeGreaterThan(SIZE);
        expect(edgesAtActivation).toBe(served.edges.length);
        const registry = await GenerationRegistry.open(handle.db);
        const schema = registry.schemaFor(citationGraphProjection.name, 2);
        await handle.db.transaction().execute(async (tx) => {
          await sql`select set_config('search_path', ${`"${schema}", "${registry.base}"`}, true)`.execute(tx);
          await resolveCitationEdges(tx, 'all');
        });
        expect(served).toEqual(await snapshot(handle));
      } finally {
        await host.stop();
        await log.close();
        await handle.close();
      }
    },
  );

  it('a generation made before the edge tables gets them at start, filled as the projection fills them', async () => {
    const handle = await openTestDatabase('pglite');
    const log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
    const host = new ProjectorHost(
      { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
      [decisionIdentifiersProjection, citationGraphProjection],
      { batchSize: 50, watchIntervalMs: 0 },
    );
    try {
      await host.start();
      await log.append(shuffled(decisions, 3).map(decisionEvent));
      await host.waitUntilCaughtUp(undefined, 10);
      await host.stop();
      const projected = await snapshot(handle);
      expect(projected.edges.length).toBeGreaterThan(SIZE);
      const registry = await GenerationRegistry.open(handle.db);
      const schema = registry.schemaFor(citationGraphProjection.name, 1);
      // the shape an older release left: references and nodes, no keys, no edges
      for (const table of [
        'graph_keys',
        'reference_targets',
        'citation_edges',
        'citation_degrees',
        ...COUNTER_TABLES,
      ])
        await sql`drop table ${sql.id(schema, table)} cascade`.execute(handle.db);
      await citationGraphStorage.create({ db: handle.db, base: registry.base, schema, generation: 1 });
      expect(await snapshot(handle)).toEqual(projected);
      // one release later: edges resolved, no counters yet
      for (const table of COUNTER_TABLES)
        await sql`drop table ${sql.id(schema, table)} cascade`.execute(handle.db);
      await citationGraphStorage.create({ db: handle.db, base: registry.base, schema, generation: 1 });
      expect(await snapshot(handle)).toEqual(projected);
      // one more: in-degrees without the confident ones
      await sql`alter table ${sql.id(schema, 'citation_degrees')} drop column confident cascade`.execute(
        handle.db,
      );
      await citationGraphStorage.create({ db: handle.db, base: registry.base, schema, generation: 1 });
      expect(await snapshot(handle)).toEqual(projected);
      // a second start changes nothing
      await citationGraphStorage.create({ db: handle.db, base: registry.base, schema, generation: 1 });
      expect(await snapshot(handle)).toEqual(projected);
    } finally {
      await host.stop();
      await log.close();
      await handle.close();
    }
  }, 300_000);
});
