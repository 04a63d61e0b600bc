import { sql } from 'kysely';
import { type ParsedEvent, parseEvent, type StreamName } from '../contracts/events/index.ts';
import type { Database } from '../infra/db/database.ts';
import type { DeadLetterPublisher, DeadLetterRecord } from '../infra/event-log/dead-letter.port.ts';
import type { EventLog, StoredEvent, Subscription } from '../infra/event-log/event-log.port.ts';
import {
  checkpointName,
  type PositionedEvent,
  type ProjectionGeneration,
  RetriableProjectionError,
} from './projection.ts';

export interface RunnerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunnerDeps {
  readonly db: Database;
  readonly log: EventLog;
  readonly now: () => string;
  readonly logger: RunnerLogger;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Also publish dead letters here (the dead-letter topic in distributed mode). */
  readonly deadLetters?: DeadLetterPublisher;
}

export interface RunnerOptions {
  readonly batchSize?: number;
  /** Called after each committed batch with the projection, stream, last position and the batch's size. */
  readonly onProgress?: (projection: string, stream: StreamName, position: number, events: number) => void;
  /** Called once a stream has been read to its current end. */
  readonly onCaughtUp?: (projection: string, stream: StreamName) => void;
  /**
   * Called when a projection's reading of a stream has stopped with an error (its subscription
   * ended, or its handling failed beyond what dead letters and retries absorb): it projects that
   * stream no further until started again.
   */
  readonly onStopped?: (projection: string, stream: StreamName, error: unknown) => void;
  /**
   * Called before a batch's transaction begins ('begin') and after it has committed or failed
   * ('end'): an in-process reader of the read models knows when they may be changing.
   */
  readonly onCommit?: (phase: 'begin' | 'end') => void;
  /**
   * Generations that read the same stream share one subscription to it: each batch is read from
   * the log and parsed once, then handed to each of them, which handle it in their own time, at
   * most {@link SHARED_BACKLOG} batches behind the reads (a rebuild of several projections reads
   * the log once, not once per projection).
   */
  readonly shareReads?: boolean;
  /**
   * With `shareReads`: every stream is read through one shared subscription (even by a single
   * generation) in the consumer group of this name, whatever generations the process runs
   * (default: a group named after the generations that share it), and each batch is handled by
   * all of them before the next is read. Processes that run the same projections under the same
   * name split the partitions between them, also while they switch to a rebuilt generation at
   * different moments; groups named after generations would then differ, and two processes would
   * both hand the same events to the generations they both run, side by side.
   */
  readonly sharedGroup?: string;
  /**
   * With `sharedGroup`: a generation held up by transient failures (its engine away) while the
   * others of its stream have handled the batch is detached from the shared reads, which go on
   * without it; once its engine is back it catches up on a subscription of its own. Called when
   * such a generation has caught up: the runner should be restarted to read for all of them again.
   */
  readonly onRejoinable?: () => void;
}

interface DeadLetter {
  readonly event: StoredEvent;
  readonly reason: string;
}

/** Batches a generation sharing its reads may have yet to handle before the reads wait for it. */
const SHARED_BACKLOG = 4;

/** A generation handed batches by a shared subscription, and the batches it has yet to handle. */
interface Follower {
  readonly gen: ProjectionGeneration;
  /**
   * Per partition, the last position it has handled or been handed: its checkpoint when the
   * subscription (re)started there, then each batch's last. A restart (a Kafka rebalance) may
   * deliver again what its backlog holds: it is not handed twice.
   */
  readonly after: Map<number, number | null>;
  /** One promise per batch handed and not yet handled, in order; each settles (never rejects) once it is. */
  readonly backlog: Promise<void>[];
  /** It failed: it is handed nothing more (its checkpoint stays where its last batch left it). */
  stopped: boolean;
  /** Consecutive transient failures of what it is committing; 0 once that commits. */
  failing: number;
  /** Settles when `failing` reaches {@link STALLED_AFTER}; renewed once a batch commits again. */
  stall: Deferred;
  /** Detached from the shared reads: handed nothing more; it catches up on its own subscription. */
  detached: boolean;
}

interface Deferred {
  readonly promise: Promise<void>;
  readonly resolve: () => void;
}

function deferred(): Deferred {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Consecutive transient failures (1.4 s of back-off between them) after which a generation is stalled: in a
 * named shared group it no longer holds up the generations that have handled the batch.
 */
const STALLED_AFTER = 4;

/** Events a generation handles before its statistics are first renewed by the runner. */
const FIRST_STATISTICS = 250;

// SQLSTATE classes that mean "try again later": connection loss, admin shutdown, serialization.
const RETRIABLE_SQLSTATE = /^(08|53|57P|40001|40P01)/;
const RETRIABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// Adapter error codes that mean "the engine is away" (OpenSearch 429/5xx, Kafka append failures).
const RETRIABLE_ADAPTER_CODES = new Set(['SEARCH_UNAVAILABLE', 'LOG_APPEND_FAILED']);

/** Is this failure transient (back off and retry) rather than caused by the events themselves? */
export function isRetriable(error: unknown): boolean {
  if (error instanceof RetriableProjectionError) return true;
  const e = error as { code?: unknown; cause?: unknown } | null;
  if (
    e &&
    typeof e.code === 'string' &&
    (RETRIABLE_SQLSTATE.test(e.code) || RETRIABLE_ERRNO.has(e.code) || RETRIABLE_ADAPTER_CODES.has(e.code))
  )
    return true;
  if (e?.cause && e.cause !== error) return isRetriable(e.cause);
  return false;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 2000);
  return String(error).slice(0, 2000);
}

/**
 * Runs projections over the log: each batch's read-model rows, dead letters and checkpoint commit
 * in one transaction. Invalid events and events the projection cannot handle are dead-lettered with
 * their reason and the projection carries on; transient failures are retried with back-off.
 */
export class ProjectionRunner {
  private readonly subscriptions: Subscription[] = [];
  private readonly sleep: (ms: number) => Promise<void>;
  /** Per generation (checkpoint name): events handled since the start, and when to renew the statistics next. */
  private readonly growth = new Map<string, { handled: number; next: number; renewing: boolean }>();
  /** Detached generations waiting to start their own subscription. */
  private readonly detaching: Promise<void>[] = [];
  private stopping = false;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly options: RunnerOptions = {},
  ) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Starts consuming every stream of every projection generation. */
  async start(generations: readonly ProjectionGeneration[]): Promise<void> {
    const shared = new Map<StreamName, ProjectionGeneration[]>();
    for (const gen of generations) {
      for (const stream of gen.projection.streams) {
        if (this.options.shareReads) shared.set(stream, [...(shared.get(stream) ?? []), gen]);
        else await this.subscribe(gen, stream);
      }
    }
    for (const [stream, gens] of shared) {
      if (gens.length === 1 && this.options.sharedGroup === undefined) await this.subscribe(gens[0]!, stream);
      else await this.subscribeShared(stream, gens);
    }
  }

  /** One generation's own subscription to a stream. */
  private async subscribe(
    gen: ProjectionGeneration,
    stream: StreamName,
    onCaughtUp?: () => void,
  ): Promise<void> {
    const { projection } = gen;
    const sub = await this.deps.log.subscribe({
      stream,
      group: checkpointName(projection, gen.generation),
      batchSize: this.options.batchSize ?? 250,
      startAfter: (partition) => this.checkpoint(gen, stream, partition),
      onBatch: (batch) => this.process(gen, batch),
      onCaughtUp: () => {
        this.options.onCaughtUp?.(projection.name, stream);
        onCaughtUp?.();
      },
    });
    sub.finished.catch((error: unknown) => this.stopped(projection.name, stream, error));
    this.subscriptions.push(sub);
  }

  /**
   * One subscription to a stream for several generations (`shareReads`): it starts after the
   * earliest of their checkpoints, and each generation is handed the events after its own. Each
   * batch is parsed once; a generation handles its batches in order, in its own transactions, and
   * the reads wait while one has {@link SHARED_BACKLOG} batches yet to handle (in a named group,
   * `sharedGroup`, until each has handled the batch, see {@link settle}). A generation is told it
   * has caught up once it has handled what was read up to the log's end. One that fails is logged
   * and handed nothing more; the others go on.
   */
  private async subscribeShared(stream: StreamName, gens: readonly ProjectionGeneration[]): Promise<void> {
    const followers: Follower[] = gens.map((gen) => ({
      gen,
      after: new Map(),
      backlog: [],
      stopped: false,
      failing: 0,
      stall: deferred(),
      detached: false,
    }));
    const names = gens.map((g) => checkpointName(g.projection, g.generation));
    const onRetry = (follower: Follower) => (failures: number) => {
      if (failures === 0 && follower.failing >= STALLED_AFTER) follower.stall = deferred();
      follower.failing = failures;
      if (failures >= STALLED_AFTER) follower.stall.resolve();
    };
    const hand = (follower: Follower, batch: readonly StoredEvent[], parsed: readonly ParsedEvent[]) => {
      const from = follower.after.get(batch[0]!.partition) ?? null;
      const first = from === null ? 0 : batch.findIndex((e) => e.position > from);
      if (follower.stopped || follower.detached || first < 0) return;
      follower.after.set(batch[0]!.partition, batch[batch.length - 1]!.position);
      const handled = (follower.backlog.at(-1) ?? Promise.resolve())
        .then(async () => {
          if (follower.stopped) return;
          await this.process(follower.gen, batch.slice(first), parsed.slice(first), onRetry(follower));
        })
        .catch((error: unknown) => {
          follower.stopped = true;
          this.stopped(follower.gen.projection.name, stream, error);
        })
        .finally(() => follower.backlog.splice(follower.backlog.indexOf(handled), 1));
      follower.backlog.push(handled);
    };
    const sub = await this.deps.log.subscribe({
      stream,
      group: this.options.sharedGroup ?? names.join('+'),
      batchSize: this.options.batchSize ?? 250,
      startAfter: async (partition) => {
        let earliest: number | null = Number.POSITIVE_INFINITY;
        const reading = followers.some((f) => !f.detached);
        for (const follower of followers) {
          const committed = await this.checkpoint(follower.gen, stream, partition);
          const handed = follower.after.get(partition) ?? null;
          const at =
            committed === null || handed === null ? (committed ?? handed) : Math.max(committed, handed);
          follower.after.set(partition, at);
          // a detached generation reads on its own: the shared reads need not go back for it
          if (follower.detached && reading) continue;
          earliest = at === null || earliest === null ? null : Math.min(earliest, at);
        }
        return earliest;
      },
      onBatch: async (batch) => {
        if (batch.length === 0) return;
        const parsed = batch.map((stored) => parseEvent(stored.payload));
        for (const follower of followers) hand(follower, batch, parsed);
        await this.settle(stream, followers);
      },
      onCaughtUp: () => {
        for (const follower of followers) {
          void Promise.all(follower.backlog).then(() => {
            if (!follower.stopped && !follower.detached)
              this.options.onCaughtUp?.(follower.gen.projection.name, stream);
          });
        }
      },
    });
    sub.finished.catch((error: unknown) => {
      for (const follower of followers) {
        if (follower.stopped || follower.detached) continue;
        follower.stopped = true;
        this.stopped(follower.gen.projection.name, stream, error);
      }
    });
    this.subscriptions.push({
      finished: sub.finished,
      // the batches handed out are handled (and committed) before the runner has stopped
      stop: async () => {
        await sub.stop();
        await Promise.all(followers.flatMap((f) => f.backlog));
      },
    });
  }

  /**
   * Waits, after a shared read has handed out a batch, until the reads may go on. Without a named
   * group, until no generation has more than {@link SHARED_BACKLOG} batches yet to handle. In a
   * named group (`sharedGroup`), until every generation has handled the batch: the partitions may
   * move to another process at any batch, and there none may still be being handled here when the
   * other process starts at the checkpoints (as with a generation's own subscription). There, a
   * generation stalled by transient failures (its engine away) while others have handled the batch
   * is detached: the others go on, and it catches up on its own subscription once its batch has
   * committed. While every generation still behind is stalled (the database away), the reads wait.
   */
  private async settle(stream: StreamName, followers: readonly Follower[]): Promise<void> {
    const named = this.options.sharedGroup !== undefined;
    const limit = named ? 0 : SHARED_BACKLOG;
    for (;;) {
      const behind = followers.filter((f) => !f.stopped && !f.detached && f.backlog.length > limit);
      if (behind.length === 0) return;
      if (!named) {
        await behind[0]!.backlog[0];
        continue;
      }
      const moving = behind.filter((f) => f.failing < STALLED_AFTER);
      if (moving.length > 0) {
        await Promise.race(moving.flatMap((f) => [f.backlog[0]!, f.stall.promise]));
        continue;
      }
      if (followers.some((f) => !f.stopped && !f.detached && !behind.includes(f))) {
        for (const follower of behind) this.detach(stream, follower);
        return;
      }
      await Promise.race(behind.map((f) => f.backlog[0]!));
    }
  }

  /** Hands a stalled generation nothing more from the shared reads; once its batches are handled, it reads on its own. */
  private detach(stream: StreamName, follower: Follower): void {
    follower.detached = true;
    const { projection } = follower.gen;
    this.deps.logger.warn(
      { projection: projection.name, stream, failures: follower.failing },
      'projection held up by transient failures; the others go on, it catches up on its own',
    );
    let rejoinable = false;
    this.detaching.push(
      Promise.all([...follower.backlog]).then(async () => {
        if (follower.stopped || this.stopping) return;
        await this.subscribe(follower.gen, stream, () => {
          if (rejoinable) return;
          rejoinable = true;
          this.deps.logger.info({ projection: projection.name, stream }, 'caught up on its own');
          this.options.onRejoinable?.();
        });
      }),
    );
  }

  private stopped(projection: string, stream: StreamName, error: unknown): void {
    this.deps.logger.error({ projection, stream, err: describe(error) }, 'projection stopped');
    this.options.onStopped?.(projection, stream, error);
  }

  /** Finishes the batches under way, commits, and stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
    // a detached generation's own subscription may have started meanwhile
    await Promise.allSettled(this.detaching.splice(0));
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
  }

  /** The last committed position of a projection generation in a stream partition, or null. */
  async checkpoint(gen: ProjectionGeneration, stream: StreamName, partition: number): Promise<number | null> {
    const row = await this.deps.db
      .selectFrom('projection_checkpoints')
      .select('position')
      .where('projection', '=', checkpointName(gen.projection, gen.generation))
      .where('stream', '=', stream)
      .where('partition', '=', partition)
      .executeTakeFirst();
    return row ? Number(row.position) : null;
  }

  /**
   * Handles a batch (`parsed`: its events parsed, in its order, when a shared read has parsed
   * them; `onRetry`: told the number of consecutive transient failures before each back-off, and
   * 0 once what failed has committed).
   */
  private async process(
    gen: ProjectionGeneration,
    batch: readonly StoredEvent[],
    parsedBatch?: readonly ParsedEvent[],
    onRetry?: (failures: number) => void,
  ): Promise<void> {
    const { projection } = gen;
    const valid: PositionedEvent[] = [];
    const dead: DeadLetter[] = [];
    for (const [i, stored] of batch.entries()) {
      const parsed = parsedBatch?.[i] ?? parseEvent(stored.payload);
      if (!parsed.ok) dead.push({ event: stored, reason: parsed.reason });
      else if (projection.handles.includes(parsed.event.type)) {
        valid.push({
          event: parsed.event,
          stream: stored.stream,
          partition: stored.partition,
          position: stored.position,
        });
      }
    }
    const last = batch[batch.length - 1];
    if (!last) return;
    this.options.onCommit?.('begin');
    try {
      await this.withRetry(projection.name, () => this.commit(gen, valid, dead, last), onRetry);
    } catch (error) {
      // The batch as a whole failed for a non-transient reason: isolate the event(s) at fault.
      this.deps.logger.warn(
        { projection: projection.name, err: describe(error) },
        'batch failed; retrying event by event',
      );
      await this.processOneByOne(gen, batch, valid, dead, onRetry);
    } finally {
      this.options.onCommit?.('end');
    }
    this.options.onProgress?.(projection.name, last.stream, last.position, batch.length);
    await this.renewStatisticsAsItGrows(gen, valid.length);
  }

  /**
   * Renews the generation's planner statistics (`refreshStatistics`) once it has handled
   * {@link FIRST_STATISTICS} events since this runner started, and again each time that number
   * has doubled: a handful of `analyze` runs over a replay, each reading a bounded sample. A
   * rebuild fills new, empty tables; planned without statistics (a condition on a column then
   * counts as 0.5 % of the rows), the citation graph's counters joined every edge with every
   * provision of the batch's decisions, 41 million row pairs for one batch of 500, and a rebuild
   * at 10,000 decisions spent 24 of its 91 s in one statement. A failure is logged: the batch is
   * committed, and statistics only make the next ones faster.
   */
  private async renewStatisticsAsItGrows(gen: ProjectionGeneration, handled: number): Promise<void> {
    const { storage } = gen.projection;
    if (!storage.refreshStatistics || handled === 0) return;
    const key = checkpointName(gen.projection, gen.generation);
    const growth = this.growth.get(key) ?? { handled: 0, next: FIRST_STATISTICS, renewing: false };
    this.growth.set(key, growth);
    growth.handled += handled;
    if (growth.handled < growth.next || growth.renewing) return;
    growth.renewing = true;
    growth.next = growth.handled * 2;
    try {
      await storage.refreshStatistics({
        db: this.deps.db,
        base: gen.base,
        schema: gen.schema,
        generation: gen.generation,
      });
    } catch (error) {
      this.deps.logger.warn(
        { projection: gen.projection.name, err: describe(error) },
        'statistics not renewed',
      );
    } finally {
      growth.renewing = false;
    }
  }

  private async processOneByOne(
    gen: ProjectionGeneration,
    batch: readonly StoredEvent[],
    valid: readonly PositionedEvent[],
    dead: readonly DeadLetter[],
    onRetry?: (failures: number) => void,
  ): Promise<void> {
    const validAt = new Map(valid.map((v) => [v.position, v]));
    const deadAt = new Map(dead.map((d) => [d.event.position, d]));
    for (const stored of batch) {
      const event = validAt.get(stored.position);
      const letters = deadAt.has(stored.position) ? [deadAt.get(stored.position)!] : [];
      try {
        // A few plain retries first: a conflict with a concurrent writer succeeds on a second try,
        // and only a failure that persists is the event's own fault.
        await this.withRetry(
          gen.projection.name,
          () => this.retryFew(() => this.commit(gen, event ? [event] : [], letters, stored)),
          onRetry,
        );
      } catch (error) {
        const reason = `handler failed: ${describe(error)}`;
        this.deps.logger.error(
          { projection: gen.projection.name, position: stored.position, reason },
          'event dead-lettered',
        );
        await this.withRetry(
          gen.projection.name,
          () => this.commit(gen, [], [{ event: stored, reason }], stored),
          onRetry,
        );
      }
    }
  }

  private async retryFew<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (isRetriable(error) || attempt >= attempts) throw error;
        await this.sleep(50 * attempt);
      }
    }
  }

  private async withRetry<T>(
    projection: string,
    work: () => Promise<T>,
    onRetry?: (failures: number) => void,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const done = await work();
        if (attempt > 0) onRetry?.(0);
        return done;
      } catch (error) {
        if (!isRetriable(error)) throw error;
        onRetry?.(attempt + 1);
        const delay = Math.min(30_000, 200 * 2 ** Math.min(attempt, 8));
        this.deps.logger.warn(
          { projection, attempt, delay, err: describe(error) },
          'transient failure; backing off',
        );
        await this.sleep(delay);
      }
    }
  }

  private async commit(
    gen: ProjectionGeneration,
    events: readonly PositionedEvent[],
    dead: readonly DeadLetter[],
    last: StoredEvent,
  ): Promise<void> {
    const { projection, generation } = gen;
    const name = checkpointName(projection, generation);
    const now = this.deps.now();
    const letters: DeadLetterRecord[] = dead.map(({ event, reason }) => {
      const payload = event.payload as { eventId?: unknown; type?: unknown } | null;
      return {
        projection: name,
        stream: event.stream,
        partition: event.partition,
        position: event.position,
        eventId: typeof payload?.eventId === 'string' ? payload.eventId : null,
        eventType: typeof payload?.type === 'string' ? payload.type : null,
        reason,
        payload: event.payload ?? null,
        failedAt: now,
      };
    });
    // Before the checkpoint commits: a crash in between publishes the letters again (at least once).
    if (letters.length > 0) await this.deps.deadLetters?.publishDeadLetters(letters);
    await this.deps.db.transaction().execute(async (tx) => {
      // This generation's tables first; the shared tables (checkpoints, dead letters) in the base schema.
      await sql`select set_config('search_path', ${`"${gen.schema}", "${gen.base}"`}, true)`.execute(tx);
      if (events.length > 0) await projection.handle(events, { tx, now, generation });
      if (letters.length > 0) {
        await tx
          .insertInto('dead_letters')
          .values(
            letters.map((l) => ({
              projection: l.projection,
              stream: l.stream,
              partition: l.partition,
              position: l.position,
              event_id: l.eventId,
              event_type: l.eventType,
              reason: l.reason,
              payload: JSON.stringify(l.payload),
              failed_at: l.failedAt,
            })),
          )
          .onConflict((oc) => oc.columns(['projection', 'stream', 'partition', 'position']).doNothing())
          .execute();
      }
      await tx
        .insertInto('projection_checkpoints')
        .values({
          projection: name,
          stream: last.stream,
          partition: last.partition,
          position: last.position,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['projection', 'stream', 'partition']).doUpdateSet({
            position: sql`greatest(projection_checkpoints.position, excluded.position)`,
            updated_at: now,
          }),
        )
        .execute();
    });
  }
}
