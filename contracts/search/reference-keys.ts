import { parseQuery } from './query-parser.ts';
import type { QueryNode } from './query-ast.ts';

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

/** Separator-free, lower-case form used to compare docket numbers loosely but exactly. */
function loose(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Walks the AST depth-first and returns the first reference node's key. */
function firstReferenceKey(node: QueryNode | null): string | null {
  if (!node) return null;
  switch (node.kind) {
    case 'reference':
      return node.key;
    case 'and':
    case 'or':
      for (const child of node.children) {
        const key = firstReferenceKey(child);
        if (key) return key;
      }
      return null;
    case 'not':
      return null;
    default:
      return null;
  }
}

/**
 * The lookup key of a docket number as stored or as asked for: the normalised reference (so
 * `6B 1234/2025`, `ATF 140 III 86` and `BGer 6B_1518/2021 vom 3. Mai 2022` find their decision),
 * compared without separators or case. Null when the text holds no usable reference.
 */
export function docketLookupKey(text: string): string | null {
  const parsed = parseQuery(text.replace(/["„“”«»]/g, ' '));
  const key = parsed.ok ? firstReferenceKey(parsed.ast) : null;
  const result = loose(key ?? text);
  return result.length > 0 ? result : null;
}
