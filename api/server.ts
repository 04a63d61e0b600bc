/** The API as its own process (postgres and distributed modes; N instances behind a proxy). */
import { parseEnv } from '../infra/config/env.ts';
import { apiEnv } from '../infra/deploy/config.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { apiDepsFrom } from './api-settings.ts';
import { buildApp } from './app.ts';
import { NotifiedReadModelState, readModelStateOf } from './lookup-cache.ts';
import { liveLag } from '../projector/lag.ts';
import { allProjections } from '../projector/projections.ts';

/** Set once the process has something to close; a signal before that exits at once. */
let shutdown: (() => Promise<void>) | null = null;
const onSignal = () => {
  if (shutdown) void shutdown();
  else process.exit(0);
};
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);

async function main(): Promise<void> {
  const env = parseEnv(apiEnv);
  const logger = createLogger(env.LOG_LEVEL, 'api');
  const infra = await openInfra(env, 'api', logger, { lazyEventLog: true });
  let closing = false;
  const readModelState = new NotifiedReadModelState(infra.listen, readModelStateOf(infra), (error) =>
    logger.warn(
      { err: error },
      'read-model notifications lost; lookups ask the database until they are back',
    ),
  );
  const projections = allProjections({
    writer: infra.searchWriter,
    generations: infra.searchGenerations,
    commentaries: infra.commentaryIndex,
  });
  const app = await buildApp(
    apiDepsFrom(env, infra, {
      ready: async () => !closing,
      engineChecks: infra.engineChecks,
      projectionLag: () => liveLag(infra.db, infra.eventLog, projections),
      readModelState,
    }),
    { loggerInstance: logger, trustProxy: env.TRUST_PROXY },
  );
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  logger.info({ address, mode: env.SERVICE_MODE }, 'api listening');
  shutdown = async () => {
    if (closing) return;
    closing = true;
    // A request still waiting on an engine must not hold the process: give up after 10 s.
    setTimeout(() => {
      logger.warn('shutdown took longer than 10 s; exiting without waiting further');
      process.exit(1);
    }, 10_000).unref();
    await app.close();
    await readModelState.close();
    await infra.close();
    process.exit(0);
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`api start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
