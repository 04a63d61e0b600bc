/**
 * Article numbers of Swiss acts: digits plus a lower-case letter or a Latin ordinal (`41`, `41a`,
 * `266l`, `6bis`, `12quater`), as domain.md describes them. Pure helpers shared by the parsers
 * (Fedlex eIds `art_5_a`, cantonal `§ 12a`), the read model and the API (`?article=41A`).
 */
export const LATIN_ORDINALS = [
  'bis',
  'ter',
  'quater',
  'quinquies',
  'sexies',
  'septies',
  'octies',
  'novies',
  'nonies',
  'decies',
  'undecies',
  'duodecies',
  'terdecies',
  'quaterdecies',
  'quinquiesdecies',
  'sexiesdecies',
  'septiesdecies',
  'octiesdecies',
  'noviesdecies',
  'vicies',
] as const;

/** The ordinals longest first, so that `quaterdecies` is not read as `quater` + letters. */
export const LATIN_ORDINALS_LONGEST_FIRST: readonly string[] = [...LATIN_ORDINALS].sort(
  (a, b) => b.length - a.length,
);
const ORDINAL_ALTERNATION = LATIN_ORDINALS_LONGEST_FIRST.join('|');
/**
 * A normalised article number: digits, then an ordinal and a letter (`6bisa`), or a letter and an
 * ordinal (`32abis`, `5aquater`: an ordinal inserted after a lettered article), each optional.
 */
export const ARTICLE_NUM = new RegExp(`^\\d{1,4}(?:(?:${ORDINAL_ALTERNATION})?[a-z]?|[a-z](?:${ORDINAL_ALTERNATION}))$`);

const PREFIX = /^(?:art(?:icle|icolo|ikel)?\.?|§)\s*/i;
const LOOSE = new RegExp(`^(\\d{1,4})\\s*(${ORDINAL_ALTERNATION})?\\s*([a-z])?\\.?$`, 'i');
const LETTER_ORDINAL = new RegExp(`^(\\d{1,4})\\s*([a-z])\\s*(${ORDINAL_ALTERNATION})\\.?$`, 'i');

/**
 * `41a`, `41 a`, `41A`, `Art. 41a`, `art 6 bis`, `§ 12`, `32abis`, `5a quater` -> the normalised
 * number (`41a`, `6bis`, `12`, `32abis`, `5aquater`); undefined when the text is not an article number.
 */
export function normaliseArticleNum(input: string): string | undefined {
  const text = input.normalize('NFC').trim().replace(PREFIX, '');
  const m = LOOSE.exec(text);
  if (m) return `${String(Number(m[1]))}${(m[2] ?? '').toLowerCase()}${(m[3] ?? '').toLowerCase()}`;
  const lettered = LETTER_ORDINAL.exec(text);
  if (lettered)
    return `${String(Number(lettered[1]))}${lettered[2]!.toLowerCase()}${lettered[3]!.toLowerCase()}`;
  return undefined;
}

/** Fedlex eIds: `art_5_a` -> `5a`, `art_6_bis` -> `6bis`, `disp_u1/art_1` -> `1`. */
export function articleNumFromEid(eid: string): string | undefined {
  const last = eid.split('/').pop() ?? '';
  const m = /^art_(\d{1,4})((?:_[a-z]+)*)$/i.exec(last);
  if (!m) return undefined;
  return normaliseArticleNum(`${m[1]}${(m[2] ?? '').replace(/_/g, '')}`);
}

/**
 * The ordinal or letter part's rank, so that 6 < 6a < 6abis < 6b < 6bis < 6bisa < 6ter: lettered
 * articles (with an ordinal inserted after one) before the ordinals, as the acts print them.
 */
function suffixRank(suffix: string): number {
  if (suffix === '') return 0;
  const ordinalRank = (s: string) => LATIN_ORDINALS.findIndex((o) => s === o) + 1;
  const leadingOrdinal = LATIN_ORDINALS_LONGEST_FIRST.find((o) => suffix.startsWith(o));
  if (leadingOrdinal) {
    const rest = suffix.slice(leadingOrdinal.length);
    return 10_000 * ordinalRank(leadingOrdinal) + (rest.length === 1 ? rest.charCodeAt(0) - 96 : 0);
  }
  return 100 * (suffix.charCodeAt(0) - 96) + (suffix.length > 1 ? ordinalRank(suffix.slice(1)) : 0);
}

/** Sorts normalised article numbers in reading order. */
export function compareArticleNums(a: string, b: string): number {
  const ma = /^(\d+)(.*)$/.exec(a);
  const mb = /^(\d+)(.*)$/.exec(b);
  if (!ma || !mb) return a < b ? -1 : a > b ? 1 : 0;
  const byNumber = Number(ma[1]) - Number(mb[1]);
  return byNumber !== 0 ? byNumber : suffixRank(ma[2] ?? '') - suffixRank(mb[2] ?? '');
}
