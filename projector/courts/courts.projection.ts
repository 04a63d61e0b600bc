import { sql, type RawBuilder } from 'kysely';
import type { DecisionPublished } from '../../contracts/events/index.ts';
import { decisionChanges, publishedOf, withdrawnOf } from '../decision-changes.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { courtsStorage } from './courts.storage.ts';
import { anyText } from '../../infra/db/any-of.ts';

/** First key of the advisory lock that serialises the court_stats updates of one generation. */
const COURTS_LOCK_CLASS = 72_616_003;

interface Group {
  readonly court: string;
  readonly canton: string;
  readonly year: number;
  readonly language: string;
}

/** The groups (court, canton, year, language) of decisions as they were and as they are now. */
function touchedGroups(
  decisions: readonly { court: string; canton: string; language: string; decision_date: string | null }[],
): Group[] {
  const groups = new Map<string, Group>();
  for (const d of decisions) {
    const year = d.decision_date === null ? 0 : Number(d.decision_date.slice(0, 4));
    groups.set(JSON.stringify([d.court, d.canton, year, d.language]), {
      court: d.court,
      canton: d.canton,
      year,
      language: d.language,
    });
  }
  return [...groups.values()];
}

/**
 * Counts `groups` again from `court_decisions`, each from its slice of the court index (court,
 * language, date range of its year): the work is the groups' decisions, not the court's.
 */
async function recountGroups(tx: ProjectionContext['tx'], groups: readonly Group[]): Promise<void> {
  const touched = sql`select * from unnest(
      ${groups.map((g) => g.court)}::text[], ${groups.map((g) => g.canton)}::text[],
      ${groups.map((g) => g.year)}::int[], ${groups.map((g) => g.language)}::text[]
    ) as t(court, canton, year, language)`;
  await sql`delete from decision_groups g using (${touched}) t
    where g.court = t.court and g.canton = t.canton and g.year = t.year and g.language = t.language`.execute(
    tx,
  );
  const slice = (dates: RawBuilder<boolean>) => sql`
    select t.court, t.canton, t.year, t.language, x.n, x.earliest, x.latest from (${touched}) t
    cross join lateral (
      select count(*)::int as n, min(d.decision_date) as earliest, max(d.decision_date) as latest
      from court_decisions d where d.court = t.court and d.language = t.language and d.canton = t.canton and ${dates}
    ) x`;
  await sql`insert into decision_groups (court, canton, year, language, n, earliest_date, latest_date)
    select * from (
      ${slice(sql<boolean>`t.year > 0 and d.decision_date >= make_date(greatest(t.year, 1), 1, 1)
        and d.decision_date < make_date(greatest(t.year, 1) + 1, 1, 1)`)}
      union all
      ${slice(sql<boolean>`t.year = 0 and d.decision_date is null`)}
    ) g where g.n > 0`.execute(tx);
}

/**
 * Courts read model: one row per decision (court, canton, language, date), the decisions per
 * court, canton, year and language (`decision_groups`) and the per-court aggregates (count, date
 * range, languages) summed from those, recounted for the groups a batch touched. A withdrawn
 * decision is not counted (its row goes; a later publication brings it back).
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
      .select(['court', 'canton', 'language', 'decision_date'])
      .where('decision_id', '=', anyText(ids))
      .execute();
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
    const groups = touchedGroups([...previous, ...rows]);
    if (groups.length === 0) return;
    await recountGroups(tx, groups);
    const courts = [...new Set(groups.map((g) => g.court))];
    await tx.deleteFrom('court_stats').where('court', 'in', courts).execute();
    await sql`
      insert into court_stats (court, canton, decision_count, earliest_date, latest_date, languages)
      select c.court, min(c.canton), sum(c.n)::int, min(c.earliest), max(c.latest), jsonb_object_agg(c.language, c.n)
      from (
        select court, min(canton) as canton, language, sum(n)::int as n,
               min(earliest_date) as earliest, max(latest_date) as latest
        from decision_groups where court in (${sql.join(courts)})
        group by court, language
      ) c
      group by c.court
    `.execute(tx);
  },
};
