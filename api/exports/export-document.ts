import { canonicalUrl, citationStrings } from '../../contracts/citation/citation-strings.ts';
import { courtByKey } from '../../contracts/courts/court-registry.ts';
import type { Database } from '../../infra/db/database.ts';
import { loadErwaegungen, loadStructure } from '../queries/structure.query.ts';
import type { SummaryContext } from '../queries/summaries.ts';
import type { ExportBlock, ExportDocument, ExportLanguage } from './export-types.ts';

export type { ExportBlock, ExportDocument, ExportLanguage } from './export-types.ts';

const LABELS = {
  de: {
    court: 'Gericht',
    date: 'Datum',
    docket: 'Geschäftsnummer',
    citation: 'Zitierung',
    url: 'URL',
    regeste: 'Regeste',
    facts: 'Sachverhalt',
    considerations: 'Erwägungen',
    operative: 'Dispositiv',
    text: 'Text',
    pinpoint: 'E.',
  },
  fr: {
    court: 'Tribunal',
    date: 'Date',
    docket: 'Numéro de dossier',
    citation: 'Citation',
    url: 'URL',
    regeste: 'Regeste',
    facts: 'Faits',
    considerations: 'Considérants',
    operative: 'Dispositif',
    text: 'Texte',
    pinpoint: 'consid.',
  },
  it: {
    court: 'Tribunale',
    date: 'Data',
    docket: 'Numero d’incarto',
    citation: 'Citazione',
    url: 'URL',
    regeste: 'Regesto',
    facts: 'Fatti',
    considerations: 'Considerandi',
    operative: 'Dispositivo',
    text: 'Testo',
    pinpoint: 'consid.',
  },
} as const;

export type ExportLabels = (typeof LABELS)[ExportLanguage];

export function labelsOf(doc: Pick<ExportDocument, 'labelLanguage'>): ExportLabels {
  return LABELS[doc.labelLanguage];
}

/** The text without characters XML (and so Word, Atom) cannot carry: C0 controls, lone surrogates, U+FFFE/F. */
export function xmlSafe(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

/** Paragraphs of a text: one per non-empty line, whitespace inside a line collapsed. */
export function paragraphsOf(text: string | null): string[] {
  if (!text) return [];
  return xmlSafe(text)
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/[ \t\u00A0]+/g, ' ').trim())
    .filter((line) => line.length > 0);
}

const paragraphs = (text: string | null): ExportBlock[] =>
  paragraphsOf(text).map((t) => ({ kind: 'paragraph', text: t }));

/** The decision a reference names, as an export document; null when there is none. */
export async function loadExportDocument(
  db: Database,
  decisionId: string,
  ctx: SummaryContext,
): Promise<ExportDocument | null> {
  const d = await db
    .selectFrom('decisions')
    .selectAll()
    .where('decision_id', '=', decisionId)
    .executeTakeFirst();
  if (!d) return null;
  const labelLanguage: ExportLanguage = d.language === 'fr' || d.language === 'it' ? d.language : 'de';
  const labels = LABELS[labelLanguage];
  const structure = await loadStructure(db, d.decision_id);
  const erwaegungen = (await loadErwaegungen(db, [d.decision_id])).get(d.decision_id) ?? [];
  const body: ExportBlock[] = [];
  if (structure && erwaegungen.length > 0) {
    const facts = paragraphs(structure.facts);
    if (facts.length > 0) body.push({ kind: 'heading', level: 1, text: labels.facts }, ...facts);
    body.push({ kind: 'heading', level: 1, text: labels.considerations });
    body.push(...paragraphs(structure.considerations_intro));
    for (const e of erwaegungen) {
      body.push({ kind: 'heading', level: Math.min(1 + e.depth, 4), text: `${labels.pinpoint} ${e.number}` });
      body.push(...paragraphs(e.text));
    }
    const operative = paragraphs(structure.operative);
    if (operative.length > 0) body.push({ kind: 'heading', level: 1, text: labels.operative }, ...operative);
  } else {
    body.push({ kind: 'heading', level: 1, text: labels.text }, ...paragraphs(d.full_text));
  }
  const court = courtByKey(d.court);
  return {
    decisionId: d.decision_id,
    language: d.language,
    labelLanguage,
    title: xmlSafe(d.title.trim()),
    citations: citationStrings(d, ctx.today),
    court: d.court,
    courtName: court ? court.name[labelLanguage] : d.court,
    canton: d.canton,
    decisionDate: d.decision_date,
    docketNumber: xmlSafe(d.docket_number),
    canonicalUrl: canonicalUrl(ctx.publicBaseUrl, d.decision_id),
    regeste: d.regeste?.trim() ? xmlSafe(d.regeste.trim()) : null,
    body,
  };
}

/** The citation string in the decision's language (German for Romansh): the heading of every format. */
export function ownCitation(doc: ExportDocument): string {
  const c = doc.citations;
  return { de: c.citation_string_de, fr: c.citation_string_fr, it: c.citation_string_it }[doc.labelLanguage];
}

/** The heading lines of a document: its citation, then its title when it has one of its own. */
export function titleLines(doc: ExportDocument): string[] {
  const citation = ownCitation(doc);
  return doc.title && doc.title !== citation ? [citation, doc.title] : [citation];
}

/** The head lines every format shows first: citation strings, court, date, docket, URL. */
export function headLines(doc: ExportDocument): { label: string; value: string }[] {
  const l = labelsOf(doc);
  return [
    { label: `${l.citation} (de)`, value: doc.citations.citation_string_de },
    { label: `${l.citation} (fr)`, value: doc.citations.citation_string_fr },
    { label: `${l.citation} (it)`, value: doc.citations.citation_string_it },
    { label: l.court, value: doc.courtName },
    ...(doc.decisionDate ? [{ label: l.date, value: doc.decisionDate }] : []),
    { label: l.docket, value: doc.docketNumber },
    { label: l.url, value: doc.canonicalUrl },
  ];
}
