/**
 * The all-in-one process of the embedded mode: PGlite in DATA_DIR, the event log as a table in it,
 * Postgres full-text search; ingest, projector and API in one process. The first start generates
 * and ingests the bundled sample corpus and projects it; later starts reuse the data folder, and a
 * start after an interrupted first one finishes the sample load. One process per data folder: a
 * second one refuses to start (DATA_DIR/.lock).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { apiDepsFrom } from '../../api/api-settings.ts';
import { buildApp } from '../../api/app.ts';
import { InProcessReadModelState } from '../../api/lookup-cache.ts';
import { generatedSampleSources, type LoadReport, loadSamples } from '../../ingest/sample-load.ts';
import { startIngestScheduler } from '../../ingest/scheduler/start-scheduler.ts';
import { embeddedScheduleEnv, type SchedulerEnv } from './schedule-config.ts';
import { AlertDelivery, alertDeliverySettings } from '../../projector/alerts/alert-delivery.ts';
import { liveLag, projectionLag } from '../../projector/lag.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';
import { parseEnv } from '../config/env.ts';
import { optimiseAfterBulkLoad } from '../db/database.ts';
import { EmbeddedMaintenance } from '../db/embedded-maintenance.ts';
import { type EmbeddedEnv, embeddedEnv } from './config.ts';
import { createLogger } from './logger.ts';
import { Progress } from './progress.ts';
import { readyBanner } from './ready-banner.ts';
import { type Infra, openInfra } from './wiring.ts';

const say = (line: string) => process.stderr.write(`${line}\n`);

/** Where the read models stand: only this process's projector writes them (the data folder is locked). */
const readModels = new InProcessReadModelState();

const report: LoadReport = {
  say,
  progress: (label, total) => new Progress(`  ${label}`, total, process.stderr),
};

/** Resolves when `signal` aborts. */
const aborted = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/**
 * Starts the projections and waits until they have caught up with the log. The events to fold
 * (summed over the read models) are counted before the runners start, while the one embedded
 * connection is free; the progress counts the batches the runners commit.
 */
async function project(
  infra: Infra,
  logger: ReturnType<typeof createLogger>,
  stop: AbortSignal,
): Promise<{ projector: ProjectorHost; caughtUp: boolean }> {
  let progress = null as Progress | null;
  let done = 0;
  const projector = new ProjectorHost(
    { db: infra.db, log: infra.eventLog, now: () => new Date().toISOString(), logger },
    allProjections({
      writer: infra.searchWriter,
      generations: infra.searchGenerations,
      commentaries: infra.commentaryIndex,
    }),
    {
      batchSize: 250,
      onCommit: readModels.onCommit,
      onProgress: (_projection, _stream, _position, events) => {
        done += events;
        progress?.update(done);
      },
    },
  );
  await projector.start({
    beforeRunning: async (generations) => {
      const total = (await projectionLag(infra.db, infra.eventLog, generations)).reduce(
        (n, l) => n + l.lag,
        0,
      );
      if (total > 0) {
        progress = new Progress('  projecting events', total, process.stderr);
        progress.update(0);
      }
    },
  });
  const caughtUp = projector.waitUntilCaughtUp(undefined, 2000);
  // Stopped meanwhile: the runners stop with the process; the wait is abandoned.
  caughtUp.catch(() => {});
  const outcome = await Promise.race([
    caughtUp.then(() => 'caught up' as const),
    aborted(stop).then(() => 'stopped' as const),
  ]);
  if (outcome === 'stopped') {
    progress?.finish('  projecting events: stopped');
    return { projector, caughtUp: false };
  }
  progress?.finish();
  say('  projections up to date');
  return { projector, caughtUp: true };
}

async function main(): Promise<void> {
  const env = parseEnv(embeddedEnv);
  // Parsed at start-up with the rest: a bad SCHEDULE stops the start naming it.
  const scheduleEnv = parseEnv(embeddedScheduleEnv);
  const logger = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL, 'embedded');
  const started = Date.now();
  const dataDir = resolve(env.DATA_DIR);
  say(`swiss-law-research: embedded mode, data in ${dataDir}`);

  // While starting, a first Ctrl-C stops after the current batch (the next start resumes from
  // there) and a second one exits at once; once serving, a signal shuts the service down.
  const stop = new AbortController();
  const serving = { shutdown: null as ((signal: string) => Promise<void>) | null };
  const onSignal = (signal: string) => {
    if (serving.shutdown) return void serving.shutdown(signal);
    if (stop.signal.aborted) {
      say(`${signal} again: exiting now; the next start resumes the sample load`);
      process.exit(130);
    }
    stop.abort();
    say(`\n${signal}: stopping after the current step (again to exit at once)`);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  say(
    existsSync(join(dataDir, 'pglite'))
      ? 'opening the database …'
      : `creating the database in ${join(dataDir, 'pglite')} (first start only) …`,
  );
  const infra = await openInfra({ ...env, DATA_DIR: dataDir }, 'embedded', logger);
  const stopEarly = async (projector?: ProjectorHost) => {
    await projector?.stop();
    await infra.close();
    say('stopped before serving; the next start carries on from here');
    process.exit(0);
  };
  let projector: ProjectorHost | undefined;
  try {
    if (stop.signal.aborted) return await stopEarly();
    const load = await loadSamples(
      generatedSampleSources({
        sampleDir: resolve(env.SAMPLE_DIR ?? join(dataDir, 'sample-corpus')),
        statutesDir: join(dataDir, 'sample-statutes'),
        size: env.SAMPLE_SIZE,
        seed: env.SAMPLE_SEED,
      }),
      { mode: env.INGEST_ON_START, signal: stop.signal },
      {
        log: infra.eventLog,
        state: infra.ingestState,
        now: () => new Date().toISOString(),
        newId: randomUUID,
        logger,
      },
      report,
    );
    if (stop.signal.aborted) return await stopEarly();

    // Projecting after the load, not during it: on the one embedded connection the two only slow
    // each other down.
    say('checking the read models …');
    const projected = await project(infra, logger, stop.signal);
    projector = projected.projector;
    if (!projected.caughtUp) return await stopEarly(projector);
    if (load.ran) {
      say('optimising the database after the load …');
      await optimiseAfterBulkLoad(infra.db);
    }
    await serve(
      { ...env, scheduler: scheduleEnv.SCHEDULE ? { ...scheduleEnv, SCHEDULE: scheduleEnv.SCHEDULE } : null },
      infra,
      projector,
      logger,
      started,
      (shutdown) => {
        serving.shutdown = shutdown;
      },
    );
    if (stop.signal.aborted) await serving.shutdown?.('SIGINT');
  } catch (error) {
    await projector?.stop().catch(() => {});
    await infra.close().catch(() => {});
    throw error;
  }
}

async function serve(
  env: Readonly<EmbeddedEnv> & { readonly scheduler: SchedulerEnv | null },
  infra: Infra,
  projector: ProjectorHost,
  logger: ReturnType<typeof createLogger>,
  started: number,
  onShutdown: (shutdown: (signal: string) => Promise<void>) => void,
): Promise<void> {
  say('starting the API …');
  const projections = allProjections({
    writer: infra.searchWriter,
    generations: infra.searchGenerations,
    commentaries: infra.commentaryIndex,
  });
  const app = await buildApp(
    apiDepsFrom(env, infra, {
      engineChecks: infra.engineChecks,
      projectionLag: () => liveLag(infra.db, infra.eventLog, projections),
      readModelState: readModels,
    }),
    { loggerInstance: logger, trustProxy: env.TRUST_PROXY },
  );
  const delivery = new AlertDelivery({ db: infra.db, logger }, alertDeliverySettings(env));
  // the statistics and vacuums autovacuum keeps up on a server, as decisions keep arriving
  const maintenance = new EmbeddedMaintenance({ db: infra.db, logger }, env.EMBEDDED_MAINTENANCE_INTERVAL_MS);
  // SCHEDULE (opt-in): the sources it names run on their cron expressions in this process too.
  const schedule = env.scheduler
    ? await startIngestScheduler(env.scheduler, infra, logger, `embedded:${process.pid}`)
    : null;
  for (const next of schedule?.nextRuns() ?? [])
    say(`  scheduled: ${next.key}, next run ${next.at ?? 'never'} (${env.scheduler?.SCHEDULE_TIMEZONE})`);
  let stopping = false;
  onShutdown(async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    await schedule?.stop();
    await app.close();
    await delivery.stop();
    await maintenance.stop();
    await projector.stop();
    await infra.close();
    process.exit(0);
  });
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  delivery.start();
  maintenance.start();
  const url = env.PUBLIC_BASE_URL ?? `${address.replace('[::1]', 'localhost')}${env.BASE_PATH}`;
  const example = await infra.db
    .selectFrom('decisions')
    .select('decision_id')
    .where('court', '=', 'bge')
    .orderBy('decision_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  for (const line of readyBanner(url, (Date.now() - started) / 1000, example?.decision_id)) say(line);
}

main().catch((error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.cause)
    say(`  cause: ${error.cause instanceof Error ? error.cause.message : JSON.stringify(error.cause)}`);
  process.exit(1);
});
