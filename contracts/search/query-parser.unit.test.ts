import { describe, expect, it } from 'vitest';
import type { QueryNode } from './query-ast.ts';
import { MAX_QUERY_LENGTH, MAX_QUERY_TERMS, describeQuery, parseQuery } from './query-parser.ts';

type Expected = string | { readonly error: RegExp; readonly position: number };

const words = (n: number): string => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

const ROWS: readonly (readonly [string, Expected])[] = [
  // --- words in de / fr / it -------------------------------------------------------------
  ['Mietvertrag', 'Mietvertrag'],
  ['Mietvertrag Kündigung', 'Mietvertrag AND Kündigung'],
  ['"fristlose Kündigung"', '"fristlose Kündigung"'],
  ['responsabilité civile', 'responsabilité AND civile'],
  ['«bail à loyer»', '"bail à loyer"'],
  ['responsabilità', 'responsabilità'],
  ['diritto*', 'diritto*'],
  ['Straße Grundstück Bürgschaft', 'Straße AND Grundstück AND Bürgschaft'],
  ['Treu und Glauben', 'Treu AND und AND Glauben'],
  ['and or not', 'and AND or AND not'],
  ['Miet-vertrag', 'Miet AND vertrag'],
  ['Kündigung, Mietvertrag; Auflösung.', 'Kündigung AND Mietvertrag AND Auflösung'],
  // elisions
  ["l'arrêt", 'arrêt'],
  ['L’arrêt du Tribunal', 'arrêt AND du AND Tribunal'],
  ["qu'il", 'il'],
  ["jusqu'à", 'à'],
  ["dell'articolo", 'articolo'],
  ["aujourd'hui", 'aujourd AND hui'],
  ["d'autres l'arr*", 'autres AND arr*'],
  // phrases and quote styles
  ['„fristlose Kündigung“', '"fristlose Kündigung"'],
  ['“contratto di locazione”', '"contratto di locazione"'],
  ['»Treu und Glauben«', '"Treu und Glauben"'],
  ['"Art. 8 BV"', '"Art 8 BV"'],
  ['"l\'arrêt attaqué"', '"l\'arrêt attaqué"'],
  ['"Urteil 714/2014, vom"', '"Urteil 714/2014 vom"'],
  ['"Miete AND (Pacht)"', '"Miete AND Pacht"'],
  ['"Mietvertrag"', '"Mietvertrag"'],
  ['"Miete"*', '"Miete"'],
  ['Miete"Pacht"', 'Miete AND "Pacht"'],
  // --- operators, precedence, parentheses ------------------------------------------------
  ['Miete OR Pacht', 'Miete OR Pacht'],
  ['Miete OR Pacht Kündigung', 'Miete OR (Pacht AND Kündigung)'],
  ['Miete Pacht OR Kündigung', '(Miete AND Pacht) OR Kündigung'],
  ['a OR b AND c OR d', 'a OR (b AND c) OR d'],
  ['NOT Miete Pacht', 'NOT Miete AND Pacht'],
  ['NOT Miete OR Pacht', 'NOT Miete OR Pacht'],
  ['NOT (Miete Pacht)', 'NOT (Miete AND Pacht)'],
  ['Miete AND NOT Pacht', 'Miete AND NOT Pacht'],
  ['Miete NOT Pacht', 'Miete AND NOT Pacht'],
  ['Miete -Pacht', 'Miete AND NOT Pacht'],
  ['+Miete +Pacht', 'Miete AND Pacht'],
  ['-"fristlose Kündigung" Miete', 'NOT "fristlose Kündigung" AND Miete'],
  ['Miete -(Pacht OR Leihe)', 'Miete AND NOT (Pacht OR Leihe)'],
  ['(Miete OR Pacht) AND (Kündigung OR Auflösung)', '(Miete OR Pacht) AND (Kündigung OR Auflösung)'],
  ['((Miete))', 'Miete'],
  ['Miete AND (Pacht AND Kündigung)', 'Miete AND Pacht AND Kündigung'],
  ['a OR (b OR c)', 'a OR b OR c'],
  ['NOT NOT Miete', 'Miete'],
  ['-(-Miete)', 'Miete'],
  ['NOT a OR NOT b', 'NOT a OR NOT b'],
  ['(a)(b)', 'a AND b'],
  ['Miete-', 'Miete'],
  ['- Miete', 'Miete'],
  ['--Miete', 'NOT Miete'],
  ['NOT foo', 'NOT foo'],
  // --- prefix ------------------------------------------------------------------------------
  ['Kündig*', 'Kündig*'],
  ['ab*', 'ab*'],
  ['Miet* OR Pacht*', 'Miet* OR Pacht*'],
  ['-Miet*', 'NOT Miet*'],
  ['AND*', 'AND*'],
  // --- dockets -----------------------------------------------------------------------------
  ['4A_714/2014', '<docket 4A_714/2014>'],
  ['6B 1234/2025', '<docket 6B_1234/2025>'],
  ['6B_1234/2025', '<docket 6B_1234/2025>'],
  ['6b_1234/2025', '<docket 6B_1234/2025>'],
  ['6B  1234/2025', '<docket 6B_1234/2025>'],
  ['12T_1/2019', '<docket 12T_1/2019>'],
  ['2A.123/2005', '<docket 2A.123/2005>'],
  ['5C.123/2003', '<docket 5C.123/2003>'],
  ['I 594/01', '<docket I 594/01>'],
  ['U 12/05', '<docket U 12/05>'],
  ['A-1234/2020', '<docket A-1234/2020>'],
  ['E-7414/2015', '<docket E-7414/2015>'],
  ['e-7414/2015', '<docket E-7414/2015>'],
  ['SK.2019.42', '<docket SK.2019.42>'],
  ['BB.2023.132', '<docket BB.2023.132>'],
  ['RR.2012.25', '<docket RR.2012.25>'],
  ['O2018_001', '<docket O2018_001>'],
  ['S2023_011', '<docket S2023_011>'],
  ['Urteil 4A_714/2014 vom 3. März 2015', 'Urteil AND <docket 4A_714/2014> AND vom AND 3 AND März AND 2015'],
  ['(4A_714/2014 OR 4A_715/2014)', '<docket 4A_714/2014> OR <docket 4A_715/2014>'],
  ['-4A_714/2014', 'NOT <docket 4A_714/2014>'],
  ['(6B_1234/2025),', '<docket 6B_1234/2025>'],
  ['SK.2019.42.', '<docket SK.2019.42>'],
  ['4A_714/2014*', '<docket 4A_714/2014>'],
  // --- BGE / BVGE / decision ids ------------------------------------------------------------
  ['BGE 140 III 86', '<bge BGE 140 III 86>'],
  ['ATF 140 III 86', '<bge BGE 140 III 86>'],
  ['DTF 140 III 86', '<bge BGE 140 III 86>'],
  ['140 III 86', '<bge BGE 140 III 86>'],
  ['bge 140 ia 86', '<bge BGE 140 Ia 86>'],
  ['BGE 133 Ib 1', '<bge BGE 133 Ib 1>'],
  ['BGE 1 V 2000', '<bge BGE 1 V 2000>'],
  ['BGE 140 III 86 E. 2', '<bge BGE 140 III 86> AND E AND 2'],
  ['BGE 140 III 86, 141 II 20', '<bge BGE 140 III 86> AND <bge BGE 141 II 20>'],
  ['BVGE 2013/10', '<bvge BVGE 2013/10>'],
  ['BVGE 2019 I/2', '<bvge BVGE 2019 I/2>'],
  ['ATAF 2013/10', '<bvge BVGE 2013/10>'],
  ['bger_6B_1234_2025', '<decision_id bger_6B_1234_2025>'],
  ['bge_BGE_140_III_86', '<decision_id bge_BGE_140_III_86>'],
  ['BGer_6B_1234_2025', '<decision_id bger_6B_1234_2025>'],
  // --- negatives: not references ---------------------------------------------------------
  ['140', '140'],
  ['2025', '2025'],
  ['044 123 45 67', '044 AND 123 AND 45 AND 67'],
  ['+41 44 123 45 67', '41 AND 44 AND 123 AND 45 AND 67'],
  ["CHF 1'000", 'CHF AND 1 AND 000'],
  ['BGE 140', 'BGE AND 140'],
  ['140 iii 86', '140 AND iii AND 86'],
  ['BGE 201 III 86', 'BGE AND 201 AND III AND 86'],
  ['BGE 140 III 2001', 'BGE AND 140 AND III AND 2001'],
  ['BGE 140 VI 86', 'BGE AND 140 AND VI AND 86'],
  ['2.3', '2 AND 3'],
  ['12.50', '12 AND 50'],
  ['Art. 41', 'Art AND 41'],
  ['"Art. 41 OR"', '"Art 41 OR"'],
  // --- other dockets written as one token: the docket as written --------------------------
  ['ACJC/866/1995', '<docket ACJC/866/1995>'],
  ['JTAPI/450/2009', '<docket JTAPI/450/2009>'],
  ['ZSU.1995.34', '<docket ZSU.1995.34>'],
  ['100.1995.268', '<docket 100.1995.268>'],
  ['CCC.2000.156 Werkvertrag', '<docket CCC.2000.156> AND Werkvertrag'],
  ['41-0400', '<docket 41-0400>'],
  ['1234/2025', '<docket 1234/2025>'],
  ['X 12/05', 'X AND <docket 12/05>'],
  ['I 594/2001', 'I AND <docket 594/2001>'],
  ['G-1234/2020', '<docket G-1234/2020>'],
  ['4A_714/2014x', '<docket 4A_714/2014x>'],
  ['SK.2019.42.5', '<docket SK.2019.42.5>'],
  ['foo_bar_1', '<docket foo_bar_1>'],
  ['x/4A_714/2014', '<docket x/4A_714/2014>'],
  // --- decision ids of every court ----------------------------------------------------------
  ['ge_gerichte_ACJC_866_1995', '<decision_id ge_gerichte_ACJC_866_1995>'],
  ['bger_5C.19_1995', '<decision_id bger_5C.19_1995>'],
  ['bvger_B-2864_2007', '<decision_id bvger_B-2864_2007>'],
  ['zh_obergericht_SB.1995.00101', '<decision_id zh_obergericht_SB.1995.00101>'],
  ['Zh_Obergericht_SB950431', '<decision_id zh_obergericht_SB950431>'],
  ['weko_41-0400', '<decision_id weko_41-0400>'],
  // --- statute provisions: recognised before operators, OR = CO ----------------------------
  ['Art. 8 BV', '<statute art:101:8>'],
  ['Art. 41 OR', '<statute art:220:41>'],
  ['Art. 41 CO', '<statute art:220:41>'],
  ['Art. 41 OR Haftung', '<statute art:220:41> AND Haftung'],
  ['Haftung OR Art. 41 OR', 'Haftung OR <statute art:220:41>'],
  ['Art. 41 Abs. 1 OR', '<statute art:220:41>'],
  ['art. 8 al. 2 Cst.', '<statute art:101:8>'],
  ['Art. 271a OR', '<statute art:220:271a>'],
  ['§ 5 StG/ZH', '<statute art:StG ZH:5>'],
  ['-Art. 41 OR', 'NOT <statute art:220:41>'],
  ['Art. 41 OR OR Art. 97 OR', '<statute art:220:41> OR <statute art:220:97>'],
  ['Art. 8 und 9 BV', '<statute art:101:8> AND <statute art:101:9>'],
  [
    'Art. 11-14 OR',
    '<statute art:220:11> OR <statute art:220:12> OR <statute art:220:13> OR <statute art:220:14>',
  ],
  // --- match all ---------------------------------------------------------------------------
  ['', '*'],
  ['   \t\n ', '*'],
  ['***', '*'],
  [', ; . !', '*'],
  // --- errors ------------------------------------------------------------------------------
  ['(Miete', { error: /never closed/, position: 0 }],
  ['Miete)', { error: /unexpected '\)'/, position: 5 }],
  ['(a OR (b)', { error: /never closed/, position: 0 }],
  ['a (b', { error: /never closed/, position: 2 }],
  ['()', { error: /Empty parentheses/, position: 0 }],
  ['"fristlose Kündigung', { error: /Unterminated phrase/, position: 0 }],
  ['Miete „fristlose', { error: /Unterminated phrase/, position: 6 }],
  ['«bail «', { error: /Unterminated phrase/, position: 0 }],
  ['„bail»', { error: /Unterminated phrase/, position: 0 }],
  ['«bail', { error: /Unterminated phrase/, position: 0 }],
  ['""', { error: /Empty phrase/, position: 0 }],
  ['a " ,. "', { error: /Empty phrase/, position: 2 }],
  ['AND Miete', { error: /AND is missing its left operand/, position: 0 }],
  ['Miete OR', { error: /OR is missing its right operand/, position: 6 }],
  ['NOT', { error: /NOT is missing its operand/, position: 0 }],
  ['Miete NOT', { error: /NOT is missing its operand/, position: 6 }],
  ['Miete AND', { error: /AND is missing its right operand/, position: 6 }],
  ['Miete AND OR Pacht', { error: /AND is missing its right operand/, position: 6 }],
  ['Miete (OR Pacht)', { error: /OR is missing its left operand/, position: 7 }],
  ['OR', { error: /OR is missing its left operand/, position: 0 }],
  ['a*', { error: /at least 2 characters/, position: 0 }],
  ['Miete ü*', { error: /at least 2 characters/, position: 6 }],
  ["l'a*", { error: /at least 2 characters/, position: 2 }],
  ['x'.repeat(MAX_QUERY_LENGTH + 1), { error: /longer than 1000/, position: 1000 }],
  [words(MAX_QUERY_TERMS), words(MAX_QUERY_TERMS).replaceAll(' ', ' AND ')],
  [words(MAX_QUERY_TERMS + 1), { error: /more than 64 terms/, position: words(MAX_QUERY_TERMS).length + 1 }],
];

describe('parseQuery', () => {
  it('has a large table', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(80);
  });

  const label = (e: Expected): string =>
    typeof e === 'string' ? e : `error ${String(e.error)} at ${e.position}`;
  it.each(ROWS.map(([input, expected]) => [input, label(expected), expected] as const))(
    '%j → %s',
    (input, _label, expected) => {
      const result = parseQuery(input);
      if (typeof expected === 'string') {
        if (!result.ok) {
          throw new Error(`expected ok, got ${result.error.message} at ${result.error.position}`);
        }
        expect(describeQuery(result.ast)).toBe(expected);
      } else {
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error.message).toMatch(expected.error);
        expect(result.error.position).toBe(expected.position);
      }
    },
  );

  it('keeps the reference as written (normalised spacing) in display, canonical in key', () => {
    const cases: [string, unknown][] = [
      [
        '6b   1234/2025',
        { kind: 'reference', refKind: 'docket', display: '6b 1234/2025', key: '6B_1234/2025' },
      ],
      [
        'atf 140 ia 86',
        { kind: 'reference', refKind: 'bge', display: 'atf 140 ia 86', key: 'BGE 140 Ia 86' },
      ],
      [
        'bvge\u00A02019 i/2',
        { kind: 'reference', refKind: 'bvge', display: 'bvge 2019 i/2', key: 'BVGE 2019 I/2' },
      ],
      ['sk.2019.42', { kind: 'reference', refKind: 'docket', display: 'sk.2019.42', key: 'SK.2019.42' }],
      ['I 594/01', { kind: 'reference', refKind: 'docket', display: 'I 594/01', key: 'I 594/01' }],
    ];
    for (const [input, node] of cases) {
      expect(parseQuery(input)).toEqual({ ok: true, ast: node });
    }
  });

  it('builds the documented node shapes', () => {
    expect(parseQuery('"fristlose Kündigung" Miet* -x1')).toEqual({
      ok: true,
      ast: {
        kind: 'and',
        children: [
          { kind: 'phrase', words: ['fristlose', 'Kündigung'] },
          { kind: 'prefix', text: 'Miet' },
          { kind: 'not', child: { kind: 'term', text: 'x1' } },
        ],
      },
    });
    expect(parseQuery(' \n')).toEqual({ ok: true, ast: null });
    expect(describeQuery(null)).toBe('*');
  });

  it('escapes quotes in describeQuery phrases', () => {
    expect(describeQuery({ kind: 'phrase', words: ['a"b', 'c\\d'] })).toBe('"a\\"b c\\\\d"');
  });
});

// ---------------------------------------------------------------------------------------------
// Fuzz-ish robustness and linear time

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '(',
  ')',
  '"',
  '„',
  '“',
  '”',
  '«',
  '»',
  '*',
  '-',
  '+',
  ' ',
  ' ',
  ' ',
  "'",
  '’',
  '\u00A0',
  '\t',
  'AND',
  'OR',
  'NOT',
  'and',
  'Mietvertrag',
  'Kündigung',
  "l'arrêt",
  'responsabilità',
  'a',
  'ü',
  '4A_714/2014',
  '6B',
  '1234/2025',
  '_',
  '/',
  '.',
  'BGE',
  'ATF',
  '140',
  'III',
  'Ia',
  '86',
  'I',
  '594/01',
  'SK.2019.42',
  'O2018_001',
  'bger_6B_1234_2025',
  'BVGE',
  '2013/10',
  'A-',
  'e\u0301',
  '😀',
  '\uD800',
  ',',
  ';',
  '0',
  '2025',
];

function randomQuery(rnd: () => number): string {
  const target = Math.floor(rnd() * 1000);
  let s = '';
  while (s.length < target) s += PIECES[Math.floor(rnd() * PIECES.length)] ?? '';
  return s.slice(0, 1000);
}

function checkInvariants(node: QueryNode, count: { leaves: number }): void {
  switch (node.kind) {
    case 'term':
      count.leaves++;
      expect(node.text).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
      return;
    case 'prefix':
      count.leaves++;
      expect([...node.text].length).toBeGreaterThanOrEqual(2);
      return;
    case 'phrase':
      count.leaves++;
      expect(node.words.length).toBeGreaterThan(0);
      for (const w of node.words) expect(w).not.toMatch(/\s/);
      return;
    case 'reference':
      count.leaves++;
      expect(node.key.length).toBeGreaterThan(0);
      return;
    case 'not':
      expect(node.child.kind).not.toBe('not');
      checkInvariants(node.child, count);
      return;
    case 'and':
    case 'or':
      expect(node.children.length).toBeGreaterThanOrEqual(2);
      for (const c of node.children) {
        expect(c.kind).not.toBe(node.kind);
        checkInvariants(c, count);
      }
      return;
  }
}

describe('parseQuery robustness', () => {
  it('parses 2000 random queries (ok or error) without throwing', () => {
    const rnd = mulberry32(0x5eed);
    let ok = 0;
    let errors = 0;
    for (let i = 0; i < 2000; i++) {
      const input = randomQuery(rnd);
      const result = parseQuery(input);
      if (result.ok) {
        ok++;
        if (result.ast !== null) {
          const count = { leaves: 0 };
          checkInvariants(result.ast, count);
          expect(count.leaves).toBeLessThanOrEqual(MAX_QUERY_TERMS);
          expect(typeof describeQuery(result.ast)).toBe('string');
        }
      } else {
        errors++;
        expect(result.error.position).toBeGreaterThanOrEqual(0);
        expect(result.error.position).toBeLessThanOrEqual(input.length);
        expect(result.error.message.length).toBeGreaterThan(0);
      }
    }
    // the generator must exercise both outcomes
    expect(ok).toBeGreaterThan(0);
    expect(errors).toBeGreaterThan(0);
  });

  it('parses short random queries that mostly succeed', () => {
    const rnd = mulberry32(42);
    for (let i = 0; i < 2000; i++) {
      const n = 1 + Math.floor(rnd() * 8);
      const input = Array.from({ length: n }, () => PIECES[Math.floor(rnd() * PIECES.length)]).join(' ');
      expect(() => parseQuery(input)).not.toThrow();
    }
  });

  it.each<[string, string]>([
    ['nested parentheses', '('.repeat(500) + 'a' + ')'.repeat(499)],
    ['balanced nesting', '('.repeat(499) + 'a' + ')'.repeat(499)],
    ['unterminated quote', '"' + 'a '.repeat(499)],
    ['many quote openers', '„'.repeat(1000)],
    ['number soup', '1 '.repeat(500)],
    ['almost-BGE', 'BGE 1 I '.repeat(125)],
    ['almost-docket', '4A_1/'.repeat(200)],
    ['almost-decision-id', 'bger_' + 'a_'.repeat(497)],
    ['elision chain', "l'".repeat(499) + 'x'],
    ['long digit run', '9'.repeat(1000)],
    ['long word', 'ä'.repeat(1000)],
    ['whitespace', ' '.repeat(1000)],
    ['NOT chain', 'NOT '.repeat(249) + 'x'],
    ['minus chain', '-'.repeat(999) + 'x'],
    ['joiners', '_/.-'.repeat(250)],
  ])('handles a 1000-char adversarial input quickly: %s', (_name, input) => {
    expect(input.length).toBeLessThanOrEqual(1000);
    const result = parseQuery(input); // also the warm-up
    expect(result.ok === true || result.ok === false).toBe(true);
    // the fastest of three runs: backtracking is slow every time, a GC pause or a busy core is not
    let fastest = Infinity;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      parseQuery(input);
      fastest = Math.min(fastest, performance.now() - start);
    }
    expect(fastest).toBeLessThan(50);
  });
});
