/**
 * Erwägung numbers: how they are written at the start of a paragraph, how a pinpoint names them,
 * and how a parent composes its children. Pure.
 *
 * Normalised numbers: modern `1`, `2.3`, `4.1.2` (up to four levels, written `1.`, `1.1`, `1.1.`;
 * BGE omits the trailing dot below the top level); older lettered decisions `2b` (`b)` under
 * `2.`) and `2b/aa` (`aa)` under `b)`). Pinpoints `E. 5aa` and `consid. 5a/aa` both name `5a/aa`.
 */

/** Deepest modern level accepted as a paragraph number (`1.2.3.4`); deeper ones are stray. */
export const MAX_DEPTH = 4;
/** A sibling may skip at most this many numbers (`2` → `5`); a longer jump is a stray number. */
export const MAX_JUMP = 3;

export interface WrittenNumber {
  /** Normalised modern number (`2.3`) or the letter(s) of an older paragraph (`b`, `aa`). */
  readonly value: string;
  readonly kind: 'modern' | 'letter' | 'double-letter';
  /** The label as written, e.g. `2.3.`, `2.3`, `b)`, `aa)`. */
  readonly label: string;
  /** Offset of the paragraph text after the label and its spaces. */
  readonly bodyStart: number;
}

const MONTH_WORDS =
  /^(?:Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)\b/;

/**
 * The number a paragraph starts with, if it looks like one: `1. `, `2.3 `, `2.3. `, `b) `,
 * `aa) `. A lone top-level number needs its dot (`3 Personen` is text); a date (`12. Mai`) is
 * not a number. Sequence rules (stray numbers) are applied by the caller.
 */
export function writtenNumberAt(paragraph: string): WrittenNumber | null {
  const modern = /^(\d{1,2}(?:\.\d{1,2}){0,4})(\.?)(?:\s+|$)/.exec(paragraph);
  if (modern) {
    const value = modern[1]!;
    const dotted = modern[2] === '.';
    if (!dotted && !value.includes('.')) return null;
    if (value.split('.').some((s) => s.startsWith('0'))) return null;
    const bodyStart = modern[0].length;
    if (MONTH_WORDS.test(paragraph.slice(bodyStart))) return null;
    return { value, kind: 'modern', label: `${value}${dotted ? '.' : ''}`, bodyStart };
  }
  const letters = /^([a-z])(\1)?\)(?:\s+|$)/.exec(paragraph);
  if (letters) {
    const value = letters[2] ? `${letters[1]}${letters[1]}` : letters[1]!;
    return {
      value,
      kind: letters[2] ? 'double-letter' : 'letter',
      label: `${value})`,
      bodyStart: letters[0].length,
    };
  }
  return null;
}

/**
 * A pinpoint or requested number in normal form, or null when it is not an Erwägung number:
 * `E. 2.3.` → `2.3`, `consid. 5aa` → `5a/aa`, `5 a/aa` → `5a/aa`, `2B` → `2b`.
 */
export function normaliseErwaegungNumber(input: string): string | null {
  let s = input
    .trim()
    .replace(/^(?:E|Erw|consid|cons|c)\.\s*/i, '')
    .replace(/\s+/g, '')
    .toLowerCase();
  s = s.replace(/\.+$/, '');
  // Zurich style: Roman main part and lettered part before the numbers (`E. II.B.3.1`).
  const parts = /^([ivx]{1,4})(?:\.([a-z]))?((?:\.\d{1,3}){0,5})$/.exec(s);
  // Roman parts are written in capitals (`II.B.3`); a lone lower-case `x` or `v` is no number.
  if (parts && /^[IVX]/.test(input.trim().replace(/^(?:E|Erw|consid|cons|c)\.\s*/i, ''))) {
    const tail = parts[3] ?? '';
    if (tail.split('.').some((p) => p.startsWith('0'))) return null;
    return `${parts[1]!.toUpperCase()}${parts[2] ? `.${parts[2].toUpperCase()}` : ''}${tail}`;
  }
  if (!/^\d/.test(s)) return null;
  const modern = /^\d{1,3}(?:\.\d{1,3}){0,5}$/.exec(s);
  if (modern) return s.split('.').some((p) => p.startsWith('0')) ? null : s;
  // lettered: 5a, 5aa (= 5a/aa), 5a/aa, 5a.aa, 2.1a
  const lettered = /^(\d{1,3}(?:\.\d{1,3}){0,3})([a-z])(?:[/.]?([a-z])\3)?$/.exec(s);
  if (lettered) {
    const [, num, letter, double] = lettered;
    if (num!.split('.').some((p) => p.startsWith('0'))) return null;
    return double ? `${num}${letter}/${double}${double}` : `${num}${letter}`;
  }
  const doubled = /^(\d{1,3})([a-z])\2$/.exec(s);
  if (doubled) return `${doubled[1]}${doubled[2]}/${doubled[2]}${doubled[2]}`;
  return null;
}

/** The parent of a normalised number: `2.3` → `2`, `2b/aa` → `2b`, `2b` → `2`, `2` → null. */
export function parentNumber(number: string): string | null {
  const slash = number.lastIndexOf('/');
  if (slash >= 0) return number.slice(0, slash);
  if (/[a-z]$/.test(number)) return number.replace(/[a-z]+$/, '');
  const dot = number.lastIndexOf('.');
  return dot >= 0 ? number.slice(0, dot) : null;
}

/** Depth of a normalised number: `2` → 1, `2.3` → 2, `2b` → 2, `2b/aa` → 3. */
export function depthOf(number: string): number {
  let depth = 1;
  for (let p = parentNumber(number); p !== null; p = parentNumber(p)) depth++;
  return depth;
}

/** Whether `ancestor` is a (strict) ancestor of `number`. */
export function isAncestor(ancestor: string, number: string): boolean {
  for (let p = parentNumber(number); p !== null; p = parentNumber(p)) if (p === ancestor) return true;
  return false;
}

/** The pinpoint anchor form of a number (`2.3` → `2-3`, `5a/aa` → `5a-aa`). */
export function anchorOf(number: string): string {
  return number.replace(/[^\p{L}\p{N}]+/gu, '-');
}

export interface ErwaegungText {
  readonly number: string;
  /** The label as written in the decision (`2.3.`, `b)`). */
  readonly label: string;
  /** The paragraph's own wording, without its label. */
  readonly text: string;
}

export interface ComposedErwaegung {
  readonly number: string;
  /** The requested paragraph with its sub-paragraphs, each sub-paragraph led by its label. */
  readonly text: string;
  /** Whether the number exists as a paragraph of its own (false: composed of its children only). */
  readonly own: boolean;
  /** Numbers of the paragraphs included, in document order. */
  readonly parts: readonly string[];
}

/**
 * The wording of Erwägung `number` (normalised) among a decision's paragraphs (document order):
 * its own text followed by every descendant, or — when only children such as `4.1`, `4.2`
 * exist — the children composed. Null when neither the number nor a descendant exists.
 */
export function composeErwaegung(rows: readonly ErwaegungText[], number: string): ComposedErwaegung | null {
  const parts = rows.filter((r) => r.number === number || isAncestor(number, r.number));
  if (parts.length === 0) return null;
  const own = parts[0]!.number === number;
  const text = parts.map((r, i) => (i === 0 && own ? r.text : `${r.label} ${r.text}`)).join('\n\n');
  return { number, text, own, parts: parts.map((r) => r.number) };
}

/** Whether a pinpoint (normalised) names an Erwägung of the decision or a parent of some. */
export function pinpointExists(numbers: ReadonlySet<string> | readonly string[], pinpoint: string): boolean {
  const list = [...numbers];
  return list.some((n) => n === pinpoint || isAncestor(pinpoint, n));
}
