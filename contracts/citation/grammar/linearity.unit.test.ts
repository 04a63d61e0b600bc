import { describe, expect, it } from 'vitest';
import { find } from './grammar-test-support.ts';
import type { CitationMatch } from './find-citations.ts';

/**
 * Guards, not benchmarks: random inputs built from citation fragments never break the finder's
 * invariants, and adversarial 1 MB inputs scale linearly. The bound is a ratio of two scans in the
 * same test, not a wall-clock limit: a busy or slow machine slows both alike, while a backtracking
 * or quadratic scan grows 16× or more for 4× the input.
 */

/** Deterministic PRNG (mulberry32) so that a failing run can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  'BGE',
  'ATF',
  'DTF',
  'BVGE',
  'ATAF',
  'MKGE',
  'ATMC',
  'Nr.',
  'n°',
  'n.',
  'I',
  'Ia',
  'Ib',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'E.',
  'Erw.',
  'consid.',
  'c.',
  'S.',
  'p.',
  'pag.',
  'ff.',
  'ss',
  'segg.',
  'und',
  'et',
  'e',
  ';',
  ',',
  '.',
  ' ',
  ' ',
  ' ',
  '  ',
  '\n',
  '/',
  '_',
  '-',
  '–',
  '(',
  ')',
  '§',
  '§§',
  'Art.',
  'art.',
  'Artikel',
  'Abs.',
  'al.',
  'cpv.',
  'lit.',
  'let.',
  'lett.',
  'Ziff.',
  'ch.',
  'Satz',
  'bis',
  'quater',
  'OR',
  'CO',
  'BV',
  'Cst.',
  'StG',
  'ZH',
  'GE',
  'TI',
  'EG',
  'i.V.m.',
  'Urteil',
  'arrêt',
  'sentenza',
  'des',
  'du',
  'del',
  "dell'",
  'Bundesgerichts',
  'Tribunal',
  'fédéral',
  'Tribunale',
  'federale',
  'BGer',
  'TF',
  'EVG',
  'TAF',
  'Obergericht',
  'Obergerichts',
  'Kantons',
  'Zürich',
  'Cour',
  'de',
  'justice',
  'Genève',
  "d'appello",
  'vom',
  'Mai',
  'janvier',
  'gennaio',
  '1er',
  '1°',
  '4A_',
  '6B',
  '2A.',
  'A-',
  'SK.',
  'O2018_',
  'LB',
  'ACJC/',
  'VGE',
  'AS',
  'BBl',
  'CHF',
  "1'000",
  '.–',
  '😀',
  'é',
  '\u00a0',
];

function randomText(next: () => number, length: number): string {
  let out = '';
  while (out.length < length) {
    const r = next();
    if (r < 0.35) out += String(Math.floor(next() * (r < 0.1 ? 10 : r < 0.2 ? 200 : 3000)));
    else out += FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]!;
    if (next() < 0.5) out += ' ';
  }
  return out;
}

/** Violations of the finder's output invariants (checked in plain code: there may be 100 000 matches). */
function violations(text: string, found: readonly CitationMatch[]): string[] {
  const bad: string[] = [];
  let last = 0;
  for (const m of found) {
    const where = `${m.span.start}-${m.span.end} ${JSON.stringify(m.text)}`;
    if (m.span.start < last) bad.push(`overlaps the previous match: ${where}`);
    if (m.span.end <= m.span.start || m.span.end > text.length) bad.push(`span out of bounds: ${where}`);
    if (m.text !== text.slice(m.span.start, m.span.end)) bad.push(`text is not the span: ${where}`);
    if (!(m.confidence > 0 && m.confidence <= 1)) bad.push(`confidence ${m.confidence}: ${where}`);
    if (m.key.length === 0) bad.push(`empty key: ${where}`);
    if (m.decisionId !== null && !/^[a-z][a-z0-9_]*_[\p{L}\p{N}._-]+$/u.test(m.decisionId))
      bad.push(`decision id ${m.decisionId}: ${where}`);
    if (m.statedDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(m.statedDate))
      bad.push(`date ${m.statedDate}: ${where}`);
    last = m.span.end;
    if (bad.length > 10) break;
  }
  return bad;
}

function checkInvariants(text: string, found: readonly CitationMatch[]): void {
  expect(violations(text, found)).toEqual([]);
}

describe('fuzz: random citation-like text', () => {
  it('keeps spans ordered, in bounds and exact over 10 000 random inputs', () => {
    const next = prng(0xc17a7e);
    let matches = 0;
    for (let run = 0; run < 10_000; run++) {
      const text = randomText(next, 10 + Math.floor(next() * 150));
      const found = find(text);
      checkInvariants(text, found);
      matches += found.length;
    }
    // the fragments do form citations now and then
    expect(matches).toBeGreaterThan(1000);
  });

  it('finds what was planted between random noise', () => {
    const next = prng(42);
    for (let run = 0; run < 500; run++) {
      const before = randomText(next, 40);
      const after = randomText(next, 40);
      const text = `${before}. Vgl. BGE 140 III 86 E. 2.3; ${after}`;
      const ids = find(text).map((m) => m.decisionId);
      expect(ids, text).toContain('bge_BGE_140_III_86');
    }
  });
});

describe('linear time on adversarial input', () => {
  const MB = 1 << 20;
  const repeat = (unit: string, size = MB): string =>
    unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const cases: readonly (readonly [string, (size: number) => string])[] = [
    ['1.1.1.1…', (n) => repeat('1.', n)],
    ['BGE 1 1 1 1…', (n) => 'BGE ' + repeat('1 ', n)],
    ['BGE BGE BGE…', (n) => repeat('BGE ', n)],
    ['Art. Art. Art.…', (n) => repeat('Art. ', n)],
    ['E. 1, 1, 1, …', (n) => repeat('E. 1, ', n)],
    ['BGE 140 III 86 E. 1, 1, 1, …', (n) => 'BGE 140 III 86 E. ' + repeat('1, ', n)],
    ['Art. 1, 1, 1, …', (n) => 'Art. ' + repeat('1, ', n)],
    ['Art. 1 und 1 und 1…', (n) => 'Art. 1' + repeat(' und 1', n)],
    ['Art. 1 Abs. 1, 1, 1…', (n) => 'Art. 1 Abs. ' + repeat('1, ', n)],
    ['BGE list', (n) => 'BGE 140 III 86' + repeat('; 140 III 86', n)],
    ['dockets', (n) => repeat('4A_1/2020 vom 3. Mai 2021 E. 1; ', n)],
    ['Urteil des Urteil des…', (n) => repeat('Urteil des ', n)],
    ['Obergericht ZH Obergericht ZH…', (n) => repeat('Obergericht ZH ', n)],
    ['Urteil des Obergerichts des Kantons…', (n) => repeat('Urteil des Obergerichts des Kantons ', n)],
    ['cantonal segments', (n) => 'Obergericht ZH ' + repeat('ZK 1 ', n)],
    ['digits', (n) => repeat('1', n)],
    ['letters', (n) => repeat('A', n)],
    ['spaces', (n) => 'BGE' + repeat(' ', n) + '140 III 86'],
    ['§§§', (n) => repeat('§', n)],
    ['1/1/1/', (n) => repeat('1/', n)],
    ['4A_4A_', (n) => repeat('4A_', n)],
    ['I 1/0', (n) => repeat('I 1/0', n)],
    ['vom vom', (n) => 'Urteil 4A_1/2020 ' + repeat('vom ', n)],
    ['mixed', (n) => repeat('Urteil 1.1.1 BGE 1 I E. 1, Art. 1 § ', n)],
  ];

  /** Milliseconds of one scan. */
  const scanTime = (text: string): number => {
    const t0 = performance.now();
    find(text);
    return performance.now() - t0;
  };

  /**
   * How much longer the 1 MB input takes than a quarter of it: about 4 for a linear scan, 16 for a
   * quadratic one, far more for backtracking. Each side is the fastest of its runs (backtracking is
   * slow every time, a GC pause or a core busy with other test files is not), and more runs are
   * taken only while the ratio looks too high. A quarter that scans in under 5 ms counts as 5 ms:
   * timer and JIT noise dominate there, and a super-linear scan of 1 MB cannot be that fast.
   */
  const growth = (small: string, large: string): number => {
    scanTime(small); // warm up
    let fastestSmall = Infinity;
    let fastestLarge = Infinity;
    let ratio = Infinity;
    for (let run = 0; run < 4 && ratio >= 10; run++) {
      fastestSmall = Math.min(fastestSmall, scanTime(small));
      fastestLarge = Math.min(fastestLarge, scanTime(large));
      ratio = fastestLarge / Math.max(fastestSmall, 5);
    }
    return ratio;
  };

  it.each(cases)('%s (1 MB): valid matches, and 4× the input takes under 10× the time', (_name, build) => {
    const large = build(MB);
    checkInvariants(large, find(large));
    expect(growth(build(MB / 4), large)).toBeLessThan(10);
  });
});
