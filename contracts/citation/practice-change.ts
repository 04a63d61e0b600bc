/**
 * Changes of practice (Praxisänderung, changement de jurisprudence, cambiamento di giurisprudenza)
 * announced next to a case reference. Pure.
 *
 * The rule: a decision changes the practice of an earlier decision it cites when, in the same
 * paragraph and within {@link PRACTICE_CHANGE_WINDOW} characters before or after the reference as
 * written, its text carries one of the markers below and the marker is not negated (`kein`,
 * `keine`, `nicht`, `pas`, `aucun`, `nessun`, `non`, … in its own clause, within the 60 characters before
 * it: "kein Anlass zu einer Praxisänderung" is no change, "ist nicht festzuhalten (Praxisänderung)" is one). A clarification
 * (Präzisierung, précision, precisazione) or a confirmed practice is not a change.
 */

export type PracticeChangeLanguage = 'de' | 'fr' | 'it';

/** Characters before and after a reference (inside its paragraph) in which a marker counts. */
export const PRACTICE_CHANGE_WINDOW = 300;
/** Characters before a marker (inside its sentence) in which a negation cancels it. */
const NEGATION_REACH = 60;

const MARKERS: readonly { language: PracticeChangeLanguage; pattern: RegExp }[] = [
  { language: 'de', pattern: /praxis(?:ä|ae)nderung/giu },
  {
    language: 'de',
    pattern: /(?:ä|ae)nderung\s+(?:der|seiner|unserer|dieser)\s+(?:rechtsprechung|praxis)/giu,
  },
  {
    language: 'de',
    pattern:
      /(?:rechtsprechung|praxis)\s+(?:wird|ist|kann)\s+(?:daher\s+|somit\s+|insoweit\s+)?(?:aufgegeben|geändert|nicht\s+(?:mehr\s+)?(?:festgehalten|festzuhalten))/giu,
  },
  {
    language: 'de',
    pattern:
      /an\s+(?:dieser|der\s+bisherigen|seiner)\s+(?:rechtsprechung|praxis)\s+(?:ist|kann|wird)\s+nicht\s+(?:mehr\s+)?festzuhalten/giu,
  },
  { language: 'fr', pattern: /(?:changement|revirement|modification)\s+de\s+(?:la\s+)?jurisprudence/giu },
  {
    language: 'fr',
    pattern: /(?:modifier|abandonner|modifie|abandonne)\s+(?:sa|la|cette)\s+jurisprudence/giu,
  },
  { language: 'it', pattern: /(?:cambiamento|mutamento|modifica|cambio)\s+(?:di|della)\s+giurisprudenza/giu },
  {
    language: 'it',
    pattern:
      /(?:modificare|abbandonare|cambiare|modifica|abbandona)\s+(?:la\s+|questa\s+|tale\s+)?(?:propria\s+|sua\s+)?giurisprudenza/giu,
  },
];

const NEGATION =
  /(?:^|[^\p{L}])(?:kein|keine|keinen|keiner|nicht|pas|aucun|aucune|nessun|nessuna|non)(?:[^\p{L}]|$)/iu;

export interface PracticeChangeMarker {
  readonly marker: string;
  readonly language: PracticeChangeLanguage;
  readonly start: number;
  readonly end: number;
}

/** The sentence start at or before `at` (after `. `, `! `, `? ` or a line break). */
function sentenceStart(text: string, at: number, floor: number): number {
  for (let i = at - 1; i > floor; i--) {
    const c = text[i]!;
    if (c === '\n') return i + 1;
    if (
      (c === '.' || c === '!' || c === '?') &&
      /\s/.test(text[i + 1] ?? '') &&
      /\p{Lu}/u.test(text[i + 2] ?? '')
    )
      return i + 2;
  }
  return floor;
}

/** Every marker of a change of practice in `text[from, to)` that no negation cancels, in text order. */
export function practiceChangeMarkers(text: string, from = 0, to = text.length): PracticeChangeMarker[] {
  const part = text.slice(from, to);
  const all: PracticeChangeMarker[] = [];
  for (const { language, pattern } of MARKERS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(part); m !== null; m = pattern.exec(part))
      all.push({ marker: m[0], language, start: from + m.index, end: from + m.index + m[0].length });
  }
  // A negation inside another marker ("ist nicht festzuhalten (Praxisänderung)") negates nothing.
  const unmarked = (start: number, end: number) => {
    let out = text.slice(start, end);
    for (const m of all) {
      if (m.end <= start || m.start >= end) continue;
      const a = Math.max(m.start, start) - start;
      const b = Math.min(m.end, end) - start;
      out = out.slice(0, a) + ' '.repeat(b - a) + out.slice(b);
    }
    return out;
  };
  return all
    .filter((m) => {
      const before = unmarked(
        Math.max(sentenceStart(text, m.start, from), m.start - NEGATION_REACH),
        m.start,
      );
      // Only the marker's own clause: "ist nicht festzuhalten (Praxisänderung)" is not negated.
      const clause = before.slice(
        Math.max(...[',', ';', ':', '(', '['].map((c) => before.lastIndexOf(c))) + 1,
      );
      return !NEGATION.test(clause);
    })
    .sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The paragraph (between line breaks) holding `text[start, end)`. */
function paragraphOf(text: string, start: number, end: number): [number, number] {
  const open = text.lastIndexOf('\n', start - 1) + 1;
  const close = text.indexOf('\n', end);
  return [open, close < 0 ? text.length : close];
}

export interface PracticeChange {
  readonly marker: string;
  readonly language: PracticeChangeLanguage;
  /** The text from the marker to the reference (or back), verbatim, within the paragraph. */
  readonly excerpt: string;
}

/**
 * Whether the reference written at `text[refStart, refEnd)` is announced as a change of practice:
 * the nearest marker of the rule (same paragraph, within the window, not negated) with the verbatim
 * excerpt that spans the marker and the reference; null otherwise.
 */
export function practiceChangeAt(
  text: string,
  refStart: number,
  refEnd: number,
  window = PRACTICE_CHANGE_WINDOW,
): PracticeChange | null {
  const [open, close] = paragraphOf(text, refStart, refEnd);
  const from = Math.max(open, refStart - window);
  const to = Math.min(close, refEnd + window);
  const markers = practiceChangeMarkers(text, from, to);
  if (markers.length === 0) return null;
  const distance = (m: PracticeChangeMarker) =>
    m.end <= refStart ? refStart - m.end : Math.max(0, m.start - refEnd);
  const nearest = [...markers].sort((a, b) => distance(a) - distance(b) || a.start - b.start)[0]!;
  const start = sentenceStart(text, Math.min(nearest.start, refStart), open);
  const stop = Math.max(nearest.end, refEnd);
  const sentenceEnd = /[.!?](?=\s+\p{Lu}|\s*$)/u.exec(text.slice(stop, close));
  const end = sentenceEnd ? stop + sentenceEnd.index + 1 : close;
  return { marker: nearest.marker, language: nearest.language, excerpt: text.slice(start, end).trim() };
}

/** Every place `raw` is written in `text`, and whether one of them is announced as a change of practice. */
export function practiceChangeOfReference(text: string, raw: string): PracticeChange | null {
  if (raw.trim() === '') return null;
  for (let at = text.indexOf(raw); at >= 0; at = text.indexOf(raw, at + 1)) {
    const change = practiceChangeAt(text, at, at + raw.length);
    if (change) return change;
  }
  return null;
}
