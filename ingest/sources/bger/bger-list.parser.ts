/**
 * The Federal Supreme Court's "Neuheiten" page (`index_aza.php?date=YYYYMMDD&mode=news`): the
 * decisions the court put online that day. A table row per decision (decision date, docket linked
 * to the decision page `index.php?highlight_docid=aza://DD-MM-YYYY-{docket}`, legal area in a
 * `<cite>`, a trailing `*` on decisions intended for publication in the official collection),
 * followed by a row holding the subject. The page is the same in German, French and Italian; only
 * the labels differ, so the parser reads the structure, never the words.
 */
import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import { normaliseDocket } from '../../../contracts/courts/decision-id.ts';

/** One decision of a Neuheiten list. */
export interface BgerListEntry {
  /** The decision's id on the site: `aza://29-04-2026-4A_528-2025`. */
  readonly docId: string;
  /** The docket as the list writes it, normalised (`4A_528/2025`). */
  readonly docket: string;
  /** Decision date (ISO) as the list gives it. */
  readonly decisionDate: string;
  /** Legal area (`Vertragsrecht`, `Procédure pénale`), without the publication mark. */
  readonly legalArea: string | null;
  /** The subject line under the entry, when the list has one. */
  readonly subject: string | null;
  /** Marked `*`: intended for publication in the official collection (BGE). */
  readonly forPublication: boolean;
  /** The link to the decision page as the list gives it (absolute or relative). */
  readonly href: string;
}

export interface BgerList {
  /** The day the list is for (ISO), when the page states it. */
  readonly listDate: string | null;
  readonly entries: readonly BgerListEntry[];
  /** Rows that link a decision but could not be read, with the reason. */
  readonly problems: readonly { readonly docId: string | null; readonly message: string }[];
}

/** A page that is not a Neuheiten list at all (an error page, a bot check, a changed layout). */
export class BgerListError extends Error {
  readonly code = 'INGEST_BGER_LIST_MALFORMED';
  constructor(message: string) {
    super(message);
    this.name = 'BgerListError';
  }
}

const DOC_ID = /^aza:\/\/(\d{2})-(\d{2})-(\d{4})-(.+)$/;
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** `29.04.2026` → `2026-04-29`, or null when it is not a calendar date. */
export function isoFromDotted(text: string): string | null {
  const m = DOTTED_DATE.exec(text.trim());
  if (!m) return null;
  return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
}

function isoDate(y: number, mo: number, d: number): string | null {
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

const clean = (text: string): string => text.replace(/[\s\u00a0]+/g, ' ').trim();

/** The `highlight_docid` of a decision link, or null for any other link. */
export function docIdOf(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, 'https://search.bger.ch/');
  } catch {
    return null;
  }
  const id = url.searchParams.get('highlight_docid');
  return id && DOC_ID.test(id) ? id : null;
}

/**
 * Reads a Neuheiten page. Throws BgerListError when the page is no such list (neither a decision
 * link nor the stated day); a row that links a decision but lacks a readable date or docket is
 * reported in `problems` and left out.
 */
export function parseBgerList(html: string): BgerList {
  // htmlparser2 (several times faster than the default parse5 on a long list), entities decoded.
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } });
  const entries: BgerListEntry[] = [];
  const problems: { docId: string | null; message: string }[] = [];
  const seen = new Set<string>();
  for (const link of $('a[href*="highlight_docid"]').toArray()) {
    const href = $(link).attr('href') ?? '';
    const docId = docIdOf(href);
    if (!docId) continue;
    if (seen.has(docId)) continue;
    seen.add(docId);
    const row = $(link).closest('tr');
    if (row.length === 0) {
      problems.push({ docId, message: `list entry ${docId}: the link is not in a table row` });
      continue;
    }
    const entry = readRow($, row.get(0) as Element, link, docId, href);
    if ('message' in entry) problems.push({ docId, message: entry.message });
    else entries.push(entry);
  }
  const listDate = statedListDate($);
  if (entries.length === 0 && problems.length === 0 && listDate === null)
    throw new BgerListError('not a list of new decisions: no decision links and no list date');
  return { listDate, entries, problems };
}

function readRow(
  $: cheerio.CheerioAPI,
  row: Element,
  link: Element,
  docId: string,
  href: string,
): BgerListEntry | { message: string } {
  const cells = $(row).children('td').toArray();
  const texts = cells.map((c) => clean($(c).text()));
  const idParts = DOC_ID.exec(docId)!;
  const idDate = isoDate(Number(idParts[3]), Number(idParts[2]), Number(idParts[1]));
  const cellDate = texts.map(isoFromDotted).find((d) => d !== null) ?? null;
  const decisionDate = cellDate ?? idDate;
  if (!decisionDate) return { message: `list entry ${docId}: no decision date` };
  const written = clean($(link).text());
  const docket = normaliseDocket(written);
  if (!/\d/.test(docket)) return { message: `list entry ${docId}: no docket number in '${written}'` };
  const citeText = clean($(row).find('cite').first().text());
  const area = citeText || (texts.at(-1) ?? '');
  const marked = /\*\s*$/.test(area) || texts.some((t) => t === '*');
  const legalArea = clean(area.replace(/\*\s*$/, ''));
  return {
    docId,
    docket,
    decisionDate,
    legalArea: legalArea && legalArea !== written && !isoFromDotted(legalArea) ? legalArea : null,
    subject: subjectAfter($, row),
    forPublication: marked,
    href,
  };
}

/** The subject row that follows an entry: a row without a decision link whose last cell has text. */
function subjectAfter($: cheerio.CheerioAPI, row: Element): string | null {
  const next = $(row).next('tr');
  if (next.length === 0 || next.find('a[href*="highlight_docid"]').length > 0) return null;
  const text = clean(next.children('td').last().text());
  return text ? text.replace(/[,;]\s*$/, '') : null;
}

/** The day the list states (`Liste der am <b>02.07.2026</b> neu aufgenommenen Entscheide`). */
function statedListDate($: cheerio.CheerioAPI): string | null {
  for (const el of $('b, strong').toArray()) {
    const iso = isoFromDotted(clean($(el).text()));
    if (iso && $(el).closest('table').length === 0) return iso;
  }
  return null;
}
