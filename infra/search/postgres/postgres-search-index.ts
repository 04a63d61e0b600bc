import { type Expression, type RawBuilder, type SqlBool, type Transaction, sql } from 'kysely';
import type { QueryNode } from '../../../contracts/search/query-ast.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import {
  SEARCH_HIT_FIELDS,
  type DecisionSearchIndex,
  type SearchDocument,
  type SearchFilters,
  type SearchHit,
  type SearchMatcher,
  type SearchIndexWriter,
  type SearchRequest,
  type SearchResult,
  type SearchWriteContext,
} from '../search.port.ts';
import {
  FALLBACK_CONFIG,
  LANGUAGE_CONFIGS,
  RANK_NORMALIZATION,
  adjacentPairsOf,
  compileTsQuery,
} from './tsquery-compiler.ts';

export interface PostgresSearchOptions {
  /** Matches counted exactly up to this many; beyond, `total` is a lower bound. */
  readonly countCap?: number;
  /** Relevance queries rank at most this many candidates (newest first). */
  readonly candidatePool?: number;
}

// A tsvector holds at most 1 MB; very long decisions are indexed on their first part only.
const MAX_INDEXED_CHARS = 400_000;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The columns of `decision_search` (the read model's table; also the matcher's temporary table). */
export const DECISION_SEARCH_COLUMNS = `
  decision_id text primary key,
  court text not null,
  canton text not null,
  chamber text,
  decision_type text,
  decision_date date,
  language text not null,
  docket_number text not null,
  title text not null,
  regeste text,
  rule_statement text not null,
  ref_keys text[] not null,
  tsv tsvector not null,
  rank_tsv tsvector not null,
  tsv_pairs text[] not null,
  event_position bigint not null`;

/**
 * The rank vector: the document's tsvector without the rarer lexemes of the text. It keeps every
 * lexeme of the title and the Regeste and the {@link RANK_TEXT_LEXEMES} most frequent ones of the
 * whole document, each with all its positions and weights, so a kept lexeme scores exactly as in
 * the full vector. Small enough to be stored inline and scored in microseconds, where the full
 * vector of a long decision (tens of kB) is read from TOAST and decompressed per candidate.
 */
export const RANK_TEXT_LEXEMES = 64;

/** The rank vector of a document's full tsvector (an SQL expression over it). */
export function rankVectorOf(tsv: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`ts_delete(${tsv}, array(
    select lexeme from (
      select lexeme, weights, row_number() over (order by cardinality(positions) desc, lexeme) as nth
      from unnest(${tsv})) u
    where nth > ${sql.lit(RANK_TEXT_LEXEMES)} and not (weights && array['A', 'B'])))`;
}

/** The language arm of a row (`tsquery-compiler.ts`): its language when configured, else `other`. */
const armOf = (language: RawBuilder<unknown>) =>
  sql<string>`(case when ${language} in (${sql.join(Object.keys(LANGUAGE_CONFIGS).map((c) => sql.lit(c)))})
    then ${language} else 'other' end)`;

/**
 * The term postings of the rows `where` selects: per rank-vector lexeme, the rank a query of that
 * lexeme alone gives the row (`ts_rank_cd`, as the search computes it), in rank order per language
 * arm and lexeme. A one-word query then reads its best-ranked decisions from the index in order
 * instead of ranking every decision that holds the word.
 */
export function insertTermPostings(where: RawBuilder<boolean>): RawBuilder<unknown> {
  // the lexeme as a tsquery literal: quoted, with quotes and backslashes escaped
  const lexemeQuery = sql`(${"'"} || replace(replace(u.lexeme, ${'\\'}, ${'\\\\'}), ${"'"}, ${"''"}) || ${"'"})::tsquery`;
  return sql`insert into decision_search_terms (decision_id, arm, lexeme, score, ranked_date)
    select s.decision_id, ${armOf(sql.ref('s.language'))}, u.lexeme,
      ts_rank_cd(s.rank_tsv, ${lexemeQuery}, ${sql.lit(RANK_NORMALIZATION)}), s.decision_date
    from decision_search s cross join lateral unnest(s.rank_tsv) u
    where ${where}`;
}

/**
 * Writes a search document into `table` (`decision_search` or the matcher's temporary table): its
 * tsvector weights title A, Regeste B and text C, analysed once for it and its rank vector. A row
 * of the same decision is replaced unless it was written at a later position.
 */
async function insertSearchRow(
  tx: Transaction<DB>,
  table: 'decision_search' | 'candidate_search',
  doc: SearchDocument,
  position: number,
): Promise<void> {
  const cfg = sql`${sql.lit(LANGUAGE_CONFIGS[doc.language] ?? FALLBACK_CONFIG)}::regconfig`;
  const text =
    doc.full_text.length > MAX_INDEXED_CHARS ? doc.full_text.slice(0, MAX_INDEXED_CHARS) : doc.full_text;
  const columns = [...SEARCH_HIT_FIELDS, 'ref_keys', 'tsv', 'rank_tsv', 'tsv_pairs', 'event_position'];
  const values = [
    ...SEARCH_HIT_FIELDS.map((f) => (f === 'decision_date' ? sql`${doc[f]}::date` : sql`${doc[f]}`)),
    sql`${[...doc.ref_keys]}::text[]`,
    sql`v.tsv`,
    rankVectorOf(sql`v.tsv`),
    adjacentPairsOf(sql`v.tsv`),
    sql`${position}`,
  ];
  const updates = columns
    .filter((c) => c !== 'decision_id')
    .map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`);
  // materialized: the vector is analysed once, not once per reference to it
  await sql`
    with v as materialized (
      select setweight(to_tsvector(${cfg}, ${doc.title}), 'A')
        || setweight(to_tsvector(${cfg}, ${doc.regeste ?? ''}), 'B')
        || setweight(to_tsvector(${cfg}, ${text}), 'C') as tsv
    )
    insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(values)} from v
    on conflict (decision_id) do update set ${sql.join(updates)}
    where ${sql.table(table)}.event_position <= excluded.event_position`.execute(tx);
}

/** The condition a search's filters put on `decision_search` rows. */
function filtersOf(f: SearchFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (f.court) conditions.push(sql<SqlBool>`court = ${f.court}`);
  if (f.canton) conditions.push(sql<SqlBool>`canton = ${f.canton}`);
  if (f.language) conditions.push(sql<SqlBool>`language = ${f.language}`);
  if (f.dateFrom) conditions.push(sql<SqlBool>`decision_date >= ${f.dateFrom}::date`);
  if (f.dateTo) conditions.push(sql<SqlBool>`decision_date <= ${f.dateTo}::date`);
  if (f.chamber) conditions.push(sql<SqlBool>`chamber ilike ${`%${escapeLike(f.chamber)}%`}`);
  if (f.decisionType) conditions.push(sql<SqlBool>`lower(decision_type) = lower(${f.decisionType})`);
  return conditions;
}

const allOf = (conditions: readonly Expression<SqlBool>[]): Expression<SqlBool> =>
  conditions.length > 0 ? sql.join(conditions, sql` and `) : sql<SqlBool>`true`;

/**
 * The search table's columns as the query compiler reads them. Phrases are matched on the
 * adjacent pairs only to count: the pairs of a phrase are computed inside the statement, so the
 * planner cannot estimate how many rows hold them, and for a common phrase it would then fetch
 * and sort every match instead of walking the date index until a page is full, as it does with
 * the phrase on `tsv` (whose lexemes it has statistics for).
 */
const ROW_OPTIONS = { columns: { rankTsv: 'rank_tsv' } } as const;
const COUNT_OPTIONS = { columns: { rankTsv: 'rank_tsv', pairs: 'tsv_pairs' } } as const;

/** The condition a search's query and filters put on `decision_search` rows. */
function whereOf(query: QueryNode | null, f: SearchFilters, options = ROW_OPTIONS): Expression<SqlBool> {
  return allOf([...(query ? [compileTsQuery(query, options).sql] : []), ...filtersOf(f)]);
}

/**
 * Whether every row whose rank vector holds a positive leaf of the query matches the query: true
 * for a leaf and an OR of such (the rank vector is part of the full vector, and a reference's own
 * decisions are matched by their keys); not for AND and NOT, whose other operands still decide.
 */
function rankableMatches(node: QueryNode): boolean {
  if (node.kind === 'or') return node.children.every(rankableMatches);
  return node.kind !== 'and' && node.kind !== 'not';
}

/**
 * Evaluates a search against given documents with the semantics of the Postgres full-text search
 * (the conformance suite holds OpenSearch to the same): the documents become `decision_search`
 * rows of a temporary table of the transaction, queried with the same condition as a search.
 */
export const postgresSearchMatcher: SearchMatcher = {
  async matching(query, filters, docs, { tx }) {
    if (docs.length === 0) return new Set();
    await sql`create temporary table if not exists candidate_search (${sql.raw(DECISION_SEARCH_COLUMNS)})
      on commit delete rows`.execute(tx);
    await sql`truncate candidate_search`.execute(tx);
    for (const doc of docs) await insertSearchRow(tx, 'candidate_search', doc, 0);
    const rows = await sql<{ decision_id: string }>`
      select decision_id from candidate_search where ${whereOf(query, filters)}`.execute(tx);
    await sql`truncate candidate_search`.execute(tx);
    return new Set(rows.rows.map((r) => r.decision_id));
  },
};

/** Decision search on PostgreSQL full-text search (embedded PGlite or a server). */
export class PostgresSearchIndex implements DecisionSearchIndex, SearchIndexWriter {
  private readonly countCap: number;
  private readonly pool: number;

  constructor(
    private readonly db: Database,
    options: PostgresSearchOptions = {},
  ) {
    this.countCap = options.countCap ?? 10_000;
    this.pool = options.candidatePool ?? 10_000;
  }

  async upsert(
    docs: readonly { doc: SearchDocument; position: number }[],
    { tx }: SearchWriteContext,
  ): Promise<void> {
    for (const { doc, position } of docs) {
      await insertSearchRow(tx, 'decision_search', doc, position);
      // the postings follow whichever version the row now holds
      await sql`delete from decision_search_terms where decision_id = ${doc.decision_id}`.execute(tx);
      await insertTermPostings(sql<boolean>`s.decision_id = ${doc.decision_id}`).execute(tx);
    }
  }

  async remove(
    ids: readonly { decision_id: string; position: number }[],
    { tx }: SearchWriteContext,
  ): Promise<void> {
    for (const { decision_id, position } of ids) {
      const removed = await tx
        .deleteFrom('decision_search')
        .where('decision_id', '=', decision_id)
        .where('event_position', '<=', position)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0)
        await sql`delete from decision_search_terms where decision_id = ${decision_id}`.execute(tx);
    }
  }

  /**
   * The lexeme a one-word term analyses to, per language arm (arms where it is a stop word left
   * out); null when it analyses to more than one lexeme in some arm (a compound), which the
   * postings cannot rank.
   */
  private async singleLexemes(text: string): Promise<(readonly [string, string])[] | null> {
    const arms = [...Object.entries(LANGUAGE_CONFIGS), ['other', FALLBACK_CONFIG] as const];
    const analysed = await sql<{ arm: string; lexemes: string[] }>`${sql.join(
      arms.map(
        ([arm, cfg]) =>
          sql`select ${arm}::text as arm, tsvector_to_array(to_tsvector(${sql.lit(cfg)}::regconfig, ${text})) as lexemes`,
      ),
      sql` union all `,
    )}`.execute(this.db);
    if (analysed.rows.some((r) => r.lexemes.length > 1)) return null;
    return analysed.rows.flatMap((r) => (r.lexemes[0] === undefined ? [] : [[r.arm, r.lexemes[0]] as const]));
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const compiled = compileTsQuery(request.query, ROW_OPTIONS);
    const where = whereOf(request.query, request.filters);

    const counted = await sql<{ n: number }>`
      select count(*)::int as n from (
        select 1 from decision_search where ${whereOf(request.query, request.filters, COUNT_OPTIONS)}
        limit ${this.countCap + 1}) m
    `.execute(this.db);
    const n = Number(counted.rows[0]?.n ?? 0);
    const total = Math.min(n, this.countCap);
    const totalIsLowerBound = n > this.countCap;
    const columns = sql.join(SEARCH_HIT_FIELDS.map((c) => sql.ref(c)));
    const take = request.limit + 1;

    let rows: (SearchHit & { score?: number })[];
    if (request.sort === 'relevance' && request.query) {
      if (request.offset >= this.pool) return { total, totalIsLowerBound, hits: [], hasMore: false };
      // The relevance order: the query's own decisions, then the rows whose rank vector holds a
      // positive part of the query by rank, then every other match by date (rank 0). Only the
      // first set is scored, and only on the small rank vectors.
      const end = Math.min(request.offset + take, this.pool);
      const filters = filtersOf(request.filters);
      const scored = sql<SqlBool>`(${compiled.rankable} or ${compiled.ownRefMatch})`;
      const matchScored = rankableMatches(request.query) ? [] : [compiled.sql];
      // A one-word query reads the scored rows from the term postings, in rank order.
      const lexemes = request.query.kind === 'term' ? await this.singleLexemes(request.query.text) : null;
      const ranked =
        lexemes?.length === 0
          ? { rows: [] }
          : lexemes
            ? await sql<SearchHit & { score: number }>`
            select ${columns}, t.score::float8 as score
            from (${sql.join(
              lexemes.map(
                ([arm, lexeme]) => sql`(select decision_id, score, ranked_date from decision_search_terms
                  where arm = ${arm} and lexeme = ${lexeme}
                  order by score desc, ranked_date desc nulls last, decision_id)`,
              ),
              sql` union all `,
            )}) t join decision_search using (decision_id)
            where ${allOf(filters)}
            order by t.score desc, t.ranked_date desc nulls last, decision_id
            limit ${end}
          `.execute(this.db)
            : await sql<SearchHit & { score: number }>`
            select ${columns}, ${compiled.rank}::float8 as score
            from decision_search where ${allOf([scored, ...matchScored, ...filters])}
            order by ${compiled.ownRefMatch} desc, score desc, decision_date desc nulls last, decision_id
            limit ${end}
          `.execute(this.db);
      rows = ranked.rows;
      if (rows.length < end) {
        const rest = await sql<SearchHit & { score: number }>`
          select ${columns}, 0::float8 as score
          from decision_search where ${allOf([compiled.sql, sql<SqlBool>`${scored} is not true`, ...filters])}
          order by decision_date desc nulls last, decision_id
          limit ${end - rows.length}
        `.execute(this.db);
        rows = [...rows, ...rest.rows];
      }
      rows = rows.slice(request.offset);
    } else {
      const direction = request.sort === 'date_asc' ? sql`asc` : sql`desc`;
      const result = await sql<SearchHit>`
        select ${columns} from decision_search where ${where}
        order by decision_date ${direction} nulls last, decision_id ${direction}
        limit ${take} offset ${request.offset}
      `.execute(this.db);
      rows = result.rows;
    }
    const hasMore = rows.length > request.limit;
    return { total, totalIsLowerBound, hits: rows.slice(0, request.limit), hasMore };
  }
}
