/**
 * The columns derived from a decision's tsvector (the rank vector, and the phrase keys: adjacent
 * lexeme pairs, lexemes two apart, triples after a stop word's gap and the triples holding digits),
 * computed in the writing process from the vector's text form, and the term postings' scores and
 * shared prefixes of its rank vector. They are the same as the SQL expressions `rankVectorOf` and
 * `adjacentPairsOf`, `ts_rank_cd` of each lexeme and `withSharedPrefixes` (which bring older
 * generations up to date, and which `vector-derivations.suite.ts` holds these to). In the database
 * they cost about 2 ms of its CPU per decision of the sample corpus (a window over every lexeme, a
 * join of every position with the next); here parsing, ranking and pairing take about 0.3 ms.
 */

/** One lexeme of a tsvector as PostgreSQL prints it (`'lexeme':1A,5,7B`). */
export interface VectorEntry {
  readonly lexeme: string;
  readonly positions: readonly number[];
  /** Some position has weight A or B (the title or the Regeste). */
  readonly titleOrRegeste: boolean;
  /**
   * What `ts_rank_cd` sums for a query of this lexeme alone: per position in ascending order the
   * weight of its letter (each position is a cover of its own, without noise words).
   */
  readonly coverSum: number;
  /** The entry as printed, a valid tsvector on its own. */
  readonly printed: string;
}

const QUOTE = 39; // '
const COLON = 58; // :
const COMMA = 44; // ,
const SPACE = 32;

/**
 * What `ts_rank_cd` adds per position of a single lexeme, by weight (D, C, B, A): its default
 * weights are float4 values, each inverted once (`invws`) and inverted again per cover (`Cpos`),
 * in double precision; the same operations here give the same bits.
 */
const COVER_WEIGHTS = [0.1, 0.2, 0.4, 1.0].map((w) => 1 / (1 / Math.fround(w)));

/**
 * Parses a tsvector's text output: lexemes in single quotes (a quote or a backslash inside doubled
 * or escaped), each optionally followed by `:` and positions with a weight letter (D printed
 * without one). Throws on anything else: the text must come from `tsvector::text`.
 */
export function parseTsVector(text: string): VectorEntry[] {
  const entries: VectorEntry[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text.charCodeAt(i) === SPACE) {
      i++;
      continue;
    }
    const start = i;
    if (text.charCodeAt(i) !== QUOTE)
      throw new Error(`not a tsvector's text at ${i}: ${text.slice(i, i + 20)}`);
    // the closing quote: the first one not doubled (the output doubles a quote and a backslash
    // in a lexeme, so no quote there follows an escaping backslash)
    let end = text.indexOf("'", i + 1);
    while (end >= 0 && text.charCodeAt(end + 1) === QUOTE) end = text.indexOf("'", end + 2);
    if (end < 0) throw new Error('unterminated lexeme in tsvector text');
    const quoted = text.slice(i + 1, end);
    const lexeme =
      quoted.includes("'") || quoted.includes('\\')
        ? quoted.replace(/\\(.)|''/gs, (_, c?: string) => c ?? "'")
        : quoted;
    i = end + 1;
    const positions: number[] = [];
    let titleOrRegeste = false;
    let coverSum = 0;
    if (text.charCodeAt(i) === COLON) {
      i++;
      for (;;) {
        let p = 0;
        let digits = 0;
        for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) {
          p = p * 10 + (c - 48);
          digits++;
        }
        if (digits === 0) throw new Error(`no position in tsvector text at ${i}`);
        positions.push(p);
        const weight = text.charCodeAt(i);
        if (weight === 65 || weight === 66) titleOrRegeste = true; // A, B
        // A 3, B 2, C 1, D (printed without a letter) 0
        coverSum += COVER_WEIGHTS[weight >= 65 && weight <= 68 ? 68 - weight : 0]!;
        if (weight >= 65 && weight <= 68) i++;
        if (text.charCodeAt(i) !== COMMA) break;
        i++;
      }
    }
    entries.push({ lexeme, positions, titleOrRegeste, coverSum, printed: text.slice(start, i) });
  }
  return entries;
}

/** Code point order (UTF-8 byte order, SQL's `collate "C"`); JavaScript's `<` compares UTF-16 units. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // a surrogate (U+D800–DFFF, the first unit of a code point above U+FFFF) sorts after U+E000–FFFF
    const xs = x >= 0xd800 && x <= 0xdfff;
    if (xs !== (y >= 0xd800 && y <= 0xdfff)) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The rank vector's entries (`rankVectorOf`): every lexeme of the title and the Regeste, and the
 * `keep` most frequent ones (most positions first, then by code point), in the vector's order.
 */
export function rankVectorEntries(entries: readonly VectorEntry[], keep: number): readonly VectorEntry[] {
  if (entries.length <= keep) return entries;
  // the frequency of the last place; of the lexemes that frequent, the first by code point are kept
  const counts = entries.map((e) => e.positions.length).sort((a, b) => b - a);
  const last = counts[keep - 1]!;
  const above = counts.findIndex((c) => c === last);
  const tied = entries
    .filter((e) => e.positions.length === last)
    .sort((a, b) => compareCodePoints(a.lexeme, b.lexeme))
    .slice(0, keep - above);
  const keptTies = new Set(tied);
  return entries.filter((e) => e.titleOrRegeste || e.positions.length > last || keptTies.has(e));
}

/** The rank vector's text (`rankVectorOf`): its entries ({@link rankVectorEntries}) as a tsvector literal. */
export function rankVectorText(entries: readonly VectorEntry[], keep: number): string {
  return rankVectorEntries(entries, keep)
    .map((e) => e.printed)
    .join(' ');
}

/**
 * The score `ts_rank_cd(vector, 'lexeme', 32)` gives the entry's lexeme alone (what the search
 * computes, `RANK_NORMALIZATION` 32: rank / (rank + 1), as float4): its {@link VectorEntry.coverSum}
 * normalised. A lexeme without positions counts none (its cover would start at position 0).
 */
export function termScore(entry: VectorEntry): number {
  const rank = entry.coverSum;
  return Math.fround(rank / (rank + 1));
}

/** The code points two strings start with in common. */
function commonPrefixLength(a: string, b: string): number {
  let units = 0;
  let points = 0;
  const n = Math.min(a.length, b.length);
  while (units < n && a.charCodeAt(units) === b.charCodeAt(units)) {
    const c = a.charCodeAt(units);
    // a surrogate pair is one code point: both of its units must agree
    const pair = c >= 0xd800 && c <= 0xdbff;
    if (pair && (units + 1 >= n || a.charCodeAt(units + 1) !== b.charCodeAt(units + 1))) break;
    units += pair ? 2 : 1;
    points++;
  }
  return points;
}

/**
 * Per lexeme of a vector, in code point order (a tsvector's own order, as `unnest` gives its
 * lexemes), the longest prefix in code points it shares with another of them (`withSharedPrefixes`
 * in SQL, the term postings' `shared`): a prefix query of n code points names two or more of a document's
 * lexemes exactly where one of them shares n or more. In a lexicographic order the lexemes sharing
 * the longest prefix with one are its neighbours, so each is compared with the next alone.
 */
export function sharedPrefixLengths(lexemes: readonly string[]): number[] {
  return sharedPrefixLengthsInOrder([...lexemes].sort(compareCodePoints));
}

/** {@link sharedPrefixLengths} of lexemes already in code point order (not sorted again). */
export function sharedPrefixLengthsInOrder(sorted: readonly string[]): number[] {
  const shared = sorted.map(() => 0);
  for (let i = 1; i < sorted.length; i++) {
    const common = commonPrefixLength(sorted[i - 1]!, sorted[i]!);
    shared[i - 1] = Math.max(shared[i - 1]!, common);
    shared[i] = common;
  }
  return shared;
}

/** A lexeme holding a digit: a triple of adjacent lexemes with two such is kept beside the pairs. */
const HOLDS_DIGIT = /[0-9]/;

/** The highest position a tsvector stores (later words are all at this one). */
const MAX_POSITION = 16_383;

/**
 * The phrase keys of a vector (`adjacentPairsOf`): `'a b'` for every lexeme a at a position p and
 * every lexeme b at p + 1; `'a  b'` (two spaces) for every b at p + 2, what a phrase with a stop
 * word's gap between two words needs (`droit d'être entendu`: `'droit' <2> 'être'`; PostgreSQL
 * matches `<2>` whatever stands between, a stop word or another word, so every such pair is kept);
 * `'a  b c'` for every b at p + 2 and c at p + 3 where no lexeme is at p + 1 (a stop word's gap,
 * then two adjacent words: `droit d'être entendu` matched by its key alone wherever the text has a
 * stop word there, as it mostly does); and `'a b c'` for every adjacent pair and lexeme c at p + 2
 * where two of the three hold a digit (a citation's volume and page, `121 iii 58`, matched by its
 * triple alone). Each key once, in no particular order.
 */
export function adjacentPairs(entries: readonly VectorEntry[]): string[] {
  // per position the entry there (-1: none); positions shared by several entries (a compound's
  // parts, the last position) keep their further entries in `shared`
  const at = new Int32Array(MAX_POSITION + 4).fill(-1);
  const shared = new Map<number, number[]>();
  entries.forEach(({ positions }, e) => {
    for (const p of positions) {
      if (at[p] === -1) at[p] = e;
      else {
        const more = shared.get(p);
        if (more) more.push(e);
        else shared.set(p, [e]);
      }
    }
  });
  const n = entries.length;
  const lexemes = entries.map((e) => e.lexeme);
  const digits = lexemes.map((l) => (HOLDS_DIGIT.test(l) ? 1 : 0));
  // a pair of entries (a, b) is seen as a * n + b, adjacent in `seenPairs`, two apart in `seenApart`
  const seenPairs = new Set<number>();
  const seenApart = new Set<number>();
  const seenTriples = new Set<string>();
  // a triple after a gap (a, b, c) is seen as (a * n + b) * n + c, an exact integer below 2^53 for
  // n up to 208,000 (a tsvector, at most 1 MB, holds far fewer lexemes with positions)
  const seenGapped = new Set<number>();
  const keys: string[] = [];
  const gappedTriple = (a: number, b: number, c: number) => {
    const key = (a * n + b) * n + c;
    if (seenGapped.has(key)) return;
    seenGapped.add(key);
    keys.push(`${lexemes[a]!}  ${lexemes[b]!} ${lexemes[c]!}`);
  };
  // the triples after a gap from a at p (no lexeme at p + 1), at every entry at p + 2 and p + 3
  const gapped = (a: number, p: number) => {
    const c = at[p + 3]!;
    if (c === -1) return;
    const b = at[p + 2]!;
    const moreB = shared.get(p + 2);
    const moreC = shared.get(p + 3);
    if (!moreB && !moreC) return gappedTriple(a, b, c);
    for (const bb of moreB ? [b, ...moreB] : [b]) {
      for (const cc of moreC ? [c, ...moreC] : [c]) gappedTriple(a, bb, cc);
    }
  };
  const apart = (a: number, c: number) => {
    const key = a * n + c;
    if (seenApart.has(key)) return;
    seenApart.add(key);
    keys.push(`${lexemes[a]!}  ${lexemes[c]!}`);
  };
  const triples = (pair: string, held: number, p: number) => {
    const first = at[p]!;
    if (first === -1) return;
    for (const c of shared.has(p) ? [first, ...shared.get(p)!] : [first]) {
      if (held + digits[c]! < 2) continue;
      const triple = `${pair} ${lexemes[c]!}`;
      if (seenTriples.has(triple)) continue;
      seenTriples.add(triple);
      keys.push(triple);
    }
  };
  const adjacent = (a: number, b: number, p: number) => {
    const key = a * n + b;
    const held = digits[a]! + digits[b]!;
    // a pair seen before is written again only to find its triples
    if (seenPairs.has(key) && held === 0) return;
    const pair = `${lexemes[a]!} ${lexemes[b]!}`;
    if (!seenPairs.has(key)) {
      seenPairs.add(key);
      keys.push(pair);
    }
    if (held > 0) triples(pair, held, p + 2);
  };
  for (let a = 0; a < n; a++) {
    for (const p of entries[a]!.positions) {
      const c = at[p + 2]!;
      if (c !== -1) {
        apart(a, c);
        const more = shared.get(p + 2);
        if (more) for (const m of more) apart(a, m);
        if (at[p + 1] === -1) gapped(a, p);
      }
      const b = at[p + 1]!;
      if (b !== -1) {
        adjacent(a, b, p);
        const more = shared.get(p + 1);
        if (more) for (const m of more) adjacent(a, m, p);
      }
    }
  }
  return keys;
}
