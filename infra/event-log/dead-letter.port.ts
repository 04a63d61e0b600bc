/** An event a projection could not use, with why and where it sits in the log. */
export interface DeadLetterRecord {
  readonly projection: string;
  readonly stream: string;
  readonly partition: number;
  /** Position (Kafka offset) of the event in its stream partition. */
  readonly position: number;
  readonly eventId: string | null;
  readonly eventType: string | null;
  readonly reason: string;
  readonly payload: unknown;
  readonly failedAt: string;
}

/** Where dead letters go besides the read-model database (a dead-letter topic in distributed mode). */
export interface DeadLetterPublisher {
  /** Publishes durably (at least once); throws when that is not possible. */
  publishDeadLetters(records: readonly DeadLetterRecord[]): Promise<void>;
}
