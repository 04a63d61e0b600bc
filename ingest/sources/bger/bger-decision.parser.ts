/**
 * A decision page of the Federal Supreme Court (`index.php?highlight_docid=aza://…`): the text in
 * `div#highlight_content > div.content`, one `div.para` per paragraph, headed by the court's name in
 * four languages, the docket, "Urteil vom …" / "Arrêt du …" / "Sentenza del …" and the chamber.
 *
 * The decision is read exactly as the entscheidsuche parser reads the same text (docket, date,
 * chamber, decision type, title, paragraphs), so that the same judgment from both sources has the
 * same decision id, court, chamber, docket and date, and is one decision.
 */
import * as cheerio from 'cheerio';
import { detectLanguage } from '../../../contracts/citation/lexical-match.ts';
import type { Language } from '../../../contracts/courts/cantons.ts';
import { courtByKey } from '../../../contracts/courts/court-registry.ts';
import { decisionIdFor } from '../../../contracts/courts/decision-id.ts';
import {
  type NormalisedDecision,
  normalisedDecisionSchema,
  type SourceRecordNotes,
} from '../../../contracts/events/decision-events.ts';
import { SourceItemError } from '../../source.port.ts';
import {
  ORDINAL_CHAMBER,
  contentHash,
  decisionTypeOf,
  titleOf,
} from '../entscheidsuche/entscheidsuche.parser.ts';
import { CHAMBER_LABELS } from '../entscheidsuche/entscheidsuche.labels.ts';
import { htmlToParagraphs } from '../entscheidsuche/html-text.ts';
import { normaliseLayout } from '../entscheidsuche/page-layout.ts';
import { statedDecisionDate, statedDocket } from '../entscheidsuche/stated-metadata.ts';
import type { BgerListEntry } from './bger-list.parser.ts';

export interface BgerParseContext {
  /** Item id within the source (the list entry's id). */
  readonly itemId: string;
  readonly sourceName: string;
  /** ISO date-time of the scrape. */
  readonly scrapedAt: string;
  /** The page's address, kept as the decision's source URL. */
  readonly url: string;
  /** The day of the list that named the decision (ISO): its publication date. */
  readonly listDate: string | null;
}

/** How the `*` of the list is carried: a note after the title, in the decision's language. */
export const PUBLICATION_NOTE: Readonly<Record<Language, string>> = {
  de: '(zur Publikation vorgesehen)',
  fr: '(destiné à la publication)',
  it: '(destinata alla pubblicazione)',
  rm: '(zur Publikation vorgesehen)',
};

const TYPE_LANGUAGE: Readonly<Record<string, Language>> = {
  Urteil: 'de',
  Teilurteil: 'de',
  Beschluss: 'de',
  Verfügung: 'de',
  Zwischenverfügung: 'de',
  Entscheid: 'de',
  Zwischenentscheid: 'de',
  Arrêt: 'fr',
  Décision: 'fr',
  Ordonnance: 'fr',
  Jugement: 'fr',
  Sentenza: 'it',
  Decisione: 'it',
  Decreto: 'it',
};

/** Division digit of a docket (`5A_459/2025` → 5) → the portal's chamber signature. */
const CHAMBER_SIGNATURE: Readonly<Record<string, string>> = {
  '1': 'CH_BGer_001',
  '2': 'CH_BGer_002',
  '4': 'CH_BGer_004',
  '5': 'CH_BGer_005',
  '6': 'CH_BGer_006',
  '8': 'CH_BGer_008',
  '9': 'CH_BGer_009',
};

const squash = (s: string) => s.replace(/[\s._/\\-]+/g, '').toLowerCase();

/** The paragraphs of the decision text, or null when the page holds none (an error or bot-check page). */
export function bgerPageParagraphs(html: string): string[] | null {
  // htmlparser2 (several times faster than the default parse5 on a long list), entities decoded.
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } });
  const own = $('#highlight_content div.content').first();
  const content = own.length > 0 ? own : $('div.content').has('div.para').first();
  if (content.length === 0) return null;
  const paragraphs = htmlToParagraphs(`<div class="content">${content.html() ?? ''}</div>`);
  return paragraphs.length > 0 ? paragraphs : null;
}

/**
 * Maps a decision page and its list entry to a normalised decision. The list gives the docket and
 * date; the header of the text wins where it states them otherwise (both kept in `source_record`).
 * Language: the decision-type line (`Urteil`, `Arrêt`, `Sentenza`), else the text's function words.
 * Chamber: the header line naming it (`II. zivilrechtliche Abteilung`), else the portal's label
 * for the docket's division. A page without decision text, or whose header does not state the
 * listed docket, is a SourceItemError.
 */
export function parseBgerDecision(
  html: string,
  entry: BgerListEntry,
  ctx: BgerParseContext,
): NormalisedDecision {
  const fail = (message: string): never => {
    throw new SourceItemError(ctx.itemId, `${entry.docket}: ${message}`);
  };
  const raw = bgerPageParagraphs(html) ?? fail(`no decision text on the page (${ctx.url})`);
  const head = raw.slice(0, 60).map(squash);
  if (!head.some((p) => p.includes(squash(entry.docket))))
    fail(`the page does not state the listed docket (${ctx.url})`);
  const type = decisionTypeOf(raw);
  const language =
    (type ? TYPE_LANGUAGE[type] : undefined) ??
    detectLanguage(raw.join('\n')) ??
    fail('cannot tell the language of the text');
  const paragraphs = normaliseLayout(raw, language);
  const court = courtByKey('bger') ?? fail('the court registry has no bger');
  const docket = statedDocket(paragraphs, entry.docket) ?? entry.docket;
  const textDate = statedDecisionDate(paragraphs, docket);
  const decisionDate = textDate ?? entry.decisionDate;
  const disagreements: SourceRecordNotes['disagreements'] = [];
  if (textDate && textDate !== entry.decisionDate)
    disagreements.push({ field: 'decision_date', record: entry.decisionDate, text: textDate });
  if (docket !== entry.docket)
    disagreements.push({ field: 'docket_number', record: entry.docket, text: docket });
  const title = titleOf(paragraphs, type, decisionDate, docket, language, ctx.scrapedAt.slice(0, 10));
  const fields: Omit<NormalisedDecision, 'provenance'> = {
    decision_id: decisionIdFor(court.key, docket),
    court: court.key,
    canton: court.canton,
    chamber: chamberOf(paragraphs, docket, language),
    docket_number: docket,
    decision_type: type,
    decision_date: decisionDate,
    publication_date: ctx.listDate,
    language,
    title: entry.forPublication ? `${title} ${PUBLICATION_NOTE[language]}` : title,
    regeste: null,
    full_text: paragraphs.join('\n\n'),
    source_url: ctx.url,
    source_record: { court_code: null, court_known: true, disagreements },
  };
  const decision = {
    ...fields,
    provenance: {
      source: ctx.sourceName,
      source_item_id: ctx.itemId,
      scraped_at: ctx.scrapedAt,
      content_hash: contentHash(fields),
    },
  };
  const checked = normalisedDecisionSchema.safeParse(decision);
  if (!checked.success)
    return fail(
      `normalised decision invalid: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return checked.data;
}

function chamberOf(paragraphs: readonly string[], docket: string, language: Language): string | null {
  for (const p of paragraphs.slice(0, 15)) {
    if (p.length <= 80 && ORDINAL_CHAMBER.test(p)) return p;
  }
  const signature = CHAMBER_SIGNATURE[/^(\d{1,2})/.exec(docket)?.[1] ?? ''];
  const labels = signature ? CHAMBER_LABELS[signature] : undefined;
  if (!labels) return null;
  return labels[language === 'fr' ? 1 : language === 'it' ? 2 : 0];
}
