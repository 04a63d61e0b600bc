import type {
  GazetteRef,
  LegislationCatalogEntryPublished,
  MaterialPublished,
  StatuteVersionPublished,
} from '../../contracts/events/index.ts';
import { editionOf, REF_TYPE_INFO } from '../../contracts/laws/gazette-refs.ts';
import type { GazetteFirstPageTable } from '../../infra/db/schema.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { gazetteIndexStorage } from './gazette-index.storage.ts';

interface Origin {
  readonly jurisdiction: string;
  readonly sr_number: string;
  readonly title: string;
  readonly found_by: string;
}

/** The references an event states and where they were found. A material is itself a gazette document: its own first page. */
function referencesOf(
  event: StatuteVersionPublished | LegislationCatalogEntryPublished | MaterialPublished,
): { refs: readonly GazetteRef[]; origin: Origin } {
  switch (event.type) {
    case 'MaterialPublished': {
      const m = event.data;
      return {
        refs: [
          {
            ref_type: m.gazette.ref_type,
            year: m.gazette.year,
            page: m.gazette.page,
            eli: m.eli,
            language: m.language,
          },
        ],
        origin: { jurisdiction: 'CH', sr_number: m.sr_number, title: m.title, found_by: 'material' },
      };
    }
    case 'StatuteVersionPublished':
      return {
        refs: event.data.gazette_refs,
        origin: {
          jurisdiction: event.data.jurisdiction,
          sr_number: event.data.sr_number,
          title: event.data.title,
          found_by: 'statute-footnote',
        },
      };
    case 'LegislationCatalogEntryPublished':
      return {
        refs: event.data.gazette_refs,
        origin: {
          jurisdiction: event.data.jurisdiction,
          sr_number: event.data.systematic_number,
          title: event.data.title,
          found_by: 'catalogue',
        },
      };
  }
}

/** The columns of a first page's unique key (the inserts' conflict target). */
const PAGE_KEY = ['collection', 'edition', 'year', 'page', 'eli'] as const;

/** A first page's unique key as one string. */
const pageKey = (r: GazetteFirstPageTable): string => JSON.stringify(PAGE_KEY.map((c) => r[c]));

/**
 * Folds the gazette references found in statute footnotes, in the catalogue and the first pages of
 * the preparatory materials into the
 * first-page index. A reference is a fact that stays true: rows are only added (the first finder
 * is kept), so replays and redeliveries change nothing.
 */
export const gazetteIndexProjection: Projection = {
  name: 'gazette-index',
  storage: gazetteIndexStorage,
  streams: ['statutes', 'legislation-catalog', 'materials'],
  handles: ['StatuteVersionPublished', 'LegislationCatalogEntryPublished', 'MaterialPublished'],
  async handle(batch: readonly PositionedEvent[], { tx }: ProjectionContext): Promise<void> {
    // Each page once, from the first event of the batch naming it (the first finder), in the order
    // of its key: the projection reads three streams, and a transaction of one stream's batch may
    // run beside another's. Two that insert their pages in one order wait for each other; in the
    // order of their events they could deadlock.
    const rows = new Map<string, GazetteFirstPageTable>();
    for (const { event, position } of batch as readonly PositionedEvent<
      StatuteVersionPublished | LegislationCatalogEntryPublished | MaterialPublished
    >[]) {
      const { refs, origin } = referencesOf(event);
      for (const r of refs) {
        const row = {
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
        };
        const key = pageKey(row);
        if (!rows.has(key)) rows.set(key, row);
      }
    }
    const sorted = [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    for (let i = 0; i < sorted.length; i += 1000) {
      await tx
        .insertInto('gazette_first_pages')
        .values(sorted.slice(i, i + 1000))
        .onConflict((oc) => oc.columns([...PAGE_KEY]).doNothing())
        .execute();
    }
  },
};
