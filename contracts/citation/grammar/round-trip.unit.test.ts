import { describe, expect, it } from 'vitest';
import { COURTS } from '../../courts/court-registry.ts';
import { decisionIdFor } from '../../courts/decision-id.ts';
import { citationStrings } from '../citation-strings.ts';
import { find } from './grammar-test-support.ts';
import { isCaseCitation } from './find-citations.ts';

/**
 * format → parse → same id: every citation string that `citationStrings()` builds (de, fr, it,
 * with and without date and pinpoint) holds exactly one case citation, and it names the source
 * decision.
 */

const TODAY = '2026-07-01';

/** Dockets per court family, as stored (BGE and MKGE in their canonical German form). */
const FEDERAL_DOCKETS: Readonly<Record<string, readonly string[]>> = {
  bger: [
    '4A_714/2014',
    '6B_1234/2025',
    '1C_146/2025',
    '7B_1111/2025',
    '8F_4/2026',
    '12T_1/2020',
    '2D_12/2019',
    '6B 1234/2025',
    '2A.123/2005',
    '5C.123/2003',
    '1P.45/2004',
    '4C.1/2000',
    '6S.300/2006',
    '7B.12/2005',
    '8G.3/2003',
    'I 594/01',
    'U 12/05',
    'K 34/03',
    'H 12/04',
    'B 5/02',
    'C 2/01',
    'P 1/02',
    'M 2/03',
  ],
  bge: [
    'BGE 140 III 86',
    'BGE 120 Ia 1',
    'BGE 131 Ib 12',
    'BGE 125 V 351',
    'BGE 1 I 1',
    'BGE 150 IV 1000',
    'BGE 152 II 7',
    'BGE 133 III 175',
  ],
  bvger: ['A-1234/2020', 'E-7414/2015', 'F-1/2019', 'B-5000/2010', 'C-12/2008', 'D-3/2021'],
  bstger: [
    'SK.2019.42',
    'BB.2023.132',
    'RR.2012.25',
    'CA.2020.3',
    'BG.2019.1',
    'BH.2020.2',
    'BE.2019.5',
    'BP.2021.14',
  ],
  bpatger: ['O2018_001', 'S2023_011', 'O2012_040'],
  mkg: ['MKGE 14 Nr. 3', 'MKGE 1 Nr. 12', 'MKGE 16 Nr. 1'],
  finma: ['FINMA 2019/12', 'FINMA 2024/3'],
  weko: ['22-0123', '51-0900', '32-0456'],
};

/** Cantonal docket shapes seen across the cantons (letters, dots, slashes, spaces). */
const CANTONAL_DOCKETS: readonly string[] = [
  'LA210005',
  'LB220012-O/U',
  'PS210012-O',
  'ACJC/123/2021',
  'ATA/1400/2019',
  'JTAPI/12/2019',
  'VB.2020.00123',
  'IV.2019.00123',
  '100.2019.123',
  'VGE 100.2019.123',
  'ZK 19 123',
  'KES 19 12',
  'ABS 19 400',
  '101 2019 12',
  'CC 12 / 2019',
  '12.2019.45',
  'PS.2019.12',
  'HC/2019/12',
  'C1 19 12',
  '7H 19 300',
  'SK1 19 12',
  'ZOR.2019.12',
  'WBE.2019.12',
  'CACIV.2019.12',
  'PE.2019.0123',
];

const DATES: readonly (string | null)[] = [
  '2015-05-22',
  '2021-03-01',
  '2020-12-08',
  '2019-08-11',
  '2003-11-11',
  null,
  '2005-01-01',
  '2030-02-02',
];
const PINPOINTS: readonly (string | null)[] = [null, '2.3', '4', '5aa', '1.2.3', '2b'];

/** Every court with a name of its own (the portal's buckets such as "unbekanntes Gericht" name none). */
const NAMED = COURTS.filter((c) => c.level !== 'collection');
const rows = NAMED.flatMap((court) =>
  (FEDERAL_DOCKETS[court.key] ?? CANTONAL_DOCKETS).map((docket) => ({ court: court.key, docket })),
);

describe('format → parse → same decision id', () => {
  it('covers every court of the registry', () => {
    expect(new Set(rows.map((r) => r.court))).toEqual(new Set(NAMED.map((c) => c.key)));
    expect(NAMED.length).toBeGreaterThan(100);
    expect(rows.length).toBeGreaterThan(400);
  });

  it.each(rows)('$court $docket', ({ court, docket }) => {
    const id = decisionIdFor(court, docket);
    for (const date of DATES) {
      for (const pinpoint of PINPOINTS) {
        const strings = citationStrings(
          { decision_id: id, court, docket_number: docket, decision_date: date },
          TODAY,
          pinpoint,
        );
        for (const text of Object.values(strings)) {
          const found = find(text).filter(isCaseCitation);
          expect(
            found.map((m) => m.decisionId),
            text,
          ).toEqual([id]);
          const m = found[0]!;
          expect(m.text, text).toBe(text);
          expect(m.pinpoints, text).toEqual(pinpoint ? [pinpoint] : []);
          const dated =
            date !== null && !date.endsWith('-01-01') && date <= TODAY && court !== 'bge' && court !== 'mkg';
          expect(m.statedDate ?? null, text).toBe(dated ? date : null);
        }
      }
    }
  });
});
