import { describe, expect, it } from 'vitest';
import {
  BGE_140_III_86,
  BGE_140_III_96,
  BGER_2A_123_2005,
  BGER_4A_714_2014,
  BGER_I_594_01,
  BPATGER_O2018_001,
  BSTGER_SK_2019_42,
  BVGER_A_1234_2020,
  CITATION_CORPUS,
  GE_ACJC_123_2021,
  MKG_14_3,
  TI_12_2020_1,
  ZH_LB220012,
} from '../../test/support/citation-corpus.ts';
import type { NormalisedDecision } from '../events/index.ts';
import { continuesNumbering, segmentDecision, type DecisionStructure } from './segment-decision.ts';

const seg = (d: NormalisedDecision): DecisionStructure =>
  segmentDecision({ fullText: d.full_text, language: d.language, regeste: d.regeste });

const p = (...paragraphs: string[]) => paragraphs.join('\n\n');

interface Row {
  readonly name: string;
  readonly decision: NormalisedDecision;
  readonly numbers: readonly string[];
  readonly parents?: Readonly<Record<string, string | null>>;
  readonly regeste: RegExp | null;
  readonly facts: RegExp | null;
  readonly operative: RegExp | null;
  readonly sources?: DecisionStructure['sources'];
}

/** Every court family, de / fr / it, every numbering style of the corpus. */
const ROWS: readonly Row[] = [
  {
    name: 'BGE (de): no trailing dot below the top level, page markers, Regeste in three languages',
    decision: BGE_140_III_86,
    numbers: ['1', '2', '2.1', '2.2', '3', '4'],
    parents: { '2.1': '2', '2.2': '2', '3': null },
    regeste: /^Art\. 271 OR; Anfechtung der Kündigung\. Eine Kündigung/,
    facts: /^A\. Die Vermieterin kündigte/,
    operative: /^Demnach erkennt das Bundesgericht:\n\n1\. Die Beschwerde wird abgewiesen\.\n\n2\./,
  },
  {
    name: 'BGE (fr): extract starting at a child number, children only',
    decision: BGE_140_III_96,
    numbers: ['3.1', '3.2'],
    parents: { '3.1': '3' },
    regeste: /^Art\. 266l CO; forme du congé/,
    facts: /^A\. Le bailleur a résilié/,
    operative: /^Par ces motifs, le Tribunal fédéral prononce :\n\n1\. Le recours est rejeté\.$/,
  },
  {
    name: 'BGer (de): trailing dots on every level, signatures after the operative part',
    decision: BGER_4A_714_2014,
    numbers: ['1', '1.1', '1.2', '2', '2.1', '2.2', '3'],
    regeste: /^Art\. 273 OR/,
    facts: /^A\. Die Vermieterin/,
    operative: /^Demnach erkennt das Bundesgericht:\n\n1\. Die Beschwerde wird abgewiesen\.$/,
  },
  {
    name: 'BGer (fr), before 2007: lettered paragraphs a), aa), bb), b)',
    decision: BGER_2A_123_2005,
    numbers: ['1', '2', '2a', '2a/aa', '2a/bb', '2b', '3'],
    parents: { '2a': '2', '2a/aa': '2a', '2b': '2' },
    regeste: /^Art\. 8 Cst\.; égalité de traitement/,
    facts: /^A\. X\. a requis/,
    operative:
      /^Par ces motifs, le Tribunal fédéral prononce :\n\n1\. Le recours est rejeté\.\n\n2\. Les frais judiciaires sont mis à la charge du recourant\.$/,
  },
  {
    name: 'former insurance court (de): no Regeste, no facts heading',
    decision: BGER_I_594_01,
    numbers: ['1', '2'],
    regeste: null,
    facts: null,
    operative: /^Demnach erkennt das Eidg\. Versicherungsgericht:/,
  },
  {
    name: 'BVGer (de)',
    decision: BVGER_A_1234_2020,
    numbers: ['1', '1.1', '1.2', '2'],
    regeste: /^Datenschutz; Auskunftsrecht/,
    facts: /^A\. Der Beschwerdeführer/,
    operative: /^Demnach erkennt das Bundesverwaltungsgericht:/,
  },
  {
    name: 'BStGer (it)',
    decision: BSTGER_SK_2019_42,
    numbers: ['1', '2', '2.1'],
    regeste: /^Art\. 305bis CP/,
    facts: /^A\. Il Ministero pubblico/,
    operative: /^Per questi motivi, la Corte pronuncia:/,
  },
  {
    name: 'BPatGer (de)',
    decision: BPATGER_O2018_001,
    numbers: ['1', '2', '2.1'],
    regeste: null,
    facts: /^A\. Die Klägerin/,
    operative: /^Demnach erkennt das Bundespatentgericht:/,
  },
  {
    name: 'MKG (fr)',
    decision: MKG_14_3,
    numbers: ['1', '2'],
    regeste: /^Refus de servir/,
    facts: /^A\. L'accusé/,
    operative: /^Par ces motifs, le Tribunal militaire de cassation prononce :/,
  },
  {
    name: 'cantonal (de): stray numbers (a count, a date, a jump by five, a repeated number) continue the paragraph',
    decision: ZH_LB220012,
    numbers: ['1', '2', '2.1', '3'],
    regeste: /^Art\. 269 OR/,
    facts: /^A\. Die Mieterin/,
    operative: /^Demnach erkennt das Obergericht:\n\n1\. Die Berufung wird abgewiesen\.$/,
  },
  {
    name: 'cantonal (fr): Erwägungen without numbers',
    decision: GE_ACJC_123_2021,
    numbers: [],
    regeste: null,
    facts: /^A\. Le contrat de travail/,
    operative: /^Par ces motifs, la Cour prononce :/,
  },
  {
    name: 'cantonal (it): no Erwägungen heading and no operative heading (both inferred)',
    decision: TI_12_2020_1,
    numbers: ['1', '2', '2.1', '3'],
    regeste: null,
    facts: /^A\. Il convenuto[\s\S]*B\. Il pretore ha respinto la petizione\.$/,
    operative: /^1\. L'appello è respinto\.\n\n2\. Le spese giudiziarie/,
    sources: { facts: 'heading', considerations: 'inferred', operative: 'inferred' },
  },
];

describe('segmentDecision: every court family of the corpus', () => {
  it('covers every decision of the hand-written corpus', () => {
    expect(new Set(ROWS.map((r) => r.decision.decision_id)).size).toBeGreaterThanOrEqual(
      CITATION_CORPUS.length - 3,
    );
    expect(new Set(ROWS.map((r) => r.decision.language))).toEqual(new Set(['de', 'fr', 'it']));
  });

  it.each(ROWS)('$name', (row) => {
    const s = seg(row.decision);
    expect(s.erwaegungen.map((e) => e.number)).toEqual(row.numbers);
    for (const [n, parent] of Object.entries(row.parents ?? {})) {
      expect(s.erwaegungen.find((e) => e.number === n)?.parent, n).toBe(parent);
    }
    if (row.regeste) expect(s.regeste).toMatch(row.regeste);
    else expect(s.regeste).toBeNull();
    if (row.facts) expect(s.facts).toMatch(row.facts);
    else expect(s.facts).toBeNull();
    if (row.operative) expect(s.operative).toMatch(row.operative);
    else expect(s.operative).toBeNull();
    if (row.sources) expect(s.sources).toEqual(row.sources);
    // ordinals follow document order, texts never start with their label
    s.erwaegungen.forEach((e, i) => {
      expect(e.ordinal).toBe(i);
      expect(e.text.startsWith(e.label)).toBe(false);
    });
  });
});

describe('segmentDecision: details', () => {
  it('keeps the wording verbatim, drops page markers and records the page of each paragraph', () => {
    const s = seg(BGE_140_III_86);
    const e21 = s.erwaegungen.find((e) => e.number === '2.1')!;
    expect(e21.text).toBe(
      'Eine Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst. Dies ist namentlich der Fall, wenn sie ohne schützenswertes Interesse ausgesprochen wird.',
    );
    expect(e21.page).toBe(87);
    expect(s.erwaegungen.find((e) => e.number === '2.2')!.page).toBe(88);
    expect(s.erwaegungen.find((e) => e.number === '4')!.page).toBe(89);
    expect(s.lastPage).toBe(89);
    expect(s.regesteByLanguage.fr).toMatch(/^Art\. 271 CO/);
    expect(s.regesteByLanguage.it).toMatch(/^Art\. 271 CO; contestazione/);
    expect(s.header).toMatch(/^Urteilskopf\n\n140 III 86\n\n12\. Auszug/);
    expect(s.header).toContain('4A_714/2013 vom 22. Mai 2014');
  });

  it('appends stray paragraphs to the current Erwägung', () => {
    const e21 = seg(ZH_LB220012).erwaegungen.find((e) => e.number === '2.1')!;
    expect(e21.text).toBe(
      p(
        'Der Mietzins ist missbräuchlich, wenn er übersetzt ist.',
        '140 Wohnungen der Überbauung wurden gleichzeitig vermietet.',
        '12. Mai 2021 war der Stichtag der Vergleichsberechnung.',
        '7. Die Vergleichsmieten sind massgebend.',
        '2.1 Die Vorinstanz hat dies zutreffend dargelegt.',
      ),
    );
  });

  it('keeps unnumbered paragraphs after the heading as the introduction', () => {
    const s = seg(GE_ACJC_123_2021);
    expect(s.considerationsIntro).toMatch(/^Le licenciement immédiat suppose de justes motifs\./);
    expect(s.considerationsIntro).toMatch(/L'appel est donc bien fondé\.$/);
  });

  it.each([
    [
      'de',
      p(
        'Sachverhalt:',
        'A. Tatsachen.',
        'Das Bundesgericht zieht in Erwägung:',
        '1. Eins.',
        '2. Zwei.',
        'Demnach erkennt das Bundesgericht:',
        '1. Abgewiesen.',
      ),
    ],
    [
      'de',
      p(
        'Sachverhalt:',
        'A. Tatsachen.',
        'Aus den Erwägungen:',
        '1. Eins.',
        '2. Zwei.',
        'Demnach beschliesst die Kammer:',
        '1. Abgewiesen.',
      ),
    ],
    [
      'fr',
      p(
        'Faits :',
        'A. Faits.',
        'Considérant en droit :',
        '1. Un.',
        '2. Deux.',
        'Par ces motifs, la Cour décide :',
        '1. Rejeté.',
      ),
    ],
    [
      'fr',
      p(
        'En fait',
        'A. Faits.',
        'En droit',
        '1. Un.',
        '2. Deux.',
        'Par ces motifs, la Cour prononce :',
        '1. Rejeté.',
      ),
    ],
    [
      'it',
      p(
        'Fatti:',
        'A. Fatti.',
        'Considerando in diritto:',
        '1. Uno.',
        '2. Due.',
        'Per questi motivi, il Tribunale federale pronuncia:',
        '1. Respinto.',
      ),
    ],
    [
      'it',
      p(
        'Ritenuto in fatto',
        'A. Fatti.',
        'Dai considerandi:',
        '1. Uno.',
        '2. Due.',
        'Per questi motivi, la Camera decreta:',
        '1. Respinto.',
      ),
    ],
  ])('reads the %s headings of %#', (language, fullText) => {
    const s = segmentDecision({ fullText, language });
    expect(s.sources).toEqual({ facts: 'heading', considerations: 'heading', operative: 'heading' });
    expect(s.erwaegungen.map((e) => e.number)).toEqual(['1', '2']);
    expect(s.operative).toMatch(/\n\n1\. \S+\.$/);
    expect(s.facts).toMatch(/^A\. /);
  });

  it('takes the head-note delivered with the decision when the text has none', () => {
    const s = segmentDecision({
      fullText: p('Erwägungen:', '1. Eins.'),
      language: 'de',
      regeste: ' Mitgeliefert. ',
    });
    expect(s.regeste).toBe('Mitgeliefert.');
  });

  it.each([
    [[], [1], true],
    [[], [3], true], // an extract may start anywhere
    [[], [2, 1], true],
    [[1], [1, 1], true],
    [[1], [1, 1, 1], true],
    [[1, 1], [1, 2], true],
    [[1, 2], [2], true],
    [[1, 2, 3], [2], true],
    [[2], [5], true], // a gap of three
    [[2], [6], false], // a jump by more than three
    [[2], [1], false], // backwards
    [[2, 1], [2, 1], false], // repeated
    [[2, 1], [2], false], // a parent again
    [[1], [1, 3], false], // a first child numbered 3
    [[1], [1, 1, 1, 1, 1], false], // five levels
  ])('continuesNumbering(%j, %j) = %s', (prev, next, expected) => {
    expect(continuesNumbering(prev, next)).toBe(expected);
  });
});
