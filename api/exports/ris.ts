import { type ExportDocument, ownCitation } from './export-document.ts';

/** Longest abstract (Regeste) an RIS record carries. */
export const RIS_ABSTRACT_CHARS = 2000;

/** A tag value on one line: line breaks and runs of whitespace become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The decision as an RIS record of type CASE (CRLF line ends, UTF-8). */
export function renderRis(doc: ExportDocument): Buffer {
  const lines: [string, string][] = [
    ['TY', 'CASE'],
    ['TI', oneLine(doc.title || ownCitation(doc))],
    ['AU', oneLine(doc.courtName)],
  ];
  if (doc.decisionDate) {
    const [y, m, d] = doc.decisionDate.split('-');
    lines.push(['PY', y!], ['DA', `${y}/${m}/${d}/`]);
  }
  lines.push(['AN', oneLine(doc.docketNumber)], ['LA', doc.language]);
  if (doc.regeste) {
    const abstract = [...oneLine(doc.regeste)];
    lines.push(['AB', abstract.slice(0, RIS_ABSTRACT_CHARS).join('').trimEnd()]);
  }
  lines.push(
    [
      'N1',
      `${doc.citations.citation_string_de}; ${doc.citations.citation_string_fr}; ${doc.citations.citation_string_it}`,
    ],
    ['UR', doc.canonicalUrl],
    ['ID', doc.decisionId],
    ['ER', ''],
  );
  return Buffer.from(`${lines.map(([tag, value]) => `${tag}  - ${value}`).join('\r\n')}\r\n`, 'utf8');
}
