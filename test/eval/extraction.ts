/**
 * Evaluation of the parsers on real published decisions: each annotated record of
 * `../shared/fixtures/entscheidsuche/docs/` goes through the real path (entscheidsuche parser →
 * structure segmenter → the citation graph's extraction, exactly as the projections run them),
 * and what comes out is compared with the hand annotations: metadata, sections, case citations
 * and statute references, with precision and recall per court, language and kind.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseRefKey } from '../../contracts/citation/decision-identifiers.ts';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import { segmentDecision } from '../../contracts/structure/segment-decision.ts';
import { EntscheidsucheDirectorySource } from '../../ingest/sources/entscheidsuche/entscheidsuche.source.ts';
import { citationGraphRows } from '../../projector/citation-graph/citation-graph.rows.ts';
import { ANNOTATIONS, type DocumentAnnotation } from './extraction-annotations.ts';

export const FIXTURES = join(import.meta.dirname, '../../../shared/fixtures/entscheidsuche');

export type CitationClass = 'bge' | 'bger docket' | 'bvger docket' | 'bvge' | 'cantonal' | 'statute';

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

export interface DocumentResult {
  readonly file: string;
  readonly court: string;
  readonly language: string;
  /** Failed parse: the reason; the document counts as nothing found. */
  readonly error: string | null;
  readonly metadata: readonly { field: string; expected: string; actual: string | null }[];
  readonly sections: readonly { section: string; expected: boolean; actual: boolean }[];
  readonly erwaegungen: { expected: readonly string[]; actual: readonly string[] };
  readonly byClass: Readonly<Record<CitationClass, Tally>>;
  readonly misses: readonly { class: CitationClass; key: string }[];
  readonly falsePositives: readonly { class: CitationClass; key: string }[];
}

export interface ItemCount {
  readonly seen: number;
  readonly accepted: number;
  readonly failed: readonly { item: string; reason: string }[];
}

/** The class of a case citation key (`BGE 140 III 86`, `4A_1/2020`, `A-1/2020`, `BVGE 2011/52`, cantonal). */
export function classOf(key: string): CitationClass {
  if (/^BGE /.test(key)) return 'bge';
  if (/^BVGE /.test(key)) return 'bvge';
  if (/^\d{1,2}[A-Z][_.]\d+\/\d{4}$|^[A-Z] \d+\/\d{2}$/.test(key)) return 'bger docket';
  if (/^[A-F]-\d+\/\d{4}$/.test(key)) return 'bvger docket';
  return 'cantonal';
}

const emptyTallies = (): Record<CitationClass, Tally> => ({
  bge: { tp: 0, fp: 0, fn: 0 },
  'bger docket': { tp: 0, fp: 0, fn: 0 },
  'bvger docket': { tp: 0, fp: 0, fn: 0 },
  bvge: { tp: 0, fp: 0, fn: 0 },
  cantonal: { tp: 0, fp: 0, fn: 0 },
  statute: { tp: 0, fp: 0, fn: 0 },
});

function compare(
  expected: readonly string[],
  found: readonly string[],
  classify: (key: string) => CitationClass,
  out: DocumentResult['byClass'] & Record<CitationClass, Tally>,
  misses: { class: CitationClass; key: string }[],
  falsePositives: { class: CitationClass; key: string }[],
  normalise: (key: string) => string,
): void {
  const want = new Map(expected.map((k) => [normalise(k), k]));
  const got = new Map(found.map((k) => [normalise(k), k]));
  for (const [n, k] of want) {
    if (got.has(n)) out[classify(k)].tp++;
    else {
      out[classify(k)].fn++;
      misses.push({ class: classify(k), key: k });
    }
  }
  for (const [n, k] of got) {
    if (want.has(n)) continue;
    out[classify(k)].fp++;
    falsePositives.push({ class: classify(k), key: k });
  }
}

/** A stored reference as its key: `BGE 140 III 86` from its parts, else the docket as read. */
function referenceKey(r: ReturnType<typeof citationGraphRows>['references'][number]): string {
  if (r.bge_volume != null && r.bge_part && r.bge_page != null) return `BGE ${r.bge_volume} ${r.bge_part} ${r.bge_page}`;
  return r.docket ?? r.ref_key ?? r.raw;
}

function evaluateDocument(a: DocumentAnnotation, d: NormalisedDecision | null, error: string | null): DocumentResult {
  const byClass = emptyTallies();
  const misses: { class: CitationClass; key: string }[] = [];
  const falsePositives: { class: CitationClass; key: string }[] = [];
  if (!d) {
    compare(a.cases, [], classOf, byClass, misses, falsePositives, normaliseRefKey);
    compare(a.statutes, [], () => 'statute', byClass, misses, falsePositives, (k) => k);
    return {
      file: a.file,
      court: a.court,
      language: a.language,
      error,
      metadata: [],
      sections: [],
      erwaegungen: { expected: a.erwaegungenStart, actual: [] },
      byClass,
      misses,
      falsePositives,
    };
  }
  const structure = segmentDecision({ fullText: d.full_text, language: d.language, regeste: d.regeste });
  const rows = citationGraphRows(d, 0);
  compare(a.cases, rows.references.map(referenceKey), classOf, byClass, misses, falsePositives, normaliseRefKey);
  compare(
    a.statutes,
    rows.statutes.map((s) => `${s.act_key}:${s.article}`),
    () => 'statute',
    byClass,
    misses,
    falsePositives,
    (k) => k,
  );
  return {
    file: a.file,
    court: a.court,
    language: a.language,
    error: null,
    metadata: [
      { field: 'court', expected: a.court, actual: d.court },
      { field: 'canton', expected: a.canton, actual: d.canton },
      { field: 'docket', expected: a.docket, actual: d.docket_number },
      { field: 'date', expected: a.date, actual: d.decision_date },
      { field: 'language', expected: a.language, actual: d.language },
    ],
    sections: (['facts', 'considerations', 'operative'] as const).map((section) => ({
      section,
      expected: a.sections[section],
      actual: structure.sources[section] !== 'none',
    })),
    erwaegungen: {
      expected: a.erwaegungenStart,
      actual: structure.erwaegungen.slice(0, a.erwaegungenStart.length).map((e) => e.number),
    },
    byClass,
    misses,
    falsePositives,
  };
}

/** Every record of the fixtures through the source (items seen, accepted, failed with reasons), and the annotated ones evaluated. */
export async function evaluateExtraction(root = FIXTURES): Promise<{ items: ItemCount; documents: DocumentResult[] } | null> {
  if (!existsSync(join(root, 'docs'))) return null;
  const source = new EntscheidsucheDirectorySource({ root });
  const parsed = new Map<string, NormalisedDecision>();
  const failed: { item: string; reason: string }[] = [];
  let seen = 0;
  for await (const item of source.items()) {
    seen++;
    try {
      parsed.set(item.id, await source.parse(item, '2026-11-25T00:00:00.000Z'));
    } catch (error) {
      failed.push({ item: item.id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  const documents = ANNOTATIONS.map((a) => {
    const d = parsed.get(a.file) ?? null;
    const error = d ? null : (failed.find((f) => f.item === a.file)?.reason ?? 'not found in the fixtures');
    return evaluateDocument(a, d, error);
  });
  return { items: { seen, accepted: parsed.size, failed }, documents };
}

export function ratio(n: number, d: number): number | null {
  return d === 0 ? null : n / d;
}

/** Sums tallies over documents, grouped by a key of the document and the class. */
export function sumBy(
  documents: readonly DocumentResult[],
  group: (d: DocumentResult, c: CitationClass) => string,
): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const d of documents) {
    for (const [c, t] of Object.entries(d.byClass) as [CitationClass, Tally][]) {
      if (t.tp + t.fp + t.fn === 0) continue;
      const key = group(d, c);
      const sum = out.get(key) ?? { tp: 0, fp: 0, fn: 0 };
      sum.tp += t.tp;
      sum.fp += t.fp;
      sum.fn += t.fn;
      out.set(key, sum);
    }
  }
  return out;
}
