/**
 * The embedded database's own thread (see `pglite-thread.ts`): it holds the PGlite instance and
 * runs the statements the service's thread sends, one message each, so that PostgreSQL's work in
 * WebAssembly and the service's own (HTTP, JSON, ranking) use two cores.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, type PgliteOptions } from './pglite-instance.ts';
import { startPgliteSession, statementRunner } from './pglite-dialect.ts';

/** A request of the service's thread. */
export type ThreadRequest =
  | {
      readonly id: number;
      readonly op: 'run';
      readonly text: string;
      readonly params: readonly unknown[];
      /** The kysely connection it runs for (its transaction keeps the others' statements out). */
      readonly connection: number;
      /** Not the connection's first statement: the connection has the session until released. */
      readonly held: boolean;
    }
  | { readonly id: number; readonly op: 'release'; readonly connection: number }
  | { readonly id: number; readonly op: 'listen'; readonly channel: string }
  | { readonly id: number; readonly op: 'unlisten'; readonly listener: number }
  | { readonly id: number; readonly op: 'close' };

/** An error as it crosses the threads: its message, name and PostgreSQL's fields (code, detail …). */
export interface ThreadError {
  readonly message: string;
  readonly name: string;
  readonly stack?: string;
  readonly fields: Record<string, string | number | boolean>;
}

/** What the database's thread posts. */
export type ThreadReply =
  | { readonly op: 'started' }
  | { readonly op: 'failed'; readonly error: ThreadError }
  | { readonly op: 'done'; readonly id: number; readonly value: unknown }
  | { readonly op: 'error'; readonly id: number; readonly error: ThreadError }
  | { readonly op: 'notification'; readonly listener: number; readonly payload: string };

/** An error's message, name and primitive own fields (PGlite's database errors carry code, detail …). */
export function threadErrorOf(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { message: error.message, name: error.name, ...(error.stack ? { stack: error.stack } : {}), fields };
}

async function serve(port: NonNullable<typeof parentPort>, options: PgliteOptions): Promise<void> {
  let pg: PGlite;
  try {
    pg = await createPglite(options);
    await startPgliteSession(pg);
  } catch (error) {
    port.postMessage({ op: 'failed', error: threadErrorOf(error) } satisfies ThreadReply);
    return;
  }
  const runner = statementRunner(pg);
  const listeners = new Map<number, () => Promise<void>>();
  const answer = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case 'run': {
        const { rows, affectedRows } = await runner.run(request.text, request.params);
        return affectedRows === undefined ? { rows } : { rows, affectedRows };
      }
      case 'listen': {
        const listener = request.id;
        const stop = await pg.listen(request.channel, (payload) =>
          port.postMessage({ op: 'notification', listener, payload } satisfies ThreadReply),
        );
        listeners.set(listener, stop);
        return listener;
      }
      case 'unlisten': {
        const stop = listeners.get(request.listener);
        listeners.delete(request.listener);
        if (stop) await stop();
        return null;
      }
      case 'release':
        return null;
      case 'close':
        listeners.clear();
        await pg.close();
        return null;
    }
  };
  // One request at a time, in the order they came, except that while a connection has the session
  // (its transaction is open, or it is held for several statements until its release) only that
  // connection's requests run; the rest wait in order.
  const queue: ThreadRequest[] = [];
  let owner: number | null = null;
  let running = false;
  const nextRequest = (): ThreadRequest | undefined => {
    const at =
      owner === null
        ? 0
        : queue.findIndex((r) => (r.op === 'run' || r.op === 'release') && r.connection === owner);
    return at < 0 ? undefined : queue.splice(at, 1)[0];
  };
  const pump = async () => {
    if (running) return;
    running = true;
    for (let request = nextRequest(); request; request = nextRequest()) {
      try {
        const value = await answer(request);
        port.postMessage({ op: 'done', id: request.id, value } satisfies ThreadReply);
      } catch (error) {
        port.postMessage({ op: 'error', id: request.id, error: threadErrorOf(error) } satisfies ThreadReply);
      }
      if (request.op === 'run') owner = request.held || pg.isInTransaction() ? request.connection : null;
      else if (request.op === 'release' && owner === request.connection && !pg.isInTransaction())
        owner = null;
    }
    running = false;
  };
  port.on('message', (request: ThreadRequest) => {
    queue.push(request);
    void pump();
  });
  port.postMessage({ op: 'started' } satisfies ThreadReply);
}

if (parentPort) await serve(parentPort, workerData as PgliteOptions);
