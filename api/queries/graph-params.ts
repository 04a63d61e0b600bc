import { normaliseArticleNum } from '../../contracts/laws/article-numbers.ts';
import { resolveLawName } from '../../contracts/laws/resolve-law.ts';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import { RequestValidationError } from '../validation.ts';
import { parseSearchText } from '../search-text.ts';

/** A statute filter of /leading-cases and /trends, resolved to its SR number. */
export interface StatuteFilter {
  readonly law_code: string;
  readonly sr_number: string;
  readonly abbreviation: string | null;
  readonly title: string | null;
  readonly article: string | null;
}

/**
 * `law_code` in any language (OR / CO / CO, BV / Cst. / Cost., alias names, SR numbers) → the SR
 * number under which statute references are counted; `article` normalised (`41A` → `41a`).
 * Names the alias rules do not resolve to a federal act, and malformed articles, are 422.
 */
export function statuteFilterOf(lawCode: string | undefined, article: string | undefined): StatuteFilter | null {
  if (lawCode === undefined) return null;
  const resolved = resolveLawName({ abbreviation: lawCode });
  if (resolved.status === 'miss' || resolved.canton !== 'CH') {
    throw new RequestValidationError([
      {
        loc: ['query', 'law_code'],
        msg:
          resolved.status === 'miss'
            ? `Unknown law code: ${resolved.reason}`
            : `'${lawCode}' names a cantonal collection; statute references are counted for federal acts and treaties only`,
        type: 'value_error',
        input: lawCode,
      },
    ]);
  }
  let articleNum: string | null = null;
  if (article !== undefined) {
    const normalised = normaliseArticleNum(article);
    if (normalised === undefined) {
      throw new RequestValidationError([
        {
          loc: ['query', 'article'],
          msg: 'Input should be an article number such as 8, 41a, 266l or 6bis',
          type: 'value_error',
          input: article,
        },
      ]);
    }
    articleNum = normalised;
  }
  return {
    law_code: lawCode,
    sr_number: resolved.sr_number,
    abbreviation: resolved.act?.abbreviation.de ?? resolved.abbreviation ?? null,
    title: resolved.title ?? null,
    article: articleNum,
  };
}

/** The topic query parsed with the search grammar (422 on a syntax error or nothing to search for); null when blank. */
export function topicOf(text: string | undefined): QueryNode | null {
  if (text === undefined || text.trim() === '') return null;
  return parseSearchText(text, 'query');
}
