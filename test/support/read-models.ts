import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ApiDeps, ApiSettings } from '../../api/api-deps.ts';
import { buildApp, type BuildAppOptions } from '../../api/app.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import type { DecisionSearchIndex } from '../../infra/search/search.port.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import type { Projection } from '../../projector/projection.ts';
import { allProjections } from '../../projector/projections.ts';
import { openTestDatabase } from './engines.ts';

const silent = { info() {}, warn() {}, error() {} };

export interface LoadedReadModels {
  readonly handle: DatabaseHandle;
  readonly search: PostgresSearchIndex;
}

/**
 * A fresh in-memory PGlite (or the database `options.handle` opens) whose read models `projections`
 * built from the events (in order, in batches of `batchSize`, at the clock `now` gives); any dead
 * letter fails the load.
 */
export async function projectEvents(
  projections: readonly Projection[],
  events: readonly OutgoingEvent[],
  options: { batchSize?: number; handle?: DatabaseHandle; now?: () => string } = {},
): Promise<DatabaseHandle> {
  const handle = options.handle ?? (await openTestDatabase('pglite'));
  const log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  const runner = new ProjectorHost(
    { db: handle.db, log, now: options.now ?? (() => new Date().toISOString()), logger: silent },
    projections,
    { batchSize: options.batchSize ?? 50, watchIntervalMs: 0 },
  );
  await runner.start();
  await log.append(events);
  await runner.waitUntilCaughtUp(undefined, 10);
  await runner.stop();
  await log.close();
  const dead = await handle.db.selectFrom('dead_letters').select(['projection', 'reason']).execute();
  if (dead.length > 0)
    throw new Error(`events dead-lettered: ${dead.map((d) => `${d.projection}: ${d.reason}`).join('; ')}`);
  return handle;
}

/** `projectEvents` with every projection, searched through the embedded search index. */
export async function loadReadModels(
  events: readonly OutgoingEvent[],
  options: { batchSize?: number; handle?: DatabaseHandle } = {},
): Promise<LoadedReadModels> {
  const handle = options.handle ?? (await openTestDatabase('pglite'));
  const search = new PostgresSearchIndex(handle.db);
  await projectEvents(allProjections({ writer: search }), events, { ...options, handle });
  return { handle, search };
}

/**
 * A database from `open` with every read model's tables and no events, filled by `fill`; then the
 * live generation's table behind each of `views` vacuumed and analysed, as the database keeps them
 * (autovacuum, the embedded maintenance). Null where `open` gives none (no engine here).
 */
export async function openFilledReadModels(
  open: () => Promise<DatabaseHandle | null>,
  fill: (db: DatabaseHandle['db']) => Promise<unknown>,
  views: readonly string[],
): Promise<DatabaseHandle | null> {
  const handle = await open();
  if (!handle) return null;
  await loadReadModels([], { handle });
  await fill(handle.db);
  for (const view of views) {
    const table = await sql<{ name: string }>`select format('%I.%I', table_schema, table_name) as name
      from information_schema.view_table_usage
      where view_schema = current_schema() and view_name = ${view}`.execute(handle.db);
    if (table.rows.length !== 1) throw new Error(`view ${view}: ${table.rows.length} tables behind it`);
    await sql`vacuum analyze ${sql.raw(table.rows[0]!.name)}`.execute(handle.db);
  }
  return handle;
}

export const TEST_PUBLIC_BASE = 'https://research.example.ch';

/** The API over loaded read models, with a fixed clock (noon UTC of `today`). */
export function appOver(
  loaded: LoadedReadModels,
  options: {
    today?: string;
    settings?: Partial<ApiSettings>;
    claimJudge?: ApiDeps['claimJudge'];
    exportRenderers?: ApiDeps['exportRenderers'];
    /** Another search index over the same database (e.g. with other bounds). */
    search?: DecisionSearchIndex;
    /** Options of the app itself (e.g. a route observer). */
    app?: BuildAppOptions;
    /** Operator wiring: readiness, engine checks, projection lag, rate limit, read-model state. */
    deps?: Pick<ApiDeps, 'ready' | 'engineChecks' | 'projectionLag' | 'rateLimit' | 'readModelState'>;
  } = {},
): Promise<FastifyInstance> {
  const today = options.today ?? '2026-01-15';
  return buildApp(
    {
      db: loaded.handle.db,
      search: options.search ?? loaded.search,
      settings: {
        basePath: '',
        publicBaseUrl: TEST_PUBLIC_BASE,
        staleAfterHours: 48,
        maxSearchResponseChars: 1_000_000,
        ...options.settings,
      },
      today: () => today,
      now: () => new Date(`${today}T12:00:00.000Z`),
      ...(options.claimJudge ? { claimJudge: options.claimJudge } : {}),
      ...(options.exportRenderers ? { exportRenderers: options.exportRenderers } : {}),
      ...options.deps,
    },
    options.app,
  );
}
