import { describe, expect, it } from 'vitest';
import {
  dateOrderOf,
  edgeConfidence,
  resolveReference,
  type DateOrder,
  type EdgeEvidence,
  type IdentifierForResolution,
  type ReferenceForResolution,
} from './edge-confidence.ts';

describe('edgeConfidence: the documented rules', () => {
  const base: EdgeEvidence = {
    matchConfidence: 0.95,
    match: 'exact',
    court: 'same_court',
    dateOrder: 'consistent',
    candidates: 1,
  };
  const rows: readonly [string, Partial<EdgeEvidence>, number][] = [
    ['exact, court named, dates in order', {}, 0.95],
    ['unknown dates count as in order', { dateOrder: 'unknown' }, 0.95],
    ['stated date agrees: raised, capped at 1', { dateOrder: 'stated_date_agrees' }, 1],
    ['stated date agrees on a 0.7 reference', { matchConfidence: 0.7, dateOrder: 'stated_date_agrees' }, 0.74],
    ['stated date differs', { dateOrder: 'stated_date_differs' }, 0.57],
    ['cited decision later than the citing one', { dateOrder: 'cited_is_later' }, 0.19],
    ['BGE published under the cited docket', { match: 'origin_docket' }, 0.86],
    ['inner BGE page', { match: 'inner_page' }, 0.86],
    ['canton only', { matchConfidence: 0.6, court: 'same_canton' }, 0.51],
    ['nothing named', { matchConfidence: 0.45, court: 'unnamed' }, 0.32],
    ['two candidates halve it', { candidates: 2 }, 0.48],
    ['three candidates', { matchConfidence: 0.9, candidates: 3 }, 0.3],
    ['bare cantonal docket naming two decisions', { matchConfidence: 0.45, court: 'unnamed', candidates: 2 }, 0.16],
    ['former insurance court docket alone', { matchConfidence: 0.4 }, 0.4],
    ['everything against it', { matchConfidence: 0.45, match: 'inner_page', court: 'unnamed', dateOrder: 'cited_is_later', candidates: 2 }, 0.03],
    ['zero candidates are read as one', { candidates: 0 }, 0.95],
  ];
  it.each(rows)('%s', (_name, change, expected) => {
    expect(edgeConfidence({ ...base, ...change })).toBe(expected);
  });

  it('rounds half up on the hundredths', () => {
    // 0.75 × 0.85 = 0.6375 → 0.64; 0.85 × 0.7 = 0.595 → 0.6
    expect(edgeConfidence({ ...base, matchConfidence: 0.75, court: 'same_canton' })).toBe(0.64);
    expect(edgeConfidence({ ...base, matchConfidence: 0.85, court: 'unnamed' })).toBe(0.6);
  });
});

describe('dateOrderOf', () => {
  const rows: readonly [string | null, string | null, string | null, DateOrder][] = [
    ['2020-05-03', '2019-01-10', null, 'consistent'],
    ['2020-05-03', '2020-05-03', null, 'consistent'],
    ['2020-05-03', '2021-01-10', null, 'cited_is_later'],
    ['2020-05-03', '2019-01-10', '2019-01-10', 'stated_date_agrees'],
    ['2020-05-03', '2019-01-10', '2019-01-11', 'stated_date_differs'],
    ['2020-05-03', '2021-01-10', '2021-01-10', 'cited_is_later'],
    // placeholders compare by year and confirm no stated date
    ['2020-01-01', '2020-06-10', null, 'consistent'],
    ['2020-01-01', '2021-06-10', null, 'cited_is_later'],
    ['2020-05-03', '2019-01-01', '2019-03-04', 'consistent'],
    [null, '2019-01-10', null, 'unknown'],
    [null, '2019-01-10', '2019-01-10', 'stated_date_agrees'],
    ['2020-05-03', null, '2019-01-10', 'unknown'],
  ];
  it.each(rows)('citing %s, cited %s, stated %s → %s', (citing, cited, stated, expected) => {
    expect(dateOrderOf(citing, cited, stated)).toBe(expected);
  });
});

describe('resolveReference: tiers', () => {
  const id = (refKey: string, decisionId: string, court: string, extra: Partial<IdentifierForResolution> = {}) => ({
    refKey,
    kind: 'docket',
    decisionId,
    court,
    canton: court.includes('_') ? court.slice(0, 2).toUpperCase() : 'CH',
    bgeVolume: null,
    bgePart: null,
    pageStart: null,
    pageEnd: null,
    ...extra,
  });
  const bge = (page: number, end: number, decisionId: string) =>
    id(`bge 140 iii ${page}`, decisionId, 'bge', { kind: 'bge', bgeVolume: 140, bgePart: 'III', pageStart: page, pageEnd: end });
  const rows: IdentifierForResolution[] = [
    id('4a_714/2014', 'bger_4A_714_2014', 'bger'),
    id('lb220012', 'zh_obergericht_LB220012', 'zh_obergericht'),
    id('lb220012', 'be_obergericht_LB220012', 'be_obergericht'),
    bge(86, 99, 'bge_BGE_140_III_86'),
    bge(100, 112, 'bge_BGE_140_III_100'),
    id('5a_1/2013', 'bge_BGE_140_III_100', 'bge', { kind: 'origin_docket' }),
  ];
  const ref = (r: Partial<ReferenceForResolution>): ReferenceForResolution => ({
    sourceId: 'bger_1C_1_2020',
    refKey: null,
    kind: 'docket',
    court: null,
    canton: null,
    bgeVolume: null,
    bgePart: null,
    bgePage: null,
    ...r,
  });
  const cases: readonly [string, ReferenceForResolution, ReturnType<typeof resolveReference>][] = [
    [
      'exact key, same court',
      ref({ refKey: '4a_714/2014', court: 'bger' }),
      [{ decisionId: 'bger_4A_714_2014', match: 'exact', court: 'same_court', candidates: 1 }],
    ],
    ['a named court that differs names nothing', ref({ refKey: '4a_714/2014', court: 'bvger' }), []],
    [
      'canton only limits the candidates',
      ref({ refKey: 'lb220012', kind: 'cantonal', canton: 'ZH' }),
      [{ decisionId: 'zh_obergericht_LB220012', match: 'exact', court: 'same_canton', candidates: 1 }],
    ],
    [
      'nothing named: every court, ambiguous',
      ref({ refKey: 'lb220012', kind: 'cantonal' }),
      [
        { decisionId: 'zh_obergericht_LB220012', match: 'exact', court: 'unnamed', candidates: 2 },
        { decisionId: 'be_obergericht_LB220012', match: 'exact', court: 'unnamed', candidates: 2 },
      ],
    ],
    [
      'a BGer docket without its own decision names the BGE published under it',
      ref({ refKey: '5a_1/2013', court: 'bger' }),
      [{ decisionId: 'bge_BGE_140_III_100', match: 'origin_docket', court: 'same_court', candidates: 1 }],
    ],
    [
      'an inner BGE page names the BGE whose pages hold it',
      ref({ refKey: 'bge 140 iii 90', kind: 'bge', court: 'bge', bgeVolume: 140, bgePart: 'III', bgePage: 90 }),
      [{ decisionId: 'bge_BGE_140_III_86', match: 'inner_page', court: 'same_court', candidates: 1 }],
    ],
    [
      'a first page is exact, never an inner page of the one before',
      ref({ refKey: 'bge 140 iii 100', kind: 'bge', court: 'bge', bgeVolume: 140, bgePart: 'III', bgePage: 100 }),
      [{ decisionId: 'bge_BGE_140_III_100', match: 'exact', court: 'same_court', candidates: 1 }],
    ],
    ['a page beyond every range names nothing', ref({ refKey: 'bge 140 iii 113', kind: 'bge', court: 'bge', bgeVolume: 140, bgePart: 'III', bgePage: 113 }), []],
    ['a prefix is not a key (131 III 12 ≠ 131 III 121)', ref({ refKey: '4a_714/201', court: 'bger' }), []],
    ['a decision never cites itself', ref({ sourceId: 'bger_4A_714_2014', refKey: '4a_714/2014', court: 'bger' }), []],
    ['no key, nothing to resolve', ref({}), []],
  ];
  it.each(cases)('%s', (_name, r, expected) => {
    expect(resolveReference(r, rows)).toEqual(expected);
  });
});
