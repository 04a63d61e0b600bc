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
      { loc: ['query', param], msg: 'The query has no words, phrases or references to search for', type: 'value_error', input },
    ]);
  }
  return parsed.ast;
}
