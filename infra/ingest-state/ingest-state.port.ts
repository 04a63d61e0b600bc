/** What ingest remembers of an item it published: the content hash of its last published version. */
export interface IngestRecord {
  readonly source: string;
  readonly itemId: string;
  readonly entityKey: string;
  readonly contentHash: string;
  /** The portal's own checksum of the item as last read (entscheidsuche job files); absent when the source has none. */
  readonly sourceChecksum?: string | null;
}

export interface IngestStateStore {
  /** The records of these items of a source, keyed by item id (missing items are absent). */
  get(source: string, itemIds: readonly string[]): Promise<Map<string, IngestRecord>>;
  /** Records that these items were published (or seen unchanged) at `seenAt` (ISO). */
  put(records: readonly IngestRecord[], seenAt: string): Promise<void>;
  /** How many distinct entities the source holds. */
  count(source: string): Promise<number>;
  /** Records that a run read the source to the end (every item seen) and finished at `completedAt` (ISO). */
  markComplete(source: string, completedAt: string): Promise<void>;
  /** When a run last read the source to the end (ISO), or null when none ever did. */
  lastComplete(source: string): Promise<string | null>;
}
