/**
 * The language-neutral shape of one generated act version, rendered by the Akoma Ntoso writer
 * (federal) and the portal HTML writer (cantonal).
 */
import { compareArticleNums } from '../../../contracts/laws/article-numbers.ts';
import { deriveSeed, Rng } from '../sample/prng.ts';
import type { Amendment } from './gazette-allocator.ts';
import {
  FINAL_HEADINGS,
  GENERIC_HEADINGS,
  sentence,
  type Domain,
  type Issuer,
  type Lang,
  type Tri,
} from './wording.ts';

export interface DocNote {
  /** Footnote wording without the references (`Fassung gemäss ...`). */
  readonly text: string;
  readonly amendment: Amendment | null;
}

export interface DocParagraph {
  readonly num: string | null;
  readonly text: string;
  readonly items?: readonly string[];
  readonly note?: DocNote;
}

export interface DocArticle {
  readonly kind: 'article';
  readonly eid: string;
  readonly num: string;
  readonly heading: string | null;
  readonly paragraphs: readonly DocParagraph[];
  readonly note?: DocNote;
}

export interface DocBlock {
  readonly kind: 'block';
  readonly element: 'title' | 'chapter' | 'level' | 'book' | 'part' | 'division';
  readonly id: string;
  readonly num: string | null;
  readonly heading: string;
  readonly children: (DocBlock | DocArticle)[];
}

export interface ActDoc {
  readonly sr: string;
  readonly language: Lang;
  readonly date: string;
  readonly title: string;
  readonly abbreviation: string | null;
  readonly body: (DocBlock | DocArticle)[];
  /** Footnote on the enactment (original official-compilation and message references). */
  readonly preambleNote: DocNote | null;
}

export interface ArticleSpec {
  readonly num: string;
  readonly heading: Tri;
  /** Fixed wording (well-known articles); otherwise generated. */
  readonly text?: Tri;
  readonly items?: readonly Tri[];
  /** Index of the version whose amendment last changed the article (0: original). */
  readonly changedIn: number;
  /** Inserted by that amendment (footnote "Eingefügt durch ..."). */
  readonly inserted: boolean;
}

/** Stable numeric seed of a string (FNV-1a). */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h >>> 0;
}

/** Generated paragraphs of an article: the same seed gives parallel wording in every language. */
export function generatedParagraphs(
  seed: number,
  domain: Domain,
  issuer: Issuer,
  lang: Lang,
): DocParagraph[] {
  const rng = new Rng(seed);
  const count = rng.int(1, 3);
  const paragraphs: DocParagraph[] = [];
  for (let p = 1; p <= count; p++) {
    const sentences = rng.int(1, 2);
    const text = Array.from({ length: sentences }, () => sentence(rng, domain, lang, issuer)).join(' ');
    paragraphs.push({ num: count > 1 ? String(p) : null, text });
  }
  return paragraphs;
}

/** Generic heading of an article: the last ones of an act are the final provisions. */
export function genericHeading(seed: number, isLast: boolean, isSecondLast: boolean): Tri {
  if (isLast) return FINAL_HEADINGS[1]!;
  if (isSecondLast) return FINAL_HEADINGS[0]!;
  return GENERIC_HEADINGS[seed % GENERIC_HEADINGS.length]!;
}

/** Which versions amend a generic article: a quarter of the articles per later version. */
export function lastChange(key: string, versionIndex: number): number {
  for (let v = versionIndex; v >= 1; v--) if (hashString(`${key}|${v}`) % 4 === 0) return v;
  return 0;
}

export function sortArticles<T extends { num: string }>(articles: T[]): T[] {
  return articles.sort((a, b) => compareArticleNums(a.num, b.num));
}

export { deriveSeed };
