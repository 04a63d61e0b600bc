/**
 * Reading exports back with real readers (never by substring on what the service wrote): Word
 * through mammoth, PDF through pdf.js, BibTeX and RIS through citation.js, Atom through an XML parser.
 */
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Whitespace collapsed, so text a reader joined from lines or runs compares with what was meant. */
export const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

export async function docxText(buffer: Buffer): Promise<string> {
  const { value } = await mammoth.extractRawText({ buffer });
  return value;
}

export interface PdfRead {
  readonly pages: number;
  /** Text per page, pdf.js items joined (line ends as spaces). */
  readonly pageTexts: readonly string[];
  /** Page size in points of the first page. */
  readonly size: readonly [number, number];
  readonly info: Record<string, unknown>;
  /** Fonts the text is drawn with: PostScript name and whether the font file is embedded. */
  readonly fonts: readonly { readonly name: string; readonly embedded: boolean }[];
}

export async function pdfRead(buffer: Buffer): Promise<PdfRead> {
  const pdf = await getDocument({
    data: new Uint8Array(buffer),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pageTexts: string[] = [];
  const fonts = new Map<string, { name: string; embedded: boolean }>();
  let size: [number, number] = [0, 0];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    if (i === 1) {
      const [x0, y0, x1, y1] = page.view;
      size = [x1! - x0!, y1! - y0!];
    }
    await page.getOperatorList(); // loads the page's fonts into commonObjs
    const content = await page.getTextContent();
    const parts: string[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      parts.push(item.str, item.hasEOL ? ' ' : '');
      if (!fonts.has(item.fontName) && page.commonObjs.has(item.fontName)) {
        const font = page.commonObjs.get(item.fontName) as { name: string; missingFile: boolean };
        fonts.set(item.fontName, { name: font.name, embedded: !font.missingFile });
      }
    }
    pageTexts.push(parts.join(''));
  }
  const meta = await pdf.getMetadata();
  await pdf.destroy();
  return {
    pages: pageTexts.length,
    pageTexts,
    size,
    info: meta.info as Record<string, unknown>,
    fonts: [...fonts.values()],
  };
}

/** CSL-JSON items of a BibTeX or RIS text, as citation.js reads them. */
export function cslOf(text: string, format: '@biblatex/text' | '@ris/file'): Record<string, unknown>[] {
  return new Cite(text, { forceType: format }).data as Record<string, unknown>[];
}

/** The tagged records of an RIS text as the RIS parser reads them (tag → value, or values when repeated). */
export function risRecords(text: string): Record<string, string | string[]>[] {
  return (plugins as { input: { chain: (t: string, o: object) => unknown } }).input.chain(text, {
    target: '@else/list+object',
    generateGraph: false,
  }) as Record<string, string | string[]>[];
}

/** An Atom document parsed (attributes under `@_`), after checking it is well-formed XML. */
export function parseAtom(xml: string): Record<string, unknown> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`Atom is not well-formed: ${JSON.stringify(valid.err)}`);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    isArray: (name) => ['entry', 'link', 'category'].includes(name),
    cdataPropName: false,
    htmlEntities: true,
  }).parse(xml) as Record<string, unknown>;
}
