/**
 * Decision identity for citations (issue 4, item 2): the reference keys under which a decision is
 * known (its id, its docket, its BGE / MKGE / BVGE reference, the original docket of a BGE), the
 * parse of any reference form into lookup keys, and the pure resolution rules over identifier
 * rows. Keys are compared for equality only: `131 III 12` never finds `131 III 121`.
 *
 * Key form: the normalised reference as the citation grammar and the query grammar write it,
 * lower-cased, runs of spaces collapsed (`bge 140 iii 86`, `6b_1234/2025`, `2a.123/2005`,
 * `i 594/01`, `a-1234/2020`, `sk.2019.42`, `o2018_001`, `mkge 14 nr. 3`, `bvge 2019 i/2`,
 * `lb220012`); a decision id is its own key (`bger_6b_1234_2025`).
 */
import { courtByKey, COURTS } from '../courts/court-registry.ts';
import { docketLookupKey } from '../search/reference-keys.ts';
import { normaliseErwaegungNumber } from '../structure/erwaegung-numbers.ts';
import {
  findCitations,
  isCaseCitation,
  type CitationKind,
  type CitationMatch,
} from './grammar/find-citations.ts';

export type IdentifierKind = 'id' | 'docket' | 'bge' | 'mkge' | 'bvge' | 'origin_docket';

/** Preference when one key names several decisions (most specific first). */
export const IDENTIFIER_KIND_RANK: Readonly<Record<IdentifierKind, number>> = {
  id: 0,
  bge: 1,
  mkge: 1,
  bvge: 1,
  docket: 2,
  origin_docket: 3,
};

/** Federal courts first when a bare docket names decisions of several courts. */
const COURT_RANK = ['bge', 'bger', 'bvger', 'bstger', 'bpatger', 'mkg'];

export interface DocketParts {
  /** Shape and register, e.g. `modern:4A`, `dotted:2A`, `evg:I`, `bvger:A`, `dots:SK`, `zh:LB`. */
  readonly register: string;
  readonly year: number;
  /** The running number as written (`0714` stays `0714`), for typo distance. */
  readonly serial: string;
}

export interface BgeParts {
  readonly volume: number;
  readonly part: string;
  readonly page: number;
}

/** One key of one decision: a row of the identifier table. */
export interface DecisionIdentifier {
  readonly refKey: string;
  readonly kind: IdentifierKind;
  readonly docket: DocketParts | null;
  readonly bge: BgeParts | null;
}

export function normaliseRefKey(key: string): string {
  return key.trim().replace(/\s+/g, ' ').toLowerCase();
}

const fullYear = (yy: string): number => (Number(yy) >= 50 ? 1900 + Number(yy) : 2000 + Number(yy));

/** Register, year and running number of a docket key, for close matches; null when unknown. */
export function docketParts(key: string): DocketParts | null {
  const k = key.trim().replace(/\s+/g, ' ');
  const rules: readonly [RegExp, string, (m: RegExpExecArray) => [string, number, string]][] = [
    [/^(\d{1,2}[A-Z])_(\d{1,5})\/(\d{4})$/i, 'modern', (m) => [m[1]!, Number(m[3]), m[2]!]],
    [/^(\d[A-Z])\.(\d{1,5})\/(\d{4})$/i, 'dotted', (m) => [m[1]!, Number(m[3]), m[2]!]],
    [/^([A-Z]) (\d{1,4})\/(\d{2})$/, 'evg', (m) => [m[1]!, fullYear(m[3]!), m[2]!]],
    [/^([A-F])-(\d{1,5})\/(\d{4})$/i, 'bvger', (m) => [m[1]!, Number(m[3]), m[2]!]],
    [/^([A-Z]{2,5})\.(\d{4})\.(\d{1,5})$/i, 'dots', (m) => [m[1]!, Number(m[2]), m[3]!]],
    [/^([OS])(\d{4})_(\d{3})$/i, 'bpatger', (m) => [m[1]!, Number(m[2]), m[3]!]],
    [/^(FINMA) (\d{4})\/(\d{1,5})$/i, 'finma', (m) => [m[1]!, Number(m[2]), m[3]!]],
    [/^([A-Z]{2})(\d{2})(\d{4})(?:-[A-Z](?:\/[A-Z])?)?$/i, 'zh', (m) => [m[1]!, fullYear(m[2]!), m[3]!]],
    [/^([A-Z]{2,6})\/(\d{1,5})\/(\d{4})$/i, 'slash-ny', (m) => [m[1]!, Number(m[3]), m[2]!]],
    [/^([A-Z]{2,6})\/(\d{4})\/(\d{1,5})$/i, 'slash-yn', (m) => [m[1]!, Number(m[2]), m[3]!]],
    [/^([A-Z0-9]{1,4}) (\d{2}) (\d{1,5})$/i, 'spaced', (m) => [m[1]!, fullYear(m[2]!), m[3]!]],
    [/^(\d{2,3})\.(\d{4})\.(\d{1,5})$/, 'numeric', (m) => [m[1]!, Number(m[2]), m[3]!]],
    [/^(\d{3}) (\d{4}) (\d{1,5})$/, 'numeric-spaced', (m) => [m[1]!, Number(m[2]), m[3]!]],
    [/^([A-Z]{1,4}) (\d{1,5}) \/ (\d{4})$/i, 'ju', (m) => [m[1]!, Number(m[3]), m[2]!]],
  ];
  for (const [re, shape, read] of rules) {
    const m = re.exec(k);
    if (!m) continue;
    const [register, year, serial] = read(m);
    return { register: `${shape}:${register.toUpperCase()}`, year, serial };
  }
  return null;
}

/** Volume, part and first page of a BGE key (`BGE 140 III 86`, any case). */
export function bgeParts(key: string): BgeParts | null {
  const m = /^(?:BGE|ATF|DTF) (\d{1,3}) (I[AB]?|II|III|IV|V) (\d{1,4})$/i.exec(
    key.trim().replace(/\s+/g, ' '),
  );
  if (!m) return null;
  const upper = m[2]!.toUpperCase();
  const part =
    upper.length === 2 && upper.startsWith('I') && upper !== 'II' && upper !== 'IV'
      ? `I${upper[1]!.toLowerCase()}`
      : upper;
  return { volume: Number(m[1]), part, page: Number(m[3]) };
}

function keyKind(court: string, refKey: string): IdentifierKind {
  if (/^(?:bge|atf|dtf) /.test(refKey) && court === 'bge') return 'bge';
  if (refKey.startsWith('mkge ')) return 'mkge';
  if (refKey.startsWith('bvge ')) return 'bvge';
  return 'docket';
}

function identifier(refKey: string, kind: IdentifierKind): DecisionIdentifier {
  return {
    refKey,
    kind,
    docket: kind === 'docket' || kind === 'origin_docket' ? docketParts(refKey) : null,
    bge: kind === 'bge' ? bgeParts(refKey) : null,
  };
}

export interface IdentifiableDecision {
  readonly decision_id: string;
  readonly court: string;
  readonly docket_number: string;
  /** The paragraphs before the first section (see `segmentDecision`), for BVGE and origin dockets. */
  readonly header?: string | null;
}

/**
 * The keys of one decision: its id, its docket key (kind `bge` / `mkge` for the collections),
 * the BVGE reference a Federal Administrative Court decision names in its header, and the
 * Federal Supreme Court docket a BGE names in its header (`origin_docket`).
 */
export function decisionIdentifiers(d: IdentifiableDecision): DecisionIdentifier[] {
  const out = new Map<string, DecisionIdentifier>();
  const add = (id: DecisionIdentifier): void => {
    if (!out.has(id.refKey)) out.set(id.refKey, id);
  };
  add(identifier(normaliseRefKey(d.decision_id), 'id'));
  const docketKey = normaliseRefKey(docketLookupKey(d.docket_number) ?? d.docket_number);
  add(identifier(docketKey, keyKind(d.court, docketKey)));
  if (d.header && (d.court === 'bvger' || d.court === 'bge')) {
    for (const m of findCitations(d.header)) {
      if (d.court === 'bvger' && m.kind === 'bvge') add(identifier(normaliseRefKey(m.key), 'bvge'));
      if (d.court === 'bge' && m.kind === 'docket' && m.court === 'bger')
        add(identifier(normaliseRefKey(m.key), 'origin_docket'));
    }
  }
  return [...out.values()];
}

// ---------------------------------------------------------------------------------------------
// References as written by a caller or a draft

export interface ParsedReference {
  /** The reference as given (trimmed). */
  readonly text: string;
  /** How it was read: a decision id, a citation found by the grammar, or a bare key. */
  readonly form: 'id' | 'citation' | 'bare';
  readonly kind: CitationKind | null;
  /** Lookup keys, most specific first (lower-case). */
  readonly keys: readonly string[];
  /** The court the reference names (null: not named or not in the registry). */
  readonly court: string | null;
  /** The canton the reference names (a cantonal court outside the registry), else null. */
  readonly canton: string | null;
  /** The reference key as the grammar normalised it (`BGE 140 III 86`, `4A_714/2014`). */
  readonly displayKey: string;
  /** Erwägung pinpoints, normalised (`2.3`, `5a/aa`). */
  readonly pinpoints: readonly string[];
  readonly pagePinpoint: number | null;
  readonly statedDate: string | null;
  readonly bge: BgeParts | null;
  readonly docket: DocketParts | null;
  readonly confidence: number;
}

/** The court key a decision id starts with (`zh_obergericht_LB020209` → `zh_obergericht`). */
export function courtOfDecisionId(id: string): string | null {
  const lower = id.toLowerCase();
  let best: string | null = null;
  for (const c of COURTS) {
    if (lower.startsWith(`${c.key}_`) && (best === null || c.key.length > best.length)) best = c.key;
  }
  return best;
}

/**
 * The docket a federal decision id was made from (`bger_4A_714_2014` → `4A_714/2014`,
 * `bge_BGE_140_III_86` → `BGE 140 III 86`); null when the id does not say (cantonal ids lose
 * their separators).
 */
export function docketOfDecisionId(id: string): string | null {
  const court = courtOfDecisionId(id);
  if (!court) return null;
  const body = id.slice(court.length + 1);
  const rules: Readonly<Record<string, readonly [RegExp, string][]>> = {
    bger: [
      [/^(\d{1,2}[A-Z])_(\d{1,5})_(\d{4})$/i, '$1_$2/$3'],
      [/^(\d[A-Z])\.(\d{1,5})_(\d{4})$/i, '$1.$2/$3'],
      [/^([A-Z])_(\d{1,4})_(\d{2})$/, '$1 $2/$3'],
    ],
    bge: [[/^BGE_(\d{1,3})_(I[ab]?|II|III|IV|V)_(\d{1,4})$/i, 'BGE $1 $2 $3']],
    bvger: [[/^([A-F]-\d{1,5})_(\d{4})$/i, '$1/$2']],
    bstger: [[/^([A-Z]{2}\.\d{4}\.\d{1,5})$/i, '$1']],
    bpatger: [[/^([OS]\d{4}_\d{3})$/i, '$1']],
    mkg: [[/^MKGE_(\d{1,3})_Nr_(\d{1,4})$/i, 'MKGE $1 Nr. $2']],
    finma: [[/^FINMA_(\d{4})_(\d{1,5})$/i, 'FINMA $1/$2']],
  };
  for (const [re, replacement] of rules[court] ?? []) if (re.test(body)) return body.replace(re, replacement);
  return null;
}

/**
 * A regulator's docket may carry the regulator's name (`FINMA 2019/12`) which the grammar reads
 * as the name before the docket (`FINMA` + `2019/12`): both spellings are looked up.
 */
function regulatorVariants(m: CitationMatch): string[] {
  const court = m.court ? courtByKey(m.court) : undefined;
  if (court?.family !== 'regulator') return [];
  const label = court.citationLabel.de;
  return m.key.toLowerCase().startsWith(`${label.toLowerCase()} `) ? [] : [`${label} ${m.key}`];
}

function fromMatch(text: string, m: CitationMatch): ParsedReference {
  const keys = [m.decisionId, m.key, ...regulatorVariants(m)]
    .filter((k): k is string => !!k)
    .map(normaliseRefKey);
  return {
    text,
    form: 'citation',
    kind: m.kind,
    keys: [...new Set(keys)],
    court: m.court,
    canton: m.canton,
    displayKey: m.key,
    pinpoints: m.pinpoints.map((p) => normaliseErwaegungNumber(p)).filter((p): p is string => p !== null),
    pagePinpoint: m.pagePinpoint ?? null,
    statedDate: m.statedDate ?? null,
    bge: m.kind === 'bge' ? bgeParts(m.key) : null,
    docket: m.kind === 'docket' || m.kind === 'cantonal' ? docketParts(m.key) : null,
    confidence: m.confidence,
  };
}

/** A citation found in a draft as a reference to resolve. */
export function referenceOfMatch(m: CitationMatch): ParsedReference {
  return fromMatch(m.text, m);
}

/**
 * Reads any reference form: a decision id (`bger_4A_714_2014`), a citation in any of its written
 * forms (`BGE 140 III 86 E. 2.3`, `arrêt 4A_714/2014 du 22 mai 2015`, `Obergericht ZH LB220012`),
 * or a bare key the query grammar knows (`140 III 86`, `LB220012`). Null for blank input.
 */
export function parseReference(
  input: string,
  options: { currentYear?: number } = {},
): ParsedReference | null {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  const idCourt = /^[a-z][a-z0-9_]*_\S+$/i.test(text) ? courtOfDecisionId(text) : null;
  if (idCourt) {
    const docket = docketOfDecisionId(text);
    const docketKey = docket ? normaliseRefKey(docketLookupKey(docket) ?? docket) : null;
    return {
      text,
      form: 'id',
      kind: null,
      keys: [normaliseRefKey(text), ...(docketKey ? [docketKey] : [])],
      court: idCourt,
      canton: courtByKey(idCourt)?.canton ?? null,
      displayKey: docket ?? text,
      pinpoints: [],
      pagePinpoint: null,
      statedDate: null,
      bge: docket ? bgeParts(docket) : null,
      docket: docket ? docketParts(docket) : null,
      confidence: 1,
    };
  }
  const match = findCitations(text, options.currentYear ? { currentYear: options.currentYear } : {}).find(
    isCaseCitation,
  );
  if (match) return fromMatch(text, match);
  const key = docketLookupKey(text);
  if (!key) return null;
  const bge = bgeParts(key);
  return {
    text,
    form: 'bare',
    kind: bge ? 'bge' : null,
    keys: [normaliseRefKey(key)],
    court: bge ? 'bge' : null,
    canton: null,
    displayKey: bge ? `BGE ${bge.volume} ${bge.part} ${bge.page}` : text,
    pinpoints: [],
    pagePinpoint: null,
    statedDate: null,
    bge,
    docket: bge ? null : docketParts(key),
    confidence: 0.5,
  };
}

// ---------------------------------------------------------------------------------------------
// Resolution over identifier rows (the SQL side only fetches rows by key)

/** A row of the identifier table, as the resolvers need it. */
export interface IdentifierRow {
  readonly ref_key: string;
  readonly kind: IdentifierKind;
  readonly decision_id: string;
  readonly court: string;
  readonly canton: string;
  readonly docket_register: string | null;
  readonly docket_year: number | null;
  readonly docket_serial: string | null;
  readonly bge_volume: number | null;
  readonly bge_part: string | null;
  readonly page_start: number | null;
  readonly page_end: number | null;
}

function courtRank(court: string): number {
  const i = COURT_RANK.indexOf(court);
  return i < 0 ? COURT_RANK.length : i;
}

/**
 * The decisions a reference names among rows fetched by its keys, best first. A named court
 * must match (a Federal Supreme Court docket may also name the BGE published under it); a
 * cantonal court outside the registry limits the candidates to its canton; an unnamed court
 * admits every court, federal ones first.
 */
export function resolveAmong(ref: ParsedReference, rows: readonly IdentifierRow[]): string[] {
  const keys = new Set(ref.keys);
  let candidates = rows.filter((r) => keys.has(r.ref_key));
  if (ref.court !== null) {
    const sameCourt = candidates.filter((r) => r.court === ref.court && r.kind !== 'origin_docket');
    candidates =
      sameCourt.length > 0
        ? sameCourt
        : ref.court === 'bger'
          ? candidates.filter((r) => r.kind === 'origin_docket')
          : [];
  } else if (ref.canton !== null && ref.canton !== 'CH') {
    candidates = candidates.filter((r) => r.canton === ref.canton);
  }
  candidates = [...candidates].sort(
    (a, b) =>
      IDENTIFIER_KIND_RANK[a.kind] - IDENTIFIER_KIND_RANK[b.kind] ||
      courtRank(a.court) - courtRank(b.court) ||
      a.decision_id.localeCompare(b.decision_id),
  );
  return [...new Set(candidates.map((r) => r.decision_id))];
}

/** The BGE whose page range holds an inner page the reference names (`BGE 140 III 90` → 86–99). */
export function bgePageHolder(ref: ParsedReference, rows: readonly IdentifierRow[]): IdentifierRow | null {
  const bge = ref.bge;
  if (!bge) return null;
  let best: IdentifierRow | null = null;
  for (const r of rows) {
    if (r.kind !== 'bge' || r.bge_volume !== bge.volume || r.bge_part !== bge.part || r.page_start === null)
      continue;
    const end = r.page_end ?? r.page_start;
    if (r.page_start < bge.page && bge.page <= end && (best === null || r.page_start > best.page_start!))
      best = r;
  }
  return best;
}

/** Whether a page pin-cite lies within the BGE's pages (`BGE 140 III 86 S. 90`). */
export function pageWithin(row: Pick<IdentifierRow, 'page_start' | 'page_end'>, page: number): boolean {
  if (row.page_start === null) return true;
  return row.page_start <= page && page <= (row.page_end ?? row.page_start);
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...new Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** Largest typo distance between running numbers that still counts as a close match. */
export function closeMatchDistance(serial: string): number {
  return serial.length <= 3 ? 1 : 2;
}

/**
 * Dockets of the same register and the same year (never another year) whose running number is
 * a typo away from the one asked for (one edit or transposition, two for numbers of four digits
 * or more), closest first; the court must match when the reference names one.
 */
export function docketCloseMatches(
  ref: ParsedReference,
  rows: readonly IdentifierRow[],
  limit = 5,
): IdentifierRow[] {
  const want = ref.docket;
  if (!want) return [];
  const scored = rows
    .filter(
      (r) =>
        (r.kind === 'docket' || r.kind === 'origin_docket') &&
        r.docket_register === want.register &&
        r.docket_year === want.year &&
        r.docket_serial !== null &&
        r.docket_serial !== want.serial &&
        (ref.court === null || r.court === ref.court || (ref.court === 'bger' && r.kind === 'origin_docket')),
    )
    .map((r) => ({
      r,
      distance: editDistance(want.serial, r.docket_serial!),
      delta: Math.abs(Number(want.serial) - Number(r.docket_serial)),
    }))
    .filter((x) => x.distance <= closeMatchDistance(want.serial))
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        a.delta - b.delta ||
        IDENTIFIER_KIND_RANK[a.r.kind] - IDENTIFIER_KIND_RANK[b.r.kind] ||
        a.r.decision_id.localeCompare(b.r.decision_id),
    );
  // One suggestion per docket: the judgment itself rather than the BGE published under it.
  const seen = new Set<string>();
  const out: IdentifierRow[] = [];
  for (const { r } of scored) {
    if (seen.has(r.decision_id) || seen.has(r.ref_key)) continue;
    seen.add(r.decision_id);
    seen.add(r.ref_key);
    out.push(r);
    if (out.length >= limit) break;
  }
  return out;
}

/** Whether the court key is known to the registry (used to label citation strings of misses). */
export function isRegisteredCourt(court: string | null): court is string {
  return court !== null && courtByKey(court) !== undefined;
}
