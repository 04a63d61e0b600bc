/**
 * Segmentation of a decision's text into Regeste, facts, the numbered Erwägungen and the
 * operative part (domain.md, "Decision structure"). Pure, so that the `decision-structure`
 * projection can replay the log with a better version of it.
 *
 * The text is a sequence of paragraphs separated by blank lines (as the ingest parsers write it).
 * Sections open at their heading (`Sachverhalt:`, `Considérant en droit :`, `Per questi motivi,
 * il Tribunale federale pronuncia:` …, see `section-headings.ts`); without headings the facts are
 * the run of `A.`, `B.` paragraphs and the Erwägungen start at the first paragraph numbered `1.`;
 * without an operative heading the operative part starts where the numbering falls back to `1.`
 * with an operative sentence ("Die Beschwerde wird abgewiesen.").
 *
 * Erwägung numbers are read at the start of a paragraph (`1.`, `1.1`, `1.1.`, `b)`, `aa)`); a
 * number that does not continue the sequence (a backward jump, a jump by more than
 * {@link MAX_JUMP}, a repeated number, a citation's `140`) is stray and its paragraph belongs to
 * the current Erwägung. Unnumbered paragraphs continue the current Erwägung. Page markers of the
 * official collection (`Seite 87`) are dropped from the wording and recorded as pages.
 */
import {
  MAX_DEPTH,
  MAX_JUMP,
  depthOf,
  parentNumber,
  writtenNumberAt,
  type WrittenNumber,
} from './erwaegung-numbers.ts';
import {
  OPERATIVE_ITEM,
  headingKind,
  inlineHeadingLength,
  isTrailer,
  pageInHeading,
  pageMarker,
  regesteHeadingLanguage,
  type SectionKind,
} from './section-headings.ts';

/** Bumped with every change that alters the output for the same text (stored with each row). */
export const SEGMENTER_VERSION = 2;

export type StructureLanguage = 'de' | 'fr' | 'it';

export interface SegmentedErwaegung {
  /** Normalised number: `2.3`, `5b`, `5b/aa`. */
  readonly number: string;
  /** The label as written: `2.3.`, `2.3`, `b)`, `aa)`. */
  readonly label: string;
  /** Normalised number of the parent (which may exist only through its children), or null. */
  readonly parent: string | null;
  readonly depth: number;
  /** 0-based position among the decision's Erwägungen. */
  readonly ordinal: number;
  /** The wording without the label: its first paragraph and any unnumbered ones that follow. */
  readonly text: string;
  /** Page of the official collection on which the paragraph starts, when the text marks pages. */
  readonly page: number | null;
}

export type SectionSource = 'heading' | 'inferred' | 'none';

export interface DecisionStructure {
  /** The head-note in the decision's language (the text's own, else the one given), or null. */
  readonly regeste: string | null;
  /** Head-notes per language as the text holds them (BGE: all three). */
  readonly regesteByLanguage: Readonly<Partial<Record<StructureLanguage, string>>>;
  /** Paragraphs before the first section: court, docket, date, parties, subject. */
  readonly header: string | null;
  readonly facts: string | null;
  /** Unnumbered paragraphs between the Erwägungen heading and the first number. */
  readonly considerationsIntro: string | null;
  readonly erwaegungen: readonly SegmentedErwaegung[];
  /** The Dispositiv with its heading, without place, date and signatures. */
  readonly operative: string | null;
  /** Last page of the official collection marked in the text (BGE), else null. */
  readonly lastPage: number | null;
  /**
   * False when no section was recognised: the text is then one section (nothing is split at
   * random), and readers use the whole text where they would use the Erwägungen.
   */
  readonly structured: boolean;
  readonly sources: {
    readonly facts: SectionSource;
    readonly considerations: SectionSource;
    readonly operative: SectionSource;
  };
}

export interface SegmentInput {
  readonly fullText: string;
  readonly language: string;
  /** The head-note delivered with the decision (used when the text has none). */
  readonly regeste?: string | null;
}

interface Headings {
  readonly regeste: readonly number[];
  readonly facts: number;
  readonly considerations: number;
  readonly operative: number;
}

/** Headings of an excerpt of the considerations: the numbering may start anywhere. */
const EXCERPT_HEADING =
  /^(?:Aus den Erwägungen|Auszug aus den Erwägungen|Extrait des considérants|Dai considerandi|Estratto dei considerandi)\b/i;

/** A facts paragraph lettered `A.` (or `A.a.`), not a party's initial (`A. Müller`, `B. AG`, `X. SA`). */
const FACT_PARAGRAPH =
  /^([A-Z])(?:\.[a-z])?\.\s+(?!(?:AG|SA|GmbH|Sàrl|SAGL|Ltd|Inc|S\.A\.|\p{Lu}\p{Ll}+(?:[-\s]\p{Lu}\p{Ll}+)?\s*[,(]|\p{Lu}\.))/u;

/** Paragraphs of the text; a heading written at a paragraph's start is split from its text. */
function paragraphsOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\n[ \t]*\n/)) {
    const p = raw.trim();
    if (p.length === 0) continue;
    const inline = inlineHeadingLength(p);
    if (inline === null) out.push(p);
    else out.push(p.slice(0, inline), p.slice(inline).trim());
  }
  return out;
}

function findHeadings(paras: readonly string[]): Headings {
  const kinds = paras.map(headingKind);
  const after = (kind: SectionKind, from: number, before = kinds.length): number => {
    for (let i = Math.max(0, from); i < before; i++) if (kinds[i] === kind) return i;
    return -1;
  };
  // The considerations heading first: a facts heading after it ("II. Sachverhalt" as a part of
  // the considerations) does not open the facts.
  const firstConsiderations = after('considerations', 0);
  const facts = after('facts', 0, firstConsiderations >= 0 ? firstConsiderations : kinds.length);
  const considerations = after('considerations', facts + 1);
  const operative = after('operative', Math.max(considerations, facts) + 1);
  const firstBody = [facts, considerations, operative].filter((i) => i >= 0);
  const bodyStart = firstBody.length > 0 ? Math.min(...firstBody) : paras.length;
  const regeste: number[] = [];
  for (let i = 0; i < bodyStart; i++) if (kinds[i] === 'regeste') regeste.push(i);
  return { regeste, facts, considerations, operative };
}

function join(paras: readonly string[]): string | null {
  const kept = paras.filter((p) => pageMarker(p) === null);
  return kept.length > 0 ? kept.join('\n\n') : null;
}

/** Whether `next` continues the numbering after `prev` (see the module comment). */
export function continuesNumbering(prev: readonly number[], next: readonly number[]): boolean {
  if (next.length > MAX_DEPTH || next.some((n) => n < 1)) return false;
  if (prev.length === 0) return next[0]! <= 30 && next.slice(1).every((n) => n <= 2);
  let k = 0;
  while (k < prev.length && k < next.length && prev[k] === next[k]) k++;
  if (k === next.length) return false; // the same number again or a parent: backwards
  if (k === prev.length) return next[k]! <= 2 && next.slice(k + 1).every((n) => n <= 1);
  return next[k]! > prev[k]! && next[k]! - prev[k]! <= MAX_JUMP && next.slice(k + 1).every((n) => n <= 2);
}

const code = (letter: string): number => letter.charCodeAt(0);

/** Whether `next` comes after `prev` in document order (`2.5` < `3.4`, `2` < `2.1`). */
function laterNumber(prev: readonly number[], next: readonly number[]): boolean {
  for (let k = 0; k < Math.max(prev.length, next.length); k++) {
    const a = prev[k] ?? 0;
    const b = next[k] ?? 0;
    if (a !== b) return b > a;
  }
  return false;
}

const ROMAN_VALUES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/** A Roman main part (`I. Prozessuales`) or a lettered part under it (`A. Prozessgeschichte`). */
export interface WrittenPart {
  readonly kind: 'roman' | 'capital';
  readonly value: string;
  readonly label: string;
  readonly bodyStart: number;
}

/** `I. Prozessuales` → roman I; `B. Beweismittel` → capital B; a party's initial (`A. Müller,`) is none. */
export function writtenPartAt(paragraph: string): WrittenPart | null {
  const roman = /^([IVX]{1,4})\.\s+(?=\S)/.exec(paragraph);
  if (roman && ROMAN_VALUES.includes(roman[1]!))
    return { kind: 'roman', value: roman[1]!, label: `${roman[1]}.`, bodyStart: roman[0].length };
  const capital = FACT_PARAGRAPH.exec(paragraph);
  if (capital && /^[A-Z]\.\s/.test(paragraph))
    return { kind: 'capital', value: capital[1]!, label: `${capital[1]}.`, bodyStart: 3 };
  return null;
}

/** Numbering state while reading the Erwägungen. */
class NumberReader {
  private path: number[] = [];
  private letter: string | null = null;
  private double: string | null = null;
  /** Roman main part and lettered part (Zurich style `I.`, `A.`, `1.`), when the decision uses them. */
  private roman: string | null = null;
  private capital: string | null = null;

  /** @param anyStart the first number may be any (an excerpt: "Aus den Erwägungen", BGE extracts). */
  constructor(private readonly anyStart = false) {}

  private get prefix(): string {
    return [this.roman, this.capital].filter((x) => x !== null).join('.');
  }

  /**
   * The normalised number a Roman or lettered part opens (`II`, `II.B`), or null when it is not
   * the next part: parts are read only where the considerations open with `I.`.
   */
  acceptPart(w: WrittenPart): string | null {
    if (w.kind === 'roman') {
      const expected = this.roman === null ? 0 : ROMAN_VALUES.indexOf(this.roman) + 1;
      if (ROMAN_VALUES.indexOf(w.value) !== expected) return null;
      if (this.roman === null && this.path.length > 0) return null;
      this.roman = w.value;
      this.capital = null;
    } else {
      if (this.roman === null) return null;
      const expected = this.capital === null ? 'A' : String.fromCharCode(code(this.capital) + 1);
      if (w.value !== expected) return null;
      this.capital = w.value;
    }
    this.path = [];
    this.letter = null;
    this.double = null;
    return this.prefix;
  }

  /** The normalised number the paragraph opens, or null when it continues the current one. */
  accept(w: WrittenNumber): string | null {
    if (w.kind === 'modern') {
      const segs = w.value.split('.').map(Number);
      // An excerpt leaves paragraphs out ("[…]"): any later number within reach continues it.
      const excerptStep =
        this.anyStart &&
        segs.length <= MAX_DEPTH &&
        (this.path.length === 0
          ? segs[0]! <= 60
          : laterNumber(this.path, segs) && segs[0]! - this.path[0]! <= MAX_JUMP);
      if (!excerptStep && !continuesNumbering(this.path, segs)) return null;
      this.path = segs;
      this.letter = null;
      this.double = null;
      return this.prefix ? `${this.prefix}.${w.value}` : w.value;
    }
    const arabic = this.path.join('.');
    const base = arabic && this.prefix ? `${this.prefix}.${arabic}` : arabic;
    if (base === '') return null;
    if (w.kind === 'letter') {
      const ok =
        this.letter === null
          ? code(w.value) <= code('b')
          : code(w.value) > code(this.letter) && code(w.value) - code(this.letter) <= MAX_JUMP;
      if (!ok) return null;
      this.letter = w.value;
      this.double = null;
      return `${base}${w.value}`;
    }
    if (this.letter === null) return null;
    const ok =
      this.double === null
        ? code(w.value) <= code('b')
        : code(w.value) > code(this.double) && code(w.value) - code(this.double) <= MAX_JUMP;
    if (!ok) return null;
    this.double = w.value;
    return `${base}${this.letter}/${w.value}`;
  }

  /** The top-level number reached so far (0 before the first). */
  get top(): number {
    return this.path[0] ?? 0;
  }
}

interface Considerations {
  readonly intro: string | null;
  readonly erwaegungen: SegmentedErwaegung[];
  /** Index (into the given paragraphs) where an operative part without heading starts, or -1. */
  readonly operativeAt: number;
}

function readConsiderations(
  paras: readonly string[],
  start: number,
  end: number,
  startPage: number | null,
  inferOperative: boolean,
  excerpt: boolean,
): Considerations {
  const reader = new NumberReader(excerpt);
  const intro: string[] = [];
  const out: { number: string; label: string; texts: string[]; page: number | null }[] = [];
  let page = startPage;
  for (let i = start; i < end; i++) {
    const p = paras[i]!;
    const marker = pageMarker(p);
    if (marker !== null) {
      page = marker;
      continue;
    }
    const w = writtenNumberAt(p);
    if (
      inferOperative &&
      w?.kind === 'modern' &&
      w.value === '1' &&
      reader.top >= 2 &&
      OPERATIVE_ITEM.test(p)
    ) {
      return {
        intro: intro.length > 0 ? intro.join('\n\n') : null,
        erwaegungen: finish(out),
        operativeAt: i,
      };
    }
    const part = w ? null : writtenPartAt(p);
    const partNumber = part ? reader.acceptPart(part) : null;
    if (part && partNumber !== null) {
      out.push({ number: partNumber, label: part.label, texts: [p.slice(part.bodyStart)], page });
      continue;
    }
    const number = w ? reader.accept(w) : null;
    if (w && number !== null) {
      out.push({ number, label: w.label, texts: [p.slice(w.bodyStart)], page });
    } else if (out.length > 0) {
      out[out.length - 1]!.texts.push(p);
    } else {
      intro.push(p);
    }
  }
  return { intro: intro.length > 0 ? intro.join('\n\n') : null, erwaegungen: finish(out), operativeAt: -1 };
}

function finish(
  rows: readonly { number: string; label: string; texts: string[]; page: number | null }[],
): SegmentedErwaegung[] {
  return rows.map((r, ordinal) => ({
    number: r.number,
    label: r.label,
    parent: parentNumber(r.number),
    depth: depthOf(r.number),
    ordinal,
    text: r.texts.join('\n\n').trim(),
    page: r.page,
  }));
}

function operativeUntil(paras: readonly string[], start: number): string | null {
  let end = start + 1;
  while (end < paras.length && !isTrailer(paras[end]!)) end++;
  // A bare place name (placeholder dates leave "Aarau" alone) belongs to the trailer.
  if (end > start + 1 && end < paras.length && /^(?:St\. )?[\p{Lu}][\p{L}' -]{1,30}$/u.test(paras[end - 1]!))
    end--;
  return join(paras.slice(start, end));
}

function regesteSections(
  paras: readonly string[],
  h: Headings,
  language: string,
): Partial<Record<StructureLanguage, string>> {
  const out: Partial<Record<StructureLanguage, string>> = {};
  h.regeste.forEach((at, k) => {
    let end = at + 1;
    const limit = h.regeste[k + 1] ?? paras.length;
    while (end < limit && headingKind(paras[end]!) === null) end++;
    const text = join(paras.slice(at + 1, end));
    const lang =
      regesteHeadingLanguage(paras[at]!) ?? (['de', 'fr', 'it'].includes(language) ? language : null);
    if (text && lang && !(lang in out)) out[lang as StructureLanguage] = text;
  });
  return out;
}

/** The structure of one decision's text; see the module comment. */
export function segmentDecision(input: SegmentInput): DecisionStructure {
  const paras = paragraphsOf(input.fullText);
  const h = findHeadings(paras);
  const byLanguage = regesteSections(paras, h, input.language);
  const ownRegeste =
    byLanguage[input.language as StructureLanguage] ??
    Object.values(byLanguage).find((r) => r !== undefined) ??
    null;
  const regeste = ownRegeste ?? (input.regeste?.trim() || null);

  // Facts: from their heading, else the run of "A." / "B." paragraphs before the Erwägungen.
  const afterRegeste = h.regeste.length > 0 ? lastRegesteEnd(paras, h) : 0;
  let consStart = h.considerations >= 0 ? h.considerations + 1 : -1;
  let consSource: SectionSource = h.considerations >= 0 ? 'heading' : 'none';
  if (consStart < 0) {
    const from = h.facts >= 0 ? h.facts + 1 : afterRegeste;
    const until = h.operative >= 0 ? h.operative : paras.length;
    for (let i = from; i < until; i++) {
      const w = writtenNumberAt(paras[i]!);
      if (w?.kind === 'modern' && (w.value === '1' || w.value.startsWith('1.'))) {
        consStart = i;
        consSource = 'inferred';
        break;
      }
    }
  }
  const consHeadingAt = h.considerations >= 0 ? h.considerations : consStart;
  let facts: string | null = null;
  let factsSource: SectionSource = 'none';
  if (h.facts >= 0) {
    facts = join(
      paras.slice(
        h.facts + 1,
        consHeadingAt >= 0 ? consHeadingAt : h.operative >= 0 ? h.operative : paras.length,
      ),
    );
    factsSource = 'heading';
  } else {
    const until = consHeadingAt >= 0 ? consHeadingAt : h.operative >= 0 ? h.operative : paras.length;
    // The lettered facts start at `A.`; a later letter alone is a party's initial or a quoted list.
    const first = paras.findIndex(
      (p, i) =>
        i >= afterRegeste &&
        i < until &&
        (p === 'A.' || (/^A\./.test(p) && FACT_PARAGRAPH.test(p) && p.length >= 40 && /[.;:)]$/.test(p))),
    );
    if (first >= 0) {
      facts = join(paras.slice(first, until));
      factsSource = 'inferred';
    }
  }

  let page: number | null = h.facts >= 0 ? pageInHeading(paras[h.facts]!) : null;
  let lastPage: number | null = null;
  for (const p of paras) {
    const m = pageMarker(p) ?? pageInHeading(p);
    if (m !== null) lastPage = Math.max(lastPage ?? 0, m);
  }
  if (consStart >= 0) {
    for (let i = h.facts >= 0 ? h.facts : 0; i < consStart; i++) page = pageMarker(paras[i]!) ?? page;
  }

  let operative: string | null = null;
  let operativeSource: SectionSource = 'none';
  let cons: Considerations = { intro: null, erwaegungen: [], operativeAt: -1 };
  if (consStart >= 0) {
    const consEnd = h.operative > consStart ? h.operative : paras.length;
    const excerpt = h.considerations >= 0 && EXCERPT_HEADING.test(paras[h.considerations]!);
    cons = readConsiderations(paras, consStart, consEnd, page, h.operative < consStart, excerpt);
    if (cons.operativeAt >= 0) {
      operative = operativeUntil(paras, cons.operativeAt);
      operativeSource = 'inferred';
    }
  }
  if (h.operative >= 0 && operativeSource === 'none') {
    operative = operativeUntil(paras, h.operative);
    operativeSource = 'heading';
  }

  const firstSection = [h.regeste[0] ?? -1, h.facts, consHeadingAt, h.operative].filter((i) => i >= 0);
  const headerEnd = firstSection.length > 0 ? Math.min(...firstSection) : 0;
  return {
    regeste,
    regesteByLanguage: byLanguage,
    header: join(paras.slice(0, headerEnd)),
    facts,
    considerationsIntro: cons.intro,
    erwaegungen: cons.erwaegungen,
    operative,
    lastPage,
    structured: factsSource !== 'none' || consSource !== 'none' || operativeSource !== 'none',
    sources: { facts: factsSource, considerations: consSource, operative: operativeSource },
  };
}

function lastRegesteEnd(paras: readonly string[], h: Headings): number {
  let end = h.regeste[h.regeste.length - 1]! + 1;
  while (end < paras.length && headingKind(paras[end]!) === null) end++;
  return end;
}

/** The paragraphs of the body (facts, Erwägungen) for a rule statement when there is no Regeste. */
export function firstBodyParagraph(structure: DecisionStructure): string | null {
  const first = structure.erwaegungen[0]?.text ?? structure.considerationsIntro ?? structure.facts;
  return first ? (first.split('\n\n')[0] ?? null) : null;
}
