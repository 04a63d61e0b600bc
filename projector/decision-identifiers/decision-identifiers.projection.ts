import { sql } from 'kysely';
import { decisionIdentifiers } from '../../contracts/citation/decision-identifiers.ts';
import type { DecisionPublished } from '../../contracts/events/index.ts';
import { segmentDecision } from '../../contracts/structure/segment-decision.ts';
import type { DecisionIdentifierTable } from '../../infra/db/schema.ts';
import { decisionChanges, publishedOf } from '../decision-changes.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { decisionIdentifiersStorage } from './decision-identifiers.storage.ts';

const CHUNK = 1000;

/** The identifier rows of one decision (see `decisionIdentifiers`). */
export function identifierRows(d: DecisionPublished['data'], position: number): DecisionIdentifierTable[] {
  const structure = segmentDecision({ fullText: d.full_text, language: d.language, regeste: d.regeste });
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

/**
 * Recomputes the page ranges of the BGE volumes and parts touched: a decision runs from its first
 * page to the page before the next decision of the same volume and part, or to the last page its
 * text marks when that comes earlier (the corpus does not hold every BGE); the last one of a
 * part ends at its last marked page. Recomputed from the stored rows, so arrival order does not
 * matter.
 */
async function updatePageRanges(ctx: ProjectionContext, groups: ReadonlySet<string>): Promise<void> {
  for (const group of groups) {
    const [volume, part] = group.split('|');
    await sql`
      update decision_identifiers t set page_end = r.page_end
      from (
        select decision_id, ref_key,
          case
            when next_start is null then greatest(page_start, coalesce(page_last_marker, page_start))
            when page_last_marker is not null then greatest(page_start, least(page_last_marker, next_start - 1))
            else greatest(page_start, next_start - 1)
          end as page_end
        from (
          select decision_id, ref_key, page_start, page_last_marker,
            lead(page_start) over (order by page_start, decision_id) as next_start
          from decision_identifiers
          where kind = 'bge' and bge_volume = ${Number(volume)} and bge_part = ${part}
        ) w
      ) r
      where t.decision_id = r.decision_id and t.ref_key = r.ref_key
        and t.page_end is distinct from r.page_end
    `.execute(ctx.tx);
  }
}

/**
 * The identifier table (`decision_identifiers`): every key under which a decision can be cited —
 * id, docket, BGE / MKGE / BVGE reference, the origin docket of a BGE — with docket parts for
 * close matches and BGE page ranges for inner-page cites. Shared by `/cite`, `/attest` and the
 * citation graph.
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
    if (latest.size === 0) return;
    const ids = [...latest.keys()];
    const groups = new Set<string>();
    const previous = await tx
      .selectFrom('decision_identifiers')
      .select(['bge_volume', 'bge_part'])
      .where('decision_id', 'in', ids)
      .where('kind', '=', 'bge')
      .execute();
    for (const p of previous) groups.add(`${p.bge_volume}|${p.bge_part}`);
    const rows = [...latest.values()].flatMap(({ data, position }) => identifierRows(data, position));
    for (const r of rows) if (r.kind === 'bge') groups.add(`${r.bge_volume}|${r.bge_part}`);
    await tx.deleteFrom('decision_identifiers').where('decision_id', 'in', ids).execute();
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insertInto('decision_identifiers')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
    await updatePageRanges(ctx, groups);
  },
};
