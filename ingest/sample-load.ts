/**
 * The sample load of the embedded mode's start: the generated decisions, then the sample statutes
 * and legislation catalogue. A source counts as loaded only once a run has read it to the end (the
 * ingest state's completion mark), so a start that was interrupted part way resumes on the next
 * one: the runner skips what the data folder already holds and publishes the rest.
 */
import type { ScraperRun } from '../contracts/events/index.ts';
import type { EventSource } from './event-source.port.ts';
import { type IngestDeps, runEventSource, runSource } from './ingest-runner.ts';
import type { DecisionSource } from './source.port.ts';
import { createSampleSource } from './sources/sample/sample.source.ts';
import {
  createSampleStatuteSources,
  SAMPLE_STATUTE_SOURCE_NAMES,
} from './sources/sample-statutes/sample-statutes.source.ts';
import {
  createSampleCommentarySource,
  SAMPLE_COMMENTARY_SOURCE_NAME,
} from './sources/onlinekommentar/sample-commentaries.ts';
import { join } from 'node:path';

/** The progress of one step on the console. */
export interface StepProgress {
  update(done: number, total?: number | null): void;
  finish(summary?: string): void;
}

/** Where the sample load says what it does. */
export interface LoadReport {
  say(line: string): void;
  progress(label: string, total: number | null): StepProgress;
}

/** The sample sources, created when needed (creating them generates the files on first use). */
export interface SampleSources {
  readonly decisions: {
    readonly name: string;
    /** Said before the source is created, e.g. `sample corpus (…) in … …`. */
    readonly intro: string;
    readonly size: number;
    create(onProgress: (done: number, total: number) => void): Promise<DecisionSource>;
  };
  readonly statutes: {
    /** Source names, in the order the sources run. */
    readonly names: readonly string[];
    readonly intro: string;
    create(): Promise<readonly EventSource[]>;
  };
}

/** The generated sample in the data folder: decisions in `sampleDir`, statutes in `statutesDir`. */
export function generatedSampleSources(options: {
  readonly sampleDir: string;
  readonly statutesDir: string;
  readonly size: number;
  readonly seed: number;
}): SampleSources {
  return {
    decisions: {
      name: 'sample',
      intro: `sample corpus (${options.size} decisions, seed ${options.seed}) in ${options.sampleDir} …`,
      size: options.size,
      create: (onProgress) =>
        createSampleSource({ dir: options.sampleDir, size: options.size, seed: options.seed, onProgress }),
    },
    statutes: {
      names: [
        SAMPLE_STATUTE_SOURCE_NAMES.catalogue,
        SAMPLE_STATUTE_SOURCE_NAMES.fedlex,
        SAMPLE_STATUTE_SOURCE_NAMES.cantonal,
        SAMPLE_STATUTE_SOURCE_NAMES.materials,
        SAMPLE_COMMENTARY_SOURCE_NAME,
      ],
      intro: `sample statutes, legislation catalogue, preparatory materials and commentaries in ${options.statutesDir} …`,
      create: async () => [
        ...(await createSampleStatuteSources({ dir: options.statutesDir })).all,
        await createSampleCommentarySource({ dir: join(options.statutesDir, 'commentaries') }),
      ],
    },
  };
}

export interface SampleLoadOptions {
  /** `auto`: load what is not loaded yet; `always`: run every sample source again; `never`. */
  readonly mode: 'auto' | 'always' | 'never';
  /** Stops the load after the current batch (the next start resumes). */
  readonly signal?: AbortSignal;
}

export interface SampleLoadResult {
  /** Whether any source ran (new events may need projecting; a bulk load wants optimising). */
  readonly ran: boolean;
  /** Whether the signal stopped the load before every source was read to the end. */
  readonly interrupted: boolean;
}

function summary(label: string, run: ScraperRun): string {
  const withdrawn = run.decisions_withdrawn ? `, ${run.decisions_withdrawn} withdrawn` : '';
  return `${label}: ${run.items_seen} items, ${run.decisions_added} new, ${run.decisions_updated} updated${withdrawn}, ${run.items_failed} failed`;
}

/**
 * Runs one source with its progress line; the line is closed whatever the outcome. `total` may be
 * a function for a source that learns its size as it goes (asked at every progress update).
 */
export async function runWithProgress(
  label: string,
  total: number | null | (() => number | null),
  report: Pick<LoadReport, 'progress'>,
  run: (onProgress: (seen: number) => void) => Promise<ScraperRun>,
): Promise<ScraperRun> {
  const size = typeof total === 'function' ? total : null;
  const progress = report.progress(label, size ? size() : (total as number | null));
  try {
    const result = await run((seen) => (size ? progress.update(seen, size()) : progress.update(seen)));
    progress.finish(
      result.success ? summary(label, result) : `${summary(label, result)} (stopped before the end)`,
    );
    return result;
  } catch (error) {
    progress.finish(`${label}: stopped by an error`);
    throw error;
  }
}

async function loadDecisions(
  sources: SampleSources,
  options: SampleLoadOptions,
  deps: IngestDeps,
  report: LoadReport,
): Promise<'ran' | 'skipped' | 'interrupted'> {
  const { name, size } = sources.decisions;
  const held = await deps.state.count(name);
  if (options.mode === 'never') {
    report.say(`INGEST_ON_START=never: ${held} ingested sample decisions, none added`);
    return 'skipped';
  }
  if (options.mode === 'auto') {
    if ((await deps.state.lastComplete(name)) !== null) {
      report.say(`reusing ${held} ingested sample decisions (INGEST_ON_START=always to re-ingest)`);
      return 'skipped';
    }
    if (held > 0) report.say(`resuming the sample load: ${held} of ${size} held`);
    else {
      // A data folder filled by `npm run start:ingest` from another source (a mirror of the portal)
      // is served as it is: the generated sample goes only into a folder without decisions.
      const other = await deps.log.countAfter('decisions', new Map());
      if (other > 0) {
        report.say(
          `serving ${other} ingested decisions; the sample corpus is not added (INGEST_ON_START=always adds it)`,
        );
        return 'skipped';
      }
    }
  }
  report.say(sources.decisions.intro);
  let generating = undefined as StepProgress | undefined;
  const source = await sources.decisions.create((done, total) => {
    generating ??= report.progress('generating the corpus', total);
    generating.update(done, total);
  });
  generating?.finish();
  const run = await runWithProgress('ingest', size, report, (onProgress) =>
    runSource(source, deps, {
      progressEvery: 25,
      onProgress,
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
  return run.success ? 'ran' : 'interrupted';
}

async function loadStatutes(
  sources: SampleSources,
  options: SampleLoadOptions,
  deps: IngestDeps,
  report: LoadReport,
): Promise<'ran' | 'skipped' | 'interrupted'> {
  const status = await Promise.all(
    sources.statutes.names.map(async (name) => ({
      name,
      held: await deps.state.count(name),
      complete: (await deps.state.lastComplete(name)) !== null,
    })),
  );
  const heldLine = status.map((s) => `${s.name} ${s.held}`).join(', ');
  if (options.mode === 'never') {
    report.say(`INGEST_ON_START=never: sample statutes held: ${heldLine}`);
    return 'skipped';
  }
  // Checked on their own (not with the decisions): a data folder from before the statute sample,
  // or one filled from a portal mirror, gets the statutes on its next start.
  const wanted = new Set(status.filter((s) => options.mode === 'always' || !s.complete).map((s) => s.name));
  if (wanted.size === 0) {
    report.say(`reusing the ingested sample statutes and catalogue (${heldLine})`);
    return 'skipped';
  }
  const partial = status.filter((s) => wanted.has(s.name) && s.held > 0);
  if (options.mode === 'auto' && partial.length > 0)
    report.say(`resuming the sample statutes: ${partial.map((s) => `${s.name} ${s.held} held`).join(', ')}`);
  report.say(sources.statutes.intro);
  for (const source of await sources.statutes.create()) {
    if (!wanted.has(source.name)) continue;
    if (options.signal?.aborted) return 'interrupted';
    const run = await runWithProgress(`ingest ${source.name}`, null, report, (onProgress) =>
      runEventSource(source, deps, {
        progressEvery: 10,
        onProgress,
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    );
    if (!run.success) return 'interrupted';
  }
  return 'ran';
}

/** Loads what the data folder lacks of the sample (see the module comment). */
export async function loadSamples(
  sources: SampleSources,
  options: SampleLoadOptions,
  deps: IngestDeps,
  report: LoadReport,
): Promise<SampleLoadResult> {
  const decisions = await loadDecisions(sources, options, deps, report);
  if (decisions === 'interrupted' || options.signal?.aborted)
    return { ran: decisions !== 'skipped', interrupted: true };
  const statutes = await loadStatutes(sources, options, deps, report);
  return {
    ran: decisions !== 'skipped' || statutes !== 'skipped',
    interrupted: statutes === 'interrupted',
  };
}
