/**
 * Character-level helpers of the citation grammar. Every function looks at a bounded window from
 * a given UTF-16 index and only moves forward, so the scanners built on them stay linear.
 */

/** Languages the grammar recognises, as a bit mask so that cues can be intersected. */
export type GrammarLanguage = 'de' | 'fr' | 'it';
export const DE = 1;
export const FR = 2;
export const IT = 4;
export const ANY_LANG = DE | FR | IT;
export const LANG_BITS: Readonly<Record<GrammarLanguage, number>> = { de: DE, fr: FR, it: IT };

/** At most this many whitespace characters may separate two parts of one citation. */
export const MAX_GAP = 12;

const LETTER = /\p{L}/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;

/** Bit of {@link CLASSES}: the class was computed; a letter; a letter, digit or combining mark. */
const KNOWN = 1;
const IS_LETTER = 2;
const IS_WORD = 4;

/**
 * The class of each UTF-16 code unit beyond ASCII, computed on its first use: a decision's text
 * tests its umlauts and accents once per character, and a regular expression on a one-character
 * string each time cost a tenth of the grammar's time on German decisions. A code unit is tested
 * alone (a lone surrogate is neither), as before.
 */
const CLASSES = new Uint8Array(0x10000);

function classOf(c: number): number {
  let bits = CLASSES[c]!;
  if (bits === 0) {
    const ch = String.fromCharCode(c);
    bits = KNOWN | (LETTER.test(ch) ? IS_LETTER : 0) | (WORD.test(ch) ? IS_WORD : 0);
    CLASSES[c] = bits;
  }
  return bits;
}

export function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isUpperCode(c: number): boolean {
  return c >= 65 && c <= 90;
}

export function isLowerCode(c: number): boolean {
  return c >= 97 && c <= 122;
}

export function isDigitAt(s: string, i: number): boolean {
  return isDigitCode(s.charCodeAt(i));
}

export function isUpperAt(s: string, i: number): boolean {
  return isUpperCode(s.charCodeAt(i));
}

export function isLowerAt(s: string, i: number): boolean {
  return isLowerCode(s.charCodeAt(i));
}

/** A Unicode letter (ASCII fast path; astral letters are not recognised). */
export function isLetterAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return isUpperCode(c) || isLowerCode(c);
  return c === c && (classOf(c) & IS_LETTER) !== 0;
}

/** A letter, digit or combining mark. */
export function isWordAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return isUpperCode(c) || isLowerCode(c) || isDigitCode(c);
  return c === c && (classOf(c) & IS_WORD) !== 0;
}

export function isSpaceCode(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    c === 10 ||
    c === 13 ||
    c === 0xa0 ||
    c === 0x202f ||
    c === 0x2009 ||
    c === 0x2007 ||
    c === 0x200a
  );
}

export function isSpaceAt(s: string, i: number): boolean {
  return isSpaceCode(s.charCodeAt(i));
}

export function isApostropheCode(c: number): boolean {
  return c === 39 || c === 0x2019 || c === 0x02bc;
}

/** Index after at most `max` whitespace characters (may be `i` itself). */
export function skipSpaces(s: string, i: number, max = MAX_GAP): number {
  let j = i;
  while (j < s.length && j - i < max && isSpaceAt(s, j)) j++;
  return j;
}

/** Index after 1..`max` whitespace characters, or -1. */
export function needSpaces(s: string, i: number, max = MAX_GAP): number {
  const j = skipSpaces(s, i, max);
  return j > i && !isSpaceAt(s, j) ? j : -1;
}

/** End of a run of 1..`max` ASCII digits at i, or -1 (also when the run is longer). */
export function readDigits(s: string, i: number, max: number): number {
  let j = i;
  while (j < s.length && j - i <= max && isDigitAt(s, j)) j++;
  const n = j - i;
  return n >= 1 && n <= max ? j : -1;
}

/** A number without leading zero in [lo, hi] written with at most `max` digits: end or -1. */
export function readNumber(s: string, i: number, lo: number, hi: number, max: number): number {
  const end = readDigits(s, i, max);
  if (end < 0 || s.charCodeAt(i) === 48) return -1;
  const v = Number(s.slice(i, end));
  return v >= lo && v <= hi ? end : -1;
}

/** End of a run of letters (any script) at i, scanning at most `max` + 1 characters. */
export function readLetters(s: string, i: number, max = 40): number {
  let j = i;
  while (j < s.length && j - i <= max && isLetterAt(s, j)) j++;
  return j;
}

/** End of a run of ASCII letters at i (at most `max` + 1). */
export function readAsciiLetters(s: string, i: number, max = 40): number {
  let j = i;
  while (j < s.length && j - i <= max) {
    const c = s.charCodeAt(j);
    if (!isUpperCode(c) && !isLowerCode(c)) break;
    j++;
  }
  return j;
}

/**
 * A reference ends here: no word character follows, and no joiner (`_ / -`, or `.` before a
 * digit) that would continue it (`SK.2019.42.5`, `4A_1/2020/3`).
 */
export function isBoundary(s: string, i: number): boolean {
  if (i >= s.length) return true;
  if (isWordAt(s, i)) return false;
  const c = s.charCodeAt(i);
  if ((c === 95 || c === 47 || c === 92 || c === 45) && isWordAt(s, i + 1)) return false; // _ / \ -
  if (c === 46 && isDigitAt(s, i + 1)) return false; // .5
  return true;
}

/**
 * A citation may start at i: not inside a word, not right after a joiner (`_ / \`), and not
 * after `.`/`-`/`,` that follows a digit (inside `1.1.1`, `12-34`, `3,5`).
 */
export function isTokenStart(s: string, i: number): boolean {
  if (i === 0) return true;
  if (isWordAt(s, i - 1)) return false;
  const p = s.charCodeAt(i - 1);
  if (p === 95 || p === 47 || p === 92) return false;
  if ((p === 46 || p === 45 || p === 44) && i >= 2 && isDigitAt(s, i - 2)) return false;
  return true;
}

/** Lower-cased, accent-folded spelling of a word (ASCII fast path). */
export function fold(word: string): string {
  let ascii = true;
  for (let k = 0; k < word.length; k++) {
    if (word.charCodeAt(k) >= 128) {
      ascii = false;
      break;
    }
  }
  const lower = word.toLowerCase();
  if (ascii) return lower;
  // character by character: a canonical decomposition is one per character, and the marks that
  // reordering would move are all removed (a surrogate pair is folded as a whole word)
  let folded = '';
  for (let k = 0; k < lower.length; k++) {
    const c = lower.charCodeAt(k);
    if (c < 128) folded += lower[k];
    else if (c >= 0xd800 && c <= 0xdfff) return foldSlowly(lower);
    else folded += foldedUnit(c);
  }
  return folded;
}

/** The folds of the code units beyond ASCII met so far (`foldSlowly` of each alone). */
const FOLDED_UNITS = new Map<number, string>();

function foldedUnit(c: number): string {
  let folded = FOLDED_UNITS.get(c);
  if (folded === undefined) {
    folded = foldSlowly(String.fromCharCode(c));
    FOLDED_UNITS.set(c, folded);
  }
  return folded;
}

/** Accents and other marks dropped (of the canonical decomposition), typographic apostrophes plain. */
function foldSlowly(lower: string): string {
  return lower
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2019\u02bc]/g, "'");
}

/** Reads the literal `word` at i (exact case), requiring a non-letter after it: end or -1. */
export function readLiteral(s: string, i: number, word: string): number {
  if (!s.startsWith(word, i)) return -1;
  const end = i + word.length;
  const last = word.charCodeAt(word.length - 1);
  // a literal ending in a letter must not continue into a longer word
  if ((isUpperCode(last) || isLowerCode(last)) && isLetterAt(s, end)) return -1;
  return end;
}

/** First literal of `words` (tried in order) found at i: its end, or -1. */
export function readAnyLiteral(s: string, i: number, words: readonly string[]): number {
  for (const w of words) {
    const end = readLiteral(s, i, w);
    if (end >= 0) return end;
  }
  return -1;
}

/**
 * A fixed set of literals (each with a value) indexed by first character, tried in the given
 * order (put longer spellings first): the hot-path replacement of a loop over `readLiteral`.
 */
export class Literals<T> {
  private readonly byFirst = new Map<number, (readonly [string, T])[]>();

  constructor(entries: Iterable<readonly [string, T]>) {
    for (const entry of entries) {
      const c = entry[0].charCodeAt(0);
      const bucket = this.byFirst.get(c);
      if (bucket) bucket.push(entry);
      else this.byFirst.set(c, [entry]);
    }
  }

  static of(words: readonly string[]): Literals<null> {
    return new Literals(words.map((w) => [w, null] as const));
  }

  /** The first literal at i (see {@link readLiteral}) and its value. */
  match(s: string, i: number): { readonly end: number; readonly value: T } | null {
    const bucket = this.byFirst.get(s.charCodeAt(i));
    if (!bucket) return null;
    for (const [word, value] of bucket) {
      const end = readLiteral(s, i, word);
      if (end >= 0) return { end, value };
    }
    return null;
  }

  /** End of the first literal at i, or -1. */
  end(s: string, i: number): number {
    return this.match(s, i)?.end ?? -1;
  }
}

/** The single language of a mask, or null when it names none or several. */
export function singleLanguage(mask: number): GrammarLanguage | null {
  if (mask === DE) return 'de';
  if (mask === FR) return 'fr';
  if (mask === IT) return 'it';
  return null;
}
