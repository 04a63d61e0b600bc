import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { Database } from '../infra/db/database.ts';
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

const stateReaders = new WeakMap<Database, SharedRead<string>>();

/** The shared reader of {@link readModelState} for a database (one per database and process). */
export function readModelStateOf(db: Database): SharedRead<string> {
  let reader = stateReaders.get(db);
  if (!reader) {
    reader = new SharedRead(() => readModelState(db));
    stateReaders.set(db, reader);
  }
  return reader;
}

interface Entry {
  readonly state: string;
  readonly body: string;
  readonly etag: string;
}

/** What a lookup answers: 200 with a body (kept), or another status with its body (not kept). */
export interface LookupOutcome {
  readonly status: number;
  readonly body: unknown;
}

/**
 * Serialised 200 bodies of lookups that answer the same for a given state of the read models
 * (`/decisions/{id}`, `/cite`, `/laws/{abbreviation}`), keyed by request URL and day, kept while
 * the read models stand where they stood when the body was made. Each request reads that state
 * once (shared with concurrent requests, see {@link SharedRead}), so a version or withdrawal just
 * projected is served at once. Least recently used bodies go first beyond `maxBytes`; every body
 * carries an ETag, and a matching `If-None-Match` is answered 304.
 */
export class LookupCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly state: SharedRead<string>,
    private readonly maxBytes: number,
  ) {}

  /** Answers `request` from the cache, or from `compute` (and keeps a 200 body). */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    day: string,
    compute: () => Promise<LookupOutcome>,
  ): Promise<FastifyReply> {
    // Read before the lookup: the body is at least as new as the state it is kept under.
    const state = await this.state.get();
    const key = `${day} ${request.url}`;
    let entry = this.entries.get(key);
    if (entry && entry.state === state) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, entry);
    } else {
      const outcome = await compute();
      if (outcome.status !== 200) return reply.status(outcome.status).send(outcome.body);
      const body = reply.status(200).serialize(outcome.body) as string;
      entry = { state, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
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
