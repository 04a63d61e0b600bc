import type { DomainEventType } from '../contracts/events/index.ts';
import type { RawItem } from './source.port.ts';

/** One entity version a source produced from an item: the event to publish and what ingest remembers. */
export interface SourceRecord {
  /** Id of the record in the ingest state, unique within the source (the item id, or item id + `#` + part). */
  readonly recordId: string;
  /** Entity key of the event (decision id; `CH:210:de` for a statute; catalogue id + language). */
  readonly entityKey: string;
  /** Hash of the content: an unchanged hash is not published again. */
  readonly contentHash: string;
  /** The portal's own checksum of the item (remembered in the ingest state, so an unchanged item is not fetched again). */
  readonly sourceChecksum?: string;
  readonly type: DomainEventType;
  readonly schemaVersion: number;
  readonly data: unknown;
  /** What the run reports about the record beyond publishing it (counted in the health event). */
  readonly notes?: {
    /** The portal's court code, when the registry does not know the court. */
    readonly unknownCourt?: string;
    /** Metadata fields on which the portal's record and the text disagree. */
    readonly disagreements?: readonly string[];
  };
}

/**
 * A source of any event type: lists raw items and turns each into records. Decision sources are
 * adapted to this shape by the runner; statute and catalogue sources implement it directly.
 */
export interface EventSource<Item extends RawItem = RawItem> {
  /** Source name, used in the envelope and in health events (`sample-fedlex`, `lexfind`). */
  readonly name: string;
  /** Yields the raw items one at a time (never all in memory). */
  items(): AsyncIterable<Item>;
  /** Parses one item into its records; throws SourceItemError when the item is malformed. */
  records(item: Item, scrapedAt: string): Promise<readonly SourceRecord[]>;
  /** What the portal says it holds, when the source can tell; else null. */
  portalCount(): Promise<number | null>;
  /** Failed portal requests so far (see HttpTextClient.failedRequests); absent for sources without HTTP. */
  httpErrors?(): number;
  /** Records per published batch, when the source wants its work remembered sooner than every 200 (slow portals). */
  readonly batchSize?: number;
  /** Items the running run has found to need work so far, for progress; absent when the source cannot tell. */
  plannedItems?(): number | null;
}
