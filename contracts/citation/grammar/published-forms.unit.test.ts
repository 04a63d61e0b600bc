/**
 * Citation forms as published decisions write them (and the traps they hold), in German, French
 * and Italian: follow-on pages of a BGE volume, docket lists, the collection's running head at a
 * page break, cantonal case citations with abbreviations, dates and chambers, gazette references.
 * The sentences are our own; the forms are those of real decisions.
 */
import { describe, expect, it } from 'vitest';
import type { Jurisdiction } from '../../courts/cantons.ts';
import { find } from './grammar-test-support.ts';
import type { GrammarLanguage } from './find-citations.ts';

/** `kind key [court] [canton] [E. pins] [date]`: the parts of a match a reader acts on. */
function brief(
  text: string,
  options: { language?: GrammarLanguage; canton?: Jurisdiction; decisionText?: boolean } = {},
) {
  return find(text, options)
    .filter((m) => m.kind !== 'statute')
    .map((m) =>
      [
        m.kind,
        m.key,
        m.court ?? '-',
        m.canton ?? '-',
        m.pinpoints.length ? `E. ${m.pinpoints.join(',')}` : '',
        m.statedDate ?? '',
      ]
        .filter((p) => p !== '')
        .join(' | '),
    );
}

type Row = readonly [text: string, expected: readonly string[], options?: Parameters<typeof brief>[1]];

function check(rows: readonly Row[]): void {
  it.each(rows.map(([text, expected, options]) => ({ text, expected, options })))(
    '$text',
    ({ text, expected, options }) => {
      expect(brief(text, options)).toEqual(expected);
    },
  );
}

describe('a BGE page after another of the same volume and part', () => {
  check([
    [
      'vgl. BGE 144 IV 321 E. 2.3, 90 E. 1.1.3.',
      ['bge | BGE 144 IV 321 | bge | CH | E. 2.3', 'bge | BGE 144 IV 90 | bge | CH | E. 1.1.3'],
    ],
    [
      'voir ATF 144 IV 321 consid. 2.3, 90 consid. 1.1.3.',
      ['bge | BGE 144 IV 321 | bge | CH | E. 2.3', 'bge | BGE 144 IV 90 | bge | CH | E. 1.1.3'],
      { language: 'fr' },
    ],
    [
      'cfr. DTF 144 IV 321 consid. 2.3, 90 consid. 1.1.3.',
      ['bge | BGE 144 IV 321 | bge | CH | E. 2.3', 'bge | BGE 144 IV 90 | bge | CH | E. 1.1.3'],
      { language: 'it' },
    ],
    ['BGE 139 III 7; 141 III 20', ['bge | BGE 139 III 7 | bge | CH', 'bge | BGE 141 III 20 | bge | CH']],
    [
      'BGE 142 III 364 S. 368, 90 S. 92',
      ['bge | BGE 142 III 364 | bge | CH', 'bge | BGE 142 III 90 | bge | CH'],
    ],
    // a pinpoint list keeps its numbers: `4` and `5` are Erwägungen, not pages
    ['BGE 140 III 86 E. 2.3, 4 und 5', ['bge | BGE 140 III 86 | bge | CH | E. 2.3,4,5']],
    [
      'ATF 140 III 86 consid. 2.3, 4 et 5',
      ['bge | BGE 140 III 86 | bge | CH | E. 2.3,4,5'],
      { language: 'fr' },
    ],
  ]);
});

describe('docket lists', () => {
  check([
    [
      'Urteile 4A_12/2024 und 4A_14/2024',
      ['docket | 4A_12/2024 | bger | CH', 'docket | 4A_14/2024 | bger | CH'],
    ],
    [
      'arrêts 5A_1/2023 du 2 mai 2023 consid. 3 et 5A_2/2023',
      ['docket | 5A_1/2023 | bger | CH | E. 3 | 2023-05-02', 'docket | 5A_2/2023 | bger | CH'],
      { language: 'fr' },
    ],
    [
      'sentenze 6B_1/2022 e 6B_2/2022 del 3 marzo 2022',
      ['docket | 6B_1/2022 | bger | CH', 'docket | 6B_2/2022 | bger | CH | 2022-03-03'],
      { language: 'it' },
    ],
  ]);
});

describe('the running head of the official collection at a page break', () => {
  const text =
    'so dass die Frist lief.\n\nBGE 151 II 245 S. 247\n\nDie Beschwerdeführerin macht geltend, BGE 140 III 86 S. 89 sei anders.';
  it('is not a citation in a decision text, a page pin-cite in the running text is', () => {
    expect(brief(text, { decisionText: true })).toEqual(['bge | BGE 140 III 86 | bge | CH']);
  });
  it('is a citation in a draft or a query (a reference on a line of its own)', () => {
    expect(brief('BGE 151 II 245 S. 247')).toEqual(['bge | BGE 151 II 245 | bge | CH']);
  });
  it.each([
    ['ATF 151 II 245 p. 247', 'fr'],
    ['DTF 151 II 245 pag. 247', 'it'],
  ] as const)('%s (%s)', (head, language) => {
    expect(brief(`Texte.\n${head}\nSuite.`, { decisionText: true, language })).toEqual([]);
  });
});

describe('cantonal case citations', () => {
  check([
    [
      'VGr, 22. August 2024, VB.2022.00382',
      ['cantonal | VB.2022.00382 | zh_verwaltungsgericht | ZH | 2024-08-22'],
      { canton: 'ZH' },
    ],
    ['Urteil des Obergerichts LB190012-O', ['cantonal | LB190012-O | zh_obergericht | ZH'], { canton: 'ZH' }],
    // without the citing decision's canton the court is named but not placed
    ['Urteil des Obergerichts LB190012-O', ['cantonal | LB190012-O | - | -']],
    ['OGer ZH LB190012', ['cantonal | LB190012 | zh_obergericht | ZH']],
    ['KGer SG, 3. Mai 2021, BZ.2020.12', ['cantonal | BZ.2020.12 | sg_kantonsgericht | SG | 2021-05-03']],
    ['Obergericht ZH, II. Zivilkammer, LB190012', ['cantonal | LB190012 | zh_obergericht | ZH']],
    [
      'Beschluss der II. Zivilkammer des Obergerichts des Kantons Zürich LB190012-O vom 3. Mai 2020',
      ['cantonal | LB190012-O | zh_obergericht | ZH | 2020-05-03'],
    ],
    [
      'arrêt de la Cour de justice ACJC/123/2024',
      ['cantonal | ACJC/123/2024 | ge_gerichte | GE'],
      { language: 'fr' },
    ],
    [
      'arrêt du Tribunal cantonal vaudois HC/2021/123 du 9 mars 2021',
      ['cantonal | HC/2021/123 | vd_findinfo | VD | 2021-03-09'],
      { language: 'fr' },
    ],
    [
      "sentenza del Tribunale d'appello 12.2019.45 del 10 ottobre 2019",
      ['cantonal | 12.2019.45 | ti_gerichte | TI | 2019-10-10'],
      { language: 'it', canton: 'TI' },
    ],
    // a court the portal's tree adds to the registry (Schaffhausen)
    [
      'Urteil des Obergerichts des Kantons Schaffhausen 60/2025/5',
      ['cantonal | 60/2025/5 | sh_obergericht | SH'],
    ],
  ]);
});

describe('gazette references are parsed and never case citations', () => {
  const gazette = (text: string, language?: GrammarLanguage) =>
    find(text, language ? { language } : {}).map(
      (m) => [m.kind, m.key, m.gazette?.year, m.gazette?.page] as const,
    );
  it.each([
    ['AS 2007 5779', [['gazette', 'AS 2007 5779', 2007, 5779]]],
    ['RO 2007 5779', [['gazette', 'RO 2007 5779', 2007, 5779]]],
    ['RU 2007 5779', [['gazette', 'RU 2007 5779', 2007, 5779]]],
    ['BBl 1993 I 1248', [['gazette', 'BBl 1993 I 1248', 1993, 1248]]],
    ['FF 1993 I 1248', [['gazette', 'FF 1993 I 1248', 1993, 1248]]],
    ['FF 2020 p. 123', [['gazette', 'FF 2020 123', 2020, 123]]],
    [
      'Botschaft vom 12. Februar 2003, BBl 2003 1963 (zitiert BBl 2003), BBl 2003 2024.',
      [
        ['gazette', 'BBl 2003 1963', 2003, 1963],
        ['gazette', 'BBl 2003 2024', 2003, 2024],
      ],
    ],
    [
      'AS 2021 310; 311',
      [
        ['gazette', 'AS 2021 310', 2021, 310],
        ['gazette', 'AS 2021 311', 2021, 311],
      ],
    ],
    [
      'BBl 2003 1963, 2024 f.',
      [
        ['gazette', 'BBl 2003 1963', 2003, 1963],
        ['gazette', 'BBl 2003 2024', 2003, 2024],
      ],
    ],
    // a count after a gazette reference is no follow-on page
    ['BBl 2003 1963, 20 Seiten', [['gazette', 'BBl 2003 1963', 2003, 1963]]],
    // not a gazette: a year alone, a lower-case word, another abbreviation
    ['AS 2007', []],
    ['as 2007 5779', []],
    ['ASA 2007 5779', []],
  ] as const)('%s', (text, expected) => {
    expect(gazette(text)).toEqual(expected);
  });
});
