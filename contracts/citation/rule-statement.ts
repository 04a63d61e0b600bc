import {
  type DecisionStructure,
  firstBodyParagraph,
  segmentDecision,
} from '../structure/segment-decision.ts';

const MAX = 500;
const HARD_MAX = 1000;
// Tokens that end in a dot without ending a sentence.
const ABBREVIATIONS = new Set([
  'art',
  'abs',
  'lit',
  'bst',
  'ziff',
  'e',
  'erw',
  'consid',
  'al',
  'cpv',
  'let',
  'lett',
  'ch',
  'vgl',
  'cf',
  's',
  'p',
  'pag',
  'nr',
  'no',
  'bzw',
  'z',
  'b',
  'ff',
  'f',
  'i',
  'v',
  'm',
  'u',
  'a',
  'd',
  'h',
  'ca',
  'etc',
  'dr',
  'prof',
  'lic',
  'iur',
  'sog',
  'insb',
  'ev',
  'allg',
  'bes',
  'inkl',
  'resp',
  'cc',
  'co',
  'cp',
  'cst',
  'cost',
  'ldip',
  'ltf',
  'stgb',
  'or',
  'zgb',
  'bv',
  'bgg',
  'cpc',
  'cpp',
  'zpo',
  'stpo',
  'rs',
  'sr',
  'as',
  'bbl',
  'ff',
  'ro',
  'ru',
  'mme',
  'mm',
  'sig',
  'avv',
  'ecc',
  'ss',
  'seg',
  'segg',
]);

function isSentenceEnd(text: string, dot: number): boolean {
  const next = text[dot + 1];
  if (next !== undefined && !/\s/.test(next)) return false;
  if (text[dot] !== '.') return true;
  const before = text.slice(Math.max(0, dot - 24), dot);
  // After a closing bracket or quote the dot ends the sentence; after a word, unless the word
  // is an abbreviation or a number ("Art.", "E.", "vom 3. Mai").
  const token = /([\p{L}\p{N}]+)$/u.exec(before)?.[1];
  if (token === undefined) {
    if (!/[)\]»"“”']$/.test(before)) return false;
  } else if (/^\d+$/.test(token) || ABBREVIATIONS.has(token.toLowerCase())) {
    return false;
  }
  // An upper-case word after the dot is the usual start of a new sentence; a lower-case one is not.
  const after = text.slice(dot + 1).trimStart()[0];
  return after === undefined || !/\p{Ll}/u.test(after);
}

/**
 * A verbatim excerpt of at most ~500 characters that ends at a sentence end. When the first
 * sentence alone is longer, it is kept whole up to 1,000 characters; beyond that it is cut at a
 * word boundary and marked with an ellipsis.
 */
export function excerptAtSentence(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX) return clean;
  let lastEnd = -1;
  for (let i = 0; i < Math.min(clean.length, HARD_MAX); i++) {
    const c = clean[i];
    if ((c === '.' || c === '!' || c === '?') && isSentenceEnd(clean, i)) {
      if (i + 1 <= MAX) lastEnd = i + 1;
      else if (lastEnd < 0) return clean.slice(0, i + 1);
      else break;
    }
  }
  if (lastEnd > 0) return clean.slice(0, lastEnd);
  const cut = clean.lastIndexOf(' ', MAX);
  return `${clean.slice(0, cut > 0 ? cut : MAX)} …`;
}

/**
 * The first paragraph of a decision's body: of its Erwägungen (or facts) when the text has them,
 * never the court's letterhead; else simply the first paragraph.
 */
function firstParagraph(fullText: string): string {
  const structure = segmentDecision({ fullText, language: 'de' });
  return (
    firstBodyParagraph(structure) ??
    fullText
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p.length > 0) ??
    ''
  );
}

/** A Regeste sentence that only names the provisions and the topic: `Art. 271 Abs. 1 OR; Anfechtbarkeit der Kündigung.` */
function isRegesteHeading(sentence: string): boolean {
  if (
    /^(?:Art(?:ikel|s)?\.?|art(?:icle|icolo|s)?\.?|artt\.|§§?|Ziff\.|ch\.|n\.|Anhang|annexe|allegato)\s/i.test(
      sentence,
    )
  )
    return true;
  // `Verfahrensrecht; Legitimation.`: short items separated by semicolons, without a full clause
  const items = sentence.replace(/\.$/, '').split(/;\s*/);
  return items.length > 1 && items.every((item) => item.split(/\s+/).length <= 8);
}

/**
 * The holding of a Regeste: its rule sentence(s), verbatim, without the leading heading that
 * names the provisions and the topic. Null when the Regeste is only a heading.
 */
export function regesteHolding(regeste: string): string | null {
  const spans = sentenceSpans(regeste);
  let first = 0;
  while (first < spans.length && isRegesteHeading(regeste.slice(spans[first]!.start, spans[first]!.end)))
    first++;
  if (first >= spans.length) return null;
  return regeste.slice(spans[first]!.start, spans[spans.length - 1]!.end);
}

/** Sentences that state the conclusion the reasoning reaches, in de, fr and it. */
const CONCLUSION =
  /^(?:Zusammenfassend|Demnach|Somit|Folglich|Im Ergebnis|Daraus folgt|Insgesamt|Il s[’']ensuit|En définitive|En conséquence|Partant|Au vu de ce qui précède|Par conséquent|En résumé|Ne consegue|In conclusione|Di conseguenza|Pertanto|Ne discende|Riassumendo|In definitiva)\b/u;
/** Conclusions about costs and compensation are not the holding. */
const COSTS = /Kosten|Entschädigung|frais|dépens|indemnit|spese|ripetibili/i;

/**
 * The decisive sentence of a decision without a Regeste: the last sentence of its reasoning that
 * states the conclusion reached (`Zusammenfassend ergibt sich, dass …`, `Il s'ensuit que …`,
 * `Ne consegue che …`), verbatim; costs and the operative part's introduction left aside.
 */
export function decisiveSentence(erwaegungen: readonly string[]): string | null {
  for (let e = erwaegungen.length - 1; e >= 0; e--) {
    const text = erwaegungen[e]!;
    const spans = sentenceSpans(text);
    for (let k = spans.length - 1; k >= 0; k--) {
      const sentence = text.slice(spans[k]!.start, spans[k]!.end);
      if (CONCLUSION.test(sentence) && !COSTS.test(sentence) && !sentence.endsWith(':')) return sentence;
    }
  }
  return null;
}

/**
 * The rule statement, verbatim: the pinpointed paragraph if given; else the holding of the
 * Regeste (without its heading of provisions and topic); else the decisive sentence of the
 * reasoning; else the first paragraph of the body.
 */
export function ruleStatement(input: {
  readonly pinpointText?: string | null;
  readonly regeste?: string | null;
  readonly fullText?: string | null;
  /** The texts of the Erwägungen, when the caller has them (else they are read from `fullText`). */
  readonly erwaegungen?: readonly string[] | null;
  /** The decision's language, for reading its structure. */
  readonly language?: string;
  /**
   * The structure of `fullText` (`segmentDecision` of it, its language and Regeste), when the
   * caller has it or keeps it: asked for only if the Regeste holds no holding.
   */
  readonly structureOf?: () => DecisionStructure;
}): string {
  const pinpoint = input.pinpointText?.trim();
  if (pinpoint) return excerptAtSentence(pinpoint);
  const regeste = input.regeste?.trim();
  const holding = regeste ? regesteHolding(regeste) : null;
  if (holding) return excerptAtSentence(holding);
  const structure =
    input.erwaegungen == null
      ? (input.structureOf?.() ??
        segmentDecision({
          fullText: input.fullText ?? '',
          language: input.language ?? 'de',
          regeste: regeste ?? null,
        }))
      : null;
  const erwaegungen = input.erwaegungen ?? structure?.erwaegungen.map((e) => e.text) ?? [];
  const decisive = decisiveSentence(erwaegungen);
  if (decisive) return excerptAtSentence(decisive);
  if (regeste) return excerptAtSentence(regeste);
  return excerptAtSentence(
    (structure ? firstBodyParagraph(structure) : erwaegungen[0]) ?? firstParagraph(input.fullText ?? ''),
  );
}

export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The sentences of a text as spans into it (so that excerpts stay verbatim), by the sentence-end
 * rules of {@link excerptAtSentence}; a blank line also ends a sentence.
 */
export function sentenceSpans(text: string): TextSpan[] {
  const out: TextSpan[] = [];
  const push = (from: number, to: number): void => {
    let s = from;
    let e = to;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) out.push({ start: s, end: e });
  };
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ((c === '.' || c === '!' || c === '?') && isSentenceEnd(text, i)) {
      push(start, i + 1);
      start = i + 1;
    } else if (c === '\n' && /^\n[ \t]*\n/.test(text.slice(i, i + 3))) {
      push(start, i);
      start = i + 1;
    }
  }
  push(start, text.length);
  return out;
}
