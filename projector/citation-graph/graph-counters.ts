/**
 * Counters the citation graph keeps beside its edges, moved by each batch instead of counted per
 * request:
 * - `provision_decisions`, `provision_citations` (`/leading-cases` by statute): per provision a
 *   decision applies (act and article, and the act as a whole: article `''`), the decisions
 *   applying it and, per decision they cite, how many of them cite it;
 * - `graph_figures` (`/statistics`, the graph size of `/leading-cases`): per citing court, canton
 *   and year (0: undated), the decisions and the reference, edge and statute figures, each a sum
 *   over decisions (`figure`, with `key` and `sub` for the figures per kind, act and article);
 *   and the same summed over every group (court and canton `''`, year -1), read when unfiltered;
 * - `group_citations` (`/statistics` with a filter): per citing court, canton and year, the
 *   decisions cited and by how many.
 *
 * A batch's decisions withdraw everything they counted before their rows are replaced
 * (`withdrawCounts`) and count again once their edges are resolved (`addCounts`). Any other
 * decision whose references were resolved again moves the counters by what changed: the edges it
 * gained or lost and the references that became resolved or unresolved (`moveOthers`). Its own
 * rows, and so its court, date and provisions, are unchanged.
 */
import { sql, type RawBuilder } from 'kysely';
import { fillWithoutIndexes } from '../../infra/db/bulk-fill.ts';
import { GRAPH_FIGURES_ROLLUP as ROLLUP } from '../../infra/db/schema.ts';
import type { ProjectionContext } from '../projection.ts';

type Tx = ProjectionContext['tx'];

export const COUNTER_DDL = [
  `create table if not exists provision_decisions (
      act_key text not null,
      article text not null,
      n integer not null,
      primary key (act_key, article)
    )`,
  `create table if not exists provision_citations (
      act_key text not null,
      article text not null,
      target_id text not null,
      n integer not null,
      primary key (act_key, article, target_id)
    )`,
  `create table if not exists graph_figures (
      court text not null,
      canton text not null,
      year integer not null,
      figure text not null,
      key text not null,
      sub text not null,
      n integer not null,
      primary key (figure, key, sub, court, canton, year)
    )`,
  `create table if not exists group_citations (
      court text not null,
      canton text not null,
      year integer not null,
      target_id text not null,
      n integer not null,
      primary key (court, canton, year, target_id)
    )`,
];

/** The counters' indexes that only readers use (the counters are written by their primary keys). */
export const COUNTER_READER_INDEXES = [
  `create index if not exists provision_citations_rank on provision_citations (act_key, article, n desc, target_id)`,
  // the unfiltered figures: the rollup group alone, from the index
  `create index if not exists graph_figures_rollup on graph_figures (figure, key, sub) include (n) where year = ${ROLLUP.year}`,
];

export const COUNTER_TABLES = [
  'provision_decisions',
  'provision_citations',
  'graph_figures',
  'group_citations',
] as const;
type CounterTable = (typeof COUNTER_TABLES)[number];
const COUNTER_KEYS: Record<CounterTable, readonly string[]> = {
  provision_decisions: ['act_key', 'article'],
  provision_citations: ['act_key', 'article', 'target_id'],
  graph_figures: ['court', 'canton', 'year', 'figure', 'key', 'sub'],
  group_citations: ['court', 'canton', 'year', 'target_id'],
};

/** A figure's own key columns: its group's columns ({@link ROLLUP}) aside. */
const FIGURE_KEYS = COUNTER_KEYS.graph_figures.filter((k) => !(k in ROLLUP));

/** A `graph_figures` key column of grouped moves: the rollup group's value where it is summed over. */
const rolledUp = (k: string): RawBuilder<unknown> =>
  k in ROLLUP
    ? sql`(case when grouping(m.${sql.id(k)}) = 1 then ${sql.lit(ROLLUP[k as keyof typeof ROLLUP])}
        else m.${sql.id(k)} end) as ${sql.id(k)}`
    : sql`m.${sql.id(k)}`;

/**
 * `moves` (SQL giving the table's key columns by name and `d`) summed per key as `n`; those of
 * `graph_figures` also into the rollup group ({@link ROLLUP}), the unfiltered figures.
 */
function summedMoves(table: CounterTable, moves: RawBuilder<unknown>): RawBuilder<unknown> {
  const keys = COUNTER_KEYS[table];
  const columns = sql.join(keys.map((k) => sql.id(k)));
  return table === 'graph_figures'
    ? sql`select ${sql.join(keys.map(rolledUp))}, sum(m.d)::int as n from (${moves}) m
        group by grouping sets ((${columns}), (${sql.join(FIGURE_KEYS.map((k) => sql.id(k)))}))`
    : sql`select ${columns}, sum(m.d)::int as n from (${moves}) m group by ${columns}`;
}

/**
 * Moves the counters of `table` by `moves`, summed per key ({@link summedMoves}); a counter that
 * reaches 0 is deleted. One statement moves them, in the order of their keys (two batches
 * projected at once lock shared counters, a hub or the rollup, in the same order), and returns
 * the keys of the counters it brought to 0, which a second deletes. Summed into a work table
 * first, analysed, upserted from it and joined to it for the deletion, the moves of 20,000
 * decisions took about 39 s of the database's statement time in the distributed benchmark, about
 * 34 s so (its processor time while projecting: 92 s before, 83 s after).
 */
async function moveCounters(tx: Tx, table: CounterTable, moves: RawBuilder<unknown>): Promise<void> {
  const keys = COUNTER_KEYS[table];
  const columns = sql.join(keys.map((k) => sql.id(k)));
  const summed = summedMoves(table, moves);
  const zeros = await sql<Record<string, unknown>>`
    with moved as (
      insert into ${sql.id(table)} (${columns}, n)
      select ${columns}, n from (${summed}) s where n <> 0 order by ${columns}
      on conflict (${columns}) do update set n = ${sql.id(table, 'n')} + excluded.n
      returning ${columns}, n)
    select ${columns} from moved where n = 0`.execute(tx);
  if (zeros.rows.length === 0) return;
  // only a counter moved down can have reached 0 (counters are never negative)
  const same = sql.join(
    keys.map((k) => sql`c.${sql.id(k)} = z.${sql.id(k)}`),
    sql` and `,
  );
  await sql`delete from ${sql.id(table)} c
    using jsonb_populate_recordset(null::${sql.id(table)}, ${JSON.stringify(zeros.rows)}::jsonb) z
    where ${same} and c.n = 0`.execute(tx);
}

/**
 * The provisions decisions apply, as `(source_id, act_key, article)`: each act and article their
 * statute references name, and each act once as a whole (article `''`). `sources`: SQL giving
 * the decision ids (one column), null for every decision.
 */
function provisionsOf(sources: RawBuilder<unknown> | null): RawBuilder<unknown> {
  const where = sources === null ? sql`true` : sql`s.source_id in (${sources})`;
  return sql`select s.source_id, s.act_key, s.article from statute_references s where ${where}
    union all
    select distinct s.source_id, s.act_key, ''::text from statute_references s where ${where}`;
}

/** The citing court, canton and year (0: undated) of a row alias carrying the source columns. */
const groupOf = (alias: string) =>
  sql.raw(
    `${alias}.source_court as court, ${alias}.source_canton as canton, coalesce(date_part('year', ${alias}.source_date)::int, 0) as year`,
  );

/** The figures decisions contribute to `graph_figures` as they stand (one row per unit, `d` = 1). */
function figuresOf(sources: RawBuilder<unknown> | null): RawBuilder<unknown> {
  const of = (alias: string) =>
    sources === null ? sql`true` : sql`${sql.ref(`${alias}.source_id`)} in (${sources})`;
  const nodes = sources === null ? sql`true` : sql`n.decision_id in (${sources})`;
  return sql`
    select n.court, n.canton, coalesce(date_part('year', n.decision_date)::int, 0) as year, 'decisions' as figure,
      '' as key, '' as sub, 1 as d
    from citation_nodes n where ${nodes}
    union all
    select ${groupOf('r')}, (case r.role when 'citation' then 'case_references' else 'appeal_references' end), '', '', 1
    from decision_references r where ${of('r')}
    union all
    select ${groupOf('r')}, 'kind', r.kind, '', 1 from decision_references r where r.role = 'citation' and ${of('r')}
    union all
    select ${groupOf('r')}, (case r.role when 'citation' then 'resolved_references' else 'appeal_resolved' end), '', '', 1
    from decision_references r
    where ${of('r')} and exists (select 1 from reference_targets t where t.source_id = r.source_id and t.ordinal = r.ordinal)
    union all
    select ${groupOf('e')}, 'edges', '', '', 1 from citation_edges e where e.role = 'citation' and ${of('e')}
    union all
    select ${groupOf('e')}, 'citing_decisions', '', '', 1
    from (select distinct on (x.source_id) x.* from citation_edges x where x.role = 'citation' and ${of('x')}) e
    union all
    select ${groupOf('s')}, 'statute_references', '', '', 1 from statute_references s where ${of('s')}
    union all
    select ${groupOf('s')}, 'statute_decisions', '', '', 1
    from (select distinct on (x.source_id) x.* from statute_references x where ${of('x')}) s
    union all
    select ${groupOf('s')}, 'act', s.sr_number, '', 1
    from (select distinct on (x.source_id, x.sr_number) x.* from statute_references x where x.sr_number is not null and ${of('x')}) s
    union all
    select ${groupOf('s')}, 'article', s.sr_number, s.article, 1 from statute_references s where s.sr_number is not null and ${of('s')}`;
}

/**
 * What `decisions` count in `provision_citations` as their rows stand, as moves of `sign`: per
 * provision a decision applies, each decision it cites. Their edges are selected by the decisions
 * themselves, not only joined to their provisions: the planner then reads each decision's edges
 * once from the edges' primary key. Joined to the provisions alone (thousands of rows), it read
 * the edges once per provision (a batch of 250 at 100,000 decisions: 3,435 lookups, 12.3 ms
 * against 5.8 ms so) or, where it estimated that dearer, every edge of the graph for each batch
 * (at 20,000 decisions 49 ms of the 59 ms the join of a batch of 212 took; 9 ms so): a cost
 * growing with the graph, not with the batch.
 */
export function provisionCitationMoves(decisions: readonly string[], sign: 1 | -1): RawBuilder<unknown> {
  const sources = sql`select unnest(${[...decisions]}::text[])`;
  return sql`select p.act_key, p.article, e.target_id, ${sign}::int as d
    from (${provisionsOf(sources)}) p
    join citation_edges e on e.source_id = p.source_id and e.role = 'citation' and e.source_id in (${sources})`;
}

/** Adds (`sign` 1) or withdraws (`sign` -1) everything `decisions` count as their rows stand. */
async function countDecisions(tx: Tx, decisions: readonly string[], sign: 1 | -1): Promise<void> {
  if (decisions.length === 0) return;
  const sources = sql`select unnest(${[...decisions]}::text[])`;
  await moveCounters(
    tx,
    'provision_decisions',
    sql`select p.act_key, p.article, ${sign}::int as d from (${provisionsOf(sources)}) p`,
  );
  await moveCounters(tx, 'provision_citations', provisionCitationMoves(decisions, sign));
  await moveCounters(
    tx,
    'graph_figures',
    sql`select f.court, f.canton, f.year, f.figure, f.key, f.sub, f.d * ${sign}::int as d from (${figuresOf(sources)}) f`,
  );
  await moveCounters(
    tx,
    'group_citations',
    sql`select ${groupOf('e')}, e.target_id, ${sign}::int as d from citation_edges e
      where e.role = 'citation' and e.source_id in (${sources})`,
  );
}

/** Withdraws what `decisions` count, before their rows are replaced. */
export function withdrawCounts(tx: Tx, decisions: readonly string[]): Promise<void> {
  return countDecisions(tx, decisions, -1);
}

/** Adds what `decisions` count, once their rows are written and their edges resolved. */
export function addCounts(tx: Tx, decisions: readonly string[]): Promise<void> {
  return countDecisions(tx, decisions, 1);
}

/**
 * Before the references in `edge_scope` are resolved again: whether each reference of a decision
 * outside the batch is resolved now (`resolved_before`), for {@link moveOthers}.
 */
export async function noteResolvedBefore(tx: Tx, batch: readonly string[]): Promise<void> {
  await sql`create temporary table if not exists resolved_before (
      source_id text not null, ordinal integer not null, resolved boolean not null, primary key (source_id, ordinal)
    ) on commit delete rows`.execute(tx);
  await sql`truncate resolved_before`.execute(tx);
  await sql`insert into resolved_before
    select s.source_id, s.ordinal, exists (select 1 from reference_targets t where t.source_id = s.source_id and t.ordinal = s.ordinal)
    from edge_scope s where s.source_id <> all(${[...batch]}::text[])`.execute(tx);
  await sql`analyze resolved_before`.execute(tx);
}

/**
 * Moves the counters by what changed for decisions outside the batch whose references were
 * resolved again: the edges they gained or lost (`edge_moves`: edges, decisions citing, provision
 * and group citations) and the references that became resolved or unresolved.
 */
export async function moveOthers(tx: Tx, batch: readonly string[]): Promise<void> {
  const others = sql`m.role = 'citation' and m.source_id <> all(${[...batch]}::text[])`;
  await moveCounters(
    tx,
    'provision_citations',
    sql`select p.act_key, p.article, m.target_id, m.d
      from edge_moves m join lateral (${provisionsOf(sql`select m.source_id`)}) p on true
      where ${others}`,
  );
  await moveCounters(
    tx,
    'group_citations',
    sql`select ${groupOf('m')}, m.target_id, m.d from edge_moves m where ${others}`,
  );
  await moveCounters(
    tx,
    'graph_figures',
    sql`
      select ${groupOf('m')}, 'edges' as figure, '' as key, '' as sub, m.d from edge_moves m where ${others}
      union all
      select g.court, g.canton, g.year, 'citing_decisions', '', '',
        (case when g.after > 0 then 1 else 0 end) - (case when g.after - g.delta > 0 then 1 else 0 end)
      from (
        select ${groupOf('m')}, sum(m.d)::int as delta,
          (select count(*) from citation_edges e where e.source_id = m.source_id and e.role = 'citation')::int as after
        from edge_moves m where ${others} group by m.source_id, m.source_court, m.source_canton, m.source_date
      ) g
      union all
      select ${groupOf('r')}, (case r.role when 'citation' then 'resolved_references' else 'appeal_resolved' end), '', '',
        (case when exists (select 1 from reference_targets t where t.source_id = b.source_id and t.ordinal = b.ordinal)
          then 1 else 0 end) - (case when b.resolved then 1 else 0 end)
      from resolved_before b join decision_references r on r.source_id = b.source_id and r.ordinal = b.ordinal`,
  );
}

/**
 * Counts every counter from scratch, each table filled with its indexes built afterwards
 * (`fillWithoutIndexes`): the provisions' citations at 100,000 decisions (2.1 million rows, counted
 * from 9.3 million provision-citation pairs) took 29.3 s counted, sorted and written in the order
 * of their primary key (45.7 s in no order), 14.6 s so.
 */
export async function countAll(tx: Tx): Promise<void> {
  await sql`truncate ${sql.join(COUNTER_TABLES.map((t) => sql.id(t)))}`.execute(tx);
  await fillWithoutIndexes(tx, 'provision_decisions', () =>
    sql`insert into provision_decisions (act_key, article, n)
      select act_key, article, count(*)::int from (${provisionsOf(null)}) p group by act_key, article`.execute(
      tx,
    ),
  );
  await fillWithoutIndexes(tx, 'provision_citations', () =>
    sql`insert into provision_citations (act_key, article, target_id, n)
      select p.act_key, p.article, e.target_id, count(*)::int as n
      from (${provisionsOf(null)}) p join citation_edges e on e.source_id = p.source_id and e.role = 'citation'
      group by p.act_key, p.article, e.target_id`.execute(tx),
  );
  await fillWithoutIndexes(tx, 'graph_figures', () =>
    sql`insert into graph_figures (court, canton, year, figure, key, sub, n)
      select court, canton, year, figure, key, sub, n from (${summedMoves('graph_figures', figuresOf(null))}) s`.execute(
      tx,
    ),
  );
  await fillWithoutIndexes(tx, 'group_citations', () =>
    sql`insert into group_citations (court, canton, year, target_id, n)
      select g.court, g.canton, g.year, g.target_id, count(*)::int as n
      from (select ${groupOf('e')}, e.target_id from citation_edges e where e.role = 'citation') g
      group by g.court, g.canton, g.year, g.target_id`.execute(tx),
  );
}
