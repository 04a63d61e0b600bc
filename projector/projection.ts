import type { Transaction } from 'kysely';
import type { DomainEvent, DomainEventType, StreamName } from '../contracts/events/index.ts';
import type { DB } from '../infra/db/schema.ts';

/** A validated event with its place in the log. */
export interface PositionedEvent<E extends DomainEvent = DomainEvent> {
  readonly event: E;
  readonly stream: StreamName;
  readonly partition: number;
  readonly position: number;
}

export interface ProjectionContext {
  /** The transaction in which the runner also commits the checkpoint. */
  readonly tx: Transaction<DB>;
  /** Current time, ISO. */
  readonly now: string;
}

/**
 * A read model builder. `handle` must be idempotent per event position: a batch can be delivered
 * again after a crash before its checkpoint committed.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly streams: readonly StreamName[];
  readonly handles: readonly DomainEventType[];
  handle(batch: readonly PositionedEvent[], ctx: ProjectionContext): Promise<void>;
}

/** A failure worth retrying (engine unavailable, serialization conflict): back off, do not dead-letter. */
export class RetriableProjectionError extends Error {
  readonly code = 'PROJ_RETRIABLE';
}

/** The consumer-group and checkpoint name of a projection generation. */
export function checkpointName(projection: Pick<Projection, 'name' | 'version'>): string {
  return `projection.${projection.name}.v${projection.version}`;
}
