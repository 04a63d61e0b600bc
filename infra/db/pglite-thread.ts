import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { StatementResult, StatementRunner } from './pglite-dialect.ts';
import type { PgliteOptions } from './pglite-instance.ts';
import type { ThreadError, ThreadReply, ThreadRequest } from './pglite-worker.ts';

/**
 * The worker's module: `dist/infra/db/pglite-worker.mjs` when run from a bundle (`npm run build`
 * makes it an entry point of its own; this code is inlined into each deployable's bundle). Run
 * from source (tests, tsx), it is bundled here once per process with esbuild, as the build would,
 * next to the project's packages: a worker thread does not inherit the module hooks that load
 * TypeScript in its parent.
 */
async function workerModule(): Promise<URL> {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return (sourceWorker ??= bundledFromSource(new URL('./pglite-worker.ts', here)));
  return pathToFileURL(join(projectFolder(), 'dist', 'infra', 'db', 'pglite-worker.mjs'));
}

/** The project's folder: above `infra/db` from source, above `dist` from a bundle. */
function projectFolder(): string {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return fileURLToPath(new URL('../../', here));
  let dir = dirname(fileURLToPath(here));
  while (basename(dir) !== 'dist') {
    const up = dirname(dir);
    if (up === dir) throw new Error(`DB_THREAD_MISSING: no dist folder above ${fileURLToPath(here)}`);
    dir = up;
  }
  return dirname(dir);
}

/**
 * Where in-memory databases keep their template (`PgliteOptions.template`): next to the project's
 * packages, one file per PGlite version (another version creates its clusters differently). None
 * when the installed PGlite's manifest cannot be read there.
 */
export function inMemoryTemplate(): Promise<string | undefined> {
  return (templatePath ??= templateOfInstalledPglite());
}

/** The template's path, read once per process (the installed PGlite does not change under it). */
let templatePath: Promise<string | undefined> | undefined;

async function templateOfInstalledPglite(): Promise<string | undefined> {
  const packages = join(projectFolder(), 'node_modules');
  const manifest = await readFile(join(packages, '@electric-sql', 'pglite', 'package.json'), 'utf8').catch(
    () => null,
  );
  const version = manifest ? (JSON.parse(manifest) as { version?: unknown }).version : undefined;
  return typeof version === 'string'
    ? join(packages, '.cache', 'pglite-template', `pglite-${version}.tar`)
    : undefined;
}

let sourceWorker: Promise<URL> | undefined;

/** How old another bundle of the worker in the cache is before it is removed (see `bundledFromSource`). */
const STALE_BUNDLE_MS = 60 * 60 * 1000;

/**
 * The worker bundled from `entry` with esbuild, as the build would, into `folder` (the project's
 * cache), named by its content: processes of the same source share one file, written whole under a
 * name of its own (a part) and renamed into place, so that a process starting meanwhile never
 * reads half of it, and a process killed leaves nothing behind. Other files there older than an
 * hour (bundles of an earlier source, parts of a process killed while writing) are removed: a
 * worker reads its module when it starts.
 */
export async function bundledFromSource(
  entry: URL,
  folder = join(projectFolder(), 'node_modules', '.cache', 'pglite-worker'),
): Promise<URL> {
  const { build } = await import('esbuild');
  await mkdir(folder, { recursive: true });
  const built = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: join(folder, 'pglite-worker.mjs'),
    write: false,
    logLevel: 'warning',
  });
  const code = built.outputFiles[0]!.contents;
  const name = `pglite-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = join(folder, name);
  if (!existsSync(file)) {
    const part = `${file}.${randomUUID()}.part`;
    await writeFile(part, code);
    await rename(part, file);
  }
  const now = Date.now();
  for (const other of await readdir(folder)) {
    if (other === name) continue;
    const path = join(folder, other);
    const made = await stat(path).then(
      (found) => found.mtimeMs,
      () => now,
    );
    if (now - made > STALE_BUNDLE_MS) await rm(path, { force: true }).catch(() => undefined);
  }
  return pathToFileURL(file);
}

/** An error of the database's thread, as thrown here: its message, name and fields (code …). */
function errorOf(error: ThreadError): Error {
  const thrown = Object.assign(new Error(error.message), error.fields);
  thrown.name = error.name;
  if (error.stack) thrown.stack = error.stack;
  return thrown;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * The embedded database in a thread of its own (`pglite-worker.ts`): statements go to it one
 * message each and their rows come back. PostgreSQL's work in WebAssembly then no longer holds up
 * the service's thread, which answers HTTP, serialises JSON and ranks meanwhile; on the
 * 3,000-decision sample at 8 clients a search spent about 60 % of the process's time in the
 * database (README, "Benchmarks"). The worker is unreferenced while nothing waits on it, so an
 * open instance keeps no process alive by itself, as PGlite in this thread did not.
 */
export class PgliteThread implements StatementRunner {
  private next = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  /** Why the thread cannot answer any more (it exited or was closed). */
  private ended: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ThreadReply) => this.received(reply));
    worker.on('error', (error) => this.end(error));
    worker.on('exit', (code) =>
      this.end(new Error(`DB_THREAD_EXITED: the embedded database's thread exited (code ${code})`)),
    );
    worker.unref();
  }

  /** Starts the thread and the database in it (created and set up, not migrated). */
  static async start(options: PgliteOptions): Promise<PgliteThread> {
    const worker = new Worker(await workerModule(), { workerData: options });
    const started = await new Promise<ThreadError | null>((resolve, reject) => {
      const early = (error: Error) => reject(error);
      const exited = (code: number) =>
        reject(
          new Error(`DB_THREAD_EXITED: the embedded database's thread exited (code ${code}) while starting`),
        );
      worker.once('error', early);
      worker.once('exit', exited);
      worker.once('message', (reply: ThreadReply) => {
        worker.off('error', early);
        worker.off('exit', exited);
        if (reply.op === 'started') resolve(null);
        else if (reply.op === 'failed') resolve(reply.error);
        else reject(new Error(`DB_THREAD_PROTOCOL: '${reply.op}' before the thread started`));
      });
    });
    if (started) {
      await worker.terminate();
      throw errorOf(started);
    }
    return new PgliteThread(worker);
  }

  /** Requests sent and not answered yet (while there are any, the worker keeps the process alive). */
  get waiting(): number {
    return this.pending.size;
  }

  /** Statements of several connections go to the thread as they come (see `pglite-worker.ts`). */
  readonly interleaves = true;

  run<R>(
    text: string,
    params: readonly unknown[],
    connection = 0,
    held = false,
  ): Promise<StatementResult<R>> {
    return this.request({ op: 'run', text, params, connection, held }) as Promise<StatementResult<R>>;
  }

  async release(connection: number): Promise<void> {
    await this.request({ op: 'release', connection });
  }

  /** Runs one statement without parameters (as {@link run} does, outside any transaction). */
  query<R>(text: string): Promise<StatementResult<R>> {
    return this.run<R>(text, [], 0);
  }

  /** Listens on `channel` (a name as given, not quoted); gives what stops listening. */
  async listen(channel: string, notified: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = (await this.request({ op: 'listen', channel })) as number;
    this.listeners.set(listener, notified);
    return async () => {
      if (!this.listeners.delete(listener) || this.ended) return;
      await this.request({ op: 'unlisten', listener });
    };
  }

  /** Closes the database (its data written) and ends the thread. */
  async close(): Promise<void> {
    if (this.ended) return;
    try {
      await this.request({ op: 'close' });
    } finally {
      this.end(new Error('DB_CLOSED: the embedded database is closed'));
      await this.worker.terminate();
    }
  }

  private request(message: DistributiveOmit<ThreadRequest, 'id'>): Promise<unknown> {
    if (this.ended) return Promise.reject(this.ended);
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      // Posted before it is registered: a value that cannot be cloned throws here and rejects
      // the call without leaving it pending (and the worker referenced). The reply comes on a
      // later turn of the event loop, after the registration.
      this.worker.postMessage({ ...message, id });
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
    });
  }

  private received(reply: ThreadReply): void {
    if (reply.op === 'notification') {
      this.listeners.get(reply.listener)?.(reply.payload);
      return;
    }
    if (reply.op !== 'done' && reply.op !== 'error') return;
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.op === 'done') waiting.resolve(reply.value);
    else waiting.reject(errorOf(reply.error));
  }

  private end(error: Error): void {
    if (this.ended) return;
    this.ended = error;
    this.listeners.clear();
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
