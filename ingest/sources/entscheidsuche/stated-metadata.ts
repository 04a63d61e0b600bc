/**
 * Metadata as the decision itself states it. The portal's record is a scrape: its date may be the
 * publication day, the day before, or 1 January of a BGE's volume year; its number may be the
 * portal's own. The decision's header says when it was given ("Urteil vom 10. August 2026",
 * "Arrêt du 12 août 2026", "Sentenza del 3 marzo 2024", "Auszug aus dem Urteil … vom …",
 * "OGE 60/2025/5 vom 28. Juli 2026", "Bern, 30. Juni 2025") and under which number
 * ("Geschäfts-Nr.: …", "Dossier : …", "Incarto n. …").
 */
import { dateAt, datePhraseAt } from '../../../contracts/citation/grammar/stated-dates.ts';

/** Paragraphs read for the header: the first ones, up to the first section heading. */
const HEADER_PARAGRAPHS = 60;
const BODY_START =
  /^(?:[IVX]{1,4}\.?\s+)?(?:Sachverhalt|Faits|Fatti|Erwägungen|Considérant|Considerando|En fait|In fatto|Aus den Erwägungen|Extrait des considérants|Dai considerandi|Vu les faits|Ritenuto|Anklage|Anträge)\b/i;

const DECISION_WORDS =
  '(?:Urteil|Teilurteil|Endurteil|Zwischenurteil|Beschluss|Verfügung|Zwischenverfügung|Präsidialverfügung|Entscheid|Zwischenentscheid|Teilentscheid|Empfehlung|Arrêt|Décision|Ordonnance|Jugement|Prononcé|Sentenza|Decisione|Decreto|Ordinanza|Giudizio)';
/** A header line that opens with the kind of decision: `Urteil vom …`, `Arrêt du …`. */
const TYPE_LINE = new RegExp(`^${DECISION_WORDS}\\b`, 'iu');
/** The excerpt line of the official collection: `Auszug aus dem Urteil der … vom …`. */
const EXCERPT_LINE = new RegExp(
  `^(?:Auszug aus dem|Auszug aus der|Extrait de l['’]|Extrait de la|Extrait du|Estratto della|Estratto del|Estratto dalla|Estratto dal)\\s*${DECISION_WORDS}\\b`,
  'iu',
);
/** A place and date line: `Bern, 30. Juni 2025`, `Lausanne, le 12 août 2026`, `Bellinzona, 3 marzo 2024`. */
const PLACE_DATE = /^[\p{Lu}][\p{L}.' -]{1,30},\s+(?:den\s+|le\s+|il\s+|lì\s+)?(?=\d)/u;

/** The first connector-and-date phrase in a paragraph (`vom 3. Mai 2022`, `du 1er mars 2021`). */
function firstDatePhrase(p: string, from = 0): string | null {
  for (let i = from; i < p.length; i++) {
    if (i > 0 && /[\p{L}\p{N}]/u.test(p[i - 1]!)) continue;
    const d = datePhraseAt(p, i);
    if (d) return d.iso;
  }
  return null;
}

function headerParagraphs(paragraphs: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paragraphs.slice(0, HEADER_PARAGRAPHS)) {
    if (BODY_START.test(p)) break;
    out.push(p);
  }
  return out;
}

const squash = (s: string) => s.replace(/[\s._/\\-]+/g, '').toLowerCase();

/**
 * The date the decision was given, as its own header states it, else null. Only lines that name
 * the decision itself count: a header line opening with the kind of decision, the collection's
 * excerpt line, a line naming the decision's own docket with a date, or the header's place and
 * date. Dates of the lower court ("Beschwerde gegen das Urteil … vom …") are not taken.
 */
export function statedDecisionDate(paragraphs: readonly string[], docket: string | null): string | null {
  const header = headerParagraphs(paragraphs);
  for (const p of header) {
    if (p.length > 400) continue;
    if (TYPE_LINE.test(p) || EXCERPT_LINE.test(p)) {
      const iso = firstDatePhrase(p);
      if (iso) return iso;
    }
  }
  if (docket) {
    const own = squash(docket);
    for (const p of paragraphs.slice(0, HEADER_PARAGRAPHS)) {
      if (p.length > 200) continue;
      const at = squash(p).indexOf(own);
      if (at < 0 || own.length < 4) continue;
      const iso = firstDatePhrase(p);
      if (iso) return iso;
    }
  }
  for (const p of header.slice(0, 20)) {
    const m = PLACE_DATE.exec(p);
    if (!m || p.length > 80) continue;
    const d = dateAt(p, m[0].length);
    if (d && d.end >= p.trim().length - 1) return d.iso;
  }
  return null;
}

const DOCKET_LABEL =
  /^(?:Geschäfts-?\s?(?:Nr|nummer)\.?|Geschäftsnummer|Verfahrens-?\s?(?:Nr|nummer)\.?|Fall-?\s?Nr\.?|Prozess-?\s?Nr\.?|Aktenzeichen|Dossier(?: n°| no| n\.)?|N° de dossier|N° de la cause|Cause n°|Incarto n\.?|Incarto|Proc\.|Procedura n\.?)\s*:?\s*(\S.{0,40}?)\s*$/iu;

/**
 * The docket the decision states in a labelled header line (`Geschäfts-Nr.: SA 25 3`), when the
 * record's docket does not appear in the header at all; else null (the record's docket stands).
 */
export function statedDocket(paragraphs: readonly string[], recordDocket: string | null): string | null {
  const header = headerParagraphs(paragraphs);
  if (recordDocket && recordDocket.length >= 3) {
    const own = squash(recordDocket);
    if (header.some((p) => squash(p).includes(own))) return null;
  }
  for (const p of header) {
    const m = DOCKET_LABEL.exec(p);
    if (m && /\d/.test(m[1]!)) return m[1]!.replace(/\s+/g, ' ').replace(/[,;]$/, '');
  }
  return null;
}
