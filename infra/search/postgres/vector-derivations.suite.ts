/**
 * The rank vector, the phrase pairs and the postings' shared prefixes the projection derives in its
 * own process (`vector-derivations.ts`) against the SQL that defines them (`rankVectorOf`,
 * `adjacentPairsOf`, `SHARED_PREFIXES_SQL`),
 * table-driven over analysed texts in the three languages and over tsvector literals that printing
 * must escape; run on PGlite and on a PostgreSQL server.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import {
  RANK_TEXT_LEXEMES,
  keysParameter,
  lexemeTsQuery,
  rankVectorOf,
  withSharedPrefixes,
} from './postgres-search-index.ts';
import { RANK_NORMALIZATION, adjacentPairsOf } from './tsquery-compiler.ts';
import {
  adjacentPairs,
  compareCodePoints,
  parseTsVector,
  rankVectorEntries,
  rankVectorText,
  sharedPrefixLengths,
  termScore,
} from './vector-derivations.ts';

interface Case {
  readonly name: string;
  /** A text analysed like a search document (title A, Regeste B, text C) … */
  readonly analysed?: { cfg: string; title: string; regeste: string; text: string };
  /** … or a tsvector literal. */
  readonly literal?: string;
}

const words = (n: number, word: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => word(i)).join(' ');

/**
 * 65 distinct lexemes, each at one position: which 64 are kept is decided by code point alone,
 * and the 65th is the one above U+FFFF.
 */
const TIES = [
  'zeta',
  'äpfel',
  'apfel',
  'éclair',
  'eclair',
  '\u{F900}x', // U+F900 sorts before every code point above U+FFFF …
  '\u{1D538}x', // … though its UTF-16 unit (a surrogate, 0xD835) is smaller
  ...Array.from({ length: 58 }, (_, i) => `w${String(i).padStart(2, '0')}`),
];

const CASES: readonly Case[] = [
  {
    name: 'a German decision with title and Regeste',
    analysed: {
      cfg: 'german',
      title: 'Mietvertrag; Anfechtung des Anfangsmietzinses',
      regeste: 'Art. 270 OR. Der Anspruch auf rechtliches Gehör ist verletzt.',
      text: 'Das Bundesgericht zieht in Erwägung: Der Mietzins ist missbräuchlich. Der Mietzins wurde erhöht.',
    },
  },
  {
    name: 'a French decision',
    analysed: {
      cfg: 'french',
      title: "Droit d'être entendu",
      regeste: 'Le Tribunal fédéral considère',
      text: "L'arrêt attaqué viole le droit d'être entendu du recourant; le loyer est abusif.",
    },
  },
  {
    name: 'an Italian decision',
    analysed: {
      cfg: 'italian',
      title: 'Diritto di essere sentito',
      regeste: '',
      text: "Il Tribunale federale considera che la pigione è abusiva e che l'inquilino ha ragione.",
    },
  },
  {
    name: 'more than 64 lexemes: the most frequent kept, the title and Regeste ones besides',
    analysed: {
      cfg: 'simple',
      title: 'seltenestitelwort',
      regeste: 'seltenesregestewort',
      text: Array.from({ length: 100 }, (_, i) => words(100 - i, () => `wort${i}x`)).join(' '),
    },
  },
  {
    name: 'citations: triples holding two digits beside the pairs',
    analysed: {
      cfg: 'german',
      title: 'Kündigung; BGE 121 III 58',
      regeste: 'Art. 41 Abs. 2 OR',
      text: 'Die Kündigung ist missbräuchlich (BGE 121 III 58 E. 3; Urteil 4A_4/2010 vom 3. Mai 2010).',
    },
  },
  {
    name: 'a word repeated next to itself, and a phrase twice',
    analysed: { cfg: 'simple', title: '', regeste: '', text: 'sehr sehr sehr gut, sehr gut' },
  },
  {
    name: 'positions beyond 16,383 (stored as 16,383)',
    analysed: {
      cfg: 'simple',
      title: 'titel',
      regeste: '',
      text: words(17_000, (i) => `w${i % 97}`),
    },
  },
  { name: 'an empty document', analysed: { cfg: 'german', title: '', regeste: '', text: '' } },
  {
    name: 'lexemes holding a quote, a backslash, a space and a colon',
    literal: String.raw`'o''brien':1A 'c:\\pfad':2 'zwei worte':3B,4 'a:b':5,6C 'plain':7`,
  },
  { name: 'a lexeme without positions', literal: `'ohne' 'mit':1,2` },
  // no lexeme of `to_tsvector` holds one: the keys are then sent as an array, not as lines
  { name: 'a lexeme holding a line break', literal: `'zwei\nzeilen':1 'und':2 'mehr':3` },
  {
    // summed as 0.1 rather than as the float4 0.1 inverted twice, its score would be one float4 lower
    name: 'a lexeme at 121 positions of weight D, and one of each weight',
    literal: `'oft':${Array.from({ length: 121 }, (_, i) => i + 1).join(',')} 'jede':122A,123B,124C,125`,
  },
  {
    name: 'several lexemes at one position, triples with two digits',
    literal: `'bge':1 '121':2 'hunderteinundzwanzig':2 'iii':3 '58':4,6 'e':5`,
  },
  {
    name: 'triples after a gap: at every lexeme of a shared position, none where a word fills the gap',
    literal: `'x':1 'y':3 'yy':3 'z':4 'zz':4 'a':6 'w':7 'b':8 'c':9 'd':16380 'e':16382 'f':16383 'g':16383`,
  },
  { name: 'ties at the last place, by code point', literal: TIES.map((w, i) => `'${w}':${i + 1}`).join(' ') },
  {
    name: 'lexemes sharing prefixes, astral ones too',
    literal: `'contr':1 'contrat':2 'contraint':3 'co':4 'zz':5 '\u{1D538}a':6 '\u{1D538}b':7 '\u{1D539}':8 'äpfel':9 'äpfeln':10`,
  },
  {
    name: 'a French decision on contracts',
    analysed: {
      cfg: 'french',
      title: 'Contrat de bail; résiliation',
      regeste: 'Le contrat est résilié contre la volonté du locataire',
      text: 'Le contraint du contrat: la contribution, le contribuable et la contrainte contre le contractant.',
    },
  },
];

/** The shared prefixes of lexemes, in their code point order (`sharedPrefixLengths`). */
const SHARED: readonly { lexemes: string[]; shared: Record<string, number> }[] = [
  {
    lexemes: ['contrat', 'zz', 'contr', 'co', 'contraint'],
    shared: { co: 2, contr: 5, contraint: 6, contrat: 6, zz: 0 },
  },
  // a code point above U+FFFF is one, and two of them sharing their first UTF-16 unit share nothing
  {
    lexemes: ['\u{1D538}a', '\u{1D538}b', '\u{1D539}'],
    shared: { '\u{1D538}a': 1, '\u{1D538}b': 1, '\u{1D539}': 0 },
  },
  { lexemes: ['äpfel', 'äpfeln', 'apfel'], shared: { apfel: 0, äpfel: 5, äpfeln: 5 } },
  { lexemes: ['einzig'], shared: { einzig: 0 } },
  { lexemes: [], shared: {} },
];

export function vectorDerivationsSuite(name: string, open: () => Promise<DatabaseHandle | null>): void {
  describe(`tsvector derivations in the writing process (${name})`, () => {
    let handle: DatabaseHandle | null = null;
    beforeAll(async () => {
      handle = await open();
    });
    afterAll(async () => {
      await handle?.close();
    });

    it.each(CASES)('$name: rank vector and pairs as the SQL gives them', async (c) => {
      if (!handle) return;
      const vector = c.analysed
        ? sql`setweight(to_tsvector(${c.analysed.cfg}::regconfig, ${c.analysed.title}), 'A')
            || setweight(to_tsvector(${c.analysed.cfg}::regconfig, ${c.analysed.regeste}), 'B')
            || setweight(to_tsvector(${c.analysed.cfg}::regconfig, ${c.analysed.text}), 'C')`
        : sql`${c.literal!}::tsvector`;
      const tsv = (await sql<{ tsv: string }>`select (${vector})::text as tsv`.execute(handle.db)).rows[0]!
        .tsv;
      const entries = parseTsVector(tsv);
      const rank = rankVectorText(entries, RANK_TEXT_LEXEMES);
      const pairs = adjacentPairs(entries);
      const shared = sharedPrefixLengths(rankVectorEntries(entries, RANK_TEXT_LEXEMES).map((e) => e.lexeme));
      const row = (
        await sql<{
          reprinted: string;
          rank: string;
          sqlRank: string;
          sqlPairs: string[];
          sentPairs: string[];
          lexemes: string[];
        }>`
          select ${entries.map((e) => e.printed).join(' ')}::tsvector::text as reprinted,
            ${rank}::tsvector::text as rank,
            ${rankVectorOf(sql`${tsv}::tsvector`)}::text as "sqlRank",
            ${adjacentPairsOf(sql`${tsv}::tsvector`)} as "sqlPairs",
            ${keysParameter(pairs, entries)} as "sentPairs",
            tsvector_to_array(${tsv}::tsvector) as lexemes`.execute(handle.db)
      ).rows[0]!;
      // every entry read back: its lexeme, and its printed form is the vector again
      expect(entries.map((e) => e.lexeme)).toEqual(row.lexemes);
      expect(row.reprinted).toBe(tsv);
      expect(row.rank).toBe(row.sqlRank);
      // each pair once, in no particular order
      expect(new Set(pairs).size).toBe(pairs.length);
      expect([...pairs].sort()).toEqual([...row.sqlPairs].sort());
      // as the projection sends them in a statement
      expect(row.sentPairs).toEqual(pairs);
      // the shared prefixes in the order `unnest` gives the rank vector's lexemes, as the SQL derives them
      const sqlShared = await sql<{ shared: number }>`${withSharedPrefixes(
        sql`select 'd'::text as decision_id, u.lexeme, u.n
          from unnest(${rank}::tsvector) with ordinality u(lexeme, positions, weights, n)`,
        sql.raw('n'),
      )} order by n`.execute(handle.db);
      expect(shared).toEqual(sqlShared.rows.map((r) => Number(r.shared)));
      // each lexeme's score alone, as written into the term postings (a float4 printed as the
      // shortest double naming it), equals what ts_rank_cd gives it, bit for bit
      const scores = [...rankVectorEntries(entries, RANK_TEXT_LEXEMES)]
        .sort((a, b) => compareCodePoints(a.lexeme, b.lexeme))
        .map((e) => ({ lexeme: e.lexeme, score: String(termScore(e)) }));
      const sqlScores = await sql<{ lexeme: string; same: boolean; score: string }>`
        select u.lexeme, s.score::real = ts_rank_cd(${rank}::tsvector,
            ${lexemeTsQuery(sql.ref('u.lexeme'))},
            ${sql.lit(RANK_NORMALIZATION)}) as same, s.score
          from unnest(${rank}::tsvector) with ordinality u(lexeme, positions, weights, n)
          join unnest(${scores.map((e) => e.score)}::text[]) with ordinality s(score, n) using (n)
          order by u.n`.execute(handle.db);
      expect(sqlScores.rows.map((r) => r.lexeme)).toEqual(scores.map((e) => e.lexeme));
      expect(sqlScores.rows.filter((r) => !r.same)).toEqual([]);
    });

    it.each(SHARED)('shared prefixes of $lexemes', ({ lexemes, shared }) => {
      const sorted = [...lexemes].sort(compareCodePoints);
      expect(Object.fromEntries(sorted.map((l, i) => [l, sharedPrefixLengths(lexemes)[i]]))).toEqual(shared);
    });

    it('the cases reach what they are for: kept by frequency, ties, clamped positions, escapes', () => {
      const keptOf = (literal: string) =>
        parseTsVector(rankVectorText(parseTsVector(literal), RANK_TEXT_LEXEMES));
      const ties = keptOf(CASES.find((c) => c.name.startsWith('ties'))!.literal!).map((e) => e.lexeme);
      expect(ties).toHaveLength(RANK_TEXT_LEXEMES);
      expect(ties).toContain('\u{F900}x');
      expect(ties).toContain('zeta');
      expect(ties).not.toContain('\u{1D538}x');
      const escaped = parseTsVector(CASES.find((c) => c.name.startsWith('lexemes holding'))!.literal!);
      expect(escaped.map((e) => e.lexeme)).toEqual(["o'brien", 'c:\\pfad', 'zwei worte', 'a:b', 'plain']);
      expect(escaped.find((e) => e.lexeme === 'a:b')).toMatchObject({
        positions: [5, 6],
        titleOrRegeste: false,
      });
      expect(escaped.find((e) => e.lexeme === 'zwei worte')).toMatchObject({
        positions: [3, 4],
        titleOrRegeste: true,
      });
    });

    it.each([
      {
        name: 'a triple where two of its lexemes hold a digit, at every lexeme of a shared position',
        literal: `'bge':1 '121':2 'hunderteinundzwanzig':2 'iii':3 '58':4,6 'e':5`,
        keys: [
          ...['bge 121', 'bge hunderteinundzwanzig', '121 iii', 'hunderteinundzwanzig iii', 'iii 58'],
          ...['58 e', 'e 58', '121 iii 58', '58 e 58'],
          ...['bge  iii', '121  58', 'hunderteinundzwanzig  58', 'iii  e', '58  58'],
        ],
      },
      {
        name: 'a triple with two digits, none where one lexeme holds one',
        literal: `'121':1 'iii':2 '58':3 'kundig':4 'ist':5 'gut':6`,
        keys: [
          ...['121 iii', 'iii 58', '58 kundig', 'kundig ist', 'ist gut', '121 iii 58'],
          ...['121  58', 'iii  kundig', '58  ist', 'kundig  gut'],
        ],
      },
      { name: 'three adjacent lexemes', literal: `'a':1 'b':2 'c':3`, keys: ['a b', 'b c', 'a  c'] },
      {
        // "Verletzung des rechtlichen Gehörs": the stop word's position is empty
        name: 'a stop word between two lexemes: those two apart, no pair, and the triple after the gap',
        literal: `'verletz':1 'rechtlich':3 'gehor':4`,
        keys: ['verletz  rechtlich', 'rechtlich gehor', 'verletz  rechtlich gehor'],
      },
      {
        // "droit X être entendu": `'droit' <2> 'être' <-> 'entendu'` matches it, but not by a key
        name: 'a word in the gap: no triple after it',
        literal: `'droit':1 'fondamental':2 'etre':3 'entendu':4`,
        keys: [
          'droit fondamental',
          'fondamental etre',
          'etre entendu',
          'droit  etre',
          'fondamental  entendu',
        ],
      },
      {
        name: 'a triple after a gap at every lexeme of shared positions',
        literal: `'x':1 'y':3 'yy':3 'z':4 'zz':4`,
        keys: [
          ...['y z', 'y zz', 'yy z', 'yy zz', 'x  y', 'x  yy'],
          ...['x  y z', 'x  y zz', 'x  yy z', 'x  yy zz'],
        ],
      },
      {
        name: 'a triple after a gap once, where the phrase is there twice',
        literal: `'droit':1,6 'etre':3,8 'entendu':4,9`,
        keys: ['etre entendu', 'droit  etre', 'entendu  droit', 'droit  etre entendu'],
      },
      {
        name: 'a gap two before the last position: its triple at every lexeme there',
        literal: `'d':16380 'e':16382 'f':16383 'g':16383`,
        keys: ['e f', 'e g', 'd  e', 'd  e f', 'd  e g'],
      },
      {
        name: 'two stop words in a row: no key across them',
        literal: `'diritt':1 'sent':4`,
        keys: [],
      },
      {
        name: 'each key once, where the lexemes stand apart again',
        literal: `'treu':1,5 'glaub':3,7`,
        keys: ['treu  glaub', 'glaub  treu'],
      },
      {
        name: 'the last position (words beyond it all there): no key from it onwards',
        literal: `'a':16381 'b':16383 'c':16383`,
        keys: ['a  b', 'a  c'],
      },
    ])('phrase keys: $name', ({ literal, keys }) => {
      expect(adjacentPairs(parseTsVector(literal)).sort()).toEqual([...keys].sort());
    });

    it('refuses a text that is no tsvector output', () => {
      expect(() => parseTsVector('mietzins:1')).toThrow(/not a tsvector/);
      expect(() => parseTsVector(`'offen`)).toThrow(/unterminated/);
      expect(() => parseTsVector(`'a':x`)).toThrow(/no position/);
    });
  });
}
