import { sql } from 'kysely';
import type { TrendsQuery, TrendsResponse } from '../../contracts/api/graph.schema.ts';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import type { Database } from '../../infra/db/database.ts';
import type { DecisionSearchIndex, SearchFilters } from '../../infra/search/search.port.ts';
import { statuteFilterOf, topicOf, type StatuteFilter } from './graph-params.ts';

/** Topic matches read when a topic and a statute are combined (beyond: lower bound). */
export const TREND_TOPIC_POOL = 10_000;
const TOPIC_PAGE = 2000;
/** Yearly count requests to the search index in flight at once. */
const PARALLEL_COUNTS = 4;

type YearCount = TrendsResponse['years'][number];

function searchFilters(q: TrendsQuery): SearchFilters {
  return {
    ...(q.court ? { court: q.court } : {}),
    ...(q.date_from ? { dateFrom: q.date_from } : {}),
    ...(q.date_to ? { dateTo: q.date_to } : {}),
  };
}

/** Decisions per year in the graph's nodes, optionally only those applying a provision or in a set. */
async function countsFromNodes(
  db: Database,
  q: TrendsQuery,
  statute: StatuteFilter | null,
  ids: readonly string[] | null,
): Promise<YearCount[]> {
  const result = await sql<{ year: number; n: number }>`
    select extract(year from n.decision_date)::int as year, count(*)::int as n
    from citation_nodes n
    where n.decision_date is not null
      ${statute ? sql`and exists (select 1 from statute_references s where s.source_id = n.decision_id and s.act_key = ${statute.sr_number} ${statute.article !== null ? sql`and s.article = ${statute.article}` : sql``})` : sql``}
      ${ids ? sql`and n.decision_id = any(${[...ids]}::text[])` : sql``}
      ${q.court ? sql`and n.court = ${q.court}` : sql``}
      ${q.date_from ? sql`and n.decision_date >= ${q.date_from}` : sql``}
      ${q.date_to ? sql`and n.decision_date <= ${q.date_to}` : sql``}
    group by 1 order by 1
  `.execute(db);
  return result.rows.map((r) => ({ year: Number(r.year), decisions: Number(r.n), is_lower_bound: false }));
}

async function yearRange(db: Database, q: TrendsQuery): Promise<[number, number] | null> {
  const r = await sql<{ lo: number | null; hi: number | null }>`
    select extract(year from min(decision_date))::int as lo, extract(year from max(decision_date))::int as hi
    from citation_nodes ${q.court ? sql`where court = ${q.court}` : sql``}
  `.execute(db);
  const lo = r.rows[0]?.lo;
  const hi = r.rows[0]?.hi;
  if (lo === null || lo === undefined || hi === null || hi === undefined) return null;
  const from = q.date_from ? Math.max(Number(lo), Number(q.date_from.slice(0, 4))) : Number(lo);
  const to = q.date_to ? Math.min(Number(hi), Number(q.date_to.slice(0, 4))) : Number(hi);
  return from <= to ? [from, to] : null;
}

/** A topic's matches per year, counted by the search index (capped counts are lower bounds). */
async function topicCounts(db: Database, search: DecisionSearchIndex, q: TrendsQuery, topic: QueryNode): Promise<YearCount[]> {
  const range = await yearRange(db, q);
  if (!range) return [];
  const years: number[] = [];
  for (let y = range[0]; y <= range[1]; y++) years.push(y);
  const out: YearCount[] = [];
  for (let i = 0; i < years.length; i += PARALLEL_COUNTS) {
    const part = await Promise.all(
      years.slice(i, i + PARALLEL_COUNTS).map(async (year) => {
        const from = `${year}-01-01`;
        const to = `${year}-12-31`;
        const filters: SearchFilters = {
          ...searchFilters(q),
          dateFrom: q.date_from && q.date_from > from ? q.date_from : from,
          dateTo: q.date_to && q.date_to < to ? q.date_to : to,
        };
        const r = await search.searchIds({ query: topic, filters, sort: 'date_desc', limit: 1, offset: 0 });
        return { year, decisions: r.total, is_lower_bound: r.totalIsLowerBound };
      }),
    );
    out.push(...part.filter((p) => p.decisions > 0));
  }
  return out;
}

/** Ids of a topic's matches (up to the pool), for combining with a statute. */
async function topicIds(search: DecisionSearchIndex, q: TrendsQuery, topic: QueryNode): Promise<{ ids: string[]; cut: boolean }> {
  const ids: string[] = [];
  for (let offset = 0; offset < TREND_TOPIC_POOL; offset += TOPIC_PAGE) {
    const r = await search.searchIds({ query: topic, filters: searchFilters(q), sort: 'date_desc', limit: TOPIC_PAGE, offset });
    ids.push(...r.ids);
    if (!r.hasMore || r.ids.length === 0) return { ids, cut: false };
  }
  return { ids, cut: true };
}

/** GET /trends: decisions per year on a topic and/or citing a statute provision. */
export async function trends(
  db: Database,
  search: DecisionSearchIndex,
  q: TrendsQuery,
): Promise<TrendsResponse> {
  const statute = statuteFilterOf(q.law_code, q.article);
  const topic = topicOf(q.query);
  let years: YearCount[];
  if (topic && statute) {
    const { ids, cut } = await topicIds(search, q, topic);
    years = (await countsFromNodes(db, q, statute, ids)).map((y) => ({ ...y, is_lower_bound: cut }));
  } else if (topic) {
    years = await topicCounts(db, search, q, topic);
  } else {
    years = await countsFromNodes(db, q, statute, null);
  }
  return {
    filters: {
      query: q.query && q.query !== '' ? q.query : null,
      statute,
      court: q.court ?? null,
      date_from: q.date_from ?? null,
      date_to: q.date_to ?? null,
    },
    total: years.reduce((a, y) => a + y.decisions, 0),
    total_is_lower_bound: years.some((y) => y.is_lower_bound),
    years,
  };
}
