import { sql } from 'kysely';
import type { DecisionPublished } from '../../contracts/events/index.ts';
import { decisionChanges, publishedOf, withdrawnOf } from '../decision-changes.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { courtsStorage } from './courts.storage.ts';

/** First key of the advisory lock that serialises the court_stats updates of one generation. */
const COURTS_LOCK_CLASS = 72_616_003;

/**
 * Courts read model: one row per decision (court, canton, language, date) and per-court aggregates
 * (count, date range, languages) recomputed for the courts a batch touched. A withdrawn decision
 * is not counted (its row goes; a later publication brings it back).
 */
export const courtsProjection: Projection = {
  name: 'courts',
  storage: courtsStorage,
  streams: ['decisions'],
  handles: ['DecisionPublished', 'DecisionWithdrawn'],
  async handle(batch: readonly PositionedEvent[], { tx }: ProjectionContext): Promise<void> {
    const changes = await decisionChanges(tx, batch);
    const latest = new Map<string, DecisionPublished['data']>(
      publishedOf(changes).map(({ event }) => [event.data.decision_id, event.data]),
    );
    const withdrawn = withdrawnOf(changes).map((w) => w.decision_id);
    if (latest.size === 0 && withdrawn.length === 0) return;
    // Projector instances handle different partitions at once, but the per-court aggregates are
    // shared: without this, two batches recompute a court each from a snapshot missing the other's
    // rows, and the second insert fails on court_stats_pkey (and was dead-lettered). One batch per
    // generation at a time (the search path starts with the generation's schema); held to commit.
    await sql`select pg_advisory_xact_lock(${COURTS_LOCK_CLASS}, hashtext(current_schema()))`.execute(tx);
    const ids = [...latest.keys(), ...withdrawn];
    const previous = await tx
      .selectFrom('court_decisions')
      .select('court')
      .where('decision_id', 'in', ids)
      .execute();
    const touched = new Set([...previous.map((r) => r.court), ...[...latest.values()].map((d) => d.court)]);
    const rows = [...latest.values()].map((d) => ({
      decision_id: d.decision_id,
      court: d.court,
      canton: d.canton,
      language: d.language,
      decision_date: d.decision_date,
    }));
    if (withdrawn.length > 0)
      await tx.deleteFrom('court_decisions').where('decision_id', 'in', withdrawn).execute();
    if (rows.length > 0)
      await tx
        .insertInto('court_decisions')
        .values(rows)
        .onConflict((oc) =>
          oc.column('decision_id').doUpdateSet({
            court: (eb) => eb.ref('excluded.court'),
            canton: (eb) => eb.ref('excluded.canton'),
            language: (eb) => eb.ref('excluded.language'),
            decision_date: (eb) => eb.ref('excluded.decision_date'),
          }),
        )
        .execute();
    const courts = [...touched];
    if (courts.length === 0) return;
    await tx.deleteFrom('court_stats').where('court', 'in', courts).execute();
    await sql`
      insert into court_stats (court, canton, decision_count, earliest_date, latest_date, languages)
      select c.court, min(c.canton), sum(c.n)::int, min(c.earliest), max(c.latest), jsonb_object_agg(c.language, c.n)
      from (
        select court, min(canton) as canton, language, count(*)::int as n,
               min(decision_date) as earliest, max(decision_date) as latest
        from court_decisions where court in (${sql.join(courts)})
        group by court, language
      ) c
      group by c.court
    `.execute(tx);
  },
};
