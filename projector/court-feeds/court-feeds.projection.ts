import { sql } from 'kysely';
import type { CourtFeedEntry } from '../../infra/db/schema.ts';
import { decisionChanges, publishedOf, withdrawnOf } from '../decision-changes.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { courtFeedsStorage } from './court-feeds.storage.ts';
import { COURT_FEED_SIZE, digestOf, feedEntryOf } from './feed-entry.ts';
import { anyText } from '../../infra/db/any-of.ts';

/** First key of the advisory lock that serialises the snapshot updates of one generation. */
const COURT_FEEDS_LOCK_CLASS = 72_616_011;

/**
 * Per-court Atom snapshots: every decision as a feed entry (`court_feed_items`) and, per court,
 * the snapshot of its 50 most recent decisions (`court_feeds`), recut for the courts a batch
 * touched (the court a corrected decision left included). An entry's `updated` is the time of the
 * event that last changed its content, so a republication without change and a rebuild from the
 * log leave the feed as it was. A withdrawn decision leaves its court's snapshot (the next most
 * recent takes its place) until a later publication brings it back.
 */
export const courtFeedsProjection: Projection = {
  name: 'court-feeds',
  storage: courtFeedsStorage,
  streams: ['decisions'],
  handles: ['DecisionPublished', 'DecisionWithdrawn'],
  async handle(batch: readonly PositionedEvent[], { tx }: ProjectionContext): Promise<void> {
    const changes = await decisionChanges(tx, batch);
    const latest = new Map<string, { entry: Omit<CourtFeedEntry, 'updated'>; at: string }>();
    for (const { event } of publishedOf(changes))
      latest.set(event.data.decision_id, {
        entry: feedEntryOf(event.data),
        at: new Date(event.occurredAt).toISOString(),
      });
    const withdrawn = withdrawnOf(changes).map((w) => w.decision_id);
    if (latest.size === 0 && withdrawn.length === 0) return;
    // Projector instances handle different partitions at once; a snapshot cut from rows missing
    // another batch's decisions would be stale. One batch per generation at a time.
    await sql`select pg_advisory_xact_lock(${COURT_FEEDS_LOCK_CLASS}, hashtext(current_schema()))`.execute(
      tx,
    );
    const ids = [...latest.keys(), ...withdrawn];
    const previous = new Map(
      (
        await tx
          .selectFrom('court_feed_items')
          .select(['decision_id', 'court', 'entry_digest', 'entry'])
          .where('decision_id', '=', anyText(ids))
          .execute()
      ).map((r) => [r.decision_id, r]),
    );
    const touched = new Set<string>();
    const rows = [...latest.values()].map(({ entry, at }) => {
      const before = previous.get(entry.decision_id);
      if (before) touched.add(before.court);
      touched.add(entry.court);
      const digest = digestOf(entry);
      const updated = before && before.entry_digest === digest ? before.entry.updated : at;
      return {
        decision_id: entry.decision_id,
        court: entry.court,
        decision_date: entry.decision_date,
        entry: JSON.stringify({ ...entry, updated }),
        entry_digest: digest,
      };
    });
    for (const id of withdrawn) {
      const before = previous.get(id);
      if (before) touched.add(before.court);
    }
    if (withdrawn.length > 0)
      await tx.deleteFrom('court_feed_items').where('decision_id', 'in', withdrawn).execute();
    if (rows.length > 0)
      await tx
        .insertInto('court_feed_items')
        .values(rows as never)
        .onConflict((oc) =>
          oc.column('decision_id').doUpdateSet({
            court: (eb) => eb.ref('excluded.court'),
            decision_date: (eb) => eb.ref('excluded.decision_date'),
            entry: (eb) => eb.ref('excluded.entry'),
            entry_digest: (eb) => eb.ref('excluded.entry_digest'),
          }),
        )
        .execute();
    for (const court of [...touched].sort()) {
      const recent = await tx
        .selectFrom('court_feed_items')
        .select('entry')
        .where('court', '=', court)
        .orderBy(sql`decision_date desc nulls last`)
        .orderBy('decision_id')
        .limit(COURT_FEED_SIZE)
        .execute();
      const entries = recent.map((r) => r.entry);
      const updated = entries.reduce<string | null>(
        (max, e) => (max === null || e.updated > max ? e.updated : max),
        null,
      );
      await tx
        .insertInto('court_feeds')
        .values({ court, entries: JSON.stringify(entries) as never, updated, digest: digestOf(entries) })
        .onConflict((oc) =>
          oc.column('court').doUpdateSet({
            entries: (eb) => eb.ref('excluded.entries'),
            updated: (eb) => eb.ref('excluded.updated'),
            digest: (eb) => eb.ref('excluded.digest'),
          }),
        )
        .execute();
    }
  },
};
