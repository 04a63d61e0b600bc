/**
 * Cantonal statute texts as the cantonal portals render them (the `original_url` of a LexFind
 * entry): an HTML page with the title, the abbreviation, the state ("Stand: 1. Januar 2024" /
 * "État au ..." / "Stato al ..."), nested divisions (`section.division` with a num and a heading)
 * and articles (`article.article`: `§ 12` or `Art. 12`, a heading, paragraphs `p.paragraph` with
 * `<sup>` numbers and lists `li` with letters). The layout is the one the project's portal
 * adapter reads; portals with another layout get their own adapter beside this one.
 */
import * as cheerio from 'cheerio';
import type { StatuteArticle, StatuteBlock } from '../../../contracts/events/index.ts';
import { normaliseArticleNum } from '../../../contracts/laws/article-numbers.ts';
import { statedConsolidationDate } from '../fedlex/akoma-ntoso.parser.ts';

export interface ParsedCantonalText {
  readonly title: string | null;
  readonly abbreviation: string | null;
  readonly systematic_number: string | null;
  readonly consolidation_date: string | null;
  readonly blocks: StatuteBlock[];
  readonly articles: StatuteArticle[];
}

export class CantonalTextError extends Error {
  readonly code = 'INGEST_CANTONAL_TEXT_INVALID';
}

const squash = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const orNull = (s: string) => (s.length > 0 ? s : null);

/** "Stand: 1. Januar 2024", "État au 1er janvier 2024", "Stato al 1° gennaio 2024". */
function stateDate(text: string): string | null {
  return statedConsolidationDate(text.replace(/^(Stand):?/i, 'Stand am').replace(/^[EÉ]tat au/i, 'Etat au'));
}

/** Parses one portal page. Throws CantonalTextError when it holds no articles. */
export function parseCantonalText(html: string): ParsedCantonalText {
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } });
  const law = $('.law').first();
  if (law.length === 0)
    throw new CantonalTextError('no .law element: not a statute page of the known layout');
  const blocks: StatuteBlock[] = [];
  law.find('section.division').each((i, el) => {
    const node = $(el);
    const parent = node.parents('section.division').first();
    const head = node.children('h2, h3, h4').first();
    blocks.push({
      id: node.attr('id') ?? `division_${i + 1}`,
      kind: 'division',
      num: orNull(squash(head.find('.num').first().text())),
      heading: orNull(squash(head.find('.heading').first().text())),
      parent: parent.length > 0 ? (parent.attr('id') ?? null) : null,
    });
  });
  const articles: StatuteArticle[] = [];
  const seen = new Set<string>();
  law.find('article.article').each((i, el) => {
    const node = $(el);
    const head = node.children('h3, h4, h5').first();
    const num = normaliseArticleNum(squash(head.find('.num').first().text()));
    const eid = node.attr('id') ?? `article_${i + 1}`;
    if (num === undefined || seen.has(eid)) return;
    seen.add(eid);
    const lines: string[] = [];
    node.find('p.paragraph, li').each((_, part) => {
      const p = $(part);
      const sup = squash(p.children('sup').first().text());
      const label = squash(p.children('.num').first().text());
      const clone = p.clone();
      clone.children('sup, .num, ol, ul').remove();
      const body = squash(clone.text());
      const prefix = sup || label;
      if (body.length > 0 || prefix.length > 0) lines.push(prefix ? `${prefix} ${body}`.trim() : body);
    });
    const division = node.parents('section.division').first();
    articles.push({
      article_num: num,
      eid,
      heading: orNull(squash(head.find('.heading').first().text())),
      text: lines.join('\n'),
      block: division.length > 0 ? (division.attr('id') ?? null) : null,
    });
  });
  if (articles.length === 0) throw new CantonalTextError('the page holds no articles');
  const abbreviation = squash(law.find('.abbreviation').first().text()).replace(/^\((.*)\)$/, '$1');
  return {
    title: orNull(squash(law.find('.title').first().text())),
    abbreviation: orNull(abbreviation),
    systematic_number: orNull(law.attr('data-systematic-number')?.trim() ?? ''),
    consolidation_date: stateDate(squash(law.find('.version').first().text())),
    blocks,
    articles,
  };
}
