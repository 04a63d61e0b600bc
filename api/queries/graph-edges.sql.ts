/**
 * Citation edges as the citation-graph projection resolved them (`citation_edges`: per citing
 * decision, role and cited decision, its most confident reference; `reference_targets`: per
 * reference, what it resolves to; `citation_degrees`: in-degrees), with the wording of each
 * edge's reference from `decision_references` and the node of the decision at its other end
 * (`citation_nodes`). Nothing is resolved here.
 */
import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_MIN_CONFIDENCE } from '../../contracts/citation/edge-confidence.ts';
import type { Database } from '../../infra/db/database.ts';
import type { DecisionReferenceTable } from '../../infra/db/schema.ts';
import { NODE_COLUMNS, type NodeRow } from './graph-nodes.query.ts';

/** The columns of an edge row both directions return: the reference as stored, and its resolution. */
export type EdgeRow = Pick<
  DecisionReferenceTable,
  | 'source_id'
  | 'ordinal'
  | 'kind'
  | 'origin'
  | 'level'
  | 'raw'
  | 'ref_key'
  | 'docket'
  | 'ref_court'
  | 'ref_canton'
  | 'pin_page'
  | 'pinpoints'
  | 'stated_date'
  | 'match_confidence'
  | 'mentions'
  | 'source_date'
> & {
  target_id: string;
  match: string;
  candidates: number;
  court_agreement: string;
  date_order: string;
  confidence: number;
  /** The decision at the other end (cited, or citing), read with the edge; null without its node. */
  other: NodeRow | null;
};

const REF_COLUMNS = sql.raw(
  'r.source_id, r.ordinal, r.kind, r.origin, r.level, r.raw, r.ref_key, r.docket, r.ref_court, r.ref_canton, r.pin_page, r.pinpoints, r.stated_date, r.match_confidence, r.mentions, r.source_date',
);
const EVIDENCE_COLUMNS = sql.raw(
  'e.target_id, e.match, e.candidates, e.court_agreement, e.date_order, e.confidence',
);
/** The other decision's node (`o`), its columns prefixed so that they do not meet the edge's. */
const OTHER_PREFIX = 'other_' as const;
const OTHER_COLUMNS = sql.raw(NODE_COLUMNS.map((c) => `o.${c} as ${OTHER_PREFIX}${c}`).join(', '));

export interface EdgePage {
  readonly total: number;
  readonly rows: EdgeRow[];
}

export interface EdgePageRequest {
  readonly minConfidence: number;
  readonly limit: number;
  readonly offset: number;
}

/**
 * What decision `sourceId` refers to (role `citation` or `appeal_prior`): one edge per cited
 * decision (the most confident reference) at or above the confidence asked, in text order.
 */
export async function outgoingEdges(
  db: Database,
  sourceId: string,
  role: string,
  page: EdgePageRequest,
): Promise<EdgePage> {
  return pageOf((await outgoingEdgesSql(sourceId, role, page).execute(db)).rows);
}

/** The statement of {@link outgoingEdges} (for EXPLAIN in benchmarks). */
export function outgoingEdgesSql(
  sourceId: string,
  role: string,
  page: EdgePageRequest,
): RawBuilder<FlatEdgeRow> {
  return sql<FlatEdgeRow>`
    with e as materialized (
      select * from citation_edges where source_id = ${sourceId} and role = ${role} and confidence >= ${page.minConfidence}
    )
    select t.total, p.* from (select count(*)::int as total from e) t
    left join lateral (
      select ${REF_COLUMNS}, ${EVIDENCE_COLUMNS}, ${OTHER_COLUMNS}
      from e join decision_references r on r.source_id = e.source_id and r.ordinal = e.ordinal
      left join citation_nodes o on o.decision_id = e.target_id
      order by e.ordinal, e.target_id limit ${page.limit} offset ${page.offset}
    ) p on true
  `;
}

/**
 * What refers to decision `targetId` (role `citation`: citing decisions; `appeal_prior`:
 * decisions appealed from it): one edge per referring decision at or above the confidence asked,
 * newest first. Counted and paged from the index on the cited side, so a hub pages cheaply: the
 * page's keys are read from that index alone, in its order, and only the page's edges from the
 * table.
 */
export async function incomingEdges(
  db: Database,
  targetId: string,
  role: string,
  page: EdgePageRequest,
): Promise<EdgePage> {
  try {
    return pageOf((await incomingEdgesSql(targetId, role, page).execute(db)).rows);
  } catch (error) {
    // a generation whose projector has not yet added the confident in-degrees (an API of this
    // release beside a projector of the one before): counted, as before
    if ((error as { code?: string }).code !== UNDEFINED_COLUMN || keptDegree(page.minConfidence) === null)
      throw error;
    return pageOf((await incomingEdgesSql(targetId, role, page, false).execute(db)).rows);
  }
}

/** PostgreSQL's error code for a column that does not exist. */
const UNDEFINED_COLUMN = '42703';

/** The statement of {@link incomingEdges} (for EXPLAIN in benchmarks); `keptTotal` false: the total counted. */
export function incomingEdgesSql(
  targetId: string,
  role: string,
  page: EdgePageRequest,
  keptTotal = true,
): RawBuilder<FlatEdgeRow> {
  const edges = sql`citation_edges where target_id = ${targetId} and role = ${role} and confidence >= ${page.minConfidence}`;
  // The total as the projection keeps it where it keeps one (at the default minimum confidence, and
  // at 0: every edge), else counted from the index. The 2,064 citing the most cited BGE of
  // 100,000 decisions: counted in 0.25-0.36 ms (3.1 ms with pages not all-visible), read in 0.03 ms.
  const kept = keptTotal ? keptDegree(page.minConfidence) : null;
  const total = kept
    ? sql`coalesce((select ${sql.ref(kept)} from citation_degrees where decision_id = ${targetId} and role = ${role}), 0)`
    : sql`(select count(*)::int from ${edges})`;
  // The keys alone (columns of citation_edges_target): an index-only scan in the page's order is
  // then the cheapest plan for any number of edges. Read with the whole row, a plan kept for the
  // average decision's few citations fetched and sorted all of a hub's (603 rows for a page of 50
  // on the embedded sample: 7.8 against 3.2 ms).
  return sql<FlatEdgeRow>`
    select t.total, p.* from (select ${total} as total) t
    left join lateral (
      select ${REF_COLUMNS}, ${EVIDENCE_COLUMNS}, ${OTHER_COLUMNS}
      from (select source_id, role, target_id, source_date from ${edges}
        order by source_date desc nulls last, source_id limit ${page.limit} offset ${page.offset}) k
      join citation_edges e using (source_id, role, target_id)
      join decision_references r on r.source_id = e.source_id and r.ordinal = e.ordinal
      left join citation_nodes o on o.decision_id = e.source_id
      order by k.source_date desc nulls last, k.source_id
    ) p on true
  `;
}

/** The column of `citation_degrees` holding the incoming total at a minimum confidence, if one does. */
function keptDegree(minConfidence: number): 'confident' | 'n' | null {
  if (minConfidence === DEFAULT_MIN_CONFIDENCE) return 'confident';
  // every edge has a confidence of at least 0
  return minConfidence <= 0 ? 'n' : null;
}

/** An edge row as the statements give it: the other decision's node as prefixed columns, null without one. */
type FlatEdgeRow = Omit<EdgeRow, 'other'> & { total: number } & {
  [K in keyof NodeRow as `${typeof OTHER_PREFIX}${K}`]: NodeRow[K] | null;
};

/**
 * The page of edges of the statement's rows. Each edge is built field by field: taking the
 * prefixed node columns out of a row of 31 columns by rest destructuring and spreading the rest
 * into the edge took V8's slow path (2.3 ms for a page of 100 edges against 0.07 ms).
 */
function pageOf(rows: readonly FlatEdgeRow[]): EdgePage {
  const total = Number(rows[0]?.total ?? 0);
  const page = rows
    .filter((r) => r.source_id !== null && r.source_id !== undefined)
    .map((r): EdgeRow => ({
      source_id: r.source_id,
      ordinal: r.ordinal,
      kind: r.kind,
      origin: r.origin,
      level: r.level,
      raw: r.raw,
      ref_key: r.ref_key,
      docket: r.docket,
      ref_court: r.ref_court,
      ref_canton: r.ref_canton,
      pin_page: r.pin_page,
      pinpoints: r.pinpoints,
      stated_date: r.stated_date,
      match_confidence: Number(r.match_confidence),
      mentions: r.mentions,
      source_date: r.source_date,
      target_id: r.target_id,
      match: r.match,
      candidates: Number(r.candidates),
      court_agreement: r.court_agreement,
      date_order: r.date_order,
      confidence: Number(r.confidence),
      other:
        r.other_decision_id === null
          ? null
          : ({
              decision_id: r.other_decision_id,
              court: r.other_court,
              canton: r.other_canton,
              decision_date: r.other_decision_date,
              language: r.other_language,
              title: r.other_title,
              docket_number: r.other_docket_number,
              rule_statement: r.other_rule_statement,
            } as NodeRow),
    }));
  return { total, rows: page };
}

/** A reference that names no decision of the corpus. */
export type UnresolvedRow = Pick<
  DecisionReferenceTable,
  | 'ordinal'
  | 'kind'
  | 'raw'
  | 'ref_key'
  | 'docket'
  | 'ref_court'
  | 'ref_canton'
  | 'stated_date'
  | 'match_confidence'
  | 'origin'
  | 'level'
>;

/** References of a decision (role) that name no decision of the corpus, in text order. */
export async function unresolvedReferences(
  db: Database,
  sourceId: string,
  role: string,
  page: { limit: number },
): Promise<{ total: number; rows: UnresolvedRow[] }> {
  const result = await sql<UnresolvedRow & { total: number }>`
    with u as materialized (
      select r.* from decision_references r
      where r.source_id = ${sourceId} and r.role = ${role}
        and not exists (select 1 from reference_targets t where t.source_id = r.source_id and t.ordinal = r.ordinal)
    )
    select t.total, p.* from (select count(*)::int as total from u) t
    left join lateral (
      select ordinal, kind, raw, ref_key, docket, ref_court, ref_canton, stated_date, match_confidence, origin, level
      from u order by ordinal limit ${page.limit}
    ) p on true
  `.execute(db);
  const total = Number(result.rows[0]?.total ?? 0);
  return {
    total,
    rows: result.rows
      .filter((r) => r.ordinal !== null)
      .map(({ total: _t, ...r }) => ({ ...r, match_confidence: Number(r.match_confidence) })),
  };
}

/**
 * In-degree (distinct citing decisions whose reference resolves to it, any confidence) of each
 * decision in `ids`, as the projection keeps it.
 */
export async function inDegrees(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await sql<{ decision_id: string; n: number }>`
    select decision_id, n from citation_degrees where role = 'citation' and decision_id = any(${[...new Set(ids)]}::text[])
  `.execute(db);
  return new Map(result.rows.map((r) => [r.decision_id, Number(r.n)]));
}

export interface CitedFilters {
  readonly court?: string | undefined;
  readonly dateFrom?: string | undefined;
  readonly dateTo?: string | undefined;
}

/** No filter on the cited decision is set (every node passes {@link citedFilterSql}). */
export function isUnfiltered(filters: CitedFilters): boolean {
  return !filters.court && !filters.dateFrom && !filters.dateTo;
}

/** The filters on the cited decision (its node as `n`). */
export function citedFilterSql(filters: CitedFilters): RawBuilder<boolean> {
  return sql<boolean>`true
    ${filters.court ? sql`and n.court = ${filters.court}` : sql``}
    ${filters.dateFrom ? sql`and n.decision_date >= ${filters.dateFrom}` : sql``}
    ${filters.dateTo ? sql`and n.decision_date <= ${filters.dateTo}` : sql``}`;
}

export interface CitedCount {
  readonly decision_id: string;
  readonly citing: number;
  readonly in_context: boolean;
  /** The cited decision's date (the newest first among equals). */
  readonly decision_date: string | null;
  /** Its in-degree as the projection keeps it (`citation_degrees`), read in the same statement. */
  readonly cited_by: number;
}

/** The in-degree of the decision `alias.decision_id` (0 when none cites it), for a select list. */
const inDegreeOf = (alias: string) =>
  sql`coalesce((select d.n from citation_degrees d
    where d.decision_id = ${sql.ref(`${alias}.decision_id`)} and d.role = 'citation'), 0)::int`;

/** A counted row as the API reads it: counts as numbers. */
const countedOf = (r: CitedCount): CitedCount => ({
  ...r,
  citing: Number(r.citing),
  cited_by: Number(r.cited_by),
});

/** The counted candidates, and the count a decision must exceed to be surely among them. */
export interface CountedCandidates {
  readonly rows: CitedCount[];
  /**
   * The `cap`-th highest count of every decision counted, whatever its node and the filters (0
   * with fewer): fewer than `cap` decisions are counted more often, so each of them (with a node
   * passing the filters) is a candidate; of those counted this often, only the newest are.
   */
  readonly floor: number;
}

/**
 * The `cap` decisions with the highest kept counter (`counted`: SQL giving `target_id, n` from a
 * counter table) that pass the filters; the order among equal counts is the newest first, for
 * which every decision tied with the last place is looked at. The counters are read from their
 * index top down: the work is the cap, not the number of decisions counted. `inContext`: a query
 * over the candidate `t.decision_id` that returns a row when it is in the context, looked up per
 * candidate (lateral, never hashed over the whole context); null: every decision is.
 */
async function topCounted(
  db: Database,
  counted: RawBuilder<unknown>,
  inContext: RawBuilder<unknown> | null,
  filters: CitedFilters,
  cap: number,
): Promise<CountedCandidates> {
  const where = citedFilterSql(filters);
  const unfiltered = isUnfiltered(filters);
  // without a filter on the cited decision, the cap-th count is read from the counter's index alone
  const ranked = unfiltered
    ? sql`select c.n from (${counted}) c order by c.n desc limit ${cap}`
    : sql`select c.n from (${counted}) c join citation_nodes n on n.decision_id = c.target_id
      where ${where} order by c.n desc limit ${cap}`;
  // the floor is the cap-th count of every decision counted: unfiltered, the last of `ranked`
  const floor = unfiltered
    ? sql`select case when count(*) = ${cap} then min(r.n) else 0 end from ranked r`
    : sql`select c.n from (${counted}) c order by c.n desc offset ${cap - 1} limit 1`;
  const result = await sql<CitedCount & { floor: number }>`
    with ranked as materialized (${ranked}),
    top as materialized (
      select c.target_id as decision_id, c.n as citing, n.decision_date
      from (${counted}) c join citation_nodes n on n.decision_id = c.target_id
      where c.n >= (select coalesce(min(r.n), 0) from ranked r) and ${where}
      order by c.n desc, n.decision_date desc nulls last, c.target_id
      limit ${cap}
    )
    select f.floor, p.* from (select coalesce((${floor}), 0)::int as floor) f
    left join lateral (
      select t.decision_id, t.citing, t.decision_date, ${inContext === null ? sql`true` : sql`x.hit is not null`} as in_context,
        ${inDegreeOf('t')} as cited_by
      from top t ${inContext === null ? sql`` : sql`left join lateral (${inContext}) x on true`}
    ) p on true
    order by p.citing desc, p.decision_date desc nulls last, p.decision_id
  `.execute(db);
  return candidatesOf(result.rows);
}

/** The statement's rows as counted candidates: the floor on every row (one row without a candidate). */
function candidatesOf(rows: readonly (CitedCount & { floor: number })[]): CountedCandidates {
  return {
    rows: rows.filter((r) => r.decision_id !== null).map(({ floor: _, ...r }) => countedOf(r)),
    floor: Number(rows[0]?.floor ?? 0),
  };
}

/**
 * Per decision cited by decisions applying a provision (`article` null: any article of the act),
 * the number of them citing it, as the projection counts it (`provision_citations`); `in_context`:
 * the decision applies the provision itself.
 */
export function provisionCitations(
  db: Database,
  provision: { readonly actKey: string; readonly article: string | null },
  filters: CitedFilters,
  cap: number,
): Promise<CountedCandidates> {
  const article = provision.article ?? '';
  return topCounted(
    db,
    sql`select target_id, n from provision_citations where act_key = ${provision.actKey} and article = ${article}`,
    sql`select true as hit from statute_references s where s.source_id = t.decision_id
      and s.act_key = ${provision.actKey} ${provision.article !== null ? sql`and s.article = ${provision.article}` : sql``} limit 1`,
    filters,
    cap,
  );
}

/** The decisions cited most (in-degree, `citation_degrees`); every decision is in the context. */
export function mostCited(db: Database, filters: CitedFilters, cap: number): Promise<CountedCandidates> {
  return topCounted(
    db,
    sql`select decision_id as target_id, n from citation_degrees where role = 'citation'`,
    null,
    filters,
    cap,
  );
}

/** Decisions applying a provision (`article` null: any article of the act), as counted by the projection. */
export async function provisionDecisions(
  db: Database,
  provision: { readonly actKey: string; readonly article: string | null },
): Promise<number> {
  const result = await sql<{ n: number }>`
    select n from provision_decisions where act_key = ${provision.actKey} and article = ${provision.article ?? ''}
  `.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The CTEs `s (id)`, the context set given as SQL, and `counts (target_id, citing)`: per decision
 * the context cites, the number of context decisions with an edge to it.
 */
const contextCountsSql = (context: RawBuilder<unknown>) => sql`s as materialized (${context}),
  counts as materialized (
    select e.target_id, count(*)::int as citing
    from s join citation_edges e on e.source_id = s.id and e.role = 'citation'
    group by e.target_id
  )`;

/** The `nth` highest count of {@link contextCountsSql}'s `counts` (0 with fewer), for a select list. */
const nthCountSql = (nth: number) =>
  sql`coalesce((select citing from counts order by citing desc offset ${nth - 1} limit 1), 0)::int`;

/**
 * Per decision cited from the context set (the CTE `s (id)` given as SQL), the number of
 * context decisions with an edge to it: the first `cap` by that number, then date, then id.
 *
 * Each cited decision's node (its date, and the filters) is one primary-key lookup. Without
 * filters only the decisions cited at least as often as the `cap`-th are looked up (the others
 * cannot place); should some of them have no node, which would leave the page short, the whole
 * count is read again without that floor.
 */
export async function citationsFromContext(
  db: Database,
  context: RawBuilder<unknown>,
  filters: CitedFilters,
  cap: number,
): Promise<CountedCandidates> {
  const unfiltered = isUnfiltered(filters);
  const read = async (floored: boolean) =>
    (
      await sql<CitedCount & { cited: number; floor: number }>`
        with ${contextCountsSql(context)}
        select p.*, ${inDegreeOf('p')} as cited_by from (
        select c.target_id as decision_id, c.citing, n.decision_date, exists (select 1 from s where s.id = c.target_id) as in_context,
          (select count(*) from counts)::int as cited,
          ${nthCountSql(cap)} as floor
        from counts c
        -- one primary-key lookup per cited decision (offset 0 keeps the planner from turning it into a
        -- hash join over every node: a sequential scan of the whole graph for a few thousand targets)
        cross join lateral (select n.decision_date from citation_nodes n
          where n.decision_id = c.target_id and ${citedFilterSql(filters)} offset 0) n
        ${floored ? sql`where c.citing >= ${nthCountSql(cap)}` : sql``}
        order by c.citing desc, n.decision_date desc nulls last, c.target_id
        limit ${cap}
        ) p
        order by p.citing desc, p.decision_date desc nulls last, p.decision_id
      `.execute(db)
    ).rows;
  let rows = await read(unfiltered);
  if (unfiltered && rows.length < cap && (rows.length === 0 || rows.length < Number(rows[0]!.cited)))
    rows = await read(false);
  return {
    rows: rows.map(({ cited: _c, floor: _f, ...r }) => countedOf(r)),
    floor: Number(rows[0]?.floor ?? 0),
  };
}

/** What {@link contextLeaders} reads of a context. */
export interface ContextLeaders extends CountedCandidates {
  /**
   * The `top`-th highest count (0 with fewer): a decision the context cites that is not among
   * `rows` is cited at most that often.
   */
  readonly bound: number;
}

/**
 * Per decision the context (set `s (id)` given as SQL) cites, the number of context decisions
 * citing it, as {@link citationsFromContext} counts them and with its floor, but with the node
 * (date) and in-degree read only for the context's own cited decisions and the `top` cited most
 * (ties at the last place cut anywhere; `bound` bounds the others). No filter on the cited
 * decisions; a decision without a node is left out.
 */
export async function contextLeaders(
  db: Database,
  context: RawBuilder<unknown>,
  cap: number,
  top: number,
): Promise<ContextLeaders> {
  const result = await sql<CitedCount & { floor: number; bound: number }>`
    with ${contextCountsSql(context)},
    -- the dates and in-degrees read for these alone, not for every decision counted
    picked as materialized (
      select target_id as decision_id, citing from counts where target_id in (select id from s)
      union
      (select target_id as decision_id, citing from counts order by citing desc limit ${top})
    )
    select f.floor, f.bound, p.* from (
      select ${nthCountSql(cap)} as floor, ${nthCountSql(top)} as bound
    ) f
    left join lateral (
      select c.decision_id, c.citing, n.decision_date, c.decision_id in (select id from s) as in_context,
        ${inDegreeOf('c')} as cited_by
      from picked c
      -- one primary-key lookup per decision (see citationsFromContext)
      cross join lateral (select n.decision_date from citation_nodes n where n.decision_id = c.decision_id offset 0) n
    ) p on true
  `.execute(db);
  return {
    ...candidatesOf(result.rows.map(({ bound: _, ...r }) => r)),
    bound: Number(result.rows[0]?.bound ?? 0),
  };
}
