/**
 * The lower-court decisions a decision names (issue 5, appeal chain; domain.md "Appeal chain"):
 * in the header, the line that says what the appeal is against ("Beschwerde gegen das Urteil des
 * Obergerichts des Kantons Zürich vom 3. März 2021 (LB210005).", "recours contre l'arrêt de la
 * Cour de justice du canton de Genève du … (ACJC/…)", "ricorso contro la sentenza del … del …
 * (…)"), and in the facts, a decision of a lower instance with its date and docket ("Mit Urteil
 * vom 3. März 2021 (LB210005) wies das Obergericht …", "Par jugement du … (…), le Tribunal …",
 * "Con sentenza del … (…), il Pretore …"). Pure.
 *
 * Levels: the header names the decision appealed against (level 1). A decision of the facts with
 * the same key (or, without a docket, the same date) is that one again and is not repeated; any
 * other is an earlier instance (level 2), or level 1 when the header names none.
 *
 * Confidence: what the citation grammar gives the reference (`find-citations.ts`: a cantonal
 * docket after a court of the registry 0.7, with a canton only 0.6, …); when the grammar finds
 * no reference, the parts read here: docket and registry court 0.7, docket and canton 0.6,
 * docket only 0.45, no docket 0.3 (kept for display; it cannot be resolved). A reference of the
 * facts that names no court of its own takes the canton of the header's lower court.
 */
import { docketLookupKey } from '../search/reference-keys.ts';
import type { CitationKind } from './grammar/find-citations.ts';
import { findCitations, isCaseCitation } from './grammar/find-citations.ts';
import { cantonAfterCourt, cantonalCourtKey, courtPhraseAt, nextTokenStart, wordTokenAt } from './grammar/court-names.ts';
import { datePhraseAt } from './grammar/stated-dates.ts';
import type { GrammarLanguage } from './grammar/text-scan.ts';
import { normaliseRefKey } from './decision-identifiers.ts';

export interface LowerCourtReference {
  /** Where it was found. */
  readonly origin: 'header' | 'facts';
  /** 1: the decision appealed against; 2: an earlier instance. */
  readonly level: number;
  /** The words that name the decision, as written. */
  readonly raw: string;
  /** Grammar kind (`cantonal`, `docket`, …) or `lower` when only the parts read here name it. */
  readonly kind: CitationKind | 'lower';
  /** Normalised reference key (as in `decision_identifiers.ref_key`); null without a docket. */
  readonly key: string | null;
  /** The docket as written, null when none is given. */
  readonly docket: string | null;
  /** Court key when the court is known, else null. */
  readonly court: string | null;
  /** Canton of the court (`CH` for federal courts), null when unknown. */
  readonly canton: string | null;
  readonly statedDate: string | null;
  readonly confidence: number;
}

export const LOWER_COURT_CONFIDENCE = { registryCourt: 0.7, cantonOnly: 0.6, docketOnly: 0.45, noDocket: 0.3 } as const;

// The appeal line of the header: "… gegen das Urteil …", "… contre l'arrêt …", "… contro la sentenza …".
const HEADER_CUES: readonly RegExp[] = [
  /\bgegen\s+(?:das|den|die)\s+(?=(?:Urteil|Entscheid|Beschluss|Verfügung|Rekursentscheid|Einspracheentscheid|Zwischenentscheid|Teilurteil|Endentscheid|Nichteintretensentscheid|Erkenntnis)\b)/iu,
  /\bcontre\s+(?:l['’]\s?|le\s+|la\s+)(?=(?:arrêt|jugement|décision|ordonnance|prononcé|sentence)\b)/iu,
  /\bcontro\s+(?:la\s+|il\s+|l['’]\s?)(?=(?:sentenza|decisione|giudizio|ordinanza|decreto|risoluzione)\b)/iu,
];

// A lower decision in the facts: "Mit Urteil vom …", "Par jugement du …", "Con sentenza del …".
const FACT_CUES: readonly RegExp[] = [
  /\b(?:Mit|Durch)\s+(?:(?:seinem|ihrem|dem)\s+)?(?:Urteil|Entscheid|Beschluss|Verfügung|Rekursentscheid|Einspracheentscheid)\s+(?=vom\b)/gu,
  /\b(?:Par|Selon)\s+(?:un\s+|son\s+|sa\s+|l['’]\s?)?(?:arrêt|jugement|décision|ordonnance|prononcé)\s+(?=du\b)/giu,
  /\b(?:Con|Mediante)\s+(?:la\s+|il\s+|l['’]\s?)?(?:sentenza|decisione|giudizio|ordinanza|decreto)\s+(?=del(?:l['’])?)/giu,
];

const PAREN_DOCKET = /^\s*,?\s*\(([^()\n]{2,40})\)/u;
const MAX_COURT_WORDS = 16;

function paragraphs(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0);
}

/**
 * The end of the sentence starting at i (after its full stop), or the text's end. A dot after a
 * digit (`3. März`) or a short word (`St. Gallen`, `Nr.`, `lit.`), or before a lower-case word,
 * ends no sentence.
 */
function sentenceEnd(s: string, i: number): number {
  for (let k = i; k < s.length; k++) {
    if (s[k] !== '.') continue;
    if (k + 1 === s.length) return k + 1;
    if (s[k + 1] !== ' ' || !/\p{Lu}/u.test(s[k + 2] ?? '')) continue;
    const word = /(\p{L}+)$/u.exec(s.slice(Math.max(i, k - 12), k))?.[1] ?? '';
    if (word.length > 3) return k + 1;
  }
  return s.length;
}

interface CourtFound {
  readonly court: string | null;
  readonly canton: string | null;
}

/** The first court name within the words from i to end (`das Obergericht des Kantons Zürich`). */
function courtWithin(s: string, i: number, end: number): CourtFound | null {
  let pos = i;
  for (let n = 0; n < MAX_COURT_WORDS && pos >= 0 && pos < end; n++) {
    const token = wordTokenAt(s, pos);
    if (!token) {
      pos++;
      continue;
    }
    const phrase = courtPhraseAt(s, pos, token);
    if (phrase) {
      if (phrase.phrase.kind !== 'cantonal') return { court: phrase.phrase.key, canton: 'CH' };
      const after = cantonAfterCourt(s, Math.min(s.length, phrase.end + 1));
      const canton = after?.canton ?? null;
      return { court: canton ? cantonalCourtKey(canton, phrase.phrase.name) : null, canton };
    }
    pos = nextTokenStart(s, token);
  }
  return null;
}

/** A date phrase (`vom 3. März 2021`, `du 3 mars 2021`, `del 3 marzo 2021`) within [i, end). */
function dateWithin(s: string, i: number, end: number): { iso: string; end: number } | null {
  for (let k = i; k < end; k++) {
    const c = s[k];
    if ((c === 'v' || c === 'd') && (k === 0 || s[k - 1] === ' ')) {
      const d = datePhraseAt(s, k);
      if (d) return { iso: d.iso, end: d.end };
    }
  }
  return null;
}

function keyOf(docket: string): string {
  return normaliseRefKey(docketLookupKey(docket) ?? docket);
}

function partsConfidence(docket: string | null, court: CourtFound | null): number {
  if (!docket) return LOWER_COURT_CONFIDENCE.noDocket;
  if (court?.court) return LOWER_COURT_CONFIDENCE.registryCourt;
  if (court?.canton) return LOWER_COURT_CONFIDENCE.cantonOnly;
  return LOWER_COURT_CONFIDENCE.docketOnly;
}

type Draft = Omit<LowerCourtReference, 'level' | 'origin'>;

/** The lower decision the header's appeal line names, if any. */
function fromHeader(header: string | null, language: GrammarLanguage | undefined): Draft | null {
  for (const p of paragraphs(header)) {
    for (const cue of HEADER_CUES) {
      const m = cue.exec(p);
      if (!m) continue;
      const start = m.index + m[0].length;
      // the appeal line is one paragraph
      const end = p.length;
      const rest = p.slice(start, end);
      const hit = findCitations(rest, language ? { language } : {}).find(isCaseCitation);
      if (hit && hit.span.start < 400) {
        return {
          raw: hit.text,
          kind: hit.kind,
          key: normaliseRefKey(hit.key),
          docket: hit.key,
          court: hit.court,
          canton: hit.canton,
          statedDate: hit.statedDate ?? null,
          confidence: hit.confidence,
        };
      }
      const date = dateWithin(p, start, end);
      const docket = /\(([^()]{2,40})\)\s*\.?\s*$/u.exec(p.slice(start, end))?.[1]?.trim() ?? null;
      const court = courtWithin(p, start, end);
      return {
        raw: p.slice(start, end).replace(/\.$/, ''),
        kind: 'lower',
        key: docket ? keyOf(docket) : null,
        docket,
        court: court?.court ?? null,
        canton: court?.canton ?? null,
        statedDate: date?.iso ?? null,
        confidence: partsConfidence(docket, court),
      };
    }
  }
  return null;
}

/** Lower decisions named in the facts with their date (and mostly a docket). */
function fromFacts(facts: string | null): Draft[] {
  const out: Draft[] = [];
  for (const p of paragraphs(facts)) {
    for (const cue of FACT_CUES) {
      cue.lastIndex = 0;
      for (let m = cue.exec(p); m; m = cue.exec(p)) {
        const at = m.index + m[0].length;
        const date = datePhraseAt(p, at);
        if (!date) continue;
        const paren = PAREN_DOCKET.exec(p.slice(date.end));
        const docket = paren?.[1]?.trim() ?? null;
        const afterDocket = paren ? date.end + paren[0].length : date.end;
        const end = sentenceEnd(p, afterDocket);
        const court = courtWithin(p, afterDocket, end);
        out.push({
          raw: p.slice(m.index, end).replace(/\.$/, ''),
          kind: 'lower',
          key: docket ? keyOf(docket) : null,
          docket,
          court: court?.court ?? null,
          canton: court?.canton ?? null,
          statedDate: date.iso,
          confidence: partsConfidence(docket, court),
        });
      }
    }
  }
  return out;
}

export interface LowerCourtInput {
  /** The header (paragraphs before the first section), see `segmentDecision`. */
  readonly header: string | null;
  readonly facts: string | null;
  readonly language?: GrammarLanguage;
}

/** The lower-court decisions named in the header and the facts, nearest instance first. */
export function findLowerCourtReferences(input: LowerCourtInput): LowerCourtReference[] {
  const header = fromHeader(input.header, input.language);
  const out: LowerCourtReference[] = header ? [{ ...header, origin: 'header', level: 1 }] : [];
  for (const f of fromFacts(input.facts)) {
    const first = out[0];
    if (first && first.key === null && f.key !== null && f.statedDate !== null && first.statedDate === f.statedDate) {
      // The facts give the docket of the decision the header names without one.
      out[0] = {
        ...first,
        key: f.key,
        docket: f.docket,
        court: first.court ?? f.court,
        canton: first.canton ?? f.canton,
        confidence: partsConfidence(f.docket, { court: first.court ?? f.court, canton: first.canton ?? f.canton }),
      };
      continue;
    }
    const same = out.some(
      (o) =>
        (f.key !== null && o.key === f.key) ||
        (f.key === null && f.statedDate !== null && o.statedDate === f.statedDate) ||
        (f.key === null && o.key === null && f.raw === o.raw),
    );
    if (same) continue;
    // Without a docket, a decision of the facts is kept only when nothing else names the instance.
    if (f.key === null && out.length > 0) continue;
    const inherit = f.court === null && f.canton === null && header?.canton && header.canton !== 'CH';
    const canton = inherit ? header.canton : f.canton;
    const confidence = inherit && f.key !== null ? LOWER_COURT_CONFIDENCE.cantonOnly : f.confidence;
    out.push({ ...f, canton, confidence, origin: 'facts', level: header ? 2 : 1 });
  }
  return out;
}
