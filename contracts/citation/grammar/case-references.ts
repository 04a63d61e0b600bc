/**
 * Recognisers of single case references at a given index (no context): the BGE/ATF/DTF
 * collection, BVGE/ATAF/DTAF, MKGE/ATMC/STMC, the dockets of every federal court and era, a
 * cantonal docket (only used after a named cantonal court), and the tail that may follow any
 * of them: a stated date, Erwägung pinpoints and a page pin-cite.
 *
 * Each recogniser reads a bounded window (bounded digit runs, at most {@link MAX_GAP} spaces
 * between parts) or, for lists, consumes what it reads, so the finder stays linear.
 */
import { datePhraseAt, type StatedDate } from './stated-dates.ts';
import {
  DE,
  FR,
  IT,
  ANY_LANG,
  isBoundary,
  isDigitAt,
  isLetterAt,
  isLowerAt,
  isLowerCode,
  isUpperAt,
  isUpperCode,
  isDigitCode,
  needSpaces,
  Literals,
  readAsciiLetters,
  readDigits,
  readNumber,
  skipSpaces,
} from './text-scan.ts';

export type CaseKind = 'bge' | 'docket' | 'bvge' | 'mkge' | 'cantonal';

/**
 * How a reference was written; drives the confidence rules of the finder.
 *  - `prefixed`: BGE/BVGE/MKGE with its collection prefix; `bare`: a collection reference
 *    without prefix (only accepted inside a reference list);
 *  - `modern` `4A_714/2014`, `spaced` `6B 1234/2025`, `dotted` `2A.123/2005`, `evg` `I 594/01`,
 *    `bvger` `A-1234/2020`, `bstger` `SK.2019.42` (known register), `bstger-register`
 *    (any two letters, only after a named Federal Criminal Court), `bpatger` `O2018_001`,
 *    `cantonal` (any docket after a named cantonal court or regulator).
 */
export type RefForm =
  | 'prefixed'
  | 'bare'
  | 'modern'
  | 'spaced'
  | 'dotted'
  | 'evg'
  | 'bvger'
  | 'bstger'
  | 'bstger-register'
  | 'bpatger'
  | 'cantonal';

export interface RefHit {
  readonly kind: CaseKind;
  readonly form: RefForm;
  readonly end: number;
  /** Court key from the reference's shape (`bge`, `bger`, `bvger`, ...); null for cantonal. */
  readonly court: string | null;
  /** Normalised key: `BGE 140 III 86`, `6B_1234/2025`, `MKGE 14 Nr. 3`, `BVGE 2019 I/2`. */
  readonly key: string;
  readonly languages: number;
}

// ---------------------------------------------------------------------------------------------
// Collections

const BGE_PREFIXES: ReadonlyMap<string, number> = new Map([
  ['BGE', DE],
  ['ATF', FR],
  ['DTF', IT],
]);
const BVGE_PREFIXES: ReadonlyMap<string, number> = new Map([
  ['BVGE', DE],
  ['ATAF', FR],
  ['DTAF', IT],
]);
const MKGE_PREFIXES: ReadonlyMap<string, number> = new Map([
  ['MKGE', DE],
  ['ATMC', FR],
  ['STMC', IT],
]);
/** Collection prefixes (never law abbreviations or docket prefixes). */
export const COLLECTION_PREFIXES: ReadonlySet<string> = new Set([
  ...BGE_PREFIXES.keys(),
  ...BVGE_PREFIXES.keys(),
  ...MKGE_PREFIXES.keys(),
]);

/** BGE parts by upper-case spelling → canonical spelling. */
const BGE_PARTS = new Map([
  ['I', 'I'],
  ['IA', 'Ia'],
  ['IB', 'Ib'],
  ['II', 'II'],
  ['III', 'III'],
  ['IV', 'IV'],
  ['V', 'V'],
]);
const BARE_BGE_PARTS = new Set(['I', 'Ia', 'Ib', 'II', 'III', 'IV', 'V']);
const BVGE_PARTS = new Set(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII']);

/** Reads one of `prefixes` (exact case, a whole word) at i. */
function prefixAt(
  s: string,
  i: number,
  prefixes: ReadonlyMap<string, number>,
): { end: number; languages: number } | null {
  const end = readAsciiLetters(s, i, 5);
  const languages = prefixes.get(s.slice(i, end));
  return languages === undefined || isLetterAt(s, end) ? null : { end, languages };
}

/**
 * `volume part page` at i (after the prefix). `strict`: the part must be written exactly
 * (`III`, `Ia`), as required of a bare reference; with a prefix `iii`/`IA` are accepted too.
 */
export function bgeBodyAt(
  s: string,
  i: number,
  maxVolume: number,
  strict: boolean,
): { end: number; key: string } | null {
  const volEnd = readNumber(s, i, 1, maxVolume, 3);
  if (volEnd < 0) return null;
  const partStart = needSpaces(s, volEnd, 3);
  if (partStart < 0) return null;
  const partEnd = readAsciiLetters(s, partStart, 3);
  const written = s.slice(partStart, partEnd);
  const part = BGE_PARTS.get(written.toUpperCase());
  if (part === undefined || isLetterAt(s, partEnd)) return null;
  if (strict && !BARE_BGE_PARTS.has(written)) return null;
  const pageStart = needSpaces(s, partEnd, 3);
  if (pageStart < 0) return null;
  const pageEnd = readNumber(s, pageStart, 1, 9999, 4);
  if (pageEnd < 0 || !isBoundary(s, pageEnd)) return null;
  return { end: pageEnd, key: `BGE ${s.slice(i, volEnd)} ${part} ${s.slice(pageStart, pageEnd)}` };
}

/** `BGE 140 III 86`, `ATF 140 III 86`, `DTF 140 III 86` at i. */
export function prefixedBgeAt(s: string, i: number, maxVolume: number): RefHit | null {
  const prefix = prefixAt(s, i, BGE_PREFIXES);
  if (!prefix) return null;
  const bodyStart = needSpaces(s, prefix.end, 3);
  const body = bodyStart < 0 ? null : bgeBodyAt(s, bodyStart, maxVolume, false);
  return body
    ? {
        kind: 'bge',
        form: 'prefixed',
        end: body.end,
        court: 'bge',
        key: body.key,
        languages: prefix.languages,
      }
    : null;
}

/** A bare `140 III 86` at i (only called inside a reference list). */
export function bareBgeAt(s: string, i: number, maxVolume: number): RefHit | null {
  const body = bgeBodyAt(s, i, maxVolume, true);
  return body
    ? { kind: 'bge', form: 'bare', end: body.end, court: 'bge', key: body.key, languages: ANY_LANG }
    : null;
}

/** `2013/10` or `2019 I/2` at i (after the BVGE prefix, or bare in a BVGE list). */
export function bvgeBodyAt(s: string, i: number): { end: number; key: string } | null {
  const yearEnd = readNumber(s, i, 1990, 2099, 4);
  if (yearEnd < 0) return null;
  let part = '';
  let slash = yearEnd;
  if (s[yearEnd] !== '/') {
    const partStart = needSpaces(s, yearEnd, 3);
    if (partStart < 0) return null;
    const partEnd = readAsciiLetters(s, partStart, 4);
    part = s.slice(partStart, partEnd);
    if (!BVGE_PARTS.has(part)) return null;
    slash = partEnd;
  }
  if (s[slash] !== '/') return null;
  const numEnd = readNumber(s, slash + 1, 1, 999, 3);
  if (numEnd < 0 || !isBoundary(s, numEnd)) return null;
  const year = s.slice(i, yearEnd);
  const num = s.slice(slash + 1, numEnd);
  return { end: numEnd, key: part === '' ? `BVGE ${year}/${num}` : `BVGE ${year} ${part}/${num}` };
}

/** `BVGE 2013/10`, `ATAF 2019 I/2`, `DTAF 2013/10` at i. */
export function prefixedBvgeAt(s: string, i: number): RefHit | null {
  const prefix = prefixAt(s, i, BVGE_PREFIXES);
  if (!prefix) return null;
  const bodyStart = needSpaces(s, prefix.end, 3);
  const body = bodyStart < 0 ? null : bvgeBodyAt(s, bodyStart);
  return body
    ? {
        kind: 'bvge',
        form: 'prefixed',
        end: body.end,
        court: 'bvger',
        key: body.key,
        languages: prefix.languages,
      }
    : null;
}

export function bareBvgeAt(s: string, i: number): RefHit | null {
  const body = bvgeBodyAt(s, i);
  return body
    ? { kind: 'bvge', form: 'bare', end: body.end, court: 'bvger', key: body.key, languages: ANY_LANG }
    : null;
}

const MKGE_NUMBER_WORDS: readonly (readonly [string, number])[] = [
  ['Nr.', DE],
  ['Nr', DE],
  ['n°', FR | IT],
  ['nº', FR | IT],
  ['no', FR],
  ['N°', FR | IT],
  ['n.', IT],
];

/** `MKGE 14 Nr. 3`, `ATMC 14 n° 3`, `STMC 14 n. 3` at i. */
export function mkgeAt(s: string, i: number): RefHit | null {
  const prefix = prefixAt(s, i, MKGE_PREFIXES);
  if (!prefix) return null;
  const volStart = needSpaces(s, prefix.end, 3);
  const volEnd = volStart < 0 ? -1 : readNumber(s, volStart, 1, 999, 3);
  if (volEnd < 0) return null;
  const wordStart = needSpaces(s, volEnd, 3);
  if (wordStart < 0) return null;
  let wordEnd = -1;
  for (const [word] of MKGE_NUMBER_WORDS) {
    if (s.startsWith(word, wordStart)) {
      wordEnd = wordStart + word.length;
      break;
    }
  }
  if (wordEnd < 0 || isLetterAt(s, wordEnd)) return null;
  const numStart = skipSpaces(s, wordEnd, 3);
  const numEnd = readNumber(s, numStart, 1, 9999, 4);
  if (numEnd < 0 || !isBoundary(s, numEnd)) return null;
  const key = `MKGE ${s.slice(volStart, volEnd)} Nr. ${s.slice(numStart, numEnd)}`;
  return { kind: 'mkge', form: 'prefixed', end: numEnd, court: 'mkg', key, languages: prefix.languages };
}

// ---------------------------------------------------------------------------------------------
// Federal dockets

/** `{year}` of a docket: four digits 1900..2099 followed by a boundary; end or -1. */
function docketYear(s: string, i: number): number {
  const end = readNumber(s, i, 1900, 2099, 4);
  return end >= 0 && isBoundary(s, end) ? end : -1;
}

/**
 * Federal Supreme Court: `4A_714/2014`, `12T_1/2020` (modern), `6B 1234/2025` (space, normalised
 * to `_`), `2A.123/2005` (pre-2007, the dot kept).
 */
export function bgerDocketAt(s: string, i: number): RefHit | null {
  const divEnd = readNumber(s, i, 1, 12, 2);
  if (divEnd < 0 || !isUpperAt(s, divEnd)) return null;
  const sep = divEnd + 1;
  let form: RefForm;
  let numStart: number;
  if (s[sep] === '_') {
    form = 'modern';
    numStart = sep + 1;
  } else if (s[sep] === '.') {
    form = 'dotted';
    numStart = sep + 1;
  } else {
    numStart = needSpaces(s, sep, 2);
    if (numStart < 0 || s.slice(sep, numStart).includes('\n')) return null;
    form = 'spaced';
  }
  const numEnd = readDigits(s, numStart, 5);
  if (numEnd < 0 || s[numEnd] !== '/') return null;
  const yearEnd = docketYear(s, numEnd + 1);
  if (yearEnd < 0) return null;
  const register = s.slice(i, divEnd + 1);
  const key = `${register}${form === 'dotted' ? '.' : '_'}${s.slice(numStart, numEnd)}/${s.slice(numEnd + 1, yearEnd)}`;
  return { kind: 'docket', form, end: yearEnd, court: 'bger', key, languages: ANY_LANG };
}

const EVG_REGISTERS = new Set(['I', 'U', 'K', 'H', 'B', 'C', 'P', 'M']);

/** Former Federal Insurance Court: `I 594/01`, `U 12/05` (register, space, number/two-digit year). */
export function evgDocketAt(s: string, i: number): RefHit | null {
  const letter = s[i] ?? '';
  if (!EVG_REGISTERS.has(letter) || isLetterAt(s, i + 1)) return null;
  const numStart = needSpaces(s, i + 1, 2);
  if (numStart < 0 || s.slice(i + 1, numStart).includes('\n')) return null;
  const numEnd = readDigits(s, numStart, 4);
  if (numEnd < 0 || s.charCodeAt(numStart) === 48 || s[numEnd] !== '/') return null;
  const yearEnd = readDigits(s, numEnd + 1, 2);
  if (yearEnd - numEnd - 1 !== 2 || !isBoundary(s, yearEnd)) return null;
  const key = `${letter} ${s.slice(numStart, numEnd)}/${s.slice(numEnd + 1, yearEnd)}`;
  return { kind: 'docket', form: 'evg', end: yearEnd, court: 'bger', key, languages: ANY_LANG };
}

/** Federal Administrative Court: `A-1234/2020` (divisions A-F). */
export function bvgerDocketAt(s: string, i: number): RefHit | null {
  const c = s.charCodeAt(i);
  if (c < 65 || c > 70 || s[i + 1] !== '-') return null;
  const numEnd = readDigits(s, i + 2, 5);
  if (numEnd < 0 || s[numEnd] !== '/') return null;
  const yearEnd = docketYear(s, numEnd + 1);
  if (yearEnd < 0) return null;
  return {
    kind: 'docket',
    form: 'bvger',
    end: yearEnd,
    court: 'bvger',
    key: s.slice(i, yearEnd),
    languages: ANY_LANG,
  };
}

/** Registers of the Federal Criminal Court accepted without a named court. */
// prettier-ignore
const BSTGER_REGISTERS = new Set([
  'SK', 'BB', 'RR', 'CA', 'BG', 'BH', 'BE', 'BP', 'BV', 'CN', 'CR', 'RH', 'RP', 'BK', 'SN', 'CB',
]);

/** Federal Criminal Court: `SK.2019.42`; `anyRegister` after a named BStGer/TPF. */
export function bstgerDocketAt(s: string, i: number, anyRegister: boolean): RefHit | null {
  if (!isUpperAt(s, i) || !isUpperAt(s, i + 1) || s[i + 2] !== '.') return null;
  const register = s.slice(i, i + 2);
  const known = BSTGER_REGISTERS.has(register);
  if (!known && !anyRegister) return null;
  const yearEnd = readNumber(s, i + 3, 1900, 2099, 4);
  if (yearEnd < 0 || s[yearEnd] !== '.') return null;
  const numEnd = readDigits(s, yearEnd + 1, 5);
  if (numEnd < 0 || !isBoundary(s, numEnd)) return null;
  const form: RefForm = known ? 'bstger' : 'bstger-register';
  return { kind: 'docket', form, end: numEnd, court: 'bstger', key: s.slice(i, numEnd), languages: ANY_LANG };
}

/** Federal Patent Court: `O2018_001` (ordinary), `S2023_011` (summary). */
export function bpatgerDocketAt(s: string, i: number): RefHit | null {
  const letter = s[i];
  if (letter !== 'O' && letter !== 'S') return null;
  const yearEnd = readNumber(s, i + 1, 1900, 2099, 4);
  if (yearEnd < 0 || s[yearEnd] !== '_') return null;
  const numEnd = readDigits(s, yearEnd + 1, 3);
  if (numEnd - yearEnd - 1 !== 3 || !isBoundary(s, numEnd)) return null;
  return {
    kind: 'docket',
    form: 'bpatger',
    end: numEnd,
    court: 'bpatger',
    key: s.slice(i, numEnd),
    languages: ANY_LANG,
  };
}

export interface FederalOptions {
  readonly maxVolume: number;
  /** Accept any two-letter BStGer register (a Federal Criminal Court was named). */
  readonly anyBstgerRegister: boolean;
}

/** Any federal reference at i, chosen by the length of its leading capitals. */
export function federalReferenceAt(s: string, i: number, options: FederalOptions): RefHit | null {
  const c = s.charCodeAt(i);
  if (isDigitCode(c)) return bgerDocketAt(s, i);
  if (!isUpperCode(c)) return null;
  switch (readAsciiLetters(s, i, 4) - i) {
    case 1:
      return bvgerDocketAt(s, i) ?? bpatgerDocketAt(s, i) ?? evgDocketAt(s, i);
    case 2:
      return bstgerDocketAt(s, i, options.anyBstgerRegister);
    case 3:
      return prefixedBgeAt(s, i, options.maxVolume);
    case 4:
      return prefixedBvgeAt(s, i) ?? mkgeAt(s, i);
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Cantonal dockets (only after a named cantonal court or regulator)

interface Segment {
  readonly end: number;
  readonly digits: number;
  readonly joins: number;
  readonly letters: number;
  readonly lower: boolean;
}

/** A run of ASCII letters and digits with single inner joiners (`.`, `/`, `_`, `-`). */
function segmentAt(s: string, i: number): Segment | null {
  let j = i;
  let digits = 0;
  let letters = 0;
  let joins = 0;
  let lower = false;
  while (j < s.length && j - i < 40) {
    const c = s.charCodeAt(j);
    if (isDigitCode(c)) digits++;
    else if (isUpperCode(c)) letters++;
    else if (isLowerCode(c)) {
      letters++;
      lower = true;
    } else if ((c === 46 || c === 47 || c === 95 || c === 45) && j > i && isAlnumAt(s, j + 1)) joins++;
    else break;
    j++;
  }
  if (j === i || isLetterAt(s, j)) return null;
  return { end: j, digits, joins, letters, lower };
}

function isAlnumAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return isDigitCode(c) || isUpperCode(c) || isLowerCode(c);
}

/** `3.5.2022`, `03.05.2022`: a numeric date, never a docket segment. */
function isNumericDate(text: string): boolean {
  return /^\d{1,2}\.\d{1,2}\.\d{4}$/.test(text);
}

/**
 * A cantonal (or regulator) docket at i: `LB220012`, `LB220012-O/U`, `ACJC/123/2021`,
 * `VB.2020.00123`, `100.2019.123`, `VGE 100.2019.123`, `ZK 19 123`, `101 2019 12`,
 * `CC 12 / 2019`. Up to five segments separated by one or two spaces on the same line (or ` / `); a letters-only
 * segment (upper case, at most six letters) may only come first; every other segment carries
 * a digit. The whole must hold a digit and either a letter, two joiners, five digits or two
 * numeric segments, so `2021`, `1/2` and `3.5.2022` are no dockets.
 */
export function cantonalDocketAt(s: string, i: number): RefHit | null {
  const first = s.charCodeAt(i);
  if (!isDigitCode(first) && !isUpperCode(first)) return null;
  let pos = i;
  let end = -1;
  let digits = 0;
  let joins = 0;
  let letters = 0;
  let digitSegments = 0;
  for (let n = 0; n < 5; n++) {
    const seg = segmentAt(s, pos);
    if (!seg) break;
    const text = s.slice(pos, seg.end);
    if (seg.digits === 0) {
      // a letters-only prefix: first, upper case, short (`VGE`, `ZK`, `FINMA`)
      if (n > 0 || seg.lower || seg.letters > 6 || seg.joins > 0) break;
    } else if (isNumericDate(text)) {
      break;
    }
    if (/\d[a-z]/.test(text)) break; // `3te`, `12km`: a word with a digit, not a docket
    digits += seg.digits;
    joins += seg.joins;
    letters += seg.letters;
    if (seg.digits > 0) {
      digitSegments++;
      end = seg.end;
    }
    // the next segment: one or two spaces (same line) or ` / `
    let next = seg.end;
    const afterSpace = skipSpaces(s, next, 2);
    if (s[afterSpace] === '/' && afterSpace > next) {
      const k = skipSpaces(s, afterSpace + 1, 2);
      if (k === afterSpace + 1 || !isDigitAt(s, k)) break;
      joins++;
      next = k;
    } else {
      if (afterSpace === next || s.slice(next, afterSpace).includes('\n')) break;
      next = afterSpace;
      const c = s.charCodeAt(next);
      if (!isDigitCode(c) && !isUpperCode(c)) break;
    }
    pos = next;
  }
  if (end < 0 || digits === 0) return null;
  if (letters === 0 && joins < 2 && digits < 5 && digitSegments < 2) return null;
  if (!isBoundary(s, end)) return null;
  const key = s.slice(i, end).replace(/\s+/g, ' ');
  return { kind: 'cantonal', form: 'cantonal', end, court: null, key, languages: ANY_LANG };
}

// ---------------------------------------------------------------------------------------------
// Tail: stated date, Erwägung pinpoints, page pin-cite

export interface Tail {
  readonly end: number;
  readonly statedDate: string | null;
  readonly pinpoints: readonly string[];
  readonly pinpointsFollowing: boolean;
  readonly pagePinpoint: number | null;
  readonly languages: number;
}

const PINPOINT_WORDS = new Literals<number>([
  ['Erwägungen', DE],
  ['Erwägung', DE],
  ['Erw.', DE],
  ['E.', DE],
  ['considérants', FR],
  ['considérant', FR],
  ['considerandi', IT],
  ['considerando', IT],
  ['consid.', FR | IT],
  ['cons.', FR | IT],
  ['c.', FR],
]);

const PAGE_WORDS = new Literals<number>([
  ['S.', DE],
  ['Seite', DE],
  ['pag.', IT],
  ['p.', FR | IT],
  ['page', FR],
  ['pagina', IT],
]);

const FOLLOWING = Literals.of(['ff.', 'ff', 'f.', 'ss.', 'ss', 's.', 'segg.', 'seg.', 'sgg.']);
const LIST_WORDS = Literals.of(['und', 'sowie', 'bis', 'et', 'à', 'e']);

function wordFrom(s: string, i: number, words: Literals<number>): { end: number; languages: number } | null {
  const m = words.match(s, i);
  return m ? { end: m.end, languages: m.value } : null;
}

/**
 * A follow-on page of the previous BGE volume and part at i: `90` in `BGE 144 IV 321 E. 2.3, 90
 * E. 1.1.3` (and `ATF … consid. 2.3, 90 consid. 1.1.3`). Only a page followed by its own
 * pinpoint or page pin-cite counts, so a pinpoint list (`E. 2.3, 4`) keeps its numbers.
 */
export function bgeFollowOnAt(s: string, i: number, previousKey: string): RefHit | null {
  const prev = /^BGE (\d{1,3}) (I[ab]?|II|III|IV|V) \d{1,4}$/.exec(previousKey);
  if (!prev) return null;
  const pageEnd = readNumber(s, i, 1, 9999, 4);
  if (pageEnd < 0 || !isBoundary(s, pageEnd) || s[pageEnd] === '.' || s[pageEnd] === '/') return null;
  const next = needSpaces(s, pageEnd, 2);
  if (next < 0) return null;
  const word = wordFrom(s, next, PINPOINT_WORDS) ?? wordFrom(s, next, PAGE_WORDS);
  if (!word || !isDigitAt(s, skipSpaces(s, word.end, 2))) return null;
  return {
    kind: 'bge',
    form: 'bare',
    end: pageEnd,
    court: 'bge',
    key: `BGE ${prev[1]} ${prev[2]} ${s.slice(i, pageEnd)}`,
    languages: ANY_LANG,
  };
}

/** One pinpoint at i: `2`, `2.3`, `3.1.2`, `2b`, `5aa`, `5b/aa`. End or -1. */
function pinAt(s: string, i: number): number {
  let j = readDigits(s, i, 3);
  if (j < 0 || s.charCodeAt(i) === 48) return -1;
  for (let level = 0; level < 5 && s[j] === '.' && isDigitAt(s, j + 1); level++) {
    const k = readDigits(s, j + 1, 3);
    if (k < 0) return -1;
    j = k;
  }
  const letters = (from: number): number => {
    let k = from;
    while (k < s.length && k - from < 3 && isLowerAt(s, k)) k++;
    return k > from && !isLetterAt(s, k) ? k : -1;
  };
  const l = letters(j);
  if (l > 0) {
    j = l;
    if (s[j] === '/' && isLowerAt(s, j + 1)) {
      const l2 = letters(j + 1);
      if (l2 > 0) j = l2;
    }
  }
  // a range `3-5` continues with the next pinpoint
  const range = (s[j] === '-' || s[j] === '–') && isDigitAt(s, j + 1);
  return isBoundary(s, j) || range ? j : -1;
}

/** Pinpoint list at i (after `E.`): `2.3`, `1.2, 1.3 und 3`, `2 e 3`, `2 ff.`. */
function pinpointListAt(
  s: string,
  i: number,
  maxVolume: number,
): { end: number; pins: string[]; following: boolean } | null {
  const firstEnd = pinAt(s, i);
  if (firstEnd < 0) return null;
  const pins = [s.slice(i, firstEnd)];
  let end = firstEnd;
  for (;;) {
    let j = skipSpaces(s, end, 3);
    if (s[j] === ',' || s[j] === '-' || s[j] === '–' || s[j] === '/') j = skipSpaces(s, j + 1, 3);
    else {
      const w = LIST_WORDS.end(s, j);
      if (w < 0 || j === end) break;
      j = needSpaces(s, w, 3);
      if (j < 0) break;
    }
    if (j === end) break;
    // a following reference (`E. 2, 141 III 1`, `E. 2.3, 90 E. 1.1.3`), not a further pinpoint
    if (bgeBodyAt(s, j, maxVolume, true) || bgeFollowOnAt(s, j, 'BGE 1 I 1')) break;
    const pinEnd = pinAt(s, j);
    if (pinEnd < 0) break;
    pins.push(s.slice(j, pinEnd));
    end = pinEnd;
  }
  let following = false;
  const f = skipSpaces(s, end, 3);
  if (f > end) {
    const fEnd = FOLLOWING.end(s, f);
    if (fEnd >= 0 && !isLetterAt(s, fEnd)) {
      following = true;
      end = fEnd;
    }
  }
  return { end, pins, following };
}

interface PagePinpoint {
  readonly end: number;
  readonly page: number;
  readonly languages: number;
}

/** Page pin-cite at i: `S. 89`, `p. 89 s.`, `pag. 89`. */
function pageAt(s: string, i: number): PagePinpoint | null {
  const word = wordFrom(s, i, PAGE_WORDS);
  if (!word) return null;
  const numStart = skipSpaces(s, word.end, 3);
  if (numStart === word.end && !s.startsWith('.', word.end - 1)) return null;
  const numEnd = readNumber(s, numStart, 1, 9999, 4);
  if (numEnd < 0 || !isBoundary(s, numEnd)) return null;
  let end = numEnd;
  const f = skipSpaces(s, numEnd, 3);
  if (f > numEnd) {
    const fEnd = FOLLOWING.end(s, f);
    if (fEnd >= 0 && !isLetterAt(s, fEnd)) end = fEnd;
  }
  return { end, page: Number(s.slice(numStart, numEnd)), languages: word.languages };
}

/**
 * What may follow a reference, in any order, each at most once and optionally after a comma:
 * a date phrase (`vom 3. Mai 2022`), an Erwägung pinpoint list (`E. 2.3`, `consid. 2 e 3`),
 * a page pin-cite (`S. 89`).
 */
export function tailAt(s: string, i: number, maxVolume: number): Tail {
  let end = i;
  let statedDate: string | null = null;
  let pinpoints: string[] = [];
  let pinpointsFollowing = false;
  let pagePinpoint: number | null = null;
  let languages = ANY_LANG;
  for (let round = 0; round < 3; round++) {
    let j = skipSpaces(s, end);
    if (s[j] === ',') j = skipSpaces(s, j + 1);
    if (j === end && end > i) break;
    const date: StatedDate | null = statedDate === null ? datePhraseAt(s, j) : null;
    if (date) {
      statedDate = date.iso;
      languages &= date.languages;
      end = date.end;
      continue;
    }
    const word = pinpoints.length === 0 ? wordFrom(s, j, PINPOINT_WORDS) : null;
    if (word) {
      const listStart = skipSpaces(s, word.end, 3);
      const glued = listStart === word.end && s[word.end - 1] !== '.';
      const list = glued ? null : pinpointListAt(s, listStart, maxVolume);
      if (list) {
        pinpoints = list.pins;
        pinpointsFollowing = list.following;
        languages &= word.languages;
        end = list.end;
        continue;
      }
    }
    const page: PagePinpoint | null = pagePinpoint === null ? pageAt(s, j) : null;
    if (!page) break;
    pagePinpoint = page.page;
    languages &= page.languages;
    end = page.end;
  }
  return { end, statedDate, pinpoints, pinpointsFollowing, pagePinpoint, languages: languages || ANY_LANG };
}
