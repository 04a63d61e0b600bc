/**
 * The scheduler as its own process (postgres and distributed mode): runs each source of SCHEDULE
 * on its cron expression through the ingest runner, one run per source at a time across every
 * scheduler on the database, until SIGTERM (the running source stops after its current batch).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { parseEnv } from '../infra/config/env.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { schedulerEnv } from '../infra/deploy/schedule-config.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { startIngestScheduler } from './scheduler/start-scheduler.ts';

async function main(): Promise<void> {
  const env = parseEnv(schedulerEnv);
  const logger = createLogger(env.LOG_LEVEL, 'scheduler');
  const infra = await openInfra(env, 'scheduler', logger);
  try {
    const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const scheduler = await startIngestScheduler(env, infra, logger, holder);
    logger.info(
      { next_runs: scheduler.nextRuns(), timezone: env.SCHEDULE_TIMEZONE, holder },
      'scheduler started',
    );
    await new Promise<void>((resolve) => {
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, 'scheduler stopping: the running source stops after its current batch');
        void scheduler.stop().then(resolve);
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
    });
    logger.info({}, 'scheduler stopped');
  } finally {
    await infra.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`scheduler failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
