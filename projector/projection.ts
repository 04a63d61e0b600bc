import type { Transaction } from 'kysely';
import type { DomainEvent, DomainEventType, StreamName } from '../contracts/events/index.ts';
import type { DB } from '../infra/db/schema.ts';
import type { ProjectionStorage } from './storage/projection-storage.ts';

/** A validated event with its place in the log. */
export interface PositionedEvent<E extends DomainEvent = DomainEvent> {
  readonly event: E;
  readonly stream: StreamName;
  readonly partition: number;
  readonly position: number;
}

export interface ProjectionContext {
  /**
   * The transaction in which the runner also commits the checkpoint. Its search_path starts with
   * the generation's schema, so unqualified table names reach this generation's tables.
   */
  readonly tx: Transaction<DB>;
  /** Current time, ISO. */
  readonly now: string;
  /** The generation being built or kept up to date. */
  readonly generation: number;
}

/**
 * A read model builder. `handle` must be idempotent per event position: a batch can be delivered
 * again after a crash before its checkpoint committed.
 */
export interface Projection {
  readonly name: string;
  readonly streams: readonly StreamName[];
  readonly handles: readonly DomainEventType[];
  readonly storage: ProjectionStorage;
  /**
   * Projects a batch. The events are read, never changed: a runner sharing its reads
   * (`RunnerOptions.shareReads`) hands the same event objects to several projections.
   */
  handle(batch: readonly PositionedEvent[], ctx: ProjectionContext): Promise<void>;
}

/** One generation of a projection: what a runner consumes the log for. */
export interface ProjectionGeneration {
  readonly projection: Projection;
  readonly generation: number;
  /** The generation's own schema. */
  readonly schema: string;
  /** The schema readers use, after the generation schema in the search path. */
  readonly base: string;
}

/** A failure worth retrying (engine unavailable, serialization conflict): back off, do not dead-letter. */
export class RetriableProjectionError extends Error {
  readonly code = 'PROJ_RETRIABLE';
}

/** The consumer-group and checkpoint name of a projection generation. */
export function checkpointName(projection: Pick<Projection, 'name'>, generation: number): string {
  return `projection.${projection.name}.g${generation}`;
}
