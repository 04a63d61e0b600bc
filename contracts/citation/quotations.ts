/**
 * Quotations in a draft (`„…“`, `“…”`, `«…»`, `‹…›`, `"…"`) and the verbatim test of a quotation
 * against a source text. Pure.
 */

/** Quotations shorter than this (inner characters) are not checked. */
export const MIN_QUOTATION_CHARS = 30;
/** A quotation does not run over this many characters or across a blank line. */
const MAX_QUOTATION_CHARS = 3000;

export interface Quotation {
  /** Offset of the opening mark. */
  readonly start: number;
  /** Offset after the closing mark. */
  readonly end: number;
  /** The quoted words (inner text, outer spaces trimmed). */
  readonly text: string;
}

const PAIRS: Readonly<Record<string, readonly string[]>> = {
  '„': ['“', '”'],
  '“': ['”'],
  '«': ['»'],
  '‹': ['›'],
  '"': ['"'],
};

/** Every quotation of at least `minChars` quoted characters, in text order, outermost only. */
export function findQuotations(text: string, minChars = MIN_QUOTATION_CHARS): Quotation[] {
  const out: Quotation[] = [];
  let i = 0;
  while (i < text.length) {
    const closers = PAIRS[text[i]!];
    if (!closers) {
      i++;
      continue;
    }
    // A straight quote opens only at a word start.
    if (text[i] === '"' && i > 0 && /[\p{L}\p{N}]/u.test(text[i - 1]!)) {
      i++;
      continue;
    }
    let j = i + 1;
    let close = -1;
    while (j < text.length && j - i <= MAX_QUOTATION_CHARS) {
      const c = text[j]!;
      if (closers.includes(c)) {
        close = j;
        break;
      }
      if (c === '\n' && /^\n[ \t]*\n/.test(text.slice(j, j + 3))) break;
      j++;
    }
    if (close < 0) {
      i++;
      continue;
    }
    const inner = text.slice(i + 1, close).replace(/^[\s\u00a0]+|[\s\u00a0]+$/g, '');
    if (inner.length >= minChars) out.push({ start: i, end: close + 1, text: inner });
    i = close + 1;
  }
  return out;
}

/** Whitespace, apostrophes, quotation marks and dashes in one form, for verbatim comparison. */
export function normaliseForQuote(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/[’‘`´]/g, "'")
    .replace(/[„“”«»‹›"]/g, '"')
    .replace(/[–—]/g, '-')
    .trim();
}

/** The parts of a quotation between omission marks (`…`, `...`, `[…]`, `[...]`). */
function fragments(quote: string): string[] {
  return normaliseForQuote(quote)
    .split(/\s*(?:\[(?:…|\.\.\.)\]|\((?:…|\.\.\.)\)|…|\.\.\.)\s*/)
    .map((f) => f.trim())
    .filter((f) => f.length >= 10);
}

/**
 * Whether the quotation appears verbatim in the source: every fragment between omission marks
 * occurs, in order. Whitespace, apostrophes, inner quotation marks and dashes may differ in form.
 */
export function quotedVerbatim(quote: string, source: string): boolean {
  const parts = fragments(quote);
  if (parts.length === 0) return false;
  const haystack = normaliseForQuote(source);
  let from = 0;
  for (const part of parts) {
    const at = haystack.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

/** Whether an excerpt returned by a judge is a verbatim substring of the text (whitespace aside). */
export function isVerbatimExcerpt(excerpt: string, text: string): boolean {
  const needle = excerpt.replace(/[\s\u00a0]+/g, ' ').trim();
  if (needle.length === 0) return false;
  return text.replace(/[\s\u00a0]+/g, ' ').includes(needle);
}
