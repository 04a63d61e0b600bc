/**
 * Parser of the case-law search query language (`GET /decisions?query=...`).
 *
 * Syntax (informal):
 *   query    := orExpr
 *   orExpr   := andExpr ( "OR" andExpr )*
 *   andExpr  := unary ( "AND"? unary )*          -- juxtaposition is an implicit AND
 *   unary    := ( "NOT" | "-" ) unary | "+"? primary
 *   primary  := "(" orExpr ")" | word | word"*" | "phrase" | reference
 *
 *  - Precedence NOT > AND > OR. Only the upper-case words AND / OR / NOT are operators;
 *    `and`, `or`, `not` (and `et`, `und`, ...) are ordinary words.
 *  - `-word` / `-"phrase"` / `-(...)` is NOT; `+word` is the same as `word` (the plus is ignored).
 *    A `-` or `+` glued to the end of a word (`Miet-vertrag`) is a separator.
 *  - Phrases are delimited by `"…"`, `„…“`, `“…”`, `«…»` or `»…«`. An unterminated quote is an
 *    error (never an implicit phrase up to the end of the input), so is an empty phrase.
 *  - A word is a run of Unicode letters, digits and combining marks; all other characters that
 *    are not syntax are separators. An apostrophe after an elided article/pronoun (`l'arrêt`,
 *    `qu'il`, `dell'articolo`) drops the elision: `l'arrêt` is the term `arrêt`.
 *  - `word*` is a prefix search; the prefix must have at least 2 characters.
 *  - Docket numbers, BGE/BVGE references and decision ids are recognised as single reference
 *    tokens (see {@link ReferenceNode}); a lone number (`140`, `2025`) stays a word. Besides the
 *    federal docket shapes, any docket written as one token (`ACJC/866/2019`, `ZSU.2019.34`) is a
 *    reference, and a decision id may start with any court key of the registry.
 *  - Statute provisions (`Art. 41 OR`, `art. 8 al. 2 Cst.`, `§ 5 StG/ZH`) are read by the citation
 *    grammar before anything else, so the `OR` of `Art. 41 OR` is the act, not an operator.
 *  - Limits: at most {@link MAX_QUERY_LENGTH} characters and {@link MAX_QUERY_TERMS} terms
 *    (words, prefixes, phrases and references each count as one term).
 *  - An empty query, or one without any searchable token, parses to `null` (match all).
 *
 * Positions in errors are 0-based UTF-16 offsets into the input (JavaScript string indices).
 *
 * The tokenizer is a hand-written single pass over the input (no backtracking regular
 * expressions), so parsing is linear in the input length.
 */
import type {
  AndNode,
  NotNode,
  OrNode,
  QueryAst,
  QueryNode,
  ReferenceKind,
  ReferenceNode,
} from './query-ast.ts';
import { COURTS } from '../courts/court-registry.ts';
import { findCitations } from '../citation/grammar/find-citations.ts';
import { statuteSearchKeyOf } from './statute-keys.ts';

export const MAX_QUERY_LENGTH = 1000;
export const MAX_QUERY_TERMS = 64;
export const MIN_PREFIX_LENGTH = 2;

export interface QueryParseError {
  readonly message: string;
  /** 0-based UTF-16 offset into the input where the problem was detected. */
  readonly position: number;
}

export type ParseResult =
  { readonly ok: true; readonly ast: QueryAst } | { readonly ok: false; readonly error: QueryParseError };

/**
 * Court keys recognised as the first segment(s) of a decision id (`bger_6B_1234_2025`,
 * `ge_gerichte_ACJC_866_2019`): every court of the registry and the federal collections.
 */
export const DECISION_ID_COURTS: readonly string[] = [
  ...new Set(['bger', 'bge', 'bvger', 'bvge', 'bstger', 'bpatger', 'evg', ...COURTS.map((c) => c.key)]),
].sort((a, b) => b.length - a.length || a.localeCompare(b));

/** Register letters of the former Federal Insurance Court (EVG), e.g. `I 594/01`. */
const EVG_REGISTERS = new Set(['I', 'K', 'U', 'H', 'B', 'C', 'P', 'M', 'R', 'V']);

/** Parts of the BGE collection, keyed by upper-case spelling, valued by canonical spelling. */
const BGE_PARTS = new Map<string, string>([
  ['I', 'I'],
  ['IA', 'Ia'],
  ['IB', 'Ib'],
  ['II', 'II'],
  ['III', 'III'],
  ['IV', 'IV'],
  ['V', 'V'],
]);
/** Spellings of BGE parts accepted in a bare reference (`140 III 86`): exact case only. */
const BARE_BGE_PARTS = new Set(['I', 'Ia', 'Ib', 'II', 'III', 'IV', 'V']);
const BGE_PREFIXES = new Set(['BGE', 'ATF', 'DTF']);
const BVGE_PREFIXES = new Set(['BVGE', 'ATAF', 'DTAF']);
const BVGE_PARTS = new Set(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII']);

/** Elided words dropped before an apostrophe (besides any single letter: l', d', j', ...). */
const ELISIONS = new Set([
  // French
  'qu',
  'jusqu',
  'lorsqu',
  'puisqu',
  'quoiqu',
  'presqu',
  'quelqu',
  // Italian
  'dell',
  'dall',
  'nell',
  'sull',
  'all',
  'coll',
  'degl',
  'dagl',
  'negl',
  'sugl',
  'agl',
  'quell',
  'quest',
  'un',
]);

const APOSTROPHES = new Set(["'", '\u2019', '\u02BC']);

/** Opening quote → accepted closing quotes. */
const QUOTES = new Map<string, readonly string[]>([
  ['"', ['"', '\u201C', '\u201D']],
  ['\u201E', ['\u201C', '\u201D', '"']], // „…“
  ['\u201C', ['\u201D', '\u201C', '"']], // “…”
  ['\u201D', ['\u201D', '"']], // ”…”
  ['\u00AB', ['\u00BB']], // «…»
  ['\u00BB', ['\u00AB']], // »…«
]);

const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
const LETTER = /^\p{L}$/u;
const WHITESPACE = /^\s$/u;

// ---------------------------------------------------------------------------------------------
// Errors

class ParseFailure extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

function fail(message: string, position: number): never {
  throw new ParseFailure(message, position);
}

// ---------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { readonly type: 'lparen'; readonly pos: number }
  | { readonly type: 'rparen'; readonly pos: number }
  | { readonly type: 'and'; readonly pos: number }
  | { readonly type: 'or'; readonly pos: number }
  | { readonly type: 'not'; readonly pos: number; readonly spelling: 'NOT' | '-' }
  | { readonly type: 'leaf'; readonly pos: number; readonly node: QueryNode };

// ---------------------------------------------------------------------------------------------
// Character helpers (all work on a single UTF-16 index; astral characters are handled by
// reading the full code point).

function charAt(s: string, i: number): string {
  const cp = s.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

function isWordCharAt(s: string, i: number): boolean {
  return i >= 0 && i < s.length && WORD_CHAR.test(charAt(s, i));
}

/** Whether the character ending just before index `i` is a word character. */
function isWordCharBefore(s: string, i: number): boolean {
  if (i <= 0) return false;
  const low = s.charCodeAt(i - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && i >= 2 ? i - 2 : i - 1;
  return isWordCharAt(s, start);
}

function isWhitespaceAt(s: string, i: number): boolean {
  const c = s[i];
  return c !== undefined && WHITESPACE.test(c);
}

function isAsciiDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isAsciiLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
}

function isQuoteOpener(c: string): boolean {
  return QUOTES.has(c);
}

function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Reference recognition: small hand-written scanners. Each returns the end index of the match
// (exclusive) plus the normalised parts, or null. All loops are bounded by the input length and
// only move forward, so recognition stays linear overall.

interface RefMatch {
  readonly end: number;
  readonly refKind: ReferenceKind;
  readonly key: string;
}

/** End of a run of ASCII digits starting at i, if its length is within [min, max]. */
function scanDigits(s: string, i: number, min: number, max: number): number {
  let j = i;
  while (j < s.length && isAsciiDigit(s[j])) j++;
  const n = j - i;
  return n >= min && n <= max ? j : -1;
}

/** A number without leading zero in [lo, hi], written with at most `maxDigits` digits. */
function scanNumber(s: string, i: number, lo: number, hi: number, maxDigits: number): number {
  const end = scanDigits(s, i, 1, maxDigits);
  if (end < 0 || s[i] === '0') return -1;
  const value = Number(s.slice(i, end));
  return value >= lo && value <= hi ? end : -1;
}

function scanAsciiLetters(s: string, i: number): number {
  let j = i;
  while (j < s.length && isAsciiLetter(s[j])) j++;
  return j;
}

/** End of a non-empty run of whitespace starting at i, or -1. */
function scanSpace(s: string, i: number): number {
  let j = i;
  while (j < s.length && isWhitespaceAt(s, j)) j++;
  return j > i ? j : -1;
}

/**
 * A reference must not continue into a word: the next character is not a word character, and
 * not a joiner (`_ / . -`) directly followed by a word character (`SK.2019.42.5` is no
 * reference, `SK.2019.42.` at the end of a sentence is).
 */
function isRefBoundary(s: string, i: number): boolean {
  if (i >= s.length) return true;
  if (isWordCharAt(s, i)) return false;
  const c = s[i];
  if ((c === '_' || c === '/' || c === '.' || c === '-') && isWordCharAt(s, i + 1)) return false;
  return true;
}

/** A reference may only start where a word could start and not right after a joiner. */
function isRefStart(s: string, i: number): boolean {
  if (i === 0) return true;
  if (isWordCharBefore(s, i)) return false;
  const prev = s[i - 1];
  if (prev === '_' || prev === '/' || prev === '.' || APOSTROPHES.has(prev ?? '')) return false;
  if (prev === '-' && isWordCharBefore(s, i - 1)) return false;
  return true;
}

/** End of a run of docket characters (ASCII letters, digits and the joiners `_ . / -`) at i. */
function scanDocketChars(s: string, i: number, joiners: string): number {
  let j = i;
  while (j < s.length) {
    const c = s[j];
    if (isAsciiDigit(c) || isAsciiLetter(c)) j++;
    else if (c !== undefined && joiners.includes(c) && (isAsciiDigit(s[j + 1]) || isAsciiLetter(s[j + 1])))
      j++;
    else break;
  }
  return j;
}

/**
 * A decision id: a court key of the registry (the longest that fits), `_`, and the rest of the id
 * with at least one digit (`bger_6B_1234_2025`, `bger_5C.19_1995`, `bvger_B-2864_2007`,
 * `zh_obergericht_SB.1995.00101`, `weko_41-0400`).
 */
function matchDecisionId(s: string, i: number): RefMatch | null {
  if (!isAsciiLetter(s[i])) return null;
  const end = scanDocketChars(s, i, '_.-');
  const token = s.slice(i, end);
  const lower = token.toLowerCase();
  const court = DECISION_ID_COURTS.find((c) => lower.startsWith(`${c}_`) && lower.length > c.length + 1);
  if (court === undefined) return null;
  const rest = token.slice(court.length + 1);
  if (!/\d/.test(rest) || !isRefBoundary(s, end)) return null;
  return { end, refKind: 'decision_id', key: `${court}_${rest}` };
}

/** `volume part page` starting at i (after the optional prefix and its space). */
function matchBgeBody(s: string, i: number, strictPartCase: boolean): RefMatch | null {
  const volEnd = scanNumber(s, i, 1, 200, 3);
  if (volEnd < 0) return null;
  const partStart = scanSpace(s, volEnd);
  if (partStart < 0) return null;
  const partEnd = scanAsciiLetters(s, partStart);
  const partWritten = s.slice(partStart, partEnd);
  const part = BGE_PARTS.get(partWritten.toUpperCase());
  if (part === undefined) return null;
  if (strictPartCase && !BARE_BGE_PARTS.has(partWritten)) return null;
  const pageStart = scanSpace(s, partEnd);
  if (pageStart < 0) return null;
  const pageEnd = scanNumber(s, pageStart, 1, 2000, 4);
  if (pageEnd < 0 || !isRefBoundary(s, pageEnd)) return null;
  const key = `BGE ${s.slice(i, volEnd)} ${part} ${s.slice(pageStart, pageEnd)}`;
  return { end: pageEnd, refKind: 'bge', key };
}

function matchPrefixedBge(s: string, i: number): RefMatch | null {
  const prefixEnd = scanAsciiLetters(s, i);
  if (!BGE_PREFIXES.has(s.slice(i, prefixEnd).toUpperCase())) return null;
  const bodyStart = scanSpace(s, prefixEnd);
  return bodyStart < 0 ? null : matchBgeBody(s, bodyStart, false);
}

function matchBareBge(s: string, i: number): RefMatch | null {
  return matchBgeBody(s, i, true);
}

function matchBvge(s: string, i: number): RefMatch | null {
  const prefixEnd = scanAsciiLetters(s, i);
  if (!BVGE_PREFIXES.has(s.slice(i, prefixEnd).toUpperCase())) return null;
  const yearStart = scanSpace(s, prefixEnd);
  if (yearStart < 0) return null;
  const yearEnd = scanNumber(s, yearStart, 1000, 9999, 4);
  if (yearEnd < 0) return null;
  const year = s.slice(yearStart, yearEnd);
  let part = '';
  let slash = yearEnd;
  if (s[yearEnd] !== '/') {
    const partStart = scanSpace(s, yearEnd);
    if (partStart < 0) return null;
    const partEnd = scanAsciiLetters(s, partStart);
    part = s.slice(partStart, partEnd).toUpperCase();
    if (!BVGE_PARTS.has(part)) return null;
    slash = partEnd;
  }
  if (s[slash] !== '/') return null;
  const numEnd = scanNumber(s, slash + 1, 1, 999, 3);
  if (numEnd < 0 || !isRefBoundary(s, numEnd)) return null;
  const num = s.slice(slash + 1, numEnd);
  const key = part === '' ? `BVGE ${year}/${num}` : `BVGE ${year} ${part}/${num}`;
  return { end: numEnd, refKind: 'bvge', key };
}

/**
 * Federal Supreme Court: `4A_714/2014`, `6B 1234/2025` (modern, canonical `_`) and the dotted
 * pre-2007 form `2A.123/2005`.
 */
function matchBgerDocket(s: string, i: number): RefMatch | null {
  const chamberEnd = scanDigits(s, i, 1, 2);
  if (chamberEnd < 0 || s[i] === '0' || !isAsciiLetter(s[chamberEnd])) return null;
  const register = `${s.slice(i, chamberEnd)}${(s[chamberEnd] ?? '').toUpperCase()}`;
  const sep = chamberEnd + 1;
  let numStart: number;
  let canonicalSep: string;
  if (s[sep] === '_') {
    numStart = sep + 1;
    canonicalSep = '_';
  } else if (s[sep] === '.') {
    numStart = sep + 1;
    canonicalSep = '.';
  } else {
    numStart = scanSpace(s, sep);
    if (numStart < 0) return null;
    canonicalSep = '_';
  }
  const numEnd = scanDigits(s, numStart, 1, 5);
  if (numEnd < 0 || s[numEnd] !== '/') return null;
  const yearEnd = scanNumber(s, numEnd + 1, 1900, 2099, 4);
  if (yearEnd < 0 || !isRefBoundary(s, yearEnd)) return null;
  const key = `${register}${canonicalSep}${s.slice(numStart, numEnd)}/${s.slice(numEnd + 1, yearEnd)}`;
  return { end: yearEnd, refKind: 'docket', key };
}

/** Former Federal Insurance Court: `I 594/01`, `U 12/05` (upper-case register letter only). */
function matchEvgDocket(s: string, i: number): RefMatch | null {
  const letter = s[i] ?? '';
  if (!EVG_REGISTERS.has(letter)) return null;
  const numStart = scanSpace(s, i + 1);
  if (numStart < 0) return null;
  const numEnd = scanDigits(s, numStart, 1, 4);
  if (numEnd < 0 || s[numEnd] !== '/') return null;
  const yearEnd = scanDigits(s, numEnd + 1, 2, 2);
  if (yearEnd < 0 || !isRefBoundary(s, yearEnd)) return null;
  const key = `${letter} ${s.slice(numStart, numEnd)}/${s.slice(numEnd + 1, yearEnd)}`;
  return { end: yearEnd, refKind: 'docket', key };
}

/** Federal Administrative Court: `A-1234/2020`, `E-7414/2015` (division A-F). */
function matchBvgerDocket(s: string, i: number): RefMatch | null {
  const letter = (s[i] ?? '').toUpperCase();
  if (letter < 'A' || letter > 'F' || letter.length !== 1 || s[i + 1] !== '-') return null;
  const numEnd = scanDigits(s, i + 2, 1, 5);
  if (numEnd < 0 || s[numEnd] !== '/') return null;
  const yearEnd = scanNumber(s, numEnd + 1, 1900, 2099, 4);
  if (yearEnd < 0 || !isRefBoundary(s, yearEnd)) return null;
  const key = `${letter}-${s.slice(i + 2, numEnd)}/${s.slice(numEnd + 1, yearEnd)}`;
  return { end: yearEnd, refKind: 'docket', key };
}

/** Federal Criminal Court: `SK.2019.42`, `BB.2023.132`, `RR.2012.25`. */
function matchBstgerDocket(s: string, i: number): RefMatch | null {
  if (!isAsciiLetter(s[i]) || !isAsciiLetter(s[i + 1]) || s[i + 2] !== '.') return null;
  const yearEnd = scanNumber(s, i + 3, 1900, 2099, 4);
  if (yearEnd < 0 || s[yearEnd] !== '.') return null;
  const numEnd = scanDigits(s, yearEnd + 1, 1, 5);
  if (numEnd < 0 || !isRefBoundary(s, numEnd)) return null;
  const key = `${s.slice(i, i + 2).toUpperCase()}.${s.slice(i + 3, yearEnd)}.${s.slice(yearEnd + 1, numEnd)}`;
  return { end: numEnd, refKind: 'docket', key };
}

/** Federal Patent Court: `O2018_001` (ordinary), `S2023_011` (summary). */
function matchBpatgerDocket(s: string, i: number): RefMatch | null {
  const letter = (s[i] ?? '').toUpperCase();
  if (letter !== 'O' && letter !== 'S') return null;
  const yearEnd = scanNumber(s, i + 1, 1900, 2099, 4);
  if (yearEnd < 0 || s[yearEnd] !== '_') return null;
  const numEnd = scanDigits(s, yearEnd + 1, 3, 3);
  if (numEnd < 0 || !isRefBoundary(s, numEnd)) return null;
  const key = `${letter}${s.slice(i + 1, yearEnd)}_${s.slice(yearEnd + 1, numEnd)}`;
  return { end: numEnd, refKind: 'docket', key };
}

/**
 * Any other docket written as one token: letters and digits joined by `.`, `/`, `-` or `_`, with a
 * digit and at least 5 characters (`ACJC/866/2019`, `JTAPI/450/2009`, `ZSU.2019.34`,
 * `100.2019.268`, `CCC.2000.156`, `41-0400`). Two bare numbers joined by a dot (`2.3`, `12.50`)
 * stay words. The key is the docket as written.
 */
function matchGenericDocket(s: string, i: number): RefMatch | null {
  if (!isAsciiDigit(s[i]) && !isAsciiLetter(s[i])) return null;
  const end = scanDocketChars(s, i, '_./-');
  if (end - i < 5 || !isRefBoundary(s, end)) return null;
  const token = s.slice(i, end);
  const segments = token.split(/[_./-]/);
  if (segments.length < 2 || !/\d/.test(token)) return null;
  const lettered = segments.some((seg) => /[A-Za-z]/.test(seg));
  if (!lettered && segments.length < 3 && !/[/-]/.test(token)) return null;
  return { end, refKind: 'docket', key: token };
}

const REFERENCE_MATCHERS: readonly ((s: string, i: number) => RefMatch | null)[] = [
  matchDecisionId,
  matchPrefixedBge,
  matchBvge,
  matchBareBge,
  matchBgerDocket,
  matchEvgDocket,
  matchBvgerDocket,
  matchBstgerDocket,
  matchBpatgerDocket,
  matchGenericDocket,
];

function collapseWhitespace(text: string): string {
  let out = '';
  let inSpace = false;
  for (const ch of text) {
    if (WHITESPACE.test(ch)) {
      inSpace = true;
    } else {
      if (inSpace && out !== '') out += ' ';
      inSpace = false;
      out += ch;
    }
  }
  return out;
}

/** Recognises a reference (docket, BGE, BVGE, decision id) starting exactly at `i`. */
export function matchReference(input: string, i = 0): (ReferenceNode & { end: number }) | null {
  if (!isRefStart(input, i)) return null;
  for (const matcher of REFERENCE_MATCHERS) {
    const m = matcher(input, i);
    if (m !== null) {
      return {
        kind: 'reference',
        refKind: m.refKind,
        display: collapseWhitespace(input.slice(i, m.end)),
        key: m.key,
        end: m.end,
      };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Tokenizer

function phraseWords(content: string): string[] {
  const words: string[] = [];
  let chunk = '';
  const flush = (): void => {
    // strip leading/trailing non-word characters, keep inner punctuation (`l'arrêt`, `714/2014`)
    const chars = Array.from(chunk);
    let a = 0;
    let b = chars.length;
    while (a < b && !WORD_CHAR.test(chars[a] ?? '')) a++;
    while (b > a && !WORD_CHAR.test(chars[b - 1] ?? '')) b--;
    if (b > a) words.push(chars.slice(a, b).join(''));
    chunk = '';
  };
  for (const ch of content) {
    if (WHITESPACE.test(ch)) flush();
    else chunk += ch;
  }
  flush();
  return words;
}

/** What may stand between two provisions of one reference: `Art. 8 und 9 BV`, `Art. 11–14 OR`. */
const STATUTE_JOINER = /^[\s,;]*(?:und|et|e|sowie|i\.\s?V\.\s?m\.|bis|à|-|–)?[\s,;]*$/i;

/**
 * The statute references of a query by start index: the citation grammar reads them (the same
 * reading as in decision texts), so `Art. 41 OR` is the Code of Obligations before `OR` can be an
 * operator. Provisions written together are one operand: `Art. 8 und 9 BV` needs both, a range
 * `Art. 11–14 OR` any of its articles. A reference without a known act stays words.
 */
function statuteReferences(input: string): Map<number, { end: number; node: QueryNode }> {
  const out = new Map<number, { end: number; node: QueryNode }>();
  if (!/(?:art|§)/i.test(input)) return out;
  const found = findCitations(input)
    .map((m) => ({ m, key: statuteSearchKeyOf(m) }))
    .filter((x): x is { m: (typeof x)['m']; key: string } => x.key !== null)
    .sort((a, b) => a.m.span.start - b.m.span.start);
  let group: { start: number; end: number; keys: Set<string>; range: boolean } | null = null;
  const flush = (): void => {
    if (group === null) return;
    const text = input.slice(group.start, group.end);
    // quotes and parentheses are query syntax: a reference never spans them
    if (!/["„“”«»()]/.test(text)) {
      const display = collapseWhitespace(text);
      const leaves: ReferenceNode[] = [...group.keys].map((key) => ({
        kind: 'reference',
        refKind: 'statute',
        display,
        key,
      }));
      const node = leaves.length === 1 ? leaves[0]! : group.range ? makeOr(leaves) : makeAnd(leaves);
      out.set(group.start, { end: group.end, node });
    }
    group = null;
  };
  for (const { m, key } of found) {
    const inRange = m.statute?.inRange === true;
    if (group !== null && m.span.start < group.end) {
      group.keys.add(key);
      group.range ||= inRange;
      group.end = Math.max(group.end, m.span.end);
      continue;
    }
    if (group !== null && STATUTE_JOINER.test(input.slice(group.end, m.span.start))) {
      group.keys.add(key);
      group.range ||= inRange;
      group.end = Math.max(group.end, m.span.end);
      continue;
    }
    flush();
    group = { start: m.span.start, end: m.span.end, keys: new Set([key]), range: inRange };
  }
  flush();
  return out;
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const n = input.length;
  let i = 0;
  const statutes = statuteReferences(input);

  /** Whether an operand can start at index j (used for `-x` / `+x`). */
  const operandStartsAt = (j: number): boolean =>
    j < n && (isWordCharAt(input, j) || input[j] === '(' || isQuoteOpener(input[j] ?? '') || statutes.has(j));

  while (i < n) {
    const ch = charAt(input, i);

    if (WHITESPACE.test(ch)) {
      i += ch.length;
      continue;
    }
    const statute = statutes.get(i);
    if (statute !== undefined) {
      tokens.push({ type: 'leaf', pos: i, node: statute.node });
      i = statute.end;
      continue;
    }
    if (ch === '(') {
      tokens.push({ type: 'lparen', pos: i });
      i++;
      continue;
    }
    if (ch === ')') {
      tokens.push({ type: 'rparen', pos: i });
      i++;
      continue;
    }
    const closers = QUOTES.get(ch);
    if (closers !== undefined) {
      const start = i;
      let j = i + 1;
      while (j < n && !closers.includes(input[j] ?? '')) j++;
      if (j >= n) fail('Unterminated phrase: missing closing quote', start);
      const words = phraseWords(input.slice(start + 1, j));
      if (words.length === 0) fail('Empty phrase', start);
      tokens.push({ type: 'leaf', pos: start, node: { kind: 'phrase', words } });
      i = j + 1;
      if (input[i] === '*') i++; // a `*` after a phrase has no meaning: ignore it
      continue;
    }
    if ((ch === '-' || ch === '+') && !isWordCharBefore(input, i) && operandStartsAt(i + 1)) {
      if (ch === '-') tokens.push({ type: 'not', pos: i, spelling: '-' });
      i++;
      continue;
    }
    if (!WORD_CHAR.test(ch)) {
      i += ch.length; // punctuation: separator
      continue;
    }

    const ref = matchReference(input, i);
    if (ref !== null) {
      const { end, ...node } = ref;
      tokens.push({ type: 'leaf', pos: i, node });
      i = end;
      continue;
    }

    // A word, possibly preceded by elisions (`l'`, `qu'`, `dell'`).
    let start = i;
    let end: number;
    let elided = false;
    for (;;) {
      end = start;
      while (end < n && isWordCharAt(input, end)) end += charAt(input, end).length;
      const apostrophe = input[end] ?? '';
      if (APOSTROPHES.has(apostrophe) && isWordCharAt(input, end + 1)) {
        const word = input.slice(start, end);
        const lower = word.toLowerCase();
        if ((codePointLength(word) === 1 && LETTER.test(word)) || ELISIONS.has(lower)) {
          elided = true;
          start = end + 1;
          continue;
        }
      }
      break;
    }
    const text = input.slice(start, end);
    i = end;
    if (input[i] === '*') {
      i++;
      if (codePointLength(text) < MIN_PREFIX_LENGTH) {
        fail(`Prefix search needs at least ${MIN_PREFIX_LENGTH} characters before '*'`, start);
      }
      tokens.push({ type: 'leaf', pos: start, node: { kind: 'prefix', text } });
      continue;
    }
    if (!elided && (text === 'AND' || text === 'OR' || text === 'NOT')) {
      if (text === 'AND') tokens.push({ type: 'and', pos: start });
      else if (text === 'OR') tokens.push({ type: 'or', pos: start });
      else tokens.push({ type: 'not', pos: start, spelling: 'NOT' });
      continue;
    }
    tokens.push({ type: 'leaf', pos: start, node: { kind: 'term', text } });
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// AST construction with simplification

function makeAnd(children: readonly QueryNode[]): QueryNode {
  const flat: QueryNode[] = [];
  for (const c of children) {
    if (c.kind === 'and') flat.push(...c.children);
    else flat.push(c);
  }
  if (flat.length === 1 && flat[0] !== undefined) return flat[0];
  const node: AndNode = { kind: 'and', children: flat };
  return node;
}

function makeOr(children: readonly QueryNode[]): QueryNode {
  const flat: QueryNode[] = [];
  for (const c of children) {
    if (c.kind === 'or') flat.push(...c.children);
    else flat.push(c);
  }
  if (flat.length === 1 && flat[0] !== undefined) return flat[0];
  const node: OrNode = { kind: 'or', children: flat };
  return node;
}

function makeNot(child: QueryNode): QueryNode {
  if (child.kind === 'not') return child.child;
  const node: NotNode = { kind: 'not', child };
  return node;
}

// ---------------------------------------------------------------------------------------------
// Recursive-descent parser

class Parser {
  private index = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly inputLength: number,
  ) {}

  parse(): QueryNode {
    const node = this.parseOr();
    const next = this.peek();
    if (next !== undefined) {
      // parseOr consumes every operand and operator, so only a `)` can be left over
      fail("Unbalanced parentheses: unexpected ')'", next.pos);
    }
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private startsOperand(t: Token | undefined): boolean {
    return t !== undefined && (t.type === 'leaf' || t.type === 'lparen' || t.type === 'not');
  }

  private parseOr(): QueryNode {
    const children = [this.parseAnd()];
    for (let t = this.peek(); t?.type === 'or'; t = this.peek()) {
      this.index++;
      if (!this.startsOperand(this.peek())) fail('Operator OR is missing its right operand', t.pos);
      children.push(this.parseAnd());
    }
    return makeOr(children);
  }

  private parseAnd(): QueryNode {
    const children = [this.parseUnary()];
    for (;;) {
      const t = this.peek();
      if (t?.type === 'and') {
        this.index++;
        if (!this.startsOperand(this.peek())) {
          fail('Operator AND is missing its right operand', t.pos);
        }
        children.push(this.parseUnary());
      } else if (this.startsOperand(t)) {
        children.push(this.parseUnary()); // implicit AND
      } else {
        break;
      }
    }
    return makeAnd(children);
  }

  private parseUnary(): QueryNode {
    const t = this.peek();
    if (t === undefined) fail('Unexpected end of query', this.inputLength);
    switch (t.type) {
      case 'not': {
        this.index++;
        if (!this.startsOperand(this.peek())) {
          fail(`Operator ${t.spelling} is missing its operand`, t.pos);
        }
        return makeNot(this.parseUnary());
      }
      case 'lparen': {
        this.index++;
        const next = this.peek();
        if (next?.type === 'rparen') fail('Empty parentheses', t.pos);
        if (next === undefined) fail("Unbalanced parentheses: '(' is never closed", t.pos);
        const inner = this.parseOr();
        if (this.peek()?.type !== 'rparen') {
          fail("Unbalanced parentheses: '(' is never closed", t.pos);
        }
        this.index++;
        return inner;
      }
      case 'leaf':
        this.index++;
        return t.node;
      case 'and':
        return fail('Operator AND is missing its left operand', t.pos);
      case 'or':
        return fail('Operator OR is missing its left operand', t.pos);
      case 'rparen':
        return fail("Unbalanced parentheses: unexpected ')'", t.pos);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Public API

export function parseQuery(input: string): ParseResult {
  try {
    if (input.length > MAX_QUERY_LENGTH) {
      fail(`Query is longer than ${MAX_QUERY_LENGTH} characters`, MAX_QUERY_LENGTH);
    }
    const tokens = tokenize(input);
    let leaves = 0;
    for (const t of tokens) {
      if (t.type === 'leaf' && ++leaves > MAX_QUERY_TERMS) {
        fail(`Query has more than ${MAX_QUERY_TERMS} terms`, t.pos);
      }
    }
    if (tokens.length === 0) return { ok: true, ast: null };
    return { ok: true, ast: new Parser(tokens, input.length).parse() };
  } catch (e) {
    if (e instanceof ParseFailure) {
      return { ok: false, error: { message: e.message, position: e.position } };
    }
    throw e;
  }
}

function quotePhraseWord(word: string): string {
  return word.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
}

/**
 * Canonical, human-readable form of a query AST, for logs, debugging and tests:
 * `Mietvertrag AND (fristlos* OR "fristlose Kündigung") AND NOT <docket 4A_714/2014>`.
 * `and` / `or` are parenthesised when nested; references print as `<refKind key>`;
 * match-all prints as `*`.
 */
export function describeQuery(ast: QueryAst): string {
  if (ast === null) return '*';
  return describeNode(ast, false);
}

function describeNode(node: QueryNode, nested: boolean): string {
  switch (node.kind) {
    case 'term':
      return node.text;
    case 'prefix':
      return `${node.text}*`;
    case 'phrase':
      return `"${node.words.map(quotePhraseWord).join(' ')}"`;
    case 'reference':
      return `<${node.refKind} ${node.key}>`;
    case 'not':
      return `NOT ${describeNode(node.child, true)}`;
    case 'and':
    case 'or': {
      const op = node.kind === 'and' ? ' AND ' : ' OR ';
      const body = node.children.map((c) => describeNode(c, true)).join(op);
      return nested ? `(${body})` : body;
    }
  }
}
