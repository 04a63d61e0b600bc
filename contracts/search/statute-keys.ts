import type { CitationMatch, FindCitationsOptions } from '../citation/grammar/find-citations.ts';
import { findCitations } from '../citation/grammar/find-citations.ts';
import { normaliseArticleNum } from '../laws/article-numbers.ts';

/**
 * The act a statute reference names: its SR number when federal (`220` for OR, CO and CO alike),
 * else the abbreviation with the canton of a cantonal act (`StG ZH`); null when the act is unknown.
 */
export function statuteActKey(m: CitationMatch): string | null {
  const s = m.statute;
  if (!s) return null;
  if (s.sr !== null) return s.sr;
  if (s.law === null) return null;
  return m.canton && m.canton !== 'CH' ? `${s.law} ${m.canton}` : s.law;
}

/** The article of a statute reference in its normalised form (`271a`, `6bis`). */
export function statuteArticle(m: CitationMatch): string | null {
  const s = m.statute;
  return s ? (normaliseArticleNum(s.article) ?? s.article) : null;
}

/** The search key of a provision: `art:220:41`, `art:StG ZH:5` (article level). */
export function statuteSearchKey(act: string, article: string): string {
  return `art:${act}:${article}`;
}

/** The search key of a statute reference found by the grammar; null without a known act. */
export function statuteSearchKeyOf(m: CitationMatch): string | null {
  if (m.kind !== 'statute') return null;
  const act = statuteActKey(m);
  const article = statuteArticle(m);
  return act === null || article === null ? null : statuteSearchKey(act, article);
}

/**
 * The provisions a decision applies, as search keys: every statute reference of its text with a
 * known act (the articles inside a written range too), read exactly as the citation graph reads
 * them (same grammar and options).
 */
export function statuteSearchKeys(text: string, options: FindCitationsOptions): string[] {
  return statuteSearchKeysOf(findCitations(text, options));
}

/** The search keys of the statute references among citations the grammar found, each once. */
export function statuteSearchKeysOf(matches: readonly CitationMatch[]): string[] {
  const keys = new Set<string>();
  for (const m of matches) {
    const key = statuteSearchKeyOf(m);
    if (key !== null) keys.add(key);
  }
  return [...keys];
}
