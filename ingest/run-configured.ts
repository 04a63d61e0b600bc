import type { ScraperRun } from '../contracts/events/index.ts';
import type { ConfiguredSource } from './configured-sources.ts';
import { type IngestDeps, type IngestRunOptions, runEventSource, runSource } from './ingest-runner.ts';

/** Runs one configured source once through the ingest runner (decisions or other events). */
export function runConfigured(
  configured: ConfiguredSource,
  deps: IngestDeps,
  options: IngestRunOptions = {},
): Promise<ScraperRun> {
  return configured.kind === 'decisions'
    ? runSource(configured.source, deps, options)
    : runEventSource(configured.source, deps, options);
}
