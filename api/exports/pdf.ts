import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { type ExportDocument, headLines, labelsOf, titleLines } from './export-document.ts';

const require = createRequire(import.meta.url);

/**
 * DejaVu Serif (Unicode serif TrueType, from the `dejavu-fonts-ttf` package), embedded as subsets;
 * read once, on the first export (a missing font makes that export fall back to plain text).
 */
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf')),
  };
  return fonts;
}

const FONT_SIZE = 12;
/** 1.2 line spacing: each line 1.2 × the font size from baseline to baseline. */
const LINE_HEIGHT = 1.2 * FONT_SIZE;
/** 2.5 cm. */
const MARGIN = 71;
const HEADING_SIZES = [15, 13.5, 12.5, 12] as const;
const BLACK = '#000000';

/**
 * The decision as an A4 monochrome PDF in 12 pt serif with 1.2 line spacing, the font embedded,
 * page numbers in the footer; the same content as the Word document.
 */
export async function renderPdf(doc: ExportDocument): Promise<Buffer> {
  const font = loadFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // pdfkit takes a font file's bytes where its types say a name.
    font: font.regular as unknown as string,
    lang: doc.language,
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: titleLines(doc).join(' – '),
      Author: doc.courtName,
      Subject: doc.canonicalUrl,
      Creator: 'Swiss Case-Law and Legislation Research API',
    },
  });
  pdf.registerFont('regular', font.regular);
  pdf.registerFont('bold', font.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const write = (
    text: string,
    font: 'regular' | 'bold',
    size: number,
    gapAfter: number,
    align: 'left' | 'justify',
  ) => {
    pdf.font(font).fontSize(size).fillColor(BLACK);
    const lineGap = Math.max(0, (LINE_HEIGHT * size) / FONT_SIZE - pdf.currentLineHeight(true));
    pdf.text(text, { align, lineGap, paragraphGap: gapAfter });
  };
  const heading = (text: string, level: number) => {
    pdf.moveDown(0.5);
    write(text, 'bold', HEADING_SIZES[level - 1] ?? FONT_SIZE, 4, 'left');
  };

  titleLines(doc).forEach((line, i) => write(line, 'bold', i === 0 ? 16 : 14, i === 0 ? 4 : 10, 'left'));
  for (const { label, value } of headLines(doc)) {
    pdf.font('bold').fontSize(FONT_SIZE).fillColor(BLACK);
    const lineGap = Math.max(0, LINE_HEIGHT - pdf.currentLineHeight(true));
    pdf.text(`${label}: `, { continued: true, lineGap });
    pdf.font('regular').text(value, { lineGap, paragraphGap: 2 });
  }
  if (doc.regeste) {
    heading(labelsOf(doc).regeste, 1);
    for (const line of doc.regeste.split(/\r?\n/).filter((l) => l.trim()))
      write(line.trim(), 'regular', FONT_SIZE, 6, 'justify');
  }
  for (const block of doc.body) {
    if (block.kind === 'heading') heading(block.text, block.level);
    else write(block.text, 'regular', FONT_SIZE, 6, 'justify');
  }

  // Page numbers, written into the bottom margin of every buffered page.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font('regular').fontSize(9).fillColor(BLACK);
    pdf.text(`${i + 1} / ${range.count}`, MARGIN, pdf.page.height - MARGIN / 2, {
      width: pdf.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return done;
}
