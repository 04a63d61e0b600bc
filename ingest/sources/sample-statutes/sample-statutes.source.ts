import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventSource } from '../../event-source.port.ts';
import { DirectoryMirror } from '../../http/directory-mirror.ts';
import { CantonalTextSource } from '../lexfind/cantonal-text.source.ts';
import { LexfindCatalogue } from '../lexfind/lexfind-catalogue.client.ts';
import { LexfindCatalogueSource } from '../lexfind/lexfind.source.ts';
import { FedlexSource } from '../fedlex/fedlex.source.ts';
import { RecordedSparqlResults } from '../fedlex/fedlex-sparql.client.ts';
import { FedlexMaterialsSource } from '../fedlex-materials/fedlex-materials.source.ts';
import { RecordedGazetteListing } from '../fedlex-materials/gazette-listing.client.ts';
import { generateSampleMaterials, SAMPLE_MATERIALS_LISTING_URL } from './sample-materials.generator.ts';
import { generateSampleStatutes, SAMPLE_SPARQL_RESULTS_URL } from './sample-statutes.generator.ts';

/** Bumped whenever the generator's output changes, so that old samples are regenerated. */
export const SAMPLE_STATUTES_VERSION = 2;

export interface SampleStatuteSources {
  /** The legislation catalogue (LexFind-shaped JSON). */
  readonly catalogue: EventSource;
  /** Federal acts (recorded SPARQL listing + Akoma Ntoso files). */
  readonly fedlex: EventSource;
  /** Cantonal texts (portal pages named by the catalogue). */
  readonly cantonal: EventSource;
  /** Preparatory materials (recorded SPARQL listing + Akoma Ntoso gazette documents). */
  readonly materials: EventSource;
  /** All four, in the order to run them. */
  readonly all: readonly EventSource[];
}

/** Source names of the sample statute sources (ingest state and health). */
export const SAMPLE_STATUTE_SOURCE_NAMES = {
  catalogue: 'sample-lexfind',
  fedlex: 'sample-fedlex',
  cantonal: 'sample-cantonal',
  materials: 'sample-materials',
} as const;

async function upToDate(marker: string): Promise<boolean> {
  try {
    const m = JSON.parse(await readFile(marker, 'utf8')) as { version?: unknown; complete?: unknown };
    return m.version === SAMPLE_STATUTES_VERSION && m.complete === true;
  } catch {
    return false;
  }
}

/**
 * The sample statute sources over a mirror in `dir` (generated once; again when the generator
 * version changes). The real parsers read the files: Akoma Ntoso, SPARQL JSON, LexFind JSON and
 * the cantonal portal pages.
 */
export async function createSampleStatuteSources(options: { dir: string }): Promise<SampleStatuteSources> {
  const marker = join(options.dir, '.sample-statutes.json');
  if (!(await upToDate(marker))) {
    await rm(join(options.dir, 'mirror'), { recursive: true, force: true });
    await mkdir(options.dir, { recursive: true });
    await writeFile(marker, JSON.stringify({ version: SAMPLE_STATUTES_VERSION, complete: false }), 'utf8');
    await generateSampleStatutes(join(options.dir, 'mirror'));
    await generateSampleMaterials(join(options.dir, 'mirror'));
    await writeFile(marker, JSON.stringify({ version: SAMPLE_STATUTES_VERSION, complete: true }), 'utf8');
  }
  return sampleStatuteSourcesAt(join(options.dir, 'mirror'));
}

/** The four sources over an existing mirror. */
export function sampleStatuteSourcesAt(mirrorDir: string): SampleStatuteSources {
  const mirror = new DirectoryMirror(mirrorDir);
  const lexfind = new LexfindCatalogue(mirror);
  const catalogue = new LexfindCatalogueSource(lexfind, SAMPLE_STATUTE_SOURCE_NAMES.catalogue);
  const fedlex = new FedlexSource({
    name: SAMPLE_STATUTE_SOURCE_NAMES.fedlex,
    lister: new RecordedSparqlResults(mirror, SAMPLE_SPARQL_RESULTS_URL),
    http: mirror,
  });
  const cantonal = new CantonalTextSource(lexfind, mirror, SAMPLE_STATUTE_SOURCE_NAMES.cantonal);
  const materials = new FedlexMaterialsSource({
    name: SAMPLE_STATUTE_SOURCE_NAMES.materials,
    lister: new RecordedGazetteListing(mirror, SAMPLE_MATERIALS_LISTING_URL),
    http: mirror,
    sample: true,
  });
  return { catalogue, fedlex, cantonal, materials, all: [catalogue, fedlex, cantonal, materials] };
}
