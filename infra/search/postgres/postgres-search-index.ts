import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { QueryNode } from '../../../contracts/search/query-ast.ts';
import type { Database } from '../../db/database.ts';
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
import { FALLBACK_CONFIG, LANGUAGE_CONFIGS, compileTsQuery } from './tsquery-compiler.ts';

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
  event_position bigint not null`;

/** The row of a search document in `decision_search` (its tsvector weighted title, Regeste, text). */
function searchRow(doc: SearchDocument, position: number) {
  const cfg = LANGUAGE_CONFIGS[doc.language] ?? FALLBACK_CONFIG;
  const text =
    doc.full_text.length > MAX_INDEXED_CHARS ? doc.full_text.slice(0, MAX_INDEXED_CHARS) : doc.full_text;
  return {
    decision_id: doc.decision_id,
    court: doc.court,
    canton: doc.canton,
    chamber: doc.chamber,
    decision_type: doc.decision_type,
    decision_date: doc.decision_date,
    language: doc.language,
    docket_number: doc.docket_number,
    title: doc.title,
    regeste: doc.regeste,
    rule_statement: doc.rule_statement,
    ref_keys: sql<string[]>`${[...doc.ref_keys]}::text[]`,
    tsv: sql`setweight(to_tsvector(${cfg}::regconfig, ${doc.title}), 'A')
      || setweight(to_tsvector(${cfg}::regconfig, ${doc.regeste ?? ''}), 'B')
      || setweight(to_tsvector(${cfg}::regconfig, ${text}), 'C')`,
    event_position: position,
  };
}

/** The condition a search's query and filters put on `decision_search` rows. */
function whereOf(query: QueryNode | null, f: SearchFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (query) conditions.push(compileTsQuery(query).sql);
  if (f.court) conditions.push(sql<SqlBool>`court = ${f.court}`);
  if (f.canton) conditions.push(sql<SqlBool>`canton = ${f.canton}`);
  if (f.language) conditions.push(sql<SqlBool>`language = ${f.language}`);
  if (f.dateFrom) conditions.push(sql<SqlBool>`decision_date >= ${f.dateFrom}::date`);
  if (f.dateTo) conditions.push(sql<SqlBool>`decision_date <= ${f.dateTo}::date`);
  if (f.chamber) conditions.push(sql<SqlBool>`chamber ilike ${`%${escapeLike(f.chamber)}%`}`);
  if (f.decisionType) conditions.push(sql<SqlBool>`lower(decision_type) = lower(${f.decisionType})`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql<SqlBool>`true`;
}

/**
 * Evaluates a search against given documents with the semantics of the Postgres full-text search
 * (the conformance suite holds OpenSearch to the same): the documents become `decision_search`
 * rows of a temporary table of the transaction, queried with the same condition as a search.
 */
export const postgresSearchMatcher: SearchMatcher = {
  async matching(query, filters, docs, { tx }) {
    if (docs.length === 0) return new Set();
    const db = tx as unknown as Kysely<{ candidate_search: ReturnType<typeof searchRow> }>;
    await sql`create temporary table if not exists candidate_search (${sql.raw(DECISION_SEARCH_COLUMNS)})
      on commit delete rows`.execute(tx);
    await sql`truncate candidate_search`.execute(tx);
    await db
      .insertInto('candidate_search')
      .values(docs.map((d) => searchRow(d, 0)))
      .execute();
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
      const row = searchRow(doc, position);
      await tx
        .insertInto('decision_search')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('decision_id')
            .doUpdateSet(Object.fromEntries(Object.keys(row).map((k) => [k, sql.ref(`excluded.${k}`)])))
            .where(sql<SqlBool>`decision_search.event_position <= excluded.event_position`),
        )
        .execute();
    }
  }

  async remove(
    ids: readonly { decision_id: string; position: number }[],
    { tx }: SearchWriteContext,
  ): Promise<void> {
    for (const { decision_id, position } of ids) {
      await tx
        .deleteFrom('decision_search')
        .where('decision_id', '=', decision_id)
        .where('event_position', '<=', position)
        .execute();
    }
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const compiled = compileTsQuery(request.query);
    const where = whereOf(request.query, request.filters);

    const counted = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from decision_search where ${where} limit ${this.countCap + 1}) m
    `.execute(this.db);
    const n = Number(counted.rows[0]?.n ?? 0);
    const total = Math.min(n, this.countCap);
    const totalIsLowerBound = n > this.countCap;
    const columns = sql.join(SEARCH_HIT_FIELDS.map((c) => sql.ref(c)));
    const take = request.limit + 1;

    let rows: (SearchHit & { score?: number })[];
    if (request.sort === 'relevance' && request.query) {
      if (request.offset >= this.pool) return { total, totalIsLowerBound, hits: [], hasMore: false };
      const result = await sql<SearchHit & { score: number }>`
        with candidates as (
          select ${columns}, ${compiled.ownRefMatch} as own, ${compiled.rank} as score
          from decision_search where ${where}
          order by own desc, decision_date desc nulls last, decision_id
          limit ${this.pool}
        )
        select ${columns}, score::float8 as score from candidates
        order by own desc, score desc, decision_date desc nulls last, decision_id
        limit ${take} offset ${request.offset}
      `.execute(this.db);
      rows = result.rows;
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
