import type { DeadLetterPublisher, DeadLetterRecord } from '../dead-letter.port.ts';
import { type Admin, Kafka, logLevel, type Message, Partitioners, type Producer } from 'kafkajs';
import { STREAMS, type StreamName } from '../../../contracts/events/index.ts';
import type { EventLog, OutgoingEvent, SubscribeOptions, Subscription } from '../event-log.port.ts';
import { describeError, KafkaEventLogError, retryRetriable } from './kafka-errors.ts';
import { type EventLogLogger, kafkaLogCreator, silentLogger } from './kafka-logging.ts';
import { type ConsumerTuning, DEFAULT_CONSUMER_TUNING, KafkaSubscription } from './kafka-subscription.ts';

export interface KafkaRetryOptions {
  readonly retries?: number;
  readonly initialRetryTimeMs?: number;
  readonly maxRetryTimeMs?: number;
}

export interface KafkaEventLogOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  /** Topic = prefix + stream, e.g. 'swisslaw.' gives 'swisslaw.decisions'. */
  readonly topicPrefix: string;
  /** Prepended to every consumer group id (default ''): isolates tests sharing a broker. */
  readonly groupPrefix?: string;
  /** Partitions of topics this log creates (default 3). Existing topics are left as they are. */
  readonly partitions?: number;
  readonly replicationFactor?: number;
  readonly logger?: EventLogLogger;
  /** Producer retry budget before append throws LOG_APPEND_FAILED (default 8 retries, 300 ms doubling to 10 s). */
  readonly retry?: KafkaRetryOptions;
  readonly consumer?: Partial<ConsumerTuning>;
  /** Appends are sent in requests of at most this many bytes of values (default 900 kB). */
  readonly maxRequestBytes?: number;
  /** max.message.bytes of created topics (default 10 MiB), so that a long decision fits. */
  readonly maxMessageBytes?: number;
  /** How long close() waits for the producer and admin to disconnect (default 5 s). */
  readonly closeTimeoutMs?: number;
}

const MAX_MESSAGES_PER_REQUEST = 500;

/**
 * The event log on Kafka: one topic per stream, keyed by entity id so that all versions of an
 * entity stay in one partition, in order. The producer is idempotent with acks=all, so its own
 * retries never duplicate an event. Kafka cannot drop a repeated eventId: a second append of the
 * same event is stored twice, in the same partition (projections are idempotent by content hash
 * and position).
 */
export class KafkaEventLog implements EventLog, DeadLetterPublisher {
  private readonly kafka: Kafka;
  private readonly admin: Admin;
  private readonly producer: Producer;
  private readonly logger: EventLogLogger;
  private readonly tuning: ConsumerTuning;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private initialised: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: KafkaEventLogOptions) {
    this.logger = options.logger ?? silentLogger;
    this.tuning = { ...DEFAULT_CONSUMER_TUNING, ...options.consumer };
    const retry = {
      retries: options.retry?.retries ?? 8,
      initialRetryTime: options.retry?.initialRetryTimeMs ?? 300,
      maxRetryTime: options.retry?.maxRetryTimeMs ?? 10_000,
    };
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      retry,
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(this.logger),
    });
    this.admin = this.kafka.admin();
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
      retry,
    });
  }

  /** Creates a log and its missing topics. */
  static async create(options: KafkaEventLogOptions): Promise<KafkaEventLog> {
    const log = new KafkaEventLog(options);
    await log.init();
    return log;
  }

  /** The topic of a stream. */
  topicOf(stream: StreamName): string {
    return `${this.options.topicPrefix}${stream}`;
  }

  /** The dead-letter topic: one for all streams, keyed by the failed event's key. */
  deadLetterTopic(): string {
    return `${this.options.topicPrefix}dead-letters`;
  }

  async publishDeadLetters(records: readonly DeadLetterRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.init();
    try {
      await this.producer.send({
        topic: this.deadLetterTopic(),
        acks: -1,
        messages: records.map((r) => ({
          key: `${r.stream}:${r.partition}:${r.position}`,
          value: JSON.stringify(r),
          headers: { projection: r.projection, 'source-offset': String(r.position) },
        })),
      });
    } catch (error) {
      throw new KafkaEventLogError(
        'LOG_APPEND_FAILED',
        `publishing ${records.length} dead letter(s) failed: ${describeError(error)}`,
        { cause: error },
      );
    }
  }

  /** Connects and creates the topics of every stream that do not exist yet (idempotent). */
  init(): Promise<void> {
    if (this.closed)
      return Promise.reject(new KafkaEventLogError('LOG_INIT_FAILED', 'the Kafka event log is closed'));
    this.initialised ??= this.connectAndCreateTopics().catch((error: unknown) => {
      this.initialised = null; // let a later call try again
      throw new KafkaEventLogError(
        'LOG_INIT_FAILED',
        `Kafka event log init failed: ${describeError(error)}`,
        { cause: error },
      );
    });
    return this.initialised;
  }

  private async connectAndCreateTopics(): Promise<void> {
    await this.admin.connect();
    const numPartitions = this.options.partitions ?? 3;
    const existing = new Set(await this.admin.listTopics());
    const missing = [...STREAMS.map((s) => this.topicOf(s)), this.deadLetterTopic()].filter(
      (t) => !existing.has(t),
    );
    if (missing.length > 0) {
      // Resolves false when another instance (or an earlier attempt) created them meanwhile: fine.
      // A broker still electing leaders answers the wait with a retriable error: asked again.
      await retryRetriable(() => this.admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic,
          numPartitions,
          replicationFactor: this.options.replicationFactor ?? 1,
          configEntries: [
            { name: 'max.message.bytes', value: String(this.options.maxMessageBytes ?? 10 * 1024 * 1024) },
          ],
        })),
      }));
      this.logger.info({ topics: missing, partitions: numPartitions }, 'created event log topics');
    }
    await this.producer.connect();
  }

  async append(events: readonly OutgoingEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      await this.init();
    } catch (error) {
      throw new KafkaEventLogError(
        'LOG_APPEND_FAILED',
        `appending ${events.length} event(s) failed: ${describeError(error)}`,
        { cause: error },
      );
    }
    let sent = 0;
    for (const chunk of this.requestChunks(events)) {
      const byTopic = new Map<string, Message[]>();
      for (const { topic, message } of chunk) {
        const messages = byTopic.get(topic);
        if (messages) messages.push(message);
        else byTopic.set(topic, [message]);
      }
      try {
        // Resolves once every partition leader has the records on all in-sync replicas (acks=all).
        await this.producer.sendBatch({
          acks: -1,
          topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
        });
      } catch (error) {
        const done = sent > 0 ? ` (the first ${sent} of ${events.length} were appended)` : '';
        throw new KafkaEventLogError(
          'LOG_APPEND_FAILED',
          `appending ${chunk.length} event(s) to ${[...byTopic.keys()].join(', ')} failed${done}: ${describeError(error)}`,
          { cause: error },
        );
      }
      sent += chunk.length;
    }
  }

  /** Serialises an append into requests that stay under the broker's default request size, in order. */
  private *requestChunks(
    events: readonly OutgoingEvent[],
  ): Generator<Array<{ topic: string; message: Message }>> {
    const maxBytes = this.options.maxRequestBytes ?? 900_000;
    let chunk: Array<{ topic: string; message: Message }> = [];
    let bytes = 0;
    for (const { stream, envelope } of events) {
      const value = JSON.stringify(envelope);
      const size = Buffer.byteLength(value);
      if (chunk.length > 0 && (bytes + size > maxBytes || chunk.length >= MAX_MESSAGES_PER_REQUEST)) {
        yield chunk;
        chunk = [];
        bytes = 0;
      }
      chunk.push({
        topic: this.topicOf(stream),
        message: { key: envelope.key, value, headers: { 'event-id': envelope.eventId } },
      });
      bytes += size;
    }
    if (chunk.length > 0) yield chunk;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    await this.init();
    const sub = await KafkaSubscription.start(
      {
        kafka: this.kafka,
        admin: this.admin,
        topic: this.topicOf(options.stream),
        // One Kafka group per (group, stream): kafkajs's group leader assigns the partitions of the
        // topics IT subscribes to, to every member, so a projection reading two streams under one
        // group id would never be given one of them.
        groupId: `${this.options.groupPrefix ?? ''}${options.group}.${options.stream}`,
        tuning: this.tuning,
        logger: this.logger,
        onEnded: (s) => this.subscriptions.delete(s),
      },
      options,
    );
    this.subscriptions.add(sub);
    return sub;
  }

  async head(stream: StreamName): Promise<Map<number, number>> {
    const heads = new Map<number, number>();
    for (const { partition, low, high } of await this.offsets(stream)) {
      if (high > low) heads.set(partition, high - 1);
    }
    return heads;
  }

  async countAfter(stream: StreamName, after: ReadonlyMap<number, number>): Promise<number> {
    let total = 0;
    for (const { partition, low, high } of await this.offsets(stream)) {
      const from = after.has(partition) ? Math.max(after.get(partition)! + 1, low) : low;
      total += Math.max(0, high - from);
    }
    return total;
  }

  private async offsets(
    stream: StreamName,
  ): Promise<Array<{ partition: number; low: number; high: number }>> {
    try {
      await this.init();
      const offsets = await retryRetriable(() => this.admin.fetchTopicOffsets(this.topicOf(stream)));
      return offsets.map((o) => ({ partition: o.partition, low: Number(o.low), high: Number(o.high) }));
    } catch (error) {
      throw new KafkaEventLogError(
        'LOG_READ_FAILED',
        `reading the offsets of ${this.topicOf(stream)} failed: ${describeError(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  /**
   * Stops the subscriptions and disconnects. A connection still being set up (a fresh broker can
   * keep the idempotent producer's initialisation retrying for a minute) is not waited for beyond
   * `closeTimeoutMs` (default 5 s): nothing of ours is in flight then, and a process must be able to
   * exit on SIGTERM.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.closeTimeoutMs ?? 5000);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]), deadline]);
    clearTimeout(timer);
  }
}
