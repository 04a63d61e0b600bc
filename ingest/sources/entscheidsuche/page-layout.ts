/**
 * Text extracted from a PDF arrives one printed line per paragraph: sentences broken across lines,
 * words hyphenated at line ends, page numbers and running heads between pages. This module turns
 * such line runs back into paragraphs, joins hyphenated words, and replaces page furniture by a
 * page marker paragraph (`Seite 4` / `Page 4` / `Pagina 4`) that the structure segmenter records
 * as the page and leaves out of the wording. Text that is already in paragraphs passes unchanged.
 */
import { headingKind, isInlineHeading } from '../../../contracts/structure/section-headings.ts';

export type LayoutLanguage = 'de' | 'fr' | 'it' | 'rm';

/** A line after which the sentence goes on: no closing punctuation at its end. */
const OPEN_END = /[\p{L}\p{N},\-–(/§]$/u;
const CLOSED_END = /[.:;!?]["'»“”’)\]]*$/u;
const STARTS_LOWER = /^[\p{Ll}(„"«]/u;
/** Lines that open a paragraph of their own: numbered or lettered items, dashes, bullets. */
const ITEM_START =
  /^(?:\d{1,3}(?:\.\d{1,3}){0,4}\.?\s|[IVX]{1,6}\.?\s|[A-Z]\.(?:[a-z]\.)?\s(?!\d)|[a-z]{1,2}\)\s|[-–•]\s)/u;
/** Words that follow a suspended hyphen (`Ein- und Ausfuhr`): the hyphen stays, with a space. */
const AFTER_SUSPENDED_HYPHEN =
  /^(?:und|oder|bis|sowie|bzw\.?|resp\.?|respektive|beziehungsweise|noch|als|et|ou|ni|e|o|ed|od|oppure|sia)\b/u;

const DASHED_PAGE = /^[-–—]\s*(\d{1,4})\s*[-–—]$/u;
const PAGE_OF = /^(?:(?:Seite|Page|Pagina|S\.|p\.)\s*)?(\d{1,4})\s*(?:\/|von|sur|de|di)\s*\d{1,4}$/iu;
const PAGE_WORD = /^(?:Seite|Page|Pagina)\s+(\d{1,4})$/iu;
const BARE_NUMBER = /^(\d{1,4})$/u;

const MARKER_WORD: Readonly<Record<LayoutLanguage, string>> = {
  de: 'Seite',
  fr: 'Page',
  it: 'Pagina',
  rm: 'Seite',
};

/**
 * Whether the paragraphs look like printed lines: many of them end mid-sentence and the next one
 * goes on in lower case. Paragraph text (a court's HTML) has almost none of these.
 */
export function isLineBroken(paragraphs: readonly string[]): boolean {
  if (paragraphs.length < 12) return false;
  let broken = 0;
  let hyphenated = 0;
  for (let i = 0; i + 1 < paragraphs.length; i++) {
    if (OPEN_END.test(paragraphs[i]!) && STARTS_LOWER.test(paragraphs[i + 1]!)) broken++;
    if (/\p{Ll}[-‐]$/u.test(paragraphs[i]!)) hyphenated++;
  }
  const n = paragraphs.length - 1;
  // Many sentences going on in the next line, or fewer with words hyphenated at line ends.
  return broken / n >= 0.3 || (broken / n >= 0.2 && hyphenated / n >= 0.1);
}

/**
 * The paragraphs of a page as they should be stored: printed lines reflowed (see
 * {@link reflowLines}); paragraphs of a PDF that are already whole keep their breaks but lose their
 * page furniture (page numbers become page markers) and their line-end hyphens; other text as is.
 */
export function normaliseLayout(paragraphs: readonly string[], language: LayoutLanguage): string[] {
  if (isLineBroken(paragraphs)) return reflowLines(paragraphs, language);
  const furniture = findFurniture(paragraphs);
  if (furniture.pages.size < 2) return [...paragraphs];
  const out: string[] = [];
  paragraphs.forEach((p, i) => {
    const page = furniture.pages.get(i);
    if (page !== undefined) out.push(`${MARKER_WORD[language]} ${page}`);
    else if (!furniture.lines.has(i)) out.push(joinInlineHyphens(p));
  });
  return out;
}

function pageNumberOf(line: string, expected: number | null): number | null {
  const m = DASHED_PAGE.exec(line) ?? PAGE_OF.exec(line) ?? PAGE_WORD.exec(line);
  if (m) return Number(m[1]);
  const bare = BARE_NUMBER.exec(line);
  if (!bare) return null;
  const n = Number(bare[1]);
  // A number on a line of its own is a page number only where the page sequence expects it.
  return expected === null ? (n <= 2 ? n : null) : n === expected ? n : null;
}

/** Running heads and feet are short: a court's name, a docket, a year. */
const RUNNING_HEAD_CHARS = 50;

interface Furniture {
  /** Page number announced at this line, when it is a page number. */
  readonly pages: Map<number, number>;
  /** Lines that belong to the page furniture (page numbers and running heads). */
  readonly lines: Set<number>;
}

/** Page numbers in sequence, and the short lines repeated around them (running heads and feet). */
function findFurniture(lines: readonly string[]): Furniture {
  const pages = new Map<number, number>();
  let expected: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const n = pageNumberOf(lines[i]!, expected);
    if (n === null) continue;
    pages.set(i, n);
    expected = n + 1;
  }
  const furniture = new Set(pages.keys());
  if (pages.size >= 2) {
    const counts = new Map<string, number>();
    for (const l of lines) if (l.length <= 80) counts.set(l, (counts.get(l) ?? 0) + 1);
    for (const at of pages.keys()) {
      for (const near of [at - 2, at - 1, at + 1, at + 2]) {
        const l = lines[near];
        if (l === undefined || furniture.has(near)) continue;
        if (
          l.length <= RUNNING_HEAD_CHARS &&
          (counts.get(l) ?? 0) >= Math.min(3, pages.size) &&
          !ITEM_START.test(l)
        )
          furniture.add(near);
      }
    }
  }
  return { pages, lines: furniture };
}

/** Joins two pieces of one paragraph across a line end. */
function joinLines(a: string, b: string): string {
  const hyphen = /(\p{L})[-‐]$/u.exec(a);
  if (hyphen && /^\p{Ll}/u.test(b)) {
    if (AFTER_SUSPENDED_HYPHEN.test(b)) return `${a} ${b}`;
    return `${a.slice(0, -1)}${b}`;
  }
  if (hyphen) return `${a}${b}`;
  return `${a} ${b}`;
}

/** `Zugangsge- such` inside a line (a PDF line end the extraction turned into a space). */
function joinInlineHyphens(text: string): string {
  return text.replace(/(\p{Ll}{2})- (\p{Ll}+)/gu, (whole, left: string, right: string) =>
    AFTER_SUSPENDED_HYPHEN.test(right) ? whole : `${left}${right}`,
  );
}

const NUMBER_AT = /^(\d{1,3}(?:\.\d{1,3}){0,4})\.?\s/u;

/**
 * A one-line numbered heading (`3. Einvernahme des Beschuldigten`) followed by its first
 * sub-item (`3.1 Im Rahmen …`) or the next item of its level: two paragraphs.
 */
function opensSubItem(current: string, line: string): boolean {
  const a = NUMBER_AT.exec(current)?.[1];
  const b = NUMBER_AT.exec(line)?.[1];
  if (!a || !b || current.length > 120) return false;
  if (b.startsWith(`${a}.`)) return true;
  const [pa, pb] = [a.split('.'), b.split('.')];
  return (
    pa.length === pb.length &&
    pa.slice(0, -1).join('.') === pb.slice(0, -1).join('.') &&
    Number(pb.at(-1)) === Number(pa.at(-1)) + 1
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Paragraphs from printed lines (see the module comment). A new paragraph starts after a heading;
 * after a line markedly shorter than a full line when the next one opens a block or does not go
 * on in lower case; after a full line that closes a sentence when the next one is a numbered or
 * lettered item or a heading. Page furniture is replaced by a page marker after the paragraph it
 * interrupts. Everything else is joined.
 */
export function reflowLines(lines: readonly string[], language: LayoutLanguage): string[] {
  const furniture = findFurniture(lines);
  const fullLine = median(lines.filter((l) => l.length >= 20).map((l) => l.length));
  const out: string[] = [];
  let current: string | null = null;
  /** The last printed line of `current`, to tell a full line from a paragraph's end. */
  let lastLine = '';
  /** Page breaks inside the current paragraph: their markers follow it. */
  const pendingPages: number[] = [];
  const flush = () => {
    if (current !== null) out.push(joinInlineHyphens(current));
    current = null;
    for (const page of pendingPages) out.push(`${MARKER_WORD[language]} ${page}`);
    pendingPages.length = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (furniture.lines.has(i)) {
      const page = furniture.pages.get(i);
      if (page === undefined) continue;
      if (current === null) out.push(`${MARKER_WORD[language]} ${page}`);
      else pendingPages.push(page);
      continue;
    }
    if (current !== null) {
      const startsBlock = headingKind(line) !== null || isInlineHeading(line) || ITEM_START.test(line);
      const closed = CLOSED_END.test(lastLine);
      const short = lastLine.length < fullLine * 0.75;
      const breakHere =
        headingKind(current) !== null ||
        headingKind(line) !== null ||
        opensSubItem(current, line) ||
        (short ? startsBlock || !STARTS_LOWER.test(line) : closed && startsBlock);
      if (!breakHere) {
        current = joinLines(current, line);
        lastLine = line;
        continue;
      }
      flush();
    }
    current = line;
    lastLine = line;
  }
  flush();
  return out;
}
