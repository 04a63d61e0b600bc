import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import type { Database } from '../../infra/db/database.ts';
import type { SearchFilters } from '../../infra/search/search.port.ts';
import type { FeedHit } from '../alerts/alert-feed.ts';

/** Entries of an alert's feed. */
const FEED_ENTRIES = 50;

export interface NewAlert {
  /** The search text and filters as the client gave them (for display). */
  readonly search: Record<string, string>;
  readonly queryAst: QueryNode | null;
  readonly filters: SearchFilters;
  readonly webhookUrl: string | null;
}

/** Stores an alert; its id and secret are random (the id alone opens the feed). */
export async function createAlert(db: Database, alert: NewAlert) {
  const row = await db
    .insertInto('alerts')
    .values({
      alert_id: randomUUID(),
      secret: randomBytes(32).toString('base64url'),
      search: JSON.stringify(alert.search),
      query_ast: alert.queryAst === null ? null : JSON.stringify(alert.queryAst),
      filters: JSON.stringify(alert.filters),
      webhook_url: alert.webhookUrl,
    })
    .returning(['alert_id', 'secret', 'webhook_url', 'created_at'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function findAlert(db: Database, alertId: string) {
  return db
    .selectFrom('alerts')
    .select(['alert_id', 'secret', 'search', 'webhook_url', 'created_at'])
    .where('alert_id', '=', alertId)
    .executeTakeFirst();
}

/** Constant-time comparison of a presented secret with the stored one. */
export function secretMatches(stored: string, presented: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(stored), digest(presented));
}

/** Deletes an alert with its hits and pending deliveries. */
export async function deleteAlert(db: Database, alertId: string): Promise<void> {
  await db.deleteFrom('alerts').where('alert_id', '=', alertId).execute();
}

/** The newest hits of an alert, for its feed; decisions withdrawn since they matched are left out. */
export async function feedHits(db: Database, alertId: string): Promise<FeedHit[]> {
  const rows = await db
    .selectFrom('alert_hits')
    .select(['matched_at', 'decision'])
    .where('alert_id', '=', alertId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('decisions')
            .select('decisions.decision_id')
            .whereRef('decisions.decision_id', '=', 'alert_hits.decision_id')
            .where('decisions.withdrawn_at', 'is not', null),
        ),
      ),
    )
    .orderBy('matched_at', 'desc')
    .orderBy('event_position', 'desc')
    .limit(FEED_ENTRIES)
    .execute();
  // `decision` is written by the alerts projection in the FeedHit shape.
  return rows.map((r) => ({ matched_at: r.matched_at, decision: r.decision as FeedHit['decision'] }));
}

/** A one-line description of a saved search (`query "Mietvertrag", court bger`). */
export function describeSearch(search: Record<string, string>): string {
  return Object.entries(search)
    .map(([k, v]) => `${k} "${v}"`)
    .join(', ');
}
