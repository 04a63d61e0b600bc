/**
 * Text of a PDF through pdf.js (Mozilla's reader, the legacy build that runs on Node without a
 * canvas): the printed lines in reading order, page after page. Fonts are not rendered, scripts in
 * the file are never evaluated.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export class PdfTextError extends Error {
  readonly code = 'INGEST_PDF_UNREADABLE';
}

/** The PDF's text lines (blank ones dropped); throws PdfTextError for bytes that are not a readable PDF. */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[]> {
  let pdf: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    pdf = await getDocument({
      data: bytes.slice(),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  } catch (error) {
    throw new PdfTextError(`not a readable PDF: ${(error as Error).message}`, { cause: error });
  }
  try {
    const lines: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      lines.push(line);
      page.cleanup();
    }
    return lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l.length > 0);
  } catch (error) {
    throw new PdfTextError(`PDF text unreadable: ${(error as Error).message}`, { cause: error });
  } finally {
    await pdf.destroy();
  }
}
