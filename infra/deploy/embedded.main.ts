/**
 * The all-in-one process of the embedded mode: PGlite in DATA_DIR, the event log as a table in it,
 * Postgres full-text search; ingest, projector and API in one process. The first start generates
 * and ingests the bundled sample corpus and projects it; later starts reuse the data folder.
 */
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { apiDepsFrom } from '../../api/api-settings.ts';
import { buildApp } from '../../api/app.ts';
import { warmGraphStatistics } from '../../api/queries/graph-statistics.query.ts';
import { runEventSource, runSource } from '../../ingest/ingest-runner.ts';
import { createSampleSource } from '../../ingest/sources/sample/sample.source.ts';
import {
  createSampleStatuteSources,
  SAMPLE_STATUTE_SOURCE_NAMES,
} from '../../ingest/sources/sample-statutes/sample-statutes.source.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';
import { parseEnv } from '../config/env.ts';
import { optimiseAfterBulkLoad } from '../db/database.ts';
import { embeddedEnv } from './config.ts';
import { createLogger } from './logger.ts';
import { openInfra } from './wiring.ts';

const say = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const env = parseEnv(embeddedEnv);
  const logger = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL, 'embedded');
  const started = Date.now();
  const dataDir = resolve(env.DATA_DIR);
  say(`swiss-law-research: embedded mode, data in ${dataDir}`);

  const infra = await openInfra({ ...env, DATA_DIR: dataDir }, 'embedded', logger);
  const projector = new ProjectorHost(
    { db: infra.db, log: infra.eventLog, now: () => new Date().toISOString(), logger },
    allProjections({ writer: infra.searchWriter, generations: infra.searchGenerations }),
    { batchSize: 250 },
  );
  await projector.start();

  const held = await infra.ingestState.count('sample');
  // A data folder filled by `npm run start:ingest` from another source (a mirror of the portal)
  // is served as it is: the generated sample is added only to a folder without decisions.
  const otherDecisions = held === 0 ? await infra.eventLog.countAfter('decisions', new Map()) : 0;
  const ingest =
    env.INGEST_ON_START === 'always' || (env.INGEST_ON_START === 'auto' && held === 0 && otherDecisions === 0);
  if (ingest) {
    const sampleDir = resolve(env.SAMPLE_DIR ?? join(dataDir, 'sample-corpus'));
    say(
      `generating the sample corpus (${env.SAMPLE_SIZE} decisions, seed ${env.SAMPLE_SEED}) in ${sampleDir} …`,
    );
    const source = await createSampleSource({ dir: sampleDir, size: env.SAMPLE_SIZE, seed: env.SAMPLE_SEED });
    const run = await runSource(
      source,
      {
        log: infra.eventLog,
        state: infra.ingestState,
        now: () => new Date().toISOString(),
        newId: randomUUID,
        logger,
      },
      { onProgress: (seen) => say(`  ingested ${seen} items`) },
    );
    say(
      `ingest: ${run.items_seen} items, ${run.decisions_added} new, ${run.decisions_updated} updated, ${run.items_failed} failed`,
    );
  } else if (held === 0 && otherDecisions > 0) {
    say(`serving ${otherDecisions} ingested decisions; the sample corpus is not added (INGEST_ON_START=always adds it)`);
  } else {
    say(`reusing ${held} ingested sample decisions (INGEST_ON_START=always to re-ingest)`);
  }

  // Statutes and the legislation catalogue: checked on their own, so a data folder from before
  // the statute sample existed gets it on its next start.
  const statutesHeld = await infra.ingestState.count(SAMPLE_STATUTE_SOURCE_NAMES.fedlex);
  if (env.INGEST_ON_START === 'always' || (env.INGEST_ON_START === 'auto' && statutesHeld === 0)) {
    const statutesDir = join(dataDir, 'sample-statutes');
    say(`generating the sample statutes and legislation catalogue in ${statutesDir} …`);
    const sources = await createSampleStatuteSources({ dir: statutesDir });
    for (const source of sources.all) {
      const run = await runEventSource(source, {
        log: infra.eventLog,
        state: infra.ingestState,
        now: () => new Date().toISOString(),
        newId: randomUUID,
        logger,
      });
      say(
        `ingest ${source.name}: ${run.items_seen} items, ${run.decisions_added} new, ${run.decisions_updated} updated, ${run.items_failed} failed`,
      );
    }
  } else {
    say(`reusing ${statutesHeld} ingested sample statute versions`);
  }

  let lastLine = '';
  await projector.waitUntilCaughtUp((lags) => {
    const pending = lags.filter((l) => l.lag > 0);
    const line =
      pending.length === 0
        ? 'projections up to date'
        : `projecting: ${pending.map((l) => `${l.projection} ${l.lag} to go`).join(', ')}`;
    if (line !== lastLine) say(`  ${line}`);
    lastLine = line;
  });
  if (ingest) await optimiseAfterBulkLoad(infra.db);

  const app = await buildApp(apiDepsFrom(env, infra), { loggerInstance: logger });
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const url = env.PUBLIC_BASE_URL ?? `${address.replace('[::1]', 'localhost')}${env.BASE_PATH}`;
  warmGraphStatistics(infra.db, new Date().toISOString().slice(0, 10), (error) =>
    logger.warn({ err: error }, 'computing the citation-graph figures of /statistics failed; the first request retries'),
  );
  say(`\nready in ${((Date.now() - started) / 1000).toFixed(1)} s — serving on ${url}`);
  say(`  API docs:    ${url}/docs   (OpenAPI: ${url}/openapi.json)`);
  say(`  try:         curl -G '${url}/decisions' --data-urlencode 'query=Kündigung' -d limit=3`);
  say(
    `               curl -G '${url}/decisions' --data-urlencode 'query="fristlose Kündigung" OR Mietvertrag' -d sort=date_desc`,
  );
  say(`               curl '${url}/decisions?court=bger&language=fr&fields=compact&limit=5'`);
  say(`               curl '${url}/laws/OR?article=41'   curl '${url}/laws/aDSG?as_of=2023-08-31&article=4'`);
  say(
    `               curl -G '${url}/laws/search' --data-urlencode 'query=Art. 60 OR'   curl '${url}/legislation/changes?canton=ZH'`,
  );
  say(
    `               curl '${url}/courts'   curl '${url}/statistics?canton=ZH'   curl '${url}/scraper-health'`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    await app.close();
    await projector.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.cause)
    say(`  cause: ${error.cause instanceof Error ? error.cause.message : JSON.stringify(error.cause)}`);
  process.exit(1);
});
