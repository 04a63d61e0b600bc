import { randomUUID } from 'node:crypto';
import type { SchedulerEnv } from '../../infra/deploy/schedule-config.ts';
import type { Infra } from '../../infra/deploy/wiring.ts';
import { TableSourceLeases } from '../../infra/scheduler/table-source-lease.ts';
import type { IngestLogger } from '../ingest-runner.ts';
import { declareSchedule, ingestJobs } from './ingest-jobs.ts';
import { type SchedulerLogger, SourceScheduler } from './source-scheduler.ts';

/**
 * Builds the jobs of SCHEDULE (their sources' settings are checked now), declares the schedule
 * (so /scraper-health lists sources that never ran) and arms the cron expressions.
 */
export async function startIngestScheduler(
  env: SchedulerEnv,
  infra: Pick<Infra, 'db' | 'eventLog' | 'ingestState'>,
  logger: IngestLogger & SchedulerLogger,
  holder: string,
): Promise<SourceScheduler> {
  const deps = {
    log: infra.eventLog,
    state: infra.ingestState,
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger,
  };
  const jobs = await ingestJobs(env.SCHEDULE, env, deps);
  await declareSchedule(infra.eventLog, jobs, env.SCHEDULE_TIMEZONE, deps.now(), randomUUID());
  const scheduler = new SourceScheduler(
    jobs,
    { leases: new TableSourceLeases(infra.db), holder, now: Date.now, random: Math.random, logger },
    {
      timezone: env.SCHEDULE_TIMEZONE,
      jitterMaxMs: env.SCHEDULE_JITTER_MS,
      retryBaseMs: env.SCHEDULE_RETRY_MS,
      retryMaxMs: env.SCHEDULE_RETRY_MAX_MS,
      leaseMs: env.SCHEDULE_LEASE_MS,
    },
  );
  scheduler.start();
  return scheduler;
}
