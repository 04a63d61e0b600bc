import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../api/api-deps.ts';
import { buildApp } from '../../api/app.ts';
import type { ScraperRun } from '../../contracts/events/index.ts';
import { openPglite, type Database, type DatabaseHandle } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../infra/ingest-state/table-ingest-state.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import { runEventSource } from '../../ingest/ingest-runner.ts';
import { createSampleStatuteSources } from '../../ingest/sources/sample-statutes/sample-statutes.source.ts';
import { writeMalformedStatuteSamples } from '../../ingest/sources/sample-statutes/sample-statutes.generator.ts';
import { gazetteIndexProjection } from '../../projector/gazette-index/gazette-index.projection.ts';
import { legislationCatalogProjection } from '../../projector/legislation-catalog/legislation-catalog.projection.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import { statutesProjection } from '../../projector/statutes/statutes.projection.ts';
import { materialsProjection } from '../../projector/materials/materials.projection.ts';

export const quiet = { info: () => {}, warn: () => {}, error: () => {} };

export interface StatuteWorld {
  readonly app: FastifyInstance;
  readonly handle: DatabaseHandle;
  readonly runs: ScraperRun[];
  readonly dir: string;
  /** Appends events and waits until the projections caught up. */
  readonly publish: (events: readonly OutgoingEvent[]) => Promise<void>;
  readonly close: () => Promise<void>;
}

/** The API dependencies of the statute world over `db` (today = 2026-11-22): a second instance gets the same. */
export function statuteWorldDeps(db: Database): ApiDeps {
  return {
    db,
    search: new PostgresSearchIndex(db),
    settings: {
      basePath: '',
      publicBaseUrl: 'https://example.test',
      staleAfterHours: 36,
      maxSearchResponseChars: 2_000_000,
    },
    today: () => '2026-11-22',
    now: () => new Date('2026-11-22T10:00:00Z'),
  };
}

/**
 * The bundled statute sample ingested through the real sources, projected by the statute
 * projections into in-memory PGlite, and the API over it (today = 2026-11-22).
 */
export async function openStatuteWorld(
  options: { malformed?: boolean; allProjections?: boolean } = {},
): Promise<StatuteWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'statutes-'));
  const sources = await createSampleStatuteSources({ dir });
  if (options.malformed) await writeMalformedStatuteSamples(join(dir, 'mirror'));
  const handle = await openPglite({ dataDir: null });
  const log = new TableEventLog(handle.db, { pollIntervalMs: 20 });
  const host = new ProjectorHost(
    { db: handle.db, log, now: () => new Date().toISOString(), logger: quiet },
    options.allProjections
      ? allProjections({ writer: new PostgresSearchIndex(handle.db) })
      : [statutesProjection, legislationCatalogProjection, gazetteIndexProjection, materialsProjection],
    { watchIntervalMs: 0, batchSize: 100 },
  );
  const deps = {
    log,
    state: new TableIngestState(handle.db),
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger: quiet,
  };
  const runs: ScraperRun[] = [];
  for (const source of sources.all) runs.push(await runEventSource(source, deps));
  // Projecting after ingest: on the one embedded connection, interleaving both is much slower.
  await host.start();
  await host.waitUntilCaughtUp(undefined, 50);
  const app = await buildApp(statuteWorldDeps(handle.db));
  return {
    app,
    handle,
    runs,
    dir,
    publish: async (events) => {
      await log.append(events);
      await host.waitUntilCaughtUp(undefined, 20);
    },
    close: async () => {
      await app.close();
      await host.stop();
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
