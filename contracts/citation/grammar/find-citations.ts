/**
 * The citation finder: every case citation and statute reference in free German, French or
 * Italian text (issue 4, item 1). Pure and linear: one forward pass over the text; at each
 * position where a word may start, small recognisers with bounded look-ahead (see
 * `case-references.ts`, `statutes.ts`, `court-names.ts`) try to match, and a match is consumed
 * whole, lists included. No regular expression with nested quantifiers is involved.
 *
 * What is found (kinds):
 *  - `bge`: `BGE 140 III 86` / `ATF …` / `DTF …`; a bare `140 III 86` only right after another
 *    case citation and a list separator (`BGE 139 III 1; 140 III 86 E. 2`).
 *  - `bvge`: `BVGE 2013/10`, `BVGE 2019 I/2` (`ATAF`, `DTAF`); bare inside a BVGE list.
 *  - `mkge`: `MKGE 14 Nr. 3` / `ATMC 14 n° 3` / `STMC 14 n. 3`.
 *  - `docket`: federal dockets of every era (`4A_714/2014`, `6B 1234/2025`, `2A.123/2005`,
 *    `I 594/01`, `A-1234/2020`, `SK.2019.42`, `O2018_001`) and regulator dockets after their
 *    name (`FINMA …`, `WEKO …`).
 *  - `cantonal`: a docket written after a named cantonal court (`Urteil des Obergerichts des
 *    Kantons Zürich LB220012 vom …`, `Obergericht ZH LA210005`, `Cour de justice GE ACJC/…`).
 *  - `statute`: `Art. 8 Abs. 2 lit. a BV`, `art. 41 ss CO`, `§ 12 StG ZH`, one match per article.
 *
 * Long forms: an introducing word (`Urteil`, `Entscheid`, `arrêt`, `décision`, `sentenza`, …),
 * court names (`des Bundesgerichts`, `du TAF`, `del Tribunale federale`, chamber words such as
 * `der II. zivilrechtlichen Abteilung`) and a stated date before (`Urteil vom 3. Mai 2021
 * (4A_1/2021)`) or after the reference (`vom 3. Mai 2021`, `du 1er mars 2021`, `dell'8 maggio
 * 2020`, `vom 03.05.2022`) belong to the match; so do pinpoints (`E. 2.3`, `consid. 2 e 3`,
 * `E. 2 ff.`) and page pin-cites (`S. 89`, `p. 89`, `pag. 89`).
 *
 * Confidence rules ({@link CONFIDENCE}): a collection reference with its prefix, or a federal
 * docket introduced by a court or decision word, is near-certain (0.95); a bare modern docket is
 * very likely (0.9), other bare federal docket shapes likely (0.8-0.85); a stated date or a
 * reference list raises a bare docket slightly; a bare BGE inside a list 0.85; dockets of the
 * former insurance court are ambiguous on their own (0.4 lone, 0.6 with a date, 0.75 in a list,
 * 0.85 after Urteil/arrêt/sentenza/BGer/TF/EVG/TFA); cantonal dockets after a named court are
 * medium (0.7 when the court is in the registry, 0.6 with a canton only, 0.45 without canton);
 * a court name that contradicts the docket's court caps the confidence at 0.6. Statute
 * references: known federal act 0.9, other act with a canton 0.7, other act 0.6, no act 0.3.
 */
import type { CantonCode, Jurisdiction } from '../../courts/cantons.ts';
import { decisionIdFor } from '../../courts/decision-id.ts';
import {
  bareBgeAt,
  bgeFollowOnAt,
  bareBvgeAt,
  bgerDocketAt,
  cantonalDocketAt,
  federalReferenceAt,
  tailAt,
  type CaseKind,
  type RefForm,
  type RefHit,
} from './case-references.ts';
import {
  cantonAfterCourt,
  cantonalCourtKey,
  cantonOfAdjective,
  courtPhraseAt,
  courtStartWords,
  mayStartCourtPhrase,
  wordTokenAt,
  type CourtPhrase,
  type CourtPhraseMatch,
} from './court-names.ts';
import { dateAt, datePhraseAt, type StatedDate } from './stated-dates.ts';
import { gazetteFollowOnAt, gazetteKey, gazetteRefAt, type GazetteRef } from './gazette-references.ts';
import { statuteRunAt, type StatuteRef } from './statutes.ts';
import {
  ANY_LANG,
  DE,
  FR,
  IT,
  LANG_BITS,
  isApostropheCode,
  isDigitAt,
  isDigitCode,
  isLowerCode,
  isUpperCode,
  isLetterAt,
  isTokenStart,
  isWordAt,
  Literals,
  readDigits,
  singleLanguage,
  skipSpaces,
  type GrammarLanguage,
} from './text-scan.ts';

export type { GrammarLanguage } from './text-scan.ts';

export type CitationKind = CaseKind | 'statute' | 'gazette';

export interface CitationSpan {
  /** UTF-16 offset of the first character. */
  readonly start: number;
  /** UTF-16 offset after the last character. */
  readonly end: number;
}

export interface StatuteDetail {
  /** SR number of a known federal act, else null. */
  readonly sr: string | null;
  /** The law abbreviation as written (`OR`, `Cst.`, `StG`), null when none is written. */
  readonly law: string | null;
  /** `8`, `41a`, `266l`, `6bis`, `12quater`. */
  readonly article: string;
  readonly paragraphs: readonly string[];
  readonly letters: readonly string[];
  readonly numbers: readonly string[];
  readonly sentences: readonly string[];
  /** `ff.` / `f.` / `ss` / `segg.` */
  readonly following: boolean;
  /**
   * An article between the ends of a written range (`12` and `13` of `Art. 11–14 OR`): its span is
   * the whole range, which the written ends' spans overlap.
   */
  readonly inRange?: boolean;
}

export interface CitationMatch {
  readonly kind: CitationKind;
  readonly span: CitationSpan;
  /** `text.slice(span.start, span.end)`. */
  readonly text: string;
  /**
   * Court key: `bge`, `bger` (also the former insurance court), `bvger`, `bstger`, `bpatger`,
   * `mkg`, a regulator (`finma`, `weko`) or a cantonal registry key; null for statutes and for
   * cantonal courts the registry does not hold.
   */
  readonly court: string | null;
  /** `CH` for federal courts and acts, the canton of a cantonal court or act, else null. */
  readonly canton: Jurisdiction | null;
  /**
   * Normalised key: `BGE 140 III 86`, `6B_1234/2025`, `2A.123/2005`, `I 594/01`, `BVGE 2019 I/2`,
   * `MKGE 14 Nr. 3`, the cantonal docket as written (spaces collapsed); statutes `${sr}:${article}`
   * (`220:41`), for other acts `${law}[ ${canton}]:${article}` (`StG ZH:12`), without an act
   * `?:${article}`.
   */
  readonly key: string;
  /** Canonical decision id when derivable (`bge_BGE_140_III_86`, `bger_6B_1234_2025`), else null. */
  readonly decisionId: string | null;
  /** Erwägung pinpoints, normalised (`2.3`, `5aa`, `5b/aa`). */
  readonly pinpoints: readonly string[];
  /** The pinpoint list ends in `ff.` / `f.` / `ss` / `segg.`. */
  readonly pinpointsFollowing: boolean;
  /** Page pin-cite (`BGE 140 III 86 S. 89` → 89). */
  readonly pagePinpoint?: number;
  /** Date written with the citation, ISO `YYYY-MM-DD`. */
  readonly statedDate?: string;
  /** 0..1, see the confidence rules in the module comment. */
  readonly confidence: number;
  /** Language the wording points to; the option's language when the wording fits several. */
  readonly language: GrammarLanguage | null;
  /** Statute references only. */
  readonly statute?: StatuteDetail;
  /** Gazette references only (`AS 2007 5779`, `BBl 1993 I 1248`). */
  readonly gazette?: Omit<GazetteRef, 'end'>;
}

export interface FindCitationsOptions {
  /** Language of the text; decides the hint where the wording fits several languages. */
  readonly language?: GrammarLanguage;
  /** Year that bounds BGE volumes (`volume = year - 1874`); defaults to the current year. */
  readonly currentYear?: number;
  /**
   * The canton of the citing decision: a cantonal court named without its canton (`Urteil des
   * Obergerichts LB190012-O` in a Zurich decision) is taken to be of this canton.
   */
  readonly canton?: Jurisdiction;
  /**
   * The text is a published decision: a BGE reference with a page on a line of its own is the
   * collection's running head at a page break (`BGE 151 II 245 S. 247`), not a citation.
   */
  readonly decisionText?: boolean;
}

/** Case citations (every kind but `statute` and `gazette`). */
export function isCaseCitation(match: CitationMatch): boolean {
  return match.kind !== 'statute' && match.kind !== 'gazette';
}

// ---------------------------------------------------------------------------------------------
// Confidence

/** Confidence of a federal reference by form: [lone, with stated date, in a list, court/decision named]. */
export const CONFIDENCE: Readonly<
  Record<Exclude<RefForm, 'cantonal'>, readonly [number, number, number, number]>
> = {
  prefixed: [0.95, 0.95, 0.95, 0.95],
  bare: [0.85, 0.85, 0.85, 0.85],
  modern: [0.9, 0.95, 0.95, 0.95],
  dotted: [0.85, 0.9, 0.9, 0.95],
  spaced: [0.8, 0.85, 0.85, 0.9],
  bvger: [0.8, 0.85, 0.85, 0.95],
  bstger: [0.8, 0.85, 0.85, 0.95],
  'bstger-register': [0.85, 0.85, 0.85, 0.85],
  bpatger: [0.85, 0.9, 0.9, 0.95],
  evg: [0.4, 0.6, 0.75, 0.85],
};
export const CANTONAL_CONFIDENCE = {
  /** Factor when the canton is not written but implied (docket shape or the citing decision's canton). */
  impliedCanton: 0.9,
  registryCourt: 0.7,
  cantonOnly: 0.6,
  noCanton: 0.45,
  regulator: 0.7,
} as const;
export const STATUTE_CONFIDENCE = { federalAct: 0.9, cantonalAct: 0.7, otherAct: 0.6, noAct: 0.3 } as const;
/** Cap when a named court contradicts the court of the docket's shape. */
export const CONTRADICTION_CAP = 0.6;

interface Context {
  readonly dated: boolean;
  readonly list: boolean;
  readonly named: boolean;
  readonly contradicted: boolean;
}

function federalConfidence(form: Exclude<RefForm, 'cantonal'>, ctx: Context): number {
  const [lone, dated, list, named] = CONFIDENCE[form];
  let c = lone;
  if (ctx.dated) c = Math.max(c, dated);
  if (ctx.list) c = Math.max(c, list);
  if (ctx.named) c = Math.max(c, named);
  return ctx.contradicted ? Math.min(c, CONTRADICTION_CAP) : c;
}

// ---------------------------------------------------------------------------------------------
// Long forms: introducing words, fillers, chamber words

/** Words that introduce a decision (folded). */
// prettier-ignore
const INTRO_WORDS = new Map<string, number>([
  ...['urteil', 'urteils', 'urteile', 'entscheid', 'entscheids', 'entscheides', 'entscheide', 'beschluss', 'beschlusses',
    'verfugung', 'zwischenentscheid', 'teilurteil', 'endentscheid', 'nichteintretensentscheid'].map((w) => [w, DE] as const),
  ...['arret', 'arrets', 'decision', 'decisions', 'jugement', 'jugements', 'ordonnance', 'prononce'].map((w) => [w, FR] as const),
  ...['sentenza', 'sentenze', 'decisione', 'decisioni', 'giudizio', 'ordinanza', 'decreto'].map((w) => [w, IT] as const),
]);

/** Articles and prepositions between the parts of a long form (folded). */
// prettier-ignore
const FILLERS = new Set([
  'schweizerisch', 'schweizerische', 'schweizerischen', 'suisse', 'svizzero', 'des', 'der', 'dem', 'du', 'de', 'la',
  'le', "l'", "d'", 'del', 'della', 'dello', "dell'", 'dei', 'degli', 'delle', 'il', 'lo', 'di',
]);

/** Words of chamber names (`II. zivilrechtliche Abteilung`, `IIe Cour de droit public`). */
// prettier-ignore
const CHAMBER_WORDS = new Set([
  'abteilung', 'kammer', 'zivilabteilung', 'strafabteilung', 'beschwerdekammer', 'strafkammer', 'berufungskammer',
  'zivilkammer', 'verwaltungsrechtliche', 'sozialversicherungsrechtliche', 'einzelrichter', 'einzelrichterin',
  'plenum', 'cour', 'chambre', 'section', 'corte', 'camera', 'sezione', 'droit', 'civil', 'civile', 'penal', 'penale',
  'public', 'publique', 'social', 'sociale', 'diritto', 'pubblico', 'administratif', 'administrative',
  'amministrativo', 'amministrativa', 'plaintes', 'recours', 'reclami', 'penali', 'assurances', 'sociales',
  'assicurazioni', 'sociali', 'appel', 'appello', 'affaires', 'penales', 'ire', 'iie', 'iiie', 'ive', 've', 'vie',
  'premiere', 'deuxieme', 'troisieme', 'quatrieme', 'prima', 'seconda', 'terza', 'quarta', 'erste', 'zweite',
  'dritte', 'vierte', 'ersten', 'zweiten', 'dritten', 'vierten', 'i', 'ii', 'iii', 'iv', 'v', 'vi',
]);

function isChamberWord(word: string): boolean {
  return CHAMBER_WORDS.has(word) || word.endsWith('rechtliche') || word.endsWith('rechtlichen');
}

const MAX_LONG_FORM_TOKENS = 16;

function hasLineBreak(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (s.charCodeAt(k) === 10) return true;
  return false;
}

/** Skips a comma and the spaces after it (`Obergericht des Kantons Zürich, II. Strafkammer, vom …`). */
function afterComma(s: string, i: number): number {
  return s[i] === ',' ? skipSpaces(s, i + 1) : i;
}

/** Start of the next part of a long form after whitespace on the same line (and a comma), or -1. */
function afterGap(s: string, i: number): number {
  const j = afterComma(s, i);
  const k = skipSpaces(s, j);
  if ((k === i && j === i) || hasLineBreak(s, i, k)) return -1;
  return k;
}
/** A long form names at most two courts (`Cour des assurances sociales du Tribunal fédéral`). */
const MAX_COURT_PHRASES = 2;

interface LongForm {
  readonly ref: RefHit;
  /** After the reference (and a closing parenthesis of `(4A_1/2021)`). */
  readonly refEnd: number;
  readonly court: CourtPhrase | null;
  readonly canton: CantonCode | null;
  readonly date: StatedDate | null;
  readonly languages: number;
}

/**
 * A long form starting at i: [intro] (filler | chamber word | court name [canton])* then the
 * reference, or a date phrase and then the reference (`Urteil vom 3. Mai 2021 (4A_1/2021)`).
 * Reads at most {@link MAX_LONG_FORM_TOKENS} words before the reference.
 */
function longFormAt(s: string, i: number, maxVolume: number): LongForm | null {
  let pos = i;
  let court: CourtPhrase | null = null;
  let canton: CantonCode | null = null;
  let pendingCanton: CantonCode | null = null;
  let intro = false;
  let languages = ANY_LANG;
  let date: StatedDate | null = null;
  const cue = (mask: number): void => {
    languages = languages & mask || languages;
  };
  const federal = (at: number): RefHit | null =>
    federalReferenceAt(s, at, { maxVolume, anyBstgerRegister: court?.key === 'bstger' });
  let courts = 0;
  let justNamedCourt = false;
  for (let n = 0; n < MAX_LONG_FORM_TOKENS && pos < s.length; n++) {
    const c = s.charCodeAt(pos);
    if (n > 0) {
      // the reference itself (`Urteil I 594/01`: `I` is no chamber numeral here;
      // `FINMA FINMA 2019/12`: the second `FINMA` opens the docket)
      if (
        (isDigitCode(c) || isUpperCode(c)) &&
        (court === null || court.kind === 'federal' ? federal(pos) : cantonalDocketAt(s, pos))
      )
        break;
      // v(om), d(u/el); after a cantonal court also a bare date (`VGr, 22. August 2024, VB.2022.00382`)
      const d =
        c === 118 || c === 100
          ? datePhraseAt(s, pos)
          : court?.kind === 'cantonal' && isDigitCode(c)
            ? dateAt(s, pos)
            : null;
      if (d) {
        date = d;
        cue(d.languages);
        pos = d.end;
        break;
      }
    }
    const t = wordTokenAt(s, pos);
    // a second court only after some words (`Cour des assurances sociales du Tribunal fédéral`),
    // not right after the first (`Bundesgericht Tribunal fédéral Tribunale federale` headers)
    const phrase: CourtPhraseMatch | null =
      courts === 0 || (courts < MAX_COURT_PHRASES && !justNamedCourt) ? courtPhraseAt(s, pos, t) : null;
    justNamedCourt = phrase !== null;
    if (phrase) {
      courts++;
      court = phrase.phrase;
      canton = null;
      cue(phrase.phrase.languages);
      pos = phrase.end;
      if (court.kind === 'cantonal') {
        const after = skipSpaces(s, pos);
        const found = after > pos ? cantonAfterCourt(s, after) : null;
        canton = found?.canton ?? pendingCanton;
        if (found) pos = found.end;
      }
      const next = afterGap(s, pos);
      if (next < 0) break;
      pos = next;
      continue;
    }
    if (t) {
      const introLanguages = n === 0 ? INTRO_WORDS.get(t.word) : undefined;
      if (introLanguages !== undefined) {
        intro = true;
        cue(introLanguages);
      } else if (n === 0) {
        return null;
      } else if (!FILLERS.has(t.word) && !isChamberWord(t.word)) {
        const adjective = cantonOfAdjective(t);
        if (!adjective) break;
        pendingCanton = adjective;
      }
      // after an elision directly (`d'`), after an abbreviation's dot (`II.`, `Eidg.`), a comma, spaces
      const dotted = s[t.end] === '.' && t.end - t.start <= 4 ? t.end + 1 : t.end;
      const next = isApostropheCode(s.charCodeAt(t.end - 1)) ? skipSpaces(s, t.end) : afterGap(s, dotted);
      if (next < 0) break;
      pos = next;
      continue;
    }
    // `1.` / `2.` of a chamber (`der 1. öffentlich-rechtlichen Abteilung`)
    const digit = readDigits(s, pos, 1);
    const word = digit > 0 && s[digit] === '.' ? skipSpaces(s, digit + 1) : -1;
    if (n === 0 || word <= digit + 1 || !isLetterAt(s, word)) break;
    pos = word;
  }
  if (!intro && !court) return null;
  let refStart = pos;
  let paren = false;
  if (date) {
    refStart = skipSpaces(s, pos);
    if (s[refStart] === ',') refStart = skipSpaces(s, refStart + 1);
    if (s[refStart] === '(') {
      paren = true;
      refStart++;
    } else if (refStart === pos) {
      return null;
    }
  }
  const ref = court && court.kind !== 'federal' ? cantonalDocketAt(s, refStart) : federal(refStart);
  if (!ref) return null;
  let refEnd = ref.end;
  // `(4A_1/2021)` closes here; `(1C_733/2025, 1C_734/2025 und …)` goes on as a reference list
  if (paren && s[refEnd] === ')') refEnd++;
  return { ref, refEnd, court, canton, date, languages: languages & ref.languages || languages };
}

// ---------------------------------------------------------------------------------------------
// Reference lists

/** Words that may separate two references of a list (`BGE 139 III 1 und 140 III 86`). */
// prettier-ignore
const LIST_WORDS = Literals.of([
  'ainsi que', 'nonché', 'und', 'sowie', 'bzw.', 'resp.', 'oder', 'et', 'ou', 'e', 'o', 'vgl.', 'vgl', 'cf.', 'cfr.',
  'siehe', 'voir', 'vedi', 'auch', 'aussi', 'anche', 'ferner', 'sodann', 'zudem', 'puis', 'poi', 'mit', 'avec', 'con',
]);

/** Where the next item of a reference list would start after a citation ending at `end`, or -1. */
function listContinuation(s: string, end: number): number {
  let pos = skipSpaces(s, end);
  let separators = 0;
  for (let n = 0; n < 4; n++) {
    const c = s[pos];
    if (c === ';' || c === ',') {
      pos = skipSpaces(s, pos + 1);
      separators++;
      continue;
    }
    const w = LIST_WORDS.end(s, pos);
    if (w < 0 || isWordAt(s, w)) break;
    const next = skipSpaces(s, w);
    if (next === w && s[w - 1] !== '.') break;
    pos = next;
    separators++;
  }
  return separators > 0 ? pos : -1;
}

// ---------------------------------------------------------------------------------------------
// Building matches

const LINE_END = /^[ \t]*(?:\r?\n|$)/;

/**
 * The running head of the official collection at a page break (`BGE 151 II 245 S. 247` on a
 * line of its own) marks a page, not a citation: the end of the line, or -1 when `p` is not one.
 */
function runningHeadAt(s: string, p: CaseParts): number {
  if (p.ref.kind !== 'bge' || p.ref.form !== 'prefixed' || p.list || p.intro || p.court) return -1;
  const before = s.lastIndexOf('\n', p.start - 1);
  if (s.slice(before + 1, p.start).trim() !== '') return -1;
  const m = /^\s+(?:S\.|p\.|pag\.)\s*\d{1,4}/.exec(s.slice(p.refEnd, p.refEnd + 16));
  if (!m) return -1;
  const end = p.refEnd + m[0].length;
  return LINE_END.test(s.slice(end, end + 8)) ? end : -1;
}

function resolveLanguage(mask: number, preferred: GrammarLanguage | undefined): GrammarLanguage | null {
  const single = singleLanguage(mask);
  if (single) return single;
  if (preferred && mask & LANG_BITS[preferred]) return preferred;
  return null;
}

interface CaseParts {
  readonly start: number;
  readonly ref: RefHit;
  readonly refEnd: number;
  readonly court: CourtPhrase | null;
  readonly canton: CantonCode | null;
  readonly date: StatedDate | null;
  readonly languages: number;
  readonly list: boolean;
  readonly intro: boolean;
}

/** Geneva's dockets name their court (`ACJC/123/2024`, `ATA/1400/2019`, `JTAPI/12/2019`). */
const GENEVA_DOCKET = /^(?:ACJC|ATA|JTAPI|JTPI|AARP|ACPR|ACJP|ACST|DAS|JTBL|JTPH|OTPI|JTCO|JTDP)\//;

/** The canton of a cantonal court named without one: from the docket's shape, else the citing decision's. */
function impliedCanton(key: string, context: Jurisdiction | undefined): CantonCode | null {
  if (GENEVA_DOCKET.test(key)) return 'GE';
  return context && context !== 'CH' ? context : null;
}

function caseMatch(
  s: string,
  p: CaseParts,
  maxVolume: number,
  preferred: GrammarLanguage | undefined,
  contextCanton?: Jurisdiction,
): CitationMatch {
  const tail = tailAt(s, p.refEnd, maxVolume);
  const statedDate = p.date?.iso ?? tail.statedDate ?? undefined;
  const languages = p.languages & tail.languages || p.languages;
  const { ref } = p;
  let court = ref.court;
  let canton: Jurisdiction | null = 'CH';
  let decisionId: string | null;
  let confidence: number;
  let kind: CaseKind = ref.kind;
  if (ref.form === 'cantonal') {
    const named = p.court!;
    if (named.kind === 'regulator') {
      kind = 'docket';
      court = named.key;
      decisionId = decisionIdFor(named.key!, ref.key);
      confidence = CANTONAL_CONFIDENCE.regulator;
    } else {
      const implied = p.canton ? null : impliedCanton(ref.key, contextCanton);
      canton = p.canton ?? implied;
      court = canton ? cantonalCourtKey(canton, named.name) : null;
      decisionId = court ? decisionIdFor(court, ref.key) : null;
      confidence =
        (court
          ? CANTONAL_CONFIDENCE.registryCourt
          : canton
            ? CANTONAL_CONFIDENCE.cantonOnly
            : CANTONAL_CONFIDENCE.noCanton) * (implied ? CANTONAL_CONFIDENCE.impliedCanton : 1);
    }
  } else {
    const namedKey = p.court?.key ?? null;
    const contradicted = namedKey !== null && namedKey !== court && !(namedKey === 'bger' && court === 'bge');
    confidence = federalConfidence(ref.form, {
      dated: statedDate !== undefined,
      list: p.list,
      named: p.intro || p.court !== null,
      contradicted,
    });
    decisionId = ref.kind === 'bvge' ? null : decisionIdFor(court!, ref.key);
  }
  const match: CitationMatch = {
    kind,
    span: { start: p.start, end: tail.end },
    text: s.slice(p.start, tail.end),
    court,
    canton,
    key: ref.key,
    decisionId,
    pinpoints: tail.pinpoints,
    pinpointsFollowing: tail.pinpointsFollowing,
    ...(tail.pagePinpoint !== null ? { pagePinpoint: tail.pagePinpoint } : {}),
    ...(statedDate !== undefined ? { statedDate } : {}),
    confidence,
    language: resolveLanguage(languages, preferred),
  };
  return match;
}

/**
 * A statute reference read in a cantonal decision: an act the reference does not place is the
 * canton's own — a `§` reference (federal acts number articles, cantonal acts often paragraphs:
 * `§ 19 PatG` in a Zurich decision is Zurich's act, not the federal Patent Act), or an
 * abbreviation that is no federal act (`§ 13 Abs. 4 GesG`).
 */
function placeInCanton(r: StatuteRef, context: Jurisdiction | undefined): StatuteRef {
  if (!context || context === 'CH' || r.law === null) return r;
  if (r.canton === null) return { ...r, canton: context };
  if (r.paragraphSign && r.canton === 'CH') return { ...r, sr: null, canton: context };
  return r;
}

function statuteMatch(
  s: string,
  written: StatuteRef,
  preferred: GrammarLanguage | undefined,
  contextCanton?: Jurisdiction,
): CitationMatch {
  const r = placeInCanton(written, contextCanton);
  const key =
    r.sr !== null
      ? `${r.sr}:${r.article}`
      : r.law !== null
        ? `${r.law}${r.canton && r.canton !== 'CH' ? ` ${r.canton}` : ''}:${r.article}`
        : `?:${r.article}`;
  const confidence =
    r.sr !== null
      ? STATUTE_CONFIDENCE.federalAct
      : r.law === null
        ? STATUTE_CONFIDENCE.noAct
        : r.canton
          ? STATUTE_CONFIDENCE.cantonalAct
          : STATUTE_CONFIDENCE.otherAct;
  return {
    kind: 'statute',
    span: { start: r.start, end: r.end },
    text: s.slice(r.start, r.end),
    court: null,
    canton: r.canton,
    key,
    decisionId: null,
    pinpoints: [],
    pinpointsFollowing: false,
    confidence,
    language: resolveLanguage(r.languages, preferred),
    statute: {
      sr: r.sr,
      law: r.law,
      article: r.article,
      paragraphs: r.paragraphs,
      letters: r.letters,
      numbers: r.numbers,
      sentences: r.sentences,
      following: r.following,
      ...(r.inRange ? { inRange: true } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The finder

// prettier-ignore
const ARTICLE_STARTS = new Set([
  'Art', 'art', 'Artikel', 'Artikels', 'article', 'articles', 'Article', 'articolo', 'articoli', 'Artt', 'artt',
]);

/**
 * The first three characters (ASCII letters lower-cased, anything else 0) of every word that may
 * open a long form or a statute reference: a cheap filter that spares most words of running
 * text the folding. -1 for a non-ASCII character, which takes the full path.
 */
function prefixKey(s: string, i: number): number {
  let key = 0;
  for (let k = 0; k < 3; k++) {
    const c = i + k < s.length ? s.charCodeAt(i + k) : 32;
    if (c >= 128) return -1;
    key = (key << 8) | (isUpperCode(c) || isLowerCode(c) ? c | 32 : 0);
  }
  return key;
}
/**
 * The first four characters up to the first that is no ASCII letter (ASCII letters lower-cased,
 * the rest 0): -1 for a non-ASCII character before it. A word's token starts with the same
 * characters as its text up to there (a token ends at the first character that is no letter,
 * and its fold and normalisation keep an ASCII word's first four letters), so a word that may
 * open a long form or a statute reference has the key of one of the words listed.
 */
function wordKey(s: string, i: number): number {
  let key = 0;
  let k = 0;
  for (; k < 4 && i + k < s.length; k++) {
    const c = s.charCodeAt(i + k);
    if (c >= 128) return -1;
    if (!isUpperCode(c) && !isLowerCode(c)) break;
    key = (key << 8) | (c | 32);
  }
  return (key << (8 * (4 - k))) >>> 0;
}

const START_WORDS = [...INTRO_WORDS.keys(), ...ARTICLE_STARTS, ...courtStartWords()];
const START_KEYS = new Set(START_WORDS.map((w) => prefixKey(w, 0)).filter((k) => k >= 0));
const START_WORD_KEYS = new Set(START_WORDS.map((w) => wordKey(w, 0)).filter((k) => k >= 0));

/**
 * Whether a long form or statute reference may start with the word at i: by its first three
 * characters, then its first four letters (of the words of 500 sample decisions, 23 % pass the
 * first test, mostly `ver…`, `ber…`, `nic…`, `ein…` and words with an accent early on; the second
 * spares a third of them their token).
 */
function mayStartWord(s: string, i: number): boolean {
  const key = prefixKey(s, i);
  if (key >= 0 && !START_KEYS.has(key)) return false;
  const word = wordKey(s, i);
  return word < 0 || START_WORD_KEYS.has(word);
}

/**
 * All case citations and statute references in `text`, in text order, non-overlapping (except the
 * articles implied by a statute range, marked `statute.inRange`). Spans are UTF-16 offsets into
 * `text`.
 */
export function findCitations(text: string, options: FindCitationsOptions = {}): CitationMatch[] {
  const s = text;
  const maxVolume = (options.currentYear ?? new Date().getUTCFullYear()) - 1874;
  const preferred = options.language;
  const out: CitationMatch[] = [];
  /** Where the next item of the current reference list may start, and the kind of the list. */
  let listAt = -1;
  let listKind: CaseKind | null = null;
  /** Key of the list's last BGE: a follow-on page (`…, 90 E. 1.1.3`) takes its volume and part. */
  let listBgeKey: string | null = null;
  /** The list's last gazette reference: a follow-on page (`BBl 2003 1963, 2024`) takes its year. */
  let listGazette: GazetteRef | null = null;

  const pushGazette = (start: number, r: GazetteRef): number => {
    const { end, ...gazette } = r;
    out.push({
      kind: 'gazette',
      span: { start, end },
      text: s.slice(start, end),
      court: null,
      canton: 'CH',
      key: gazetteKey(r),
      decisionId: null,
      pinpoints: [],
      pinpointsFollowing: false,
      confidence: 0.95,
      language:
        r.type === 'AS' || r.type === 'BBl'
          ? 'de'
          : r.type === 'RO'
            ? 'fr'
            : r.type === 'RU'
              ? 'it'
              : (preferred ?? null),
      gazette,
    });
    listAt = listContinuation(s, end);
    listKind = null;
    listGazette = r;
    return end;
  };
  /** Languages of the previous list item; a later item without cues of its own inherits them. */
  let listLanguages = ANY_LANG;

  const pushCase = (p: CaseParts): number => {
    const header = options.decisionText ? runningHeadAt(s, p) : -1;
    if (header >= 0) return header;
    const m = caseMatch(
      s,
      p.list ? { ...p, languages: p.languages & listLanguages || p.languages } : p,
      maxVolume,
      preferred,
      options.canton,
    );
    out.push(m);
    listAt = listContinuation(s, m.span.end);
    listKind = m.kind === 'statute' || m.kind === 'gazette' ? null : m.kind;
    listBgeKey = m.kind === 'bge' ? m.key : null;
    listGazette = null;
    listLanguages = m.language ? LANG_BITS[m.language] : ANY_LANG;
    return m.span.end;
  };

  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 0xa7) {
      // §
      const run = statuteRunAt(s, i);
      if (run) {
        for (const r of run.refs) out.push(statuteMatch(s, r, preferred, options.canton));
        listAt = -1;
        i = run.end;
      } else {
        i++;
      }
      continue;
    }
    if (!isWordAt(s, i)) {
      i++;
      continue;
    }
    if (!isTokenStart(s, i)) {
      while (i < s.length && isWordAt(s, i)) i++;
      continue;
    }
    const inList = i === listAt;
    const end = isDigitAt(s, i) ? digitStart(i, inList) : letterStart(i, inList);
    if (end > i) {
      i = end;
      continue;
    }
    while (i < s.length && isWordAt(s, i)) i++;
  }
  return out;

  function digitStart(i: number, inList: boolean): number {
    if (inList && listGazette) {
      const follow = gazetteFollowOnAt(s, i, listGazette);
      if (follow) return pushGazette(i, follow);
    }
    if (inList) {
      const bare =
        listKind === 'bge'
          ? (bareBgeAt(s, i, maxVolume) ?? (listBgeKey ? bgeFollowOnAt(s, i, listBgeKey) : null))
          : listKind === 'bvge'
            ? bareBvgeAt(s, i)
            : null;
      if (bare)
        return pushCase({
          start: i,
          ref: bare,
          refEnd: bare.end,
          court: null,
          canton: null,
          date: null,
          languages: ANY_LANG,
          list: true,
          intro: false,
        });
    }
    const ref = bgerDocketAt(s, i);
    if (!ref) return -1;
    return pushCase({
      start: i,
      ref,
      refEnd: ref.end,
      court: null,
      canton: null,
      date: null,
      languages: ANY_LANG,
      list: inList,
      intro: false,
    });
  }

  function letterStart(i: number, inList: boolean): number {
    const token = mayStartWord(s, i) ? wordTokenAt(s, i) : null;
    if (token && (INTRO_WORDS.has(token.word) || mayStartCourtPhrase(token))) {
      const lf = longFormAt(s, i, maxVolume);
      if (lf) {
        const intro = INTRO_WORDS.has(token.word);
        return pushCase({
          start: i,
          ref: lf.ref,
          refEnd: lf.refEnd,
          court: lf.court,
          canton: lf.canton,
          date: lf.date,
          languages: lf.languages,
          list: inList,
          intro,
        });
      }
    }
    if (token && ARTICLE_STARTS.has(token.raw)) {
      const run = statuteRunAt(s, i);
      if (run) {
        for (const r of run.refs) out.push(statuteMatch(s, r, preferred, options.canton));
        listAt = -1;
        return run.end;
      }
      return -1;
    }
    const gazette = gazetteRefAt(s, i);
    if (gazette) return pushGazette(i, gazette);
    const ref = federalReferenceAt(s, i, { maxVolume, anyBstgerRegister: false });
    if (!ref) return -1;
    return pushCase({
      start: i,
      ref,
      refEnd: ref.end,
      court: null,
      canton: null,
      date: null,
      languages: ref.languages,
      list: inList,
      intro: false,
    });
  }
}
