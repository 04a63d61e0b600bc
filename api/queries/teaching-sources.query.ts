/**
 * What the teaching and drafting routes read of a decision: its head (citation strings, rule
 * statement), structure, Erwägungen, full text and statute references; and the verbatim test of
 * every passage they hand out.
 */
import { isVerbatimExcerpt } from '../../contracts/citation/quotations.ts';
import type { Database } from '../../infra/db/database.ts';
import { LanguageModelUnavailableError } from '../../infra/llm/language-model.port.ts';
import { ApiError } from '../errors.ts';
import { decisionCores, type DecisionCore } from './identifiers.query.ts';
import {
  citationFieldsOf,
  decisionHeadOf,
  loadErwaegungen,
  ruleStatementOf,
  type ErwaegungRow,
  type StructureRow,
} from './structure.query.ts';
import type { SummaryContext } from './summaries.ts';

export interface DecisionMaterial {
  readonly core: DecisionCore;
  readonly structure: StructureRow | undefined;
  readonly erwaegungen: readonly ErwaegungRow[];
  readonly fullText: string;
  readonly head: ReturnType<typeof decisionHeadOf>;
}

/** Decisions with everything the teaching routes quote from, in the order of `ids` (unknown ids left out). */
export async function decisionMaterials(
  db: Database,
  ids: readonly string[],
  ctx: SummaryContext,
): Promise<DecisionMaterial[]> {
  if (ids.length === 0) return [];
  const [cores, erwaegungen, texts, structureRows] = await Promise.all([
    decisionCores(db, ids),
    loadErwaegungen(db, ids),
    db
      .selectFrom('decisions')
      .select(['decision_id', 'full_text'])
      .where('decision_id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('decision_structure')
      .selectAll()
      .where('decision_id', 'in', [...ids])
      .execute(),
  ]);
  const structures = new Map(structureRows.map((r) => [r.decision_id, r]));
  const fullTexts = new Map(texts.map((t) => [t.decision_id, t.full_text]));
  const out: DecisionMaterial[] = [];
  for (const id of ids) {
    const core = cores.get(id);
    if (!core) continue;
    const structure = structures.get(id);
    const rows = erwaegungen.get(id) ?? [];
    const head = decisionHeadOf(core, ctx, ruleStatementOf(core, structure, rows));
    out.push({ core, structure, erwaegungen: rows, fullText: fullTexts.get(id) ?? '', head });
  }
  return out;
}

/** A verbatim passage of a decision with the citation of its Erwägung; null when the text is not verbatim in it. */
export function passageOf(m: DecisionMaterial, erwaegung: string | null, text: string, ctx: SummaryContext) {
  if (!isVerbatimExcerpt(text, m.fullText)) return null;
  return { erwaegung, text, ...citationFieldsOf(m.core, ctx, erwaegung) };
}

/** The statute references a decision makes, most mentioned first. */
export async function statutesCitedBy(db: Database, decisionId: string) {
  const rows = await db
    .selectFrom('statute_references')
    .select(['raw', 'act_key', 'sr_number', 'law', 'article', 'mentions'])
    .where('source_id', '=', decisionId)
    .orderBy('mentions', 'desc')
    .orderBy('act_key')
    .orderBy('article')
    .execute();
  return rows.map((r) => ({
    reference: r.raw,
    act_key: r.act_key,
    sr_number: r.sr_number,
    law: r.law,
    article: r.article,
  }));
}

/** Runs a language-model step; a model that fails or answers unusably is a 503, never a guessed answer. */
export async function withModel<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof LanguageModelUnavailableError)
      throw new ApiError(
        503,
        'API_MODEL_UNAVAILABLE',
        `${error.message} Nothing was drafted; please retry later.`,
      );
    throw error;
  }
}

/** The first of `ids` (in order) whose structure has facts and numbered Erwägungen, else null. */
export async function firstWithFactsAndReasons(db: Database, ids: readonly string[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const rows = await db
    .selectFrom('decision_structure')
    .select('decision_id')
    .where('decision_id', 'in', [...ids])
    .where('erwaegung_count', '>', 0)
    .where('facts', 'is not', null)
    .where('facts', '!=', '')
    .execute();
  const usable = new Set(rows.map((r) => r.decision_id));
  return ids.find((id) => usable.has(id)) ?? null;
}
