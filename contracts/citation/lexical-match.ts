/**
 * Deterministic lexical comparison of a statement with a decision's text (de, fr, it): which
 * sentence says most of what the statement says, whether its polarity agrees, and whether a
 * neighbouring sentence qualifies it. Used by the lexical claim judge (when no language model is
 * configured) and by `/attest` to point at the closest passage of a misquoted decision. Pure.
 */
import { sentenceSpans, type TextSpan } from './rule-statement.ts';

const STOP_WORDS = new Set(
  (
    'der die das den dem des ein eine einer eines einem einen und oder aber dass ist sind war wird werden wurde wurden hat haben ' +
    'nicht kein keine mit von vom zu zur zum im in an am auf aus bei für gegen nach über unter vor sich auch als wie so nur noch ' +
    'es er sie wir ihr sein seine ihre dies diese dieser dieses jedoch sowie bzw gemäss nach art abs lit e erw ' +
    'le la les un une des du de d l et ou mais que qui est sont été être a ont avait pas ne n se sa son ses ce cette ces dans en ' +
    'au aux par pour sur avec sans il elle ils elles on leur leurs plus art al let consid ' +
    'il lo gli i un una uno di del della dei delle degli da dal dalla in nel nella con su per tra fra e o ma che è sono stato ' +
    'essere ha hanno non si suo sua suoi questo questa questi art cpv lett consid'
  ).split(' '),
);

// French "ne … pas" counts once: only its second word is listed.
const NEGATIONS = new Set(
  'nicht kein keine keinen keinem keiner keines nie niemals weder pas aucun aucune jamais nullement ni non nessun nessuna nessuno mai né'.split(
    ' ',
  ),
);

const QUALIFIERS =
  /(?<!\p{L})(?:jedoch|allerdings|indessen|sofern|soweit|vorbehältlich|ausser|es sei denn|nur wenn|toutefois|cependant|néanmoins|sauf|sous réserve|pour autant que|à moins que|tuttavia|però|nondimeno|salvo|purché|riservat[oa]|a meno che)(?!\p{L})/iu;

/** Words of a text, lower-cased (letters and digits, apostrophes split). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A crude, language-neutral stem: long words are compared by their first seven letters. */
function stem(word: string): string {
  return word.length > 7 ? word.slice(0, 7) : word.replace(/(?:en|es|er|e|n|s|i|o|a)$/, '') || word;
}

/** The content terms of a text: stems of words that are not stop words (numbers are kept). */
export function terms(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(text)) {
    if (STOP_WORDS.has(w) || NEGATIONS.has(w)) continue;
    if (w.length < 3 && !/\d/.test(w)) continue;
    out.add(stem(w));
  }
  return out;
}

/** The content words of a text as written (lower-cased, no stop or negation words), in order, once each. */
export function contentWords(text: string): string[] {
  const out = new Set<string>();
  for (const w of words(text)) {
    if (STOP_WORDS.has(w) || NEGATIONS.has(w)) continue;
    if (w.length < 3 && !/\d/.test(w)) continue;
    out.add(w);
  }
  return [...out];
}

/** Whether a text negates (odd number of negation words). */
export function isNegated(text: string): boolean {
  return words(text).filter((w) => NEGATIONS.has(w)).length % 2 === 1;
}

export interface ScoredSentence extends TextSpan {
  readonly text: string;
  /** Share of the statement's terms found in the sentence (0..1). */
  readonly coverage: number;
  readonly matched: number;
}

/** The sentences of `text` scored against `statement`, best first (earlier wins ties). */
export function rankSentences(statement: string, text: string): ScoredSentence[] {
  const wanted = terms(statement);
  if (wanted.size === 0) return [];
  const scored: ScoredSentence[] = [];
  for (const span of sentenceSpans(text)) {
    const sentence = text.slice(span.start, span.end);
    const have = terms(sentence);
    let matched = 0;
    for (const t of wanted) if (have.has(t)) matched++;
    if (matched > 0) scored.push({ ...span, text: sentence, coverage: matched / wanted.size, matched });
  }
  return scored.sort((a, b) => b.coverage - a.coverage || a.start - b.start);
}

export type LexicalSupport = 'yes' | 'partial' | 'no' | 'contradicts' | 'unrelated';

export interface LexicalVerdict {
  readonly supports: LexicalSupport;
  readonly confidence: number;
  readonly supporting_excerpt: string | null;
  readonly qualifying_excerpt: string | null;
  readonly reasoning: string;
}

/** Coverage thresholds of the lexical verdict. */
export const LEXICAL_THRESHOLDS = { yes: 0.6, partial: 0.35, no: 0.15 } as const;

/**
 * A verdict from word overlap alone: the best sentence's coverage of the claim's terms decides
 * (≥ 0.6 yes, ≥ 0.35 partial, ≥ 0.15 no, else unrelated); a high-coverage sentence of opposite
 * polarity contradicts. Confidence stays modest (at most 0.7): overlap is not understanding.
 */
export function lexicalVerdict(claim: string, text: string): LexicalVerdict {
  const ranked = rankSentences(claim, text);
  const best = ranked[0];
  const total = terms(claim).size;
  if (!best || best.coverage < LEXICAL_THRESHOLDS.no) {
    return {
      supports: 'unrelated',
      confidence: 0.5,
      supporting_excerpt: null,
      qualifying_excerpt: null,
      reasoning: `Lexical comparison: no sentence of the decision shares more than ${Math.round(100 * (best?.coverage ?? 0))} % of the claim's ${total} content terms.`,
    };
  }
  // A qualification stands right next to the statement it qualifies ("Dies gilt jedoch nur, …").
  const spans = sentenceSpans(text);
  const at = spans.findIndex((sp) => sp.start === best.start);
  const qualifier =
    [spans[at + 1]]
      .filter((sp): sp is TextSpan => sp !== undefined)
      .map((sp) => ({ ...sp, text: text.slice(sp.start, sp.end) }))
      .find((sp) => QUALIFIERS.test(sp.text)) ?? null;
  const share = `${best.matched} of ${total} content terms (${Math.round(100 * best.coverage)} %)`;
  let supports: LexicalSupport;
  let confidence: number;
  let why: string;
  if (best.coverage >= LEXICAL_THRESHOLDS.yes && isNegated(best.text) !== isNegated(claim)) {
    supports = 'contradicts';
    confidence = 0.45;
    why = `the closest sentence holds ${share} but with the opposite polarity`;
  } else if (best.coverage >= LEXICAL_THRESHOLDS.yes) {
    supports = qualifier ? 'partial' : 'yes';
    confidence = Math.min(0.7, 0.35 + 0.4 * best.coverage);
    why = `the closest sentence holds ${share}${qualifier ? ', and another sentence qualifies it' : ''}`;
  } else if (best.coverage >= LEXICAL_THRESHOLDS.partial) {
    supports = 'partial';
    confidence = 0.4;
    why = `the closest sentence holds only ${share}`;
  } else {
    supports = 'no';
    confidence = 0.4;
    why = `the closest sentence holds only ${share}`;
  }
  return {
    supports,
    confidence: Math.round(confidence * 100) / 100,
    supporting_excerpt: supports === 'no' ? null : best.text,
    qualifying_excerpt: qualifier?.text ?? null,
    reasoning: `Lexical comparison (no language model): ${why}.`,
  };
}

const LANGUAGE_WORDS: Readonly<Record<'de' | 'fr' | 'it', ReadonlySet<string>>> = {
  de: new Set('der die das und ist nicht mit von dem den des zu im ein eine sich auf wird werden'.split(' ')),
  fr: new Set('le la les et est pas des du une un que qui dans pour sur au aux ne être été'.split(' ')),
  it: new Set('il lo gli e è non della delle del che una un per con nel nella alla sono essere'.split(' ')),
};

/** The language of a text by its most frequent function words; null when it is too short to tell. */
export function detectLanguage(text: string): 'de' | 'fr' | 'it' | null {
  const counts = { de: 0, fr: 0, it: 0 };
  for (const w of words(text.slice(0, 20_000))) {
    for (const lang of ['de', 'fr', 'it'] as const) if (LANGUAGE_WORDS[lang].has(w)) counts[lang]++;
  }
  const [best, second] = (Object.entries(counts) as ['de' | 'fr' | 'it', number][]).sort(
    (a, b) => b[1] - a[1],
  );
  return best![1] >= 2 && best![1] > second![1] ? best![0] : null;
}
