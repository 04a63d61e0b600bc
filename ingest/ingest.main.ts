/** Ingest as its own process: runs the configured sources once, publishes their events and a health event each, exits. */
import { randomUUID } from 'node:crypto';
import { parseEnv } from '../infra/config/env.ts';
import { ingestEnv } from '../infra/deploy/config.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { Progress } from '../infra/deploy/progress.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { configuredSources } from './configured-sources.ts';
import { runEventSource, runSource } from './ingest-runner.ts';
import { runWithProgress } from './sample-load.ts';

async function main(): Promise<void> {
  const env = parseEnv(ingestEnv);
  const logger = createLogger(env.LOG_LEVEL, 'ingest');
  const infra = await openInfra(env, 'ingest', logger);
  const controller = new AbortController();
  process.on('SIGTERM', () => controller.abort());
  process.on('SIGINT', () => controller.abort());
  const deps = {
    log: infra.eventLog,
    state: infra.ingestState,
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger,
  };
  // Items done, rate and time left on the console (a bar on a terminal, plain lines in a log).
  const report = { progress: (label: string, total: number | null) => new Progress(label, total, process.stderr) };
  try {
    const sources = await configuredSources(env, undefined, {
      state: infra.ingestState,
      onNote: (message) => logger.info({}, message),
    });
    for (const configured of sources) {
      if (controller.signal.aborted) break;
      const source = configured.source;
      const planned = configured.kind === 'events' ? configured.source : null;
      const total = planned?.plannedItems ? () => planned.plannedItems?.() ?? null : null;
      const run = await runWithProgress(`ingest ${source.name}`, total, report, (onProgress) => {
        const options = { signal: controller.signal, onProgress, progressEvery: 10 };
        return configured.kind === 'decisions'
          ? runSource(configured.source, deps, options)
          : runEventSource(configured.source, deps, options);
      });
      logger.info({ run }, 'ingest finished');
    }
  } finally {
    await infra.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`ingest failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
