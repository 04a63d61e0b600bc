/**
 * Dates written next to a citation, in German, French and Italian: `3. Mai 2022`, `1er mars 2021`,
 * `1° marzo 2021`, `19 gennaio 2021`, abbreviated months (`3. Okt. 2020`, `3 janv. 2020`) and the
 * numeric `03.05.2022` / `3.5.2022`; each introduced by its connector (`vom`, `v.`, `du`, `del`,
 * `dell'`). Parsed to ISO `YYYY-MM-DD`; impossible dates (`31. April`) are no dates.
 */
import {
  DE,
  FR,
  IT,
  fold,
  isApostropheCode,
  isBoundary,
  isDigitAt,
  isLetterAt,
  needSpaces,
  readDigits,
  readLetters,
  readLiteral,
  skipSpaces,
} from './text-scan.ts';

export interface StatedDate {
  /** Index after the date (exclusive). */
  readonly end: number;
  /** `YYYY-MM-DD`. */
  readonly iso: string;
  /** Languages the wording fits (bit mask of DE / FR / IT). */
  readonly languages: number;
}

const MONTH_SPELLINGS: readonly (readonly [number, number, readonly string[]])[] = [
  // month, languages, spellings (folded: lower case, no accents)
  [1, DE, ['januar', 'janner', 'jan']],
  [2, DE, ['februar', 'feb', 'febr']],
  [3, DE, ['marz', 'maerz', 'mrz']],
  [4, DE, ['april']],
  [6, DE, ['juni']],
  [7, DE, ['juli']],
  [8, DE, ['august']],
  [9, DE, ['september']],
  [10, DE, ['oktober', 'okt']],
  [12, DE, ['dezember', 'dez']],
  [1, FR, ['janvier', 'janv']],
  [2, FR, ['fevrier', 'fevr']],
  [3, FR, ['mars']],
  [4, FR, ['avril', 'avr']],
  [6, FR, ['juin']],
  [7, FR, ['juillet', 'juil']],
  [8, FR, ['aout']],
  [9, FR, ['septembre']],
  [10, FR, ['octobre']],
  [12, FR, ['decembre', 'dec']],
  [1, IT, ['gennaio', 'genn', 'gen']],
  [2, IT, ['febbraio', 'febbr']],
  [3, IT, ['marzo']],
  [4, IT, ['aprile']],
  [5, IT, ['maggio', 'magg']],
  [6, IT, ['giugno']],
  [7, IT, ['luglio']],
  [8, IT, ['agosto']],
  [9, IT, ['settembre', 'sett']],
  [10, IT, ['ottobre', 'ott']],
  [12, IT, ['dicembre', 'dic']],
  [5, DE | FR, ['mai']],
  [8, DE, ['aug']],
  [9, DE | FR, ['sept', 'sep']],
  [10, FR, ['oct']],
  [11, DE | FR | IT, ['nov']],
  [11, DE, ['november']],
  [11, FR | IT, ['novembre']],
  [4, DE | FR | IT, ['apr']],
];

/** Folded month spelling → month number and the languages it belongs to. */
const MONTHS = new Map<string, { readonly month: number; languages: number }>();
for (const [month, languages, spellings] of MONTH_SPELLINGS) {
  for (const spelling of spellings) {
    const known = MONTHS.get(spelling);
    if (known) known.languages |= languages;
    else MONTHS.set(spelling, { month, languages });
  }
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** ISO date for y-m-d when it exists (1850..2100), else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1850 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!;
  if (day > max) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Numeric `03.05.2022` / `3.5.2022` at i. */
function numericDate(s: string, i: number): StatedDate | null {
  const dEnd = readDigits(s, i, 2);
  if (dEnd < 0 || s[dEnd] !== '.') return null;
  const mStart = skipSpaces(s, dEnd + 1, 1);
  const mEnd = readDigits(s, mStart, 2);
  if (mEnd < 0 || s[mEnd] !== '.') return null;
  const yStart = skipSpaces(s, mEnd + 1, 1);
  const yEnd = readDigits(s, yStart, 4);
  if (yEnd - yStart !== 4 || !isBoundary(s, yEnd)) return null;
  const iso = isoDate(Number(s.slice(yStart, yEnd)), Number(s.slice(mStart, mEnd)), Number(s.slice(i, dEnd)));
  return iso ? { end: yEnd, iso, languages: DE | FR | IT } : null;
}

/** Spelled `3. Mai 2022`, `1er mars 2021`, `1° marzo 2021`, `19 gennaio 2021` at i. */
function spelledDate(s: string, i: number): StatedDate | null {
  const dEnd = readDigits(s, i, 2);
  if (dEnd < 0) return null;
  const day = Number(s.slice(i, dEnd));
  let j = dEnd;
  let languages: number;
  if (s[j] === '.') {
    languages = DE;
    j++;
  } else if (day === 1 && (s.startsWith('er', j) || s.startsWith('re', j))) {
    languages = FR;
    j += 2;
  } else if (day === 1 && (s[j] === '°' || s[j] === 'º')) {
    languages = IT;
    j++;
  } else {
    languages = FR | IT;
  }
  const monthStart = skipSpaces(s, j);
  if (monthStart === j && languages !== DE) return null;
  const monthEnd = readLetters(s, monthStart, 12);
  const month = MONTHS.get(fold(s.slice(monthStart, monthEnd)));
  if (!month || (month.languages & languages) === 0) return null;
  languages &= month.languages;
  let k = monthEnd;
  if (s[k] === '.') k++;
  const yStart = needSpaces(s, k);
  if (yStart < 0) return null;
  const yEnd = readDigits(s, yStart, 4);
  if (yEnd - yStart !== 4 || !isBoundary(s, yEnd)) return null;
  const iso = isoDate(Number(s.slice(yStart, yEnd)), month.month, day);
  return iso ? { end: yEnd, iso, languages } : null;
}

/** A date (numeric or spelled) starting exactly at i. */
export function dateAt(s: string, i: number): StatedDate | null {
  if (!isDigitAt(s, i)) return null;
  return numericDate(s, i) ?? spelledDate(s, i);
}

const CONNECTORS: readonly (readonly [string, number])[] = [
  ['vom', DE],
  ['v.', DE],
  ['du', FR],
  ['del', IT],
];

/**
 * A connector and a date at i: `vom 3. Mai 2022`, `du 1er mars 2021`, `del 19 gennaio 2021`,
 * `dell'8 maggio 2020`. The result's languages combine the connector's and the date's.
 */
export function datePhraseAt(s: string, i: number): StatedDate | null {
  // dell'8 / dell’11 (elided before a vowel)
  if (s.startsWith('dell', i) && isApostropheCode(s.charCodeAt(i + 4))) {
    const d = dateAt(s, skipSpaces(s, i + 5, 1));
    return d && d.languages & IT ? { ...d, languages: IT } : null;
  }
  for (const [word, languages] of CONNECTORS) {
    const end = readLiteral(s, i, word);
    if (end < 0 || (word !== 'v.' && isLetterAt(s, end))) continue;
    const start = needSpaces(s, end);
    if (start < 0) continue;
    const d = dateAt(s, start);
    if (d && d.languages & languages) return { ...d, languages: d.languages & languages };
  }
  return null;
}
