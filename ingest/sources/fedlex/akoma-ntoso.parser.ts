/**
 * Akoma Ntoso 3.0 as Fedlex publishes consolidated acts (domain.md, "Fedlex"): metadata from
 * `meta/identification/FRBRWork` (SR number, names and short forms per language, applicability
 * date) and `FRBRExpression` (language), the title and "Stand am ..." from the `preface`, the
 * block structure (book/part/title/chapter/section/level, `disp_*` final provisions) and the
 * articles of the `body`, and the gazette references of the footnotes (`authorialNote`).
 *
 * Text rendering: one line per paragraph or list item, prefixed with its number (`1 ...`,
 * `a. ...`); footnotes are left out of the text but their AS/BBl/RO/FF references are collected.
 */
import type { GazetteRef, StatuteArticle, StatuteBlock } from '../../../contracts/events/index.ts';
import { dateAt } from '../../../contracts/citation/grammar/stated-dates.ts';
import { articleNumFromEid, normaliseArticleNum } from '../../../contracts/laws/article-numbers.ts';
import {
  editionOf,
  eliFromHref,
  parseGazetteCitation,
  refTypeFor,
  REF_TYPE_INFO,
  type GazetteRefType,
} from '../../../contracts/laws/gazette-refs.ts';
import { plainText, renderLines, textOf } from './akoma-ntoso.text.ts';
import {
  childElements,
  findAll,
  findDescendant,
  firstChild,
  parseXmlTree,
  squash,
  type XmlElement,
} from './xml-tree.ts';

export type ActLanguage = 'de' | 'fr' | 'it';

export interface ParsedAct {
  readonly sr_number: string;
  readonly language: ActLanguage;
  readonly consolidation_date: string;
  readonly entry_into_force: string | null;
  readonly title: string;
  readonly abbreviation: string | null;
  /** Classified-compilation ELI without the version date: `eli/cc/2007/885`. */
  readonly eli: string | null;
  readonly blocks: StatuteBlock[];
  readonly articles: StatuteArticle[];
  readonly gazette_refs: GazetteRef[];
  /** Articles whose number could not be read (skipped), by eId. */
  readonly skipped_articles: string[];
}

/** Well-formed XML that is not a usable consolidated act. */
export class AkomaNtosoError extends Error {
  readonly code = 'INGEST_AKN_INVALID';
}

const LANGUAGE_CODES: Readonly<Record<string, ActLanguage>> = {
  de: 'de',
  deu: 'de',
  ger: 'de',
  fr: 'fr',
  fra: 'fr',
  fre: 'fr',
  it: 'it',
  ita: 'it',
};

const BLOCK_ELEMENTS = new Set([
  'book',
  'part',
  'title',
  'subtitle',
  'chapter',
  'subchapter',
  'section',
  'subsection',
  'level',
  'division',
  'subdivision',
  'transitional',
  'hcontainer',
  'tome',
]);
/** "Stand am 1. Januar 2008", "(Etat le 1er janvier 2008)", "(Stato 1° gennaio 2008)". */
export function statedConsolidationDate(text: string): string | null {
  const m = /(Stand am|[EÉ]tat (?:le|au)|Stato (?:al |il )?)\s*/iu.exec(text);
  if (!m) return null;
  const found = dateAt(text, m.index + m[0].length);
  return found?.iso ?? null;
}

function attr(element: XmlElement | undefined, name: string): string | null {
  const value = element?.attrs[name];
  return value !== undefined && value.trim().length > 0 ? value.trim() : null;
}

function frbrDate(work: XmlElement | undefined, name: string): string | null {
  const el = work ? childElements(work, 'FRBRdate').find((d) => d.attrs['name'] === name) : undefined;
  const date = attr(el, 'date');
  return date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

/** `https://fedlex.data.admin.ch/eli/cc/2007/885/20080101` -> `eli/cc/2007/885`. */
function workEli(work: XmlElement | undefined): string | null {
  const uri = attr(firstChild(work, 'FRBRuri'), 'value') ?? attr(firstChild(work, 'FRBRthis'), 'value');
  const m = uri ? /(eli\/cc\/\d{1,4}\/[A-Za-z0-9_.-]+)/.exec(uri) : null;
  return m?.[1] ?? null;
}

/** Footnote references to the official compilation and the Federal Gazette. */
function gazetteRefs(root: XmlElement, language: ActLanguage): GazetteRef[] {
  const refs: GazetteRef[] = [];
  const seen = new Set<string>();
  for (const note of findAll(root, 'authorialNote')) {
    let previous: GazetteRefType | undefined;
    for (const ref of findAll(note, 'ref')) {
      const eli = eliFromHref(ref.attrs['href'] ?? '');
      const citation = parseGazetteCitation(squash(plainText(ref)), previous);
      if (!citation) continue;
      previous = citation.ref_type;
      if (!eli || !eli.startsWith(`eli/${REF_TYPE_INFO[citation.ref_type].collection}/`)) continue;
      // The abbreviation as written in this language's edition (an AS footnote in French is RO).
      const refType = refTypeFor(REF_TYPE_INFO[citation.ref_type].collection, language);
      const key = `${refType}|${editionOf(refType, language)}|${citation.year}|${citation.page}|${eli}`;
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push({ ref_type: refType, year: citation.year, page: citation.page, eli, language });
    }
  }
  return refs;
}

interface Walk {
  readonly blocks: StatuteBlock[];
  readonly articles: StatuteArticle[];
  readonly skipped: string[];
  readonly eids: Set<string>;
}

const REPEAL_WORDS =
  /^(?:Aufgehoben|Abrogé|Abrogée|Abrogés|Abrogées|Abrogato|Abrogata|Abrogati|Abrogate)\b\.?$/iu;
/** `mit Wirkung seit 1. Jan. 2013`, `avec effet au 1er janvier 2013`, `con effetto dal 1° gennaio 2013`. */
const EFFECT = /(?:mit Wirkung (?:seit|ab|auf den)|avec effet (?:au|dès le|le)|con effetto (?:dal|il))\s*/iu;

/** The repeal an article's footnotes state: the date it took effect and the repealing act's AS/RO/RU reference. */
function repealOf(footnotes: readonly { text: string }[]): { date: string | null; by: string | null } {
  for (const { text } of footnotes) {
    if (!/aufgehoben|abrog/i.test(text)) continue;
    const effect = EFFECT.exec(text);
    const date = effect ? (dateAt(text, effect.index + effect[0].length)?.iso ?? null) : null;
    const by = /\b(?:AS|RO|RU)\s+\d{4}\s+\d{1,5}\b/.exec(text)?.[0] ?? null;
    return { date, by };
  }
  return { date: null, by: null };
}

/** The article's footnotes, verbatim (without the AS/BBl links' markup). */
function footnotesOf(article: XmlElement): { marker: string | null; text: string }[] {
  return findAll(article, 'authorialNote')
    .map((note) => ({
      marker: attr(note, 'marker'),
      text: squash(plainText(note))
        .replace(/\s+([.,;:)])/g, '$1')
        .replace(/\(\s+/g, '('),
    }))
    .filter((f) => f.text.length > 0);
}

/**
 * The numbers an article heading names: one (`Art. 5a`), or several when repealed articles are
 * noted together (`Art. 11 und 12`, `Art. 11–14`, `Art. 11-13 Aufgehoben`, `Art. 3 et 4`).
 */
export function articleNumsOf(numText: string): string[] {
  const text = squash(numText)
    .replace(/^(?:Art(?:ikel|icle|icolo)?s?\.?|Artt\.|§§?)\s*/iu, '')
    .replace(/\s*(?:Aufgehoben|Abrogés?|Abrogées?|Abrogat[oiae])\.?$/iu, '')
    .replace(/\.$/, '');
  const single = normaliseArticleNum(text);
  if (single !== undefined) return [single];
  const range = /^(\d{1,4})\s*(?:[-–—]|bis|à|a|al)\s*(\d{1,4})$/u.exec(text);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (to > from && to - from <= 200)
      return Array.from({ length: to - from + 1 }, (_, k) => String(from + k));
  }
  const parts = text.split(/\s*(?:,|\bund\b|\bet\b|\be\b|\bsowie\b)\s*/u).filter((p) => p.length > 0);
  const nums = parts.map((p) => normaliseArticleNum(p));
  return parts.length > 1 && nums.every((n) => n !== undefined) ? nums : [];
}

function walkBody(element: XmlElement, parent: string | null, walk: Walk): void {
  for (const child of childElements(element)) {
    if (child.name === 'article') {
      const eid = attr(child, 'eId') ?? `article_${walk.articles.length + 1}`;
      // The number line wins where it names several articles (a note of repealed articles shares one eId).
      const fromText = articleNumsOf(plainText(firstChild(child, 'num') ?? child));
      const fromEid = articleNumFromEid(eid);
      const nums = fromText.length > 1 || fromEid === undefined ? fromText : [fromEid];
      if (nums.length === 0 || walk.eids.has(eid)) {
        walk.skipped.push(eid);
        continue;
      }
      walk.eids.add(eid);
      const body: XmlElement = {
        name: 'article',
        attrs: {},
        children: child.children.filter(
          (c) => typeof c === 'string' || (c.name !== 'num' && c.name !== 'heading'),
        ),
      };
      const rendered = renderLines(body).join('\n');
      // `Art. 11–13 Aufgehoben`: the repeal note may stand in the article's number line
      const numNote = /\b(Aufgehoben|Abrog\p{L}*)\.?$/iu.exec(
        squash(plainText(firstChild(child, 'num') ?? child)),
      )?.[1];
      const text = rendered === '' && numNote ? numNote : rendered;
      const footnotes = footnotesOf(child);
      const repealed = REPEAL_WORDS.test(text);
      for (const num of nums) {
        walk.articles.push({
          article_num: num,
          // Articles noted together share one element: each gets an id of its own.
          eid: nums.length > 1 ? `${eid}#${num}` : eid,
          heading: textOf(firstChild(child, 'heading')),
          text,
          block: parent,
          ...(repealed ? { repealed: repealOf(footnotes) } : {}),
          ...(footnotes.length > 0 ? { footnotes } : {}),
        });
      }
    } else if (BLOCK_ELEMENTS.has(child.name)) {
      const id = attr(child, 'eId') ?? `${parent ?? 'body'}/${child.name}_${walk.blocks.length + 1}`;
      walk.blocks.push({
        id,
        kind: child.name,
        num: textOf(firstChild(child, 'num')),
        heading: textOf(firstChild(child, 'heading')) ?? textOf(firstChild(child, 'subheading')),
        parent,
      });
      walkBody(child, id, walk);
    }
  }
}

export interface ParseExpectations {
  /** The language the listing promised; a different document language is an error. */
  readonly language?: ActLanguage;
  readonly srNumber?: string;
}

/** Parses one consolidated act in one language. Throws XmlSyntaxError or AkomaNtosoError. */
export function parseAkomaNtoso(xml: string, expect: ParseExpectations = {}): ParsedAct {
  const root = parseXmlTree(xml);
  if (root.name !== 'akomaNtoso')
    throw new AkomaNtosoError(`root element is <${root.name}>, not <akomaNtoso>`);
  const doc = childElements(root).find((c) => ['act', 'doc', 'bill', 'statement'].includes(c.name));
  if (!doc) throw new AkomaNtosoError('no <act> in <akomaNtoso>');
  const identification = findDescendant(firstChild(doc, 'meta') ?? doc, 'identification');
  const work = firstChild(identification, 'FRBRWork');
  const expression = firstChild(identification, 'FRBRExpression');

  const srNumber = attr(firstChild(work, 'FRBRnumber'), 'value');
  if (srNumber === null) throw new AkomaNtosoError('no FRBRWork/FRBRnumber (SR number)');
  if (expect.srNumber !== undefined && expect.srNumber !== srNumber) {
    throw new AkomaNtosoError(`SR number ${srNumber} differs from the listed ${expect.srNumber}`);
  }
  const rawLanguage = attr(firstChild(expression, 'FRBRlanguage'), 'language') ?? expect.language ?? null;
  const language = rawLanguage !== null ? LANGUAGE_CODES[rawLanguage.toLowerCase()] : undefined;
  if (language === undefined)
    throw new AkomaNtosoError(`language '${rawLanguage ?? ''}' is not de, fr or it`);
  if (expect.language !== undefined && expect.language !== language) {
    throw new AkomaNtosoError(`document language ${language} differs from the listed ${expect.language}`);
  }

  const preface = firstChild(doc, 'preface');
  const prefaceText = preface ? squash(plainText(preface)) : '';
  const consolidation =
    frbrDate(expression, 'jolux:dateApplicability') ??
    frbrDate(work, 'jolux:dateApplicability') ??
    statedConsolidationDate(prefaceText);
  if (consolidation === null)
    throw new AkomaNtosoError('no consolidation date (jolux:dateApplicability or "Stand am")');

  const name = work
    ? childElements(work, 'FRBRname').find((n) => n.attrs['xml:lang'] === language)
    : undefined;
  const docTitle = preface ? textOf(findDescendant(preface, 'docTitle')) : null;
  const title = docTitle ?? attr(name, 'value');
  if (title === null) throw new AkomaNtosoError('no title (preface docTitle or FRBRname)');

  const body = firstChild(doc, 'body');
  if (!body) throw new AkomaNtosoError('no <body>');
  const walk: Walk = { blocks: [], articles: [], skipped: [], eids: new Set() };
  walkBody(body, null, walk);

  return {
    sr_number: srNumber,
    language,
    consolidation_date: consolidation,
    entry_into_force: frbrDate(work, 'jolux:dateEntryInForce'),
    title,
    abbreviation: attr(name, 'shortForm'),
    eli: workEli(work),
    blocks: walk.blocks,
    articles: walk.articles,
    gazette_refs: gazetteRefs(doc, language),
    skipped_articles: walk.skipped,
  };
}
