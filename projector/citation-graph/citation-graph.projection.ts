import { sql } from 'kysely';
import { decisionStructureOf } from '../decision-analysis.ts';
import { decisionChanges, publishedOf } from '../decision-changes.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import {
  citationGraphRows,
  type CitationNodeRow,
  type DecisionReferenceRow,
  type StatuteReferenceRow,
} from './citation-graph.rows.ts';
import { replaceIdentifierRows } from '../decision-identifiers/decision-identifiers.projection.ts';
import { resolveCitationEdges, withdrawBatchCounts } from './citation-edges.ts';
import { citationGraphStorage, resolutionDeferred } from './citation-graph.storage.ts';
import { insertByColumns, type BulkColumn } from '../../infra/db/unnest-insert.ts';

const NODE_COLUMNS: readonly BulkColumn<CitationNodeRow>[] = [
  ['decision_id', 'text'],
  ['court', 'text'],
  ['canton', 'text'],
  ['language', 'text'],
  ['decision_date', 'date'],
  ['docket_number', 'text'],
  ['title', 'text'],
  ['chamber', 'text'],
  ['decision_type', 'text'],
  ['regeste', 'text'],
  ['rule_statement', 'text'],
  ['case_references', 'integer'],
  ['statute_references', 'integer'],
  ['event_position', 'bigint'],
];

const REFERENCE_COLUMNS: readonly BulkColumn<DecisionReferenceRow>[] = [
  ['source_id', 'text'],
  ['ordinal', 'integer'],
  ['role', 'text'],
  ['kind', 'text'],
  ['origin', 'text'],
  ['level', 'integer'],
  ['raw', 'text'],
  ['ref_key', 'text'],
  ['docket', 'text'],
  ['ref_court', 'text'],
  ['ref_canton', 'text'],
  ['bge_volume', 'integer'],
  ['bge_part', 'text'],
  ['bge_page', 'integer'],
  ['pin_page', 'integer'],
  ['pinpoints', 'text'],
  ['stated_date', 'date'],
  ['match_confidence', 'double precision'],
  ['mentions', 'integer'],
  ['source_date', 'date'],
  ['source_court', 'text'],
  ['source_canton', 'text'],
];

const STATUTE_COLUMNS: readonly BulkColumn<StatuteReferenceRow>[] = [
  ['source_id', 'text'],
  ['act_key', 'text'],
  ['article', 'text'],
  ['sr_number', 'text'],
  ['law', 'text'],
  ['canton', 'text'],
  ['raw', 'text'],
  ['mentions', 'integer'],
  ['match_confidence', 'double precision'],
  ['source_date', 'date'],
  ['source_court', 'text'],
  ['source_canton', 'text'],
];

/** Writes the graph rows of decisions, replacing whatever their previous versions left. */
export async function writeCitationGraphRows(
  ctx: Pick<ProjectionContext, 'tx'>,
  rows: readonly ReturnType<typeof citationGraphRows>[],
): Promise<void> {
  const { tx } = ctx;
  const ids = rows.map((r) => r.node.decision_id);
  if (ids.length === 0) return;
  await sql`delete from decision_references where source_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from statute_references where source_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from citation_nodes where decision_id = any(${ids}::text[])`.execute(tx);
  await insertByColumns(
    tx,
    'citation_nodes',
    NODE_COLUMNS,
    rows.map((r) => r.node),
  );
  await insertByColumns(
    tx,
    'decision_references',
    REFERENCE_COLUMNS,
    rows.flatMap((r) => r.references),
  );
  await insertByColumns(
    tx,
    'statute_references',
    STATUTE_COLUMNS,
    rows.flatMap((r) => r.statutes),
  );
}

/**
 * The citation graph (issue 5): per decision its node, its case references and lower-court
 * references as extracted, its statute references and the keys naming it; then what the change
 * can alter is resolved again (`citation-edges.ts`), so the stored edges do not depend on the
 * order in which citing and cited decisions arrive, and the graph's counters move with them. A new version of a decision replaces all its
 * rows; a re-delivery (position not newer) changes nothing. A generation being rebuilt writes the
 * rows only and resolves everything once, when it has caught up (`citation-graph.storage.ts`).
 */
export const citationGraphProjection: Projection = {
  name: 'citation-graph',
  storage: citationGraphStorage,
  streams: ['decisions'],
  handles: ['DecisionPublished'],
  async handle(batch: readonly PositionedEvent[], ctx: ProjectionContext): Promise<void> {
    // Source precedence as the decisions read model applies it.
    const latest = new Map(
      publishedOf(await decisionChanges(ctx.tx, batch)).map(({ event, position }) => [
        event.data.decision_id,
        { data: event.data, position },
      ]),
    );
    if (latest.size === 0) return;
    const stored = await sql<{ decision_id: string; event_position: number }>`
      select decision_id, event_position from citation_nodes where decision_id = any(${[...latest.keys()]}::text[])
    `.execute(ctx.tx);
    for (const row of stored.rows) {
      if (Number(row.event_position) >= latest.get(row.decision_id)!.position) latest.delete(row.decision_id);
    }
    // segmented once: the references and the keys both read the header
    const changed = [...latest.values()].map(({ data, position }) => ({
      data,
      position,
      structure: decisionStructureOf(data),
    }));
    const ids = [...latest.keys()];
    // a generation being rebuilt resolves and counts everything once it has caught up
    const deferred = await resolutionDeferred(ctx.tx);
    // what they counted (provisions, figures), withdrawn while their old rows stand: a decision
    // without a node has no rows, and counted nothing
    const counted = stored.rows.map((r) => r.decision_id).filter((id) => latest.has(id));
    if (!deferred) await withdrawBatchCounts(ctx.tx, counted);
    await writeCitationGraphRows(
      ctx,
      changed.map(({ data, position, structure }) => citationGraphRows(data, position, structure)),
    );
    const keys = await replaceIdentifierRows(ctx.tx, 'graph_keys', changed);
    if (!deferred) await resolveCitationEdges(ctx.tx, { decisions: ids, ...keys });
  },
};
