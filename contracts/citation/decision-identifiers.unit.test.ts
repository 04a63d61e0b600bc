import { describe, expect, it } from 'vitest';
import { COURTS } from '../courts/court-registry.ts';
import { decisionIdFor } from '../courts/decision-id.ts';
import { citationStrings } from './citation-strings.ts';
import {
  bgePageHolder,
  decisionIdentifiers,
  docketCloseMatches,
  docketOfDecisionId,
  docketParts,
  editDistance,
  parseReference,
  resolveAmong,
  type IdentifiableDecision,
  type IdentifierRow,
} from './decision-identifiers.ts';

const YEAR = { currentYear: 2026 };

/** Identifier rows of decisions, as the projection writes them (page ranges given by hand). */
function rowsOf(
  decisions: readonly (IdentifiableDecision & { canton?: string })[],
  pages: Readonly<Record<string, number>> = {},
): IdentifierRow[] {
  return decisions.flatMap((d) =>
    decisionIdentifiers(d).map((id) => ({
      ref_key: id.refKey,
      kind: id.kind,
      decision_id: d.decision_id,
      court: d.court,
      canton: d.canton ?? 'CH',
      docket_register: id.docket?.register ?? null,
      docket_year: id.docket?.year ?? null,
      docket_serial: id.docket?.serial ?? null,
      bge_volume: id.bge?.volume ?? null,
      bge_part: id.bge?.part ?? null,
      page_start: id.bge?.page ?? null,
      page_end: id.bge ? (pages[d.decision_id] ?? id.bge.page) : null,
    })),
  );
}

const decision = (
  court: string,
  docket: string,
  extra: Partial<IdentifiableDecision> & { canton?: string } = {},
) => ({
  decision_id: decisionIdFor(court, docket),
  court,
  docket_number: docket,
  ...extra,
});

const CORPUS = [
  decision('bge', 'BGE 131 III 121'),
  decision('bge', 'BGE 140 III 86', { header: 'Urteilskopf\n\n140 III 86\n\n4A_714/2013 vom 22. Mai 2014' }),
  decision('bge', 'BGE 140 III 96'),
  decision('bger', '4A_714/2014'),
  decision('bger', '4A_741/2014'),
  decision('bger', '4A_714/2013'),
  decision('bger', '6B_1234/2025'),
  decision('bger', '2A.123/2005'),
  decision('bger', 'I 594/01'),
  decision('bvger', 'A-1234/2020', { header: 'A-1234/2020\n\nPubliziert als BVGE 2021 I/5' }),
  decision('bstger', 'SK.2019.42'),
  decision('bpatger', 'O2018_001'),
  decision('mkg', 'MKGE 14 Nr. 3'),
  decision('finma', 'FINMA 2019/12'),
  decision('zh_obergericht', 'LB220012', { canton: 'ZH' }),
  decision('zh_verwaltungsgericht', 'VB.2020.00123', { canton: 'ZH' }),
  decision('ge_gerichte', 'ACJC/123/2021', { canton: 'GE' }),
  decision('ti_gerichte', '12.2020.1', { canton: 'TI' }),
  decision('ti_tribunale_amministrativo', '12.2020.1', { canton: 'TI' }),
];
const ROWS = rowsOf(CORPUS, { bge_BGE_140_III_86: 95, bge_BGE_140_III_96: 101 });

const resolve = (text: string): string[] => {
  const ref = parseReference(text, YEAR);
  return ref ? resolveAmong(ref, ROWS) : [];
};

describe('decisionIdentifiers: the keys of a decision', () => {
  it.each([
    [
      decision('bge', 'BGE 140 III 86'),
      [
        ['bge_bge_140_iii_86', 'id'],
        ['bge 140 iii 86', 'bge'],
      ],
    ],
    [
      decision('bger', '6B 1234/2025'),
      [
        ['bger_6b_1234_2025', 'id'],
        ['6b_1234/2025', 'docket'],
      ],
    ],
    [
      decision('bger', '2A.123/2005'),
      [
        ['bger_2a.123_2005', 'id'],
        ['2a.123/2005', 'docket'],
      ],
    ],
    [
      decision('mkg', 'MKGE 14 Nr. 3'),
      [
        ['mkg_mkge_14_nr_3', 'id'],
        ['mkge 14 nr. 3', 'mkge'],
      ],
    ],
    [
      decision('zh_obergericht', 'LB220012'),
      [
        ['zh_obergericht_lb220012', 'id'],
        ['lb220012', 'docket'],
      ],
    ],
    [
      decision('bvger', 'A-1234/2020', { header: 'Publiziert als BVGE 2021 I/5' }),
      [
        ['bvger_a-1234_2020', 'id'],
        ['a-1234/2020', 'docket'],
        ['bvge 2021 i/5', 'bvge'],
      ],
    ],
    [
      decision('bge', 'BGE 140 III 86', { header: '4A_714/2013 vom 22. Mai 2014' }),
      [
        ['bge_bge_140_iii_86', 'id'],
        ['bge 140 iii 86', 'bge'],
        ['4a_714/2013', 'origin_docket'],
      ],
    ],
  ])('%o', (d, expected) => {
    expect(decisionIdentifiers(d).map((i) => [i.refKey, i.kind])).toEqual(expected);
  });

  it('carries BGE parts and docket parts', () => {
    expect(decisionIdentifiers(decision('bge', 'BGE 120 Ia 1'))[1]!.bge).toEqual({
      volume: 120,
      part: 'Ia',
      page: 1,
    });
    expect(decisionIdentifiers(decision('bger', '4A_714/2014'))[1]!.docket).toEqual({
      register: 'modern:4A',
      year: 2014,
      serial: '714',
    });
  });
});

describe('parseReference + resolveAmong: any reference form resolves to its id', () => {
  it.each([
    ['bge_BGE_140_III_86', 'bge_BGE_140_III_86'],
    ['BGE_BGE_140_III_86', 'bge_BGE_140_III_86'],
    ['BGE 140 III 86', 'bge_BGE_140_III_86'],
    ['ATF 140 III 86', 'bge_BGE_140_III_86'],
    ['DTF 140 III 86 consid. 2.1', 'bge_BGE_140_III_86'],
    ['140 III 86', 'bge_BGE_140_III_86'],
    ['bger_4A_714_2014', 'bger_4A_714_2014'],
    ['4A_714/2014', 'bger_4A_714_2014'],
    ['4A 714/2014', 'bger_4A_714_2014'],
    ['BGer 4A_714/2014 vom 22. Mai 2015 E. 2.1', 'bger_4A_714_2014'],
    ['arrêt 4A_714/2014 du 22 mai 2015', 'bger_4A_714_2014'],
    ['sentenza del Tribunale federale 4A_714/2014', 'bger_4A_714_2014'],
    ['Urteil 4A_714/2013', 'bger_4A_714_2013'],
    ['2A.123/2005', 'bger_2A.123_2005'],
    ['Urteil I 594/01 vom 4. März 2002', 'bger_I_594_01'],
    ['A-1234/2020', 'bvger_A-1234_2020'],
    ['BVGE 2021 I/5', 'bvger_A-1234_2020'],
    ['ATAF 2021 I/5 consid. 1.2', 'bvger_A-1234_2020'],
    ['TPF SK.2019.42', 'bstger_SK.2019.42'],
    ['O2018_001', 'bpatger_O2018_001'],
    ['MKGE 14 Nr. 3', 'mkg_MKGE_14_Nr_3'],
    ['ATMC 14 n° 3', 'mkg_MKGE_14_Nr_3'],
    ['STMC 14 n. 3', 'mkg_MKGE_14_Nr_3'],
    ['mkg_MKGE_14_Nr_3', 'mkg_MKGE_14_Nr_3'],
    ['Verfügung der FINMA FINMA 2019/12', 'finma_FINMA_2019_12'],
    ['Obergericht ZH LB220012', 'zh_obergericht_LB220012'],
    ['Urteil des Obergerichts des Kantons Zürich LB220012 vom 15. September 2022', 'zh_obergericht_LB220012'],
    ['LB220012', 'zh_obergericht_LB220012'],
    ['Cour de justice GE ACJC/123/2021', 'ge_gerichte_ACJC_123_2021'],
    ['zh_obergericht_LB220012', 'zh_obergericht_LB220012'],
  ])('%s → %s', (text, id) => {
    expect(resolve(text)[0]).toBe(id);
  });

  it('never matches a prefix or a longer number', () => {
    expect(resolve('BGE 131 III 12')).toEqual([]);
    expect(resolve('131 III 12')).toEqual([]);
    expect(resolve('BGE 131 III 1210')).toEqual([]);
    expect(resolve('4A_71/2014')).toEqual([]);
    expect(resolve('4A_7140/2014')).toEqual([]);
    expect(resolve('4A_714/201')).toEqual([]);
    expect(resolve('LB22001')).toEqual([]);
    expect(resolve('bger_4A_714')).toEqual([]);
    expect(resolve('MKGE 14 Nr. 30')).toEqual([]);
  });

  it('does not cross a court the reference names; lists every court of a bare ambiguous docket', () => {
    // the grammar names the court by the docket's shape; a named cantonal court must match
    expect(resolve('Obergericht ZH LB220012')).toEqual(['zh_obergericht_LB220012']);
    expect(resolve('Obergericht ZH VB.2020.00123')).toEqual([]);
    expect(resolve('12.2020.1')).toEqual(['ti_gerichte_12.2020.1', 'ti_tribunale_amministrativo_12.2020.1']);
    expect(resolve("Tribunale d'appello TI 12.2020.1")).toEqual(['ti_gerichte_12.2020.1']);
  });

  it('a docket of the Federal Supreme Court also finds the BGE published under it', () => {
    const rows = rowsOf([decision('bge', 'BGE 140 III 86', { header: '4A_714/2013 vom 22. Mai 2014' })]);
    expect(resolveAmong(parseReference('Urteil 4A_714/2013', YEAR)!, rows)).toEqual(['bge_BGE_140_III_86']);
  });

  it('reads pinpoints, page pin-cites and stated dates', () => {
    expect(parseReference('BGE 140 III 86 S. 90 E. 2.1', YEAR)).toMatchObject({
      pagePinpoint: 90,
      pinpoints: ['2.1'],
    });
    expect(parseReference('Urteil 4A_714/2014 vom 22. Mai 2015 E. 5aa', YEAR)).toMatchObject({
      statedDate: '2015-05-22',
      pinpoints: ['5a/aa'],
    });
    expect(parseReference('   ', YEAR)).toBeNull();
  });
});

describe('close matches', () => {
  it('the BGE whose page range holds an inner page, only within the range', () => {
    const holder = (text: string) => bgePageHolder(parseReference(text, YEAR)!, ROWS)?.decision_id ?? null;
    expect(holder('BGE 140 III 90')).toBe('bge_BGE_140_III_86');
    expect(holder('BGE 140 III 95')).toBe('bge_BGE_140_III_86');
    expect(holder('BGE 140 III 99')).toBe('bge_BGE_140_III_96');
    expect(holder('BGE 140 III 102')).toBeNull();
    expect(holder('BGE 140 III 80')).toBeNull();
    expect(holder('BGE 140 II 90')).toBeNull();
    expect(holder('BGE 131 III 12')).toBeNull();
  });

  it('dockets of the same register and year a typo away, never another year', () => {
    const close = (text: string) =>
      docketCloseMatches(parseReference(text, YEAR)!, ROWS).map((r) => r.decision_id);
    expect(close('4A_174/2014')).toEqual(['bger_4A_714_2014']);
    expect(close('4A_740/2014')).toEqual(['bger_4A_741_2014']);
    expect(close('4A_715/2014')).toEqual(['bger_4A_714_2014']);
    expect(close('4A_714/2012')).toEqual([]);
    expect(close('4A_714/2015')).toEqual([]);
    expect(close('5A_714/2014')).toEqual([]);
    expect(close('4A_9999/2014')).toEqual([]);
    expect(close('BVGer A-1243/2020')).toEqual(['bvger_A-1234_2020']);
    expect(close('BVGer A-1432/2020')).toEqual(['bvger_A-1234_2020']);
    expect(close('BVGer A-4321/2020')).toEqual([]);
    expect(close('bger_4A_715_2014')).toEqual(['bger_4A_714_2014']);
  });

  it.each([
    ['4A_714/2014', 'modern:4A', 2014, '714'],
    ['2A.123/2005', 'dotted:2A', 2005, '123'],
    ['I 594/01', 'evg:I', 2001, '594'],
    ['U 12/99', 'evg:U', 1999, '12'],
    ['A-1234/2020', 'bvger:A', 2020, '1234'],
    ['SK.2019.42', 'dots:SK', 2019, '42'],
    ['O2018_001', 'bpatger:O', 2018, '001'],
    ['LB220012', 'zh:LB', 2022, '0012'],
    ['ACJC/123/2021', 'slash-ny:ACJC', 2021, '123'],
    ['HC/2019/12', 'slash-yn:HC', 2019, '12'],
    ['ZK 19 123', 'spaced:ZK', 2019, '123'],
    ['100.2019.123', 'numeric:100', 2019, '123'],
    ['CC 84 / 2005', 'ju:CC', 2005, '84'],
  ])('docketParts(%s)', (key, register, year, serial) => {
    expect(docketParts(key)).toEqual({ register, year, serial });
  });

  it('measures typos as optimal string alignment', () => {
    expect(editDistance('714', '741')).toBe(1);
    expect(editDistance('714', '174')).toBe(1);
    expect(editDistance('714', '7140')).toBe(1);
    expect(editDistance('714', '815')).toBe(2);
  });
});

describe('round trip: citation string → parse → same id', () => {
  // Every court that has a name of its own (the portal's buckets such as "unbekanntes Gericht" have none).
  const rows = COURTS.filter((c) => c.level !== 'collection').flatMap((c) => {
    const dockets: Readonly<Record<string, string>> = {
      bger: '4A_714/2014',
      bge: 'BGE 140 III 86',
      bvger: 'A-1234/2020',
      bstger: 'SK.2019.42',
      bpatger: 'O2018_001',
      mkg: 'MKGE 14 Nr. 3',
      finma: 'FINMA 2019/12',
      weko: '22-0123',
    };
    return [{ court: c.key, docket: dockets[c.key] ?? 'AB.2019.12', canton: c.canton }];
  });
  const identifierRows = rowsOf(rows.map((r) => decision(r.court, r.docket, { canton: r.canton })));

  it.each(rows)('$court $docket', ({ court, docket }) => {
    const id = decisionIdFor(court, docket);
    for (const pinpoint of [null, '2.3']) {
      const strings = citationStrings(
        { decision_id: id, court, docket_number: docket, decision_date: '2020-05-12' },
        '2026-01-01',
        pinpoint,
      );
      for (const text of Object.values(strings)) {
        const ref = parseReference(text, YEAR)!;
        expect(resolveAmong(ref, identifierRows), text).toEqual([id]);
        expect(ref.pinpoints, text).toEqual(pinpoint ? [pinpoint] : []);
      }
    }
    expect(resolveAmong(parseReference(id, YEAR)!, identifierRows)).toEqual([id]);
  });

  it.each([
    ['bger_4A_714_2014', '4A_714/2014'],
    ['bger_1A.122_2005', '1A.122/2005'],
    ['bger_I_594_01', 'I 594/01'],
    ['bge_BGE_140_III_86', 'BGE 140 III 86'],
    ['bvger_A-1234_2025', 'A-1234/2025'],
    ['bstger_RR.2025.198', 'RR.2025.198'],
    ['mkg_MKGE_16_Nr_1', 'MKGE 16 Nr. 1'],
    ['finma_FINMA_2019_12', 'FINMA 2019/12'],
    ['zh_obergericht_LB220012', null],
  ])('docketOfDecisionId(%s) = %s, and back', (id, docket) => {
    expect(docketOfDecisionId(id)).toBe(docket);
    if (docket) expect(decisionIdFor(id.split('_')[0]!, docket)).toBe(id);
  });
});
