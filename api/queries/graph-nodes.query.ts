import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { GraphDecision } from '../../contracts/api/graph.schema.ts';
import { canonicalUrl, citationStrings } from '../../contracts/citation/citation-strings.ts';
import { parseReference, resolveAmong } from '../../contracts/citation/decision-identifiers.ts';
import type { Database } from '../../infra/db/database.ts';
import type { CitationNodeTable } from '../../infra/db/schema.ts';
import { identifierRows } from './identifiers.query.ts';
import type { SummaryContext } from './summaries.ts';

export type NodeRow = Pick<
  Selectable<CitationNodeTable>,
  | 'decision_id'
  | 'court'
  | 'canton'
  | 'decision_date'
  | 'language'
  | 'title'
  | 'docket_number'
  | 'rule_statement'
>;

/** The columns of a node as the API reads it. */
export const NODE_COLUMNS = [
  'decision_id',
  'court',
  'canton',
  'decision_date',
  'language',
  'title',
  'docket_number',
  'rule_statement',
] as const;

/** A decision of the graph with its citation strings, canonical URL and rule statement. */
export function graphDecisionOf(node: NodeRow, ctx: SummaryContext): GraphDecision {
  return {
    decision_id: node.decision_id,
    court: node.court,
    canton: node.canton,
    decision_date: node.decision_date,
    language: node.language,
    title: node.title,
    docket_number: node.docket_number,
    ...citationStrings(node, ctx.today),
    canonical_url: canonicalUrl(ctx.publicBaseUrl, node.decision_id),
    rule_statement: node.rule_statement,
  };
}

export async function nodesByIds(db: Database, ids: readonly string[]): Promise<Map<string, NodeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('citation_nodes')
    .select(NODE_COLUMNS)
    .where(sql<boolean>`decision_id = any(${[...new Set(ids)]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.decision_id, r]));
}

/**
 * The graph node a path parameter names: the exact decision id, else any reference form the
 * identity module reads (`4A_714/2014`, `BGE 140 III 86`, `bger_4a_714_2014`). Null when none.
 */
export async function findNode(db: Database, text: string): Promise<NodeRow | null> {
  const exact = await db
    .selectFrom('citation_nodes')
    .select(NODE_COLUMNS)
    .where('decision_id', '=', text)
    .executeTakeFirst();
  if (exact) return exact;
  const ref = parseReference(text);
  if (!ref || ref.keys.length === 0) return null;
  const rows = await identifierRows(db, ref.keys);
  const first = resolveAmong(ref, rows)[0];
  if (!first) return null;
  return (await nodesByIds(db, [first])).get(first) ?? null;
}
