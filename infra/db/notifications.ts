import pg from 'pg';

/**
 * What a listener to a notification channel hears. `listening` comes first and again after every
 * reconnection; between `lost` and the next `listening`, notifications may have been missed.
 */
export interface NotificationHandlers {
  /** Listening: every notification sent from now on is delivered. */
  listening(): void;
  /** One notification (its payload). */
  notified(payload: string): void;
  /** Not listening any more (the connection was lost); it is re-established in the background. */
  lost(error: Error): void;
}

export interface Subscription {
  close(): Promise<void>;
}

/**
 * Listens on a channel of the database's current schema: `<channel>_<md5 of the schema>` (see
 * {@link schemaChannel}), the name the schema's own triggers notify, so deployments sharing a
 * database do not hear each other.
 */
export type Listen = (channel: string, handlers: NotificationHandlers) => Subscription;

/**
 * The channel on which a schema announces that its read models moved: a projection checkpoint
 * advanced (a batch committed its rows with it) or a generation changed status (a rebuild went
 * live). The notification is sent when the changing transaction commits, on the schema's
 * channel, so an API process keeps its lookups until the next one instead of asking
 * the database per request (api/lookup-cache.ts).
 */
export const READ_MODELS_CHANNEL = 'read_models';

/**
 * The SQL for the name of `channel` (lower-case letters and underscores, at most 16) in the current
 * schema or the schema the SQL expression `schema` gives: a plain identifier of at most 49
 * characters whatever the schema is called (channel names are identifiers of at most 63 bytes, and
 * a longer one is an error).
 */
export function schemaChannel(channel: string, schema = 'current_schema()'): string {
  if (!/^[a-z_]{1,16}$/.test(channel)) throw new Error(`not a channel name: ${JSON.stringify(channel)}`);
  return `'${channel}_' || md5(${schema})`;
}

/** How long a lost listener waits before it connects again. */
const RECONNECT_MS = 1_000;

/**
 * A listener on its own connection to a PostgreSQL server (a pooled connection cannot keep a
 * LISTEN), reconnecting after a loss until closed.
 */
export function listenOnPostgres(
  config: pg.ClientConfig,
  channel: string,
  handlers: NotificationHandlers,
): Subscription {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client(config);
    client = c;
    let lostOnce = false;
    const lose = (error: Error) => {
      if (lostOnce) return;
      lostOnce = true;
      if (client === c) client = null;
      c.end().catch(() => {});
      if (closed) return;
      handlers.lost(error);
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    };
    c.on('error', lose);
    c.on('end', () => lose(new Error('the notification connection ended')));
    try {
      await c.connect();
      const named = await c.query<{ name: string }>(`select ${schemaChannel(channel)} as name`);
      const name = named.rows[0]!.name;
      c.on('notification', (message) => {
        if (message.channel === name) handlers.notified(message.payload ?? '');
      });
      await c.query(`listen ${name}`);
      if (closed || lostOnce) return;
      handlers.listening();
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

/** What listening needs of the embedded database (PGlite itself, or its thread: `pglite-thread.ts`). */
export interface EmbeddedListening {
  query<R>(text: string): Promise<{ rows: R[] }>;
  listen(channel: string, notified: (payload: string) => void): Promise<() => Promise<void>>;
}

/** A listener inside the embedded database (one session: never lost once listening). */
export function listenOnPglite(
  instance: EmbeddedListening,
  channel: string,
  handlers: NotificationHandlers,
): Subscription {
  const subscribed = (async () => {
    const named = await instance.query<{ name: string }>(`select ${schemaChannel(channel)} as name`);
    const stop = await instance.listen(named.rows[0]!.name, (payload) => handlers.notified(payload));
    handlers.listening();
    return stop;
  })();
  subscribed.catch((error: unknown) =>
    handlers.lost(error instanceof Error ? error : new Error(String(error))),
  );
  return {
    async close() {
      const stop = await subscribed.catch(() => null);
      if (stop) await stop();
    },
  };
}
