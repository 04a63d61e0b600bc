/** Ingest as its own process: runs the configured sources once, publishes their events and a health event each, exits. */
import { randomUUID } from 'node:crypto';
import { parseEnv } from '../infra/config/env.ts';
import { ingestEnv } from '../infra/deploy/config.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { configuredSources } from './configured-sources.ts';
import { runConfigured } from './run-configured.ts';

async function main(): Promise<void> {
  const env = parseEnv(ingestEnv);
  const logger = createLogger(env.LOG_LEVEL, 'ingest');
  const sources = await configuredSources(env);
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
  try {
    for (const configured of sources) {
      if (controller.signal.aborted) break;
      const onProgress = (seen: number) => logger.info({ source: configured.source.name, seen }, 'progress');
      const run = await runConfigured(configured, deps, { signal: controller.signal, onProgress });
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
