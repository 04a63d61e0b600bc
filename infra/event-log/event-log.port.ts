import type { RawEnvelope, StreamName } from '../../contracts/events/index.ts';

/** An event to append: its envelope and the stream it belongs to. */
export interface OutgoingEvent {
  readonly stream: StreamName;
  readonly envelope: RawEnvelope;
}

/** An event as read back: where it sits in the log, and its unvalidated envelope. */
export interface StoredEvent {
  readonly stream: StreamName;
  /** Partition of the stream (always 0 for the table log; Kafka partitions otherwise). */
  readonly partition: number;
  /** Position within the partition; strictly increasing. */
  readonly position: number;
  readonly key: string;
  /** The stored payload, not yet validated: projections validate and dead-letter. */
  readonly payload: unknown;
}

export interface SubscribeOptions {
  readonly stream: StreamName;
  /** Consumer group: instances with the same group share the stream's partitions. */
  readonly group: string;
  readonly batchSize: number;
  /** Last position already processed in a partition (null: start from the beginning). */
  startAfter(partition: number): Promise<number | null>;
  /** Handles one batch of one partition, in order. A throw stops the subscription with that error. */
  onBatch(batch: readonly StoredEvent[]): Promise<void>;
  /** Called when the consumer has read everything currently in the log. */
  onCaughtUp?(): void;
}

export interface Subscription {
  /** Stops after the batch under way; resolves when stopped. */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves on stop, rejects with the handler's error. */
  readonly finished: Promise<void>;
}

export interface EventLog {
  /**
   * Appends events durably; same-key events keep their relative order. The table log drops a
   * repeated eventId; Kafka may store it twice (same key, same partition): projections are
   * idempotent (content hash, event position), which is what protects the read models.
   */
  append(events: readonly OutgoingEvent[]): Promise<void>;
  /** Delivers the stream's events after the given positions, batch by batch, until stopped. */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** The last position of each partition of the stream (empty when the stream is empty). */
  head(stream: StreamName): Promise<Map<number, number>>;
  /** How many events of the stream lie after the given per-partition positions (absent: from the start). */
  countAfter(stream: StreamName, after: ReadonlyMap<number, number>): Promise<number>;
  /** Releases connections. */
  close(): Promise<void>;
}
