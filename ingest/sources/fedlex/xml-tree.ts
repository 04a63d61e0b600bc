import { SaxesParser, type SaxesTagNS } from 'saxes';

/** A minimal element tree (namespace-aware local names), enough to walk Akoma Ntoso. */
export interface XmlElement {
  /** Local name (`article`, `FRBRname`). */
  readonly name: string;
  /** Attributes by qualified name (`eId`, `xml:lang`). */
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: (XmlElement | string)[];
}

/** Malformed XML: the message names line and column. */
export class XmlSyntaxError extends Error {
  readonly code = 'INGEST_XML_MALFORMED';
}

/** Parses a whole document with saxes (streaming, namespace-aware) into a tree. Throws XmlSyntaxError. */
export function parseXmlTree(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attrs: Record<string, string> = {};
    for (const [qname, attr] of Object.entries(tag.attributes)) attrs[qname] = attr.value;
    const element: XmlElement = { name: tag.local, attrs, children: [] };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (text: string) => {
    if (text.length > 0) stack[stack.length - 1]!.children.push(text);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(xml).close();
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure) throw new XmlSyntaxError(`malformed XML: ${failure.message}`, { cause: failure });
  const top = root.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!top) throw new XmlSyntaxError('malformed XML: no root element');
  return top;
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name),
  );
}

export function firstChild(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === name);
}

/** The first descendant with this name (depth first). */
export function findDescendant(element: XmlElement, name: string): XmlElement | undefined {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (child.name === name) return child;
    const found = findDescendant(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Every descendant with this name, in document order. */
export function findAll(element: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (child.name === name) out.push(child);
    findAll(child, name, out);
  }
  return out;
}

/** Collapses white space (including no-break spaces) to single spaces and trims. */
export function squash(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}
