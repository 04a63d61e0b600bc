/**
 * Normalisation of law names (spec api.md, "Law alias table", resolution rules 1 and 3).
 *
 * Rule 1: keys are matched upper-cased, with dots, spaces, hyphens, underscores and slashes
 * removed, so 'Pacte II', 'pacte-ii' and 'PACTEII' are one key. Rule 3: names are matched
 * case-insensitively in DE, FR and IT, which upper-casing with the full Unicode case mapping gives
 * (`'hkü'` -> `'HKÜ'`).
 *
 * Decisions beyond the letter of the rules (documented so callers know what they get):
 * - The text is brought to Unicode NFC first, so a decomposed `u + U+0308` equals `ü`.
 * - "Spaces" are all Unicode white space (tab, no-break space U+00A0, narrow no-break space
 *   U+202F as typed before French punctuation); "hyphens" are the hyphen-minus and the Unicode
 *   hyphens U+2010 and U+2011 (not dashes).
 * - The typographic apostrophe U+2019 counts as the ASCII apostrophe (`Loi sur l’asile`).
 * - Umlauts are NOT folded: 'HKÜ' and 'HKUE' are distinct keys (the spec lists both as aliases,
 *   which it would not need to if they were one key), and accents are kept ('Code pénal' is not
 *   'Code penal').
 */
export function normaliseLawKey(name: string): string {
  return name
    .normalize('NFC')
    .replace(/\u2019/g, "'")
    .replace(/[.\s\-\u2010\u2011_/]/gu, '')
    .toUpperCase();
}

/**
 * The same key with the case kept: used only where the spec distinguishes labels by case
 * (`bGS` for AR vs `BGS`, `sGS` for SG vs `SGS`).
 */
export function caseKeptLawKey(name: string): string {
  return name
    .normalize('NFC')
    .replace(/\u2019/g, "'")
    .replace(/[.\s\-\u2010\u2011_/]/gu, '');
}

/** Federal SR numbers: digits in dot-separated groups (`210`, `0.101`, `831.441.1`). */
export const FEDERAL_SR_NUMBER = /^\d{1,4}(?:\.\d{1,4}){0,5}$/;

export function isFederalSrNumber(value: string): boolean {
  return FEDERAL_SR_NUMBER.test(value);
}

/**
 * Cantonal systematic numbers are opaque per canton (LexFind `systematic_number`); accepted are
 * short strings of letters, digits, dots, hyphens, slashes, underscores and inner spaces that hold
 * at least one digit (`211.1`, `170.4`, `641.1-1`).
 */
export function isPlausibleCantonalSrNumber(value: string): boolean {
  return (
    value.length > 0 && value.length <= 40 && /\d/.test(value) && /^[\p{L}\d][\p{L}\d.\-/_ ]*$/u.test(value)
  );
}
