import type { QueryNode } from '../contracts/search/query-ast.ts';
import { parseQuery } from '../contracts/search/query-parser.ts';
import { RequestValidationError } from './validation.ts';

/**
 * A search text in the query language of /decisions, parsed. A syntax error is 422 at
 * `['query', param]` with its position; so is a text with nothing to search for (`-`, `*`), which
 * would otherwise match everything and drop the user's query without a word.
 */
export function parseSearchText(text: string, param: string, input: string = text): QueryNode {
  const parsed = parseQuery(text);
  if (!parsed.ok) {
    throw new RequestValidationError([
      {
        loc: ['query', param],
        msg: `Invalid query syntax: ${parsed.error.message}`,
        type: 'value_error',
        input,
        ctx: { position: parsed.error.position },
      },
    ]);
  }
  if (parsed.ast === null) {
    throw new RequestValidationError([
      {
        loc: ['query', param],
        msg: 'The query has no words, phrases or references to search for',
        type: 'value_error',
        input,
      },
    ]);
  }
  return parsed.ast;
}

/**
 * A query for texts without reference keys (statutes, the legislation catalogue): a docket, BGE
 * reference or id is searched as the phrase of its words, a statute provision as its words.
 */
export function referencesAsWords(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'reference': {
      const words = node.display.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
      if (node.refKind !== 'statute') return { kind: 'phrase', words };
      const terms = words.map((text): QueryNode => ({ kind: 'term', text }));
      return terms.length === 1 ? terms[0]! : { kind: 'and', children: terms };
    }
    case 'not':
      return { kind: 'not', child: referencesAsWords(node.child) };
    case 'and':
    case 'or':
      return { kind: node.kind, children: node.children.map(referencesAsWords) };
    default:
      return node;
  }
}
