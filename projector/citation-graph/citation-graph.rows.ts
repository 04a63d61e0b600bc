import type { Insertable } from 'kysely';
import { findLowerCourtReferences } from '../../contracts/citation/appeal-chain.ts';
import { bgeParts, normaliseRefKey } from '../../contracts/citation/decision-identifiers.ts';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import { docketLookupKey } from '../../contracts/search/reference-keys.ts';
import { statuteActKey, statuteArticle } from '../../contracts/search/statute-keys.ts';
import type { DecisionStructure } from '../../contracts/structure/segment-decision.ts';
import {
  decisionCitationsOf,
  decisionRuleStatementOf,
  decisionStructureOf,
  grammarLanguage,
} from '../decision-analysis.ts';
import type {
  CitationNodeTable,
  DecisionReferenceTable,
  StatuteReferenceTable,
} from '../../infra/db/schema.ts';

/** A row of `citation_nodes`. */
export type CitationNodeRow = Insertable<CitationNodeTable>;
/** A row of `decision_references`. */
export type DecisionReferenceRow = Insertable<DecisionReferenceTable>;
/** A row of `statute_references`. */
export type StatuteReferenceRow = Insertable<StatuteReferenceTable>;

export interface CitationGraphRows {
  readonly node: CitationNodeRow;
  readonly references: DecisionReferenceRow[];
  readonly statutes: StatuteReferenceRow[];
}

/** Where the header ends in the text (0 without one): citations there are the decision's own docket. */
function headerEnd(fullText: string, header: string | null): number {
  if (!header) return 0;
  const last = header.split('\n\n').pop() ?? '';
  const at = last ? fullText.indexOf(last) : -1;
  return at < 0 ? 0 : at + last.length;
}

/**
 * The rows of one decision: its node, its case references (deduplicated by key and court, with
 * the mentions counted and the pinpoints collected; the header's own docket and the decision's
 * own keys left out), the lower-court decisions it names, and its statute references (one row
 * per act and article).
 */
export function citationGraphRows(
  d: NormalisedDecision,
  position: number,
  structure: DecisionStructure = decisionStructureOf(d),
): CitationGraphRows {
  const language = grammarLanguage(d.language);
  const ownKeys = new Set([
    normaliseRefKey(d.decision_id),
    normaliseRefKey(docketLookupKey(d.docket_number) ?? d.docket_number),
  ]);
  // Each row's source fields written out, not spread: a spread and then more properties made
  // V8 build every row slowly (half of this function's time, 0.2 ms a decision).
  const {
    decision_id: source_id,
    decision_date: source_date,
    court: source_court,
    canton: source_canton,
  } = d;

  const references: DecisionReferenceRow[] = [];
  const lower = findLowerCourtReferences({
    header: structure.header,
    facts: structure.facts,
    ...(language ? { language } : {}),
  });
  const lowerKeys = new Set<string>();
  for (const l of lower) {
    if (l.key !== null && ownKeys.has(l.key)) continue;
    if (l.key !== null) lowerKeys.add(l.key);
    const bge = l.kind === 'bge' && l.docket ? bgeParts(l.docket) : null;
    references.push({
      source_id,
      source_date,
      source_court,
      source_canton,
      ordinal: references.length,
      role: 'appeal_prior',
      kind: l.kind,
      origin: l.origin,
      level: l.level,
      raw: l.raw,
      ref_key: l.key,
      docket: l.docket,
      ref_court: l.court,
      ref_canton: l.canton,
      bge_volume: bge?.volume ?? null,
      bge_part: bge?.part ?? null,
      bge_page: bge?.page ?? null,
      pin_page: null,
      pinpoints: null,
      stated_date: l.statedDate,
      match_confidence: l.confidence,
      mentions: 1,
    });
  }

  const matches = decisionCitationsOf(d);
  const skipBefore = headerEnd(d.full_text, structure.header);
  const cases = new Map<string, { row: DecisionReferenceRow; pins: string[] }>();
  const statutes = new Map<string, StatuteReferenceRow>();
  for (const m of matches) {
    if (m.kind === 'statute') {
      const act = statuteActKey(m);
      const article = statuteArticle(m);
      if (act === null || article === null || !m.statute) continue;
      const id = `${act}\u0000${article}`;
      const known = statutes.get(id);
      if (known) {
        known.mentions++;
        known.match_confidence = Math.max(known.match_confidence, m.confidence);
        continue;
      }
      statutes.set(id, {
        source_id,
        source_date,
        source_court,
        source_canton,
        act_key: act,
        article,
        sr_number: m.statute.sr,
        law: m.statute.law,
        canton: m.canton,
        raw: m.text,
        mentions: 1,
        match_confidence: m.confidence,
      });
      continue;
    }
    if (m.kind === 'gazette' || m.span.start < skipBefore) continue;
    const key = normaliseRefKey(m.key);
    if (ownKeys.has(key) || lowerKeys.has(key)) continue;
    const id = `${key}\u0000${m.court ?? ''}\u0000${m.canton ?? ''}`;
    const known = cases.get(id);
    if (known) {
      known.row.mentions++;
      known.row.match_confidence = Math.max(known.row.match_confidence, m.confidence);
      known.row.stated_date ??= m.statedDate ?? null;
      known.row.pin_page ??= m.pagePinpoint ?? null;
      for (const p of m.pinpoints) if (!known.pins.includes(p)) known.pins.push(p);
      continue;
    }
    const bge = m.kind === 'bge' ? bgeParts(m.key) : null;
    cases.set(id, {
      pins: [...m.pinpoints],
      row: {
        source_id,
        source_date,
        source_court,
        source_canton,
        ordinal: 0,
        role: 'citation',
        kind: m.kind,
        origin: 'text',
        level: 0,
        raw: m.text,
        ref_key: key,
        docket: m.key,
        ref_court: m.court,
        ref_canton: m.canton,
        bge_volume: bge?.volume ?? null,
        bge_part: bge?.part ?? null,
        bge_page: bge?.page ?? null,
        pin_page: m.pagePinpoint ?? null,
        pinpoints: null,
        stated_date: m.statedDate ?? null,
        match_confidence: m.confidence,
        mentions: 1,
      },
    });
  }
  for (const { row, pins } of cases.values()) {
    row.ordinal = references.length;
    row.pinpoints = pins.length > 0 ? pins.join(', ') : null;
    references.push(row);
  }

  return {
    node: {
      decision_id: d.decision_id,
      court: d.court,
      canton: d.canton,
      language: d.language,
      decision_date: d.decision_date,
      docket_number: d.docket_number,
      title: d.title,
      chamber: d.chamber,
      decision_type: d.decision_type,
      regeste: d.regeste,
      rule_statement: decisionRuleStatementOf(d),
      case_references: cases.size,
      statute_references: statutes.size,
      event_position: position,
    },
    references,
    statutes: [...statutes.values()],
  };
}
