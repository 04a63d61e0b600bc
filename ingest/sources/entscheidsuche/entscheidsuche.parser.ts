import { createHash } from 'node:crypto';
import { isCitableDate, spellDate } from '../../../contracts/citation/dates.ts';
import type { Language } from '../../../contracts/courts/cantons.ts';
import { type Court, courtBySignature, unknownCourt } from '../../../contracts/courts/court-registry.ts';
import { decisionIdFor, normaliseDocket } from '../../../contracts/courts/decision-id.ts';
import {
  type NormalisedDecision,
  normalisedDecisionSchema,
  type SourceRecordNotes,
} from '../../../contracts/events/decision-events.ts';
import { SourceItemError } from '../../source.port.ts';
import {
  entscheidsucheItemSchema,
  type EntscheidsucheItem,
  type TextEntry,
} from './entscheidsuche.schema.ts';
import { CANTON_SPELLINGS, CHAMBER_LABELS, COURT_LABELS } from './entscheidsuche.labels.ts';
import { htmlToParagraphs } from './html-text.ts';
import { normaliseLayout } from './page-layout.ts';
import { statedDecisionDate, statedDocket } from './stated-metadata.ts';

export interface ParseContext {
  /** Item id within the source (`Spider/file.json`). */
  readonly itemId: string;
  readonly sourceName: string;
  /** ISO date-time of the scrape. */
  readonly scrapedAt: string;
}

const LANGUAGES: readonly Language[] = ['de', 'fr', 'it', 'rm'];
const FRENCH_CANTONS = new Set(['GE', 'VD', 'NE', 'JU']);

/**
 * Maps one entscheidsuche.ch record (JSON + HTML) to a normalised decision.
 *
 * Field mapping: `Signatur` → court (registry, longest prefix; a signature the registry does not
 * know is kept under a court of its own, see `unknownCourt`) and chamber; `Num[0]` → docket, unless
 * the header states another number and the record's appears nowhere in it; `Sprache` → language
 * (else the canton's); decision date: the date the header states for the decision itself, else
 * `Datum` (missing → null, `YYYY` → `YYYY-01-01`); where record and text disagree both are kept in
 * `source_record`. `Abstract` in the decision's language (else the first), entities decoded and
 * markup removed → regeste; `HTML.URL` → source URL; HTML → full text (one paragraph per
 * `div.para` / `p`, blank line between; printed lines from a PDF are joined back into paragraphs
 * and their page numbers become page markers, see `page-layout.ts`). Chamber: a header line that
 * names the chamber with its ordinal ("II. zivilrechtliche Abteilung", "IIe Cour de droit
 * civil"), else the portal's all-language `Meta` entry, else the per-language `Meta` text
 * "{canton} {court} {chamber}" without canton and court, else the portal's label for the
 * signature. Decision type: the header line "Urteil vom …" / "Arrêt du …" / "Sentenza del …" (or
 * just the word), or "Auszug aus dem Urteil …" in BGE. Title: the "Gegenstand / Objet / Oggetto"
 * line, else "{type} vom {date}". Every failure is a SourceItemError naming the field.
 */
export function parseEntscheidsucheItem(
  json: unknown,
  html: string | null,
  ctx: ParseContext,
): NormalisedDecision {
  return parseRecord(json, html === null ? null : { kind: 'HTML', paragraphs: () => htmlToParagraphs(html) }, ctx);
}

/**
 * The same mapping for a record whose text is a PDF only: `lines` are the PDF's text lines in
 * reading order (page by page); they are joined back into paragraphs as printed lines of any
 * source are, and `PDF.URL` is the source URL.
 */
export function parseEntscheidsuchePdfItem(
  json: unknown,
  lines: readonly string[],
  ctx: ParseContext,
): NormalisedDecision {
  return parseRecord(json, { kind: 'PDF', paragraphs: () => lines.map((l) => l.trim()).filter((l) => l) }, ctx);
}

interface RecordText {
  readonly kind: 'HTML' | 'PDF';
  readonly paragraphs: () => string[];
}

function parseRecord(json: unknown, text: RecordText | null, ctx: ParseContext): NormalisedDecision {
  const fail = (message: string, cause?: unknown): never => {
    throw new SourceItemError(ctx.itemId, message, cause === undefined ? undefined : { cause });
  };
  const parsed = entscheidsucheItemSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`)
      .join('; ');
    return fail(`invalid entscheidsuche record: ${detail}`, parsed.error);
  }
  const item = parsed.data;
  const known = courtBySignature(item.Signatur);
  const court = known ?? unknownCourt(item.Signatur);
  const recordDocket = docketOf(item);
  const language = languageOf(item, court, fail);
  const recordDate = dateOf(item.Datum, 'Datum', fail);
  const publicationDate = dateOf(item.PDatum, 'PDatum', fail);
  if (text === null) return fail(`HTML: no HTML file for '${item.HTML?.Datei ?? ctx.itemId}'`);
  const paragraphs = normaliseLayout(text.paragraphs(), language);
  if (paragraphs.length === 0) return fail(`${text.kind}: the ${text.kind === 'PDF' ? 'document' : 'page'} has no text`);
  const textDocket = statedDocket(paragraphs, recordDocket);
  const docket = textDocket ?? recordDocket ?? fail('Num: no docket number, and none stated in the text');
  const textDate = statedDecisionDate(paragraphs, docket);
  const decisionDate = textDate ?? recordDate;
  const disagreements: SourceRecordNotes['disagreements'] = [];
  if (textDate && textDate !== recordDate)
    disagreements.push({ field: 'decision_date', record: recordDate, text: textDate });
  if (textDocket && textDocket !== recordDocket)
    disagreements.push({ field: 'docket_number', record: recordDocket, text: textDocket });
  const decisionType = decisionTypeOf(paragraphs);
  const fields: Omit<NormalisedDecision, 'provenance'> = {
    decision_id: decisionIdFor(court.key, docket),
    court: court.key,
    canton: court.canton,
    chamber: chamberOf(item, court, language, paragraphs),
    docket_number: docket,
    decision_type: decisionType,
    decision_date: decisionDate,
    publication_date: publicationDate,
    language,
    title: titleOf(paragraphs, decisionType, decisionDate, docket, language, ctx.scrapedAt.slice(0, 10)),
    regeste: regesteOf(item.Abstract, language),
    full_text: paragraphs.join('\n\n'),
    source_url: (text.kind === 'PDF' ? item.PDF?.URL : item.HTML?.URL)?.trim() || null,
    source_record: {
      court_code: item.Signatur.trim(),
      court_known: known !== undefined,
      disagreements,
    },
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
  if (!checked.success) {
    const detail = checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    return fail(`normalised decision invalid: ${detail}`, checked.error);
  }
  return checked.data;
}

/** sha256 over the fields in canonical JSON (sorted keys): equal content, equal hash, in any run. */
export function contentHash(fields: Omit<NormalisedDecision, 'provenance'>): string {
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function docketOf(item: EntscheidsucheItem): string | null {
  const nums = typeof item.Num === 'string' ? [item.Num] : item.Num;
  const first = nums
    .map((n) => normaliseDocket(n))
    .find((n) => n.length > 0 && n.toLowerCase() !== 'unknown');
  return first ?? null;
}

function languageOf(item: EntscheidsucheItem, court: Court, fail: (m: string) => never): Language {
  const raw = item.Sprache?.trim().toLowerCase();
  if (!raw) return court.canton === 'TI' ? 'it' : FRENCH_CANTONS.has(court.canton) ? 'fr' : 'de';
  const lang = LANGUAGES.find((l) => l === raw);
  return lang ?? fail(`Sprache: unsupported language '${item.Sprache}'`);
}

function dateOf(value: string | null | undefined, field: string, fail: (m: string) => never): string | null {
  const raw = value?.trim();
  if (!raw || raw.toLowerCase() === 'nodate') return null;
  const iso = /^\d{4}$/.test(raw) ? `${raw}-01-01` : raw;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) return iso;
  }
  return fail(`${field}: '${raw}' is not a date (YYYY-MM-DD)`);
}

function entriesFor(entries: readonly TextEntry[] | null | undefined, lang: Language): TextEntry[] {
  return (entries ?? []).filter((e) => (e.Sprachen ?? []).includes(lang));
}

/** The head-note in the decision's language: entities decoded, markup (`<br>`, `<i>`) removed. */
function regesteOf(abstract: readonly TextEntry[] | null | undefined, lang: Language): string | null {
  const chosen = entriesFor(abstract, lang)[0] ?? abstract?.[0];
  if (!chosen) return null;
  const text = htmlToParagraphs(`<p>${chosen.Text}</p>`).join(' ').replace(/\s+/g, ' ').trim();
  return text ? text : null;
}

const LABEL_WORDS = /^(undefined|none|null|-)$/i;

/** Removes leading canton and court names ("Eidgenossenschaft Bundesgericht …"); `stripped` tells whether any was there. */
function stripCourtPrefix(text: string, court: Court): { rest: string; stripped: boolean } {
  const prefixes = [
    ...(CANTON_SPELLINGS[court.canton] ?? []),
    ...(COURT_LABELS[court.signature] ?? []),
    court.name.de,
    court.name.fr,
    court.name.it,
  ]
    .filter((p) => p.length > 0)
    .sort((a, b) => b.length - a.length);
  let rest = text.replace(/\s+/g, ' ').trim();
  let stripped = false;
  for (let changed = true; changed;) {
    changed = false;
    for (const prefix of prefixes) {
      if (
        rest.toLowerCase().startsWith(prefix.toLowerCase()) &&
        (rest.length === prefix.length || rest[prefix.length] === ' ')
      ) {
        rest = rest.slice(prefix.length).trim();
        stripped = changed = true;
      }
    }
  }
  return { rest, stripped };
}

/** A header line naming a chamber with its ordinal: `I. strafrechtliche Abteilung`, `IIe Cour de droit civil`, `II Corte di diritto civile`. */
export const ORDINAL_CHAMBER =
  /^(?:[IVX]{1,4}\.?|[IVX]{1,4}(?:re|e|ère))\s+(?:[\p{L}-]+\s+){0,4}?(?:Abteilung|Kammer|Zivilkammer|Strafkammer|Cour|Corte|Chambre|Camera|Sezione)\b[\p{L}\s'’-]{0,60}$/u;

function chamberOf(
  item: EntscheidsucheItem,
  court: Court,
  lang: Language,
  paragraphs: readonly string[],
): string | null {
  for (const p of paragraphs.slice(0, 15)) {
    if (p.length <= 80 && ORDINAL_CHAMBER.test(p)) return p;
  }
  const meta = item.Meta ?? [];
  for (const entry of meta.filter((e) => (e.Sprachen ?? []).length !== 1)) {
    const { rest } = stripCourtPrefix(entry.Text, court);
    if (rest && !LABEL_WORDS.test(rest)) return rest;
  }
  const labels = CHAMBER_LABELS_CI.get(item.Signatur.trim().toUpperCase());
  const own = entriesFor(meta, lang).filter((e) => (e.Sprachen ?? []).length === 1);
  for (const entry of own.length > 0
    ? own
    : meta.filter((e) => (e.Sprachen ?? []).length === 1).slice(0, 1)) {
    // A known chamber name at the end wins over prefix stripping ("Tribunal fédéral des assurances").
    const text = entry.Text.replace(/\s+/g, ' ').trim();
    const known = [...(labels ?? [])]
      .sort((a, b) => b.length - a.length)
      .find((label) => {
        const at = text.toLowerCase().lastIndexOf(label.toLowerCase());
        return at >= 0 && at + label.length === text.length && (at === 0 || text[at - 1] === ' ');
      });
    if (known) return text.slice(text.length - known.length);
    const { rest, stripped } = stripCourtPrefix(text, court);
    if (stripped && rest && !LABEL_WORDS.test(rest)) return rest;
  }
  if (!labels) return null;
  return labels[lang === 'fr' ? 1 : lang === 'it' ? 2 : 0];
}

const CHAMBER_LABELS_CI = new Map(Object.entries(CHAMBER_LABELS).map(([k, v]) => [k.toUpperCase(), v]));

const TYPE_WORDS: Readonly<Record<string, string>> = {
  urteil: 'Urteil',
  teilurteil: 'Teilurteil',
  beschluss: 'Beschluss',
  verfügung: 'Verfügung',
  zwischenverfügung: 'Zwischenverfügung',
  entscheid: 'Entscheid',
  zwischenentscheid: 'Zwischenentscheid',
  arrêt: 'Arrêt',
  décision: 'Décision',
  ordonnance: 'Ordonnance',
  jugement: 'Jugement',
  sentenza: 'Sentenza',
  decisione: 'Decisione',
  decreto: 'Decreto',
};
const TYPE_ALTERNATION = Object.keys(TYPE_WORDS).join('|');
const TYPE_LINE = new RegExp(`^(${TYPE_ALTERNATION})(?:\\s+(?:vom|du|del|dell['’]|della|des)\\b.*)?$`, 'iu');
const EXCERPT_LINE = new RegExp(
  `(?:Auszug aus dem|Extrait de l['’]|Extrait de la|Estratto della|Estratto del)\\s*(${TYPE_ALTERNATION})\\b`,
  'iu',
);
const BODY_START =
  /^(Sachverhalt|Faits|Fatti|Erwägungen|Considérant|Considerando|En fait|In fatto|Regeste|Regesto|Aus den Erwägungen|Extrait des considérants|Dai considerandi)\b/i;

/** The decision type from the header: a line "Urteil vom …" (or just "Urteil"), or a BGE excerpt line. */
export function decisionTypeOf(paragraphs: readonly string[]): string | null {
  for (const p of paragraphs.slice(0, 40)) {
    if (BODY_START.test(p)) break;
    const line = TYPE_LINE.exec(p) ?? (p.length < 400 ? EXCERPT_LINE.exec(p) : null);
    const word = line?.[1]?.toLowerCase();
    if (word && TYPE_WORDS[word]) return TYPE_WORDS[word];
  }
  return null;
}

const SUBJECT_LINE = /^(Gegenstand|Objet|Oggetto|betreffend|concernant|concernente)\s*:?\s*(.*)$/i;

export function titleOf(
  paragraphs: readonly string[],
  type: string | null,
  date: string | null,
  docket: string,
  lang: Language,
  today: string,
): string {
  for (let i = 0; i < Math.min(paragraphs.length, 60); i++) {
    const p = paragraphs[i]!;
    if (BODY_START.test(p)) break;
    const m = SUBJECT_LINE.exec(p);
    if (!m) continue;
    const subject = (m[2]?.trim() || paragraphs[i + 1]?.trim() || '').replace(/[,;.]\s*$/, '');
    if (subject && subject.length <= 300 && !BODY_START.test(subject)) return subject;
  }
  const l = lang === 'rm' ? 'de' : lang;
  const word = type ?? { de: 'Entscheid', fr: 'Décision', it: 'Decisione' }[l];
  if (isCitableDate(date, today))
    return `${word} ${{ de: 'vom', fr: 'du', it: 'del' }[l]} ${spellDate(date, l)}`;
  return `${word} ${docket}`;
}
