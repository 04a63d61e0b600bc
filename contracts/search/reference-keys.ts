import { parseQuery } from './query-parser.ts';
import type { QueryNode, ReferenceNode } from './query-ast.ts';

/**
 * The reference keys under which a decision can be found by a docket or BGE query: its id and the
 * normalised key of its docket (whatever form the docket takes). Uses the query grammar itself,
 * so a document and a query normalise a reference identically.
 */
export function referenceKeysOf(decisionId: string, docketNumber: string): string[] {
  const keys = new Set<string>([decisionId]);
  const parsed = parseQuery(docketNumber);
  if (parsed.ok && parsed.ast?.kind === 'reference') keys.add(parsed.ast.key);
  else keys.add(docketNumber.trim().replace(/\s+/g, ' '));
  return [...keys];
}

/** Walks the AST depth-first and returns the first (non-negated) reference node's key. */
function firstReferenceKey(node: QueryNode | null): string | null {
  if (!node) return null;
  if (node.kind === 'reference') return node.refKind === 'statute' ? null : node.key;
  if (node.kind === 'and' || node.kind === 'or') {
    for (const child of node.children) {
      const key = firstReferenceKey(child);
      if (key) return key;
    }
  }
  return null;
}

/**
 * The lookup key of a docket number as stored or as asked for. A recognised reference gives its
 * normalised key, so `6B 1234/2025`, `ATF 140 III 86` and `BGer 6B_1518/2021 vom 3. Mai 2022`
 * find their decision; any other text is compared as written (case and runs of spaces aside).
 * Keys are compared for equality only: a prefix or a mangled number never matches.
 */
export function docketLookupKey(text: string): string | null {
  const parsed = parseQuery(text.replace(/["„“”«»()]/g, ' '));
  const key = (parsed.ok ? firstReferenceKey(parsed.ast) : null) ?? text.trim().replace(/\s+/g, ' ');
  return key.length > 0 ? key.toLowerCase() : null;
}

/**
 * The keys a docket may be stored under: {@link docketLookupKey}, and the whole text as written
 * (case and runs of spaces aside), for a docket whose first part the grammar reads as a reference
 * of its own (`u 198/06` written in lower case).
 */
export function docketLookupKeys(text: string): string[] {
  const key = docketLookupKey(text);
  const whole = text.trim().replace(/\s+/g, ' ').toLowerCase();
  return key === null ? [] : [...new Set([key, whole])];
}

/**
 * The texts a citing decision would contain for a reference (rule 5b), which both search
 * backends match as phrases; [] for decision ids and statute provisions.
 */
export function citationPhrases(ref: ReferenceNode): string[] {
  switch (ref.refKind) {
    case 'docket':
      return [ref.key];
    case 'bge':
      return [ref.key.replace(/^BGE /, '')];
    case 'bvge': {
      const rest = ref.key.replace(/^BVGE /, '');
      return [`BVGE ${rest}`, `ATAF ${rest}`, `DTAF ${rest}`];
    }
    case 'decision_id':
    case 'statute':
      return [];
  }
}

/**
 * Whether a decision holding this key in its `ref_keys` IS the referenced decision (ranked first):
 * true for dockets, BGE/BVGE references and ids; false for statute provisions, which many
 * decisions apply.
 */
export function namesOneDecision(ref: ReferenceNode): boolean {
  return ref.refKind !== 'statute';
}
