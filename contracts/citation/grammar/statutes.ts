/**
 * Statute references: `Art. 8 Abs. 2 lit. a BV`, `Art. 41 ff. OR`, `art. 8 al. 2 let. a Cst.`,
 * `art. 8 cpv. 2 lett. a Cost.`, `Art. 6bis StGB`, `§ 12 Abs. 1 StG ZH`, and runs of them joined
 * by `und`/`et`/`e`/`,`/`i.V.m.`/... (`Art. 8 und 9 BV`, `Art. 8 i.V.m. Art. 29 BV`).
 *
 * Grammar (informal):
 *   run      := ARTWORD entry ( CONNECTOR ARTWORD? entry )*
 *   entry    := ARTNUM detail* FOLLOWING? LAW?
 *   ARTNUM   := 1-4 digits + (one lower-case letter | Latin ordinal `bis`, `ter`, `quater`, ...)
 *   detail   := (Abs.|al.|cpv.|par.) NUMLIST | (lit.|Bst.|let.|lett.) LETTERLIST
 *             | (Ziff.|ch.|n.|cifra) NUMLIST | (Satz|phr.|frase) NUMLIST | NUM(e|re) phrase
 *   LAW      := known federal abbreviation (law table, SR number) [canton code → cantonal]
 *             | `EG` abbreviation | other abbreviation with two capitals (`StG`, `VRG`) [canton]
 * An entry without its own law takes the next law written in the same run (`Art. 8 und 9 BV`:
 * both BV). An entry that is a bare number after a connector is kept only when such a law
 * follows, so `Art. 8 BV und 3 weitere` yields one reference.
 */
import { CANTONS, type CantonCode } from '../../courts/cantons.ts';
import { LATIN_ORDINALS_LONGEST_FIRST } from '../../laws/article-numbers.ts';
import { COLLECTION_LABELS } from '../../laws/collection-labels.ts';
import { COLLECTION_PREFIXES } from './case-references.ts';
import { lawBySpelling, spellingHasDot } from './law-abbreviations.ts';
import {
  ANY_LANG,
  DE,
  FR,
  IT,
  isDigitAt,
  isLetterAt,
  isLowerAt,
  isUpperAt,
  needSpaces,
  readAnyLiteral,
  Literals,
  readDigits,
  readNumber,
  skipSpaces,
} from './text-scan.ts';

export interface StatuteRef {
  /** Span of this entry: from its article word (or number) to its law. */
  readonly start: number;
  readonly end: number;
  /** `8`, `41a`, `266l`, `6bis`, `12quater`. */
  readonly article: string;
  /** Absatz / alinéa / capoverso numbers. */
  readonly paragraphs: readonly string[];
  /** litera / lettre / lettera. */
  readonly letters: readonly string[];
  /** Ziffer / chiffre / numero. */
  readonly numbers: readonly string[];
  /** Satz / phrase / frase. */
  readonly sentences: readonly string[];
  /** `ff.` / `f.` / `ss` / `segg.` after the article. */
  readonly following: boolean;
  /** The law abbreviation as written (`OR`, `Cst.`, `StG`, `EG ZGB`), or null. */
  readonly law: string | null;
  /** SR number when the law is a known federal act. */
  readonly sr: string | null;
  /** Canton of a cantonal act (`StG ZH`, `§ 12 ... ZH`), `CH` for a known federal act. */
  readonly canton: CantonCode | 'CH' | null;
  readonly languages: number;
  /** Written with `§` (usual for cantonal acts). */
  readonly paragraphSign: boolean;
  /**
   * An article the text implies without writing it: one between a range's ends (`12` and `13` of
   * `Art. 11–14`), or the one after an article followed by `f.` / `s.` / `seg.` (`6` of `Art. 5 f.`).
   */
  readonly inRange?: boolean;
}

export interface StatuteRun {
  readonly end: number;
  readonly refs: readonly StatuteRef[];
}

const ARTICLE_WORDS = new Literals<readonly [number, boolean]>(
  (
    [
      // word, languages, weak (accepted only before a known law)
      ['Artikels', DE, false],
      ['Artikel', DE, false],
      ['articles', FR, false],
      ['article', FR, false],
      ['Article', FR, false],
      ['articoli', IT, false],
      ['articolo', IT, false],
      ['Artt.', IT, false],
      ['artt.', IT, false],
      ['Art.', ANY_LANG, false],
      ['art.', ANY_LANG, false],
      ['Art', ANY_LANG, true],
      ['art', ANY_LANG, true],
      ['§§', DE, false],
      ['§', DE, false],
    ] as const
  ).map(([word, languages, weak]) => [word, [languages, weak]] as const),
);

/** Latin ordinals of inserted articles, longest first (`6bis`, `12quater`, `3quinquiesdecies`). */
const ORDINALS = LATIN_ORDINALS_LONGEST_FIRST;

type DetailKind = 'paragraphs' | 'letters' | 'numbers' | 'sentences';

const DETAIL_WORDS = new Literals<readonly [DetailKind, number]>(
  (
    [
      ['Absätze', 'paragraphs', DE],
      ['Absatz', 'paragraphs', DE],
      ['Abs.', 'paragraphs', DE],
      ['alinéas', 'paragraphs', FR],
      ['alinéa', 'paragraphs', FR],
      ['al.', 'paragraphs', FR],
      ['capoverso', 'paragraphs', IT],
      ['cpv.', 'paragraphs', IT],
      ['para.', 'paragraphs', FR | IT],
      ['par.', 'paragraphs', FR | IT],
      ['§', 'paragraphs', FR | IT],
      ['Buchstabe', 'letters', DE],
      ['Buchst.', 'letters', DE],
      ['Bst.', 'letters', DE],
      ['litera', 'letters', DE],
      ['lit.', 'letters', DE | FR],
      ['lettre', 'letters', FR],
      ['let.', 'letters', FR],
      ['lettera', 'letters', IT],
      ['lett.', 'letters', IT],
      ['Ziffer', 'numbers', DE],
      ['Ziff.', 'numbers', DE],
      ['chiffre', 'numbers', FR],
      ['ch.', 'numbers', FR],
      ['cifra', 'numbers', IT],
      ['numero', 'numbers', IT],
      ['num.', 'numbers', IT],
      ['n.', 'numbers', IT],
      ['Nr.', 'numbers', DE],
      ['Sätze', 'sentences', DE],
      ['Satz', 'sentences', DE],
      ['phrase', 'sentences', FR],
      ['phr.', 'sentences', FR],
      ['frase', 'sentences', IT],
      ['periodo', 'sentences', IT],
    ] as const
  ).map(([word, kind, languages]) => [word, [kind, languages]] as const),
);

const FOLLOWING_WORDS = ['ff.', 'ff', 'f.', 'ss.', 'ss', 's.', 'segg.', 'seg.', 'sgg.'];
const FOLLOWING = Literals.of(FOLLOWING_WORDS);
/** `f.` (und folgender), `s.` (et suivant), `seg.` (e seguente): the article and the next one, no more. */
const FOLLOWING_ONE = new Set(['f.', 's.', 'seg.']);
/** What may follow the last number of a list without a law: the end of the text or of a clause. */
const LIST_END = /\s*(?:$|[.;:)\]]|,\s*(?!\d))/y;
/** Longest list without a law read article by article (a longer one is a table of numbers, not a citation). */
const MAX_BARE_LIST = 20;

const LIST_WORDS = Literals.of(['und', 'sowie', 'oder', 'bis', 'et', 'ou', 'à', 'e', 'o']);

/** Connectors between two article entries of one run (longest first). */
// prettier-ignore
const CONNECTORS = Literals.of([
  'in Verbindung mit', 'in Verb. mit', 'i.V.m.', 'i.V. m.', 'iVm', 'i.v.m.', 'en relation avec', 'en lien avec',
  'en corrélation avec', 'in relazione con', 'in combinazione con', 'combinato con', 'in rapporto con',
  'respectivement', 'rispettivamente', 'bzw.', 'resp.', 'risp.', 'und', 'sowie', 'oder', 'bis', 'et', 'ou', 'à', 'e',
  'o',
]);

/** Words before a known law: `art. 25 de la LAMal`, `art. 8 della Cost.`. */
const LAW_ARTICLES = Literals.of(['de la', "de l'", 'du', 'des', 'della', 'del', "dell'", 'der']);

/** Capitalised words that never name a law. */
// prettier-ignore
const NOT_LAWS = new Set([
  ...COLLECTION_PREFIXES, 'AS', 'BBl', 'FF', 'RO', 'RU', 'SR', 'BGer', 'TF', 'BVGer', 'TAF', 'BStGer', 'TPF',
  'BPatGer', 'TFB', 'EVG', 'TFA', 'CHF', 'EUR', 'USD', 'Fr', 'Pra', 'JdT', 'SJ', 'ZBl', 'AJP', 'ZBJV', 'ZSR', 'SJZ',
  'RDAF', 'II', 'III', 'IV', 'VI', 'VII', 'VIII', 'IX', 'XI', 'XII', 'OK', 'NB', 'CH', ...CANTONS,
]);
const CANTON_CODES = new Set<string>(CANTONS);

/** An article number at i: `8`, `41a`, `266l`, `6bis`, `12 quater`. End and the normalised number. */
function articleNumberAt(s: string, i: number): { end: number; article: string } | null {
  const numEnd = readNumber(s, i, 1, 9999, 4);
  if (numEnd < 0) return null;
  const num = s.slice(i, numEnd);
  // glued suffix: Latin ordinal or a single lower-case letter (`41f.` / `41ff.` mean "following")
  if (isLowerAt(s, numEnd)) {
    const ordinal = ORDINALS.find((o) => s.startsWith(o, numEnd) && !isLetterAt(s, numEnd + o.length));
    if (ordinal) return { end: numEnd + ordinal.length, article: num + ordinal };
    const following = FOLLOWING_WORDS.some(
      (f) => s.startsWith(f, numEnd) && !isLetterAt(s, numEnd + f.length),
    );
    if (following) return { end: numEnd, article: num };
    // a letter, then an ordinal inserted after the lettered article (`32abis`, `5aquater`)
    const lettered = ORDINALS.find((o) => s.startsWith(o, numEnd + 1) && !isLetterAt(s, numEnd + 1 + o.length));
    if (lettered) return { end: numEnd + 1 + lettered.length, article: num + s[numEnd]! + lettered };
    if (isLetterAt(s, numEnd + 1) || isDigitAt(s, numEnd + 1)) return null;
    return { end: numEnd + 1, article: num + s[numEnd]! };
  }
  if (isLetterAt(s, numEnd)) return null;
  // spaced ordinal: `Art. 12 quater` (but `Art. 6 bis 8` is a range)
  const k = needSpaces(s, numEnd, 2);
  if (k > 0) {
    const ordinal = ORDINALS.find((o) => s.startsWith(o, k) && !isLetterAt(s, k + o.length));
    if (ordinal && !(ordinal === 'bis' && isDigitAt(s, skipSpaces(s, k + 3, 2)))) {
      return { end: k + ordinal.length, article: num + ordinal };
    }
  }
  return { end: numEnd, article: num };
}

/** A detail value: `2`, `2bis`, `3a` (numbers), Roman `II` (numbers only), `a`, `abis` (letters). */
function detailValueAt(s: string, i: number, kind: DetailKind): number {
  if (kind === 'letters') {
    if (!isLowerAt(s, i)) return -1;
    let j = i + 1;
    const ordinal = ['bis', 'ter', 'quater'].find((o) => s.startsWith(o, j) && !isLetterAt(s, j + o.length));
    if (ordinal) j += ordinal.length;
    return isLetterAt(s, j) || isDigitAt(s, j) ? -1 : j;
  }
  const numEnd = readNumber(s, i, 1, 999, 3);
  if (numEnd >= 0 && isSentenceOrdinal(s, i)) return -1;
  if (numEnd >= 0) {
    const ordinal = ORDINALS.find((o) => s.startsWith(o, numEnd) && !isLetterAt(s, numEnd + o.length));
    if (ordinal) return numEnd + ordinal.length;
    if (isLowerAt(s, numEnd) && !isLetterAt(s, numEnd + 1)) return numEnd + 1;
    return isLetterAt(s, numEnd) || isDigitAt(s, numEnd) ? -1 : numEnd;
  }
  if (kind === 'numbers' || kind === 'paragraphs') {
    let j = i;
    while (j - i < 5 && (s[j] === 'I' || s[j] === 'V' || s[j] === 'X')) j++;
    return j > i && !isLetterAt(s, j) && !isDigitAt(s, j) && romanValue(s.slice(i, j)) !== null ? j : -1;
  }
  return -1;
}

const ROMAN_DIGITS: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10 };

/** `II` → 2, `IV` → 4, `XII` → 12; null for a malformed numeral (`IIII`, `VX`). */
function romanValue(numeral: string): number | null {
  let total = 0;
  for (let k = 0; k < numeral.length; k++) {
    const v = ROMAN_DIGITS[numeral[k]!]!;
    const next = ROMAN_DIGITS[numeral[k + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  const canonical = [
    '',
    'I',
    'II',
    'III',
    'IV',
    'V',
    'VI',
    'VII',
    'VIII',
    'IX',
    'X',
    'XI',
    'XII',
    'XIII',
    'XIV',
    'XV',
  ];
  return canonical[total] === numeral ? total : null;
}

/** A detail value as a number: Roman paragraph and item numbers are read as Arabic (`Abs. II` → `2`). */
function detailValue(raw: string): string {
  const roman = /^[IVX]+$/.test(raw) ? romanValue(raw) : null;
  return roman === null ? raw : String(roman);
}

/** `2e phrase`, `1re phr.`: end of the ordinal word, or -1. */
function sentenceOrdinalAt(s: string, i: number): number {
  const ord = readNumber(s, i, 1, 9, 1);
  if (ord < 0) return -1;
  const suffix = readAnyLiteral(s, ord, ['ère', 're', 'e']);
  const w = suffix < 0 ? -1 : needSpaces(s, suffix, 2);
  return w < 0 ? -1 : readAnyLiteral(s, w, ['phrase', 'phr.']);
}

function isSentenceOrdinal(s: string, i: number): boolean {
  return sentenceOrdinalAt(s, i) >= 0;
}

/** A list of detail values at i: `1 und 2`, `a, b et c`, `1-3`. */
function detailListAt(s: string, i: number, kind: DetailKind): { end: number; values: string[] } | null {
  const first = detailValueAt(s, i, kind);
  if (first < 0) return null;
  const values = [detailValue(s.slice(i, first))];
  let end = first;
  for (;;) {
    let j = skipSpaces(s, end, 3);
    if (s[j] === ',' || s[j] === '-' || s[j] === '–') j = skipSpaces(s, j + 1, 3);
    else {
      if (j === end) break;
      const w = LIST_WORDS.end(s, j);
      if (w < 0) break;
      j = needSpaces(s, w, 3);
      if (j < 0) break;
    }
    const next = detailValueAt(s, j, kind);
    if (next < 0) break;
    values.push(detailValue(s.slice(j, next)));
    end = next;
  }
  return { end, values };
}

interface Details {
  end: number;
  paragraphs: string[];
  letters: string[];
  numbers: string[];
  sentences: string[];
  following: boolean;
  /** The `following` marker is the singular one (`f.`, `s.`, `seg.`) right after the article number. */
  followingOne: boolean;
  languages: number;
}

/**
 * Details after an article number: paragraphs, letters, numbers, sentences, `ff.`. Each detail
 * follows whitespace, except the first one when `direct` (i is already at its word).
 */
function detailsAt(s: string, i: number, direct = false): Details {
  const d: Details = {
    end: i,
    paragraphs: [],
    letters: [],
    numbers: [],
    sentences: [],
    following: false,
    followingOne: false,
    languages: ANY_LANG,
  };
  for (let round = 0; round < 8; round++) {
    let j = skipSpaces(s, d.end, 3);
    // `ff.` / `ss` / `segg.` (also glued: `41ff.`)
    const f = FOLLOWING.end(s, j);
    if (!d.following && f >= 0 && !isLetterAt(s, f)) {
      d.following = true;
      d.followingOne = round === 0 && !direct && FOLLOWING_ONE.has(s.slice(j, f));
      d.end = f;
      continue;
    }
    // `al. 1, 2e phrase`: a further detail after a comma
    if (s[j] === ',') j = skipSpaces(s, j + 1, 3);
    if (j === d.end && !(direct && round === 0)) break;
    // `2e phrase`, `1re phr.`
    const ordinalEnd = sentenceOrdinalAt(s, j);
    if (ordinalEnd >= 0) {
      d.sentences.push(s.slice(j, readDigits(s, j, 1)));
      d.languages &= FR;
      d.end = ordinalEnd;
      continue;
    }
    let matched = false;
    const detail = DETAIL_WORDS.match(s, j);
    if (detail) {
      const [kind, languages] = detail.value;
      const v = skipSpaces(s, detail.end, 3);
      const list = v === detail.end && s[v - 1] !== '.' && s[v - 1] !== '§' ? null : detailListAt(s, v, kind);
      if (list) {
        for (const value of list.values) d[kind].push(value);
        d.languages &= languages;
        d.end = list.end;
        matched = true;
      }
    }
    if (!matched) break;
  }
  if (d.languages === 0) d.languages = ANY_LANG;
  return d;
}

interface LawHit {
  end: number;
  law: string;
  sr: string | null;
  canton: CantonCode | 'CH' | null;
  languages: number;
}

/** A token that may be a law abbreviation: letters (any script), digits after them, inner `-`. */
function lawTokenAt(s: string, i: number): number {
  if (!isLetterAt(s, i)) return -1;
  let j = i;
  while (
    j < s.length &&
    j - i < 16 &&
    (isLetterAt(s, j) || (j > i && isDigitAt(s, j)) || (s[j] === '-' && isLetterAt(s, j + 1)))
  )
    j++;
  return j - i >= 16 ? -1 : j;
}

function capitals(text: string): number {
  let n = 0;
  for (const ch of text) if (ch !== ch.toLowerCase()) n++;
  return n;
}

/** A canton code right after a law (`StG ZH`, `StG/ZH`, `StG (ZH)`). */
function cantonSuffixAt(s: string, i: number): { end: number; canton: CantonCode } | null {
  let j = i;
  if (s[j] === '/' || s[j] === '-') j++;
  else {
    const k = needSpaces(s, j, 1);
    if (k < 0) return null;
    j = k;
  }
  const open = s[j] === '(';
  if (open) j++;
  const code = s.slice(j, j + 2);
  if (!CANTON_CODES.has(code) || isLetterAt(s, j + 2) || isDigitAt(s, j + 2)) return null;
  let end = j + 2;
  if (open) {
    if (s[end] !== ')') return null;
    end++;
  }
  return { end, canton: code as CantonCode };
}

/** The law written at i (after an entry), see the grammar above. */
function lawAt(s: string, i: number, paragraphSign: boolean): LawHit | null {
  let start = i;
  const article = LAW_ARTICLES.match(s, i);
  if (article) {
    const k = s[article.end - 1] === "'" ? article.end : needSpaces(s, article.end, 2);
    const t = k < 0 ? -1 : lawTokenAt(s, k);
    if (t > 0 && lawBySpelling(s.slice(k, t))) start = k;
  }
  const tokenEnd = lawTokenAt(s, start);
  if (tokenEnd < 0) return null;
  const token = s.slice(start, tokenEnd);
  // `EG ZGB` (cantonal introductory act), `SchlT ZGB`
  if (token === 'EG' || token === 'SchlT') {
    const k = needSpaces(s, tokenEnd, 2);
    const t = k < 0 ? -1 : lawTokenAt(s, k);
    if (t > 0 && lawBySpelling(s.slice(k, t))) {
      const canton = cantonSuffixAt(s, t);
      return {
        end: canton?.end ?? t,
        law: `${token} ${s.slice(k, t)}`,
        sr: null,
        canton: canton?.canton ?? null,
        languages: DE,
      };
    }
  }
  // a numbered ordinance (`BVV 2`, `OPP 2`)
  if (
    s[tokenEnd] === ' ' &&
    isDigitAt(s, tokenEnd + 1) &&
    !isDigitAt(s, tokenEnd + 2) &&
    !isLetterAt(s, tokenEnd + 2)
  ) {
    const numbered = lawBySpelling(s.slice(start, tokenEnd + 2));
    if (numbered)
      return {
        end: tokenEnd + 2,
        law: s.slice(start, tokenEnd + 2),
        sr: numbered.law.sr,
        canton: 'CH',
        languages: numbered.languages,
      };
  }
  const known = lawBySpelling(token);
  if (known && !isDigitAt(s, tokenEnd)) {
    const end = s[tokenEnd] === '.' && spellingHasDot(token) ? tokenEnd + 1 : tokenEnd;
    const law = s.slice(start, end);
    const canton = cantonSuffixAt(s, end);
    if (canton) return { end: canton.end, law, sr: null, canton: canton.canton, languages: known.languages };
    return { end, law, sr: known.law.sr, canton: 'CH', languages: known.languages };
  }
  if (start !== i) return null;
  // an edition of a known act: `nDSG`, `revDSG` (the act in force: its SR number), `aDSG` (the former
  // edition: kept apart, as its articles are numbered otherwise)
  const edition = /^(a|n|rev)(\p{Lu}[\p{L}\d-]*)$/u.exec(token);
  const edited = edition ? lawBySpelling(edition[2]!) : undefined;
  if (edition && edited) {
    const end = s[tokenEnd] === '.' && spellingHasDot(edition[2]!) ? tokenEnd + 1 : tokenEnd;
    const current = edition[1] !== 'a';
    return {
      end,
      law: s.slice(start, end),
      sr: current ? edited.law.sr : null,
      canton: 'CH',
      languages: edited.languages,
    };
  }
  // another abbreviation: two or more capitals, starts upper case (`StG`, `VRG`, `KV`, `LaCC`)
  if (!isUpperAt(s, start) && !/^\p{Lu}/u.test(token)) return null;
  if (
    NOT_LAWS.has(token) ||
    capitals(token) < 2 ||
    token.length > 10 ||
    (token === token.toUpperCase() && token.length > 7)
  )
    return null;
  const canton = cantonSuffixAt(s, tokenEnd);
  return {
    end: canton?.end ?? tokenEnd,
    law: token,
    sr: null,
    canton: canton?.canton ?? null,
    languages: paragraphSign ? DE : ANY_LANG,
  };
}

function articleWordAt(
  s: string,
  i: number,
): { end: number; languages: number; weak: boolean; paragraphSign: boolean } | null {
  const word = ARTICLE_WORDS.match(s, i);
  if (!word) return null;
  const last = s[word.end - 1];
  const numStart = last === '.' || last === '§' ? skipSpaces(s, word.end, 3) : needSpaces(s, word.end, 3);
  if (numStart < 0 || !isDigitAt(s, numStart)) return null;
  const [languages, weak] = word.value;
  return { end: numStart, languages, weak, paragraphSign: last === '§' };
}

interface Entry {
  readonly start: number;
  end: number;
  readonly article: string;
  readonly details: Details;
  law: LawHit | null;
  readonly withWord: boolean;
  languages: number;
  /** Joined to the previous entry by a range (`Art. 11–14`, `Art. 11 bis 14`, `art. 11 à 14`). */
  readonly rangeFromPrevious: boolean;
}

const ANNEX_WORDS = Literals.of(['Anhang', 'Anh.', 'annexe', 'allegato']);
const RANGE_CONNECTOR = /^\s*(?:[-–]|bis\s|à\s)/;
/** Longest range read as one reference per article; a longer span is kept as its two ends. */
const MAX_RANGE = 30;

/** Words that open an act's full name after an article: `des`, `der`, `de la`, `du`, `della`, … */
const NAME_ARTICLES = Literals.of([
  'des',
  'der',
  'de la',
  "de l'",
  'de l’',
  'du',
  'della',
  'del',
  "dell'",
  'dell’',
  'dello',
  'degli',
  'delle',
]);
const LONG_NAME_MAX = 260;
const SR_WORDS = /^(?:SR|RS|SR-Nr\.|SR Nr\.)\s*(\d{1,3}(?:\.\d{1,3}){0,4})$/;
/** Cantonal collections named in a long form (`[LPA-VD; BLV 173.36]`): the canton of the act. */
const CANTONAL_COLLECTIONS: ReadonlyMap<string, CantonCode> = new Map([
  ...COLLECTION_LABELS.filter((c) => !c.case_sensitive).map((c) => [c.label, c.canton] as const),
  ['BLV', 'VD'],
  ['RSF', 'FR'],
  ['RSGE', 'GE'],
  ['SGF', 'FR'],
]);

/**
 * An act written out in full after an article, with its abbreviation in brackets:
 * `des Militärstrafgesetzes vom 13. Juni 1927 (MStG; SR 321.0)`, `de la loi … du 28 octobre 2008
 * sur la procédure administrative [LPA-VD; BLV 173.36]`, `… (Öffentlichkeitsgesetz, BGÖ; SR
 * 152.3)`. The abbreviation names the act; a written SR number wins over the table; a cantonal
 * collection label gives the canton.
 */
function longFormLawAt(s: string, i: number): LawHit | null {
  const start = needSpaces(s, i, 2);
  if (start < 0) return null;
  const article = NAME_ARTICLES.end(s, start);
  if (article < 0 || isLetterAt(s, article)) return null;
  let open = -1;
  for (let k = article; k < Math.min(s.length, start + LONG_NAME_MAX); k++) {
    const c = s[k]!;
    if (c === '(' || c === '[') {
      open = k;
      break;
    }
    if (c === ')' || c === ']' || c === ';' || c === '\n' || c === '§') return null;
    if (
      c === '.' &&
      /^\.\s+[\p{Lu}]/u.test(s.slice(k, k + 3)) &&
      !/\d\.$|\b\p{L}{1,4}\.$/u.test(s.slice(k - 5, k + 1))
    )
      return null; // a sentence ends before any bracket
  }
  if (open < 0) return null;
  const closeChar = s[open] === '(' ? ')' : ']';
  const close = s.indexOf(closeChar, open + 1);
  if (close < 0 || close - open > 120) return null;
  const parts = s
    .slice(open + 1, close)
    .split(/[;,]|\s[-–]\s/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  let sr: string | null = null;
  let canton: CantonCode | null = null;
  let law: string | null = null;
  for (const part of parts) {
    const srMatch = SR_WORDS.exec(part);
    if (srMatch) {
      sr = srMatch[1]!;
      continue;
    }
    const collection = /^(\S+)\s+\d/.exec(part);
    if (collection && CANTONAL_COLLECTIONS.has(collection[1]!)) {
      canton = CANTONAL_COLLECTIONS.get(collection[1]!)!;
      continue;
    }
    if (
      law === null &&
      /^[\p{L}][\p{L}\d.-]{0,15}$/u.test(part) &&
      (lawBySpelling(part) || capitals(part) >= 2)
    )
      law = part;
  }
  if (law === null) return null;
  const known = lawBySpelling(law);
  const cantonSuffix = /-(\p{Lu}{2})$/u.exec(law);
  if (!canton && cantonSuffix && CANTON_CODES.has(cantonSuffix[1]!)) canton = cantonSuffix[1] as CantonCode;
  if (canton) return { end: close + 1, law, sr: null, canton, languages: ANY_LANG };
  return {
    end: close + 1,
    law,
    sr: sr ?? known?.law.sr ?? null,
    canton: sr || known ? 'CH' : null,
    languages: known?.languages ?? ANY_LANG,
  };
}

/** The law after an entry's details, also after a comma when it is a known act (`2e phrase, CO`). */
function lawAfter(s: string, detailsEnd: number, paragraphSign: boolean): LawHit | null {
  const start = needSpaces(s, detailsEnd, 3);
  const law = start < 0 ? null : lawAt(s, start, paragraphSign);
  if (law) return law;
  const longForm = longFormLawAt(s, detailsEnd);
  if (longForm || s[detailsEnd] !== ',') return longForm;
  const k = needSpaces(s, detailsEnd + 1, 3);
  const afterComma = k < 0 ? null : lawAt(s, k, paragraphSign);
  return afterComma?.sr ? afterComma : null;
}

/** After a connector that follows an entry ending at `end` (`,`, `und`, `i.V.m.`, …): where the next part starts, or -1. */
function connectorAt(s: string, end: number): number {
  const j = skipSpaces(s, end, 3);
  if (s[j] === ',' || s[j] === '-' || s[j] === '–') return skipSpaces(s, j + 1, 3);
  if (j === end) return -1;
  const c = CONNECTORS.end(s, j);
  if (c < 0 || isLetterAt(s, c)) return -1;
  const k = skipSpaces(s, c, 3);
  return k > c || s[c - 1] === '.' ? k : -1;
}

/**
 * A run of statute references starting with an article word at i (`Art.`, `art.`, `Artikel`,
 * `article`, `articolo`, `artt.`, `§`, `§§`), or null.
 */
export function statuteRunAt(s: string, i: number): StatuteRun | null {
  const word = articleWordAt(s, i);
  if (!word) return null;
  const entries: Entry[] = [];
  let pos = word.end;
  let entryStart = i;
  let withWord = true;
  let wordLanguages = word.languages;
  let range = false;
  for (let n = 0; ; n++) {
    const num = articleNumberAt(s, pos);
    if (!num) break;
    const details = detailsAt(s, num.end);
    const law = lawAfter(s, details.end, word.paragraphSign);
    const entry: Entry = {
      start: entryStart,
      end: law ? law.end : details.end,
      article: num.article,
      details,
      law,
      withWord,
      languages: wordLanguages & details.languages & (law?.languages ?? ANY_LANG),
      rangeFromPrevious: range,
    };
    entries.push(entry);
    if (n === 0 && word.weak && !law?.sr) return null;
    // connectors: a further part of the same article (`lit. b i.V.m. Abs. 2 lit. a BetmG`) or the next entry
    let nextEntry = false;
    for (;;) {
      const j = connectorAt(s, entry.end);
      if (j < 0) break;
      const more = entry.law ? null : detailsAt(s, j, true);
      if (more && more.end > j) {
        for (const kind of ['paragraphs', 'letters', 'numbers', 'sentences'] as const) {
          for (const value of more[kind]) entry.details[kind].push(value);
        }
        entry.details.following ||= more.following;
        entry.law = lawAfter(s, more.end, word.paragraphSign);
        entry.end = entry.law ? entry.law.end : more.end;
        entry.languages &= more.languages & (entry.law?.languages ?? ANY_LANG);
        continue;
      }
      range = RANGE_CONNECTOR.test(s.slice(entry.end, j));
      // `Art. 5 und Anhang ReRBGer`: the annex shares the act, which names the article's act too
      const annex = entry.law ? -1 : ANNEX_WORDS.end(s, j);
      if (annex >= 0 && !isLetterAt(s, annex)) {
        const law = lawAfter(s, annex, word.paragraphSign);
        if (law) {
          entry.law = law;
          entry.end = law.end;
          entry.languages &= law.languages;
        }
        break;
      }
      const nextWord = articleWordAt(s, j);
      if (nextWord && !nextWord.weak) {
        entryStart = j;
        pos = nextWord.end;
        withWord = true;
        wordLanguages = nextWord.languages;
        nextEntry = true;
      } else if (isDigitAt(s, j)) {
        entryStart = j;
        pos = j;
        withWord = false;
        wordLanguages = ANY_LANG;
        nextEntry = true;
      }
      break;
    }
    if (!nextEntry) break;
  }
  // entries without a law take the next law of the run; bare numbers without one are kept only
  // where the list ends with the number (`Artt. 5 e 6.`), not before a word (`Art. 5 und 6 Monate`)
  const refs: StatuteRef[] = [];
  let nextLaw: LawHit | null = null;
  let end = i;
  let bareListEnds = false;
  for (let k = entries.length - 1; k >= 0; k--) {
    const e = entries[k]!;
    if (e.law) nextLaw = e.law;
    const law = e.law ?? nextLaw;
    if (!law && !e.withWord) {
      LIST_END.lastIndex = e.end;
      bareListEnds ||= k === entries.length - 1 && entries.length <= MAX_BARE_LIST && LIST_END.test(s);
      if (!bareListEnds) continue;
    }
    end = Math.max(end, e.end);
    refs.push({
      start: e.start,
      end: e.end,
      article: e.article,
      paragraphs: e.details.paragraphs,
      letters: e.details.letters,
      numbers: e.details.numbers,
      sentences: e.details.sentences,
      following: e.details.following && !(e.details.followingOne && /^\d+$/.test(e.article)),
      law: law?.law ?? null,
      sr: law?.sr ?? null,
      canton: law?.canton ?? null,
      languages: e.languages & (law?.languages ?? ANY_LANG) || ANY_LANG,
      paragraphSign: word.paragraphSign,
    });
  }
  if (refs.length === 0) return null;
  refs.reverse();
  return { end, refs: expandRanges(refs, entries) };
}

/**
 * `Art. 11–14 OR` names 11, 12, 13 and 14: the articles between a range's ends are added; `Art. 5 f.
 * ZGB` names 5 and 6: the next article is added (`ff.` adds none, the text does not say how many).
 */
function expandRanges(refs: readonly StatuteRef[], entries: readonly Entry[]): StatuteRef[] {
  const out: StatuteRef[] = [];
  const byStart = new Map(entries.map((e) => [e.start, e]));
  /** An article the text implies, over the span that implies it, without details of its own. */
  const implied = (ref: StatuteRef, article: number, start: number): StatuteRef => ({
    ...ref,
    start,
    article: String(article),
    paragraphs: [],
    letters: [],
    numbers: [],
    sentences: [],
    following: false,
    inRange: true,
  });
  for (const ref of refs) {
    const candidate = byStart.get(ref.start);
    const entry = candidate?.article === ref.article ? candidate : undefined;
    if (entry?.details.followingOne && /^\d+$/.test(ref.article)) {
      out.push(ref, implied(ref, Number(ref.article) + 1, ref.start));
      continue;
    }
    const prev = out[out.length - 1];
    if (entry?.rangeFromPrevious && prev && /^\d+$/.test(prev.article) && /^\d+$/.test(ref.article)) {
      const [from, to] = [Number(prev.article), Number(ref.article)];
      if (to > from && to - from <= MAX_RANGE) {
        for (let a = from + 1; a < to; a++) out.push(implied(ref, a, prev.start));
      }
    }
    out.push(ref);
  }
  return out;
}
