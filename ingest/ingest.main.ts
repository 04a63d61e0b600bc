/** Ingest as its own process: runs the configured source once, publishes its events and a health event, exits. */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { parseEnv } from '../infra/config/env.ts';
import { ConfigError } from '../infra/config/env.ts';
import { ingestEnv } from '../infra/deploy/config.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { runEventSource, runSource } from './ingest-runner.ts';
import type { DecisionSource } from './source.port.ts';
import { EntscheidsucheDirectorySource } from './sources/entscheidsuche/entscheidsuche.source.ts';
import { createSampleSource } from './sources/sample/sample.source.ts';
import { createSampleStatuteSources } from './sources/sample-statutes/sample-statutes.source.ts';

async function main(): Promise<void> {
  const env = parseEnv(ingestEnv);
  const logger = createLogger(env.LOG_LEVEL, 'ingest');
  let source: DecisionSource;
  if (env.SOURCE === 'sample') {
    source = await createSampleSource({
      dir: resolve(env.SOURCE_DIR ?? `${env.DATA_DIR}/sample-corpus`),
      size: env.SAMPLE_SIZE,
      seed: env.SAMPLE_SEED,
    });
  } else {
    if (!env.SOURCE_DIR) throw new ConfigError('SOURCE_DIR: required for SOURCE=entscheidsuche-dir');
    source = new EntscheidsucheDirectorySource({ root: resolve(env.SOURCE_DIR) });
  }
  const infra = await openInfra(env, 'ingest', logger);
  const controller = new AbortController();
  process.on('SIGTERM', () => controller.abort());
  process.on('SIGINT', () => controller.abort());
  try {
    const run = await runSource(
      source,
      {
        log: infra.eventLog,
        state: infra.ingestState,
        now: () => new Date().toISOString(),
        newId: randomUUID,
        logger,
      },
      { signal: controller.signal, onProgress: (seen) => logger.info({ seen }, 'progress') },
    );
    logger.info({ run }, 'ingest finished');
    if (env.SOURCE === 'sample' && !controller.signal.aborted) {
      // The bundled sample includes statutes and the legislation catalogue.
      const statutes = await createSampleStatuteSources({ dir: resolve(`${env.DATA_DIR}/sample-statutes`) });
      for (const statuteSource of statutes.all) {
        const statuteRun = await runEventSource(
          statuteSource,
          {
            log: infra.eventLog,
            state: infra.ingestState,
            now: () => new Date().toISOString(),
            newId: randomUUID,
            logger,
          },
          { signal: controller.signal },
        );
        logger.info({ run: statuteRun }, 'ingest finished');
      }
    }
  } finally {
    await infra.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`ingest failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
