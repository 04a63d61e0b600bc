import { sql, type RawBuilder } from 'kysely';
import type { StatisticsQuery } from '../../contracts/api/corpus.schema.ts';
import type { CitationGraphStatistics, StatuteStatistics } from '../../contracts/api/graph.schema.ts';
import { citationStrings } from '../../contracts/citation/citation-strings.ts';
import { federalActBySr } from '../../contracts/laws/federal-acts.ts';
import type { Database } from '../../infra/db/database.ts';
import { nodesByIds } from './graph-nodes.query.ts';

/**
 * The graph figures count the resolved edges the projection keeps (at millions of references
 * still a scan of a few hundred milliseconds and more), so they are kept per database and filter. Figures
 * older than this are still served (with their `computed_at`) while newer ones are computed in the
 * background: only the first request of a filter waits.
 */
export const GRAPH_STATISTICS_TTL_MS = 30 * 60_000;

interface CacheEntry {
  readonly at: number;
  readonly value: Promise<GraphFigures>;
  /** Whether `value` has resolved (only resolved figures are served stale). */
  ready: boolean;
  refreshing: boolean;
}
const cache = new WeakMap<Database, Map<string, CacheEntry>>();

export interface GraphFigures {
  readonly citation_graph: CitationGraphStatistics;
  readonly statutes: StatuteStatistics;
}

/** Filters on the citing (source) decision: court, canton, year. */
function sourceFilter(q: StatisticsQuery): RawBuilder<boolean> {
  return sql<boolean>`true
    ${q.court ? sql`and source_court = ${q.court}` : sql``}
    ${q.canton ? sql`and source_canton = ${q.canton}` : sql``}
    ${q.year !== undefined ? sql`and source_date >= ${`${q.year}-01-01`} and source_date <= ${`${q.year}-12-31`}` : sql``}`;
}

const num = (v: unknown): number => Number(v ?? 0);

async function caseFigures(db: Database, q: StatisticsQuery, today: string): Promise<CitationGraphStatistics> {
  const where = sourceFilter(q);
  const unfiltered = !q.court && !q.canton && q.year === undefined;
  const resolvedOf = (role: string) => sql<number>`(select count(*) from decision_references r
    where r.role = ${role} and ${where}
      and exists (select 1 from reference_targets t where t.source_id = r.source_id and t.ordinal = r.ordinal))::int`;
  const [main, byKind, top, appeal] = await Promise.all([
    sql<{
      case_references: number;
      resolved_references: number;
      citing_decisions: number;
      cited_decisions: number;
      edges: number;
    }>`
      select
        (select count(*) from decision_references where role = 'citation' and ${where})::int as case_references,
        ${resolvedOf('citation')} as resolved_references,
        count(distinct source_id)::int as citing_decisions,
        count(distinct target_id)::int as cited_decisions,
        count(*)::int as edges
      from citation_edges where role = 'citation' and ${where}
    `.execute(db),
    sql<{ kind: string; n: number }>`
      select kind, count(*)::int as n from decision_references where role = 'citation' and ${where} group by kind order by kind
    `.execute(db),
    unfiltered
      ? sql<{ target_id: string; n: number }>`
          select decision_id as target_id, n from citation_degrees where role = 'citation' order by n desc, decision_id limit 5
        `.execute(db)
      : sql<{ target_id: string; n: number }>`
          select target_id, count(*)::int as n from citation_edges where role = 'citation' and ${where}
          group by target_id order by n desc, target_id limit 5
        `.execute(db),
    sql<{ total: number; resolved: number }>`
      select (select count(*) from decision_references where role = 'appeal_prior' and ${where})::int as total,
        ${resolvedOf('appeal_prior')} as resolved
    `.execute(db),
  ]);
  const m = main.rows[0];
  const nodes = await nodesByIds(
    db,
    top.rows.map((t) => t.target_id),
  );
  return {
    case_references: num(m?.case_references),
    resolved_references: num(m?.resolved_references),
    unresolved_references: num(m?.case_references) - num(m?.resolved_references),
    references_by_kind: Object.fromEntries(byKind.rows.map((k) => [k.kind, num(k.n)])),
    citing_decisions: num(m?.citing_decisions),
    cited_decisions: num(m?.cited_decisions),
    edges: num(m?.edges),
    appeal_references: num(appeal.rows[0]?.total),
    appeal_links_resolved: num(appeal.rows[0]?.resolved),
    most_cited: top.rows.flatMap((t) => {
      const n = nodes.get(t.target_id);
      return n ? [{ decision_id: t.target_id, citation_string_de: citationStrings(n, today).citation_string_de, cited_by: num(t.n) }] : [];
    }),
    computed_at: new Date().toISOString(),
  };
}

const abbreviationOf = (sr: string): string | null => federalActBySr(sr)?.abbreviation.de ?? null;

async function statuteFigures(db: Database, q: StatisticsQuery): Promise<StatuteStatistics> {
  const where = sourceFilter(q);
  const [totals, acts, articles] = await Promise.all([
    sql<{ n: number; d: number; acts: number }>`
      select count(*)::int as n, count(distinct source_id)::int as d, count(distinct sr_number)::int as acts
      from statute_references where ${where}
    `.execute(db),
    sql<{ sr_number: string; n: number }>`
      select sr_number, count(distinct source_id)::int as n from statute_references
      where sr_number is not null and ${where} group by sr_number order by n desc, sr_number limit 10
    `.execute(db),
    sql<{ sr_number: string; article: string; n: number }>`
      select sr_number, article, count(*)::int as n from statute_references
      where sr_number is not null and ${where} group by sr_number, article order by n desc, sr_number, article limit 10
    `.execute(db),
  ]);
  const t = totals.rows[0];
  return {
    statute_references: num(t?.n),
    decisions_citing_statutes: num(t?.d),
    federal_acts: num(t?.acts),
    top_acts: acts.rows.map((a) => ({ sr_number: a.sr_number, abbreviation: abbreviationOf(a.sr_number), decisions: num(a.n) })),
    top_articles: articles.rows.map((a) => ({
      sr_number: a.sr_number,
      abbreviation: abbreviationOf(a.sr_number),
      article: a.article,
      decisions: num(a.n),
    })),
  };
}

/**
 * Citation-graph and statute figures for /statistics: computed once per filter, then refreshed in
 * the background when older than {@link GRAPH_STATISTICS_TTL_MS} (the older figures answer
 * meanwhile). A failed computation is not kept.
 */
export function graphStatistics(db: Database, q: StatisticsQuery, today: string, now = Date.now): Promise<GraphFigures> {
  const perDb = cache.get(db) ?? new Map<string, CacheEntry>();
  cache.set(db, perDb);
  const key = JSON.stringify([q.court ?? null, q.canton ?? null, q.year ?? null]);
  const compute = (): CacheEntry => {
    const entry: CacheEntry = {
      at: now(),
      value: Promise.all([caseFigures(db, q, today), statuteFigures(db, q)]).then(([citation_graph, statutes]) => ({
        citation_graph,
        statutes,
      })),
      ready: false,
      refreshing: false,
    };
    entry.value.then(
      () => {
        entry.ready = true;
        perDb.set(key, entry);
      },
      () => {
        if (perDb.get(key) === entry) perDb.delete(key);
      },
    );
    return entry;
  };
  const hit = perDb.get(key);
  if (!hit) {
    const entry = compute();
    perDb.set(key, entry);
    return entry.value;
  }
  if (hit.ready && !hit.refreshing && now() - hit.at >= GRAPH_STATISTICS_TTL_MS) {
    hit.refreshing = true;
    compute().value.catch(() => {
      hit.refreshing = false;
    });
  }
  return hit.value;
}

/** Computes the unfiltered figures ahead of the first /statistics request (API start-up); a failure is reported, not thrown. */
export function warmGraphStatistics(db: Database, today: string, report: (error: unknown) => void): void {
  graphStatistics(db, {}, today).catch(report);
}
