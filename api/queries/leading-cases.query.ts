import { sql, type RawBuilder } from 'kysely';
import type { LeadingCasesQuery, LeadingCasesResponse } from '../../contracts/api/graph.schema.ts';
import type { Database } from '../../infra/db/database.ts';
import { GRAPH_FIGURES_ROLLUP } from '../../infra/db/schema.ts';
import type { DecisionSearchIndex } from '../../infra/search/search.port.ts';
import {
  citationsFromContext,
  citedFilterSql,
  contextLeaders,
  type CitedCount,
  type CitedFilters,
  type CountedCandidates,
  inDegrees,
  isUnfiltered,
  mostCited,
  provisionCitations,
  provisionDecisions,
} from './graph-edges.sql.ts';
import { graphDecisionOf, nodesByIds } from './graph-nodes.query.ts';
import { statuteFilterOf, topicOf, type StatuteFilter } from './graph-params.ts';
import type { SummaryContext } from './summaries.ts';

/** Topic matches (by relevance) that form the context of a topic query. */
export const TOPIC_POOL = 1000;
/**
 * Decisions tied with the last place (same number of citations from the context) whose in-degree
 * is looked at, newest first; beyond, a tie goes to the newer decision.
 */
const TIE_CAP = 200;

/** Dates (ISO) compare as text; decision ids as `localeCompare` does, with one collator. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const idCollator = new Intl.Collator();

/** Candidates (by citations from the context) whose in-degree is looked at for the weighted score. */
const SCORED_CANDIDATES = 500;

export const LEADING_CASES_RANKING = `Decisions that themselves apply the provision or match the topic and are cited by more context decisions than the ${SCORED_CANDIDATES}th most cited decision (by any when fewer are cited) come first, by the number of context decisions citing them, then their in-degree; the others follow by authority within the context: the number of context decisions (applying the provision and/or matching the topic) that cite the decision, weighted by how specific it is to the context, × ln(1 + decisions in the graph / its in-degree), so that a decision every decision cites (standard of review, right to be heard) does not outrank the leading cases of the topic; then its in-degree; then the newest. Without a topic or a provision the context is every decision and the score is the number of citing decisions. Candidates are the ${SCORED_CANDIDATES} decisions the context decisions cite most (of those cited as often as the last, the newest), and when they are fewer than the page, the newest context decisions. Counted are the citations of every decision applying the provision (kept per provision as decisions arrive), and with a topic those of the ${TOPIC_POOL} best topic matches (\`context_counted\`).`;

const articleFilter = (statute: StatuteFilter, alias: string) =>
  statute.article !== null ? sql`and ${sql.ref(`${alias}.article`)} = ${statute.article}` : sql``;

/**
 * The context as SQL `select id`: the topic matches (those applying the provision, with both),
 * or the decisions applying the provision; null without either (every decision).
 */
function contextSql(
  statute: StatuteFilter | null,
  topicIds: readonly string[] | null,
): RawBuilder<unknown> | null {
  if (topicIds !== null) {
    const topic = sql`select t.id from unnest(${[...topicIds]}::text[]) as t(id)`;
    if (!statute) return topic;
    return sql`${topic} where exists (select 1 from statute_references s
      where s.source_id = t.id and s.act_key = ${statute.sr_number} ${articleFilter(statute, 's')})`;
  }
  if (!statute) return null;
  return sql`select distinct s.source_id as id from statute_references s
    where s.act_key = ${statute.sr_number} ${articleFilter(statute, 's')}`;
}

/** Size of the whole context: the topic matches (applying the provision), or as counted by the projection. */
async function contextSize(
  db: Database,
  statute: StatuteFilter | null,
  topicIds: readonly string[] | null,
): Promise<number> {
  // the topic matches alone are the ids themselves: counted here, not sent to be counted
  if (topicIds !== null && statute === null) return new Set(topicIds).size;
  if (topicIds !== null) {
    const query = sql<{ n: number }>`select count(*)::int as n from (${contextSql(statute, topicIds)}) c`;
    return Number((await query.execute(db)).rows[0]?.n ?? 0);
  }
  if (statute !== null) return provisionDecisions(db, provisionOf(statute));
  return graphSize(db);
}

/** Decisions in the graph, as the projection counts them (`graph_figures`, the rollup group). */
async function graphSize(db: Database): Promise<number> {
  const result = await sql<{ n: number }>`select coalesce(sum(n), 0)::int as n from graph_figures
    where figure = 'decisions' and year = ${sql.lit(GRAPH_FIGURES_ROLLUP.year)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

const provisionOf = (statute: StatuteFilter) => ({ actKey: statute.sr_number, article: statute.article });

/** The newest `cap` context decisions that pass the filters (null context: every decision). */
async function contextTail(
  db: Database,
  context: RawBuilder<unknown> | null,
  q: LeadingCasesQuery,
  cap: number,
): Promise<{ decision_id: string; decision_date: string | null }[]> {
  const from =
    context === null
      ? sql`citation_nodes n`
      : sql`(${context}) s join citation_nodes n on n.decision_id = s.id`;
  const result = await sql<{ decision_id: string; decision_date: string | null }>`
    select n.decision_id, n.decision_date from ${from}
    where ${citedFilterSql({ court: q.court, dateFrom: q.date_from, dateTo: q.date_to })}
    order by n.decision_date desc nulls last, n.decision_id
    limit ${cap}
  `.execute(db);
  return result.rows;
}

/** A candidate with its score and tier, as the ranking compares them. */
export interface RankedCandidate {
  readonly decision_id: string;
  readonly decision_date: string | null;
  readonly citing: number;
  readonly cited_by: number;
  readonly in_context: boolean;
  readonly score: number;
  /** 0: on the context and cited from it (ranked by citations from the context); 1: by score. */
  readonly tier: 0 | 1;
}

/**
 * The candidates in ranking order (sorted in place). The rows are plain objects of one shape with
 * their tier computed once: a page's 500 candidates spread from their counted rows
 * (`{ ...c, score }`) took about 2 ms to sort, these about 0.2 ms.
 */
export function rankCandidates(rows: RankedCandidate[]): RankedCandidate[] {
  return rows.sort(
    (a, b) =>
      a.tier - b.tier ||
      (a.tier === 1 ? b.score - a.score : 0) ||
      b.citing - a.citing ||
      b.cited_by - a.cited_by ||
      compareText(b.decision_date ?? '', a.decision_date ?? '') ||
      idCollator.compare(a.decision_id, b.decision_id),
  );
}

/** The context a topic query gives: its best matches by relevance (null without a topic). */
export interface TopicContext {
  readonly ids: readonly string[] | null;
  /** The topic has more matches than the pool holds. */
  readonly lowerBound: boolean;
}

/** The {@link TOPIC_POOL} best matches of a topic query, from the search index. */
export async function topicContextOf(
  search: DecisionSearchIndex,
  query: string | undefined,
): Promise<TopicContext> {
  const topic = topicOf(query);
  if (!topic) return { ids: null, lowerBound: false };
  const found = await search.searchIds({
    query: topic,
    filters: {},
    sort: 'relevance',
    limit: TOPIC_POOL,
    offset: 0,
    // whether the topic has more matches than the pool is all that is asked of its total
    total: false,
  });
  return { ids: found.ids, lowerBound: found.hasMore || found.total > found.ids.length };
}

/**
 * Decisions the context cites most whose date and in-degree are read with the context's own cited
 * decisions ({@link contextLeaders}): with them most topics' pages are decided without those of
 * every candidate ({@link pageOfLeaders}). At most the candidates' cap, so that a decision not read
 * is cited at most as often as the floor (see there).
 */
const LEADERS = 200;

/**
 * The page of a topic as ranking every candidate would give it, from the decisions read of them
 * (`rows`: the context's own cited decisions and those it cites most, each with its tier as the
 * floor gives it); null when those do not decide it. `unreadScore`: the highest score a decision
 * not read can have, and any decision cited at most as often as the floor (cited at most the
 * `LEADERS`-th highest count, which is at least the floor; see `leadingCases`).
 *
 * Decided when the page's last decision is of tier 0 or scores above `unreadScore`: tier 0 (cited
 * more often than the floor) is read whole and is among the candidates; a decision of tier 1
 * scoring above `unreadScore` is cited more often than the floor, so among the candidates too; and
 * every decision not read, or read but perhaps not a candidate (cited at most as often as the
 * floor), scores at most `unreadScore` and comes after the page.
 */
export function pageOfLeaders(
  rows: readonly RankedCandidate[],
  unreadScore: number,
  limit: number,
): RankedCandidate[] | null {
  const page = rankCandidates([...rows]).slice(0, limit);
  const last = page[limit - 1];
  if (last === undefined) return null;
  return last.tier === 0 || unreadScore < last.score ? page : null;
}

/** What finding every candidate needs of a request. */
interface CandidatesRequest {
  readonly context: RawBuilder<unknown> | null;
  readonly topical: boolean;
  readonly statute: StatuteFilter | null;
  readonly q: LeadingCasesQuery;
  readonly filters: CitedFilters;
  readonly cap: number;
  /** Ranked by the weighted score (a provision or a topic), not by the citing count alone. */
  readonly weighted: boolean;
}

/**
 * Every candidate: the `cap` decisions the context cites most (a topic's counted here; a
 * provision's citations and the in-degrees kept by the projection), and when they are fewer than
 * the page, the newest context decisions.
 */
async function everyCandidate(db: Database, r: CandidatesRequest): Promise<CountedCandidates> {
  const { context, statute, q, filters, cap, weighted } = r;
  const { rows: cited, floor } =
    context !== null && r.topical
      ? await citationsFromContext(db, context, filters, cap)
      : statute !== null
        ? await provisionCitations(db, provisionOf(statute), filters, cap)
        : await mostCited(db, filters, cap);
  // Unweighted, everything above the last place and the decisions tied with it (the in-degree
  // ranks those); weighted, every candidate scored.
  const boundary = !weighted && cited.length >= q.limit ? cited[q.limit - 1]!.citing : 0;
  const candidates = new Map(cited.filter((c) => c.citing >= boundary).map((c) => [c.decision_id, c]));
  if (cited.length < q.limit) {
    const tail = (await contextTail(db, context, q, q.limit + TIE_CAP)).filter(
      (c) => !candidates.has(c.decision_id),
    );
    const degrees = await inDegrees(
      db,
      tail.map((c) => c.decision_id),
    );
    for (const { decision_id, decision_date } of tail) {
      const cited_by = degrees.get(decision_id) ?? 0;
      candidates.set(decision_id, { decision_id, decision_date, citing: 0, in_context: true, cited_by });
    }
  }
  return { rows: [...candidates.values()], floor };
}

/**
 * GET /leading-cases: the most authoritative decisions on a topic and/or a statute provision.
 * `topic`: the context of `q.query` when the caller has read it already (see {@link topicContextOf}).
 */
export async function leadingCases(
  db: Database,
  search: DecisionSearchIndex,
  q: LeadingCasesQuery,
  ctx: SummaryContext,
  topic?: TopicContext,
): Promise<LeadingCasesResponse> {
  const statute = statuteFilterOf(q.law_code, q.article);
  const { ids: topicIds, lowerBound } = topic ?? (await topicContextOf(search, q.query));
  const context = contextSql(statute, topicIds);
  const filters = { court: q.court, dateFrom: q.date_from, dateTo: q.date_to };
  const weighted = statute !== null || topicIds !== null;
  const cap = Math.max(q.limit + TIE_CAP, weighted ? SCORED_CANDIDATES : 0);
  const request = { context, topical: topicIds !== null, statute, q, filters, cap, weighted };
  // A topic's leaders are read first (without filters on the cited decisions): they mostly decide the page.
  const reading =
    context !== null && topicIds !== null && isUnfiltered(filters)
      ? contextLeaders(db, context, cap, Math.min(LEADERS, cap))
      : null;
  const [leaders, every, size, decisions] = await Promise.all([
    reading,
    reading === null ? everyCandidate(db, request) : null,
    contextSize(db, statute, topicIds),
    weighted ? graphSize(db) : Promise.resolve(0),
  ]);
  const scoreOf = (citing: number, citedBy: number) =>
    weighted ? Math.round(citing * Math.log(1 + decisions / Math.max(1, citedBy)) * 1000) / 1000 : citing;
  const rankedOf =
    (floor: number) =>
    (c: CitedCount): RankedCandidate => ({
      decision_id: c.decision_id,
      decision_date: c.decision_date,
      citing: c.citing,
      cited_by: c.cited_by,
      in_context: c.in_context,
      score: scoreOf(c.citing, c.cited_by),
      // A leading case on the topic is itself on the topic: a decision every context decision
      // cites but that is about something else (standard of review, procedure) comes after those.
      // It is cited more often than the floor: among the decisions cited as often, the cap would
      // take the newest (a decision cited once or twice is no leading case, whatever its date).
      tier: weighted && c.in_context && c.citing > floor ? 0 : 1,
    });
  const decided =
    leaders &&
    // A decision not read is cited at most `bound` times, and its in-degree is at least the
    // number of context decisions citing it: c × ln(1 + decisions / c), growing with c, is at most
    // its value at `bound`. (At 100,000 decisions, of the benchmark's first 100 topics, taking the
    // in-degree as 1 instead left 42 undecided with 100 leaders read; this way 9, and none with 200.)
    pageOfLeaders(leaders.rows.map(rankedOf(leaders.floor)), scoreOf(leaders.bound, leaders.bound), q.limit);
  const rankEvery = async () => {
    const all = every ?? (await everyCandidate(db, request));
    return rankCandidates(all.rows.map(rankedOf(all.floor))).slice(0, q.limit);
  };
  const ranked = decided ?? (await rankEvery());
  // only the decisions returned are read in full (the candidates are ranked by their counts and dates)
  const nodes = await nodesByIds(
    db,
    ranked.map((c) => c.decision_id),
  );
  const results = ranked.filter((c) => nodes.has(c.decision_id));
  return {
    filters: {
      query: q.query && q.query !== '' ? q.query : null,
      statute,
      court: q.court ?? null,
      date_from: q.date_from ?? null,
      date_to: q.date_to ?? null,
    },
    context_decisions: size,
    context_counted: size,
    context_is_lower_bound: lowerBound,
    ranking: LEADING_CASES_RANKING,
    returned: results.length,
    // the node's fields assigned onto its summary, not spread into a new object (see `toSummary`)
    results: results.map((c, i) =>
      Object.assign(graphDecisionOf(nodes.get(c.decision_id)!, ctx), {
        rank: i + 1,
        authority: {
          citing_in_context: c.citing,
          cited_by: c.cited_by,
          in_context: c.in_context,
          score: c.score,
        },
      }),
    ),
  };
}
