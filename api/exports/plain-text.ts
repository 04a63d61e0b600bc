import { type ExportDocument, headLines, labelsOf, titleLines } from './export-document.ts';

/** The document as UTF-8 plain text: the fallback when the Word or PDF renderer fails. */
export function renderPlainText(doc: ExportDocument): Buffer {
  const lines: string[] = [...titleLines(doc), ''];
  for (const { label, value } of headLines(doc)) lines.push(`${label}: ${value}`);
  if (doc.regeste) lines.push('', labelsOf(doc).regeste.toUpperCase(), '', doc.regeste);
  for (const block of doc.body) {
    if (block.kind === 'heading') {
      lines.push('', block.level === 1 ? block.text.toUpperCase() : block.text, '');
    } else {
      lines.push(block.text, '');
    }
  }
  return Buffer.from(
    `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`,
    'utf8',
  );
}
