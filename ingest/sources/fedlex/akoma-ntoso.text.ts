/**
 * Text of Akoma Ntoso elements as the statute read model stores it: footnotes (`authorialNote`)
 * left out, inline markup flattened, one line per paragraph, list introduction and list item,
 * each prefixed with its number (`1 ...`, `a. ...`).
 */
import { firstChild, squash, type XmlElement } from './xml-tree.ts';

const INLINE_ELEMENTS = new Set([
  'b',
  'i',
  'u',
  'sup',
  'sub',
  'span',
  'inline',
  'ref',
  'mref',
  'rref',
  'term',
  'def',
  'date',
  'a',
  'abbr',
  'docTitle',
  'docNumber',
  'docDate',
  'noteRef',
  'marker',
  'del',
  'ins',
  'em',
  'strong',
  'signature',
  'person',
  'organization',
  'quantity',
  'entity',
  'concept',
  'object',
  'location',
]);
/** Containers whose `<num>` prefixes their first line: `1 Text`, `a. Text`. */
const NUMBERED = new Set(['paragraph', 'item', 'point', 'indent', 'alinea', 'list', 'subparagraph']);

/** Text of an element, footnotes left out, `<br/>` as a space. */
export function plainText(element: XmlElement): string {
  let out = '';
  for (const child of element.children) {
    if (typeof child === 'string') out += child;
    else if (child.name === 'authorialNote') continue;
    else if (child.name === 'br') out += ' ';
    else out += ` ${plainText(child)} `.replace(/^ | $/g, INLINE_ELEMENTS.has(child.name) ? '' : ' ');
  }
  return out;
}

export function textOf(element: XmlElement | undefined): string | null {
  if (!element) return null;
  const text = squash(plainText(element));
  return text.length > 0 ? text : null;
}

/** Lines of a block-level element: one per paragraph, list introduction and list item. */
export function renderLines(element: XmlElement): string[] {
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    const line = squash(current);
    if (line.length > 0) lines.push(line);
    current = '';
  };
  for (const child of element.children) {
    if (typeof child === 'string') current += child;
    else if (child.name === 'authorialNote' || (child.name === 'num' && NUMBERED.has(element.name))) continue;
    else if (child.name === 'br') current += ' ';
    else if (INLINE_ELEMENTS.has(child.name)) current += plainText(child);
    else if (child.name === 'td' || child.name === 'th') current += ` ${plainText(child)} |`;
    else {
      flush();
      lines.push(...renderLines(child));
    }
  }
  flush();
  if (NUMBERED.has(element.name)) {
    const num = textOf(firstChild(element, 'num'));
    if (num !== null && lines.length > 0) lines[0] = `${num} ${lines[0]}`;
    else if (num !== null) lines.push(num);
  }
  return lines.map((l) => l.replace(/\s*\|$/, '')).map(withoutPlaceholders).filter((l) => l.length > 0);
}

/** Layout placeholders of the portal's XML (`[tab]`) are no part of the wording. */
function withoutPlaceholders(line: string): string {
  return line.includes('[') ? squash(line.replace(/\[(?:tab|Tab|TAB)\]/g, ' ')) : line;
}
