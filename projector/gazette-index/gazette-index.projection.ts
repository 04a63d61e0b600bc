import type {
  GazetteRef,
  LegislationCatalogEntryPublished,
  StatuteVersionPublished,
} from '../../contracts/events/index.ts';
import { editionOf, REF_TYPE_INFO } from '../../contracts/laws/gazette-refs.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { gazetteIndexStorage } from './gazette-index.storage.ts';

interface Origin {
  readonly jurisdiction: string;
  readonly sr_number: string;
  readonly title: string;
  readonly found_by: string;
}

/**
 * Folds the gazette references found in statute footnotes and in the catalogue into the
 * first-page index. A reference is a fact that stays true: rows are only added (the first finder
 * is kept), so replays and redeliveries change nothing.
 */
export const gazetteIndexProjection: Projection = {
  name: 'gazette-index',
  storage: gazetteIndexStorage,
  streams: ['statutes', 'legislation-catalog'],
  handles: ['StatuteVersionPublished', 'LegislationCatalogEntryPublished'],
  async handle(batch: readonly PositionedEvent[], { tx }: ProjectionContext): Promise<void> {
    for (const { event, position } of batch as readonly PositionedEvent<
      StatuteVersionPublished | LegislationCatalogEntryPublished
    >[]) {
      const refs: readonly GazetteRef[] = event.data.gazette_refs;
      if (refs.length === 0) continue;
      const origin: Origin =
        event.type === 'StatuteVersionPublished'
          ? {
              jurisdiction: event.data.jurisdiction,
              sr_number: event.data.sr_number,
              title: event.data.title,
              found_by: 'statute-footnote',
            }
          : {
              jurisdiction: event.data.jurisdiction,
              sr_number: event.data.systematic_number,
              title: event.data.title,
              found_by: 'catalogue',
            };
      const rows = refs.map((r) => ({
        collection: REF_TYPE_INFO[r.ref_type].collection,
        edition: editionOf(r.ref_type, r.language),
        year: r.year,
        page: r.page,
        eli: r.eli,
        found_in_jurisdiction: origin.jurisdiction,
        found_in_sr_number: origin.sr_number,
        found_in_title: origin.title,
        found_by: origin.found_by,
        event_position: position,
      }));
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insertInto('gazette_first_pages')
          .values(rows.slice(i, i + 1000))
          .onConflict((oc) => oc.columns(['collection', 'edition', 'year', 'page', 'eli']).doNothing())
          .execute();
      }
    }
  },
};
