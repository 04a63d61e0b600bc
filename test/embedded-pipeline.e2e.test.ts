/**
 * The whole embedded pipeline in one process: sample corpus (plus malformed files) → entscheidsuche
 * parser → ingest → table event log → projections → read models → API.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../api/app.ts';
import { openPglite, type DatabaseHandle } from '../infra/db/database.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../infra/ingest-state/table-ingest-state.ts';
import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import { runSource } from '../ingest/ingest-runner.ts';
import { writeMalformedSamples } from '../ingest/sources/sample/sample-generator.ts';
import { createSampleSource } from '../ingest/sources/sample/sample.source.ts';
import { ProjectorHost } from '../projector/projector-host.ts';
import { allProjections } from '../projector/projections.ts';
import { docxText, flat, parseAtom, pdfRead } from './support/export-readers.ts';
import {
  findCitations,
  isCaseCitation,
  type CitationMatch,
} from '../contracts/citation/grammar/find-citations.ts';

const SIZE = 400;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('embedded pipeline end to end', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let runner: ProjectorHost;
  let app: FastifyInstance;
  let log: TableEventLog;
  const deps = () => ({
    log,
    state: new TableIngestState(handle.db),
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger: quiet,
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'e2e-embedded-'));
    const corpus = join(dir, 'corpus');
    const source = await createSampleSource({ dir: corpus, size: SIZE, seed: 11 });
    await writeMalformedSamples(corpus);
    handle = await openPglite({ dataDir: join(dir, 'pglite') });
    log = new TableEventLog(handle.db, { pollIntervalMs: 20 });
    const search = new PostgresSearchIndex(handle.db);
    runner = new ProjectorHost(
      { db: handle.db, log, now: () => new Date().toISOString(), logger: quiet },
      allProjections({ writer: search }),
      { watchIntervalMs: 0 },
    );
    await runner.start();
    await runSource(source, deps());
    await runner.waitUntilCaughtUp(undefined, 50);
    app = await buildApp({
      db: handle.db,
      search,
      settings: {
        basePath: '',
        publicBaseUrl: 'https://example.test',
        staleAfterHours: 36,
        maxSearchResponseChars: 2_000_000,
      },
      today: () => '2026-11-22',
      now: () => new Date(),
    });
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await runner?.stop();
    await handle?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  it('serves every generated decision and reports the malformed files in the health of the run', async () => {
    const all = await get('/decisions?limit=1&fields=compact');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      total: SIZE,
      total_is_lower_bound: false,
      returned: 1,
      has_more: true,
      next_offset: 1,
    });
    const health = await get('/scraper-health');
    const sample = health.body.sources.find((s: { source: string }) => s.source === 'sample');
    expect(sample).toMatchObject({
      success: true,
      items_failed: 3,
      decisions_added: SIZE,
      total_held: SIZE,
      stale: false,
    });
    expect(sample.errors).toHaveLength(3);
  });

  it('lists the courts with counts that add up to the corpus', async () => {
    const courts = await get('/courts');
    const counted = courts.body.courts.reduce(
      (n: number, c: { decision_count: number }) => n + c.decision_count,
      0,
    );
    expect(counted).toBe(SIZE);
    const withDecisions = courts.body.courts.filter((c: { decision_count: number }) => c.decision_count > 0);
    expect(withDecisions.length).toBeGreaterThanOrEqual(25);
    const stats = await get('/statistics');
    expect(stats.body.decisions.total).toBe(SIZE);
    expect(Object.keys(stats.body.decisions.by_language).sort()).toEqual(
      expect.arrayContaining(['de', 'fr', 'it']),
    );
  });

  it('finds a decision by its docket in the query, itself first, and by id or docket in the path', async () => {
    const page = await get('/decisions?court=bger&limit=5&sort=date_desc');
    const target = page.body.results[0];
    const byDocket = await get(`/decisions?query=${encodeURIComponent(target.docket_number)}`);
    expect(byDocket.body.results[0].decision_id).toBe(target.decision_id);
    const byId = await get(`/decisions/${encodeURIComponent(target.decision_id)}?full_text=false`);
    expect(byId.status).toBe(200);
    expect(byId.body.full_text).toBeUndefined();
    expect(byId.body.citation_string_de).toBe(target.citation_string_de);
    const viaDocket = await get(`/decisions/${encodeURIComponent(target.docket_number.replace('_', ' '))}`);
    expect(viaDocket.body.decision_id).toBe(target.decision_id);
    expect(viaDocket.body.full_text.length).toBeGreaterThan(500);
  });

  it('finds every decision first by its docket, its id and each of its citation strings, for every court', async () => {
    const all = (await get(`/decisions?limit=${SIZE}&fields=compact`)).body.results as {
      decision_id: string;
      court: string;
      docket_number: string;
      citation_string_de: string;
      citation_string_fr: string;
      citation_string_it: string;
    }[];
    expect(all).toHaveLength(SIZE);
    const misses: string[] = [];
    const courts = new Set<string>();
    for (const d of all) {
      courts.add(d.court);
      const forms = [
        d.docket_number,
        d.decision_id,
        d.citation_string_de,
        d.citation_string_fr,
        d.citation_string_it,
        d.docket_number.toLowerCase(),
      ];
      for (const form of forms) {
        const res = await get(`/decisions?query=${encodeURIComponent(form)}&limit=1&fields=compact`);
        if (res.status !== 200 || res.body.results[0]?.decision_id !== d.decision_id)
          misses.push(
            `${d.court}: '${form}' → ${res.status} ${res.body.results?.[0]?.decision_id ?? '(none)'}`,
          );
      }
    }
    expect(misses).toEqual([]);
    expect(courts.size).toBeGreaterThanOrEqual(25);
  }, 300_000);

  it('a statute provision in the query searches the decisions applying it, before any operator', async () => {
    const or = await get(`/decisions?query=${encodeURIComponent('Art. 41 OR')}&limit=50&fields=compact`);
    expect(or.status).toBe(200);
    expect(or.body.total).toBeGreaterThan(0);
    const co = await get(`/decisions?query=${encodeURIComponent('art. 41 CO')}&limit=50&fields=compact`);
    expect(co.body.total).toBe(or.body.total);
    for (const r of or.body.results.slice(0, 10) as { decision_id: string }[]) {
      const text = (await get(`/decisions/${encodeURIComponent(r.decision_id)}`)).body.full_text as string;
      expect(text, r.decision_id).toMatch(/\bart(?:\.|icle|icolo)?\s*41\b[\s\S]{0,60}?\b(?:OR|CO)\b/i);
    }
    const narrowed = await get(`/decisions?query=${encodeURIComponent('Art. 41 OR Haftung')}&limit=1`);
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.total).toBeLessThanOrEqual(or.body.total);
    const either = await get(`/decisions?query=${encodeURIComponent('Art. 41 OR OR Art. 271 OR')}&limit=1`);
    expect(either.body.total).toBeGreaterThanOrEqual(or.body.total);
  });

  it('an inner page of a BGE finds the BGE whose pages hold it, first, as /cite resolves it', async () => {
    const bge = (await get('/decisions?court=bge&limit=50&fields=compact')).body.results as {
      docket_number: string;
      decision_id: string;
    }[];
    let checked = 0;
    for (const d of bge) {
      const [, volume, part, page] = /^BGE (\d+) (\S+) (\d+)$/.exec(d.docket_number)!;
      const inner = `BGE ${volume} ${part} ${Number(page) + 1}`;
      const cite = await get(`/cite?reference=${encodeURIComponent(inner)}`);
      const holder = cite.body.close_matches?.find((c: { reason: string }) => c.reason === 'page_range');
      if (!holder) continue;
      expect(holder.decision_id).toBe(d.decision_id);
      const hits = await get(`/decisions?query=${encodeURIComponent(inner)}&limit=3&fields=compact`);
      expect(hits.body.results[0]?.decision_id, inner).toBe(d.decision_id);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('/leading-cases: the topic or provision dominates; without filters the most-cited decisions overall', async () => {
    type Leading = {
      decision_id: string;
      authority: { citing_in_context: number; in_context: boolean; cited_by: number };
    };
    const tops: string[][] = [];
    for (const q of [
      'law_code=OR&article=41',
      'law_code=OR&article=271',
      'query=Mietzins',
      'query=Arbeitsvertrag',
    ]) {
      const res = await get(`/leading-cases?${q}&limit=5`);
      expect(res.status, q).toBe(200);
      const results = res.body.results as Leading[];
      expect(results.length, q).toBeGreaterThan(0);
      // on-topic decisions cited from the context come before any other
      const firstOther = results.findIndex(
        (r) => !(r.authority.in_context && r.authority.citing_in_context > 0),
      );
      if (firstOther >= 0) {
        for (const r of results.slice(firstOther))
          expect(r.authority.in_context && r.authority.citing_in_context > 0).toBe(false);
      }
      tops.push(results.slice(0, 3).map((r) => r.decision_id));
    }
    expect(new Set(tops.map((t) => t.join())).size).toBe(tops.length);
    const overall = await get('/leading-cases?limit=10');
    expect(overall.status).toBe(200);
    const counts = (overall.body.results as Leading[]).map((r) => r.authority.cited_by);
    expect(counts).toHaveLength(10);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it('finds the decisions citing a BGE reference, the BGE itself first', async () => {
    const bge = (await get('/decisions?court=bge&limit=50&fields=compact')).body.results as {
      docket_number: string;
      decision_id: string;
    }[];
    let best: { id: string; total: number } | null = null;
    for (const d of bge) {
      const hits = await get(
        `/decisions?query=${encodeURIComponent(d.docket_number.replace('BGE', 'ATF'))}&limit=3`,
      );
      expect(hits.body.results[0].decision_id).toBe(d.decision_id);
      if (!best || hits.body.total > best.total) best = { id: d.decision_id, total: hits.body.total };
    }
    // The generator skews citations: some BGE is cited by several decisions.
    expect(best!.total).toBeGreaterThan(3);
  });

  it('keyword, phrase, boolean and prefix queries return matches with citation fields', async () => {
    for (const query of [
      'Kündigung',
      '"recours en matière"',
      'contrat OR Vertrag',
      'Versich*',
      'Beschwerde NOT Strafrecht',
    ]) {
      const res = await get(`/decisions?query=${encodeURIComponent(query)}&limit=5`);
      expect(res.status, query).toBe(200);
      for (const r of res.body.results) {
        expect(r.canonical_url).toBe(`https://example.test/entscheid/${encodeURIComponent(r.decision_id)}`);
        expect(r.citation_string_fr.length).toBeGreaterThan(5);
      }
    }
  });

  it('every citation kind of the sample resolves through /cite, with structure for every court family', async () => {
    const rows = await handle.db
      .selectFrom('decision_erwaegungen')
      .innerJoin('decisions', 'decisions.decision_id', 'decision_erwaegungen.decision_id')
      .select(['decisions.decision_id', 'decisions.language', 'decision_erwaegungen.text'])
      .execute();
    const kindOf = (m: CitationMatch): string => {
      const head = m.text.split(/\s/)[0]!;
      if (m.kind === 'bge' || m.kind === 'mkge' || m.kind === 'bvge') return head;
      if (m.kind === 'cantonal') return 'cantonal';
      if (m.court === 'bger' && /^[A-Z] \d/.test(m.key)) return 'bger-insurance';
      if (m.court === 'bger' && /^\d[A-Z]\./.test(m.key)) return 'bger-dotted';
      return m.court && ['finma', 'weko'].includes(m.court) ? 'regulator' : (m.court ?? 'unknown');
    };
    const byKind = new Map<string, CitationMatch[]>();
    for (const r of rows) {
      for (const m of findCitations(r.text, { language: r.language as 'de' | 'fr' | 'it' }).filter(
        isCaseCitation,
      )) {
        byKind.set(kindOf(m), [...(byKind.get(kindOf(m)) ?? []), m]);
      }
    }
    const kinds = [
      'BGE',
      'ATF',
      'DTF',
      'bger',
      'bger-dotted',
      'bger-insurance',
      'bvger',
      'BVGE',
      'bstger',
      'bpatger',
      'cantonal',
      'regulator',
    ];
    for (const kind of kinds) {
      const refs = byKind.get(kind) ?? [];
      expect(refs.length, kind).toBeGreaterThan(0);
      let resolved = 0;
      for (const m of refs.slice(0, 6)) {
        const cite = await get(`/cite?reference=${encodeURIComponent(m.text)}`);
        expect(cite.status, m.text).toBe(200);
        if (!cite.body.exists) continue;
        resolved++;
        expect(cite.body.canonical_url, m.text).toMatch(/^https:\/\/example\.test\/entscheid\//);
        if (m.pinpoints.length > 0) expect(cite.body.pinpoint_exists, m.text).toBe(true);
      }
      expect(resolved, kind).toBeGreaterThan(0);
    }
    expect(
      (byKind.get('MKGE')?.length ?? 0) +
        (byKind.get('ATMC')?.length ?? 0) +
        (byKind.get('STMC')?.length ?? 0),
    ).toBeGreaterThan(0);

    const families = await handle.db.selectFrom('decisions').select(['decision_id', 'court']).execute();
    const seen = new Set<string>();
    for (const d of families) {
      const family = d.court.includes('_') ? 'cantonal' : d.court;
      if (seen.has(family)) continue;
      seen.add(family);
      const structure = await get(`/structure/${encodeURIComponent(d.decision_id)}`);
      expect(structure.body.sections_found, d.decision_id).toEqual({
        facts: 'heading',
        considerations: 'heading',
        operative: 'heading',
      });
      expect(structure.body.erwaegungen.length, d.decision_id).toBeGreaterThan(1);
    }
    expect(seen.size).toBeGreaterThanOrEqual(9);
  });

  it('/attest finds no pinpoint, date or quotation error in the considerations of generated decisions', async () => {
    const bge = (await get('/decisions?court=bge&limit=5&fields=compact')).body.results as {
      decision_id: string;
    }[];
    for (const { decision_id } of bge) {
      const structure = await get(
        `/structure/${encodeURIComponent(decision_id)}?paragraph_excerpt_chars=5000`,
      );
      const draft = structure.body.erwaegungen
        .map((e: { label: string; excerpt: string }) => `${e.label} ${e.excerpt}`)
        .join('\n\n');
      const res = await app.inject({ method: 'POST', url: '/attest', payload: { draft_text: draft } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.citations_found).toBeGreaterThan(0);
      const wrong = body.issues.filter(
        (i: { kind: string; severity: string }) => i.severity === 'error' && i.kind !== 'citation',
      );
      expect(wrong, decision_id).toEqual([]);
    }
  });

  it('every court with decisions has an Atom feed of its newest decisions, as many as it holds up to 50', async () => {
    const courts = (await get('/courts')).body.courts.filter(
      (c: { decision_count: number }) => c.decision_count > 0,
    );
    let entries = 0;
    for (const c of courts as { court: string; decision_count: number; latest_date: string }[]) {
      const res = await app.inject(`/atom/${c.court}.xml`);
      expect(res.statusCode, c.court).toBe(200);
      const feed = parseAtom(res.body)['feed'] as { entry?: { id: string; published?: string }[] };
      expect(feed.entry?.length ?? 0, c.court).toBe(Math.min(50, c.decision_count));
      expect(feed.entry![0]!.published?.slice(0, 10), c.court).toBe(c.latest_date);
      entries += feed.entry!.length;
    }
    expect(entries).toBeGreaterThan(SIZE / 2);
  });

  it('exports a decision of every court family to Word and PDF with every Erwägung number', async () => {
    const picks = await handle.db
      .selectFrom('decisions')
      .innerJoin('decision_structure', 'decision_structure.decision_id', 'decisions.decision_id')
      .select(['decisions.decision_id', 'decisions.court', 'decisions.language'])
      .where('decision_structure.erwaegung_count', '>', 2)
      .orderBy('decisions.decision_id')
      .execute();
    const byCourt = new Map(picks.map((p) => [p.court, p]));
    expect(byCourt.size).toBeGreaterThanOrEqual(10);
    for (const { decision_id: id, language } of [...byCourt.values()].slice(0, 12)) {
      const numbers = (
        await handle.db
          .selectFrom('decision_erwaegungen')
          .select('number')
          .where('decision_id', '=', id)
          .execute()
      ).map((r) => r.number);
      const detail = (await get(`/decisions/${encodeURIComponent(id)}?full_text=false`)).body;
      const prefix = language === 'de' ? 'E.' : 'consid.';
      const docx = flat(
        await docxText((await app.inject(`/decisions/${encodeURIComponent(id)}/export.docx`)).rawPayload),
      );
      const pdf = flat(
        (
          await pdfRead((await app.inject(`/decisions/${encodeURIComponent(id)}/export.pdf`)).rawPayload)
        ).pageTexts.join(' '),
      );
      for (const text of [docx, pdf]) {
        for (const c of [detail.citation_string_de, detail.citation_string_fr, detail.citation_string_it])
          expect(text, id).toContain(c);
        for (const n of numbers) expect(text, `${id} ${n}`).toContain(`${prefix} ${n} `);
      }
    }
  });

  it('a second run of the same source publishes nothing new', async () => {
    const source = await createSampleSource({ dir: join(dir, 'corpus'), size: SIZE, seed: 11 });
    const before = await log.countAfter('decisions', new Map());
    const run = await runSource(source, deps());
    expect(run).toMatchObject({
      decisions_added: 0,
      decisions_updated: 0,
      items_seen: SIZE + 3,
      items_failed: 3,
    });
    expect(await log.countAfter('decisions', new Map())).toBe(before);
  });
});
