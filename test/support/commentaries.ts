import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app.ts';
import type { Commentary } from '../../contracts/events/index.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import { openPglite, type Database, type DatabaseHandle } from '../../infra/db/database.ts';
import type {
  CommentaryIndexWriter,
  CommentarySearchIndex,
} from '../../infra/search/commentary-search.port.ts';
import type { SearchGenerations } from '../../infra/search/search.port.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../infra/ingest-state/table-ingest-state.ts';
import { runEventSource } from '../../ingest/ingest-runner.ts';
import { createSampleCommentarySource } from '../../ingest/sources/onlinekommentar/sample-commentaries.ts';
import { commentariesProjection } from '../../projector/commentaries/commentaries.projection.ts';
import { commentariesStorage } from '../../projector/commentaries/commentaries.storage.ts';
import { withSearchGenerations } from '../../projector/projections.ts';
import { rebuildProjection } from '../../projector/rebuild.ts';
import { legislationCatalogProjection } from '../../projector/legislation-catalog/legislation-catalog.projection.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { statutesProjection } from '../../projector/statutes/statutes.projection.ts';
import { quiet, statuteWorldDeps } from './statutes.ts';

/** The bundled commentary sample as events (built by the OnlineKommentar source from its recorded answers). */
export async function sampleCommentaryEvents(): Promise<OutgoingEvent[]> {
  const dir = await mkdtemp(join(tmpdir(), 'commentaries-'));
  try {
    const source = await createSampleCommentarySource({ dir });
    const events: OutgoingEvent[] = [];
    for await (const item of source.items()) {
      for (const record of await source.records(item, '2026-01-01T00:00:00.000Z')) {
        events.push({
          stream: 'commentaries',
          envelope: {
            type: record.type,
            schemaVersion: record.schemaVersion,
            eventId: randomUUID(),
            occurredAt: '2026-01-01T00:00:00.000Z',
            source: source.name,
            key: record.entityKey,
            data: record.data,
          },
        });
      }
    }
    return events;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every commentary the event log holds, as published, in log order. */
export async function publishedCommentaries(db: Database): Promise<Commentary[]> {
  const rows = await db
    .selectFrom('event_log')
    .select('payload')
    .where('type', '=', 'CommentaryPublished')
    .orderBy('position')
    .execute();
  return rows.map((r) => (r.payload as { data: Commentary }).data);
}

export interface CommentaryWorld {
  readonly app: FastifyInstance;
  readonly handle: DatabaseHandle;
  /** Every commentary the log holds, as published. */
  readonly published: () => Promise<Commentary[]>;
  /** Rebuilds the commentaries read model (and its search index) from the log; the new generation. */
  readonly rebuild: () => Promise<number>;
  readonly close: () => Promise<void>;
}

/** A commentary search index outside the database (OpenSearch): written by the projection, read by the API. */
export interface CommentaryIndexUnderTest
  extends CommentaryIndexWriter, SearchGenerations, CommentarySearchIndex {
  close(): Promise<void>;
}

export interface CommentaryWorldOptions {
  /** The database (default: in-memory PGlite); closed with the world. */
  readonly handle?: DatabaseHandle;
  /** Commentary search in that index (default: the Postgres vectors); closed with the world. */
  readonly index?: CommentaryIndexUnderTest;
}

/**
 * The bundled commentary sample ingested through the OnlineKommentar source (recorded answers),
 * projected into in-memory PGlite (or the given database, and the given search index as in
 * distributed mode), and the API over it (today = 2026-11-22).
 */
export async function openCommentaryWorld(options: CommentaryWorldOptions = {}): Promise<CommentaryWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'commentaries-'));
  const handle = options.handle ?? (await openPglite({ dataDir: null }));
  const index = options.index;
  const log = new TableEventLog(handle.db, { pollIntervalMs: 20 });
  const source = await createSampleCommentarySource({ dir });
  await runEventSource(source, {
    log,
    state: new TableIngestState(handle.db),
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger: quiet,
  });
  const commentaries = commentariesProjection(
    index ? { writer: index, storage: withSearchGenerations(index, commentariesStorage) } : undefined,
  );
  const hostDeps = { db: handle.db, log, now: () => new Date().toISOString(), logger: quiet };
  const host = new ProjectorHost(
    hostDeps,
    // The statute read models (empty here) answer the law-name resolution's cantonal look-ups.
    [commentaries, statutesProjection, legislationCatalogProjection],
    { watchIntervalMs: 0, batchSize: 100 },
  );
  await host.start();
  await host.waitUntilCaughtUp(undefined, 50);
  const app = await buildApp({
    ...statuteWorldDeps(handle.db),
    ...(index ? { commentarySearch: index } : {}),
  });
  return {
    app,
    handle,
    published: () => publishedCommentaries(handle.db),
    rebuild: async () => (await rebuildProjection(hostDeps, commentaries, { batchSize: 7 })).generation,
    close: async () => {
      await app.close();
      await host.stop();
      await index?.close();
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
