import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { type ExportDocument, headLines, labelsOf, titleLines } from './export-document.ts';

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
];

/** The decision as a Word document (.docx): head, citation strings, Regeste, body with numbered Erwägungen. */
export async function renderDocx(doc: ExportDocument): Promise<Buffer> {
  const labels = labelsOf(doc);
  const children: Paragraph[] = [
    ...titleLines(doc).map(
      (line, i) =>
        new Paragraph({
          heading: i === 0 ? HeadingLevel.TITLE : HeadingLevel.HEADING_1,
          children: [new TextRun(line)],
        }),
    ),
    ...headLines(doc).map(
      ({ label, value }) =>
        new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)] }),
    ),
  ];
  if (doc.regeste) {
    children.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(labels.regeste)] }),
    );
    for (const line of doc.regeste.split(/\r?\n/).filter((l) => l.trim()))
      children.push(
        new Paragraph({ alignment: AlignmentType.JUSTIFIED, children: [new TextRun(line.trim())] }),
      );
  }
  for (const block of doc.body) {
    children.push(
      block.kind === 'heading'
        ? new Paragraph({
            heading: HEADINGS[block.level - 1] ?? HeadingLevel.HEADING_4,
            children: [new TextRun(block.text)],
          })
        : new Paragraph({ alignment: AlignmentType.JUSTIFIED, children: [new TextRun(block.text)] }),
    );
  }
  const document = new Document({
    creator: 'Swiss Case-Law and Legislation Research API',
    title: doc.citations.citation_string_de,
    subject: doc.title,
    description: doc.canonicalUrl,
    styles: {
      default: {
        document: {
          run: { font: 'Times New Roman', size: 24, language: { value: doc.language } },
          paragraph: { spacing: { line: 288 } },
        },
      },
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
