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
import { TableSourceLeases } from '../infra/scheduler/table-source-lease.ts';
import { declareSchedule, ingestJobs } from './scheduler/ingest-jobs.ts';
import { SourceScheduler } from './scheduler/source-scheduler.ts';

async function main(): Promise<void> {
  const env = parseEnv(schedulerEnv);
  const logger = createLogger(env.LOG_LEVEL, 'scheduler');
  const infra = await openInfra(env, 'scheduler', logger);
  const deps = {
    log: infra.eventLog,
    state: infra.ingestState,
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger,
  };
  try {
    const jobs = await ingestJobs(env.SCHEDULE, env, deps);
    await declareSchedule(infra.eventLog, jobs, env.SCHEDULE_TIMEZONE, deps.now(), randomUUID());
    const scheduler = new SourceScheduler(
      jobs,
      {
        leases: new TableSourceLeases(infra.db),
        holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
        now: Date.now,
        random: Math.random,
        logger,
      },
      {
        timezone: env.SCHEDULE_TIMEZONE,
        jitterMaxMs: env.SCHEDULE_JITTER_MS,
        retryBaseMs: env.SCHEDULE_RETRY_MS,
        retryMaxMs: env.SCHEDULE_RETRY_MAX_MS,
        leaseMs: env.SCHEDULE_LEASE_MS,
      },
    );
    scheduler.start();
    logger.info({ next_runs: scheduler.nextRuns(), timezone: env.SCHEDULE_TIMEZONE }, 'scheduler started');
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
