import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DecisionSource } from '../../source.port.ts';
import { EntscheidsucheDirectorySource } from '../entscheidsuche/entscheidsuche.source.ts';
import { generateSampleCorpus, SAMPLE_DEFAULTS } from './sample-generator.ts';

/** Bumped whenever the generator's output changes, so that old corpora are regenerated. */
export const SAMPLE_GENERATOR_VERSION = 2;

export interface SampleSourceOptions {
  readonly dir: string;
  readonly size?: number;
  readonly seed?: number;
  readonly today?: string;
  readonly onProgress?: (done: number, total: number) => void;
}

interface Marker {
  readonly size: number;
  readonly seed: number;
  readonly today: string;
  readonly version: number;
  readonly complete: boolean;
}

async function readMarker(path: string): Promise<Marker | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Marker;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // An unreadable marker is ours but broken: regenerate.
    return { size: -1, seed: -1, today: '', version: -1, complete: false };
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

/**
 * The `sample` source: a synthetic corpus generated into `dir` (once; again when size, seed or the
 * generator version change, as recorded in `{dir}/.sample.json`), read back through the
 * entscheidsuche directory source so that the real parsing path runs. A `docs/` folder without the
 * marker is not ours and is never deleted.
 */
export async function createSampleSource(options: SampleSourceOptions): Promise<DecisionSource> {
  const size = options.size ?? SAMPLE_DEFAULTS.size;
  const seed = options.seed ?? SAMPLE_DEFAULTS.seed;
  const today = options.today ?? SAMPLE_DEFAULTS.today;
  const markerPath = join(options.dir, '.sample.json');
  const wanted: Marker = { size, seed, today, version: SAMPLE_GENERATOR_VERSION, complete: true };
  const marker = await readMarker(markerPath);
  const docs = join(options.dir, 'docs');
  const upToDate =
    marker !== null &&
    marker.complete &&
    marker.size === size &&
    marker.seed === seed &&
    marker.today === today &&
    marker.version === SAMPLE_GENERATOR_VERSION;
  if (!upToDate || !(await exists(docs))) {
    if (marker === null && (await exists(docs))) {
      throw new Error(
        `${docs} exists but was not generated as a sample corpus (no ${markerPath}); refusing to replace it`,
      );
    }
    await rm(docs, { recursive: true, force: true });
    await mkdir(options.dir, { recursive: true });
    // Written before generating: an interrupted run leaves an incomplete marker, so the next start regenerates.
    await writeFile(markerPath, JSON.stringify({ ...wanted, complete: false }), 'utf8');
    await generateSampleCorpus({
      dir: options.dir,
      size,
      seed,
      today,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    await writeFile(markerPath, JSON.stringify(wanted), 'utf8');
  }
  return new EntscheidsucheDirectorySource({ root: options.dir, name: 'sample' });
}
