import { describe, expect, it } from 'vitest';
import { B, D, K, M, V, find, findProjected, type Projection } from './grammar-test-support.ts';
import { isCaseCitation } from './find-citations.ts';

type Row = readonly [text: string, expected: readonly Projection[]];

function check(rows: readonly Row[]): void {
  it.each(rows.map(([text, expected]) => ({ text, expected })))('$text', ({ text, expected }) => {
    expect(findProjected(text)).toEqual(expected);
  });
}

// ---------------------------------------------------------------------------------------------

describe('BGE / ATF / DTF references', () => {
  check([
    // de
    ['BGE 140 III 86', [B('BGE 140 III 86', 'BGE 140 III 86')]],
    ['vgl. BGE 140 III 86 E. 2.3', [B('BGE 140 III 86 E. 2.3', 'BGE 140 III 86', ['2.3'])]],
    ['BGE 140 III 86 S. 89', [B('BGE 140 III 86 S. 89', 'BGE 140 III 86')]],
    ['BGE 140 III 86 S. 89 E. 2.3', [B('BGE 140 III 86 S. 89 E. 2.3', 'BGE 140 III 86', ['2.3'])]],
    ['BGE 140 III 86 E. 2.3 S. 89 f.', [B('BGE 140 III 86 E. 2.3 S. 89 f.', 'BGE 140 III 86', ['2.3'])]],
    ['BGE 125 V 351 Erw. 3b', [B('BGE 125 V 351 Erw. 3b', 'BGE 125 V 351', ['3b'])]],
    ['BGE 120 Ia 1 E. 5aa', [B('BGE 120 Ia 1 E. 5aa', 'BGE 120 Ia 1', ['5aa'])]],
    ['BGE 101 Ib 5 E. 2b/aa', [B('BGE 101 Ib 5 E. 2b/aa', 'BGE 101 Ib 5', ['2b/aa'])]],
    [
      'BGE 141 III 1 E. 1.2, 1.3 und 3',
      [B('BGE 141 III 1 E. 1.2, 1.3 und 3', 'BGE 141 III 1', ['1.2', '1.3', '3'])],
    ],
    ['BGE 141 III 1 E. 2 ff.', [B('BGE 141 III 1 E. 2 ff.', 'BGE 141 III 1', ['2'])]],
    ['BGE 141 III 1 E. 4.1.2.3', [B('BGE 141 III 1 E. 4.1.2.3', 'BGE 141 III 1', ['4.1.2.3'])]],
    ['BGE 141 III 1, E. 2.3', [B('BGE 141 III 1, E. 2.3', 'BGE 141 III 1', ['2.3'])]],
    ['BGE 141 III 1 E.2.3', [B('BGE 141 III 1 E.2.3', 'BGE 141 III 1', ['2.3'])]],
    ['BGE 141 III 1 Erwägung 3', [B('BGE 141 III 1 Erwägung 3', 'BGE 141 III 1', ['3'])]],
    ['BGE 141 III 1 E. 3-5', [B('BGE 141 III 1 E. 3-5', 'BGE 141 III 1', ['3', '5'])]],
    ['BGE 141 III 1 E. 3 sowie 5', [B('BGE 141 III 1 E. 3 sowie 5', 'BGE 141 III 1', ['3', '5'])]],
    ['(BGE 141 III 1).', [B('BGE 141 III 1', 'BGE 141 III 1')]],
    ['BGE 141 III 1.', [B('BGE 141 III 1', 'BGE 141 III 1')]],
    ['BGE 152 I 1', [B('BGE 152 I 1', 'BGE 152 I 1')]],
    ['BGE 1 I 1', [B('BGE 1 I 1', 'BGE 1 I 1')]],
    ['BGE 131 iii 12', [B('BGE 131 iii 12', 'BGE 131 III 12')]],
    ['BGE 120 IA 1', [B('BGE 120 IA 1', 'BGE 120 Ia 1')]],
    ['BGE\u00a0140\u00a0III\u00a086', [B('BGE\u00a0140\u00a0III\u00a086', 'BGE 140 III 86')]],
    ['BGE 140\nIII 86', [B('BGE 140\nIII 86', 'BGE 140 III 86')]],
    // fr
    ['ATF 140 III 86', [B('ATF 140 III 86', 'BGE 140 III 86')]],
    ['ATF 140 III 86 consid. 2.3', [B('ATF 140 III 86 consid. 2.3', 'BGE 140 III 86', ['2.3'])]],
    [
      'ATF 140 III 86 consid. 2.1 et 2.3',
      [B('ATF 140 III 86 consid. 2.1 et 2.3', 'BGE 140 III 86', ['2.1', '2.3'])],
    ],
    ['ATF 140 III 86 p. 89', [B('ATF 140 III 86 p. 89', 'BGE 140 III 86')]],
    ['ATF 140 III 86 consid. 2 p. 89 s.', [B('ATF 140 III 86 consid. 2 p. 89 s.', 'BGE 140 III 86', ['2'])]],
    ['ATF 140 III 86 c. 2.3', [B('ATF 140 III 86 c. 2.3', 'BGE 140 III 86', ['2.3'])]],
    ['ATF 140 III 86 consid. 2 ss', [B('ATF 140 III 86 consid. 2 ss', 'BGE 140 III 86', ['2'])]],
    ['ATF 125 V 351, consid. 2.3', [B('ATF 125 V 351, consid. 2.3', 'BGE 125 V 351', ['2.3'])]],
    ['ATF 131 Ib 12 consid. 4a', [B('ATF 131 Ib 12 consid. 4a', 'BGE 131 Ib 12', ['4a'])]],
    ['ATF 140 III 86 considérant 2', [B('ATF 140 III 86 considérant 2', 'BGE 140 III 86', ['2'])]],
    // it
    ['DTF 140 III 86', [B('DTF 140 III 86', 'BGE 140 III 86')]],
    ['DTF 140 III 86 consid. 2 e 3', [B('DTF 140 III 86 consid. 2 e 3', 'BGE 140 III 86', ['2', '3'])]],
    ['DTF 140 III 86 pag. 89', [B('DTF 140 III 86 pag. 89', 'BGE 140 III 86')]],
    [
      'DTF 140 III 86 consid. 2.3 pag. 89 seg.',
      [B('DTF 140 III 86 consid. 2.3 pag. 89 seg.', 'BGE 140 III 86', ['2.3'])],
    ],
    ['DTF 133 IV 1 consid. 4.2 segg.', [B('DTF 133 IV 1 consid. 4.2 segg.', 'BGE 133 IV 1', ['4.2'])]],
    ['DTF 140 III 86 considerando 5', [B('DTF 140 III 86 considerando 5', 'BGE 140 III 86', ['5'])]],
  ]);
});

describe('BGE reference lists (bare references only inside a list)', () => {
  check([
    [
      'BGE 139 III 1; 140 III 86 E. 2',
      [B('BGE 139 III 1', 'BGE 139 III 1'), B('140 III 86 E. 2', 'BGE 140 III 86', ['2'])],
    ],
    [
      'BGE 139 III 1 und 140 III 86',
      [B('BGE 139 III 1', 'BGE 139 III 1'), B('140 III 86', 'BGE 140 III 86')],
    ],
    ['ATF 139 III 1 et 140 III 86', [B('ATF 139 III 1', 'BGE 139 III 1'), B('140 III 86', 'BGE 140 III 86')]],
    ['DTF 139 III 1 e 140 III 86', [B('DTF 139 III 1', 'BGE 139 III 1'), B('140 III 86', 'BGE 140 III 86')]],
    [
      'BGE 139 III 1, 140 III 86, 141 I 5',
      [B('BGE 139 III 1', 'BGE 139 III 1'), B('140 III 86', 'BGE 140 III 86'), B('141 I 5', 'BGE 141 I 5')],
    ],
    [
      'BGE 139 III 1 E. 2, 140 III 86 E. 3',
      [B('BGE 139 III 1 E. 2', 'BGE 139 III 1', ['2']), B('140 III 86 E. 3', 'BGE 140 III 86', ['3'])],
    ],
    [
      'BGE 139 III 1 E. 2 und 3; 140 III 86',
      [B('BGE 139 III 1 E. 2 und 3', 'BGE 139 III 1', ['2', '3']), B('140 III 86', 'BGE 140 III 86')],
    ],
    [
      'BGE 139 III 1 E. 2 und 140 III 86 E. 3',
      [B('BGE 139 III 1 E. 2', 'BGE 139 III 1', ['2']), B('140 III 86 E. 3', 'BGE 140 III 86', ['3'])],
    ],
    [
      'ATF 139 III 1 consid. 2; 140 III 86 consid. 3; 141 III 5',
      [
        B('ATF 139 III 1 consid. 2', 'BGE 139 III 1', ['2']),
        B('140 III 86 consid. 3', 'BGE 140 III 86', ['3']),
        B('141 III 5', 'BGE 141 III 5'),
      ],
    ],
    [
      'BGE 139 III 1; vgl. auch 140 III 86',
      [B('BGE 139 III 1', 'BGE 139 III 1'), B('140 III 86', 'BGE 140 III 86')],
    ],
    [
      'ATF 139 III 1; cf. aussi 140 III 86',
      [B('ATF 139 III 1', 'BGE 139 III 1'), B('140 III 86', 'BGE 140 III 86')],
    ],
    [
      'BGE 139 III 1 sowie 140 III 86 S. 90',
      [B('BGE 139 III 1', 'BGE 139 III 1'), B('140 III 86 S. 90', 'BGE 140 III 86')],
    ],
    [
      'Urteil 4A_1/2020 vom 3. Mai 2021; 140 III 86',
      [D('Urteil 4A_1/2020 vom 3. Mai 2021', '4A_1/2020', 'bger', [], '2021-05-03')],
    ],
    ['140 III 86', []],
    ['gemäss 140 III 86 und BGE 141 III 1', [B('BGE 141 III 1', 'BGE 141 III 1')]],
    ['BGE 139 III 1 140 III 86', [B('BGE 139 III 1', 'BGE 139 III 1')]],
    ['BGE 139 III 1; 140 iii 86', [B('BGE 139 III 1', 'BGE 139 III 1')]],
    ['BGE 139 III 1; 1400 III 86', [B('BGE 139 III 1', 'BGE 139 III 1')]],
    [
      'BGE 139 III 1; 131 III 121',
      [B('BGE 139 III 1', 'BGE 139 III 1'), B('131 III 121', 'BGE 131 III 121')],
    ],
  ]);
});

describe('federal dockets', () => {
  check([
    // Federal Supreme Court, modern
    ['4A_714/2014', [D('4A_714/2014', '4A_714/2014')]],
    ['6B_807/2025', [D('6B_807/2025', '6B_807/2025')]],
    ['1C_146/2025', [D('1C_146/2025', '1C_146/2025')]],
    ['7B_1111/2025', [D('7B_1111/2025', '7B_1111/2025')]],
    ['8F_4/2026', [D('8F_4/2026', '8F_4/2026')]],
    ['12T_1/2020', [D('12T_1/2020', '12T_1/2020')]],
    ['2D_12/2019', [D('2D_12/2019', '2D_12/2019')]],
    ['5A_1/2007.', [D('5A_1/2007', '5A_1/2007')]],
    ['(9C_533/2024)', [D('9C_533/2024', '9C_533/2024')]],
    ['6B 1234/2025', [D('6B 1234/2025', '6B_1234/2025')]],
    ['1C\u00a0146/2025', [D('1C\u00a0146/2025', '1C_146/2025')]],
    // pre-2007 dotted
    ['2A.123/2005', [D('2A.123/2005', '2A.123/2005')]],
    ['5C.123/2003', [D('5C.123/2003', '5C.123/2003')]],
    ['1P.45/2004', [D('1P.45/2004', '1P.45/2004')]],
    ['4C.1/2000', [D('4C.1/2000', '4C.1/2000')]],
    ['6S.300/2006', [D('6S.300/2006', '6S.300/2006')]],
    ['1A.122/2005', [D('1A.122/2005', '1A.122/2005')]],
    // former insurance court (lone: low confidence, still found)
    ['I 594/01', [D('I 594/01', 'I 594/01')]],
    ['U 12/05', [D('U 12/05', 'U 12/05')]],
    ['K 34/03', [D('K 34/03', 'K 34/03')]],
    ['H 12/04', [D('H 12/04', 'H 12/04')]],
    ['B 5/02', [D('B 5/02', 'B 5/02')]],
    ['C 2/01', [D('C 2/01', 'C 2/01')]],
    ['P 1/02', [D('P 1/02', 'P 1/02')]],
    ['M 2/03', [D('M 2/03', 'M 2/03')]],
    // Federal Administrative Court
    ['A-1234/2020', [D('A-1234/2020', 'A-1234/2020', 'bvger')]],
    ['E-7414/2015', [D('E-7414/2015', 'E-7414/2015', 'bvger')]],
    ['B-5/2008', [D('B-5/2008', 'B-5/2008', 'bvger')]],
    ['F-1/2019', [D('F-1/2019', 'F-1/2019', 'bvger')]],
    // Federal Criminal Court
    ['SK.2019.42', [D('SK.2019.42', 'SK.2019.42', 'bstger')]],
    ['BB.2023.132', [D('BB.2023.132', 'BB.2023.132', 'bstger')]],
    ['RR.2012.25', [D('RR.2012.25', 'RR.2012.25', 'bstger')]],
    ['CA.2020.3', [D('CA.2020.3', 'CA.2020.3', 'bstger')]],
    ['BG.2019.1', [D('BG.2019.1', 'BG.2019.1', 'bstger')]],
    ['BH.2020.2', [D('BH.2020.2', 'BH.2020.2', 'bstger')]],
    ['SK.2019.42.', [D('SK.2019.42', 'SK.2019.42', 'bstger')]],
    // Federal Patent Court
    ['O2018_001', [D('O2018_001', 'O2018_001', 'bpatger')]],
    ['S2023_011', [D('S2023_011', 'S2023_011', 'bpatger')]],
  ]);
});

describe('collections of the other federal courts', () => {
  check([
    ['BVGE 2013/10', [V('BVGE 2013/10', 'BVGE 2013/10')]],
    ['BVGE 2019 I/2', [V('BVGE 2019 I/2', 'BVGE 2019 I/2')]],
    ['ATAF 2013/10 consid. 4.2', [V('ATAF 2013/10 consid. 4.2', 'BVGE 2013/10', ['4.2'])]],
    ['DTAF 2019 VII/3', [V('DTAF 2019 VII/3', 'BVGE 2019 VII/3')]],
    [
      'BVGE 2013/10 E. 3; 2014/5',
      [V('BVGE 2013/10 E. 3', 'BVGE 2013/10', ['3']), V('2014/5', 'BVGE 2014/5')],
    ],
    ['MKGE 14 Nr. 3', [M('MKGE 14 Nr. 3', 'MKGE 14 Nr. 3')]],
    ['ATMC 14 n° 3', [M('ATMC 14 n° 3', 'MKGE 14 Nr. 3')]],
    ['STMC 14 n. 3', [M('STMC 14 n. 3', 'MKGE 14 Nr. 3')]],
    ['MKGE 14 Nr 3 E. 2', [M('MKGE 14 Nr 3 E. 2', 'MKGE 14 Nr. 3', ['2'])]],
    ['ATMC 9 no 12', [M('ATMC 9 no 12', 'MKGE 9 Nr. 12')]],
  ]);
});

describe('long forms (de)', () => {
  check([
    [
      'Urteil des Bundesgerichts 4A_123/2020 vom 3. Mai 2021',
      [D('Urteil des Bundesgerichts 4A_123/2020 vom 3. Mai 2021', '4A_123/2020', 'bger', [], '2021-05-03')],
    ],
    [
      'Urteil 4A_456/2021 vom 19. Januar 2021 E. 1.2',
      [D('Urteil 4A_456/2021 vom 19. Januar 2021 E. 1.2', '4A_456/2021', 'bger', ['1.2'], '2021-01-19')],
    ],
    [
      'BGer 6B_1518/2021 vom 3. Mai 2022',
      [D('BGer 6B_1518/2021 vom 3. Mai 2022', '6B_1518/2021', 'bger', [], '2022-05-03')],
    ],
    [
      'BGer 4A_714/2014 vom 22. Mai 2015, E. 2.3',
      [D('BGer 4A_714/2014 vom 22. Mai 2015, E. 2.3', '4A_714/2014', 'bger', ['2.3'], '2015-05-22')],
    ],
    [
      'Urteil 5A_8/2020 vom 03.05.2022',
      [D('Urteil 5A_8/2020 vom 03.05.2022', '5A_8/2020', 'bger', [], '2022-05-03')],
    ],
    [
      'Urteil 5A_8/2020 vom 3.5.2022',
      [D('Urteil 5A_8/2020 vom 3.5.2022', '5A_8/2020', 'bger', [], '2022-05-03')],
    ],
    [
      'Urteil 5A_8/2020 v. 3. Mai 2022',
      [D('Urteil 5A_8/2020 v. 3. Mai 2022', '5A_8/2020', 'bger', [], '2022-05-03')],
    ],
    [
      'Urteil 2C_1/2019 vom 1. März 2019',
      [D('Urteil 2C_1/2019 vom 1. März 2019', '2C_1/2019', 'bger', [], '2019-03-01')],
    ],
    [
      'Entscheid 1C_11/2019 vom 11. August 2019 E. 3 ff.',
      [D('Entscheid 1C_11/2019 vom 11. August 2019 E. 3 ff.', '1C_11/2019', 'bger', ['3'], '2019-08-11')],
    ],
    [
      'Urteil des Bundesgerichts 4A_1/2020 E. 2 vom 3. Mai 2021',
      [
        D(
          'Urteil des Bundesgerichts 4A_1/2020 E. 2 vom 3. Mai 2021',
          '4A_1/2020',
          'bger',
          ['2'],
          '2021-05-03',
        ),
      ],
    ],
    [
      'Urteil des Bundesgerichts vom 3. Mai 2021 (4A_1/2021) E. 3',
      [
        D(
          'Urteil des Bundesgerichts vom 3. Mai 2021 (4A_1/2021) E. 3',
          '4A_1/2021',
          'bger',
          ['3'],
          '2021-05-03',
        ),
      ],
    ],
    [
      'Urteil vom 3. Mai 2021 (4A_1/2021)',
      [D('Urteil vom 3. Mai 2021 (4A_1/2021)', '4A_1/2021', 'bger', [], '2021-05-03')],
    ],
    [
      'Urteil der II. zivilrechtlichen Abteilung des Bundesgerichts 5A_1/2020 vom 03.05.2020',
      [
        D(
          'Urteil der II. zivilrechtlichen Abteilung des Bundesgerichts 5A_1/2020 vom 03.05.2020',
          '5A_1/2020',
          'bger',
          [],
          '2020-05-03',
        ),
      ],
    ],
    [
      'Urteil der 1. öffentlich-rechtlichen Abteilung 1C_5/2020',
      [D('Urteil der 1. öffentlich-rechtlichen Abteilung 1C_5/2020', '1C_5/2020', 'bger', [], null)],
    ],
    [
      'Urteile 4A_1/2020 vom 3. Mai 2021 und 4A_2/2020 vom 4. Mai 2021',
      [
        D('Urteile 4A_1/2020 vom 3. Mai 2021', '4A_1/2020', 'bger', [], '2021-05-03'),
        D('4A_2/2020 vom 4. Mai 2021', '4A_2/2020', 'bger', [], '2021-05-04'),
      ],
    ],
    [
      'Urteil des Bundesverwaltungsgerichts A-1234/2020 vom 3. Mai 2021',
      [
        D(
          'Urteil des Bundesverwaltungsgerichts A-1234/2020 vom 3. Mai 2021',
          'A-1234/2020',
          'bvger',
          [],
          '2021-05-03',
        ),
      ],
    ],
    [
      'BVGer A-1234/2020 vom 3. Februar 2021',
      [D('BVGer A-1234/2020 vom 3. Februar 2021', 'A-1234/2020', 'bvger', [], '2021-02-03')],
    ],
    [
      'Entscheid des Bundesstrafgerichts SK.2019.42 vom 30. Oktober 2019',
      [
        D(
          'Entscheid des Bundesstrafgerichts SK.2019.42 vom 30. Oktober 2019',
          'SK.2019.42',
          'bstger',
          [],
          '2019-10-30',
        ),
      ],
    ],
    [
      'Beschluss des Bundesstrafgerichts XY.2020.7',
      [D('Beschluss des Bundesstrafgerichts XY.2020.7', 'XY.2020.7', 'bstger')],
    ],
    [
      'BStGer BB.2023.132 vom 1. Dezember 2023',
      [D('BStGer BB.2023.132 vom 1. Dezember 2023', 'BB.2023.132', 'bstger', [], '2023-12-01')],
    ],
    [
      'BPatGer O2018_001 vom 15. Juli 2019',
      [D('BPatGer O2018_001 vom 15. Juli 2019', 'O2018_001', 'bpatger', [], '2019-07-15')],
    ],
    [
      'Urteil des Bundespatentgerichts S2023_011',
      [D('Urteil des Bundespatentgerichts S2023_011', 'S2023_011', 'bpatger')],
    ],
    [
      'Urteil des EVG I 594/01 vom 3. Mai 2002',
      [D('Urteil des EVG I 594/01 vom 3. Mai 2002', 'I 594/01', 'bger', [], '2002-05-03')],
    ],
    [
      'Urteil I 594/01 vom 3. Mai 2002',
      [D('Urteil I 594/01 vom 3. Mai 2002', 'I 594/01', 'bger', [], '2002-05-03')],
    ],
    [
      'Urteil des Eidgenössischen Versicherungsgerichts U 12/05',
      [D('Urteil des Eidgenössischen Versicherungsgerichts U 12/05', 'U 12/05', 'bger')],
    ],
    [
      'Urteil des Eidg. Versicherungsgerichts K 34/03 E. 2',
      [D('Urteil des Eidg. Versicherungsgerichts K 34/03 E. 2', 'K 34/03', 'bger', ['2'])],
    ],
    ['Urteile I 594/01 und U 12/05', [D('Urteile I 594/01', 'I 594/01'), D('U 12/05', 'U 12/05')]],
    [
      'Urteil 2A.123/2005 vom 1. Juli 2005',
      [D('Urteil 2A.123/2005 vom 1. Juli 2005', '2A.123/2005', 'bger', [], '2005-07-01')],
    ],
    ['Bundesgerichtsentscheid BGE 140 III 86', [B('BGE 140 III 86', 'BGE 140 III 86')]],
    [
      'Urteil des Bundesgerichts BGE 140 III 86',
      [B('Urteil des Bundesgerichts BGE 140 III 86', 'BGE 140 III 86')],
    ],
    ['das Urteil des Bundesgerichts vom 3. Mai 2021 ist', []],
    ['mit Urteil vom 3. Mai 2021 wies das Obergericht die Berufung ab', []],
  ]);
});

describe('long forms (fr)', () => {
  check([
    [
      'arrêt du Tribunal fédéral 4A_456/2021 du 19 janvier 2021 consid. 1.2',
      [
        D(
          'arrêt du Tribunal fédéral 4A_456/2021 du 19 janvier 2021 consid. 1.2',
          '4A_456/2021',
          'bger',
          ['1.2'],
          '2021-01-19',
        ),
      ],
    ],
    [
      'arrêt 4A_456/2021 du 19 janvier 2021',
      [D('arrêt 4A_456/2021 du 19 janvier 2021', '4A_456/2021', 'bger', [], '2021-01-19')],
    ],
    [
      "l'arrêt 4A_456/2021 du 1er mars 2021",
      [D('arrêt 4A_456/2021 du 1er mars 2021', '4A_456/2021', 'bger', [], '2021-03-01')],
    ],
    [
      'TF 4A_714/2014 du 22 mai 2015',
      [D('TF 4A_714/2014 du 22 mai 2015', '4A_714/2014', 'bger', [], '2015-05-22')],
    ],
    [
      'TF 4A_123/2020 du 1er mars 2021, consid. 3',
      [D('TF 4A_123/2020 du 1er mars 2021, consid. 3', '4A_123/2020', 'bger', ['3'], '2021-03-01')],
    ],
    [
      'arrêt du TF 6B_1/2021 du 1er mars 2021 c. 2.2',
      [D('arrêt du TF 6B_1/2021 du 1er mars 2021 c. 2.2', '6B_1/2021', 'bger', ['2.2'], '2021-03-01')],
    ],
    [
      'arrêt 5A_8/2020 du 8 décembre 2020',
      [D('arrêt 5A_8/2020 du 8 décembre 2020', '5A_8/2020', 'bger', [], '2020-12-08')],
    ],
    [
      'arrêt 5A_8/2020 du 8 decembre 2020',
      [D('arrêt 5A_8/2020 du 8 decembre 2020', '5A_8/2020', 'bger', [], '2020-12-08')],
    ],
    [
      'arrêt 1C_11/2019 du 11 août 2019',
      [D('arrêt 1C_11/2019 du 11 août 2019', '1C_11/2019', 'bger', [], '2019-08-11')],
    ],
    [
      'arrêt 1C_11/2019 du 11.08.2019',
      [D('arrêt 1C_11/2019 du 11.08.2019', '1C_11/2019', 'bger', [], '2019-08-11')],
    ],
    [
      'arrêt de la IIe Cour de droit public du Tribunal fédéral 2C_1/2020 du 3 mai 2021',
      [
        D(
          'arrêt de la IIe Cour de droit public du Tribunal fédéral 2C_1/2020 du 3 mai 2021',
          '2C_1/2020',
          'bger',
          [],
          '2021-05-03',
        ),
      ],
    ],
    [
      'Cour des assurances sociales du Tribunal fédéral 9C_1/2020',
      [D('Cour des assurances sociales du Tribunal fédéral 9C_1/2020', '9C_1/2020', 'bger')],
    ],
    [
      'arrêt du Tribunal fédéral des assurances I 594/01 du 3 mai 2002',
      [
        D(
          'arrêt du Tribunal fédéral des assurances I 594/01 du 3 mai 2002',
          'I 594/01',
          'bger',
          [],
          '2002-05-03',
        ),
      ],
    ],
    ['TFA U 12/05', [D('TFA U 12/05', 'U 12/05', 'bger')]],
    [
      'arrêt du Tribunal administratif fédéral A-1234/2020 du 3 février 2021',
      [
        D(
          'arrêt du Tribunal administratif fédéral A-1234/2020 du 3 février 2021',
          'A-1234/2020',
          'bvger',
          [],
          '2021-02-03',
        ),
      ],
    ],
    ['arrêt du TAF A-1234/2020', [D('arrêt du TAF A-1234/2020', 'A-1234/2020', 'bvger')]],
    [
      'TAF E-7414/2015 du 3 février 2016 consid. 4',
      [D('TAF E-7414/2015 du 3 février 2016 consid. 4', 'E-7414/2015', 'bvger', ['4'], '2016-02-03')],
    ],
    [
      'décision du Tribunal pénal fédéral BB.2023.132 du 1er décembre 2023',
      [
        D(
          'décision du Tribunal pénal fédéral BB.2023.132 du 1er décembre 2023',
          'BB.2023.132',
          'bstger',
          [],
          '2023-12-01',
        ),
      ],
    ],
    [
      'TPF SK.2019.42 du 30 octobre 2019',
      [D('TPF SK.2019.42 du 30 octobre 2019', 'SK.2019.42', 'bstger', [], '2019-10-30')],
    ],
    [
      'TFB O2018_001 du 15 juillet 2019',
      [D('TFB O2018_001 du 15 juillet 2019', 'O2018_001', 'bpatger', [], '2019-07-15')],
    ],
    ['arrêts 4A_1/2020 et 4A_2/2020', [D('arrêts 4A_1/2020', '4A_1/2020'), D('4A_2/2020', '4A_2/2020')]],
    [
      'arrêt du Tribunal fédéral du 19 janvier 2021 (4A_456/2021)',
      [
        D(
          'arrêt du Tribunal fédéral du 19 janvier 2021 (4A_456/2021)',
          '4A_456/2021',
          'bger',
          [],
          '2021-01-19',
        ),
      ],
    ],
  ]);
});

describe('long forms (it)', () => {
  check([
    [
      'sentenza del Tribunale federale 4A_456/2021 del 19 gennaio 2021 consid. 1.2',
      [
        D(
          'sentenza del Tribunale federale 4A_456/2021 del 19 gennaio 2021 consid. 1.2',
          '4A_456/2021',
          'bger',
          ['1.2'],
          '2021-01-19',
        ),
      ],
    ],
    [
      'sentenza 4A_456/2021 del 19 gennaio 2021',
      [D('sentenza 4A_456/2021 del 19 gennaio 2021', '4A_456/2021', 'bger', [], '2021-01-19')],
    ],
    [
      "sentenza 4A_456/2021 dell'8 maggio 2020",
      [D("sentenza 4A_456/2021 dell'8 maggio 2020", '4A_456/2021', 'bger', [], '2020-05-08')],
    ],
    [
      'sentenza 4A_456/2021 dell’11 marzo 2020',
      [D('sentenza 4A_456/2021 dell’11 marzo 2020', '4A_456/2021', 'bger', [], '2020-03-11')],
    ],
    [
      'TF 6B_1/2021 del 1° marzo 2021, consid. 1.2',
      [D('TF 6B_1/2021 del 1° marzo 2021, consid. 1.2', '6B_1/2021', 'bger', ['1.2'], '2021-03-01')],
    ],
    [
      'TF 6B_1/2021 del 1º marzo 2021',
      [D('TF 6B_1/2021 del 1º marzo 2021', '6B_1/2021', 'bger', [], '2021-03-01')],
    ],
    [
      'TF 4A_714/2014 del 22 maggio 2015',
      [D('TF 4A_714/2014 del 22 maggio 2015', '4A_714/2014', 'bger', [], '2015-05-22')],
    ],
    [
      'sentenza 2C_5/2020 del 3 agosto 2020 consid. 2 e 3',
      [
        D(
          'sentenza 2C_5/2020 del 3 agosto 2020 consid. 2 e 3',
          '2C_5/2020',
          'bger',
          ['2', '3'],
          '2020-08-03',
        ),
      ],
    ],
    [
      'sentenza del Tribunale amministrativo federale A-1234/2020 del 3 febbraio 2021',
      [
        D(
          'sentenza del Tribunale amministrativo federale A-1234/2020 del 3 febbraio 2021',
          'A-1234/2020',
          'bvger',
          [],
          '2021-02-03',
        ),
      ],
    ],
    [
      'TAF A-1234/2020 del 3 febbraio 2021',
      [D('TAF A-1234/2020 del 3 febbraio 2021', 'A-1234/2020', 'bvger', [], '2021-02-03')],
    ],
    [
      'decisione del Tribunale penale federale RR.2012.25 del 30 ottobre 2012',
      [
        D(
          'decisione del Tribunale penale federale RR.2012.25 del 30 ottobre 2012',
          'RR.2012.25',
          'bstger',
          [],
          '2012-10-30',
        ),
      ],
    ],
    [
      'TPF SK.2019.42 del 30 ottobre 2019',
      [D('TPF SK.2019.42 del 30 ottobre 2019', 'SK.2019.42', 'bstger', [], '2019-10-30')],
    ],
    [
      'sentenza del Tribunale federale delle assicurazioni I 594/01',
      [D('sentenza del Tribunale federale delle assicurazioni I 594/01', 'I 594/01', 'bger')],
    ],
    [
      'sentenza della II Corte di diritto pubblico del Tribunale federale 2C_1/2020',
      [
        D(
          'sentenza della II Corte di diritto pubblico del Tribunale federale 2C_1/2020',
          '2C_1/2020',
          'bger',
        ),
      ],
    ],
    ['sentenze 4A_1/2020 e 4A_2/2020', [D('sentenze 4A_1/2020', '4A_1/2020'), D('4A_2/2020', '4A_2/2020')]],
  ]);
});

describe('cantonal dockets after a named court', () => {
  check([
    [
      'Urteil des Obergerichts des Kantons Zürich LB220012 vom 3. Mai 2021',
      [
        K(
          'Urteil des Obergerichts des Kantons Zürich LB220012 vom 3. Mai 2021',
          'LB220012',
          'zh_obergericht',
          'ZH',
          '2021-05-03',
        ),
      ],
    ],
    [
      'Entscheid des Verwaltungsgerichts Bern VGE 100.2019.123 vom 1. Februar 2020',
      [
        K(
          'Entscheid des Verwaltungsgerichts Bern VGE 100.2019.123 vom 1. Februar 2020',
          'VGE 100.2019.123',
          'be_verwaltungsgericht',
          'BE',
          '2020-02-01',
        ),
      ],
    ],
    [
      'arrêt de la Cour de justice de Genève ACJC/123/2021 du 1er mars 2021',
      [
        K(
          'arrêt de la Cour de justice de Genève ACJC/123/2021 du 1er mars 2021',
          'ACJC/123/2021',
          'ge_gerichte',
          'GE',
          '2021-03-01',
        ),
      ],
    ],
    [
      "sentenza del Tribunale d'appello del Cantone Ticino 12.2019.45 del 1° marzo 2021",
      [
        K(
          "sentenza del Tribunale d'appello del Cantone Ticino 12.2019.45 del 1° marzo 2021",
          '12.2019.45',
          'ti_gerichte',
          'TI',
          '2021-03-01',
        ),
      ],
    ],
    [
      'Obergericht ZH LA210005 vom 15. Juni 2021',
      [K('Obergericht ZH LA210005 vom 15. Juni 2021', 'LA210005', 'zh_obergericht', 'ZH', '2021-06-15')],
    ],
    [
      'Tribunal supérieur ZH LA210005 du 15 juin 2021',
      [K('Tribunal supérieur ZH LA210005 du 15 juin 2021', 'LA210005', 'zh_obergericht', 'ZH', '2021-06-15')],
    ],
    [
      'Tribunale superiore ZH LA210005 del 15 giugno 2021',
      [
        K(
          'Tribunale superiore ZH LA210005 del 15 giugno 2021',
          'LA210005',
          'zh_obergericht',
          'ZH',
          '2021-06-15',
        ),
      ],
    ],
    [
      'Cour de justice GE ACJC/123/2021 du 29 janvier 2021, consid. 3.1',
      [
        K(
          'Cour de justice GE ACJC/123/2021 du 29 janvier 2021, consid. 3.1',
          'ACJC/123/2021',
          'ge_gerichte',
          'GE',
          '2021-01-29',
          ['3.1'],
        ),
      ],
    ],
    [
      'Urteil des Verwaltungsgerichts des Kantons Zürich VB.2020.00123 vom 2. März 2021 E. 4.2',
      [
        K(
          'Urteil des Verwaltungsgerichts des Kantons Zürich VB.2020.00123 vom 2. März 2021 E. 4.2',
          'VB.2020.00123',
          'zh_verwaltungsgericht',
          'ZH',
          '2021-03-02',
          ['4.2'],
        ),
      ],
    ],
    [
      'Urteil des Sozialversicherungsgerichts des Kantons Zürich IV.2019.00123',
      [
        K(
          'Urteil des Sozialversicherungsgerichts des Kantons Zürich IV.2019.00123',
          'IV.2019.00123',
          'zh_sozialversicherungsgericht',
          'ZH',
        ),
      ],
    ],
    [
      'Entscheid des Obergerichts des Kantons Bern ZK 19 123 vom 3. Mai 2019',
      [
        K(
          'Entscheid des Obergerichts des Kantons Bern ZK 19 123 vom 3. Mai 2019',
          'ZK 19 123',
          'be_obergericht',
          'BE',
          '2019-05-03',
        ),
      ],
    ],
    [
      'arrêt de la Cour suprême du canton de Berne ZK 19 123',
      [K('arrêt de la Cour suprême du canton de Berne ZK 19 123', 'ZK 19 123', 'be_obergericht', 'BE')],
    ],
    [
      'Urteil des Kantonsgerichts Luzern 1B 19 12',
      [K('Urteil des Kantonsgerichts Luzern 1B 19 12', '1B 19 12', 'lu_kantonsgericht', 'LU')],
    ],
    [
      'Urteil des Appellationsgerichts Basel-Stadt ZB.2019.1',
      [
        K(
          'Urteil des Appellationsgerichts Basel-Stadt ZB.2019.1',
          'ZB.2019.1',
          'bs_appellationsgericht',
          'BS',
        ),
      ],
    ],
    [
      'Entscheid des Kantonsgerichts St. Gallen BO.2019.12',
      [K('Entscheid des Kantonsgerichts St. Gallen BO.2019.12', 'BO.2019.12', 'sg_kantonsgericht', 'SG')],
    ],
    [
      'arrêt du Tribunal cantonal vaudois HC/2019/12 du 3 mai 2019',
      [
        K(
          'arrêt du Tribunal cantonal vaudois HC/2019/12 du 3 mai 2019',
          'HC/2019/12',
          'vd_findinfo',
          'VD',
          '2019-05-03',
        ),
      ],
    ],
    [
      'arrêt du Tribunal cantonal du canton de Vaud PE.2019.0123',
      [K('arrêt du Tribunal cantonal du canton de Vaud PE.2019.0123', 'PE.2019.0123', 'vd_findinfo', 'VD')],
    ],
    [
      'arrêt du Tribunal cantonal fribourgeois 101 2019 12',
      [K('arrêt du Tribunal cantonal fribourgeois 101 2019 12', '101 2019 12', 'fr_kantonsgericht', 'FR')],
    ],
    [
      'arrêt du Tribunal cantonal jurassien CC 12 / 2019',
      [K('arrêt du Tribunal cantonal jurassien CC 12 / 2019', 'CC 12 / 2019', 'ju_tribunal_cantonal', 'JU')],
    ],
    [
      'Urteil des Kantonsgerichts Wallis C1 19 12',
      [K('Urteil des Kantonsgerichts Wallis C1 19 12', 'C1 19 12', 'vs_kantonsgericht', 'VS')],
    ],
    [
      'sentenza del Tribunale cantonale amministrativo 52.2019.12',
      [K('sentenza del Tribunale cantonale amministrativo 52.2019.12', '52.2019.12', null, null)],
    ],
    [
      'sentenza del Tribunale cantonale amministrativo ticinese 52.2019.12',
      [
        K(
          'sentenza del Tribunale cantonale amministrativo ticinese 52.2019.12',
          '52.2019.12',
          'ti_tribunale_amministrativo',
          'TI',
        ),
      ],
    ],
    [
      'Urteil des Obergerichts des Kantons Zürich vom 3. Mai 2022 (LB220012-O/U)',
      [
        K(
          'Urteil des Obergerichts des Kantons Zürich vom 3. Mai 2022 (LB220012-O/U)',
          'LB220012-O/U',
          'zh_obergericht',
          'ZH',
          '2022-05-03',
        ),
      ],
    ],
    [
      'Urteil des zürcherischen Obergerichts SB210012',
      [K('Urteil des zürcherischen Obergerichts SB210012', 'SB210012', 'zh_obergericht', 'ZH')],
    ],
    [
      'Urteil des Bezirksgerichts Zürich GG210012',
      [K('Urteil des Bezirksgerichts Zürich GG210012', 'GG210012', null, 'ZH')],
    ],
    [
      'Urteil des Handelsgerichts des Kantons Aargau HOR.2019.12',
      [K('Urteil des Handelsgerichts des Kantons Aargau HOR.2019.12', 'HOR.2019.12', null, 'AG')],
    ],
    ['Urteil des Obergerichts LB220012', [K('Urteil des Obergerichts LB220012', 'LB220012', null, null)]],
    [
      'Entscheid des Verwaltungsgerichts Glarus VG.2019.12',
      [K('Entscheid des Verwaltungsgerichts Glarus VG.2019.12', 'VG.2019.12', 'gl_verwaltungsgericht', 'GL')],
    ],
    [
      'jugement du Tribunal de première instance de Genève JTPI/123/2021',
      [K('jugement du Tribunal de première instance de Genève JTPI/123/2021', 'JTPI/123/2021', null, 'GE')],
    ],
    ['Urteil des Obergerichts des Kantons Zürich vom 3. Mai 2021', []],
    ['das Obergericht ZH hat die Berufung abgewiesen', []],
    ['Obergericht ZH 2021', []],
    ['Obergericht ZH 1/2', []],
    ['Obergericht ZH 3.5.2022', []],
  ]);
});

describe('regulators named before their docket', () => {
  check([
    [
      'FINMA FINMA 2019/12 vom 8. Dezember 2020',
      [{ ...D('FINMA FINMA 2019/12 vom 8. Dezember 2020', 'FINMA 2019/12', 'finma', [], '2020-12-08') }],
    ],
    ['WEKO 22-0123', [D('WEKO 22-0123', '22-0123', 'weko')]],
    ['COMCO 32-0456 du 3 mai 2020', [D('COMCO 32-0456 du 3 mai 2020', '32-0456', 'weko', [], '2020-05-03')]],
  ]);
});

describe('case citations inside running text', () => {
  it('finds every citation of a decision-like paragraph, in order', () => {
    const text =
      'Die Vorinstanz stützte sich auf BGE 140 III 86 E. 2.3 und das Urteil 4A_456/2021 vom 19. Januar 2021 E. 1.2. ' +
      'Nach Art. 97 Abs. 1 BGG (vgl. BGE 139 III 1; 141 III 5 E. 3) sowie dem Urteil des Bundesverwaltungsgerichts ' +
      "A-1234/2020 vom 3. Mai 2021 gilt … Tel. 044 123 45 67, CHF 1'000.–, AS 2007 5765.";
    expect(findProjected(text).filter((m) => m.kind !== 'statute' && m.kind !== 'gazette')).toEqual([
      B('BGE 140 III 86 E. 2.3', 'BGE 140 III 86', ['2.3']),
      D('Urteil 4A_456/2021 vom 19. Januar 2021 E. 1.2', '4A_456/2021', 'bger', ['1.2'], '2021-01-19'),
      B('BGE 139 III 1', 'BGE 139 III 1'),
      B('141 III 5 E. 3', 'BGE 141 III 5', ['3']),
      D(
        'Urteil des Bundesverwaltungsgerichts A-1234/2020 vom 3. Mai 2021',
        'A-1234/2020',
        'bvger',
        [],
        '2021-05-03',
      ),
    ]);
  });

  it('gives spans as UTF-16 offsets that slice back to the text, also after astral characters', () => {
    const text = '😀 ä «BGE 140 III 86» – 𝔄 arrêt 4A_1/2020 du 3 mai 2021 😀';
    const found = find(text);
    expect(found).toHaveLength(2);
    for (const m of found) expect(text.slice(m.span.start, m.span.end)).toBe(m.text);
    expect(found[0]!.span.start).toBe(text.indexOf('BGE'));
    expect(found[1]!.span.end).toBe(text.indexOf(' 😀', 10));
  });

  it('does not match a citation glued into a longer token', () => {
    for (const text of [
      'x4A_1/2020',
      '4A_1/2020/3',
      '14A_1/2020',
      'XSK.2019.42',
      'SK.2019.42.5',
      'BGE 140 III 86a',
      'ABGE 140 III 86',
      'A-1234/20201',
      'I 594/011',
    ]) {
      expect(find(text).filter(isCaseCitation), text).toEqual([]);
    }
  });
});

describe('negatives: no case citation', () => {
  const rows: readonly string[] = [
    // statutes are statutes
    'Art. 6 EMRK',
    'Art. 8 Abs. 2 lit. a BV',
    'art. 41 ss CO',
    '§ 12 StG',
    'Art. 1/2 OR',
    // gazettes and collections of law
    'AS 2007 5765',
    'BBl 2001 4202',
    'BBl 2001 I 4202',
    'FF 2001 4000',
    'FF 2001 I 4000',
    'RO 2007 1234',
    'RU 2007 1234',
    'SR 220',
    'SR 0.101',
    // phone numbers
    '044 123 45 67',
    '+41 44 123 45 67',
    '0041 44 123 45 67',
    '079/123 45 67',
    // amounts
    "CHF 1'000.–",
    "Fr. 12'500.50",
    'CHF 1 000.–',
    'Fr. 3000.--',
    'EUR 12.50',
    // dates and times
    '3.5.2022',
    '03.05.2022',
    '03/05/2022',
    '2022-05-03',
    '3. Mai 2022',
    '14:30 Uhr',
    '14.30 Uhr',
    // percentages, fractions, numbers
    '5 %',
    '12,5 %',
    '1/2',
    '3/4 der Kosten',
    '1.1.1.1',
    '2.3.4',
    '140 III 86',
    '131 III',
    // postal codes, addresses
    '8001 Zürich',
    '1003 Lausanne',
    '6900 Lugano',
    'Postfach 1234, 3000 Bern 22',
    // IBAN, ISBN, other ids
    'CH93 0076 2011 6238 5295 7',
    'ISBN 978-3-16-148410-0',
    'ISBN 3-16-148410-X',
    'AHV-Nr. 756.1234.5678.97',
    'UID CHE-123.456.789',
    // docket-like noise
    'E-Mail',
    'A-Post',
    'B-Bewilligung',
    'E-1',
    'I/II',
    'Nr. 12/2020',
    '12/2020',
    'Ziff. 3/2020',
    'Urteil vom 3. Mai 2022',
    'BGE 140',
    'BGE 140 III',
    'BGE 140 VI 86',
    'BGE 153 I 1',
    'BGE 0 I 1',
    'ATF 140 X 86',
    'BVGE 2013',
    'MKGE 14',
    'SK.19.42',
    'XY.2019.42',
    'O18_001',
    'O2018_1',
    'A 594/01',
    'I 594/2001',
    'G-1234/2020',
    '13A_1/2020',
    '4a_1/2020',
    'TF',
    'Tribunal fédéral',
    'E. 2.3',
    'consid. 2.3',
    'S. 89',
  ];
  it.each(rows)('%s', (text) => {
    expect(find(text).filter(isCaseCitation)).toEqual([]);
  });
});
