import { sql } from 'kysely';
import type { StreamName } from '../../contracts/events/index.ts';
import type { Database } from '../db/database.ts';
import type {
  EventLog,
  OutgoingEvent,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from './event-log.port.ts';

export interface TableEventLogOptions {
  /** How long an idle subscriber waits before polling again. */
  readonly pollIntervalMs?: number;
}

const APPEND_LOCK = 72_616_001;

/**
 * The event log as an append-only table (embedded and postgres modes). One partition per stream;
 * the global position orders everything. Appends take a transaction-scoped advisory lock so that
 * positions become visible in order and a poller never skips a row that commits late.
 */
export class TableEventLog implements EventLog {
  private readonly pollIntervalMs: number;
  private readonly wakeups = new Set<() => void>();

  constructor(
    private readonly db: Database,
    options: TableEventLogOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
  }

  async append(events: readonly OutgoingEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${APPEND_LOCK})`.execute(tx);
      for (let i = 0; i < events.length; i += 500) {
        const rows = events.slice(i, i + 500).map(({ stream, envelope }) => ({
          stream,
          partition: 0,
          event_id: envelope.eventId,
          key: envelope.key,
          type: envelope.type,
          schema_version: envelope.schemaVersion,
          occurred_at: envelope.occurredAt,
          source: envelope.source,
          payload: JSON.stringify(envelope),
        }));
        await tx
          .insertInto('event_log')
          .values(rows)
          .onConflict((oc) => oc.column('event_id').doNothing())
          .execute();
      }
    });
    for (const wake of this.wakeups) wake();
  }

  async head(stream: StreamName): Promise<Map<number, number>> {
    const row = await this.db
      .selectFrom('event_log')
      .select(sql<number | null>`max(position)::int8`.as('last'))
      .where('stream', '=', stream)
      .executeTakeFirst();
    return row?.last == null ? new Map() : new Map([[0, Number(row.last)]]);
  }

  async countAfter(stream: StreamName, after: ReadonlyMap<number, number>): Promise<number> {
    const row = await this.db
      .selectFrom('event_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('stream', '=', stream)
      .where('position', '>', after.get(0) ?? 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    let stopped = false;
    let wake: (() => void) | null = null;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    const wakeup = () => wake?.();
    this.wakeups.add(wakeup);

    const loop = async () => {
      let after = (await options.startAfter(0)) ?? 0;
      let caughtUpSignalled = false;
      while (!stopped) {
        const rows = await this.db
          .selectFrom('event_log')
          .select(['position', 'key', 'payload'])
          .where('stream', '=', options.stream)
          .where('position', '>', after)
          .orderBy('position')
          .limit(options.batchSize)
          .execute();
        if (rows.length > 0) {
          const batch: StoredEvent[] = rows.map((r) => ({
            stream: options.stream,
            partition: 0,
            position: Number(r.position),
            key: r.key,
            payload: r.payload,
          }));
          await options.onBatch(batch);
          after = batch[batch.length - 1]!.position;
          caughtUpSignalled = false;
          if (rows.length === options.batchSize) continue;
        }
        if (!caughtUpSignalled) {
          caughtUpSignalled = true;
          options.onCaughtUp?.();
        }
        if (!stopped) await sleep(this.pollIntervalMs);
      }
    };
    const finished = loop().finally(() => this.wakeups.delete(wakeup));
    return {
      finished,
      stop: async () => {
        stopped = true;
        wakeup();
        await finished.catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    // The database handle is owned by the caller.
  }
}
