import { canonicalUrl, citationStrings } from '../../contracts/citation/citation-strings.ts';
import { ruleStatement } from '../../contracts/citation/rule-statement.ts';
import { composeErwaegung, type ErwaegungText } from '../../contracts/structure/erwaegung-numbers.ts';
import type { Database } from '../../infra/db/database.ts';
import type { DecisionErwaegungTable, DecisionStructureTable } from '../../infra/db/schema.ts';
import type { DecisionCore } from './identifiers.query.ts';
import type { SummaryContext } from './summaries.ts';

export type StructureRow = DecisionStructureTable;
export type ErwaegungRow = Omit<DecisionErwaegungTable, 'decision_id'> & { decision_id: string };

export async function loadStructure(db: Database, decisionId: string): Promise<StructureRow | undefined> {
  return db
    .selectFrom('decision_structure')
    .selectAll()
    .where('decision_id', '=', decisionId)
    .executeTakeFirst();
}

/** The Erwägungen of decisions in document order, by decision id. */
export async function loadErwaegungen(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, ErwaegungRow[]>> {
  const out = new Map<string, ErwaegungRow[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('decision_erwaegungen')
    .selectAll()
    .where('decision_id', 'in', [...new Set(ids)])
    .orderBy('decision_id')
    .orderBy('ordinal')
    .execute();
  for (const r of rows) {
    const list = out.get(r.decision_id) ?? [];
    list.push(r);
    out.set(r.decision_id, list);
  }
  return out;
}

/**
 * The Erwägung numbers of decisions whose structure is known: an empty list becomes null (no
 * numbered Erwägungen recognised, so pinpoints cannot be checked). Decisions without a structure
 * row are absent.
 */
export async function erwaegungNumbers(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, readonly string[] | null>> {
  const out = new Map<string, readonly string[] | null>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)];
  const structures = await db
    .selectFrom('decision_structure')
    .select(['decision_id', 'erwaegung_count'])
    .where('decision_id', 'in', unique)
    .execute();
  const rows = await db
    .selectFrom('decision_erwaegungen')
    .select(['decision_id', 'number'])
    .where('decision_id', 'in', unique)
    .execute();
  for (const s of structures) out.set(s.decision_id, s.erwaegung_count > 0 ? [] : null);
  for (const r of rows) (out.get(r.decision_id) as string[] | null | undefined)?.push(r.number);
  return out;
}

export function asErwaegungTexts(rows: readonly ErwaegungRow[]): ErwaegungText[] {
  return rows.map((r) => ({ number: r.number, label: r.label, text: r.text }));
}

export interface CitationFieldsOut {
  readonly citation_string_de: string;
  readonly citation_string_fr: string;
  readonly citation_string_it: string;
  readonly canonical_url: string;
}

/** Citation strings (with the pinpoint) and the canonical URL (with its #e-N-M anchor). */
export function citationFieldsOf(
  d: Pick<DecisionCore, 'decision_id' | 'court' | 'docket_number' | 'decision_date'>,
  ctx: SummaryContext,
  pinpoint?: string | null,
): CitationFieldsOut {
  return {
    ...citationStrings(d, ctx.today, pinpoint),
    canonical_url: canonicalUrl(ctx.publicBaseUrl, d.decision_id, pinpoint),
  };
}

/**
 * The rule statement of a decision: the pinpointed Erwägung, else the holding of the Regeste, else
 * the decisive sentence of the Erwägungen, else the first paragraph of its body (first Erwägung or
 * facts, never the court's letterhead).
 */
export function ruleStatementOf(
  decision: Pick<DecisionCore, 'regeste'>,
  structure: Pick<StructureRow, 'regeste' | 'facts'> | undefined,
  erwaegungen: readonly { readonly text: string }[],
  pinpointText?: string | null,
): string {
  return ruleStatement({
    pinpointText: pinpointText ?? null,
    regeste: structure?.regeste ?? decision.regeste,
    erwaegungen: erwaegungen.length > 0 ? erwaegungen.map((e) => e.text) : null,
    fullText: structure?.facts ?? null,
  });
}

/** The decision-level fields every structure and citation response starts with. */
export function decisionHeadOf(d: DecisionCore, ctx: SummaryContext, rule: string, pinpoint?: string | null) {
  return {
    decision_id: d.decision_id,
    court: d.court,
    decision_date: d.decision_date,
    language: d.language,
    title: d.title,
    docket_number: d.docket_number,
    ...citationFieldsOf(d, ctx, pinpoint),
    rule_statement: rule,
  };
}

/** At most `max` characters of a text, cut back to a word end when one is near. */
export function cutAtWord(text: string, max: number): { excerpt: string; truncated: boolean } {
  if (text.length <= max) return { excerpt: text, truncated: false };
  const hard = text.slice(0, max);
  const space = hard.search(/\s\S*$/);
  const cut = space > max * 0.7 ? hard.slice(0, space) : hard;
  return { excerpt: cut.trimEnd(), truncated: true };
}

/**
 * The wording a pinpointed rule statement is taken from: the paragraph's own text, or — for a
 * number that exists only through its children — its first child's.
 */
export function pinpointRuleText(rows: readonly ErwaegungRow[], number: string): string | null {
  const composed = composeErwaegung(asErwaegungTexts(rows), number);
  if (!composed) return null;
  const first = composed.parts[0];
  return rows.find((r) => r.number === first)?.text ?? null;
}
