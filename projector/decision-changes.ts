import { type Insertable, sql, type Transaction } from 'kysely';
import type { DecisionPublished, DecisionWithdrawn } from '../contracts/events/index.ts';
import { replacesCurrentRecord } from '../contracts/events/decision-versions.ts';
import type { DB, DecisionSourceTable } from '../infra/db/schema.ts';
import type { PositionedEvent } from './projection.ts';
import { anyText } from '../infra/db/any-of.ts';
import { type BulkColumn, insertByColumns } from '../infra/db/unnest-insert.ts';

/**
 * Per generation, the source of the record each projection of decisions currently holds, so that
 * every read model applies the same source precedence as the `decisions` read model. Not exposed
 * through a view: it is the projection's own bookkeeping.
 */
export const DECISION_SOURCES_DDL = `create table if not exists decision_sources (
      decision_id text primary key,
      source text not null,
      event_position bigint not null
    )`;

const SOURCE_COLUMNS: readonly BulkColumn<Insertable<DecisionSourceTable>>[] = [
  ['decision_id', 'text'],
  ['source', 'text'],
  ['event_position', 'bigint'],
];

/** The change a batch makes to one decision, after source precedence. */
export type DecisionChange =
  | { readonly kind: 'published'; readonly event: PositionedEvent<DecisionPublished> }
  | { readonly kind: 'withdrawn'; readonly event: PositionedEvent<DecisionWithdrawn> };

/**
 * The last effective change of each decision a batch touches, in the order of those last changes:
 * a record the current one's source takes precedence over is dropped (see
 * `replacesCurrentRecord`), as is a withdrawal of a decision the generation does not hold or
 * from such a source, and anything at or before the position already applied. Records the new
 * sources in `decision_sources` (same transaction as the projection's rows).
 */
export async function decisionChanges(
  tx: Transaction<DB>,
  batch: readonly PositionedEvent[],
): Promise<Map<string, DecisionChange>> {
  const ids = [
    ...new Set(
      batch.flatMap(({ event }) =>
        event.type === 'DecisionPublished' || event.type === 'DecisionWithdrawn'
          ? [event.data.decision_id]
          : [],
      ),
    ),
  ];
  const changes = new Map<string, DecisionChange>();
  if (ids.length === 0) return changes;
  const held = new Map(
    (
      await tx
        .selectFrom('decision_sources')
        .select(['decision_id', 'source', 'event_position'])
        .where('decision_id', '=', anyText(ids))
        .execute()
    ).map((r) => [r.decision_id, { source: r.source, position: Number(r.event_position) }]),
  );
  const touched = new Set<string>();
  for (const positioned of batch) {
    const { event, position } = positioned;
    if (event.type !== 'DecisionPublished' && event.type !== 'DecisionWithdrawn') continue;
    const id = event.data.decision_id;
    const current = held.get(id);
    if (current && position <= current.position) continue;
    const source = event.data.provenance.source;
    if (current && !replacesCurrentRecord(current.source, source)) continue;
    if (event.type === 'DecisionWithdrawn') {
      if (!current) continue;
      held.set(id, { source: current.source, position });
      changes.delete(id);
      changes.set(id, { kind: 'withdrawn', event: positioned as PositionedEvent<DecisionWithdrawn> });
    } else {
      held.set(id, { source, position });
      changes.delete(id);
      changes.set(id, { kind: 'published', event: positioned as PositionedEvent<DecisionPublished> });
    }
    touched.add(id);
  }
  if (touched.size > 0) {
    const rows = [...touched].map((id) => {
      const h = held.get(id)!;
      return { decision_id: id, source: h.source, event_position: h.position };
    });
    // one array per column: three parameters, a statement kept prepared (with a row per value,
    // 1,500 parameters per batch were planned with each execution)
    await insertByColumns(
      tx,
      'decision_sources',
      SOURCE_COLUMNS,
      rows,
      sql`on conflict (decision_id) do update set source = excluded.source, event_position = excluded.event_position`,
    );
  }
  return changes;
}

/** The published records among `changes`. */
export function publishedOf(changes: Map<string, DecisionChange>): PositionedEvent<DecisionPublished>[] {
  return [...changes.values()].flatMap((c) => (c.kind === 'published' ? [c.event] : []));
}

/** The ids of the decisions `changes` withdraws, with the withdrawal's position. */
export function withdrawnOf(
  changes: Map<string, DecisionChange>,
): { decision_id: string; position: number }[] {
  return [...changes.values()].flatMap((c) =>
    c.kind === 'withdrawn'
      ? [{ decision_id: c.event.event.data.decision_id, position: c.event.position }]
      : [],
  );
}
