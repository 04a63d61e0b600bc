/**
 * Citation edges in SQL: the resolution tiers and the confidence rules of
 * `contracts/citation/edge-confidence.ts`, written over `decision_references` (the graph
 * projection) × `decision_identifiers` (the identifier projection) × `citation_nodes`. The
 * arithmetic is the same as `edgeConfidence` (float8, same order, round half up on hundredths);
 * `graph-edges.int.test.ts` checks both on one table of cases.
 */
import { sql, type RawBuilder } from 'kysely';
import { EDGE_RULES } from '../../contracts/citation/edge-confidence.ts';
import type { Database } from '../../infra/db/database.ts';
import type { DecisionReferenceTable } from '../../infra/db/schema.ts';

const float = (n: number): RawBuilder<number> => sql.raw(`${String(n)}::float8`);

/** A CASE over a text label mapping each label to its factor. */
function factorOf(label: RawBuilder<string>, table: Readonly<Record<string, number>>): RawBuilder<number> {
  const whens = Object.entries(table).map(([k, v]) => sql`when ${sql.lit(k)} then ${float(v)}`);
  return sql<number>`(case ${label} ${sql.join(whens, sql` `)} end)`;
}

/** Whether identifier row `i` may stand for reference `r` in the exact tier (court, canton). */
export function admitsSql(r: string, i: string): RawBuilder<boolean> {
  const ref = (c: string) => sql.ref(`${r}.${c}`);
  const id = (c: string) => sql.ref(`${i}.${c}`);
  return sql<boolean>`(case when ${ref('ref_court')} is not null then ${id('court')} = ${ref('ref_court')}
    when ${ref('ref_canton')} is not null and ${ref('ref_canton')} <> 'CH' then ${id('canton')} = ${ref('ref_canton')}
    else true end)`;
}

/** `same_court` | `same_canton` | `unnamed` of a reference row alias. */
export function courtAgreementSql(r: string): RawBuilder<string> {
  return sql<string>`(case when ${sql.ref(`${r}.ref_court`)} is not null then 'same_court'
    when ${sql.ref(`${r}.ref_canton`)} is not null and ${sql.ref(`${r}.ref_canton`)} <> 'CH' then 'same_canton'
    else 'unnamed' end)`;
}

// day of year 1 = `YYYY-01-01`, the placeholder date (date_part is float8: cheaper than extract)
const placeholder = (d: RawBuilder<unknown>) => sql`date_part('doy', ${d}) = 1`;

/** The date evidence (`dateOrderOf`) from the citing date, the cited date and the stated date. */
export function dateOrderSql(
  citing: RawBuilder<unknown>,
  cited: RawBuilder<unknown>,
  stated: RawBuilder<unknown>,
): RawBuilder<string> {
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
export function confidenceSql(e: {
  matchConfidence: RawBuilder<unknown>;
  match: RawBuilder<string>;
  court: RawBuilder<string>;
  dateOrder: RawBuilder<string>;
  candidates: RawBuilder<unknown>;
}): RawBuilder<number> {
  const p = sql`((((${e.matchConfidence}::float8 * ${factorOf(e.match, EDGE_RULES.match)}) * ${factorOf(e.court, EDGE_RULES.court)}) * ${factorOf(e.dateOrder, EDGE_RULES.date)}) / greatest(${e.candidates}, 1))`;
  return sql<number>`(floor(least(${p}, 1::float8) * 100 + 0.5::float8) / 100)`;
}

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
};

const REF_COLUMNS = sql.raw(
  'r.source_id, r.ordinal, r.kind, r.origin, r.level, r.raw, r.ref_key, r.docket, r.ref_court, r.ref_canton, r.bge_volume, r.bge_part, r.bge_page, r.pin_page, r.pinpoints, r.stated_date, r.match_confidence, r.mentions, r.source_date',
);

export interface EdgePage {
  readonly total: number;
  readonly rows: EdgeRow[];
}

/**
 * `cand (source_id, ordinal, target_id, match)`: the decisions each reference of the CTE `r` names, by tier
 * (exact key with court and canton agreement; origin docket of a BGE; BGE inner page).
 *
 * The inner-page tier first keeps the BGE references whose key names no decision (`orphan_bge`,
 * materialised), then looks each one's page up in the page ranges of its volume and part
 * (lateral, by index): joined the other way round, millions of references would meet every BGE
 * of their volume before the page test (measured: 310 million rows, 90 s for /statistics).
 */
export const candidatesCte = sql`orphan_bge as materialized (
      select r.source_id, r.ordinal, r.bge_volume, r.bge_part, r.bge_page from r
      where r.kind = 'bge' and not exists (select 1 from decision_identifiers x where x.ref_key = r.ref_key)
    ),
    cand as (
      select r.source_id, r.ordinal, i.decision_id as target_id, 'exact'::text as match
      from r join decision_identifiers i on i.ref_key = r.ref_key
      where i.kind <> 'origin_docket' and ${admitsSql('r', 'i')}
      union all
      select r.source_id, r.ordinal, i.decision_id, 'origin_docket'
      from r join decision_identifiers i on i.ref_key = r.ref_key and i.kind = 'origin_docket'
      where r.ref_court = 'bger' and not exists (
        select 1 from decision_identifiers x where x.ref_key = r.ref_key and x.kind <> 'origin_docket' and x.court = 'bger')
      union all
      select o.source_id, o.ordinal, i.decision_id, 'inner_page'
      from orphan_bge o cross join lateral (
        select i.decision_id from decision_identifiers i
        where i.kind = 'bge' and i.bge_volume = o.bge_volume and i.bge_part = o.bge_part
          and i.page_start < o.bge_page and o.bge_page <= coalesce(i.page_end, i.page_start)
      ) i
    )`;

/**
 * What decision `sourceId` refers to (role `citation` or `appeal_prior`), resolved, scored and
 * filtered: one edge per cited decision (the most confident reference), in text order.
 */
export async function outgoingEdges(
  db: Database,
  sourceId: string,
  role: string,
  page: { minConfidence: number; limit: number; offset: number },
): Promise<EdgePage> {
  return pageOf((await outgoingEdgesSql(sourceId, role, page).execute(db)).rows);
}

/** The statement of {@link outgoingEdges} (for EXPLAIN in benchmarks). */
export function outgoingEdgesSql(
  sourceId: string,
  role: string,
  page: { minConfidence: number; limit: number; offset: number },
): RawBuilder<EdgeRow & { total: number }> {
  return sql<EdgeRow & { total: number }>`
    with r as (
      select * from decision_references where source_id = ${sourceId} and role = ${role}
    ),
    ${candidatesCte},
    counted as (
      select cand.*, count(*) over (partition by source_id, ordinal)::int as candidates from cand
    ),
    evidence as (
      select ${REF_COLUMNS}, c.target_id, c.match, c.candidates,
        ${courtAgreementSql('r')} as court_agreement,
        ${dateOrderSql(sql`r.source_date`, sql`t.decision_date`, sql`r.stated_date`)} as date_order
      from counted c join r on r.source_id = c.source_id and r.ordinal = c.ordinal
      join citation_nodes t on t.decision_id = c.target_id
      where c.target_id <> r.source_id
    ),
    scored as (
      select e.*, ${confidenceSql({
        matchConfidence: sql`e.match_confidence`,
        match: sql`e.match`,
        court: sql`e.court_agreement`,
        dateOrder: sql`e.date_order`,
        candidates: sql`e.candidates`,
      })} as confidence
      from evidence e
    ),
    best as materialized (
      select distinct on (target_id) * from scored where confidence >= ${page.minConfidence}
      order by target_id, confidence desc, ordinal
    )
    select t.total, p.* from (select count(*)::int as total from best) t
    left join lateral (
      select * from best order by ordinal, target_id limit ${page.limit} offset ${page.offset}
    ) p on true
  `;
}

type Tier = 'exact' | 'origin_docket' | 'inner_page';

/**
 * The references of `role` that name a row of the CTE `k` (identifier rows, with `decision_id`),
 * by tier, mirroring {@link candidatesCte} from the cited side: `select` gives each tier's select
 * list over `k` and `r` (the reference).
 */
function referencesNamingKeysSql(role: string, select: (tier: Tier) => RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
      select ${select('exact')}
      from k join decision_references r on r.ref_key = k.ref_key
      where k.kind <> 'origin_docket' and r.role = ${role} and r.source_id <> k.decision_id and ${admitsSql('r', 'k')}
      union all
      select ${select('origin_docket')}
      from k join decision_references r on r.ref_key = k.ref_key
      where k.kind = 'origin_docket' and r.ref_court = 'bger' and r.role = ${role} and r.source_id <> k.decision_id
        and not exists (select 1 from decision_identifiers x where x.ref_key = k.ref_key and x.kind <> 'origin_docket' and x.court = 'bger')
      union all
      select ${select('inner_page')}
      from k join decision_references r on r.kind = 'bge' and r.bge_volume = k.bge_volume and r.bge_part = k.bge_part
        and r.bge_page > k.page_start and r.bge_page <= coalesce(k.page_end, k.page_start)
      where k.kind = 'bge' and r.role = ${role} and r.source_id <> k.decision_id
        and not exists (select 1 from decision_identifiers x where x.ref_key = r.ref_key)
    `;
}

/**
 * What refers to decision `targetId` (role `citation`: citing decisions; `appeal_prior`:
 * decisions appealed from it), resolved, scored and filtered: one edge per referring decision,
 * newest first. Starts from the target's own keys, so a hub pages by index.
 */
export async function incomingEdges(
  db: Database,
  targetId: string,
  role: string,
  page: { minConfidence: number; limit: number; offset: number },
): Promise<EdgePage> {
  return pageOf((await incomingEdgesSql(targetId, role, page).execute(db)).rows);
}

/** The statement of {@link incomingEdges} (for EXPLAIN in benchmarks). */
export function incomingEdgesSql(
  targetId: string,
  role: string,
  page: { minConfidence: number; limit: number; offset: number },
): RawBuilder<EdgeRow & { total: number }> {
  // Only the columns of the covering index until the page is known (index-only scans for hubs);
  // the wording of the page's references is read by primary key at the end.
  const light = sql.raw(
    'r.source_id, r.ordinal, r.ref_key, r.ref_court, r.ref_canton, r.stated_date, r.match_confidence, r.source_date',
  );
  return sql<EdgeRow & { total: number }>`
    with k as materialized (
      select decision_id, ref_key, kind, court, canton, bge_volume, bge_part, page_start, page_end
      from decision_identifiers where decision_id = ${targetId}
    ),
    tgt as materialized (
      select coalesce((select decision_date from citation_nodes where decision_id = ${targetId}), null::date) as decision_date
    ),
    hits as materialized (${referencesNamingKeysSql(role, (tier) =>
      tier === 'inner_page' ? sql`${light}, r.bge_page, 'inner_page'::text as match` : sql`${light}, null::integer as bge_page, ${sql.lit(tier)}::text as match`,
    )}),
    amb as materialized (
      select c.*, (case c.match
        when 'exact' then (select count(*) from decision_identifiers i
          where i.ref_key = c.ref_key and i.kind <> 'origin_docket' and ${admitsSql('c', 'i')})
        when 'origin_docket' then (select count(*) from decision_identifiers i
          where i.ref_key = c.ref_key and i.kind = 'origin_docket')
        else (select count(*) from decision_identifiers i where i.kind = 'bge' and i.bge_volume = k.bge_volume
          and i.bge_part = k.bge_part and i.page_start < c.bge_page and c.bge_page <= coalesce(i.page_end, i.page_start))
      end)::int as candidates
      from (select distinct ref_key, ref_court, ref_canton, bge_page, match from hits) c
      left join k on k.kind = 'bge' and c.match = 'inner_page'
    ),
    evidence as (
      select h.source_id, h.ordinal, h.source_date, h.match_confidence, h.match, a.candidates,
        ${courtAgreementSql('h')} as court_agreement,
        ${dateOrderSql(sql`h.source_date`, sql`t.decision_date`, sql`h.stated_date`)} as date_order
      from hits h cross join tgt t join amb a on a.match = h.match and a.ref_key is not distinct from h.ref_key
        and a.ref_court is not distinct from h.ref_court and a.ref_canton is not distinct from h.ref_canton
        and a.bge_page is not distinct from h.bge_page
    ),
    scored as (
      select e.*, ${confidenceSql({
        matchConfidence: sql`e.match_confidence`,
        match: sql`e.match`,
        court: sql`e.court_agreement`,
        dateOrder: sql`e.date_order`,
        candidates: sql`e.candidates`,
      })} as confidence
      from evidence e
    ),
    best as materialized (
      -- one edge per citing decision: its most confident reference
      select * from (
        select s.*, row_number() over (partition by source_id order by confidence desc, ordinal) as rn
        from scored s where confidence >= ${page.minConfidence}
      ) x where rn = 1
    ),
    page as (
      select * from best order by source_date desc nulls last, source_id limit ${page.limit} offset ${page.offset}
    )
    select t.total, r.source_id, r.ordinal, r.kind, r.origin, r.level, r.raw, r.ref_key, r.docket, r.ref_court,
      r.ref_canton, r.pin_page, r.pinpoints, r.stated_date, r.match_confidence, r.mentions, r.source_date,
      ${targetId}::text as target_id, p.match, p.candidates, p.court_agreement, p.date_order, p.confidence
    from (select count(*)::int as total from best) t
    left join page p on true
    left join decision_references r on r.source_id = p.source_id and r.ordinal = p.ordinal
    order by p.source_date desc nulls last, p.source_id
  `;
}

function pageOf(rows: readonly (EdgeRow & { total: number })[]): EdgePage {
  const total = Number(rows[0]?.total ?? 0);
  const page = rows
    .filter((r) => r.source_id !== null && r.source_id !== undefined)
    .map(({ total: _total, ...r }) => ({
      ...r,
      confidence: Number(r.confidence),
      match_confidence: Number(r.match_confidence),
      candidates: Number(r.candidates),
    }));
  return { total, rows: page };
}

/** A reference that names no decision of the corpus. */
export type UnresolvedRow = Pick<
  DecisionReferenceTable,
  'ordinal' | 'kind' | 'raw' | 'ref_key' | 'docket' | 'ref_court' | 'ref_canton' | 'stated_date' | 'match_confidence' | 'origin' | 'level'
>;

/** References of a decision (role) that name no decision of the corpus, in text order. */
export async function unresolvedReferences(
  db: Database,
  sourceId: string,
  role: string,
  page: { limit: number },
): Promise<{ total: number; rows: UnresolvedRow[] }> {
  const result = await sql<UnresolvedRow & { total: number }>`
    with r as (
      select * from decision_references where source_id = ${sourceId} and role = ${role}
    ),
    ${candidatesCte},
    u as materialized (
      select r.* from r where not exists (select 1 from cand c where c.ordinal = r.ordinal and c.target_id <> r.source_id)
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
 * decision in `ids`.
 */
export async function inDegrees(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await sql<{ decision_id: string; n: number }>`
    with k as (
      select decision_id, ref_key, kind, court, canton, bge_volume, bge_part, page_start, page_end
      from decision_identifiers where decision_id = any(${[...new Set(ids)]}::text[])
    ),
    h as (${referencesNamingKeysSql('citation', () => sql`k.decision_id, r.source_id`)})
    select decision_id, count(distinct source_id)::int as n from h group by decision_id
  `.execute(db);
  return new Map(result.rows.map((r) => [r.decision_id, Number(r.n)]));
}

/**
 * Per decision cited from the context set (the CTE `s (id)` given as SQL), the number of
 * context decisions whose reference resolves to it.
 */
export async function citationsFromContext(
  db: Database,
  context: RawBuilder<unknown>,
  filters: { court?: string | undefined; dateFrom?: string | undefined; dateTo?: string | undefined },
  cap: number,
): Promise<{ decision_id: string; citing: number; in_context: boolean }[]> {
  const result = await sql<{ decision_id: string; citing: number; in_context: boolean }>`
    with s as materialized (${context}),
    r as (
      select dr.source_id, dr.ordinal, dr.kind, dr.ref_key, dr.ref_court, dr.ref_canton, dr.bge_volume, dr.bge_part, dr.bge_page
      from decision_references dr join s on s.id = dr.source_id where dr.role = 'citation'
    ),
    ${candidatesCte},
    counts as (
      select target_id, count(distinct source_id)::int as citing from cand where target_id <> source_id group by target_id
    )
    select c.target_id as decision_id, c.citing, exists (select 1 from s where s.id = c.target_id) as in_context
    from counts c join citation_nodes n on n.decision_id = c.target_id
    where true
      ${filters.court ? sql`and n.court = ${filters.court}` : sql``}
      ${filters.dateFrom ? sql`and n.decision_date >= ${filters.dateFrom}` : sql``}
      ${filters.dateTo ? sql`and n.decision_date <= ${filters.dateTo}` : sql``}
    order by c.citing desc, n.decision_date desc nulls last, c.target_id
    limit ${cap}
  `.execute(db);
  return result.rows.map((r) => ({ ...r, citing: Number(r.citing) }));
}
