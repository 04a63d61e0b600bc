/** The projector as its own process: runs every projection until SIGTERM (finishes the batch, commits, exits). */
import { parseEnv } from '../infra/config/env.ts';
import { projectorEnv } from '../infra/deploy/config.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { ProjectionRunner } from './projection-runner.ts';
import { allProjections } from './projections.ts';

async function main(): Promise<void> {
  const env = parseEnv(projectorEnv);
  const logger = createLogger(env.LOG_LEVEL, 'projector');
  const infra = await openInfra(env, 'projector');
  const runner = new ProjectionRunner(
    { db: infra.db, log: infra.eventLog, now: () => new Date().toISOString(), logger },
    {
      batchSize: env.PROJECTOR_BATCH_SIZE,
      onCaughtUp: (projection, stream) => logger.info({ projection, stream }, 'caught up'),
    },
  );
  await runner.start(allProjections(infra.searchWriter));
  logger.info({ mode: env.MODE }, 'projector running');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await runner.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  process.stderr.write(`projector start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
