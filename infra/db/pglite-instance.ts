import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { threadId } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { TYPE_PARSERS } from './type-parsers.ts';

export interface PgliteOptions {
  /** Folder for the data files; null keeps everything in memory. */
  readonly dataDir: string | null;
  /**
   * PostgreSQL's `shared_buffers` (e.g. `32MB`), default PGlite's 128 MB. The buffers are part of
   * the WebAssembly memory from the start, and pages beyond them are read again through the
   * operating system's cache.
   */
  readonly sharedBuffers?: string;
  /**
   * In-memory databases only: a file holding a freshly created cluster (PGlite's `dumpDataDir`,
   * made before any statement ran in it) to start from instead of creating one. Creating a
   * cluster (initdb) takes about 2 s, loading the file in a new thread about 0.8 s; the file is
   * written by the first database created without it (or when it cannot be read), for the next.
   */
  readonly template?: string;
}

/** Creates the embedded PostgreSQL in WASM with the service's type parsers (not yet migrated). */
export async function createPglite(options: PgliteOptions): Promise<PGlite> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const settings: PGliteOptions = {
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }
      : {}),
    parsers: TYPE_PARSERS,
  };
  if (options.dataDir === null && options.template) return fromTemplate(options.template, settings);
  return PGlite.create(settings);
}

/**
 * An in-memory cluster loaded from the template file, or created and then kept there. The
 * template only saves time: one that cannot be read (missing, cut short) is made again, and one
 * that cannot be written (a read-only folder) is not kept, every database then creating its own.
 */
async function fromTemplate(template: string, settings: PGliteOptions): Promise<PGlite> {
  const kept = await readFile(template).catch(() => null);
  if (kept) {
    try {
      return await PGlite.create({ ...settings, loadDataDir: new Blob([kept]) });
    } catch {
      // made again below
    }
  }
  const pg = await PGlite.create(settings);
  await keepTemplate(pg, template).catch(() => undefined);
  return pg;
}

/** Writes a new cluster's files to the template, whole or not at all (written aside, then renamed). */
async function keepTemplate(pg: PGlite, template: string): Promise<void> {
  const dump = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
  await mkdir(dirname(template), { recursive: true });
  const aside = `${template}.${process.pid}-${threadId}.part`;
  try {
    await writeFile(aside, dump);
    await rename(aside, template);
  } finally {
    await rm(aside, { force: true });
  }
}
