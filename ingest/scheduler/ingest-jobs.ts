import type { ScraperSchedule } from '../../contracts/events/index.ts';
import { STREAM_OF } from '../../contracts/events/index.ts';
import type { EventLog } from '../../infra/event-log/event-log.port.ts';
import { type ConfiguredSource, configuredSources, type SourceSettings } from '../configured-sources.ts';
import type { IngestDeps } from '../ingest-runner.ts';
import { runConfigured } from '../run-configured.ts';
import type { JobOutcome, ScheduledJob } from './source-scheduler.ts';

/** A scheduled ingest job: the sources one `SOURCE` value reads, run in order through the ingest runner. */
export interface IngestJob extends ScheduledJob {
  /** The source names its runs report health under. */
  readonly sourceNames: readonly string[];
}

/**
 * Runs the sources of one `SOURCE` value as `npm run start:ingest` does (each run ends with its
 * ScraperRunCompleted event). Success when every source's run succeeded; a run stopped by the
 * signal is interrupted; a run that throws has already reported itself and fails the job.
 */
export function ingestJob(
  key: string,
  cron: string,
  sources: readonly ConfiguredSource[],
  deps: IngestDeps,
): IngestJob {
  return {
    key,
    cron,
    sourceNames: sources.map((s) => s.source.name),
    async run(signal: AbortSignal): Promise<JobOutcome> {
      let ok = true;
      for (const configured of sources) {
        if (signal.aborted) break;
        const onProgress = (seen: number) =>
          deps.logger.info({ source: configured.source.name, seen }, 'progress');
        const run = await runConfigured(configured, deps, { signal, onProgress });
        ok &&= run.success;
      }
      if (signal.aborted) return 'interrupted';
      return ok ? 'success' : 'failure';
    },
  };
}

/**
 * The jobs of a schedule, their sources built now, so that a setting a source needs (SOURCE_DIR,
 * a bad URL) stops start-up rather than the first run.
 */
export async function ingestJobs(
  schedule: readonly { source: SourceSettings['SOURCE']; cron: string }[],
  settings: Omit<SourceSettings, 'SOURCE'>,
  deps: IngestDeps,
): Promise<IngestJob[]> {
  const jobs: IngestJob[] = [];
  for (const entry of schedule) {
    const sources = await configuredSources({ ...settings, SOURCE: entry.source });
    jobs.push(ingestJob(entry.source, entry.cron, sources, deps));
  }
  return jobs;
}

/** Publishes what the scheduler runs, so that /scraper-health lists scheduled sources that never ran. */
export async function declareSchedule(
  log: Pick<EventLog, 'append'>,
  jobs: readonly IngestJob[],
  timezone: string,
  at: string,
  eventId: string,
): Promise<void> {
  const data: ScraperSchedule = {
    declared_at: at,
    timezone,
    jobs: jobs.map((job) => ({ schedule_key: job.key, cron: job.cron, sources: [...job.sourceNames] })),
  };
  await log.append([
    {
      stream: STREAM_OF.ScraperScheduleDeclared,
      envelope: {
        type: 'ScraperScheduleDeclared',
        schemaVersion: 1,
        eventId,
        occurredAt: at,
        source: 'scheduler',
        key: 'schedule',
        data,
      },
    },
  ]);
}
