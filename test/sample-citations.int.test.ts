/**
 * The structure parser and the citation identity over the generated sample corpus (600 decisions,
 * parsed back through the entscheidsuche source): every court family is segmented, every pinpoint
 * the corpus cites exists, every quotation is verbatim, every decision resolves from its own
 * references.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanDraft } from '../contracts/citation/attest.ts';
import {
  decisionIdentifiers,
  parseReference,
  resolveAmong,
  type IdentifierRow,
} from '../contracts/citation/decision-identifiers.ts';
import { findCitations, isCaseCitation } from '../contracts/citation/grammar/find-citations.ts';
import { quotedVerbatim } from '../contracts/citation/quotations.ts';
import { courtByKey } from '../contracts/courts/court-registry.ts';
import type { NormalisedDecision } from '../contracts/events/index.ts';
import { pinpointExists } from '../contracts/structure/erwaegung-numbers.ts';
import { segmentDecision, type DecisionStructure } from '../contracts/structure/segment-decision.ts';
import { EntscheidsucheDirectorySource } from '../ingest/sources/entscheidsuche/entscheidsuche.source.ts';
import { generateSampleCorpus } from '../ingest/sources/sample/sample-generator.ts';

const SIZE = 600;
let dir: string;
let decisions: NormalisedDecision[];
let structures: Map<string, DecisionStructure>;
let rows: IdentifierRow[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sample-citations-'));
  await generateSampleCorpus({ dir, size: SIZE, seed: 7, today: '2026-11-01' });
  const source = new EntscheidsucheDirectorySource({ root: dir, name: 'sample' });
  decisions = [];
  for await (const item of source.items()) decisions.push(await source.parse(item, '2026-11-02T06:00:00Z'));
  structures = new Map(
    decisions.map((d) => [
      d.decision_id,
      segmentDecision({ fullText: d.full_text, language: d.language, regeste: d.regeste }),
    ]),
  );
  rows = decisions.flatMap((d) =>
    decisionIdentifiers({ ...d, header: structures.get(d.decision_id)!.header }).map((id) => ({
      ref_key: id.refKey,
      kind: id.kind,
      decision_id: d.decision_id,
      court: d.court,
      canton: d.canton,
      docket_register: id.docket?.register ?? null,
      docket_year: id.docket?.year ?? null,
      docket_serial: id.docket?.serial ?? null,
      bge_volume: id.bge?.volume ?? null,
      bge_part: id.bge?.part ?? null,
      page_start: id.bge?.page ?? null,
      page_end: id.bge ? Math.max(id.bge.page, structures.get(d.decision_id)!.lastPage ?? id.bge.page) : null,
    })),
  );
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('structure of every court family of the sample', () => {
  it('finds Regeste, facts, numbered Erwägungen (two levels) and the operative part by their headings', () => {
    const families = new Map<string, number>();
    for (const d of decisions) {
      const s = structures.get(d.decision_id)!;
      const family = courtByKey(d.court)!.family;
      families.set(family, (families.get(family) ?? 0) + 1);
      expect(s.sources, d.decision_id).toEqual({
        facts: 'heading',
        considerations: 'heading',
        operative: 'heading',
      });
      expect(s.regeste, d.decision_id).toBeTruthy();
      expect(s.facts, d.decision_id).toMatch(/^A\.(?:a\.)? /);
      expect(s.erwaegungen.length, d.decision_id).toBeGreaterThanOrEqual(2);
      expect(
        s.erwaegungen.some((e) => e.depth >= 2),
        d.decision_id,
      ).toBe(true);
      expect(s.operative, d.decision_id).toMatch(/\n\n1\. /);
      expect(s.operative, d.decision_id).not.toMatch(/Im Namen|Au nom|In nome/);
      expect(new Set(s.erwaegungen.map((e) => e.number)).size, d.decision_id).toBe(s.erwaegungen.length);
    }
    expect([...families.keys()].sort()).toEqual([
      'bge',
      'bger',
      'bpatger',
      'bstger',
      'bvger',
      'cantonal',
      'mkg',
      'regulator',
    ]);
    for (const lang of ['de', 'fr', 'it']) expect(decisions.some((d) => d.language === lang)).toBe(true);
  });

  it('reads lettered Erwägungen of older decisions and the pages of BGE', () => {
    const lettered = decisions.filter((d) =>
      structures.get(d.decision_id)!.erwaegungen.some((e) => /^\d+[a-z]/.test(e.number)),
    );
    expect(lettered.length).toBeGreaterThan(3);
    for (const d of decisions.filter((x) => x.court === 'bge')) {
      const s = structures.get(d.decision_id)!;
      const first = Number(d.docket_number.split(' ')[3]);
      expect(s.lastPage!, d.decision_id).toBeGreaterThan(first);
      expect(s.regesteByLanguage, d.decision_id).toEqual({
        de: expect.any(String),
        fr: expect.any(String),
        it: expect.any(String),
      });
      expect(
        s.erwaegungen.every((e) => e.page !== null && e.page > first && e.page <= s.lastPage!),
        d.decision_id,
      ).toBe(true);
    }
  });

  it('every pinpoint the corpus cites exists in the cited decision; every quotation is verbatim', () => {
    let pins = 0;
    let quotes = 0;
    for (const d of decisions) {
      const scan = scanDraft(
        structures
          .get(d.decision_id)!
          .erwaegungen.map((e) => `${e.label} ${e.text}`)
          .join('\n\n'),
      );
      scan.matches.forEach((m, i) => {
        const ref = scan.references[i];
        if (!ref) return;
        const target = resolveAmong(ref, rows)[0];
        if (!target) return;
        for (const pin of ref.pinpoints) {
          pins++;
          const numbers = structures.get(target)!.erwaegungen.map((e) => e.number);
          expect(pinpointExists(numbers, pin), `${d.decision_id}: ${m.text}`).toBe(true);
        }
      });
      scan.quotations.forEach((q, k) => {
        const owner = scan.quoteOwners[k];
        if (owner === null || owner === undefined || q.text.length < 40) return;
        const target = resolveAmong(scan.references[owner]!, rows)[0];
        expect(target, `${d.decision_id}: ${q.text}`).toBeDefined();
        quotes++;
        expect(quotedVerbatim(q.text, decisions.find((x) => x.decision_id === target)!.full_text)).toBe(true);
      });
    }
    expect(pins).toBeGreaterThan(1500);
    expect(quotes).toBeGreaterThan(20);
  });
});

describe('citation identity over the sample', () => {
  it('every decision resolves from its id, its docket as written and its own collection number', () => {
    for (const d of decisions) {
      expect(resolveAmong(parseReference(d.decision_id)!, rows)[0], d.decision_id).toBe(d.decision_id);
      expect(resolveAmong(parseReference(d.docket_number)!, rows), d.docket_number).toContain(d.decision_id);
    }
    const bvge = rows.filter((r) => r.kind === 'bvge');
    expect(bvge.length).toBeGreaterThan(3);
    for (const r of bvge)
      expect(resolveAmong(parseReference(r.ref_key.toUpperCase())!, rows)).toEqual([r.decision_id]);
  });

  it('the decisions cite every kind the spec lists, and references of every kind resolve', () => {
    const kinds = new Map<string, { found: number; resolved: number }>();
    const label = (m: ReturnType<typeof findCitations>[number]): string => {
      const head = m.text.split(/\s/)[0]!;
      if (m.kind === 'bge') return head; // BGE, ATF, DTF
      if (m.kind === 'mkge') return head; // MKGE, ATMC, STMC
      if (m.kind === 'bvge') return head; // BVGE, ATAF, DTAF
      if (m.kind === 'cantonal') return 'cantonal';
      const family = m.court ? courtByKey(m.court)?.family : null;
      if (m.court === 'bger' && /^[A-Z] \d/.test(m.key)) return 'bger-insurance';
      if (m.court === 'bger' && /^\d[A-Z]\./.test(m.key)) return 'bger-dotted';
      return family ?? 'other';
    };
    for (const d of decisions) {
      const body = structures
        .get(d.decision_id)!
        .erwaegungen.map((e) => e.text)
        .join('\n\n');
      for (const m of findCitations(body, { language: d.language as 'de' | 'fr' | 'it' }).filter(
        isCaseCitation,
      )) {
        const k = kinds.get(label(m)) ?? { found: 0, resolved: 0 };
        k.found++;
        if (resolveAmong(parseReference(m.text)!, rows).length > 0) k.resolved++;
        kinds.set(label(m), k);
      }
    }
    for (const kind of [
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
      'MKGE',
      'ATMC',
      'cantonal',
      'regulator',
    ]) {
      const k = kinds.get(kind);
      expect(k, kind).toBeDefined();
      expect(k!.resolved / k!.found, kind).toBeGreaterThan(0.9);
    }
  });
});
