/**
 * The headings and trailer lines that divide a decision's text into sections, in German, French
 * and Italian (domain.md, "Decision structure"). A heading is a short paragraph of its own.
 */

export type SectionKind = 'regeste' | 'facts' | 'considerations' | 'operative';

const MAX_HEADING_CHARS = 160;

/** `Regeste`, `Regeste (fr)`, `Regesto (it)`, `Regesta`. Captures the language when given. */
const REGESTE = /^(?:Regeste|Regesto|Regesta|Leitsatz|Leitsätze|Résumé|Massima)\s*(?:\((de|fr|it)\))?\s*:?$/i;

/** A Roman part number before a heading (`I Der Beauftragte stellt fest:`, `II. Erwägungen`). */
const ROMAN = String.raw`(?:[IVX]{1,4}\.?\s+)?`;
/** Who speaks in a heading: `Das Obergericht`, `Die Kammer`, `Der Einzelrichter`, `Le Tribunal`, `La Corte`. */
const SUBJECT = String.raw`(?:(?:Das|Der|Die|Le|La|Les|L['’]\s?|Il|Lo|I)\s?.{1,100}?)`;

const heading = (body: string, flags = 'iu') => new RegExp(`^${ROMAN}${body}$`, flags);

const FACTS = [
  heading(
    String.raw`(?:Sachverhalt|Tatbestand|Prozessgeschichte|Sachverhalt und Prozessgeschichte)(?: ab Seite \d{1,4})?\s*:?`,
  ),
  heading(String.raw`(?:(?:Aus den Akten|Es) (?:hat sich ergeben|ergibt sich)|hat sich ergeben)\s*:`),
  heading(String.raw`${SUBJECT} (?:entnimmt|entnahm) den Akten\s*:?`),
  heading(String.raw`${SUBJECT} stellt fest\s*:`),
  heading(
    String.raw`(?:Faits|En fait|Fait|Vu les faits suivants|Résumé des faits)(?: à partir de (?:la )?page \d{1,4})?\s*:?`,
  ),
  heading(
    String.raw`(?:Fatti|Fatto|In fatto|Ritenuto in fatto|Ritenuto|Considerato in fatto)(?: da pagina \d{1,4})?\s*:?`,
  ),
];

const CONSIDERATIONS = [
  heading(String.raw`(?:Aus den |In |Auszug aus den )?Erwägung(?:en)?\s*:?`),
  heading(String.raw`${SUBJECT} (?:zieht|zog) (?:in )?Erwägung\s*:?`),
  heading(String.raw`${SUBJECT} erwägt\s*:?`),
  heading(String.raw`(?:in )?Erwägung,? dass\s*:?`),
  heading(
    String.raw`(?:Considérant en droit|Considérants?|En droit|Droit|Extrait des considérants|Considérant)\s*:?`,
  ),
  heading(String.raw`${SUBJECT} considère en droit\s*:?`),
  heading(
    String.raw`(?:Considerando in diritto|Considerandi|Dai considerandi|In diritto|Diritto|Estratto dei considerandi|Considerato in diritto)\s*:?`,
  ),
  heading(String.raw`${SUBJECT} considera in diritto\s*:?`),
];

const OPERATIVE_VERBS = String.raw`(?:erkennt|beschliesst|beschließt|verfügt|entscheidet|empfiehlt|prononce|arrête|décide|ordonne|pronuncia|decide|dispone|risolve|giudica)`;

const OPERATIVE = [
  /^(?:Demnach|Deshalb|Daher|Aus diesen Gründen)\b.{0,120}:$/u,
  /^(?:Demnach|Aus diesen Gründen) (?:erkennt|beschliesst|entscheidet|verfügt)\b.*$/u,
  heading(
    String.raw`(?:Es wird (?:erkannt|beschlossen|verfügt|entschieden)|Erkenntnis|Urteilsspruch|Dispositiv|Dispositif|Dispositivo)\s*:?`,
  ),
  heading(String.raw`${SUBJECT} ${OPERATIVE_VERBS}(?:\s[^:]{0,60})?\s*:`),
  heading(String.raw`Aufgrund dieser Erwägungen ${OPERATIVE_VERBS}.{0,120}:`),
  /^Par ces motifs\b.*$/iu,
  /^Per questi motivi\b.*$/iu,
];

/**
 * Heading words that may open a paragraph with the section's text after them (`Fatti: A. Con
 * sentenza …`, `Considérant en droit : 1. …`): the heading and the text are split apart.
 */
const INLINE_HEADING =
  /^((?:Sachverhalt|Erwägungen|Faits|En fait|Considérant en droit|En droit|Droit|Fatti|In fatto|Considerando in diritto|In diritto|Diritto)\s*:)\s*(?=\S)/u;

/** Lines after the operative part: place and date, "Im Namen des …", signatures. */
const TRAILER = [
  /^(?:Im Namen|Au nom|In nome|Nel nome)\b/,
  /^(?:Der|Die|Le|La|Il|L[’']) ?(?:Präsident|Präsidentin|Vizepräsident|Vizepräsidentin|Gerichtsschreiber|Gerichtsschreiberin|Einzelrichter|Einzelrichterin|Président|Présidente|Greffier|Greffière|Presidente|Cancelliere|Cancelliera|Vicepresidente)\b/,
  /^[\p{Lu}][\p{L}.' -]{1,30}, (?:den |le |il |lì )?(?:\d{1,2}(?:\.|er|°)? \p{L}+|\d{1,2}\.\d{1,2}\.)\s?\d{4}$/u,
];

/**
 * Page markers of the official collection: `Seite 87`, `Page 87`, `Pagina 87`, and its running
 * head `BGE 151 II 245 S. 247` (`ATF … p. 247`, `DTF … pag. 247`).
 */
const PAGE_MARKER =
  /^(?:(?:BGE|ATF|DTF)\s+\d{1,3}\s+(?:I[ab]?|II|III|IV|V)\s+\d{1,4}\s+)?(?:Seite|Page|Pagina|S\.|p\.|pag\.)\s*(\d{1,4})$/;

/**
 * A heading written at the start of a paragraph, followed by the section's text: the heading's
 * length (to split at), else null.
 */
export function inlineHeadingLength(paragraph: string): number | null {
  const m = INLINE_HEADING.exec(paragraph);
  return m && paragraph.length > m[0].length ? m[1]!.length : null;
}

/** Whether the paragraph opens with a heading and goes on with the section's text. */
export function isInlineHeading(paragraph: string): boolean {
  return inlineHeadingLength(paragraph) !== null;
}

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
