import { sql, type Kysely } from 'kysely';
import { decisionIdentifiers } from '../../contracts/citation/decision-identifiers.ts';
import type { DecisionPublished } from '../../contracts/events/index.ts';
import type { DecisionStructure } from '../../contracts/structure/segment-decision.ts';
import type { DecisionIdentifierTable } from '../../infra/db/schema.ts';
import { decisionStructureOf } from '../decision-analysis.ts';
import { decisionChanges, publishedOf } from '../decision-changes.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { decisionIdentifiersStorage } from './decision-identifiers.storage.ts';

const CHUNK = 1000;

/** The identifier rows of one decision (see `decisionIdentifiers`), from its structure when already segmented. */
export function identifierRows(
  d: DecisionPublished['data'],
  position: number,
  structure: Pick<DecisionStructure, 'header' | 'lastPage'> = decisionStructureOf(d),
): DecisionIdentifierTable[] {
  return decisionIdentifiers({ ...d, header: structure.header }).map((id) => ({
    ref_key: id.refKey,
    kind: id.kind,
    decision_id: d.decision_id,
    court: d.court,
    canton: d.canton,
    docket_register: id.docket?.register ?? null,
    docket_year: id.docket?.year ?? null,
    docket_serial: id.docket?.serial ?? null,
    bge_volume: id.bge?.volume ?? null,
    bge_part: id.bge?.part ?? null,
    page_start: id.bge?.page ?? null,
    page_last_marker: id.bge ? structure.lastPage : null,
    page_end: id.bge?.page ?? null,
    event_position: position,
  }));
}

/** A table of identifier rows: the identifier read model, or the citation graph's own copy. */
export type IdentifierTableName = 'decision_identifiers' | 'graph_keys';

/**
 * Recomputes the page ranges of the BGE volumes and parts touched: a decision runs from its first
 * page to the page before the next decision of the same volume and part, or to the last page its
 * text marks when that comes earlier (the corpus does not hold every BGE); the last one of a
 * part ends at its last marked page. Recomputed from the stored rows, so arrival order does not
 * matter. Returns the spans of the ranges that moved (the old and the new end).
 */
async function updatePageRanges(
  tx: ProjectionContext['tx'],
  table: IdentifierTableName,
  groups: ReadonlySet<string>,
): Promise<PageSpan[]> {
  const moved: PageSpan[] = [];
  for (const group of groups) {
    const [volume, part] = group.split('|');
    const result = await sql<PageSpan>`
      update ${sql.table(table)} t set page_end = r.page_end
      from (
        select decision_id, ref_key, old_end,
          case
            when next_start is null then greatest(page_start, coalesce(page_last_marker, page_start))
            when page_last_marker is not null then greatest(page_start, least(page_last_marker, next_start - 1))
            else greatest(page_start, next_start - 1)
          end as page_end
        from (
          select decision_id, ref_key, page_start, page_last_marker, page_end as old_end,
            lead(page_start) over (order by page_start, decision_id) as next_start
          from ${sql.table(table)}
          where kind = 'bge' and bge_volume = ${Number(volume)} and bge_part = ${part}
        ) w
      ) r
      where t.decision_id = r.decision_id and t.ref_key = r.ref_key
        and t.page_end is distinct from r.page_end
      returning t.bge_volume as volume, t.bge_part as part, t.page_start as "from",
        greatest(r.page_end, coalesce(r.old_end, r.page_end)) as "to"
    `.execute(tx);
    moved.push(...result.rows);
  }
  return moved;
}

/** Pages `from` (exclusive) to `to` (inclusive) of a BGE volume and part: where an inner-page cite can land. */
export interface PageSpan {
  readonly volume: number;
  readonly part: string;
  readonly from: number;
  readonly to: number;
}

/** What replacing the identifier rows of some decisions touched. */
export interface IdentifierChange {
  /** Keys the decisions had before and have now. */
  readonly keys: readonly string[];
  /**
   * The page ranges that changed: the decisions' ranges before and after, and those of their
   * neighbours in the same volume and part that moved with them.
   */
  readonly spans: readonly PageSpan[];
}

/**
 * Replaces the identifier rows of the given decisions (their newest versions) in `table` and
 * recomputes the page ranges of the BGE volumes and parts they were and are in.
 */
export async function replaceIdentifierRows(
  tx: ProjectionContext['tx'],
  table: IdentifierTableName,
  latest: readonly {
    readonly data: DecisionPublished['data'];
    readonly position: number;
    readonly structure?: Pick<DecisionStructure, 'header' | 'lastPage'>;
  }[],
): Promise<IdentifierChange> {
  const ids = latest.map((l) => l.data.decision_id);
  if (ids.length === 0) return { keys: [], spans: [] };
  const previous = await sql<{
    ref_key: string;
    kind: string;
    bge_volume: number | null;
    bge_part: string | null;
    page_start: number | null;
    page_end: number | null;
  }>`
    select ref_key, kind, bge_volume, bge_part, page_start, page_end from ${sql.table(table)}
    where decision_id = any(${ids}::text[])
  `.execute(tx);
  const groups = new Set<string>();
  const keys = new Set<string>();
  const spans: PageSpan[] = [];
  const spanOf = (r: { bge_volume: number | null; bge_part: string | null; page_start: number | null; page_end: number | null }) => {
    if (r.bge_volume !== null && r.bge_part !== null && r.page_start !== null)
      spans.push({ volume: r.bge_volume, part: r.bge_part, from: r.page_start, to: r.page_end ?? r.page_start });
  };
  for (const p of previous.rows) {
    keys.add(p.ref_key);
    if (p.kind === 'bge') {
      groups.add(`${p.bge_volume}|${p.bge_part}`);
      spanOf(p);
    }
  }
  const rows = latest.flatMap(({ data, position, structure }) => identifierRows(data, position, structure));
  for (const r of rows) {
    keys.add(r.ref_key);
    if (r.kind === 'bge') groups.add(`${r.bge_volume}|${r.bge_part}`);
  }
  await sql`delete from ${sql.table(table)} where decision_id = any(${ids}::text[])`.execute(tx);
  const db = tx as unknown as Kysely<Record<IdentifierTableName, DecisionIdentifierTable>>;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  spans.push(...(await updatePageRanges(tx, table, groups)));
  const now = await sql<{ bge_volume: number; bge_part: string; page_start: number; page_end: number | null }>`
    select bge_volume, bge_part, page_start, page_end from ${sql.table(table)}
    where decision_id = any(${ids}::text[]) and kind = 'bge'
  `.execute(tx);
  for (const r of now.rows) spanOf(r);
  return { keys: [...keys], spans };
}

/**
 * The identifier table (`decision_identifiers`): every key under which a decision can be cited —
 * id, docket, BGE / MKGE / BVGE reference, the origin docket of a BGE — with docket parts for
 * close matches and BGE page ranges for inner-page cites. Read by `/cite` and `/attest`; the
 * citation graph keeps its own copy (`graph_keys`, written by the same function) so that it can
 * resolve its edges when it projects.
 */
export const decisionIdentifiersProjection: Projection = {
  name: 'decision-identifiers',
  storage: decisionIdentifiersStorage,
  streams: ['decisions'],
  handles: ['DecisionPublished'],
  async handle(batch: readonly PositionedEvent[], ctx: ProjectionContext): Promise<void> {
    const { tx } = ctx;
    // Source precedence as the decisions read model applies it.
    const latest = new Map(
      publishedOf(await decisionChanges(ctx.tx, batch)).map(({ event, position }) => [
        event.data.decision_id,
        { data: event.data, position },
      ]),
    );
    if (latest.size === 0) return;
    const stored = await tx
      .selectFrom('decision_identifiers')
      .select(['decision_id', 'event_position'])
      .where('decision_id', 'in', [...latest.keys()])
      .where('kind', '=', 'id')
      .execute();
    for (const row of stored) {
      if (Number(row.event_position) >= latest.get(row.decision_id)!.position) latest.delete(row.decision_id);
    }
    await replaceIdentifierRows(tx, 'decision_identifiers', [...latest.values()]);
  },
};
