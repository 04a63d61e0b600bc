import type { DecisionPublished } from '../../contracts/events/index.ts';
import { SEGMENTER_VERSION } from '../../contracts/structure/segment-decision.ts';
import type { DecisionErwaegungTable, DecisionStructureTable } from '../../infra/db/schema.ts';
import { decisionStructureOf } from '../decision-analysis.ts';
import { decisionChanges, publishedOf } from '../decision-changes.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { decisionStructureStorage } from './decision-structure.storage.ts';
import { anyText } from '../../infra/db/any-of.ts';

/** Rows per multi-row insert (8 columns each, far below the bind-parameter limit). */
const CHUNK = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The rows of one decision's structure, computed from its text (see `segmentDecision`). */
export function structureRows(
  d: DecisionPublished['data'],
  position: number,
): { structure: DecisionStructureTable; erwaegungen: DecisionErwaegungTable[] } {
  const s = decisionStructureOf(d);
  return {
    structure: {
      decision_id: d.decision_id,
      court: d.court,
      language: d.language,
      regeste: s.regeste,
      regeste_de: s.regesteByLanguage.de ?? null,
      regeste_fr: s.regesteByLanguage.fr ?? null,
      regeste_it: s.regesteByLanguage.it ?? null,
      header: s.header,
      facts: s.facts,
      considerations_intro: s.considerationsIntro,
      operative: s.operative,
      erwaegung_count: s.erwaegungen.length,
      last_page: s.lastPage,
      facts_source: s.sources.facts,
      considerations_source: s.sources.considerations,
      operative_source: s.sources.operative,
      segmenter_version: SEGMENTER_VERSION,
      event_position: position,
    },
    erwaegungen: s.erwaegungen.map((e) => ({
      decision_id: d.decision_id,
      ordinal: e.ordinal,
      number: e.number,
      label: e.label,
      parent: e.parent,
      depth: e.depth,
      text: e.text,
      page: e.page,
    })),
  };
}

/**
 * The structure of every decision (cantonal included): Regeste, facts, the numbered
 * Erwägungen, the operative part. Computed from the text, so a better segmenter plus a rebuild
 * improves it. Per batch, the latest event per decision wins; an event not newer than the stored
 * one changes nothing (re-delivery).
 */
export const decisionStructureProjection: Projection = {
  name: 'decision-structure',
  storage: decisionStructureStorage,
  streams: ['decisions'],
  handles: ['DecisionPublished'],
  async handle(batch: readonly PositionedEvent[], { tx }: ProjectionContext): Promise<void> {
    // Source precedence as the decisions read model applies it.
    const latest = new Map(
      publishedOf(await decisionChanges(tx, batch)).map(({ event, position }) => [
        event.data.decision_id,
        { data: event.data, position },
      ]),
    );
    if (latest.size === 0) return;
    const stored = await tx
      .selectFrom('decision_structure')
      .select(['decision_id', 'event_position'])
      .where('decision_id', 'in', [...latest.keys()])
      .execute();
    for (const row of stored) {
      if (Number(row.event_position) >= latest.get(row.decision_id)!.position) latest.delete(row.decision_id);
    }
    if (latest.size === 0) return;
    const ids = [...latest.keys()];
    const rows = [...latest.values()].map(({ data, position }) => structureRows(data, position));
    await tx.deleteFrom('decision_erwaegungen').where('decision_id', '=', anyText(ids)).execute();
    await tx.deleteFrom('decision_structure').where('decision_id', '=', anyText(ids)).execute();
    for (const part of chunks(rows.map((r) => r.structure))) {
      await tx.insertInto('decision_structure').values(part).execute();
    }
    for (const part of chunks(rows.flatMap((r) => r.erwaegungen))) {
      await tx.insertInto('decision_erwaegungen').values(part).execute();
    }
  },
};
