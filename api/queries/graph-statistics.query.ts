import { sql, type RawBuilder } from 'kysely';
import type { StatisticsQuery } from '../../contracts/api/corpus.schema.ts';
import type { CitationGraphStatistics, StatuteStatistics } from '../../contracts/api/graph.schema.ts';
import { citationStrings } from '../../contracts/citation/citation-strings.ts';
import { federalActBySr } from '../../contracts/laws/federal-acts.ts';
import type { Database } from '../../infra/db/database.ts';
import { GRAPH_FIGURES_ROLLUP } from '../../infra/db/schema.ts';
import { nodesByIds } from './graph-nodes.query.ts';

/**
 * The citation-graph and statute figures of /statistics, read from the counters the citation
 * graph keeps as decisions arrive (`projector/citation-graph/graph-counters.ts`): per citing
 * court, canton and year, each figure summed over the groups the filter selects. Nothing is
 * counted over references or edges per request.
 */
export interface GraphFigures {
  readonly citation_graph: CitationGraphStatistics;
  readonly statutes: StatuteStatistics;
}

/**
 * The groups (citing court, canton, year) a filter selects, over a table alias with those
 * columns; unfiltered, the rollup group of `graph_figures` (every group summed, year -1).
 */
const unfiltered = (q: StatisticsQuery) => !q.court && !q.canton && q.year === undefined;

function groupFilter(q: StatisticsQuery, alias: string): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  if (unfiltered(q)) return sql<boolean>`${col('year')} = ${sql.lit(GRAPH_FIGURES_ROLLUP.year)}`;
  return sql<boolean>`true
    ${q.court ? sql`and ${col('court')} = ${q.court}` : sql``}
    ${q.canton ? sql`and ${col('canton')} = ${q.canton}` : sql``}
    ${q.year !== undefined ? sql`and ${col('year')} = ${q.year}` : sql``}`;
}

const num = (v: unknown): number => Number(v ?? 0);
const abbreviationOf = (sr: string): string | null => federalActBySr(sr)?.abbreviation.de ?? null;

/** `sum(n)` per figure and key over the selected groups, for the figures named. */
async function figureSums(db: Database, q: StatisticsQuery, figures: readonly string[]): Promise<{ figure: string; key: string; n: number }[]> {
  const result = await sql<{ figure: string; key: string; n: number }>`
    select f.figure, f.key, sum(f.n)::int as n from graph_figures f
    where f.figure = any(${[...figures]}::text[]) and ${groupFilter(q, 'f')}
    group by f.figure, f.key
  `.execute(db);
  return result.rows.map((r) => ({ ...r, n: num(r.n) }));
}

/** The statute figures per act (how many acts, the ten applied by most decisions) and the ten articles applied most. */
async function statuteRanks(
  db: Database,
  q: StatisticsQuery,
): Promise<{ acts: number; topActs: { key: string; n: number }[]; topArticles: { key: string; sub: string; n: number }[] }> {
  const [acts, articles] = await Promise.all([
    sql<{ count: number; key: string | null; n: number }>`
      with a as (
        select f.key, sum(f.n)::int as n from graph_figures f where f.figure = 'act' and ${groupFilter(q, 'f')} group by f.key
      )
      select c.count, t.key, t.n from (select count(*)::int as count from a) c
      left join lateral (select key, n from a order by n desc, key limit 10) t on true
    `.execute(db),
    sql<{ key: string; sub: string; n: number }>`
      select f.key, f.sub, sum(f.n)::int as n from graph_figures f where f.figure = 'article' and ${groupFilter(q, 'f')}
      group by f.key, f.sub order by n desc, f.key, f.sub limit 10
    `.execute(db),
  ]);
  return {
    acts: num(acts.rows[0]?.count),
    topActs: acts.rows.flatMap((r) => (r.key === null ? [] : [{ key: r.key, n: num(r.n) }])),
    topArticles: articles.rows.map((r) => ({ ...r, n: num(r.n) })),
  };
}

/** Decisions cited from the selected groups (how many, and the five cited most). */
async function cited(db: Database, q: StatisticsQuery): Promise<{ count: number; top: { target_id: string; n: number }[] }> {
  if (unfiltered(q)) {
    const [count, top] = await Promise.all([
      sql<{ n: number }>`select count(*)::int as n from citation_degrees where role = 'citation'`.execute(db),
      sql<{ target_id: string; n: number }>`
        select decision_id as target_id, n from citation_degrees where role = 'citation' order by n desc, decision_id limit 5
      `.execute(db),
    ]);
    return { count: num(count.rows[0]?.n), top: top.rows.map((t) => ({ target_id: t.target_id, n: num(t.n) })) };
  }
  const result = await sql<{ target_id: string | null; n: number; count: number }>`
    with per as (
      select g.target_id, sum(g.n)::int as n from group_citations g where ${groupFilter(q, 'g')} group by g.target_id
    )
    select c.count, t.target_id, t.n from (select count(*)::int as count from per) c
    left join lateral (select target_id, n from per order by n desc, target_id limit 5) t on true
  `.execute(db);
  return {
    count: num(result.rows[0]?.count),
    top: result.rows.flatMap((r) => (r.target_id === null ? [] : [{ target_id: r.target_id, n: num(r.n) }])),
  };
}

/** Citation-graph and statute figures for /statistics under a filter (court, canton, year of the citing decision). */
export async function graphStatistics(db: Database, q: StatisticsQuery, today: string): Promise<GraphFigures> {
  const [sums, citedFigures, statutes] = await Promise.all([
    figureSums(db, q, [
      'case_references',
      'resolved_references',
      'kind',
      'citing_decisions',
      'edges',
      'appeal_references',
      'appeal_resolved',
      'statute_references',
      'statute_decisions',
    ]),
    cited(db, q),
    statuteRanks(db, q),
  ]);
  const total = (figure: string) => sums.filter((s) => s.figure === figure).reduce((a, s) => a + s.n, 0);
  const nodes = await nodesByIds(
    db,
    citedFigures.top.map((t) => t.target_id),
  );
  return {
    citation_graph: {
      case_references: total('case_references'),
      resolved_references: total('resolved_references'),
      unresolved_references: total('case_references') - total('resolved_references'),
      references_by_kind: Object.fromEntries(
        sums
          .filter((s) => s.figure === 'kind')
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          .map((k) => [k.key, k.n]),
      ),
      citing_decisions: total('citing_decisions'),
      cited_decisions: citedFigures.count,
      edges: total('edges'),
      appeal_references: total('appeal_references'),
      appeal_links_resolved: total('appeal_resolved'),
      most_cited: citedFigures.top.flatMap((t) => {
        const n = nodes.get(t.target_id);
        return n
          ? [{ decision_id: t.target_id, citation_string_de: citationStrings(n, today).citation_string_de, cited_by: t.n }]
          : [];
      }),
      computed_at: new Date().toISOString(),
    },
    statutes: {
      statute_references: total('statute_references'),
      decisions_citing_statutes: total('statute_decisions'),
      federal_acts: statutes.acts,
      top_acts: statutes.topActs.map((a) => ({ sr_number: a.key, abbreviation: abbreviationOf(a.key), decisions: a.n })),
      top_articles: statutes.topArticles.map((a) => ({
        sr_number: a.key,
        abbreviation: abbreviationOf(a.key),
        article: a.sub,
        decisions: a.n,
      })),
    },
  };
}
