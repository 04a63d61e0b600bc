/**
 * Federal Gazette documents in Akoma Ntoso as Fedlex publishes them (`<doc name="message">`):
 * the messages of the Federal Council and the parliamentary changes to a bill. Every paragraph
 * (`<p>`) of the main body becomes one verbatim passage with the page it starts on (page breaks:
 * `<eop number="N"/>`, the page that begins after the mark), the section it stands in, the topic
 * that section's heading names and the articles it discusses (named in the passage or in an
 * enclosing heading such as `Art. 12 Berufsregeln`).
 */
import type { MaterialPassage, MaterialTopic } from '../../../contracts/events/index.ts';
import { findCitations } from '../../../contracts/citation/grammar/index.ts';
import { normaliseArticleNum } from '../../../contracts/laws/article-numbers.ts';
import { plainText, textOf } from '../fedlex/akoma-ntoso.text.ts';
import { childElements, findDescendant, firstChild, parseXmlTree, squash, type XmlElement } from '../fedlex/xml-tree.ts';

export interface ParsedGazetteDocument {
  readonly eli: string | null;
  readonly title: string;
  readonly date: string | null;
  readonly language: string | null;
  readonly passages: MaterialPassage[];
}

/** Well-formed XML that is not a usable gazette document. */
export class GazetteDocumentError extends Error {
  readonly code = 'INGEST_GAZETTE_DOC_INVALID';
}

/** Heading words per topic, de/fr/it; the innermost heading that names one decides. */
const TOPIC_WORDS: readonly (readonly [MaterialTopic, RegExp])[] = [
  [
    'modifications',
    /parlament\p{L}* (?:Beratung|Änderung)|Änderungen des Parlaments|Differenz|modifications? (?:du|apportées par le) Parlement|divergence|débats parlementaires|modific\p{L}* (?:del|apportate dal) Parlamento|divergenz|dibattito parlamentare/iu,
  ],
  [
    'alternatives',
    /Alternativ|Variante|geprüfte Lösung|verworfen|solutions? examinée|alternative|variante|soluzioni esaminate|scartat/iu,
  ],
  [
    'design',
    /Grundzüge|beantragte Neuregelung|Konzept|Ausgestaltung|grandes lignes|réglementation proposée|conception|punti essenziali|nuova normativa proposta|impostazione/iu,
  ],
  [
    'arguments',
    /Begründung|Würdigung|Erläuterung|Kommentar zu|justification|appréciation|commentaire|motivazione|valutazione|commento/iu,
  ],
  [
    'intent',
    /Ausgangslage|Zweck|Ziel|Anlass|Handlungsbedarf|contexte|objectif|but de|nécessité|contesto|scopo|obiettiv|necessità/iu,
  ],
];

export function topicOfHeading(heading: string): MaterialTopic | null {
  for (const [topic, words] of TOPIC_WORDS) if (words.test(heading)) return topic;
  return null;
}

/**
 * The article numbers a text names (`Art. 12`, `art. 41a`, `Artikel 6bis`, every article of `Artt. 5
 * e 6`, `Art. 5 f.`, `Art. 11–14`), read by the citation grammar, normalised, in order, once each.
 */
export function articlesNamed(text: string): string[] {
  const out: string[] = [];
  for (const m of findCitations(text)) {
    if (m.kind !== 'statute' || !m.statute) continue;
    const num = normaliseArticleNum(m.statute.article);
    if (num !== undefined && !out.includes(num)) out.push(num);
  }
  return out;
}

interface Context {
  readonly section: string | null;
  readonly topic: MaterialTopic | null;
  readonly articles: readonly string[];
}

interface Walk {
  page: number;
  readonly passages: MaterialPassage[];
  readonly defaultTopic: MaterialTopic;
}

/** Page breaks inside an element: the page after the last one. */
function lastPageIn(element: XmlElement, page: number): number {
  let current = page;
  for (const child of element.children) {
    if (typeof child === 'string' || child.name === 'authorialNote') continue;
    if (child.name === 'eop') current = pageAttr(child) ?? current + 1;
    else current = lastPageIn(child, current);
  }
  return current;
}

function pageAttr(eop: XmlElement): number | undefined {
  const n = Number(eop.attrs['number']);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function walk(element: XmlElement, ctx: Context, w: Walk): void {
  for (const child of childElements(element)) {
    if (child.name === 'authorialNote' || child.name === 'num' || child.name === 'heading') continue;
    if (child.name === 'eop') {
      w.page = pageAttr(child) ?? w.page + 1;
      continue;
    }
    if (child.name === 'p') {
      const text = squash(plainText(child)).replace(/\s+([.,;:)])/g, '$1');
      const startPage = w.page;
      w.page = lastPageIn(child, w.page);
      if (text.length === 0) continue;
      const articles = [...ctx.articles];
      for (const a of articlesNamed(text)) if (!articles.includes(a)) articles.push(a);
      w.passages.push({
        ordinal: w.passages.length,
        page: startPage,
        section: ctx.section,
        topic: ctx.topic ?? w.defaultTopic,
        articles: articles.slice(0, 200),
        text,
      });
      continue;
    }
    const num = textOf(firstChild(child, 'num'));
    const heading = textOf(firstChild(child, 'heading'));
    if (num === null && heading === null) {
      walk(child, ctx, w);
      continue;
    }
    const label = [num, heading].filter((s) => s !== null).join(' ');
    const named = articlesNamed(label);
    walk(
      child,
      {
        section: label,
        topic: topicOfHeading(label) ?? ctx.topic,
        articles: named.length > 0 ? named : ctx.articles,
      },
      w,
    );
  }
}

function frbr(identification: XmlElement | undefined, level: string, name: string, attr: string): string | null {
  const el = firstChild(firstChild(identification, level), name);
  const value = el?.attrs[attr]?.trim();
  return value !== undefined && value.length > 0 ? value : null;
}

/**
 * Parses one gazette document. `firstPage` is the page the document starts on (its BBl/FF
 * citation); `defaultTopic` applies where no heading names a topic. Throws XmlSyntaxError or
 * GazetteDocumentError.
 */
export function parseGazetteDocument(
  xml: string,
  options: { readonly firstPage: number; readonly defaultTopic: MaterialTopic },
): ParsedGazetteDocument {
  const root = parseXmlTree(xml);
  if (root.name !== 'akomaNtoso') throw new GazetteDocumentError(`root element is <${root.name}>, not <akomaNtoso>`);
  const doc = childElements(root).find((c) => ['doc', 'act', 'bill', 'statement'].includes(c.name));
  if (!doc) throw new GazetteDocumentError('no <doc> in <akomaNtoso>');
  const identification = findDescendant(firstChild(doc, 'meta') ?? doc, 'identification');
  const body = firstChild(doc, 'mainBody') ?? firstChild(doc, 'body');
  if (!body) throw new GazetteDocumentError('no <mainBody>');
  const preface = firstChild(doc, 'preface');
  const title =
    (preface ? textOf(findDescendant(preface, 'docTitle')) : null) ?? frbr(identification, 'FRBRWork', 'FRBRname', 'value');
  if (title === null) throw new GazetteDocumentError('no title (preface docTitle or FRBRname)');
  const date = frbr(identification, 'FRBRWork', 'FRBRdate', 'date');
  const uri = frbr(identification, 'FRBRWork', 'FRBRthis', 'value') ?? frbr(identification, 'FRBRWork', 'FRBRuri', 'value');
  const w: Walk = { page: options.firstPage, passages: [], defaultTopic: options.defaultTopic };
  walk(body, { section: null, topic: null, articles: [] }, w);
  if (w.passages.length === 0) throw new GazetteDocumentError('the document has no text passages');
  return {
    eli: uri ? (/(eli\/fga\/\d{4}\/[A-Za-z0-9_.-]+)/.exec(uri)?.[1] ?? null) : null,
    title,
    date: date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    language: frbr(identification, 'FRBRExpression', 'FRBRlanguage', 'language'),
    passages: w.passages,
  };
}
