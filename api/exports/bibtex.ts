import { type ExportDocument, ownCitation } from './export-document.ts';

const BIBTEX_SPECIALS: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '^': '\\^{}',
  '~': '\\~{}',
};

/** A field value with BibTeX's special characters escaped and whitespace collapsed (UTF-8 kept). */
export function bibtexEscape(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\{}$&%#_^~]/g, (c) => BIBTEX_SPECIALS[c]!);
}

/** A citation key from the decision id: ASCII letters, digits and `_ - : .` only. */
export function bibtexKey(decisionId: string): string {
  const ascii = decisionId.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const key = ascii.replace(/[^A-Za-z0-9_\-:.]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Za-z]/.test(key) ? key : `d_${key}`;
}

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  de: 'german',
  fr: 'french',
  it: 'italian',
  rm: 'romansh',
};

/** One BibTeX `@misc` entry (UTF-8): title, the court as corporate author, year, citation, URL, docket. */
export function renderBibtex(doc: ExportDocument): Buffer {
  const citation = ownCitation(doc);
  const fields: [string, string][] = [
    ['title', `{${bibtexEscape(doc.title || citation)}}`],
    ['author', `{{${bibtexEscape(doc.courtName)}}}`],
    ...(doc.decisionDate
      ? ([
          ['year', `{${doc.decisionDate.slice(0, 4)}}`],
          ['date', `{${doc.decisionDate}}`],
        ] as [string, string][])
      : []),
    ['howpublished', `{${bibtexEscape(citation)}}`],
    ['url', `{${doc.canonicalUrl}}`],
    ['note', `{${bibtexEscape(doc.docketNumber)}}`],
    ['language', `{${LANGUAGE_NAMES[doc.language] ?? doc.language}}`],
  ];
  const body = fields.map(([name, value]) => `  ${name} = ${value}`).join(',\n');
  return Buffer.from(`@misc{${bibtexKey(doc.decisionId)},\n${body}\n}\n`, 'utf8');
}
