import type { NormalisedDecision } from '../contracts/events/index.ts';

/** One unit a source fetched, before parsing: e.g. an entscheidsuche JSON file and its HTML. */
export interface RawItem {
  /** Stable id of the item within its source (e.g. the JSON file's path relative to the root). */
  readonly id: string;
  /** Where the item came from, for error reports. */
  readonly location: string;
}

/** Thrown by a parser for an item that cannot be turned into a decision; the run goes on. */
export class SourceItemError extends Error {
  readonly code = 'INGEST_ITEM_INVALID';
  constructor(
    readonly itemId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SourceItemError';
  }
}

/** A decision source: lists raw items and turns each into a normalised decision. */
export interface DecisionSource<Item extends RawItem = RawItem> {
  /** Source name, used in provenance and health events (e.g. `sample`, `entscheidsuche`). */
  readonly name: string;
  /** Yields the source's raw items one at a time (never all in memory). */
  items(): AsyncIterable<Item>;
  /** Parses one item; throws SourceItemError when the item is malformed. `scrapedAt` is ISO. */
  parse(item: Item, scrapedAt: string): Promise<NormalisedDecision>;
  /** The number of decisions the portal says it holds, when the source can tell; else null. */
  portalCount(): Promise<number | null>;
  /** Failed portal requests so far (see HttpTextClient.failedRequests); absent for sources without HTTP. */
  httpErrors?(): number;
}
