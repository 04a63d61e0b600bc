import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { SubscribeOptions, Subscription } from '../event-log.port.ts';
import { describeError, KafkaEventLogError } from './kafka-errors.ts';
import type { EventLogLogger } from './kafka-logging.ts';
import { fetchedOffsetOf, toStoredEvent } from './kafka-records.ts';

/** Consumer timing; the kafkajs defaults suit production, tests shorten them. */
export interface ConsumerTuning {
  readonly sessionTimeoutMs: number;
  readonly rebalanceTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  /** Longest a fetch waits for new events; also bounds how long stop() waits for an idle fetch. */
  readonly fetchMaxWaitMs: number;
  /**
   * Bytes a fetch may bring per event of the subscription's batch size (default 32 KiB): a fetch
   * of one partition holds up to `batchSize` times this (at least kafkajs's 1 MiB), so that a
   * batch is as long as asked for. kafkajs's own 1 MiB held about 130 generated decisions (7 kB
   * each) and 20 to 50 published ones, whatever the batch size.
   */
  readonly fetchBytesPerEvent: number;
  /**
   * How long a partition this member holds may have events beyond what it delivered, with no
   * batch delivered or being handled, before the subscription ends as stalled (checked every half
   * of it): the consumer no longer fetches, as kafkajs once did after a broker restart. Whoever
   * runs the subscription starts it again (the projector host does, after a back-off).
   */
  readonly stallAfterMs: number;
}

/** kafkajs's default bytes per partition of a fetch, the least we ask for. */
const MIN_FETCH_BYTES = 1024 * 1024;
/** The most one fetch brings, whatever the batch size: a bound on a consumer's memory. */
const MAX_FETCH_BYTES = 32 * 1024 * 1024;

export const DEFAULT_CONSUMER_TUNING: ConsumerTuning = {
  sessionTimeoutMs: 30_000,
  rebalanceTimeoutMs: 60_000,
  heartbeatIntervalMs: 3_000,
  fetchMaxWaitMs: 1_000,
  fetchBytesPerEvent: 32 * 1024,
  stallAfterMs: 60_000,
};

/** The bytes one fetch of a partition may bring for batches of `batchSize` events. */
export function fetchBytesFor(batchSize: number, tuning: ConsumerTuning): number {
  return Math.min(MAX_FETCH_BYTES, Math.max(MIN_FETCH_BYTES, batchSize * tuning.fetchBytesPerEvent));
}

export interface SubscriptionDeps {
  readonly kafka: Kafka;
  readonly admin: Admin;
  readonly topic: string;
  readonly groupId: string;
  readonly tuning: ConsumerTuning;
  readonly logger: EventLogLogger;
  readonly onEnded: (subscription: KafkaSubscription) => void;
}

/** Where one assigned partition stands in the current generation of the group. */
interface PartitionState {
  /** The next position to deliver: the checkpoint + 1, then the last delivered + 1. */
  next: number;
  /** The latest high watermark seen (admin offsets at assignment, then every fetched batch). */
  high: number;
  /** Seeks issued since a batch last started exactly at `next`. */
  seeks: number;
}

/** One group generation: the partitions assigned to this member and their positions. */
interface Generation {
  readonly assigned: readonly number[];
  readonly partitions: Map<number, PartitionState>;
  ready: Promise<void>;
}

// After this many seeks to `next` the broker still answers from elsewhere, the position no
// longer exists (retention removed it, or the checkpoint lies past the end of the partition).
const MAX_SEEKS = 3;

/**
 * One subscription = one kafkajs consumer in the consumer group. The projection's own checkpoint
 * (startAfter) is the truth: whenever the group assigns partitions to this member, each one is
 * sought to checkpoint + 1, and every batch is checked against the expected next position before
 * it is delivered. Kafka's committed offsets are kept up to date for lag tooling only.
 */
export class KafkaSubscription implements Subscription {
  readonly finished: Promise<void>;
  private readonly consumer: Consumer;
  private current: Generation | null = null;
  private ending: Promise<void> | null = null;
  private failure: { readonly error: unknown } | null = null;
  private caughtUpSignalled = false;
  /** A batch is being handled (onBatch under way): a member busy with it has not stalled. */
  private handling = false;
  /** When this member last delivered a batch, was positioned, or was found with nothing to deliver. */
  private movedAt = Date.now();
  private watchdog: NodeJS.Timeout | null = null;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };

  private constructor(
    private readonly deps: SubscriptionDeps,
    private readonly options: SubscribeOptions,
  ) {
    this.finished = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    // Callers learn of a failure by awaiting `finished`; an ignored one must not crash the process.
    this.finished.catch(() => undefined);
    this.consumer = deps.kafka.consumer({
      groupId: deps.groupId,
      sessionTimeout: deps.tuning.sessionTimeoutMs,
      rebalanceTimeout: deps.tuning.rebalanceTimeoutMs,
      heartbeatInterval: deps.tuning.heartbeatIntervalMs,
      maxWaitTimeInMs: deps.tuning.fetchMaxWaitMs,
      // a fetch long enough for a whole batch; the broker fills one partition after another
      maxBytesPerPartition: fetchBytesFor(options.batchSize, deps.tuning),
      maxBytes: fetchBytesFor(options.batchSize, deps.tuning),
      allowAutoTopicCreation: false,
    });
  }

  /** Joins the group and starts consuming; resolves once this member has joined. */
  static async start(deps: SubscriptionDeps, options: SubscribeOptions): Promise<KafkaSubscription> {
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
      throw new KafkaEventLogError(
        'LOG_SUBSCRIPTION_FAILED',
        `batchSize must be a positive integer, got ${options.batchSize}`,
      );
    }
    const sub = new KafkaSubscription(deps, options);
    const { consumer } = sub;
    consumer.on(consumer.events.GROUP_JOIN, (event) =>
      sub.onGroupJoin(event.payload.memberAssignment[deps.topic] ?? []),
    );
    consumer.on(consumer.events.CRASH, (event) => sub.onCrash(event.payload.error, event.payload.restart));
    try {
      await consumer.connect();
      // fromBeginning only matters when a seek lands outside the log: then restart at the earliest.
      await consumer.subscribe({ topics: [deps.topic], fromBeginning: true });
      await consumer.run({
        autoCommit: true,
        eachBatchAutoResolve: false,
        eachBatch: (payload) => sub.eachBatch(payload),
      });
      sub.watchForStalls();
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      deps.onEnded(sub);
      throw new KafkaEventLogError(
        'LOG_SUBSCRIPTION_FAILED',
        `subscribing group ${deps.groupId} to ${deps.topic} failed: ${describeError(error)}`,
        { cause: error },
      );
    }
    return sub;
  }

  async stop(): Promise<void> {
    await this.end();
    await this.finished.catch(() => undefined);
  }

  /** A new generation of the group: position every partition this member now owns. */
  private onGroupJoin(assigned: readonly number[]): void {
    const generation: Generation = {
      assigned: [...assigned].sort((a, b) => a - b),
      partitions: new Map(),
      ready: Promise.resolve(),
    };
    this.current = generation;
    this.movedAt = Date.now();
    generation.ready = this.position(generation).catch((error: unknown) =>
      this.fail(
        new KafkaEventLogError(
          'LOG_SUBSCRIPTION_FAILED',
          `positioning group ${this.deps.groupId} on ${this.deps.topic} failed: ${describeError(error)}`,
          { cause: error },
        ),
      ),
    );
  }

  private async position(generation: Generation): Promise<void> {
    const { topic } = this.deps;
    if (generation.assigned.length > 0) {
      const offsets = await this.retrying(() => this.deps.admin.fetchTopicOffsets(topic));
      for (const partition of generation.assigned) {
        const found = offsets.find((o) => o.partition === partition);
        const low = Number(found?.low ?? 0);
        const high = Number(found?.high ?? 0);
        const after = await this.retrying(() => this.options.startAfter(partition));
        let next = after === null ? low : after + 1;
        if (next < low) {
          this.deps.logger.warn(
            { topic, partition, checkpoint: after, low },
            'positions after the checkpoint are no longer in the log; resuming at the earliest',
          );
          next = low;
        } else if (next > high) {
          this.deps.logger.warn(
            { topic, partition, checkpoint: after, high },
            'checkpoint lies past the end of the partition; waiting for the log to reach it',
          );
        }
        // A newer generation (or stop) took over while we awaited: its positioning decides.
        if (generation !== this.current || this.ending) return;
        generation.partitions.set(partition, { next, high, seeks: 1 });
        this.seek(partition, next);
      }
    }
    this.signalIfCaughtUp(generation);
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    const generation = this.current;
    if (!generation || this.ending) return;
    await generation.ready;
    // Returning without resolving leaves kafkajs's position where it was: nothing is skipped.
    if (generation !== this.current || this.ending || !payload.isRunning()) return;
    // A seek is pending for this partition: the batch was fetched from the old position.
    if (payload.isStale()) return;
    const state = generation.partitions.get(batch.partition);
    if (!state) return;
    state.high = Math.max(state.high, Number(batch.highWatermark));

    const fetched = fetchedOffsetOf(batch);
    if (fetched !== state.next) {
      if (state.seeks < MAX_SEEKS) {
        state.seeks++;
        this.seek(batch.partition, state.next);
        return;
      }
      if (fetched > state.next) {
        this.deps.logger.warn(
          { topic: batch.topic, partition: batch.partition, expected: state.next, fetched },
          'positions missing from the log; carrying on after the gap',
        );
        state.next = fetched;
      }
    } else {
      state.seeks = 0;
    }

    const fresh = batch.messages.filter((m) => Number(m.offset) >= state.next);
    if (fresh.length === 0) {
      // Only reached when the broker insists on an earlier position: move past what we had.
      payload.resolveOffset(batch.lastOffset());
      return;
    }
    for (let i = 0; i < fresh.length; i += this.options.batchSize) {
      if (i > 0 && (this.ending || generation !== this.current || !payload.isRunning() || payload.isStale()))
        break;
      const chunk = fresh.slice(i, i + this.options.batchSize);
      const keepAlive = this.keepAlive(payload);
      this.handling = true;
      try {
        await this.options.onBatch(chunk.map((m) => toStoredEvent(this.options.stream, batch.partition, m)));
      } catch (error) {
        this.fail(error);
        return;
      } finally {
        keepAlive.stop();
        this.handling = false;
        this.movedAt = Date.now();
      }
      const last = chunk[chunk.length - 1]!;
      state.next = Number(last.offset) + 1;
      payload.resolveOffset(last.offset);
      this.caughtUpSignalled = false;
      this.signalIfCaughtUp(generation);
      // A heartbeat fails once the group rebalances: give control back to kafkajs to rejoin (what
      // was delivered is resolved, and checkpointed by the handler; the rest is not skipped).
      keepAlive.rethrow();
      await payload.heartbeat();
    }
    await payload.commitOffsetsIfNecessary(payload.uncommittedOffsets());
  }

  /**
   * kafkajs heartbeats only between batches; while a long onBatch runs, keep the membership alive
   * from a timer. A heartbeat error (the group is rebalancing) is kept for after the handler.
   */
  private keepAlive(payload: EachBatchPayload): { stop(): void; rethrow(): void } {
    let failure: { readonly error: unknown } | null = null;
    const timer = setInterval(() => {
      payload.heartbeat().catch((error: unknown) => (failure ??= { error }));
    }, this.deps.tuning.heartbeatIntervalMs);
    return {
      stop: () => clearInterval(timer),
      rethrow: () => {
        if (failure) throw failure.error;
      },
    };
  }

  private seek(partition: number, offset: number): void {
    try {
      this.consumer.seek({ topic: this.deps.topic, partition, offset: String(offset) });
    } catch (error) {
      // kafkajs is restarting the consumer after a crash: it rejoins, and the new generation seeks.
      this.deps.logger.warn(
        { topic: this.deps.topic, group: this.deps.groupId, partition, err: describeError(error) },
        'seek failed',
      );
    }
  }

  /** onCaughtUp once every assigned partition has been delivered up to its high watermark. */
  private signalIfCaughtUp(generation: Generation): void {
    if (this.caughtUpSignalled || generation !== this.current || this.ending) return;
    if (generation.partitions.size < generation.assigned.length) return;
    for (const state of generation.partitions.values()) if (state.next < state.high) return;
    this.caughtUpSignalled = true;
    try {
      this.options.onCaughtUp?.();
    } catch (error) {
      this.deps.logger.error(
        { topic: this.deps.topic, group: this.deps.groupId, err: describeError(error) },
        'onCaughtUp threw',
      );
    }
  }

  private onCrash(error: Error, restart: boolean): void {
    if (restart) {
      this.deps.logger.warn(
        { topic: this.deps.topic, group: this.deps.groupId, err: describeError(error) },
        'consumer crashed; kafkajs restarts it',
      );
      return;
    }
    this.fail(
      new KafkaEventLogError(
        'LOG_SUBSCRIPTION_FAILED',
        `consumer of ${this.deps.topic} (group ${this.deps.groupId}) crashed: ${describeError(error)}`,
        {
          cause: error,
        },
      ),
    );
  }

  /**
   * Every half of `stallAfterMs`: when no batch is being handled and none was delivered for
   * `stallAfterMs`, the log's ends are read; a partition this member holds and has positioned,
   * with events beyond what it delivered, has stalled, and the subscription ends with
   * LOG_SUBSCRIPTION_STALLED. A member found with nothing to deliver is moving.
   */
  private watchForStalls(): void {
    const { stallAfterMs } = this.deps.tuning;
    const quiet = () => !this.handling && !this.ending && Date.now() - this.movedAt >= stallAfterMs;
    let checking = false;
    this.watchdog = setInterval(() => {
      if (checking || !quiet()) return;
      checking = true;
      void this.stalledPartition()
        .then((stalled) => {
          if (!stalled) this.movedAt = Date.now();
          else if (quiet())
            this.fail(
              new KafkaEventLogError(
                'LOG_SUBSCRIPTION_STALLED',
                `consumer of ${this.deps.topic} (group ${this.deps.groupId}) delivered nothing for ` +
                  `${Math.round((Date.now() - this.movedAt) / 1000)} s: partition ${stalled.partition} ` +
                  `ends at ${stalled.end}, delivered up to ${stalled.next}`,
              ),
            );
        })
        .catch((error: unknown) =>
          // the log's ends unreadable (the broker away): kafkajs is reconnecting; checked again later
          this.deps.logger.warn(
            { topic: this.deps.topic, group: this.deps.groupId, err: describeError(error) },
            'stall check failed',
          ),
        )
        .finally(() => (checking = false));
    }, stallAfterMs / 2);
    this.watchdog.unref();
  }

  /** A positioned partition of the current generation with events beyond its next position, or null. */
  private async stalledPartition(): Promise<{ partition: number; next: number; end: number } | null> {
    const generation = this.current;
    if (!generation || generation.partitions.size === 0) return null;
    const offsets = await this.deps.admin.fetchTopicOffsets(this.deps.topic);
    if (generation !== this.current) return null;
    for (const [partition, state] of generation.partitions) {
      const end = Number(offsets.find((o) => o.partition === partition)?.high ?? 0);
      if (end > state.next) return { partition, next: state.next, end };
    }
    return null;
  }

  /** Ends the subscription with an error; the first error wins. Never awaited from eachBatch. */
  private fail(error: unknown): void {
    this.failure ??= { error };
    void this.end();
  }

  private end(): Promise<void> {
    this.ending ??= (async () => {
      if (this.watchdog) clearInterval(this.watchdog);
      try {
        // Waits for the batch under way (eachBatch returns at its next chunk boundary), commits, leaves.
        await this.consumer.disconnect();
      } catch (error) {
        this.deps.logger.warn(
          { topic: this.deps.topic, group: this.deps.groupId, err: describeError(error) },
          'consumer disconnect failed',
        );
      }
      this.deps.onEnded(this);
      if (this.failure) this.settle.reject(this.failure.error);
      else this.settle.resolve();
    })();
    return this.ending;
  }

  /** Retries a positioning step on transient failures (checkpoint read, offsets). */
  private async retrying<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= 4 || this.ending) throw error;
        const delay = 200 * 2 ** attempt;
        this.deps.logger.warn(
          { topic: this.deps.topic, group: this.deps.groupId, attempt, delay, err: describeError(error) },
          'positioning failed; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
