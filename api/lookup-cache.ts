import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { Database } from '../infra/db/database.ts';
import { type Listen, READ_MODELS_CHANNEL, type Subscription } from '../infra/db/notifications.ts';
import { readModelState } from './queries/read-model-state.query.ts';

/**
 * One read shared by concurrent callers: a caller joins a read that has not started yet, never
 * one already under way, so every caller gets a value read after its call began.
 */
export class SharedRead<T> {
  private running: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  /** A value read after this call began (shared with the callers that wait for the same read). */
  get(): Promise<T> {
    if (!this.running) return this.start();
    const after = () => {
      this.queued = null;
      return this.start();
    };
    this.queued ??= this.running.then(after, after);
    return this.queued;
  }

  private start(): Promise<T> {
    const read = this.read();
    this.running = read;
    const clear = () => {
      if (this.running === read) this.running = null;
    };
    read.then(clear, clear);
    return read;
  }
}

/**
 * Where the read models stand: a string that differs whenever they differ, or null while a change
 * may be committing (nothing read then may be kept).
 */
export interface ReadModelStateSource {
  /** The current state; a value obtained after this call began. */
  current(): Promise<string | null> | string | null;
}

const stateReaders = new WeakMap<Database, ReadModelStateSource>();

/**
 * The state source of an API: the in-process one its composition root gives (embedded mode), else
 * {@link readModelState} read from the database, one read shared by concurrent requests (one
 * reader per database and process).
 */
export function readModelStateOf(deps: {
  readonly db: Database;
  readonly readModelState?: ReadModelStateSource;
}): ReadModelStateSource {
  if (deps.readModelState) return deps.readModelState;
  let reader = stateReaders.get(deps.db);
  if (!reader) {
    const shared = new SharedRead(() => readModelState(deps.db));
    reader = { current: () => shared.get() };
    stateReaders.set(deps.db, reader);
  }
  return reader;
}

/**
 * The state of read models that only this process's projector writes: a counter moved before a
 * batch begins and again after it ends, and null in between.
 */
export class InProcessReadModelState implements ReadModelStateSource {
  private version = 0;
  private committing = 0;

  /** The projector's hook around each batch (RunnerOptions.onCommit). */
  readonly onCommit = (phase: 'begin' | 'end'): void => {
    this.version++;
    this.committing += phase === 'begin' ? 1 : -1;
  };

  current(): string | null {
    return this.committing > 0 ? null : String(this.version);
  }
}

/**
 * The state of read models that other processes write (postgres and distributed modes), told by
 * the database: every commit that moves a projection checkpoint or a generation notifies the
 * schema's channel (migration 008), and the state moves with each notification. While the
 * listener is not connected (at start, after a lost connection until it is back) the state is
 * read from the database per request instead, so nothing is kept across a gap in which a
 * notification could have been missed; every reconnection starts a new epoch.
 *
 * A lookup is then served without a database round trip; a version committed reaches it when the
 * notification does (on commit, usually within a millisecond), not before.
 */
export class NotifiedReadModelState implements ReadModelStateSource {
  private epoch = 0;
  private version = 0;
  private listening = false;
  private readonly subscription: Subscription;

  constructor(
    listen: Listen,
    private readonly fallback: ReadModelStateSource,
    onLost: (error: Error) => void = () => {},
  ) {
    this.subscription = listen(READ_MODELS_CHANNEL, {
      listening: () => {
        this.epoch++;
        this.listening = true;
      },
      notified: () => {
        this.version++;
      },
      lost: (error) => {
        this.listening = false;
        onLost(error);
      },
    });
  }

  current(): Promise<string | null> | string | null {
    return this.listening ? `notified ${this.epoch}.${this.version}` : this.fallback.current();
  }

  async close(): Promise<void> {
    this.listening = false;
    await this.subscription.close();
  }
}

const entryOf = (state: string, serialised: string): Entry => {
  const body = Buffer.from(serialised);
  return { state, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
};

interface Entry {
  readonly state: string;
  /** UTF-8 once, not per response. */
  readonly body: Buffer;
  readonly etag: string;
}

/** What a lookup answers: 200 with a body (kept), or another status with its body (not kept). */
export interface LookupOutcome {
  readonly status: number;
  readonly body: unknown;
}

/**
 * Serialised 200 bodies of lookups that answer the same for a given state of the read models
 * (`/decisions/{id}`, `/cite`, `/laws/{abbreviation}`, `/leading-cases` for a given topic
 * context), keyed by request URL and variant (the day, and whatever else the body depends on that
 * the read models' state does not tell), kept while the read models stand where they stood when
 * the body was made. Each request reads that state once (shared with concurrent requests, see
 * {@link SharedRead}), so a version or withdrawal just projected is served at once. Least recently used bodies go first beyond `maxBytes`; every body
 * carries an ETag, and a matching `If-None-Match` is answered 304.
 */
export class LookupCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly state: ReadModelStateSource,
    private readonly maxBytes: number,
  ) {}

  /**
   * Answers `request` from the cache, or from `compute` (and keeps a 200 body). `variant`: the
   * day, with anything else the body depends on besides the URL and the read models' state.
   */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    variant: string,
    compute: () => Promise<LookupOutcome>,
  ): Promise<FastifyReply> {
    // Read before the lookup: the body is at least as new as the state it is kept under.
    const state = await this.state.current();
    const key = `${variant} ${request.url}`;
    let entry = this.entries.get(key);
    if (state === null) {
      // The read models are changing: answer from them, keep nothing.
      const outcome = await compute();
      if (outcome.status !== 200) return reply.status(outcome.status).send(outcome.body);
      entry = entryOf('', reply.status(200).serialize(outcome.body) as string);
    } else if (entry && entry.state === state) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, entry);
    } else {
      const outcome = await compute();
      if (outcome.status !== 200) return reply.status(outcome.status).send(outcome.body);
      entry = entryOf(state, reply.status(200).serialize(outcome.body) as string);
      this.keep(key, entry);
    }
    reply.header('etag', entry.etag).type('application/json; charset=utf-8');
    if (fresh(request.headers, { etag: entry.etag })) return reply.status(304).send();
    return reply.send(entry.body);
  }

  private keep(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    if (entry.body.length > this.maxBytes / 8) return; // one huge body would push out all others
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.body.length;
    }
  }
}
