import { describe, expect, it } from 'vitest';
import { decisionIdFor, normaliseDocket } from '../courts/decision-id.ts';
import { canonicalUrl, citationStrings, pinpointAnchor } from './citation-strings.ts';
import { spellDate } from './dates.ts';

const TODAY = '2026-11-22';

describe('citation strings', () => {
  it.each([
    // court, docket, date, pinpoint, de, fr, it
    ['bge', 'BGE 140 III 86', '2014-02-10', null, 'BGE 140 III 86', 'ATF 140 III 86', 'DTF 140 III 86'],
    [
      'bge',
      'ATF 125 V 351',
      '1999-06-01',
      '2.3',
      'BGE 125 V 351, E. 2.3',
      'ATF 125 V 351, consid. 2.3',
      'DTF 125 V 351, consid. 2.3',
    ],
    ['bge', 'BGE 120 IA 1', null, null, 'BGE 120 Ia 1', 'ATF 120 Ia 1', 'DTF 120 Ia 1'],
    [
      'bge',
      'DTF 131 ib 12',
      '2005-03-01',
      '4',
      'BGE 131 Ib 12, E. 4',
      'ATF 131 Ib 12, consid. 4',
      'DTF 131 Ib 12, consid. 4',
    ],
    [
      'bger',
      '4A_714/2014',
      '2015-05-22',
      null,
      'BGer 4A_714/2014 vom 22. Mai 2015',
      'TF 4A_714/2014 du 22 mai 2015',
      'TF 4A_714/2014 del 22 maggio 2015',
    ],
    [
      'bger',
      '6B_1/2021',
      '2021-03-01',
      '1.2',
      'BGer 6B_1/2021 vom 1. März 2021, E. 1.2',
      'TF 6B_1/2021 du 1er mars 2021, consid. 1.2',
      'TF 6B_1/2021 del 1° marzo 2021, consid. 1.2',
    ],
    [
      'bger',
      '5A_8/2020',
      '2020-12-08',
      null,
      'BGer 5A_8/2020 vom 8. Dezember 2020',
      'TF 5A_8/2020 du 8 décembre 2020',
      "TF 5A_8/2020 dell'8 dicembre 2020",
    ],
    [
      'bger',
      '1C_11/2019',
      '2019-08-11',
      null,
      'BGer 1C_11/2019 vom 11. August 2019',
      'TF 1C_11/2019 du 11 août 2019',
      "TF 1C_11/2019 dell'11 agosto 2019",
    ],
    ['bger', '2A.123/2005', '2005-01-01', null, 'BGer 2A.123/2005', 'TF 2A.123/2005', 'TF 2A.123/2005'],
    ['bger', '9C_1/2027', '2027-01-05', null, 'BGer 9C_1/2027', 'TF 9C_1/2027', 'TF 9C_1/2027'],
    ['bger', 'I 594/01', null, null, 'BGer I 594/01', 'TF I 594/01', 'TF I 594/01'],
    [
      'bvger',
      'A-1234/2020',
      '2021-02-03',
      null,
      'BVGer A-1234/2020 vom 3. Februar 2021',
      'TAF A-1234/2020 du 3 février 2021',
      'TAF A-1234/2020 del 3 febbraio 2021',
    ],
    [
      'bstger',
      'SK.2019.42',
      '2019-10-30',
      null,
      'BStGer SK.2019.42 vom 30. Oktober 2019',
      'TPF SK.2019.42 du 30 octobre 2019',
      'TPF SK.2019.42 del 30 ottobre 2019',
    ],
    [
      'bpatger',
      'O2018_001',
      '2019-07-15',
      null,
      'BPatGer O2018_001 vom 15. Juli 2019',
      'TFB O2018_001 du 15 juillet 2019',
      'TFB O2018_001 del 15 luglio 2019',
    ],
    ['mkg', 'MKGE 14 Nr. 3', '2010-04-04', null, 'MKGE 14 Nr. 3', 'ATMC 14 n° 3', 'STMC 14 n. 3'],
    [
      'mkg',
      'ATMC 16 n° 1',
      null,
      '2',
      'MKGE 16 Nr. 1, E. 2',
      'ATMC 16 n° 1, consid. 2',
      'STMC 16 n. 1, consid. 2',
    ],
    [
      'zh_obergericht',
      'LA210005',
      '2021-06-15',
      null,
      'Obergericht ZH LA210005 vom 15. Juni 2021',
      'Tribunal supérieur ZH LA210005 du 15 juin 2021',
      'Tribunale superiore ZH LA210005 del 15 giugno 2021',
    ],
    [
      'ge_gerichte',
      'ACJC/123/2021',
      '2021-01-29',
      '3.1',
      'Cour de justice GE ACJC/123/2021 vom 29. Januar 2021, E. 3.1',
      'Cour de justice GE ACJC/123/2021 du 29 janvier 2021, consid. 3.1',
      'Corte di giustizia GE ACJC/123/2021 del 29 gennaio 2021, consid. 3.1',
    ],
  ])('%s %s (%s, pinpoint %s)', (court, docket, date, pinpoint, de, fr, it) => {
    const d = {
      decision_id: decisionIdFor(court, docket),
      court,
      docket_number: docket,
      decision_date: date,
    };
    expect(citationStrings(d, TODAY, pinpoint)).toEqual({
      citation_string_de: de,
      citation_string_fr: fr,
      citation_string_it: it,
    });
  });
});

describe('decision ids and dockets', () => {
  it.each([
    ['bger', '6B_1234/2025', 'bger_6B_1234_2025'],
    ['bger', '6B 1234/2025', 'bger_6B_1234_2025'],
    ['bger', '1A.122/2005', 'bger_1A.122_2005'],
    ['bvger', 'A-1234/2025', 'bvger_A-1234_2025'],
    ['bstger', 'RR.2025.198', 'bstger_RR.2025.198'],
    ['bge', 'BGE 140 III 86', 'bge_BGE_140_III_86'],
    ['mkg', 'MKGE 16 Nr. 1', 'mkg_MKGE_16_Nr_1'],
    ['bger', 'I 594/01', 'bger_I_594_01'],
    ['zh_obergericht', 'LA210005', 'zh_obergericht_LA210005'],
    ['ge_gerichte', 'ACJC/123/2021', 'ge_gerichte_ACJC_123_2021'],
    ['BGER', ' 4A_1/2020 ', 'bger_4A_1_2020'],
    ['bger', '5A_1\\2020', 'bger_5A_1_2020'],
  ])('%s + %s → %s', (court, docket, id) => {
    expect(decisionIdFor(court, docket)).toBe(id);
  });

  it.each([
    ['6B 1234/2025', '6B_1234/2025'],
    ['6b_1234/2025', '6B_1234/2025'],
    ['  4A_714/2014 ', '4A_714/2014'],
    ['I  594/01', 'I 594/01'],
    ['A-1234/2020', 'A-1234/2020'],
  ])('normaliseDocket(%j) = %s', (input, expected) => {
    expect(normaliseDocket(input)).toBe(expected);
  });
});

describe('dates, anchors and canonical URLs', () => {
  it.each([
    ['2015-05-22', 'de', '22. Mai 2015'],
    ['2015-05-01', 'fr', '1er mai 2015'],
    ['2015-05-01', 'it', '1° maggio 2015'],
    ['2020-02-29', 'fr', '29 février 2020'],
    ['2020-08-15', 'de', '15. August 2020'],
  ] as const)('spellDate(%s, %s)', (date, lang, expected) => {
    expect(spellDate(date, lang)).toBe(expected);
  });

  it('builds the anchor and percent-encodes the id', () => {
    expect(pinpointAnchor('2.3')).toBe('#e-2-3');
    expect(pinpointAnchor('5aa')).toBe('#e-5aa');
    expect(pinpointAnchor(null)).toBe('');
    expect(canonicalUrl('https://x.test/', 'bger_6B_1234_2025', '4.1.2')).toBe(
      'https://x.test/entscheid/bger_6B_1234_2025#e-4-1-2',
    );
    expect(canonicalUrl('https://x.test/api', 'zh obergericht/ä')).toBe(
      'https://x.test/api/entscheid/zh%20obergericht%2F%C3%A4',
    );
  });
});
