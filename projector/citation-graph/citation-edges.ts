/**
 * Resolved citation edges, maintained by the citation-graph projection: the resolution tiers and
 * confidence rules of `contracts/citation/edge-confidence.ts`, written in SQL over
 * `decision_references` × `graph_keys` (the graph's copy of the identifier rows) × `citation_nodes`.
 * The arithmetic is the same as `edgeConfidence` (float8, same order, round half up on
 * hundredths); `test/graph-edge-rules.int.test.ts` checks both on one table of cases.
 *
 * These tables hold the result:
 * - `reference_targets`: per reference, every decision it resolves to, with its evidence and
 *   confidence (the references of a decision naming itself excluded);
 * - `citation_edges`: per citing decision, role and cited decision, the most confident of those
 *   references (ties: the first in the text): what `/citations`, `/appeal-chain` and the
 *   leading cases read;
 * - `citation_degrees`: per decision and role, the number of decisions with an edge to it (`n`),
 *   and of those whose edge is at least as confident as `/citations` asks by default
 *   (`confident`, {@link DEFAULT_MIN_CONFIDENCE}): a hub's incoming total is read, not counted;
 * - the counters of `graph-counters.ts` (per provision, per citing court, canton and year), moved
 *   with the edges.
 *
 * What a change of some decisions can alter is re-resolved and nothing else: their own
 * references; every reference whose key is one the decisions had or have (exact and
 * origin-docket tiers, the candidate count, the cited date); and the BGE references that name no
 * decision by key and whose page lies in a page range that changed, before or after (inner-page
 * tier). The pairs those references had or have are then re-derived, and the in-degrees and
 * provision counters move by the pairs that appeared or went. So the tables equal a resolution of
 * everything from scratch whatever the order in which decisions arrive
 * (`test/citation-edges.int.test.ts`).
 */
import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_MIN_CONFIDENCE, EDGE_RULES } from '../../contracts/citation/edge-confidence.ts';
import type { PageSpan } from '../decision-identifiers/decision-identifiers.projection.ts';
import type { ProjectionContext } from '../projection.ts';
import { fillWithoutIndexes } from '../../infra/db/bulk-fill.ts';
import { addCounts, countAll, moveOthers, noteResolvedBefore, withdrawCounts } from './graph-counters.ts';

const float = (n: number): RawBuilder<number> => sql.raw(`${String(n)}::float8`);

/** Whether an edge (its `confidence` column) counts in `citation_degrees.confident`. */
export const CONFIDENT_EDGE = sql<boolean>`confidence >= ${float(DEFAULT_MIN_CONFIDENCE)}`;

/** A CASE over a text label mapping each label to its factor. */
function factorOf(label: RawBuilder<string>, table: Readonly<Record<string, number>>): RawBuilder<number> {
  const whens = Object.entries(table).map(([k, v]) => sql`when ${sql.lit(k)} then ${float(v)}`);
  return sql<number>`(case ${label} ${sql.join(whens, sql` `)} end)`;
}

/** Whether key row `i` may stand for reference `r` in the exact tier (court, canton). */
function admitsSql(r: string, i: string): RawBuilder<boolean> {
  const ref = (c: string) => sql.ref(`${r}.${c}`);
  const id = (c: string) => sql.ref(`${i}.${c}`);
  return sql<boolean>`(case when ${ref('ref_court')} is not null then ${id('court')} = ${ref('ref_court')}
    when ${ref('ref_canton')} is not null and ${ref('ref_canton')} <> 'CH' then ${id('canton')} = ${ref('ref_canton')}
    else true end)`;
}

/** `same_court` | `same_canton` | `unnamed` of a reference row alias. */
function courtAgreementSql(r: string): RawBuilder<string> {
  return sql<string>`(case when ${sql.ref(`${r}.ref_court`)} is not null then 'same_court'
    when ${sql.ref(`${r}.ref_canton`)} is not null and ${sql.ref(`${r}.ref_canton`)} <> 'CH' then 'same_canton'
    else 'unnamed' end)`;
}

// day of year 1 = `YYYY-01-01`, the placeholder date (date_part is float8: cheaper than extract)
const placeholder = (d: RawBuilder<unknown>) => sql`date_part('doy', ${d}) = 1`;

/** The date evidence (`dateOrderOf`) from the citing date, the cited date and the stated date. */
function dateOrderSql(citing: RawBuilder<unknown>, cited: RawBuilder<unknown>, stated: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(case
    when ${citing} is not null and ${cited} is not null and (case
      when ${placeholder(citing)} or ${placeholder(cited)}
        then date_part('year', ${cited}) > date_part('year', ${citing})
      else ${cited} > ${citing} end) then 'cited_is_later'
    when ${stated} is not null and ${cited} is not null and not ${placeholder(cited)}
      then (case when ${stated} = ${cited} then 'stated_date_agrees' else 'stated_date_differs' end)
    when ${citing} is not null and ${cited} is not null then 'consistent'
    else 'unknown' end)`;
}

/** `edgeConfidence` over SQL expressions for its evidence. */
function confidenceSql(e: {
  matchConfidence: RawBuilder<unknown>;
  match: RawBuilder<string>;
  court: RawBuilder<string>;
  dateOrder: RawBuilder<string>;
  candidates: RawBuilder<unknown>;
}): RawBuilder<number> {
  const p = sql`((((${e.matchConfidence}::float8 * ${factorOf(e.match, EDGE_RULES.match)}) * ${factorOf(e.court, EDGE_RULES.court)}) * ${factorOf(e.dateOrder, EDGE_RULES.date)}) / greatest(${e.candidates}, 1))`;
  return sql<number>`(floor(least(${p}, 1::float8) * 100 + 0.5::float8) / 100)`;
}

/** The reference's columns the evidence needs, carried along each tier (no join back to `r`). */
const CARRIED = (alias: string) =>
  sql.raw(
    ['source_id', 'ordinal', 'role', 'ref_court', 'ref_canton', 'stated_date', 'match_confidence', 'source_date']
      .map((c) => `${alias}.${c}`)
      .join(', '),
  );

/**
 * `cand (source_id, ordinal, …carried, target_id, match)`: the decisions each reference of the CTE `r` names, by tier
 * (exact key with court and canton agreement; origin docket of a BGE; BGE inner page).
 *
 * The inner-page tier first keeps the BGE references whose key names no decision (`orphan_bge`,
 * materialised), then looks each one's page up in the page ranges of its volume and part
 * (lateral, by index): joined the other way round, millions of references would meet every BGE
 * of their volume before the page test.
 */
const candidatesCte = sql`orphan_bge as materialized (
      select ${CARRIED('r')}, r.bge_volume, r.bge_part, r.bge_page from r
      where r.kind = 'bge' and not exists (select 1 from graph_keys x where x.ref_key = r.ref_key)
    ),
    cand as (
      select ${CARRIED('r')}, i.decision_id as target_id, 'exact'::text as match
      from r join graph_keys i on i.ref_key = r.ref_key
      where i.kind <> 'origin_docket' and ${admitsSql('r', 'i')}
      union all
      select ${CARRIED('r')}, i.decision_id, 'origin_docket'
      from r join graph_keys i on i.ref_key = r.ref_key and i.kind = 'origin_docket'
      where r.ref_court = 'bger' and not exists (
        select 1 from graph_keys x where x.ref_key = r.ref_key and x.kind <> 'origin_docket' and x.court = 'bger')
      union all
      select ${CARRIED('o')}, i.decision_id, 'inner_page'
      from orphan_bge o cross join lateral (
        select i.decision_id from graph_keys i
        where i.kind = 'bge' and i.bge_volume = o.bge_volume and i.bge_part = o.bge_part
          and i.page_start < o.bge_page and o.bge_page <= coalesce(i.page_end, i.page_start)
      ) i
    )`;

/** What changed: the decisions projected, and what replacing their keys touched. */
export interface EdgeScope {
  readonly decisions: readonly string[];
  /** Keys the decisions had before and have now. */
  readonly keys: readonly string[];
  /** Page ranges of BGE volumes and parts that changed (before and after). */
  readonly spans: readonly PageSpan[];
}

type Tx = ProjectionContext['tx'];

/** The per-transaction work tables (temporary, emptied at commit). */
async function workTables(tx: Tx): Promise<void> {
  await sql`create temporary table if not exists edge_scope (
      source_id text not null, ordinal integer not null, primary key (source_id, ordinal)
    ) on commit delete rows`.execute(tx);
  await sql`create temporary table if not exists edge_pairs (
      source_id text not null, role text not null, target_id text not null, primary key (source_id, role, target_id)
    ) on commit delete rows`.execute(tx);
  await sql`create temporary table if not exists edge_moves (
      source_id text not null, role text not null, target_id text not null, d integer not null,
      source_court text not null, source_canton text not null, source_date date,
      confidence double precision not null
    ) on commit delete rows`.execute(tx);
  await sql`truncate edge_scope, edge_pairs, edge_moves`.execute(tx);
}

/** Fills `edge_scope` with the references a change of `scope` can re-resolve. */
async function collectScope(tx: Tx, scope: EdgeScope): Promise<void> {
  const spans = scope.spans;
  await sql`
    insert into edge_scope
    select source_id, ordinal from decision_references where source_id = any(${[...scope.decisions]}::text[])
    union
    select source_id, ordinal from decision_references where ref_key = any(${[...scope.keys]}::text[])
    union
    select r.source_id, r.ordinal
    from unnest(${spans.map((g) => g.volume)}::integer[], ${spans.map((g) => g.part)}::text[],
      ${spans.map((g) => g.from)}::integer[], ${spans.map((g) => g.to)}::integer[]) as g(volume, part, first, last)
    join decision_references r on r.kind = 'bge' and r.bge_volume = g.volume and r.bge_part = g.part
      and r.bge_page > g.first and r.bge_page <= g.last
    where not exists (select 1 from graph_keys x where x.ref_key = r.ref_key)
    on conflict do nothing
  `.execute(tx);
}

/**
 * Re-resolves what a change of some decisions (their rows and keys already replaced) can alter,
 * or everything (`'all'`), and brings `reference_targets`, `citation_edges` and
 * `citation_degrees` up to date. Runs in the projection's transaction.
 */
export async function resolveCitationEdges(tx: Tx, scope: EdgeScope | 'all'): Promise<void> {
  if (scope === 'all') return resolveAll(tx);
  if (scope.decisions.length === 0) return;
  await byIndex(tx, () => resolve(tx, scope));
}

const PLANNER_SETTINGS = ['enable_seqscan', 'enable_hashjoin', 'enable_mergejoin'] as const;

/**
 * Runs `work` with the planner held to index lookups and nested loops, then restores its
 * settings. A batch touches a few thousand references of tables that hold millions: a hash join
 * would read the whole of `reference_targets`, `citation_edges`, `graph_keys` or
 * `decision_references` once per batch (measured: the bulk load slowing with every batch), while
 * the work by index stays proportional to the batch.
 */
async function byIndex(tx: Tx, work: () => Promise<void>): Promise<void> {
  const before = await sql<Record<(typeof PLANNER_SETTINGS)[number], string>>`
    select ${sql.join(PLANNER_SETTINGS.map((name) => sql`current_setting(${name}) as ${sql.id(name)}`))}
  `.execute(tx);
  const set = async (value: (name: (typeof PLANNER_SETTINGS)[number]) => string) => {
    for (const name of PLANNER_SETTINGS) await sql`select set_config(${name}, ${value(name)}, true)`.execute(tx);
  };
  await set(() => 'off');
  // a failure aborts the transaction, and the settings (local to it) with it
  await work();
  await set((name) => before.rows[0]?.[name] ?? 'on');
}

/**
 * Writes `reference_targets`: every decision each reference of `references` (SQL selecting
 * `decision_references` rows as `dr`) resolves to, with its evidence and confidence.
 */
async function insertReferenceTargets(tx: Tx, references: RawBuilder<unknown>): Promise<void> {
  await sql`
    insert into reference_targets (source_id, ordinal, role, target_id, match, candidates, court_agreement, date_order, confidence)
    with r as (
      select dr.source_id, dr.ordinal, dr.role, dr.kind, dr.ref_key, dr.ref_court, dr.ref_canton, dr.bge_volume,
        dr.bge_part, dr.bge_page, dr.stated_date, dr.match_confidence, dr.source_date
      from ${references}
    ),
    ${candidatesCte},
    counted as (
      select cand.*, count(*) over (partition by source_id, ordinal)::int as candidates from cand
    ),
    evidence as (
      select c.source_id, c.ordinal, c.role, c.target_id, c.match, c.candidates, c.match_confidence,
        ${courtAgreementSql('c')} as court_agreement,
        ${dateOrderSql(sql`c.source_date`, sql`t.decision_date`, sql`c.stated_date`)} as date_order
      from counted c join citation_nodes t on t.decision_id = c.target_id
      where c.target_id <> c.source_id
    )
    select source_id, ordinal, role, target_id, match, candidates, court_agreement, date_order, ${confidenceSql({
      matchConfidence: sql`match_confidence`,
      match: sql`match`,
      court: sql`court_agreement`,
      dateOrder: sql`date_order`,
      candidates: sql`candidates`,
    })}
    from evidence
  `.execute(tx);
}

/**
 * The edges of the pairs `targets` (SQL selecting `reference_targets` rows as `t`) holds: per
 * citing decision, role and cited decision, its most confident reference (ties: the first in the
 * text), with the citing side's date, court and canton: an insert into `citation_edges`.
 */
function insertEdges(targets: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`insert into citation_edges (source_id, role, target_id, ordinal, match, candidates, court_agreement,
      date_order, confidence, source_date, source_court, source_canton)
    select b.source_id, b.role, b.target_id, b.ordinal, b.match, b.candidates, b.court_agreement, b.date_order,
      b.confidence, r.source_date, r.source_court, r.source_canton
    from (
      select distinct on (t.source_id, t.role, t.target_id) t.* from ${targets}
      order by t.source_id, t.role, t.target_id, t.confidence desc, t.ordinal
    ) b join decision_references r on r.source_id = b.source_id and r.ordinal = b.ordinal`;
}

/**
 * Resolves every reference from scratch: the tables emptied, each written in one statement over
 * all of `decision_references`, the in-degrees counted from the edges, then the counters
 * (`countAll`). It gives what resolving every decision as a change would (`resolve`), without
 * that path's work tables: at 100,000 decisions, listing every reference in `edge_scope` took 6 s
 * and every pair in `edge_pairs` 11 s of a `rebuild all`'s tail.
 */
async function resolveAll(tx: Tx): Promise<void> {
  await sql`truncate reference_targets, citation_edges, citation_degrees`.execute(tx);
  // each table filled with its indexes built afterwards: each statement reads only tables filled before
  await fillWithoutIndexes(tx, 'reference_targets', () =>
    insertReferenceTargets(tx, sql`decision_references dr`),
  );
  await fillWithoutIndexes(tx, 'citation_edges', () => insertEdges(sql`reference_targets t`).execute(tx));
  await fillWithoutIndexes(tx, 'citation_degrees', () =>
    sql`
      insert into citation_degrees (decision_id, role, n, confident)
      select target_id, role, count(*)::int, (count(*) filter (where ${CONFIDENT_EDGE}))::int
      from citation_edges group by target_id, role
    `.execute(tx),
  );
  await countAll(tx);
}

async function resolve(tx: Tx, scope: EdgeScope): Promise<void> {
  await workTables(tx);
  await collectScope(tx, scope);
  // temporary tables have no statistics until analysed: without, a join by index looks dear
  await sql`analyze edge_scope`.execute(tx);
  await noteResolvedBefore(tx, scope.decisions);
  // the pairs the scope's references had (and every pair of the changed decisions, whose
  // references may be fewer now)
  const gone = (where: RawBuilder<unknown>) => sql`
    with gone as (delete from reference_targets t where ${where} returning t.source_id, t.role, t.target_id)
    insert into edge_pairs select distinct source_id, role, target_id from gone on conflict do nothing
  `;
  await gone(sql`t.source_id = any(${[...scope.decisions]}::text[])`).execute(tx);
  await gone(
    sql`exists (select 1 from edge_scope s where s.source_id = t.source_id and s.ordinal = t.ordinal)`,
  ).execute(tx);
  await insertReferenceTargets(
    tx,
    sql`decision_references dr join edge_scope s on s.source_id = dr.source_id and s.ordinal = dr.ordinal`,
  );
  await sql`
    insert into edge_pairs
    select distinct t.source_id, t.role, t.target_id
    from reference_targets t join edge_scope s on s.source_id = t.source_id and s.ordinal = t.ordinal
    on conflict do nothing
  `.execute(tx);
  await sql`analyze edge_pairs`.execute(tx);
  // re-derive the affected pairs from every reference of their citing decision
  await sql`
    with gone as (
      delete from citation_edges e using edge_pairs p
      where e.source_id = p.source_id and e.role = p.role and e.target_id = p.target_id
      returning e.source_id, e.role, e.target_id, e.source_court, e.source_canton, e.source_date, e.confidence
    )
    insert into edge_moves select source_id, role, target_id, -1, source_court, source_canton, source_date, confidence
    from gone
  `.execute(tx);
  await sql`
    with added as (${insertEdges(sql`edge_pairs p join reference_targets t
      on t.source_id = p.source_id and t.role = p.role and t.target_id = p.target_id`)}
      returning source_id, role, target_id, source_court, source_canton, source_date, confidence)
    insert into edge_moves select source_id, role, target_id, 1, source_court, source_canton, source_date, confidence
    from added
  `.execute(tx);
  // a pair replaced with another confidence may move `confident` alone
  await sql`
    insert into citation_degrees (decision_id, role, n, confident)
    select target_id, role, sum(d)::int, (coalesce(sum(d) filter (where ${CONFIDENT_EDGE}), 0))::int
    from edge_moves group by target_id, role
    having sum(d) <> 0 or sum(d) filter (where ${CONFIDENT_EDGE}) <> 0
    on conflict (decision_id, role) do update
    set n = citation_degrees.n + excluded.n, confident = citation_degrees.confident + excluded.confident
  `.execute(tx);
  await sql`
    delete from citation_degrees c using (select distinct target_id, role from edge_moves) m
    where c.decision_id = m.target_id and c.role = m.role and c.n = 0
  `.execute(tx);
  await moveOthers(tx, scope.decisions);
  await addCounts(tx, scope.decisions);
}

/**
 * Withdraws what `decisions` count in the graph's counters (`graph-counters.ts`) before their
 * rows are replaced; `resolveCitationEdges` adds them back as they are after.
 */
export async function withdrawBatchCounts(tx: Tx, decisions: readonly string[]): Promise<void> {
  if (decisions.length === 0) return;
  await byIndex(tx, () => withdrawCounts(tx, decisions));
}
