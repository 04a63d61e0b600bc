import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
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
}

/** Creates the embedded PostgreSQL in WASM with the service's type parsers (not yet migrated). */
export async function createPglite(options: PgliteOptions): Promise<PGlite> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }
      : {}),
    parsers: TYPE_PARSERS,
  });
}
