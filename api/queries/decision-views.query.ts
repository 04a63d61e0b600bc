import {
  normaliseErwaegungNumber,
  composeErwaegung,
  pinpointExists,
} from '../../contracts/structure/erwaegung-numbers.ts';
import type { z } from 'zod';
import type {
  caseBriefResponse,
  erwaegungResponse,
  regesteResponse,
  structureResponse,
} from '../../contracts/api/structure.schema.ts';
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { caseBrief } from './case-brief.query.ts';
import { findByReference, type FoundDecision } from './identifiers.query.ts';
import {
  asErwaegungTexts,
  cutAtWord,
  decisionHeadOf,
  loadErwaegungen,
  loadStructure,
  pinpointRuleText,
  ruleStatementOf,
} from './structure.query.ts';
import { summaryContextOf } from './summaries.ts';

type ErwaegungResponse = z.infer<typeof erwaegungResponse>;
type RegesteResponse = z.infer<typeof regesteResponse>;
type StructureResponse = z.infer<typeof structureResponse>;
type CaseBriefResponse = z.infer<typeof caseBriefResponse>;

/** `(E. 3)`, `(E. 4.1 und 4.2)`, `(consid. 5)`, `(consid. 2 e 3)` inside a head-note. */
const REGESTE_REF = /\((?:E\.|Erw\.|consid\.|cons\.|c\.)\s*([^()]{1,60})\)/g;

/** The Erwägung numbers the head-notes point to, in order of first mention. */
export function regesteRefs(texts: readonly (string | null)[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    for (const m of (text ?? '').matchAll(REGESTE_REF)) {
      for (const part of m[1]!.split(/\s*(?:,|;|\bund\b|\bet\b|\be\b|\bsowie\b)\s*/)) {
        const n = normaliseErwaegungNumber(part.replace(/\s*(?:ff?\.|ss?\.?|segg?\.)$/, ''));
        if (n && !out.includes(n)) out.push(n);
      }
    }
  }
  return out;
}

/** A decision by id, docket number or case reference; 404 when none is known. */
export async function decisionByReference(deps: ApiDeps, reference: string): Promise<FoundDecision> {
  const found = await findByReference(deps.db, reference);
  if (!found) throw notFound(`No decision with id, docket number or reference '${reference}'`);
  return found;
}

/** `/erwaegung`: the exact wording of one numbered Erwägung (children composed when it has no own paragraph). */
export async function erwaegungOf(
  deps: ApiDeps,
  reference: string,
  eNumber: string,
): Promise<ErwaegungResponse> {
  const { decision } = await decisionByReference(deps, reference);
  const number = normaliseErwaegungNumber(eNumber)!;
  const rows = (await loadErwaegungen(deps.db, [decision.decision_id])).get(decision.decision_id) ?? [];
  const composed = composeErwaegung(asErwaegungTexts(rows), number);
  if (!composed) {
    const available = rows.filter((e) => e.depth === 1).map((e) => e.number);
    throw notFound(
      rows.length === 0
        ? `No numbered Erwägungen were recognised in ${decision.decision_id}`
        : `${decision.decision_id} has no Erwägung ${number}; top-level Erwägungen: ${available.join(', ')}`,
    );
  }
  const first = rows.find((e) => e.number === composed.parts[0]);
  return {
    ...decisionHeadOf(
      decision,
      summaryContextOf(deps),
      ruleStatementOf(decision, undefined, [], pinpointRuleText(rows, number)),
      number,
    ),
    e_number: number,
    text: composed.text,
    composed: !composed.own,
    parts: [...composed.parts],
    parent: composed.own ? (first?.parent ?? null) : null,
    page: first?.page ?? null,
  };
}

/** `/regeste`: the head-note of the court with its Erwägung references. */
export async function regesteOf(deps: ApiDeps, reference: string): Promise<RegesteResponse> {
  const { decision } = await decisionByReference(deps, reference);
  const structure = await loadStructure(deps.db, decision.decision_id);
  const rows = (await loadErwaegungen(deps.db, [decision.decision_id])).get(decision.decision_id) ?? [];
  const text = structure?.regeste ?? decision.regeste;
  const numbers = rows.map((e) => e.number);
  const refs = regesteRefs([
    text,
    structure?.regeste_de ?? null,
    structure?.regeste_fr ?? null,
    structure?.regeste_it ?? null,
  ]);
  const base = deps.settings.publicBaseUrl.replace(/\/+$/, '');
  return {
    ...decisionHeadOf(decision, summaryContextOf(deps), ruleStatementOf(decision, structure, rows)),
    regeste: text,
    regeste_de: structure?.regeste_de ?? null,
    regeste_fr: structure?.regeste_fr ?? null,
    regeste_it: structure?.regeste_it ?? null,
    erwaegung_refs: refs.map((n) => {
      const exists = pinpointExists(numbers, n);
      return {
        number: n,
        exists,
        url: exists ? `${base}/erwaegung/${encodeURIComponent(decision.decision_id)}/${n}` : null,
      };
    }),
  };
}

/** `/structure`: Sachverhalt, Erwägungen (excerpts), Dispositiv and Regeste as separate fields. */
export async function structureOf(
  deps: ApiDeps,
  reference: string,
  excerptChars: number,
): Promise<StructureResponse> {
  const { decision } = await decisionByReference(deps, reference);
  const s = await loadStructure(deps.db, decision.decision_id);
  const rows = (await loadErwaegungen(deps.db, [decision.decision_id])).get(decision.decision_id) ?? [];
  return {
    ...decisionHeadOf(decision, summaryContextOf(deps), ruleStatementOf(decision, s, rows)),
    regeste: s?.regeste ?? decision.regeste,
    sachverhalt: s?.facts ?? null,
    erwaegungen: rows.map((e) => {
      const { excerpt, truncated } = cutAtWord(e.text, excerptChars);
      return {
        number: e.number,
        label: e.label,
        parent: e.parent,
        depth: e.depth,
        page: e.page,
        excerpt,
        chars: e.text.length,
        truncated,
      };
    }),
    dispositiv: s?.operative ?? null,
    paragraph_excerpt_chars: excerptChars,
    sections_found: {
      facts: s?.facts_source ?? 'none',
      considerations: s?.considerations_source ?? 'none',
      operative: s?.operative_source ?? 'none',
    },
    structured:
      s !== undefined &&
      s !== null &&
      [s.facts_source, s.considerations_source, s.operative_source].some((source) => source !== 'none'),
  };
}

/** `/case-brief`: facts, reasoning, statutes, authority and related cases of a decision. */
export async function caseBriefOf(deps: ApiDeps, reference: string): Promise<CaseBriefResponse> {
  return caseBrief(deps.db, await decisionByReference(deps, reference), summaryContextOf(deps));
}
