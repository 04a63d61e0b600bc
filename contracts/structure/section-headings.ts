/**
 * The headings and trailer lines that divide a decision's text into sections, in German, French
 * and Italian (domain.md, "Decision structure"). A heading is a short paragraph of its own.
 */

export type SectionKind = 'regeste' | 'facts' | 'considerations' | 'operative';

const MAX_HEADING_CHARS = 160;

/** `Regeste`, `Regeste (fr)`, `Regesto (it)`, `Regesta`. Captures the language when given. */
const REGESTE = /^(?:Regeste|Regesto|Regesta|Leitsatz|Leitsätze|Résumé|Massima)\s*(?:\((de|fr|it)\))?\s*:?$/i;

const FACTS = [
  /^(?:Sachverhalt|Tatbestand|Prozessgeschichte)(?: ab Seite \d{1,4}| und Prozessgeschichte)?\s*:?$/i,
  /^(?:Faits|En fait|Fait)(?: à partir de (?:la )?page \d{1,4})?\s*:?$/i,
  /^(?:Fatti|Fatto|In fatto|Ritenuto in fatto)(?: da pagina \d{1,4})?\s*:?$/i,
];

const CONSIDERATIONS = [
  /^(?:Aus den |In )?Erwägungen?\s*:?$/i,
  /^(?:Das|Der|Die) .{1,80} (?:zieht|zog) in Erwägung\s*:?$/i,
  /^(?:in )?Erwägung,? dass\s*:?$/i,
  /^(?:Considérant en droit|Considérants?|En droit|Droit|Extrait des considérants)\s*:?$/i,
  /^(?:Le|La|L') .{1,80} considère en droit\s*:?$/i,
  /^(?:Considerando in diritto|Considerandi|Dai considerandi|In diritto|Diritto|Estratto dei considerandi)\s*:?$/i,
  /^(?:Il|La) .{1,80} considera in diritto\s*:?$/i,
];

const OPERATIVE = [
  /^(?:Demnach|Deshalb|Daher|Aus diesen Gründen)\b.{0,120}:$/,
  /^(?:Demnach|Aus diesen Gründen) (?:erkennt|beschliesst|entscheidet|verfügt)\b.*$/,
  /^Par ces motifs\b.*$/i,
  /^Per questi motivi\b.*$/i,
  /^(?:Dispositiv|Dispositif|Dispositivo)\s*:?$/i,
];

/** Lines after the operative part: place and date, "Im Namen des …", signatures. */
const TRAILER = [
  /^(?:Im Namen|Au nom|In nome|Nel nome)\b/,
  /^(?:Der|Die|Le|La|Il|L[’']) ?(?:Präsident|Präsidentin|Vizepräsident|Vizepräsidentin|Gerichtsschreiber|Gerichtsschreiberin|Einzelrichter|Einzelrichterin|Président|Présidente|Greffier|Greffière|Presidente|Cancelliere|Cancelliera|Vicepresidente)\b/,
  /^[\p{Lu}][\p{L}.' -]{1,30}, (?:den )?(?:\d{1,2}(?:\.|er|°)? \p{L}+|\d{1,2}\.\d{1,2}\.)\s?\d{4}$/u,
];

/** Page markers of the official collection: `Seite 87`, `Page 87`, `Pagina 87`. */
const PAGE_MARKER = /^(?:Seite|Page|Pagina|S\.|p\.|pag\.)\s+(\d{1,4})$/;

/** The section a heading paragraph opens, if it is one. */
export function headingKind(paragraph: string): SectionKind | null {
  if (paragraph.length > MAX_HEADING_CHARS) return null;
  if (REGESTE.test(paragraph)) return 'regeste';
  if (FACTS.some((re) => re.test(paragraph))) return 'facts';
  if (CONSIDERATIONS.some((re) => re.test(paragraph))) return 'considerations';
  if (OPERATIVE.some((re) => re.test(paragraph))) return 'operative';
  return null;
}

/** The language of a `Regeste (fr)` heading; null for a plain `Regeste`. */
export function regesteHeadingLanguage(paragraph: string): 'de' | 'fr' | 'it' | null {
  const m = REGESTE.exec(paragraph);
  return (m?.[1]?.toLowerCase() as 'de' | 'fr' | 'it' | undefined) ?? null;
}

/** Whether the paragraph closes the operative part (place and date, signatures). */
export function isTrailer(paragraph: string): boolean {
  return paragraph.length <= MAX_HEADING_CHARS && TRAILER.some((re) => re.test(paragraph));
}

/** The page a page-marker paragraph announces, else null. */
export function pageMarker(paragraph: string): number | null {
  const m = PAGE_MARKER.exec(paragraph);
  return m ? Number(m[1]) : null;
}

/** `Sachverhalt ab Seite 87` / `Faits à partir de page 87` / `Fatti da pagina 87` → 87. */
export function pageInHeading(paragraph: string): number | null {
  const m = /(?:Seite|page|pagina)\s+(\d{1,4})\s*:?$/i.exec(paragraph);
  return m ? Number(m[1]) : null;
}

/** Sentences typical of operative items, used when a decision has no operative heading. */
export const OPERATIVE_ITEM =
  /(?<!\p{L})(?:wird abgewiesen|wird gutgeheissen|wird teilweise gutgeheissen|nicht eingetreten|abgeschrieben|Gerichtskosten|est rejeté|est admis|irrecevable|frais judiciaires|rayée du rôle|è respinto|è accolto|inammissibile|spese giudiziarie|stralciata)(?!\p{L})/iu;
