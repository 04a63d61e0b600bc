/**
 * The SQL edges (`projector/citation-graph/citation-edges.ts`, read by `api/queries/graph-edges.sql.ts`) follow exactly the pure rules of
 * `contracts/citation/edge-confidence.ts`: resolution tiers, court agreement, date order,
 * ambiguity and the rounded confidence, checked on a seeded random table of identifier and
 * reference rows, from both ends (outgoing per citing decision, incoming per cited decision).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomingEdges, outgoingEdges } from '../api/queries/graph-edges.sql.ts';
import {
  DEFAULT_MIN_CONFIDENCE,
  dateOrderOf,
  edgeConfidence,
  resolveReference,
  type IdentifierForResolution,
  type ReferenceForResolution,
} from '../contracts/citation/edge-confidence.ts';
import type { DatabaseHandle } from '../infra/db/database.ts';
import { citationGraphStorage } from '../projector/citation-graph/citation-graph.storage.ts';
import { resolveCitationEdges } from '../projector/citation-graph/citation-edges.ts';
import { openTestDatabase } from './support/engines.ts';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(20261122);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

const COURTS = ['bger', 'bge', 'zh_obergericht', 'be_obergericht', 'ge_gerichte'] as const;
const cantonOf = (court: string) => (court.includes('_') ? court.slice(0, 2).toUpperCase() : 'CH');
const DATES = ['2010-03-04', '2012-01-01', '2012-06-30', '2015-09-09', '2018-01-01', '2020-12-12', null] as const;

interface Decision {
  id: string;
  court: string;
  date: string | null;
}
const decisions: Decision[] = Array.from({ length: 40 }, (_, i) => {
  const court = pick(COURTS);
  return { id: `${court}_d${i}`, court, date: pick(DATES) };
});

// Identifiers: a small key space, so that keys repeat across courts (ambiguity) and BGE pages meet.
const identifiers: IdentifierForResolution[] = [];
for (const d of decisions) {
  if (d.court === 'bge') {
    const start = 10 * Math.floor(rnd() * 12);
    identifiers.push({ refKey: `bge 140 iii ${start}`, kind: 'bge', decisionId: d.id, court: d.court, canton: 'CH', bgeVolume: 140, bgePart: 'III', pageStart: start, pageEnd: start + Math.floor(rnd() * 9) });
    if (rnd() < 0.5)
      identifiers.push({ refKey: `k${Math.floor(rnd() * 12)}`, kind: 'origin_docket', decisionId: d.id, court: 'bge', canton: 'CH', bgeVolume: null, bgePart: null, pageStart: null, pageEnd: null });
  } else {
    identifiers.push({ refKey: `k${Math.floor(rnd() * 12)}`, kind: 'docket', decisionId: d.id, court: d.court, canton: cantonOf(d.court), bgeVolume: null, bgePart: null, pageStart: null, pageEnd: null });
  }
}
// (ref_key, decision_id) is the identifier table's key
const unique = new Map(identifiers.map((i) => [`${i.refKey}|${i.decisionId}`, i]));

interface Ref extends ReferenceForResolution {
  ordinal: number;
  matchConfidence: number;
  statedDate: string | null;
}
const refs: Ref[] = [];
for (const d of decisions) {
  const n = 3 + Math.floor(rnd() * 6);
  for (let o = 0; o < n; o++) {
    const bge = rnd() < 0.35;
    const page = 10 * Math.floor(rnd() * 12) + (rnd() < 0.5 ? 0 : Math.floor(rnd() * 10));
    const court = bge ? 'bge' : pick([...COURTS.filter((c) => c !== 'bge'), null, null]);
    refs.push({
      sourceId: d.id,
      ordinal: o,
      refKey: bge ? `bge 140 iii ${page}` : `k${Math.floor(rnd() * 12)}`,
      kind: bge ? 'bge' : court && court.includes('_') ? 'cantonal' : 'docket',
      court,
      canton: court ? cantonOf(court) : pick(['ZH', 'BE', null]),
      bgeVolume: bge ? 140 : null,
      bgePart: bge ? 'III' : null,
      bgePage: bge ? page : null,
      matchConfidence: pick([0.4, 0.45, 0.6, 0.7, 0.85, 0.9, 0.95]),
      statedDate: rnd() < 0.3 ? pick(DATES) : null,
    });
  }
}

/** The edges the pure rules give: per (source, target) the most confident reference. */
function expectedEdges(): Map<string, { confidence: number; match: string; date_order: string; candidates: number; ordinal: number }> {
  const rows = [...unique.values()];
  const byId = new Map(decisions.map((d) => [d.id, d]));
  const out = new Map<string, { confidence: number; match: string; date_order: string; candidates: number; ordinal: number }>();
  for (const r of refs) {
    for (const t of resolveReference(r, rows)) {
      const dateOrder = dateOrderOf(byId.get(r.sourceId)!.date, byId.get(t.decisionId)!.date, r.statedDate);
      const confidence = edgeConfidence({ matchConfidence: r.matchConfidence, match: t.match, court: t.court, dateOrder, candidates: t.candidates });
      const key = `${r.sourceId}>${t.decisionId}`;
      const known = out.get(key);
      if (!known || confidence > known.confidence || (confidence === known.confidence && r.ordinal < known.ordinal))
        out.set(key, { confidence, match: t.match, date_order: dateOrder, candidates: t.candidates, ordinal: r.ordinal });
    }
  }
  return out;
}

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase('pglite');
  const db = handle.db;
  await citationGraphStorage.create({ db, base: 'public', schema: 'rules_graph', generation: 1 });
  // PGlite is one session: the projection's tables are found first.
  await sql`set search_path to rules_graph, public`.execute(db);
  for (const i of unique.values()) {
    await sql`insert into graph_keys (ref_key, kind, decision_id, court, canton, bge_volume, bge_part, page_start, page_end, event_position)
      values (${i.refKey}, ${i.kind}, ${i.decisionId}, ${i.court}, ${i.canton}, ${i.bgeVolume}, ${i.bgePart}, ${i.pageStart}, ${i.pageEnd}, 1)`.execute(db);
  }
  for (const d of decisions) {
    await sql`insert into citation_nodes (decision_id, court, canton, language, decision_date, docket_number, title, rule_statement, case_references, statute_references, event_position)
      values (${d.id}, ${d.court}, ${cantonOf(d.court)}, 'de', ${d.date}, ${d.id}, ${d.id}, '', 0, 0, 1)`.execute(db);
  }
  for (const r of refs) {
    const d = decisions.find((x) => x.id === r.sourceId)!;
    await sql`insert into decision_references (source_id, ordinal, role, kind, origin, level, raw, ref_key, ref_court, ref_canton, bge_volume, bge_part, bge_page, stated_date, match_confidence, mentions, source_date, source_court, source_canton)
      values (${r.sourceId}, ${r.ordinal}, 'citation', ${r.kind}, 'text', 0, ${r.refKey}, ${r.refKey}, ${r.court}, ${r.canton}, ${r.bgeVolume}, ${r.bgePart}, ${r.bgePage}, ${r.statedDate}, ${r.matchConfidence}, 1, ${d.date}, ${d.court}, ${cantonOf(d.court)})`.execute(db);
  }
  await db.transaction().execute((tx) => resolveCitationEdges(tx, 'all'));
});

afterAll(async () => {
  await handle?.close();
});

const ALL = { minConfidence: 0, limit: 200, offset: 0 };

describe('SQL edges = pure rules', () => {
  it('the table exercises every tier, court agreement and date order', () => {
    const e = [...expectedEdges().values()];
    expect(new Set(e.map((x) => x.match))).toEqual(new Set(['exact', 'origin_docket', 'inner_page']));
    expect(new Set(e.map((x) => x.date_order)).size).toBe(5);
    expect(e.some((x) => x.candidates > 1)).toBe(true);
    expect(e.length).toBeGreaterThan(60);
  });

  it('outgoing, per citing decision', async () => {
    const expected = expectedEdges();
    const got = new Map<string, unknown>();
    for (const d of decisions) {
      for (const r of (await outgoingEdges(handle.db, d.id, 'citation', ALL)).rows) {
        got.set(`${r.source_id}>${r.target_id}`, { confidence: r.confidence, match: r.match, date_order: r.date_order, candidates: r.candidates, ordinal: r.ordinal });
      }
    }
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
  });

  it('incoming, per cited decision, the same edges', async () => {
    const expected = expectedEdges();
    const got = new Map<string, unknown>();
    for (const d of decisions) {
      for (const r of (await incomingEdges(handle.db, d.id, 'citation', ALL)).rows) {
        got.set(`${r.source_id}>${r.target_id}`, { confidence: r.confidence, match: r.match, date_order: r.date_order, candidates: r.candidates, ordinal: r.ordinal });
      }
    }
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
  });

  it('incoming totals (kept in-degrees at the default minimum and at 0, counted else) = the edges at or above the minimum', async () => {
    const edges = [...expectedEdges().entries()].map(([k, e]) => ({ target: k.split('>')[1]!, confidence: e.confidence }));
    // the table has edges on either side of the default minimum
    expect(edges.some((e) => e.confidence < DEFAULT_MIN_CONFIDENCE)).toBe(true);
    const expected: string[] = [];
    const got: string[] = [];
    for (const d of decisions) {
      for (const min of [0, 0.1, DEFAULT_MIN_CONFIDENCE, 0.5, 0.9]) {
        expected.push(`${d.id} ${min}: ${edges.filter((e) => e.target === d.id && e.confidence >= min).length}`);
        const page = await incomingEdges(handle.db, d.id, 'citation', { ...ALL, minConfidence: min, limit: 1 });
        got.push(`${d.id} ${min}: ${page.total}`);
      }
    }
    expect(got).toEqual(expected);
  });

  it('a generation without the confident in-degrees (its projector of the release before): totals counted', async () => {
    const confident = [...expectedEdges().entries()].filter(([, e]) => e.confidence >= DEFAULT_MIN_CONFIDENCE).map(([k]) => k.split('>')[1]!);
    const citing = (id: string) => confident.filter((t) => t === id).length;
    const hub = decisions.map((d) => d.id).sort((a, b) => citing(b) - citing(a))[0]!;
    expect(citing(hub)).toBeGreaterThan(3);
    await sql`alter table rules_graph.citation_degrees rename column confident to confident_later`.execute(handle.db);
    try {
      const page = await incomingEdges(handle.db, hub, 'citation', { ...ALL, minConfidence: DEFAULT_MIN_CONFIDENCE, limit: 1 });
      expect(page.total).toBe(citing(hub));
      expect(page.rows).toHaveLength(1);
    } finally {
      await sql`alter table rules_graph.citation_degrees rename column confident_later to confident`.execute(handle.db);
    }
  });

  it('min_confidence keeps exactly the edges at or above it', async () => {
    const expected = [...expectedEdges().entries()].filter(([, e]) => e.confidence >= 0.5).map(([k]) => k).sort();
    const got: string[] = [];
    for (const d of decisions) {
      for (const r of (await outgoingEdges(handle.db, d.id, 'citation', { ...ALL, minConfidence: 0.5 })).rows) got.push(`${r.source_id}>${r.target_id}`);
    }
    expect(got.sort()).toEqual(expected);
  });
});
