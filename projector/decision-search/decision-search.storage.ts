import { sql, type Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import {
  DECISION_SEARCH_COLUMNS,
  PAIRS_FORMAT,
  PHRASE_PAIRS_DDL,
  derivePhrasePairs,
  insertTermPostings,
  keysParameter,
  rankVectorOf,
  withSharedPrefixes,
} from '../../infra/search/postgres/postgres-search-index.ts';
import { LANGUAGE_CONFIGS } from '../../infra/search/postgres/tsquery-compiler.ts';
import { adjacentPairs, parseTsVector } from '../../infra/search/postgres/vector-derivations.ts';
import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import { postgresTables } from '../storage/projection-storage.ts';

type Indexed = 'tsv' | 'rank_tsv' | 'tsv_pairs';

/**
 * One GIN index per language arm of the query compiler (`tsquery-compiler.ts`) on the full
 * vector, the rank vector and the phrase pairs, each partial on the arm's condition. The planner
 * then proves each arm `(language = 'de' AND tsv @@ Q)` from its index alone: counting and
 * matching read no vector from TOAST (with one index over all languages, every candidate's vector
 * is read again to test the language arm).
 */
function languageIndexes(column: Indexed, table = 'decision_search'): string[] {
  const codes = Object.keys(LANGUAGE_CONFIGS);
  const arms: [string, string][] = codes.map((code) => [code, `language = '${code}'`]);
  arms.push(['other', `(language IS NULL OR language NOT IN (${codes.map((c) => `'${c}'`).join(', ')}))`]);
  const prefix = table === 'decision_search' ? `decision_search_${column}` : table;
  return arms.map(
    ([name, when]) =>
      `create index if not exists ${prefix}_${name} on ${table} using gin (${column}) where ${when}`,
  );
}

/** The name a reader index's statement creates. */
const INDEX_NAME = /^create index if not exists (\w+) /;

/**
 * The phrase pairs' per-language GIN indexes (`PHRASE_PAIRS_DDL`): searches read the matches of
 * phrases and of references' citation phrases from them (`unionOfMatches`, `compileOptions`).
 */
const PHRASE_PAIRS_INDEXES = languageIndexes('tsv_pairs', 'decision_search_pairs');

/**
 * `decision_search.tsv_pairs`, the pairs an older release wrote into the search rows too and copied
 * to the phrase pairs (at 100,000 decisions 639 MB of compressed TOAST, more than the full vectors):
 * dropped from a generation that has it, with the per-language GIN indexes an older release still
 * had on it. The space is given back when the rows are next written (a rebuild).
 */
const DUPLICATE_PAIRS = 'alter table decision_search drop column if exists tsv_pairs';

/** The generation `schema` already has `table`. */
async function hasTable(tx: Transaction<DB>, schema: string, table: string): Promise<boolean> {
  const has = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
    where table_schema = ${schema} and table_name = ${table}`.execute(tx);
  return Number(has.rows[0]?.n ?? 0) > 0;
}

/**
 * Marks the pairs column as holding every key `adjacentPairs` derives: a generation without the
 * mark gets them in `derivePairsAgain`; searches read the mark.
 */
const MARK_PAIRS_FORMAT = `comment on column decision_search_pairs.tsv_pairs is '${PAIRS_FORMAT}'`;

/**
 * A generation written before the phrase pairs gets them, derived from its vectors (indexed
 * after), and marked as holding every key.
 */
async function addPhrasePairs(tx: Transaction<DB>, { schema }: { readonly schema: string }) {
  if (await hasTable(tx, schema, 'decision_search_pairs')) return;
  await sql.raw(PHRASE_PAIRS_DDL).execute(tx);
  await derivePhrasePairs().execute(tx);
  await sql.raw(MARK_PAIRS_FORMAT).execute(tx);
  for (const ddl of PHRASE_PAIRS_INDEXES) await sql.raw(ddl).execute(tx);
  return 'rewritten';
}

/** Decisions whose pairs are derived again per statement in `derivePairsAgain`. */
const PAIRS_BATCH = 200;

/**
 * A generation written before the digit triples, the lexemes two apart or the triples after a gap
 * (a phrase of three lexemes, or one with a stop word's gap, was then rechecked on every row
 * holding its pairs or its lexemes) gets them: each decision's keys derived again from its stored
 * vector, in this process as the projection derives them and sent as it sends them
 * (`keysParameter`). The pairs' indexes are dropped first and built again in bulk afterwards
 * (they are readers' indexes).
 */
async function derivePairsAgain(tx: Transaction<DB>) {
  const mark = await sql<{ mark: string | null }>`select col_description(a.attrelid, a.attnum) as mark
    from pg_attribute a where a.attrelid = to_regclass('decision_search_pairs') and a.attname = 'tsv_pairs'`.execute(
    tx,
  );
  if (mark.rows[0]?.mark === PAIRS_FORMAT) return;
  for (const ddl of PHRASE_PAIRS_INDEXES) {
    await sql`drop index if exists ${sql.ref(INDEX_NAME.exec(ddl)![1]!)}`.execute(tx);
  }
  for (let after = ''; ;) {
    const batch = await sql<{ id: string; tsv: string }>`select decision_id as id, tsv::text as tsv
      from decision_search where decision_id > ${after} order by decision_id limit ${PAIRS_BATCH}`.execute(
      tx,
    );
    if (batch.rows.length === 0) break;
    const rows = batch.rows.map(({ id, tsv }) => {
      const entries = parseTsVector(tsv);
      return sql`(${id}::text, ${keysParameter(adjacentPairs(entries), entries)})`;
    });
    await sql`update decision_search_pairs p set tsv_pairs = v.pairs
      from (values ${sql.join(rows)}) v(id, pairs) where p.decision_id = v.id`.execute(tx);
    after = batch.rows[batch.rows.length - 1]!.id;
  }
  await sql.raw(MARK_PAIRS_FORMAT).execute(tx);
  return 'rewritten';
}

/**
 * Brings a generation written before the rank vectors existed up to date: `rank_tsv` computed once
 * from the stored vectors, then its per-language indexes (a no-op once the column is there).
 */
async function addRankVectors(tx: Transaction<DB>, { schema }: { readonly schema: string }) {
  const has = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
    where table_schema = ${schema} and table_name = 'decision_search' and column_name = 'rank_tsv'`.execute(
    tx,
  );
  if (Number(has.rows[0]?.n ?? 0) > 0) return;
  await sql`alter table decision_search add column rank_tsv tsvector`.execute(tx);
  await sql`update decision_search set rank_tsv = ${rankVectorOf(sql.ref('tsv'))}`.execute(tx);
  await sql`alter table decision_search alter column rank_tsv set not null`.execute(tx);
  for (const ddl of languageIndexes('rank_tsv')) await sql.raw(ddl).execute(tx);
  return 'rewritten';
}

/**
 * `date_asc` lists undated decisions last and ties by id ascending: an order the descending index
 * cannot give read backwards (that would be undated first, ids descending). A language filter
 * alone is counted from its own index rather than by reading the table. That index leaves out
 * `language IS NULL` (the column is never null): with it, the planner answered that part of the
 * query compiler's "other languages" arm from it, then tested every candidate's vector read from
 * TOAST (counting `contrat OR bail`: 102 ms, against 12 ms without).
 */
const FILTER_INDEXES = [
  `create index if not exists decision_search_date_asc
    on decision_search (decision_date asc nulls last, decision_id asc)`,
  `create index if not exists decision_search_language_known on decision_search (language)
    where language is not null`,
];

/**
 * The term postings (`insertTermPostings`), in rank order per language arm and lexeme. Lexemes
 * are compared by code point (collation "C"): the lexemes of a prefix are one range of the index.
 */
const TERM_POSTINGS_DDL = `create table decision_search_terms (
    decision_id text not null,
    arm text not null,
    lexeme text collate "C" not null,
    score real not null,
    ranked_date date,
    shared smallint not null,
    primary key (decision_id, lexeme))`;
/**
 * The postings in rank order, with `shared` (what a prefix query reads of each: `prefixRanked`)
 * so that they are read from the index alone.
 */
const TERM_POSTINGS_INDEX = `create index if not exists decision_search_terms_ranked
    on decision_search_terms (arm, lexeme, score desc, ranked_date desc nulls last, decision_id) include (shared)`;
/** The rank order's index before it held `shared`. */
const TERM_POSTINGS_INDEX_BEFORE = 'drop index if exists decision_search_terms_rank';

/** A generation written before the term postings gets them from its rank vectors. */
async function addTermPostings(tx: Transaction<DB>, { schema }: { readonly schema: string }) {
  if (await hasTable(tx, schema, 'decision_search_terms')) return;
  await sql.raw(TERM_POSTINGS_DDL).execute(tx);
  await insertTermPostings(sql<boolean>`true`).execute(tx);
  await sql.raw(TERM_POSTINGS_INDEX).execute(tx);
  return 'rewritten';
}

/**
 * Postings written before `shared` get it, derived in SQL from each decision's postings. They are
 * written again into the emptied table, its primary key built afterwards in one pass: at 100,000
 * decisions (6.7 million postings) 47 s, then 15 s for the rank index (a reader index). Updated in
 * place, every row's new version went into both indexes one by one: still running after ten minutes.
 */
async function addSharedPrefixes(tx: Transaction<DB>, { schema }: { readonly schema: string }) {
  const has = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
    where table_schema = ${schema} and table_name = 'decision_search_terms' and column_name = 'shared'`.execute(
    tx,
  );
  if (Number(has.rows[0]?.n ?? 0) > 0) return;
  const columns = sql.raw('decision_id, arm, lexeme, score, ranked_date');
  await sql`create temporary table postings_shared on commit drop as ${withSharedPrefixes(
    sql`select ${columns} from decision_search_terms`,
    columns,
  )}`.execute(tx);
  await sql`truncate decision_search_terms`.execute(tx);
  await sql.raw(TERM_POSTINGS_INDEX_BEFORE).execute(tx);
  await sql`alter table decision_search_terms drop constraint decision_search_terms_pkey`.execute(tx);
  await sql`alter table decision_search_terms add column shared smallint not null`.execute(tx);
  await sql`insert into decision_search_terms (${columns}, shared)
    select ${columns}, shared from postings_shared`.execute(tx);
  await sql`alter table decision_search_terms add primary key (decision_id, lexeme)`.execute(tx);
  return 'rewritten';
}

/**
 * Brings `table.column` (of `type`) written before it compared by code point to the "C"
 * collation: the column keeps its values, its indexes are built again in the same statement.
 */
function byCodePoint(table: string, column: string, type: string) {
  return async (tx: Transaction<DB>, { schema }: { readonly schema: string }) => {
    const has = await sql<{ collation: string | null }>`select collation_name as collation
      from information_schema.columns
      where table_schema = ${schema} and table_name = ${table} and column_name = ${column}`.execute(tx);
    if (has.rows[0]?.collation === 'C') return;
    await sql`alter table ${sql.id(schema, table)} alter column ${sql.id(column)} type ${sql.raw(type)} collate "C"`.execute(
      tx,
    );
  };
}

/** The Postgres full-text search table (embedded and postgres modes). */
export const decisionSearchPostgresStorage = postgresTables(
  ['decision_search', 'decision_search_terms', 'decision_search_pairs'],
  [
    `create table decision_search (${DECISION_SEARCH_COLUMNS})`,
    TERM_POSTINGS_DDL,
    PHRASE_PAIRS_DDL,
    MARK_PAIRS_FORMAT,
    DECISION_SOURCES_DDL,
  ],
  [
    DECISION_SOURCES_DDL,
    // (the filter and per-language `tsv` indexes that replace these are reader indexes, created
    // where missing on every start)
    `drop index if exists decision_search_language`,
    // before the per-language indexes, `tsv` had one index over every language
    `drop index if exists decision_search_tsv`,
    addRankVectors,
    DUPLICATE_PAIRS,
    addTermPostings,
    // postings written before their lexemes were compared by code point
    byCodePoint('decision_search_terms', 'lexeme', 'text'),
    addSharedPrefixes,
    TERM_POSTINGS_INDEX_BEFORE,
    addPhrasePairs,
    derivePairsAgain,
    // phrase pairs written before they were compared by code point (`PHRASE_PAIRS_DDL`)
    byCodePoint('decision_search_pairs', 'tsv_pairs', 'text[]'),
  ],
  // The projection writes and replaces rows by decision id (the primary keys) and reads none of
  // these: a rebuild builds them once it has caught up (at 100,000 decisions, under a minute
  // together with the vacuum; `rebuild all` 953 → 874 s on 2 cores).
  [
    TERM_POSTINGS_INDEX,
    ...PHRASE_PAIRS_INDEXES,
    ...languageIndexes('tsv'),
    ...languageIndexes('rank_tsv'),
    `create index if not exists decision_search_ref_keys on decision_search using gin (ref_keys)`,
    `create index if not exists decision_search_date on decision_search (decision_date desc nulls last, decision_id)`,
    ...FILTER_INDEXES,
    `create index if not exists decision_search_court_date on decision_search (court, decision_date desc nulls last)`,
    `create index if not exists decision_search_canton_date on decision_search (canton, decision_date desc nulls last)`,
  ],
  // what the projection finds rows by (replacing a decision's rows, its postings and pairs)
  {
    decision_search: ['decision_id', 'event_position'],
    decision_search_terms: ['decision_id'],
    decision_search_pairs: ['decision_id'],
  },
);

/**
 * With the index outside the database (OpenSearch), the projection's precedence bookkeeping
 * (`decision_sources`) still lives in a generation schema of its own.
 */
export const decisionSearchBookkeepingStorage = postgresTables(
  [],
  [DECISION_SOURCES_DDL],
  [DECISION_SOURCES_DDL],
);
