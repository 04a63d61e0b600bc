/**
 * Official-gazette references in running text: the official compilation `AS 2007 5779` (fr `RO`,
 * it `RU`) and the Federal Gazette `BBl 1993 I 1248` (fr/it `FF`, also `FF 2020 p. 123`). They
 * name the act or message a statute version was published in (`/amendment-ref` maps them to
 * their ELI); they are never case citations. A year-less follow-on page in a list (`BBl 2003
 * 1963, 2024`) keeps the year of the reference before it.
 */
import { FIRST_GAZETTE_YEAR, type GazetteRefType } from '../../laws/gazette-refs.ts';
import { isBoundary, isDigitAt, isLetterAt, needSpaces, readNumber, skipSpaces } from './text-scan.ts';

export interface GazetteRef {
  readonly end: number;
  readonly type: GazetteRefType;
  readonly year: number;
  /** Roman volume of the older Federal Gazette (`BBl 1993 I 1248`), else null. */
  readonly volume: string | null;
  readonly page: number;
}

const TYPES: ReadonlySet<string> = new Set(['AS', 'RO', 'RU', 'BBl', 'FF']);
const VOLUMES = new Set(['I', 'II', 'III', 'IV']);
const LAST_YEAR = 2100;

/** `AS 2007 5779`, `BBl 1993 I 1248`, `FF 2020 p. 123` exactly at i. */
export function gazetteRefAt(s: string, i: number): GazetteRef | null {
  // every type starts with A, B, F or R: most words are told apart without a slice
  const first = s.charCodeAt(i);
  if (first !== 65 && first !== 66 && first !== 70 && first !== 82) return null;
  const typeEnd = i + (s.startsWith('BBl', i) ? 3 : 2);
  const type = s.slice(i, typeEnd);
  if (!TYPES.has(type) || isLetterAt(s, typeEnd)) return null;
  const yearStart = needSpaces(s, typeEnd, 2);
  if (yearStart < 0) return null;
  const yearEnd = readNumber(s, yearStart, FIRST_GAZETTE_YEAR, LAST_YEAR, 4);
  if (yearEnd - yearStart !== 4 || !isBoundary(s, yearEnd)) return null;
  return pageOf(s, yearEnd, type as GazetteRefType, Number(s.slice(yearStart, yearEnd)));
}

function pageOf(s: string, from: number, type: GazetteRefType, year: number): GazetteRef | null {
  let k = needSpaces(s, from, 2);
  if (k < 0) return null;
  let volume: string | null = null;
  const roman = /^(I{1,3}|IV)\s/.exec(s.slice(k, k + 4));
  if (roman && VOLUMES.has(roman[1]!) && (type === 'BBl' || type === 'FF')) {
    volume = roman[1]!;
    k = skipSpaces(s, k + roman[1]!.length, 2);
  }
  if (s.startsWith('p.', k) || s.startsWith('S.', k)) k = skipSpaces(s, k + 2, 2);
  const pageEnd = readNumber(s, k, 1, 99999, 5);
  if (pageEnd < 0 || !isBoundary(s, pageEnd) || (s[pageEnd] === '.' && isDigitAt(s, pageEnd + 1)))
    return null;
  return { end: pageEnd, type, year, volume, page: Number(s.slice(k, pageEnd)) };
}

/** A year-less page after a gazette reference in a list (`, 2024` in `BBl 2003 1963, 2024`). */
export function gazetteFollowOnAt(s: string, i: number, previous: GazetteRef): GazetteRef | null {
  const pageEnd = readNumber(s, i, 1, 99999, 5);
  if (pageEnd - i < 2 || !isBoundary(s, pageEnd)) return null;
  if (s[pageEnd] === '.' && isDigitAt(s, pageEnd + 1)) return null;
  const after = skipSpaces(s, pageEnd, 2);
  // a page followed by a unit or a noun is a count, not a page (`2024 Seiten`)
  if (
    isLetterAt(s, after) &&
    after > pageEnd &&
    !/^(?:ff?|ss?)\.?(?![\p{L}])/u.test(s.slice(after, after + 4))
  )
    return null;
  return { ...previous, end: pageEnd, page: Number(s.slice(i, pageEnd)) };
}

/** The key of a reference: `AS 2007 5779`, `BBl 1993 I 1248`, as written (type, year, volume, page). */
export function gazetteKey(r: GazetteRef): string {
  return `${r.type} ${r.year}${r.volume ? ` ${r.volume}` : ''} ${r.page}`;
}
