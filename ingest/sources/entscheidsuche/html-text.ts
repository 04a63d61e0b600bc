import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';

/** Elements that start a new paragraph. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
]);
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'noscript', 'template']);

function normalise(text: string): string {
  return text
    .replace(/\u00ad/g, '')
    .replace(/[\s\u00a0\u200b\ufeff]+/g, ' ')
    .trim();
}

/**
 * The text of a decision page as paragraphs: one per `div.para` / `p` (any block element, so nested
 * divs and lists work too), inline markup flattened, entities decoded, whitespace normalised.
 * Reads `div.content` when the page has one (the Federal Supreme Court's layout), else `body`.
 */
export function htmlToParagraphs(html: string): string[] {
  // htmlparser2 (about three times faster than the default parse5) in HTML mode, entities decoded.
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } });
  let roots: AnyNode[] = $('div.content')
    .filter((_, el) => $(el).parents('div.content').length === 0)
    .toArray();
  if (roots.length === 0) roots = $('body').toArray();
  if (roots.length === 0) roots = $.root().toArray();
  const paragraphs: string[] = [];
  let current = '';
  const flush = (): void => {
    const text = normalise(current);
    if (text) paragraphs.push(text);
    current = '';
  };
  const walk = (node: AnyNode): void => {
    const type = String(node.type);
    if (type === 'text' && 'data' in node) {
      current += node.data;
      return;
    }
    if (type === 'comment' || type === 'directive') return;
    const name = 'name' in node ? String(node.name).toLowerCase() : '';
    if (SKIPPED.has(name)) return;
    const block = BLOCKS.has(name);
    if (block) flush();
    if ('children' in node) for (const child of node.children) walk(child);
    if (block) flush();
    else if (name === 'td' || name === 'th') current += ' ';
  };
  for (const root of roots) {
    walk(root);
    flush();
  }
  return paragraphs;
}

/** Paragraphs joined by a blank line: the `full_text` of a decision. */
export function htmlToText(html: string): string {
  return htmlToParagraphs(html).join('\n\n');
}
