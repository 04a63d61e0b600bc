/** The projector as its own process: keeps every live projection generation up to date until SIGTERM. */
import { parseEnv } from '../infra/config/env.ts';
import { projectorEnv } from '../infra/deploy/config.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { AlertDelivery, alertDeliverySettings } from './alerts/alert-delivery.ts';
import { allProjections } from './projections.ts';
import { ProjectorHost } from './projector-host.ts';

async function main(): Promise<void> {
  const env = parseEnv(projectorEnv);
  const logger = createLogger(env.LOG_LEVEL, 'projector');
  const infra = await openInfra(env, 'projector', logger);
  const host = new ProjectorHost(
    {
      db: infra.db,
      log: infra.eventLog,
      now: () => new Date().toISOString(),
      logger,
      ...(infra.deadLetters ? { deadLetters: infra.deadLetters } : {}),
    },
    allProjections({
      writer: infra.searchWriter,
      generations: infra.searchGenerations,
      commentaries: infra.commentaryIndex,
    }),
    {
      batchSize: env.PROJECTOR_BATCH_SIZE,
      watchIntervalMs: env.PROJECTOR_WATCH_MS,
      onCaughtUp: (projection, stream) => logger.info({ projection, stream }, 'caught up'),
    },
  );
  // Handlers first: a SIGTERM while the subscriptions are still joining (a rolling deploy) must
  // stop gracefully too, not kill the process with batches under way.
  let stopping = false;
  const delivery = new AlertDelivery({ db: infra.db, logger }, alertDeliverySettings(env));
  const starting = host.start().then(() => delivery.start());
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'finishing the batch under way, committing, stopping');
    await starting.catch(() => undefined);
    await delivery.stop();
    await host.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await starting;
  logger.info(
    {
      mode: env.SERVICE_MODE,
      generations: host.generations().map((g) => `${g.projection.name}@g${g.generation}`),
    },
    'projector running',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `projector start-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
