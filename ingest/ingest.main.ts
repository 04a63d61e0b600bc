/** Ingest as its own process: runs the configured sources once, publishes their events and a health event each, exits. */
import { randomUUID } from 'node:crypto';
import { parseEnv } from '../infra/config/env.ts';
import { ingestEnv } from '../infra/deploy/config.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { Progress } from '../infra/deploy/progress.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { TableSourceLeases } from '../infra/scheduler/table-source-lease.ts';
import { configuredSources } from './configured-sources.ts';
import { runConfigured } from './run-configured.ts';
import { runWithProgress } from './sample-load.ts';
import { acquireLease, localHolder } from './scheduler/lease-holder.ts';
import { keepLease } from './scheduler/source-scheduler.ts';

/** Lease of the source while this run lasts (renewed every third), as a scheduled run holds it. */
const LEASE_MS = 120_000;

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
  // A scheduled run of the same source (`npm run start:scheduler`) and this one never overlap.
  const leases = new TableSourceLeases(infra.db);
  const holder = localHolder('ingest');
  // A lease left by a process of this host that is gone (killed mid-run) is taken over at once.
  if (!(await acquireLease(leases, env.SOURCE, holder, LEASE_MS))) {
    const current = await leases.holderOf(env.SOURCE).catch(() => null);
    await infra.close();
    throw new Error(
      `SOURCE=${env.SOURCE} is being read by another run right now (${current ?? 'a scheduled run'}); try again when it has finished`,
    );
  }
  const renewal = keepLease(leases, env.SOURCE, holder, LEASE_MS, logger, () => controller.abort());
  // Items done, rate and time left on the console (a bar on a terminal, plain lines in a log).
  const report = { progress: (label: string, total: number | null) => new Progress(label, total, process.stderr) };
  try {
    // The ingest state lets a source skip what it already holds before fetching it.
    const sources = await configuredSources(env, undefined, {
      state: infra.ingestState,
      onNote: (message) => logger.info({}, message),
    });
    for (const configured of sources) {
      if (controller.signal.aborted) break;
      const planned = configured.kind === 'events' ? configured.source : null;
      const total = planned?.plannedItems ? () => planned.plannedItems?.() ?? null : null;
      const run = await runWithProgress(`ingest ${configured.source.name}`, total, report, (onProgress) =>
        runConfigured(configured, deps, { signal: controller.signal, onProgress, progressEvery: 10 }),
      );
      logger.info({ run }, 'ingest finished');
    }
  } finally {
    clearInterval(renewal);
    await leases
      .release(env.SOURCE, holder, null)
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'releasing the source lease failed; it expires by itself'),
      );
    await infra.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`ingest failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
