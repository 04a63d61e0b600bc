import type { Batch, KafkaMessage } from 'kafkajs';
import type { StreamName } from '../../../contracts/events/index.ts';
import type { StoredEvent } from '../event-log.port.ts';

/** A Kafka record as the port's StoredEvent; position = offset. */
export function toStoredEvent(stream: StreamName, partition: number, message: KafkaMessage): StoredEvent {
  const text = message.value?.toString('utf8') ?? null;
  let payload: unknown = text;
  if (text !== null) {
    try {
      payload = JSON.parse(text);
    } catch {
      // Not JSON: deliver the raw text so the projector dead-letters it rather than losing it.
    }
  }
  return {
    stream,
    partition,
    position: Number(message.offset),
    key: message.key?.toString('utf8') ?? '',
    payload,
  };
}

/** The offset kafkajs asked the broker for (kafkajs keeps it on the batch but does not type it). */
export function fetchedOffsetOf(batch: Batch): number {
  const fetched = (batch as Batch & { fetchedOffset?: unknown }).fetchedOffset;
  if (typeof fetched === 'string' || typeof fetched === 'number') return Number(fetched);
  return Number(batch.firstOffset());
}
