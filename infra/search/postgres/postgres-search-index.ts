import { type Expression, type Kysely, type RawBuilder, type SqlBool, type Transaction, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { PrefixNode, QueryNode, ReferenceNode, TermNode } from '../../../contracts/search/query-ast.ts';
import { citationPhrases } from '../../../contracts/search/reference-keys.ts';
import type { Database } from '../../db/database.ts';
import { GENERIC_PLAN, PLAN_PER_EXECUTION, PLAN_PER_EXECUTION_ON_SERVER } from '../../db/statement-hints.ts';
import type { DB } from '../../db/schema.ts';
import {
  COMPACT_HIT_FIELDS,
  type CompactHit,
  SEARCH_HIT_FIELDS,
  type DecisionSearchIndex,
  type SearchDocument,
  type SearchFilters,
  type SearchHit,
  type SearchMatcher,
  type SearchIndexWriter,
  type SearchRequest,
  type SearchIdsResult,
  type SearchResult,
  type SearchWriteContext,
} from '../search.port.ts';
import {
  FALLBACK_CONFIG,
  LANGUAGE_CONFIGS,
  type PhraseAnalysis,
  type PhraseArmAnalysis,
  type TsQueryCompileOptions,
  RANK_NORMALIZATION,
  adjacentPairsOf,
  compileTsQuery,
  containsReference,
  gappedTripleOf,
  hasGap,
  isApart,
  isGappedTriple,
  isPairedChain,
  isTriple,
  keysHeld,
  pairsMatchExactly,
  phraseMatchedByPairs,
  languageArms,
  leafTsQuery,
  phraseTextsOf,
} from './tsquery-compiler.ts';
import {
  type VectorEntry,
  adjacentPairs,
  compareCodePoints,
  parseTsVector,
  rankVectorEntries,
  sharedPrefixLengthsInOrder,
  termScore,
} from './vector-derivations.ts';

export interface PostgresSearchOptions {
  /** Matches counted exactly up to this many; beyond, `total` is a lower bound. */
  readonly countCap?: number;
  /** Relevance queries rank at most this many candidates (newest first). */
  readonly candidatePool?: number;
  /**
   * How rows in date order are found: by walking the date index, by collecting the matches
   * (counted exactly) and sorting them, or (default) by the matches' density, see `byDate`.
   */
  readonly dateOrder?: 'walk' | 'collect' | 'density';
  /**
   * Texts of a written batch analysed on the index's own pool, outside the writing transaction, in
   * up to this many statements side by side; without, in the transaction, one statement after the
   * other. The analysis reads no row and is most of a batch's database time, so on a server it
   * can use more than the one core the transaction gets. Never on PGlite (one connection, held by
   * the transaction); on a server the pool needs room for it beside the transactions that wait on
   * it (see the wiring).
   */
  readonly analysisParallelism?: number;
  /**
   * Read a relevance page's scored rows before the matches are counted, whatever the page's size
   * (default: only for a page ending beyond 100, see `SCORED_FIRST_PAGE`). For a database of one
   * connection (PGlite), whose statements run one after the other anyway: nothing is gained by
   * sending the count beside the scored rows, and one statement reads them, counts the matches and
   * collects the page's other matches (`scoredWithNewest`).
   */
  readonly scoredRowsFirst?: boolean;
  /**
   * The lexemes of a prefix query up to which its single postings are read lexeme by lexeme in rank
   * order (`prefixScoring`; default {@link PREFIX_LEXEMES_IN_ORDER}).
   */
  readonly prefixLexemesInOrder?: number;
}

// A tsvector holds at most 1 MB; very long decisions are indexed on their first part only.
const MAX_INDEXED_CHARS = 400_000;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The columns a search's filters read (`filtersOf`), in `decision_search` and the phrase pairs,
 * with their types.
 */
const FILTER_FIELDS = [
  ['court', 'text not null'],
  ['canton', 'text not null'],
  ['chamber', 'text'],
  ['decision_type', 'text'],
  ['decision_date', 'date'],
  ['language', 'text not null'],
] as const satisfies readonly (readonly [(typeof SEARCH_HIT_FIELDS)[number], string])[];

/** The filter columns' definitions. */
const FILTER_COLUMNS = FILTER_FIELDS.map(([name, type]) => `\n  ${name} ${type}`).join(',');

/** The columns of `decision_search` (the read model's table; also the matcher's temporary table). */
export const DECISION_SEARCH_COLUMNS = `
  decision_id text primary key,${FILTER_COLUMNS},
  docket_number text not null,
  title text not null,
  regeste text,
  rule_statement text not null,
  ref_keys text[] not null,
  tsv tsvector not null,
  rank_tsv tsvector not null,
  event_position bigint not null`;

/**
 * The rank vector: the document's tsvector without the rarer lexemes of the text. It keeps every
 * lexeme of the title and the Regeste and the {@link RANK_TEXT_LEXEMES} most frequent ones of the
 * whole document, each with all its positions and weights, so a kept lexeme scores exactly as in
 * the full vector. Small enough to be stored inline and scored in microseconds, where the full
 * vector of a long decision (tens of kB) is read from TOAST and decompressed per candidate.
 */
export const RANK_TEXT_LEXEMES = 64;

/**
 * The rank vector of a document's full tsvector (an SQL expression over it; lexemes as frequent
 * as the last one kept are kept in code point order). The projection derives it in its own process
 * (`rankVectorText`); this brings generations written before the column up to date.
 */
export function rankVectorOf(tsv: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`ts_delete(${tsv}, array(
    select lexeme from (
      select lexeme, weights, row_number() over (order by cardinality(positions) desc, lexeme collate "C") as nth
      from unnest(${tsv})) u
    where nth > ${sql.lit(RANK_TEXT_LEXEMES)} and not (weights && array['A', 'B'])))`;
}

/** PostgreSQL's error code for a column that does not exist. */
const UNDEFINED_COLUMN = '42703';

/** The language arm of a row (`tsquery-compiler.ts`): its language when configured, else `other`. */
const armOf = (language: RawBuilder<unknown>) =>
  sql<string>`(case when ${language} in (${sql.join(Object.keys(LANGUAGE_CONFIGS).map((c) => sql.lit(c)))})
    then ${language} else 'other' end)`;

/** The code points two texts start with in common (`commonPrefixLength`), 0 when `b` is null. */
const commonPrefixOf = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
  sql<number>`(case when ${b} is null then 0 else coalesce(
    (select min(n) - 1 from generate_series(1, least(length(${a}), length(${b}))) n
      where substr(${a}, n, 1) <> substr(${b}, n, 1)),
    least(length(${a}), length(${b}))) end)`;

/**
 * `rows` (with `decision_id` and `lexeme`), their `columns` and each one's `shared` derived in SQL
 * (`sharedPrefixLengths`, which the projection computes in its own process): the longest prefix
 * its lexeme shares with its neighbours in code point order among the decision's rows. About
 * 0.6 ms per decision of the sample corpus: for generations written before the column, and rows
 * whose analysis is not at hand.
 */
export function withSharedPrefixes(
  rows: RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const [lexeme, before, after] = [sql.ref('lexeme'), sql.ref('before'), sql.ref('after')];
  return sql`select ${columns},
      greatest(${commonPrefixOf(lexeme, before)}, ${commonPrefixOf(lexeme, after)})::smallint as shared
    from (select r.*, lag(lexeme) over neighbours as before, lead(lexeme) over neighbours as after
      from (${rows}) r window neighbours as (partition by decision_id order by lexeme collate "C")) q`;
}

/** A lexeme (an SQL text) as a tsquery of it alone: quoted, with quotes and backslashes escaped. */
export const lexemeTsQuery = (lexeme: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`(${"'"} || replace(replace(${lexeme}, ${'\\'}, ${'\\\\'}), ${"'"}, ${"''"}) || ${"'"})::tsquery`;

/**
 * The term postings of the rows `where` selects: per rank-vector lexeme, the rank a query of that
 * lexeme alone gives the row (`ts_rank_cd`, as the search computes it), in rank order per language
 * arm and lexeme. A one-word query then reads its best-ranked decisions from the index in order
 * instead of ranking every decision that holds the word.
 *
 * `shared`: the longest prefix (in code points) a posting's lexeme shares with another of the
 * decision's rank vector. A prefix query names a single lexeme of a decision exactly where that
 * lexeme shares less than the prefix: such a posting is the decision's whole score, read in rank
 * order without summing (`prefixScoring`). `analysed` gives them and the scores per decision (in
 * the vector's code point order, for the row at that event position: `sharedPrefixLengths`,
 * `termScore`); other rows derive them in SQL. The postings of 2,000 decisions of the
 * 100,000-decision benchmark corpus (132,564) were selected and written in 590–650 ms with each
 * posting scored in SQL (its lexeme parsed as a tsquery and ranked) and its decision's shared
 * prefixes read again per posting, in 120 ms so.
 */
export function insertTermPostings(
  where: RawBuilder<boolean>,
  analysed?: {
    readonly ids: readonly string[];
    readonly positions: readonly number[];
    readonly shared: readonly string[];
    readonly scores: readonly string[];
  },
): RawBuilder<unknown> {
  const lexemeQuery = lexemeTsQuery(sql.ref('u.lexeme'));
  const columns = (score: RawBuilder<unknown>) => sql`s.decision_id, ${armOf(sql.ref('s.language'))} as arm,
      u.lexeme, ${score} as score, s.decision_date as ranked_date`;
  const into = sql`insert into decision_search_terms (decision_id, arm, lexeme, score, ranked_date, shared)`;
  if (!analysed) {
    const score = sql`ts_rank_cd(s.rank_tsv, ${lexemeQuery}, ${sql.lit(RANK_NORMALIZATION)})`;
    return sql`${into} ${withSharedPrefixes(
      sql`select ${columns(score)} from decision_search s cross join lateral unnest(s.rank_tsv) u where ${where}`,
      sql.raw('decision_id, arm, lexeme, score, ranked_date'),
    )}`;
  }
  // unnest gives a tsvector's lexemes in code point order, as `shared` and `scores` list them;
  // each decision's arrays are read once (`offset 0` keeps the subquery from being pulled up, which
  // would read them again for every posting)
  return sql`${into} select ${columns(sql`a.scores[u.n]`)}, a.shared[u.n]
    from (select d.decision_id, d.position, d.shared::smallint[] as shared, d.scores::real[] as scores
      from unnest(${analysed.ids}::text[], ${analysed.positions}::bigint[], ${analysed.shared}::text[],
        ${analysed.scores}::text[]) as d(decision_id, position, shared, scores)
      offset 0) a
    join decision_search s on s.decision_id = a.decision_id and s.event_position = a.position
    cross join lateral unnest(s.rank_tsv) with ordinality u(lexeme, positions, weights, n)
    where ${where}`;
}

/**
 * The phrase pairs (`decision_search_pairs`): per decision its phrase keys (`adjacentPairs`:
 * adjacent lexeme pairs, lexemes two apart, triples after a stop word's gap, the triples of which
 * two lexemes hold a digit), with the filter columns of its `decision_search` row (the search
 * row holds no pairs: older releases wrote them there too, and copied them here). A
 * phrase of two words adjacent or a stop word apart (or a citation of three lexemes, or three words
 * with a stop word after the first) is counted from its GIN index, and the index's matches are
 * rechecked on the heap: on `decision_search` (rows of about 1–2 kB with the inline rank vector)
 * that reads about one page per match, here (the pairs out of line in TOAST) one page per about 60
 * decisions. The pairs compare by code point (collation "C"): only equality matters to a phrase,
 * and building the GIN index, most of a rebuild's tail, compares keys all along (French pairs at
 * 100,000 decisions: 20.2 s with the database's C.UTF-8, 14.5 s with "C").
 */
export const PHRASE_PAIRS_DDL = `create table decision_search_pairs (
  decision_id text primary key,${FILTER_COLUMNS},
  tsv_pairs text[] collate "C" not null)`;

/**
 * The comment on the pairs column of a generation whose pairs hold every key `adjacentPairs`
 * derives; the projection's storage writes it, and brings an older generation's pairs up to date
 * first.
 */
export const PAIRS_FORMAT =
  'adjacent lexeme pairs, lexemes two apart, triples after the gap of a stop word, and triples of which two hold a digit';

/**
 * The comment an older release wrote on pairs holding the lexemes two apart but not the triples
 * after a stop word's gap: its phrases of three lexemes with a gap after the first are matched by
 * their other keys and rechecked until the projection brings its pairs up to date.
 */
export const PAIRS_WITH_APART =
  'adjacent lexeme pairs, lexemes two apart, and triples of which two hold a digit';

/**
 * The comment an older release wrote on pairs holding the digit triples but not the lexemes two
 * apart: its phrases with a stop word's gap are matched on the full vectors until the projection
 * brings its pairs up to date.
 */
export const PAIRS_WITH_TRIPLES = 'adjacent lexeme pairs, and triples of which two hold a digit';

/**
 * Which keys the pairs a search reads hold, by the generation's mark: the adjacent pairs only, the
 * digit triples too, the lexemes two apart too, or every key (`PAIRS_FORMAT`).
 */
export type PairsFormat = 'pairs' | 'triples' | 'apart' | 'gapped';

const FORMATS_BY_MARK = new Map<string, PairsFormat>([
  [PAIRS_FORMAT, 'gapped'],
  [PAIRS_WITH_APART, 'apart'],
  [PAIRS_WITH_TRIPLES, 'triples'],
]);

/** The format a generation's mark on its pairs column names. */
export const pairsFormatOf = (mark: string | null | undefined): PairsFormat =>
  FORMATS_BY_MARK.get(mark ?? '') ?? 'pairs';

/** The formats in the order the releases wrote them: each holds every key of the ones before. */
const FORMATS_IN_ORDER: readonly PairsFormat[] = ['pairs', 'triples', 'apart', 'gapped'];

/** Whether pairs of `format` hold the keys `since` added. */
const holds = (format: PairsFormat, since: PairsFormat): boolean =>
  FORMATS_IN_ORDER.indexOf(format) >= FORMATS_IN_ORDER.indexOf(since);

/** The first format holding `key`, by its kind. */
const formatAdding = (key: string): PairsFormat => {
  if (isGappedTriple(key)) return 'gapped';
  if (isApart(key)) return 'apart';
  return isTriple(key) ? 'triples' : 'pairs';
};

/**
 * A phrase's analysis as pairs of `format` match it: the keys they lack left out (the phrase is
 * then matched by its other keys and rechecked), and a phrase with a stop word's gap matched on the
 * full vectors where they lack the lexemes two apart.
 */
export const analysisFor = (arms: PhraseAnalysis, format: PairsFormat): PhraseAnalysis =>
  arms.map((a) => ({
    ...a,
    chain: a.chain && (holds(format, 'apart') || !a.gap),
    pairs: a.pairs.filter((k) => holds(format, formatAdding(k))),
  }));

/** The phrase pairs' columns but the keys: the decision's id and filter columns. */
const PAIRS_COLUMNS = ['decision_id', ...FILTER_FIELDS.map(([name]) => name)] as const;

/** A search document's field as the value of its column. */
const fieldValue = (doc: SearchDocument, field: (typeof SEARCH_HIT_FIELDS)[number]): RawBuilder<unknown> =>
  field === 'decision_date' ? sql`${doc[field]}::date` : sql`${doc[field]}`;

/**
 * Gives every `decision_search` row its phrase pairs, the keys derived in SQL from its vector
 * (`adjacentPairsOf`, as the projection derives them in its process): a generation written before
 * the phrase pairs gets them so.
 */
export function derivePhrasePairs(): RawBuilder<unknown> {
  const columns = sql.raw(PAIRS_COLUMNS.join(', '));
  return sql`insert into decision_search_pairs (${columns}, tsv_pairs)
    select ${columns}, ${adjacentPairsOf(sql.ref('s.tsv'))} from decision_search s`;
}

/**
 * Writes the phrase pairs of search documents just written to `decision_search` (their rows there
 * replaced): the pairs are written only here, not into the search row too (at 100,000 decisions
 * 639 MB of compressed TOAST written and read back to copy them, more than the full vectors).
 */
async function insertPhrasePairs(
  tx: Transaction<DB>,
  rows: readonly { readonly doc: SearchDocument; readonly pairs: RawBuilder<string[]> }[],
): Promise<void> {
  const columns = [...PAIRS_COLUMNS, 'tsv_pairs'];
  const updates = columns
    .filter((c) => c !== 'decision_id')
    .map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`);
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    const part = rows
      .slice(from, from + ROWS_PER_INSERT)
      .map(({ doc, pairs }) => sql`(${sql.join([...PAIRS_COLUMNS.map((c) => fieldValue(doc, c)), pairs])})`);
    // the rows come from `insertSearchRows`, one per decision: each replaces that decision's pairs
    await sql`insert into decision_search_pairs (${sql.join(columns.map((c) => sql.ref(c)))})
      values ${sql.join(part)}
      on conflict (decision_id) do update set ${sql.join(updates)}`.execute(tx);
  }
}

/** A search document's vector and what is derived from it, as tsvector and array literals. */
interface AnalysedDocument {
  readonly tsv: string;
  readonly rankTsv: string;
  /** The phrase keys as a `text[]` expression ({@link keysParameter}); null when not asked for. */
  readonly pairs: RawBuilder<string[]> | null;
  /** Per rank-vector lexeme in code point order, the prefix it shares (`sharedPrefixLengths`), as an array literal. */
  readonly shared: string;
  /** Per rank-vector lexeme in code point order, its term posting's score (`termScore`), as an array literal. */
  readonly scores: string;
}

/** Texts analysed per statement (a batch of long decisions is analysed in several). */
const ANALYSED_CHARS_PER_STATEMENT = 4_000_000;

/**
 * Where a batch's texts are analysed: in the writing transaction, one statement after the other,
 * or on a pool outside it, in up to `parallelism` statements side by side.
 */
type AnalysisSite =
  { readonly tx: Transaction<DB> } | { readonly pool: Kysely<DB>; readonly parallelism: number };

/**
 * The documents cut into consecutive parts, each one statement: at most
 * {@link ANALYSED_CHARS_PER_STATEMENT} characters (a longer document alone), and with `parts`
 * statements side by side at least that many parts when there are as many documents, of about
 * equal characters.
 */
function analysisParts(lengths: readonly number[], parts: number): { from: number; to: number }[] {
  const total = lengths.reduce((a, b) => a + b, 0);
  const limit = Math.min(ANALYSED_CHARS_PER_STATEMENT, Math.max(1, Math.ceil(total / parts)));
  const cut: { from: number; to: number }[] = [];
  for (let from = 0; from < lengths.length;) {
    let to = from;
    for (let chars = 0; to < lengths.length && (to === from || chars + lengths[to]! <= limit); to++) {
      chars += lengths[to]!;
    }
    cut.push({ from, to });
    from = to;
  }
  return cut;
}

/**
 * Phrase keys as the `text[]` value of a statement: one text of a line per key, split by the
 * database (`string_to_array`). As an array parameter each key is quoted and escaped in this
 * process: about 0.25 ms per decision of the benchmark corpus (550 keys), against 0.03 ms for the
 * lines (`rebuild all` at 100,000 decisions: the admin's processor time about a fifth lower). A
 * lexeme of `to_tsvector` holds no line break (the parser splits words at white space); a vector
 * whose would is sent as an array.
 */
export function keysParameter(
  keys: readonly string[],
  entries: readonly VectorEntry[],
): RawBuilder<string[]> {
  if (entries.some((e) => e.lexeme.includes('\n'))) return sql<string[]>`${[...keys]}::text[]`;
  return sql<string[]>`string_to_array(${keys.join('\n')}::text, chr(10))`;
}

/**
 * Analyses search documents in the database, a statement per part (`analysisParts`): each one's
 * tsvector weights title A, Regeste B and text C. The rank vector and (with `withPairs`) the
 * phrase pairs are derived from its text form here (`vector-derivations.ts`), as `rankVectorOf`
 * and `adjacentPairsOf` would derive them in SQL.
 */
async function analyseDocuments(
  site: AnalysisSite,
  docs: readonly SearchDocument[],
  withPairs: boolean,
): Promise<AnalysedDocument[]> {
  const texts = docs.map(indexedText);
  const parallelism = 'pool' in site ? Math.max(1, site.parallelism) : 1;
  const parts = analysisParts(
    texts.map((t) => t.length),
    parallelism,
  );
  const analysePart = async ({ from, to }: { from: number; to: number }): Promise<AnalysedDocument[]> => {
    const part = docs.slice(from, to);
    const column = <T>(of: (doc: SearchDocument) => T) => part.map(of);
    const result = await sql<{ tsv: string }>`
      select (setweight(to_tsvector(v.cfg, v.title), 'A')
        || setweight(to_tsvector(v.cfg, v.regeste), 'B')
        || setweight(to_tsvector(v.cfg, v.body), 'C'))::text as tsv
      from unnest(${column((d) => LANGUAGE_CONFIGS[d.language] ?? FALLBACK_CONFIG)}::text[]::regconfig[],
        ${column((d) => d.title)}::text[], ${column((d) => d.regeste ?? '')}::text[],
        ${texts.slice(from, to)}::text[]) with ordinality as v(cfg, title, regeste, body, n)
      order by v.n`.execute('pool' in site ? site.pool : site.tx);
    return result.rows.map(({ tsv }) => {
      const entries = parseTsVector(tsv);
      const rank = rankVectorEntries(entries, RANK_TEXT_LEXEMES);
      // in the order `unnest` gives the rank vector's lexemes (the vector's own: mostly no change)
      const ordered = [...rank].sort((a, b) => compareCodePoints(a.lexeme, b.lexeme));
      return {
        tsv,
        rankTsv: rank.map((e) => e.printed).join(' '),
        pairs: withPairs ? keysParameter(adjacentPairs(entries), entries) : null,
        shared: `{${sharedPrefixLengthsInOrder(ordered.map((e) => e.lexeme)).join(',')}}`,
        // a float4 printed as the shortest double naming it reads back as that float4
        scores: `{${ordered.map(termScore).join(',')}}`,
      };
    });
  };
  // the parts in order, `parallelism` statements at a time
  const turn = pLimit(parallelism);
  const analysed = await Promise.all(parts.map((part) => turn(() => analysePart(part))));
  return analysed.flat();
}

/** The text a document's vector is analysed from: a tsvector holds at most 1 MB. */
const indexedText = (doc: SearchDocument): string =>
  doc.full_text.length > MAX_INDEXED_CHARS ? doc.full_text.slice(0, MAX_INDEXED_CHARS) : doc.full_text;

/** Rows per insert statement (each row binds 17 values). */
const ROWS_PER_INSERT = 250;

/**
 * Writes search documents into `table` (`decision_search` or the matcher's temporary table). A
 * row of the same decision is replaced unless it was written at a later position; of several
 * versions of a decision among `docs`, the one at the latest position is written (the last of
 * those at the same one), as writing them one after the other would leave it. Gives the rows
 * analysed with each one's position, shared prefixes and term scores (`insertTermPostings`), and
 * for `decision_search` the phrase pairs of those the table now holds at that position (a row
 * written at a later position before keeps its own: `insertPhrasePairs`); the matcher's table
 * has no phrase pairs, and its documents' are not derived (about 0.12 ms a decision).
 */
async function insertSearchRows(
  tx: Transaction<DB>,
  table: 'decision_search' | 'candidate_search',
  docs: readonly { doc: SearchDocument; position: number }[],
  site: AnalysisSite = { tx },
): Promise<{
  ids: string[];
  positions: number[];
  shared: string[];
  scores: string[];
  pairs: { doc: SearchDocument; pairs: RawBuilder<string[]> }[];
}> {
  const latest = new Map<string, { doc: SearchDocument; position: number }>();
  for (const written of docs) {
    const before = latest.get(written.doc.decision_id);
    if (!before || before.position <= written.position) latest.set(written.doc.decision_id, written);
  }
  const rows = [...latest.values()];
  const withPairs = table === 'decision_search';
  const analysed = await analyseDocuments(
    site,
    rows.map(({ doc }) => doc),
    withPairs,
  );
  const columns = [...SEARCH_HIT_FIELDS, 'ref_keys', 'tsv', 'rank_tsv', 'event_position'];
  const updates = columns
    .filter((c) => c !== 'decision_id')
    .map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`);
  const valuesOf = ({ doc, position }: { doc: SearchDocument; position: number }, i: number) => {
    const { tsv, rankTsv } = analysed[i]!;
    return sql`(${sql.join([
      ...SEARCH_HIT_FIELDS.map((f) => fieldValue(doc, f)),
      sql`${[...doc.ref_keys]}::text[]`,
      sql`${tsv}::tsvector`,
      sql`${rankTsv}::tsvector`,
      sql`${position}::bigint`,
    ])})`;
  };
  const written = new Set<string>();
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    const part = rows.slice(from, from + ROWS_PER_INSERT).map((row, i) => valuesOf(row, from + i));
    // the rows inserted or replaced (not those held at a later position)
    const returned = await sql<{ id: string }>`
      insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values ${sql.join(part)}
      on conflict (decision_id) do update set ${sql.join(updates)}
      where ${sql.table(table)}.event_position <= excluded.event_position
      returning decision_id as id`.execute(tx);
    for (const { id } of returned.rows) written.add(id);
  }
  return {
    ids: rows.map((r) => r.doc.decision_id),
    positions: rows.map((r) => r.position),
    shared: analysed.map((a) => a.shared),
    scores: analysed.map((a) => a.scores),
    pairs: rows.flatMap(({ doc }, i) => {
      const pairs = analysed[i]!.pairs;
      return pairs !== null && written.has(doc.decision_id) ? [{ doc, pairs }] : [];
    }),
  };
}

/**
 * Moves the entries a batch left in the pending lists of the search tables' GIN indexes into the
 * indexes (`gin_clean_pending_list`, what autovacuum does later, in bulk). Searches then never
 * scan a pending list, and the planner, which costs a GIN scan by its pending pages, keeps the
 * index: with 90 pending pages (500 rows written) it counted "rechtliches Gehör" by reading every
 * row's pairs instead, 325 ms against 10 ms at 100,000 decisions. The embedded database has no
 * autovacuum at all.
 */
async function flushPendingEntries(tx: Transaction<DB>): Promise<void> {
  await sql`select gin_clean_pending_list(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where a.amname = 'gin'
      and i.indrelid in (to_regclass('decision_search'), to_regclass('decision_search_pairs'))`.execute(tx);
}

/** A language code as the filter takes it (two letters), written into a statement as it is. */
const LANGUAGE_CODE = /^[a-z]{2}$/;

/** The condition a search's filters put on `decision_search` rows. */
function filtersOf(f: SearchFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (f.court) conditions.push(sql<SqlBool>`court = ${f.court}`);
  if (f.canton) conditions.push(sql<SqlBool>`canton = ${f.canton}`);
  // A language is written into the statement: kept with a generic plan (`GENERIC_PLAN`), the
  // statement then reads only that language's arms of the query (as a parameter, French
  // "Kündigung" read the German arm's 4,761 matches to keep 99: 8.9 against 0.7 ms).
  if (f.language)
    conditions.push(
      sql<SqlBool>`language = ${LANGUAGE_CODE.test(f.language) ? sql.lit(f.language) : f.language}`,
    );
  if (f.dateFrom) conditions.push(sql<SqlBool>`decision_date >= ${f.dateFrom}::date`);
  if (f.dateTo) conditions.push(sql<SqlBool>`decision_date <= ${f.dateTo}::date`);
  if (f.chamber) conditions.push(sql<SqlBool>`chamber ilike ${`%${escapeLike(f.chamber)}%`}`);
  if (f.decisionType) conditions.push(sql<SqlBool>`lower(decision_type) = lower(${f.decisionType})`);
  return conditions;
}

const allOf = (conditions: readonly Expression<SqlBool>[]): Expression<SqlBool> =>
  conditions.length > 0 ? sql.join(conditions, sql` and `) : sql<SqlBool>`true`;

/**
 * The search table's columns as the query compiler reads them. Phrases are matched on `tsv`
 * (whose lexemes the planner has statistics for); a phrase, a reference and an OR with a
 * reference are counted from the phrase pairs (`unionOfMatches`).
 */
const ROW_OPTIONS = { columns: { rankTsv: 'rank_tsv' } } as const;

/** The condition a search's query and filters put on `decision_search` rows. */
function whereOf(query: QueryNode | null, f: SearchFilters, options = ROW_OPTIONS): Expression<SqlBool> {
  return allOf([...(query ? [compileTsQuery(query, options).sql] : []), ...filtersOf(f)]);
}

/** How long the table's row count (for the density of matches) is reused. */
const ROW_COUNT_TTL_MS = 60_000;

/**
 * How many analysed disjunctions (`postingsLexemes`) a search index keeps. The analysis of a word
 * depends only on the text search configurations, which change with a migration, that is with a
 * new API process; so it is asked of the database once per distinct query, not once per search.
 */
const ANALYSED_KEPT = 2_000;

/**
 * Pages up to this end read their scored rows while the matches are counted; a larger page (a
 * compact page, a topic's pool) mostly reaches past its scored rows and reads them first, to
 * count the matches and read the rest in one pass (`countWithNewest`).
 */
const SCORED_FIRST_PAGE = 100;

const COMPACT_FIELDS: ReadonlySet<string> = new Set(COMPACT_HIT_FIELDS);

/** What every row a search reads holds, whatever else its columns are. */
type Row = { readonly decision_id: string };

/**
 * The columns a search reads (`list`, named `names`); `idsOnly` when they are the id and date
 * alone.
 */
interface Columns {
  readonly list: RawBuilder<unknown>;
  readonly names: readonly string[];
  readonly idsOnly: boolean;
}

/** The columns an ids-only search reads: the id, and the date that orders the matches by date. */
const ID_NAMES = ['decision_id', 'decision_date'] as const;
const ID_COLUMNS: Columns = {
  list: sql.join(ID_NAMES.map((name) => sql.ref(name))),
  names: ID_NAMES,
  idsOnly: true,
};

/** The columns of a hit; a compact page reads no long texts (the port's empty values instead). */
function hitColumns(compact: boolean): Columns {
  const list = sql.join(
    SEARCH_HIT_FIELDS.map((c) => {
      if (!compact || COMPACT_FIELDS.has(c)) return sql.ref(c);
      return c === 'rule_statement' ? sql`''::text as rule_statement` : sql`null::text as ${sql.ref(c)}`;
    }),
  );
  return { list, names: SEARCH_HIT_FIELDS, idsOnly: false };
}

/** Whether a query holds a phrase (counted from the phrase pairs, not from its rows). */
function hasPhrase(node: QueryNode | null): boolean {
  if (node === null) return false;
  if (node.kind === 'phrase') return true;
  if (node.kind === 'and' || node.kind === 'or') return node.children.some(hasPhrase);
  if (node.kind === 'not') return hasPhrase(node.child);
  return false;
}

/** The operands of a disjunction: the children of its ORs, nested ones included. */
const disjuncts = (node: QueryNode): QueryNode[] =>
  node.kind === 'or' ? node.children.flatMap(disjuncts) : [node];

/** The select of the search rows `condition` and `where` hold, as ids and dates. */
const rowsWhere = (condition: Expression<SqlBool>, where: Expression<SqlBool>): RawBuilder<unknown> =>
  sql`select decision_id as id, decision_date as date from decision_search where ${condition} and ${where}`;

/** The language arms over the search rows' language column, by name. */
const ROWS_ARMS = new Map(languageArms(sql.ref('language')).map((arm) => [arm.name, arm]));

/**
 * The selects (ids and dates) of a phrase's matches, one per language arm where it has lexemes
 * (two for three words with a stop word after the first, `gappedSelects`): from the phrase pairs
 * (`pairsTest`; their rows hold the filter columns too) where its lexemes are one or two apart (a
 * stop word between), from the full vectors elsewhere (two stop words in a row, a compound). One
 * select per arm: in one select, the planner factors out pairs that are the same in every arm (a
 * citation's `140 iii 86`), and no arm's partial index is left to read them. The arms are disjoint
 * (a decision has one language).
 */
function phraseSelects(
  text: string,
  phrases: ReadonlyMap<string, PhraseAnalysis>,
  where: Expression<SqlBool>,
): RawBuilder<unknown>[] {
  const analysis = phrases.get(text);
  if (analysis === undefined) throw new Error(`phrase without its analysis: ${text}`);
  return analysis.flatMap((a) => {
    if (a.nodes === 0) return [];
    const triple = gappedTripleOf(a);
    if (triple !== undefined) return gappedSelects(text, a, triple, where);
    if (a.chain) return [pairsRows(pairsTest(text, a), where)];
    const { when, cfg } = ROWS_ARMS.get(a.arm)!;
    return [rowsWhere(sql<SqlBool>`(${when} and tsv @@ phraseto_tsquery(${cfg}, ${text}))`, where)];
  });
}

/** A reference's matches (rule 5): its own decisions by their keys, and each citation phrase's. */
function referenceOperands(
  ref: ReferenceNode,
  phrases: ReadonlyMap<string, PhraseAnalysis>,
  where: Expression<SqlBool>,
): RawBuilder<unknown>[][] {
  return [
    [rowsWhere(sql<SqlBool>`ref_keys @> ${[ref.key]}::text[]`, where)],
    ...citationPhrases(ref).map((text) => phraseSelects(text, phrases, where)),
  ];
}

/**
 * The union of operands' matches (each operand's selects disjoint: read one after the other, up
 * to a count's cap, not deduplicated); null for none.
 */
function unionOf(operands: readonly (readonly RawBuilder<unknown>[])[]): RawBuilder<unknown> | null {
  const read = operands.filter((arms) => arms.length > 0).map((arms) => sql.join(arms, sql` union all `));
  if (read.length === 0) return null;
  return read.length === 1
    ? read[0]!
    : sql.join(
        read.map((r) => sql`(${r})`),
        sql` union `,
      );
}

/**
 * How the search compiles a query (`TsQueryCompileOptions`): phrases analysed beforehand, and a
 * reference as the decisions its union of matches names (`decision_id in (…)`): under an AND a
 * semi-join, under an OR or a NOT a hashed set, where its citation phrases on the full vectors
 * would read the vector of every row holding their lexemes anywhere.
 */
function compileOptions(phrases: ReadonlyMap<string, PhraseAnalysis>): TsQueryCompileOptions {
  return {
    ...ROW_OPTIONS,
    phrases,
    references: (ref) => {
      const matches = unionOf(referenceOperands(ref, phrases, sql<SqlBool>`true`))!;
      return sql<boolean>`decision_id in (select u.id from (${matches}) u)`;
    },
  };
}

/**
 * The matches (ids and dates) of a phrase, a reference (a docket, a BGE reference) or an OR with a
 * reference in it, as the union of its operands' matches (`phraseSelects`, `referenceOperands`;
 * any other operand from the search table, the reference-free ones as one tsquery, as the query
 * compiler merges them), planned per execution on a server and without sequential scans on the
 * embedded database (`PLAN_PER_EXECUTION_ON_SERVER`): a generic plan, costed without the pairs,
 * may read every row's pairs (58 ms against 2–6 ms for "rechtliches Gehör" on the 3,000-decision
 * sample).
 * No match is looked up by its id: testing the pairs by id in the search rows (an arm
 * `decision_id = any(array(…))`), counting the 1,240 decisions citing a much cited BGE took 27 ms,
 * against 1.1–1.6 ms as a union (and 1.8 ms by GIN indexes on the search rows' own pairs, a copy
 * of the phrase pairs' that took 185 s of a 100,000-decision replay to build; no longer built).
 * Null for any other query.
 */
function unionOfMatches(
  query: QueryNode | null,
  options: TsQueryCompileOptions,
  filters: readonly Expression<SqlBool>[],
): MatchesSql | null {
  if (query === null) return null;
  const disjunction =
    query.kind === 'phrase' ||
    query.kind === 'reference' ||
    (query.kind === 'or' && containsReference(query));
  if (!disjunction) return null;
  const phrases = options.phrases ?? new Map<string, PhraseAnalysis>();
  const where = allOf(filters);
  const operands: RawBuilder<unknown>[][] = [];
  const plain: QueryNode[] = [];
  for (const operand of disjuncts(query)) {
    if (operand.kind === 'phrase') operands.push(phraseSelects(operand.words.join(' '), phrases, where));
    else if (operand.kind === 'reference') operands.push(...referenceOperands(operand, phrases, where));
    else if (containsReference(operand))
      operands.push([rowsWhere(compileTsQuery(operand, options).sql, where)]);
    else plain.push(operand);
  }
  if (plain.length > 0) {
    const tree: QueryNode = plain.length === 1 ? plain[0]! : { kind: 'or', children: plain };
    operands.push([rowsWhere(compileTsQuery(tree, options).sql, where)]);
  }
  const union = unionOf(operands);
  // a phrase of stop words only matches nothing (rule 7)
  if (union === null)
    return { sql: sql`select null::text as id, null::date as date where false`, planPerExecution: false };
  return { sql: union, planPerExecution: true };
}

/**
 * Whether the matches of a query are decided by the indexes alone, no row's full vector read:
 * references (`compileOptions`), and phrases their pairs match exactly in every language arm (two
 * lexemes, or three with their triple), under OR (`unionOfMatches`); an AND of references.
 */
function matchedByIndexes(node: QueryNode, phrases: ReadonlyMap<string, PhraseAnalysis>): boolean {
  const exact = (text: string) => {
    const analysis = phrases.get(text);
    return analysis !== undefined && phraseMatchedByPairs(analysis);
  };
  switch (node.kind) {
    case 'reference':
      return citationPhrases(node).every(exact);
    case 'phrase':
      return exact(node.words.join(' '));
    case 'and':
      return node.children.every((c) => c.kind === 'reference' && matchedByIndexes(c, phrases));
    case 'or':
      return node.children.every((c) => matchedByIndexes(c, phrases));
    default:
      return false;
  }
}

/**
 * How much cheaper a match is to collect than a row to test on the date index's walk, when the
 * indexes alone decide the matches (`matchedByIndexes`): a heap page per match (the 1,994 matches
 * of a much cited BGE counted in 3 ms at 100,000 decisions) against the row's full vector read
 * from TOAST per row walked (about 20 µs: the walk for that BGE's page, which the planner ran as a
 * scan of every match rechecked on its vector, took 41 ms).
 */
const EXACT_COLLECT_FACTOR = 8;

/**
 * A condition on `decision_search` rows, and whether a statement testing it is planned with each
 * execution on a server (`PLAN_PER_EXECUTION_ON_SERVER`; kept without sequential scans on the
 * embedded database): a reference's matches read the phrase pairs (`compileOptions`), which a
 * generic plan, costed for pairs it does not know, may read sequentially.
 */
interface Condition {
  readonly sql: Expression<SqlBool>;
  readonly planPerExecution: boolean;
}

/**
 * The statement of a relevance page's scored rows, in rank order, at most the page's end: the
 * columns a search reads and the `extra` ones it adds (`score` first), planned as
 * `planPerExecution` says (`hintOf`).
 */
interface Scoring {
  readonly sql: RawBuilder<unknown>;
  readonly extra: readonly string[];
  readonly planPerExecution: boolean;
}

/**
 * The scored rows of a query ranked on the rank vectors (no postings), at most `end`: the query's
 * own decisions, then the rows whose rank vector matches the positive part of the query (rank
 * above 0), scored on the small rank vectors.
 */
function vectorScoring(
  compiled: ReturnType<typeof compileTsQuery> & { readonly planPerExecution: boolean },
  columns: Columns,
  filters: readonly Expression<SqlBool>[],
  end: number,
): Scoring {
  const scored = sql<SqlBool>`(${compiled.rankable} or ${compiled.ownRefMatch})`;
  const matchScored = compiled.rankImpliesMatch ? [] : [compiled.sql];
  return {
    sql: sql`
    select ${columns.list}, ${compiled.rank}::float8 as score
    from decision_search where ${allOf([scored, ...matchScored, ...filters])}
    order by ${compiled.ownRefMatch} desc, score desc, decision_date desc nulls last, decision_id
    limit ${end}`,
    extra: ['score'],
    planPerExecution: compiled.planPerExecution,
  };
}

/**
 * The rows of a page's statement (ranked or by date), in its order: with `columns` the ids alone
 * (`ID_COLUMNS`, and the `extra` columns the statement adds, as `score`), read as one row holding a
 * JSON array per column, which the client parses natively, instead of a row each, which
 * node-postgres parses field by field (a compact page's 2,000 scored ids: about 5.5 ms of the
 * API's processor time as rows, 2.1–2.7 ms so; the statement's own time the same). The aggregates
 * read the statement's rows as it orders them: a subquery with its own order is not flattened into
 * the aggregating query.
 */
async function pageRows<R extends Row>(
  db: Database,
  statement: RawBuilder<unknown>,
  columns: Columns,
  {
    hint = sql.raw(GENERIC_PLAN),
    extra = [],
  }: { hint?: RawBuilder<unknown>; extra?: readonly string[] } = {},
): Promise<R[]> {
  if (!columns.idsOnly) return (await sql<R>`${hint} ${statement}`.execute(db)).rows;
  const names = [...columns.names, ...extra];
  const packed = await packedRows(db, statement, names, hint);
  if (packed === null) return [];
  return packed[names[0]!]!.map((_, i) => {
    const row: Record<string, unknown> = {};
    for (const name of names) row[name] = packed[name]![i];
    return row as R;
  });
}

/** The rows of a statement as `pageRows` reads ids alone: an array per column of `names`; null for none. */
async function packedRows(
  db: Database,
  statement: RawBuilder<unknown>,
  names: readonly string[],
  hint: RawBuilder<unknown>,
): Promise<Record<string, unknown[]> | null> {
  const arrays = sql.join(names.map((name) => sql`json_agg(r.${sql.ref(name)}) as ${sql.ref(name)}`));
  const found = await sql<Record<string, unknown[] | null>>`${hint}
    select ${arrays} from (${statement}) r`.execute(db);
  const packed = found.rows[0];
  return packed?.[names[0]!] ? (packed as Record<string, unknown[]>) : null;
}

/**
 * The hint a statement testing `condition` starts with: planned per execution on a server, or
 * kept with a generic plan (`GENERIC_PLAN`).
 */
const hintOf = (condition: { readonly planPerExecution: boolean }): RawBuilder<unknown> =>
  sql.raw(condition.planPerExecution ? PLAN_PER_EXECUTION_ON_SERVER : GENERIC_PLAN);

/**
 * The columns of the newest others (`k` of `newestOthers`), then `extra`: ids alone are the
 * matches' own; other columns are read from the search rows, for the newest only.
 */
const newestColumns = (columns: Columns, extra: RawBuilder<unknown>): RawBuilder<unknown> =>
  columns.idsOnly
    ? sql`k.id as decision_id, k.date as decision_date${extra} from k`
    : sql`${columns.list}${extra} from k join decision_search on decision_search.decision_id = k.id`;

/** A query's matches as `countWithNewest` reads them: SQL giving their `id` and `date`. */
interface MatchesSql {
  readonly sql: RawBuilder<unknown>;
  /** Planned with each execution on a server (`PLAN_PER_EXECUTION_ON_SERVER`), as the phrase pairs' count is. */
  readonly planPerExecution: boolean;
}

/**
 * How many of the newest rows a walk in date order first reads (`byDate`) to find `wanted`
 * matches of `matches` (counted, or one more than the count's cap when there are more) among
 * `rows`: twice what the matches' density says, and twenty more, so that one prefix mostly
 * suffices.
 */
const walkReach = (wanted: number, matches: number, rows: number): number =>
  Math.ceil((2 * wanted * rows) / Math.max(1, matches)) + 20;

/** The leaves of a query the term postings can rank: a term, a prefix or an OR of such; else null. */
function disjunctionLeaves(node: QueryNode): (TermNode | PrefixNode)[] | null {
  if (node.kind === 'term' || node.kind === 'prefix') return [node];
  if (node.kind !== 'or') return null;
  const leaves: (TermNode | PrefixNode)[] = [];
  for (const child of node.children) {
    const of = disjunctionLeaves(child);
    if (of === null) return null;
    leaves.push(...of);
  }
  return leaves;
}

/** What a disjunction reads from the term postings of one language arm. */
interface ArmLexemes {
  readonly arm: string;
  /** Lexemes read as they are (terms). */
  readonly exact: readonly string[];
  /** Lexeme prefixes (prefix queries): every lexeme starting with one. */
  readonly prefixes: readonly string[];
}

/** A tsquery of one operand (`'lexeme'` or `'lexeme':*`) as text, quotes and backslashes escaped. */
const SINGLE_OPERAND = /^'((?:[^'\\]|''|\\.)*)'(:\*)?$/;

/**
 * The postings' conditions for one arm, disjoint so that no posting is read twice: its exact
 * lexemes (those a prefix covers left out) and, per prefix (those a shorter one covers left out),
 * the range of lexemes that start with it: the column is in the "C" collation, ordered by code
 * point, so they run from the prefix up to the prefix with its last character incremented. Each is
 * one range of the postings index, read without the table.
 */
function postingsRanges(arm: ArmLexemes): RawBuilder<boolean>[] {
  const { words, kept } = disjointLexemes(arm);
  const ranges: RawBuilder<boolean>[] = [];
  // one word as an equality: a list (`= any`) would keep the index from giving the rank order
  if (words.length === 1) ranges.push(sql<boolean>`lexeme = ${words[0]}`);
  if (words.length > 1) ranges.push(sql<boolean>`lexeme = any(${words}::text[])`);
  for (const prefix of kept) ranges.push(prefixRange(prefix));
  return ranges;
}

/** An arm's prefixes none of the others covers, and its words none of those covers. */
function disjointLexemes({ exact, prefixes }: ArmLexemes): { words: string[]; kept: string[] } {
  const covered = (word: string, by: readonly string[]) => by.some((p) => p !== word && word.startsWith(p));
  const kept = [...new Set(prefixes)].filter((p) => !covered(p, prefixes));
  return { words: exact.filter((w) => !kept.some((p) => w.startsWith(p))), kept };
}

/** The postings' lexemes starting with `prefix`: one range of the index (see `postingsRanges`). */
function prefixRange(prefix: string): RawBuilder<boolean> {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  return next > 0x10ffff
    ? sql<boolean>`(lexeme >= ${prefix} and starts_with(lexeme, ${prefix}))`
    : sql<boolean>`(lexeme >= ${prefix} and lexeme < ${chars.join('') + String.fromCodePoint(next)})`;
}

/**
 * The lexemes of a prefix query whose single postings are read in rank order, lexeme by lexeme
 * (`prefixScoring`); a prefix naming more (`ab*`) has its single postings all read and the best kept.
 */
const PREFIX_LEXEMES_IN_ORDER = 64;

/**
 * The arms a search filtered to `language` reads: a decision's postings are in its language's arm
 * (`armOf`), so those of the others hold no decision in that language.
 */
function armsOfLanguage(arms: ArmLexemes[] | null, language: string | undefined): ArmLexemes[] | null {
  if (arms === null || language === undefined) return arms;
  const arm = language in LANGUAGE_CONFIGS ? language : 'other';
  return arms.filter((a) => a.arm === arm);
}

/** The filters but a language the arms read are of (`armsOfLanguage`): its rows need no test of it. */
const withoutArmLanguage = ({ language, ...others }: SearchFilters): SearchFilters =>
  language !== undefined && language in LANGUAGE_CONFIGS ? others : { language, ...others };

/** The one prefix each arm reads (no word beside it), or null when some arm reads more. */
function onePrefixPerArm(arms: readonly ArmLexemes[]): { arm: string; prefix: string }[] | null {
  const read = arms.map((a) => ({ arm: a.arm, ...disjointLexemes(a) }));
  if (!read.every((r) => r.words.length === 0 && r.kept.length === 1)) return null;
  return read.map((r) => ({ arm: r.arm, prefix: r.kept[0]! }));
}

/** The language arms over the phrase pairs' language column, by name. */
const PAIRS_ARMS = new Map(languageArms(sql.ref('p.language')).map((a) => [a.name, a]));

/**
 * The test of the phrase pairs (`decision_search_pairs p`) for a phrase of lexemes one or two
 * apart in one language arm: the row holds all the arm's keys, and with more than two lexemes (not
 * three adjacent ones whose triple is stored, two of them holding a digit) also the phrase on its
 * full vector.
 */
function pairsTest(text: string, { arm, nodes, pairs }: PhraseArmAnalysis): RawBuilder<SqlBool> {
  const phrase = pairsMatchExactly(nodes, pairs)
    ? sql``
    : sql`and ${phraseOnVector(sql.ref('p.decision_id'), PAIRS_ARMS.get(arm)!.cfg, text)}`;
  return keysTest(arm, keysHeld(pairs), phrase);
}

/** The phrase pairs (`p`) of `arm` holding `keys`, and passing `recheck` (empty: none). */
const keysTest = (
  arm: string,
  keys: readonly string[],
  recheck: RawBuilder<unknown> = sql``,
): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${PAIRS_ARMS.get(arm)!.when} and p.tsv_pairs @> ${[...keys]}::text[] ${recheck})`;

/** The ids and dates of the phrase pairs (`p`) passing `test` and `where`. */
const pairsRows = (test: RawBuilder<SqlBool>, where: Expression<SqlBool>): RawBuilder<unknown> =>
  sql`select p.decision_id as id, p.decision_date as date from decision_search_pairs p
    where ${test} and ${where}`;

/** The phrase on the full vector of the decision `id` names (a recheck of a row its keys found). */
const phraseOnVector = (
  id: RawBuilder<unknown>,
  cfg: RawBuilder<unknown>,
  text: string,
): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from decision_search d
    where d.decision_id = ${id} and d.tsv @@ phraseto_tsquery(${cfg}, ${text}))`;

/**
 * The selects of a phrase of three lexemes with a stop word's gap after the first, in one arm
 * (`gappedTripleOf`): the rows holding its triple after the gap (a stop word in the gap: a match,
 * read from the index alone), then the rows holding its other keys but not that triple, each
 * rechecked on its full vector (another word in the gap, or the keys apart). The two are disjoint,
 * and the first mostly reaches the count's cap alone: `"droit d'être entendu"` at 100,000
 * decisions, 24,571 rows hold its keys and every one its triple (counted to the cap in 4 ms, where
 * rechecking each row took 268 ms). As one test (`keys and (triple or recheck)`) every row holding
 * the keys would read its pairs from TOAST to test the triple.
 */
function gappedSelects(
  text: string,
  a: PhraseArmAnalysis,
  triple: string,
  where: Expression<SqlBool>,
): RawBuilder<unknown>[] {
  const { cfg } = PAIRS_ARMS.get(a.arm)!;
  const withTriple = pairsRows(keysTest(a.arm, [triple]), where);
  return [
    withTriple,
    sql`select r.id, r.date from (${pairsRows(keysTest(a.arm, keysHeld(a.pairs)), where)} except ${withTriple}) r
      where ${phraseOnVector(sql.ref('r.id'), cfg, text)}`,
  ];
}

/** An analysis kept per key in `cache`, once per distinct key (a failed one is not kept). */
function keptAnalysis<T extends object>(
  cache: LRUCache<string, Promise<T>>,
  key: string,
  analyse: () => Promise<T>,
): Promise<T> {
  const kept = cache.get(key);
  if (kept) return kept;
  const analysis = analyse();
  cache.set(key, analysis);
  analysis.catch(() => {
    if (cache.peek(key) === analysis) cache.delete(key);
  });
  return analysis;
}

/** One lexeme per arm: the postings are read in rank order from the index, none summed. */
const isSingleLexeme = (arms: readonly ArmLexemes[]): boolean =>
  arms.every((a) => a.exact.length + a.prefixes.length === 1 && a.prefixes.length === 0);

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
    await insertSearchRows(
      tx,
      'candidate_search',
      docs.map((doc) => ({ doc, position: 0 })),
    );
    const rows = await sql<{ decision_id: string }>`
      select decision_id from candidate_search where ${whereOf(query, filters)}`.execute(tx);
    await sql`truncate candidate_search`.execute(tx);
    return new Set(rows.rows.map((r) => r.decision_id));
  },
};

/** How a phrase analyses in each language arm (`TsQueryCompileOptions.phrases`), asked of the database. */
export async function analysePhrase(db: Kysely<DB> | Transaction<DB>, text: string): Promise<PhraseAnalysis> {
  const rows = await sql<{ arm: string; q: string; nodes: number; pairs: string[] }>`${sql.join(
    languageArms(sql.ref('language')).map(
      ({ name, cfg }) => sql`select ${name}::text as arm, q::text as q, numnode(q)::int as nodes,
        ${adjacentPairsOf(sql`to_tsvector(${cfg}, ${text})`)} as pairs
        from phraseto_tsquery(${cfg}, ${text}) q`,
    ),
    sql` union all `,
  )}`.execute(db);
  return rows.rows.map(({ arm, q, nodes, pairs }) => ({
    arm,
    nodes: Number(nodes),
    chain: isPairedChain(q, Number(nodes)),
    gap: hasGap(q),
    pairs,
  }));
}

/** Decision search on PostgreSQL full-text search (embedded PGlite or a server). */
export class PostgresSearchIndex implements DecisionSearchIndex, SearchIndexWriter {
  /** Rows are written in the projection's transaction, with its checkpoint. */
  readonly changesWithReadModelState = true;
  private readonly countCap: number;
  private readonly pool: number;
  private readonly dateOrder: 'walk' | 'collect' | 'density';
  private readonly analysisParallelism: number | null;
  private readonly scoredRowsFirst: boolean;
  private readonly prefixLexemesInOrder: number;
  private rowCount: { readonly n: number; readonly at: number } | null = null;
  private pairsFormat: { readonly format: PairsFormat; readonly at: number } | null = null;
  /** When the term postings were last found without `shared` (`prefixScoring`). */
  private sharedMissingAt: number | null = null;
  private rowRecount: Promise<number> | null = null;
  /** Analysed disjunctions by their leaves (see {@link ANALYSED_KEPT}); null: not from the postings. */
  private readonly analysed = new LRUCache<string, Promise<{ arms: ArmLexemes[] | null }>>({
    max: ANALYSED_KEPT,
  });
  /** Analysed phrases by their text. */
  private readonly analysedPhrases = new LRUCache<string, Promise<{ arms: PhraseAnalysis }>>({
    max: ANALYSED_KEPT,
  });

  constructor(
    private readonly db: Database,
    options: PostgresSearchOptions = {},
  ) {
    this.countCap = options.countCap ?? 10_000;
    this.pool = options.candidatePool ?? 10_000;
    this.dateOrder = options.dateOrder ?? 'density';
    this.analysisParallelism = options.analysisParallelism ?? null;
    this.scoredRowsFirst = options.scoredRowsFirst ?? false;
    this.prefixLexemesInOrder = options.prefixLexemesInOrder ?? PREFIX_LEXEMES_IN_ORDER;
  }

  async upsert(
    docs: readonly { doc: SearchDocument; position: number }[],
    { tx }: SearchWriteContext,
  ): Promise<void> {
    if (docs.length === 0) return;
    const parallelism = this.analysisParallelism;
    const analysed = await insertSearchRows(
      tx,
      'decision_search',
      docs,
      parallelism ? { pool: this.db, parallelism } : { tx },
    );
    // the postings follow whichever version each row now holds: the one analysed here, or (a later
    // one written before) derived in SQL
    const { ids } = analysed;
    await sql`delete from decision_search_terms where decision_id = any(${ids}::text[])`.execute(tx);
    await insertTermPostings(sql<boolean>`true`, analysed).execute(tx);
    await insertTermPostings(sql<boolean>`s.decision_id = any(${ids}::text[])
      and (s.decision_id, s.event_position) not in (
        select * from unnest(${ids}::text[], ${analysed.positions}::bigint[]))`).execute(tx);
    await insertPhrasePairs(tx, analysed.pairs);
    await flushPendingEntries(tx);
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
      if (Number(removed.numDeletedRows) > 0) {
        await sql`delete from decision_search_terms where decision_id = ${decision_id}`.execute(tx);
        await sql`delete from decision_search_pairs where decision_id = ${decision_id}`.execute(tx);
      }
    }
  }

  /**
   * The lexemes a disjunction of terms and prefixes reads from the term postings, per language arm
   * (a word that is a stop word in an arm's language is left out there, rule 7); null when a word
   * analyses to more than one lexeme in some arm (a compound), whose rank is no sum of postings.
   * Kept per distinct disjunction (a failed analysis is not kept).
   */
  private async postingsLexemes(leaves: readonly (TermNode | PrefixNode)[]): Promise<ArmLexemes[] | null> {
    const key = JSON.stringify(leaves.map((l) => (l.kind === 'term' ? ['t', l.text] : ['p', l.text])));
    const analysed = await keptAnalysis(this.analysed, key, async () => ({
      arms: await this.analyseLexemes(leaves),
    }));
    return analysed.arms;
  }

  /**
   * How a phrase analyses in each language arm, kept per distinct text (a failed analysis is not
   * kept), for the keys the pairs read hold (`analysisFor`).
   */
  private async analysedPhrase(text: string): Promise<PhraseAnalysis> {
    const format = await this.pairsFormatHeld();
    const analysed = await keptAnalysis(this.analysedPhrases, `${format}:${text}`, async () => ({
      arms: analysisFor(await analysePhrase(this.db, text), format),
    }));
    return analysed.arms;
  }

  /**
   * Which keys the pairs the searches read hold: the generation is marked so ({@link PAIRS_FORMAT}),
   * as every generation is once the projection that writes it has started with this release. An
   * API may start before that projection: until then it asks again once a minute.
   */
  private async pairsFormatHeld(): Promise<PairsFormat> {
    const known = this.pairsFormat;
    if (known && (known.format === 'gapped' || Date.now() - known.at < ROW_COUNT_TTL_MS)) return known.format;
    // the table itself, or the generation's table behind the view the searches read
    const marked = await sql<{ mark: string | null }>`
      with r as (select c.oid, n.nspname as schema from pg_class c
        join pg_namespace n on n.oid = c.relnamespace where c.oid = to_regclass('decision_search_pairs'))
      select col_description(a.attrelid, a.attnum) as mark from pg_attribute a
      where a.attname = 'tsv_pairs' and a.attrelid = coalesce(
        (select to_regclass(format('%I.%I', u.table_schema, u.table_name))
          from information_schema.view_table_usage u join r on u.view_schema = r.schema
          where u.view_name = 'decision_search_pairs' and u.table_name = 'decision_search_pairs' limit 1),
        (select oid from r))`.execute(this.db);
    const format = pairsFormatOf(marked.rows[0]?.mark);
    this.pairsFormat = { format, at: Date.now() };
    return format;
  }

  /**
   * Whether the term postings are taken to hold `shared` (`prefixScoring`): every generation does
   * once the projection that writes it has started with this release. A search that finds the
   * column missing sums the postings instead, and so do the searches of the next minute.
   */
  private sharedHeld(): boolean {
    const missing = this.sharedMissingAt;
    return missing === null || Date.now() - missing >= ROW_COUNT_TTL_MS;
  }

  /**
   * Every phrase a query's statements match per language arm, analysed: the statements then name
   * each arm's test instead of deciding it.
   */
  private async phraseAnalysesOf(query: QueryNode | null): Promise<Map<string, PhraseAnalysis>> {
    const texts = query ? phraseTextsOf(query) : [];
    return new Map(await Promise.all(texts.map(async (t) => [t, await this.analysedPhrase(t)] as const)));
  }

  private async analyseLexemes(leaves: readonly (TermNode | PrefixNode)[]): Promise<ArmLexemes[] | null> {
    const arms = [...Object.entries(LANGUAGE_CONFIGS), ['other', FALLBACK_CONFIG] as const];
    const analysed = await sql<{ arm: string; q: string }>`${sql.join(
      arms.flatMap(([arm, cfg]) =>
        leaves.map(
          (leaf) =>
            sql`select ${arm}::text as arm, (${leafTsQuery(leaf, sql`${sql.lit(cfg)}::regconfig`)})::text as q`,
        ),
      ),
      sql` union all `,
    )}`.execute(this.db);
    const byArm = new Map<string, { exact: Set<string>; prefixes: Set<string> }>();
    for (const { arm, q } of analysed.rows) {
      if (q === '') continue;
      const operand = SINGLE_OPERAND.exec(q);
      if (!operand) return null;
      const lexeme = (operand[1] ?? '').replaceAll("''", "'").replace(/\\(.)/g, '$1');
      const of = byArm.get(arm) ?? { exact: new Set<string>(), prefixes: new Set<string>() };
      byArm.set(arm, of);
      (operand[2] ? of.prefixes : of.exact).add(lexeme);
    }
    return [...byArm].map(([arm, { exact, prefixes }]) => ({
      arm,
      exact: [...exact],
      prefixes: [...prefixes],
    }));
  }

  /**
   * The scored rows of a disjunction of terms and prefixes from the term postings, in rank order,
   * filtered, at most `end`. `ts_rank_cd` of such a query is the sum over the document's matching
   * lexemes of what each alone scores (every occurrence is a cover of its own), normalised as
   * rank/(rank + 1): each posting's score is turned back into its raw rank, summed per decision and
   * normalised again. With one lexeme per arm the rows are read from the index in order.
   *
   * `matched`: with more than one lexeme in an arm every posting is read and summed anyway, and the
   * decisions they name (passing the filters) are counted on the way; 0 otherwise. Each of them is
   * a match (a rank-vector lexeme is a lexeme of the document's vector, in its language's arm), so
   * this is a lower bound of the matches.
   */
  private async postingsRanked<H extends Row>(
    arms: readonly ArmLexemes[],
    columns: Columns,
    searchFilters: SearchFilters,
    end: number,
  ): Promise<{ rows: (H & { score: number })[]; matched: number }> {
    if (arms.length === 0) return { rows: [], matched: 0 };
    return this.viaPostings(arms, columns, searchFilters, end, async (scoring) => {
      const ranked = await pageRows<H & { score: number; matched?: number | string }>(
        this.db,
        scoring.sql,
        columns,
        { extra: scoring.extra },
      );
      // a single lexeme's rows carry no `matched`: they are the page's as read
      return {
        rows: scoring.extra.includes('matched')
          ? ranked.map(({ matched: _, ...r }) => r as H & { score: number })
          : ranked,
        matched: Number(ranked[0]?.matched ?? 0),
      };
    });
  }

  /**
   * `run` with the statement of the scored rows the term postings give (`arms`, at least one): a
   * prefix's (`prefixScoring`) where the generation holds the postings' shared prefixes, else
   * every posting's (`postingsScoring`).
   */
  private async viaPostings<R>(
    arms: readonly ArmLexemes[],
    columns: Columns,
    searchFilters: SearchFilters,
    end: number,
    run: (scoring: Scoring) => Promise<R>,
  ): Promise<R> {
    const prefixes = onePrefixPerArm(arms);
    if (prefixes && this.sharedHeld()) {
      try {
        return await run(this.prefixScoring(prefixes, columns, searchFilters, end));
      } catch (error) {
        // a generation written before `shared`, until its projection brings it up to date
        if ((error as { code?: string }).code !== UNDEFINED_COLUMN) throw error;
        this.sharedMissingAt = Date.now();
      }
    }
    return run(this.postingsScoring(arms, columns, searchFilters, end));
  }

  /** The statement of the scored rows of `arms`' postings, as `postingsRanked` reads them. */
  private postingsScoring(
    arms: readonly ArmLexemes[],
    columns: Columns,
    searchFilters: SearchFilters,
    end: number,
  ): Scoring {
    // a configured language is the arms read (`armsOfLanguage`): the rows need no test of it
    const filters = filtersOf(withoutArmLanguage(searchFilters));
    const single = isSingleLexeme(arms);
    const order = sql`order by score desc, ranked_date desc nulls last, decision_id`;
    const scans = arms.flatMap((a) =>
      postingsRanges(a).map(
        (range) => sql`(select decision_id, score, ranked_date from decision_search_terms
          where arm = ${a.arm} and ${range} ${single ? order : sql``})`,
      ),
    );
    // the decisions summed are counted where all of them are still there: after the filters, before
    // the page's limit (without filters, the sum's own limit)
    const unfiltered = filters.length === 0;
    const countHere = sql`, count(*) over () as matched`;
    // one lexeme per arm: the postings in index order; else each decision's raw ranks summed,
    // ordered before the (filtered) join so that it stops once the page is full
    const postings = single
      ? sql.join(scans, sql` union all `)
      : sql`select decision_id, (sum(raw) / (1 + sum(raw)))::real as score, max(ranked_date) as ranked_date
            ${unfiltered ? countHere : sql``}
          from (select decision_id, ranked_date, score::float8 / (1 - score::float8) as raw
            from (${sql.join(scans, sql` union all `)}) u) p
          group by decision_id ${order} ${unfiltered ? sql`limit ${end}` : sql``}`;
    const matchedColumn = single ? sql`` : unfiltered ? sql`, t.matched` : countHere;
    // ids alone without filters: the postings carry them (and the date), no row is read
    const fromRows = !(unfiltered && columns.idsOnly);
    return {
      sql: sql`
      select ${fromRows ? columns.list : sql`t.decision_id, t.ranked_date as decision_date`}, t.score::float8 as score ${matchedColumn}
      from (${postings}) t ${fromRows ? sql`join decision_search using (decision_id)` : sql``}
      where ${allOf(filters)}
      order by t.score desc, t.ranked_date desc nulls last, ${fromRows ? sql`decision_id` : sql`t.decision_id`}
      limit ${end}`,
      extra: ['score', ...(single ? [] : ['matched'])],
      planPerExecution: false,
    };
  }

  /**
   * The scored rows of a prefix query (one prefix per language arm), filtered, as `postingsRanked`
   * sums them, without summing most of them. A decision whose rank-vector lexemes
   * hold only one starting with the prefix (its posting shares less than the prefix with every
   * other: `shared`) scores what that posting scores, so the best of those are the best of each
   * lexeme's, read from the index in rank order (the lexemes a prefix names found one index probe
   * each; beyond `prefixLexemesInOrder` of them, every single posting is read and the best
   * kept). Only the postings of decisions holding several such lexemes are summed. `contra*` at
   * 100,000 decisions: 29,091 postings of 25,285 decisions in 11 lexemes, 7,296 of them summed;
   * one client, 35 ms summing every posting, 20 ms ranking every single posting, 12 ms reading
   * each lexeme's best.
   *
   * `matched`: the decisions named, the single ones counted up to one more than the cap (a lower
   * bound of the matches, as in `postingsRanked`, and above the cap exactly when those are); 0 with
   * a filter on the decisions' rows (court, canton, chamber, type, a language without an arm of its
   * own), which would be tested for every single posting: the matches are counted from the
   * full-text index instead (`contra*` in one court's decisions at 100,000: the statement 109 ms
   * counting, the search 41 ms in all without; 151 ms summing every posting).
   */
  private prefixScoring(
    prefixes: readonly { arm: string; prefix: string }[],
    columns: Columns,
    { dateFrom, dateTo, language, ...others }: SearchFilters,
    end: number,
  ): Scoring {
    // The postings hold the decision's date; a configured language is its arm (the arms are those
    // of the filter's language: `armsOfLanguage`). The other filters test each single posting's
    // decision (its row by primary key), and each summed one's.
    const rowFilters = filtersOf(withoutArmLanguage({ ...others, language }));
    const dates = [
      ...(dateFrom ? [sql<SqlBool>`t.ranked_date >= ${dateFrom}::date`] : []),
      ...(dateTo ? [sql<SqlBool>`t.ranked_date <= ${dateTo}::date`] : []),
    ];
    const unfiltered = rowFilters.length === 0;
    const passing = unfiltered ? sql`` : sql`join decision_search s on s.decision_id = t.decision_id`;
    const filtersToo = unfiltered ? sql`` : sql`and ${allOf(rowFilters)}`;
    const datesToo = dates.length === 0 ? sql`` : sql`and ${allOf(dates)}`;
    const scans = (single: boolean) =>
      sql.join(
        prefixes.map(
          ({ arm, prefix }) => sql`(select t.decision_id, t.score, t.ranked_date from decision_search_terms t
            ${single ? passing : sql``}
            where t.arm = ${arm} and ${prefixRange(prefix)} ${datesToo}
              and t.shared ${single ? sql`<` : sql`>=`} ${[...prefix].length} ${single ? filtersToo : sql``})`,
        ),
        sql` union all `,
      );
    // scores as `postingsRanked` computes them: from the raw rank, a single one's as a sum of one
    // (which gives the posting's score back: the rank order of the index)
    const raw = sql`select decision_id, ranked_date, score::float8 / (1 - score::float8) as raw`;
    const order = sql`order by score desc, ranked_date desc nulls last, decision_id`;
    const idsOnly = columns.idsOnly;
    const named = sql`(select count(*) from named)`;
    return {
      sql: sql`
      with recursive lexemes(arm, prefix, k, lexeme) as (
          select a.arm, a.prefix, a.k, (select t.lexeme from decision_search_terms t
            where t.arm = a.arm and t.lexeme >= a.prefix order by t.lexeme limit 1)
          from unnest(${prefixes.map((p) => p.arm)}::text[], ${prefixes.map((p) => p.prefix)}::text[],
            ${prefixes.map((p) => [...p.prefix].length)}::int[]) a(arm, prefix, k)
          union all
          select l.arm, l.prefix, l.k, (select t.lexeme from decision_search_terms t
            where t.arm = l.arm and t.lexeme > l.lexeme order by t.lexeme limit 1)
          from lexemes l where starts_with(l.lexeme, l.prefix)),
        named as materialized (select arm, k, lexeme from lexemes where starts_with(lexeme, prefix)
          limit ${this.prefixLexemesInOrder + 1}),
        several as (
          select t.* from (
            select decision_id, (sum(raw) / (1 + sum(raw)))::real as score, max(ranked_date) as ranked_date
            from (${raw} from (${scans(false)}) u) p group by decision_id) t
          ${passing} where true ${filtersToo}),
        one as (
          select decision_id, (raw / (1 + raw))::real as score, ranked_date
          from (${raw} from (
            select b.* from named n cross join lateral (
              select t.decision_id, t.score, t.ranked_date from decision_search_terms t ${passing}
              where t.arm = n.arm and t.lexeme = n.lexeme and t.shared < n.k ${datesToo} ${filtersToo}
              order by t.score desc, t.ranked_date desc nulls last, t.decision_id limit ${end}) b
            where ${named} <= ${this.prefixLexemesInOrder}
            union all
            select * from (${scans(true)}) w where ${named} > ${this.prefixLexemesInOrder}) u) p
          ${order} limit ${end}),
        t as (
          select decision_id, score, ranked_date from (select * from one union all select * from several) b
          ${order} limit ${end})
      select ${idsOnly ? sql`t.decision_id, t.ranked_date as decision_date` : columns.list}, t.score::float8 as score,
        ${
          unfiltered
            ? sql`(select count(*) from several) + (select count(*) from (select 1 from (${scans(true)}) u
                limit ${this.countCap + 1}) c)`
            : sql`0`
        } as matched
      from t ${idsOnly ? sql`` : sql`join decision_search using (decision_id)`}
      order by t.score desc, t.ranked_date desc nulls last, ${idsOnly ? sql`t.decision_id` : sql`decision_id`}
      limit ${end}`,
      extra: ['score', 'matched'],
      planPerExecution: false,
    };
  }

  /**
   * The rows of the search table (the density of matches needs only its size): counted on first
   * use, then recounted in the background once the count is a minute old, so that no request
   * waits for it again.
   */
  private async tableRows(): Promise<number> {
    const known = this.rowCount;
    if (known && Date.now() - known.at < ROW_COUNT_TTL_MS) return known.n;
    const recount = (this.rowRecount ??= this.countTableRows().finally(() => {
      this.rowRecount = null;
    }));
    if (!known) return recount;
    recount.catch(() => {}); // the known count serves until a recount succeeds
    return known.n;
  }

  private async countTableRows(): Promise<number> {
    const counted = await sql<{ n: number }>`${sql.raw(GENERIC_PLAN)}
      select count(*)::int as n from decision_search`.execute(this.db);
    this.rowCount = { n: Number(counted.rows[0]?.n ?? 0), at: Date.now() };
    return this.rowCount.n;
  }

  /**
   * The rows `where` selects in date order. Walking the date index tests about
   * (limit + offset) × rows / matches rows before the page is full; collecting the matches (from
   * the full-text indexes) and sorting them tests about `matches`. The planner cannot tell the
   * two apart (it has no estimate for a NOT, nor for a condition on the rank vector left out), so
   * the count decides: the matches are collected when matches² ≤ (limit + offset) × rows (times
   * {@link EXACT_COLLECT_FACTOR} when the indexes alone decide them, `exact`), and always walked
   * when they were not counted exactly (many).
   *
   * The walk reads a bounded prefix of the date order (`walkReach`: the newest rows passing the
   * filters, read in order from the date indexes) and tests those rows alone; a prefix holding
   * fewer matches than the page needs is read again four times as long, up to the whole table.
   * Left to the planner, a query it costs as matching few rows (a phrase beside a word) was
   * collected and sorted however many rows it matched: `"droit d'être entendu" AND recours`
   * (24,154 of 100,000 decisions) read and sorted every match's vector, 343 ms, where its newest
   * 21 are among the newest 114 rows (8 ms). The walk is planned with each execution: a generic
   * plan, costed for few matches, would collect and sort them instead.
   *
   * `where.walk` tests the rows as the walk reads them (a phrase on `tsv`); `where.collect`
   * selects the same rows as the count finds them (a phrase by its keys first):
   * collected by the phrase on `tsv` alone, a citation's phrase (`140 III 84`) rechecks the vector
   * of every row holding its three lexemes anywhere, 29 ms against 7 ms by its pairs for 180
   * matches of 100,000.
   */
  private async byDate<H extends Row>(
    columns: Columns,
    where: {
      readonly walk: Expression<SqlBool>;
      readonly collect: Condition;
      /** The query's matches as a union (`unionOfMatches`): collected from it instead of by `collect`. */
      readonly union: MatchesSql | null;
      /** The ids the union's matches leave out (the scored rows, which `collect` leaves out). */
      readonly notScored: readonly string[];
      /** The search's filters (in `walk` too): the walk reads the rows passing them in date order. */
      readonly filters: readonly Expression<SqlBool>[];
    },
    page: {
      direction: 'asc' | 'desc';
      limit: number;
      offset: number;
      matches: number | null;
      exact: boolean;
    },
  ): Promise<H[]> {
    const { matches } = page;
    const factor = page.exact ? EXACT_COLLECT_FACTOR : 1;
    const rows = await this.tableRows();
    const collect =
      matches !== null &&
      (this.dateOrder === 'collect' ||
        (this.dateOrder === 'density' && matches * matches <= factor * (page.limit + page.offset) * rows));
    const direction = sql.raw(page.direction);
    const order = sql`order by decision_date ${direction} nulls last, decision_id ${direction}`;
    if (collect && where.union !== null) {
      // the union's ids and dates are sorted, the page's rows alone read from the search table
      const { notScored } = where;
      const kept = notScored.length > 0 ? sql`where m.id <> all(${[...notScored]}::text[])` : sql``;
      return pageRows<H>(
        this.db,
        sql`
        with m as materialized (${where.union.sql}),
          k as (select m.id, m.date from m ${kept}
            order by m.date ${direction} nulls last, m.id ${direction}
            limit ${page.limit} offset ${page.offset})
        select ${columns.list} from k join decision_search on decision_search.decision_id = k.id
        order by k.date ${direction} nulls last, k.id ${direction}`,
        columns,
        { hint: hintOf(where.union) },
      );
    }
    if (collect) {
      return pageRows<H>(
        this.db,
        sql`with m as materialized (select ${columns.list}
            from decision_search where ${where.collect.sql})
          select * from m ${order} limit ${page.limit} offset ${page.offset}`,
        columns,
        { hint: hintOf(where.collect) },
      );
    }
    // the rows the page holds: `limit`, or those left after `offset` when the matches were counted
    const expected = matches === null ? page.limit : Math.max(0, Math.min(page.limit, matches - page.offset));
    if (expected === 0) return [];
    for (let reach = walkReach(page.limit + page.offset, matches ?? this.countCap + 1, rows); ; reach *= 4) {
      const prefix =
        reach >= rows
          ? sql`decision_search`
          : sql`(select * from decision_search where ${allOf(where.filters)} ${order} limit ${reach}) decision_search`;
      const found = await pageRows<H>(
        this.db,
        sql`select ${columns.list} from ${prefix}
          where ${where.walk} ${order} limit ${page.limit} offset ${page.offset}`,
        columns,
        { hint: sql.raw(PLAN_PER_EXECUTION) },
      );
      if (found.length >= expected || reach >= rows) return found;
    }
  }

  /**
   * The matches (`matches`: their ids and dates, as `id` and `date`) counted up to one beyond the
   * cap, and the newest `limit` of them not among `scored` (ids) in date order, as `byDate` orders
   * them: one pass over the matches, where counting them and then collecting the others would read
   * them twice (a compact page of 2,000 "Haftung": 2,022 matches, of which 252 beyond the scored
   * rows). Beyond the cap no rows are read (none would be all of the newest): the caller reads them
   * otherwise.
   */
  private async countWithNewest<H extends Row>(
    columns: Columns,
    matches: MatchesSql,
    scored: readonly string[],
    limit: number,
  ): Promise<{ n: number; rows: H[] }> {
    const notScored =
      scored.length > 0 ? sql`and m.id not in (select unnest(${[...scored]}::text[]))` : sql``;
    const found = await sql<{ n: number; k_id: string | null; k_date: unknown }>`${hintOf(matches)}
      with ${this.newestOthers(matches, sql`select count(*)::int as n from m`, notScored, sql`${limit}`)}
      select c.n, r.* from (select ${newestColumns(columns, sql`, k.id as k_id, k.date as k_date`)}) r
      right join c on true
      order by r.k_date desc nulls last, r.k_id desc
    `.execute(this.db);
    const n = Number(found.rows[0]?.n ?? 0);
    const rows = found.rows.flatMap(({ n: _, k_id, k_date: __, ...row }) =>
      k_id === null ? [] : [row as unknown as H],
    );
    return { n, rows };
  }

  /**
   * The statement part `countWithNewest` and `scoredWithNewest` share: the matches (`m`, their
   * ids and dates) up to one beyond the cap, their count (`c`, by `count`, a statement giving
   * `n`), and the newest `limit` of them `notScored` (`k`, a condition on `m.id`). Beyond the cap
   * no rows are sorted (none would be all of the newest): the caller reads them otherwise.
   */
  private newestOthers(
    matches: MatchesSql,
    count: RawBuilder<unknown>,
    notScored: RawBuilder<unknown>,
    limit: RawBuilder<unknown>,
  ): RawBuilder<unknown> {
    return sql`m as materialized (${this.upToCap(matches.sql)}),
        c as (${count}),
        k as (select m.id, m.date from m where (select c.n from c) <= ${sql.lit(this.countCap)} ${notScored}
          order by m.date desc nulls last, m.id desc limit ${limit})`;
  }

  /** A statement's rows up to one beyond the count's cap (written in: see `countMatches`). */
  private upToCap(statement: RawBuilder<unknown>): RawBuilder<unknown> {
    return sql`${statement} limit ${sql.lit(this.countCap + 1)}`;
  }

  /**
   * The matches of a search as `countWithNewest` reads them (ids and dates), as `countOf` counts
   * them: a disjunction reading the phrase pairs as its union (`unionOfMatches`), any other query
   * without a phrase from `decision_search` by `where` as the count tests it; null for a query with
   * a phrase otherwise (counted on its own).
   */
  private matchesOf(request: SearchRequest, where: Condition, union: MatchesSql | null): MatchesSql | null {
    if (union !== null) return union;
    if (hasPhrase(request.query)) return null;
    return {
      sql: sql`select decision_id as id, decision_date as date from decision_search where ${where.sql}`,
      planPerExecution: where.planPerExecution,
    };
  }

  /**
   * The matches of a search, counted up to one beyond the cap: a disjunction reading the phrase
   * pairs as its union (`unionOfMatches`), any other by `where` from `decision_search`.
   */
  private async countOf(where: Condition, union: MatchesSql | null): Promise<number> {
    if (union === null) return this.countMatches(where);
    const counted = await sql<{ n: number }>`${hintOf(union)}
      select count(*)::int as n from (${this.upToCap(union.sql)}) m
    `.execute(this.db);
    return Number(counted.rows[0]?.n ?? 0);
  }

  /**
   * The matches of `where`, counted up to one beyond the cap. The cap is written into the
   * statement: as a parameter a generic plan would cost it as a small limit, met early by a
   * sequential scan (250 ms for a docket on 3,000 decisions, against 0.3 ms from the indexes).
   */
  private async countMatches(where: Condition): Promise<number> {
    const counted = await sql<{ n: number }>`${hintOf(where)}
      select count(*)::int as n from (
        ${this.upToCap(sql`select 1 from decision_search where ${where.sql}`)}) m
    `.execute(this.db);
    return Number(counted.rows[0]?.n ?? 0);
  }

  /**
   * The scored rows of a relevance query, in rank order, at most `end`: the query's own decisions,
   * then the rows whose rank vector matches the positive part of the query (rank above 0). Only
   * those are scored, and only on the small rank vectors; a disjunction of words and prefixes
   * reads them from the term postings (`arms`, null for any other query).
   */
  private async scoredRows<H extends Row>(
    arms: readonly ArmLexemes[] | null,
    compiled: ReturnType<typeof compileTsQuery> & { readonly planPerExecution: boolean },
    columns: Columns,
    filters: readonly Expression<SqlBool>[],
    searchFilters: SearchFilters,
    end: number,
  ): Promise<(H & { score: number })[]> {
    if (arms) return (await this.postingsRanked<H>(arms, columns, searchFilters, end)).rows;
    const scoring = vectorScoring(compiled, columns, filters, end);
    return pageRows<H & { score: number }>(this.db, scoring.sql, columns, {
      hint: hintOf(scoring),
      extra: scoring.extra,
    });
  }

  /**
   * A relevance page's scored rows (`scoring`), the matches counted up to one beyond the cap, and
   * the newest `end` less the scored rows of the other matches, as `scoredRows` and then
   * `countWithNewest` read them, in one statement, for a database of one connection
   * (`scoredRowsFirst`): there each statement is a round trip and an execution of its own, about
   * 0.6 ms of the embedded database's one thread besides its work. The scored rows fill the page of
   * most searches: then no other match is read (`limit 0`). Scored rows that say how many
   * decisions their postings name (`matched`, more than the cap) are the count's lower bound, and
   * the matches are not counted. On a server it gained nothing measurable for small pages, and a
   * compact page of 2,000 ids at 100,000 decisions took 11.6 ms against 7.4 ms as two statements
   * (the page's rows ordered and aggregated once more): there the two statements stay.
   */
  private async scoredWithNewest<H extends Row>(
    scoring: Scoring,
    columns: Columns,
    matches: MatchesSql,
    end: number,
  ): Promise<{ scored: (H & { score: number })[]; n: number; newest: H[] }> {
    const planPerExecution = scoring.planPerExecution || matches.planPerExecution;
    const [score, ...others] = scoring.extra;
    if (score !== 'score')
      throw new Error(`scored rows without their score first: ${scoring.extra.join(', ')}`);
    // the scored rows' other columns, none for the others
    const absent = sql.join(
      others.map((name) => sql`, null as ${sql.ref(name)}`),
      sql``,
    );
    // A page the scored rows fill counts the matches alone (no other is read: their ids and
    // dates are not collected); a subquery of a case's branch not taken is not run.
    const countAlone = sql`(select count(*)::int from (${this.upToCap(matches.sql)}) a)`;
    const counted = sql`case when (select count(*) from s) >= ${end}::int then ${countAlone}
      else (select count(*)::int as n from m) end`;
    // postings naming more decisions than the cap: that many, a lower bound, and nothing counted
    const count = others.includes('matched')
      ? sql`select case when (select max(s.matched) from s) > ${sql.lit(this.countCap)}
          then (select max(s.matched)::int from s) else ${counted} end as n`
      : sql`select ${counted} as n`;
    const statement = sql`
      with s as materialized (${scoring.sql}),
        ${this.newestOthers(
          matches,
          count,
          sql`and m.id not in (select s.decision_id from s)`,
          // none beyond a full page
          sql`(select ${end}::int - count(*) from s)`,
        )}
      select c.n, r.* from (
        -- the scored rows in the order s holds them (its own), then the others newest first
        select 1 as k_part, row_number() over () as k_ord, s.* from s
        union all
        select 2 as k_part, row_number() over (order by k.date desc nulls last, k.id desc) as k_ord,
          ${newestColumns(columns, sql`, null::float8 as score ${absent}`)}
      ) r right join c on true
      order by r.k_part, r.k_ord`;
    const hint = hintOf({ planPerExecution });
    const scored: (H & { score: number })[] = [];
    const rest: H[] = [];
    // each row holds the page's columns alone (and a scored row its score), assigned one by one
    const place = (row: Record<string, unknown>, part: unknown, score: unknown) => {
      if (part === 1) {
        row['score'] = score;
        scored.push(row as H & { score: number });
      } else if (part === 2) rest.push(row as H);
    };
    let n: number;
    if (columns.idsOnly) {
      // ids alone come as an array per column (`pageRows`), each row built from them once
      const packed = await packedRows(this.db, statement, [...columns.names, 'score', 'n', 'k_part'], hint);
      const parts = packed?.['k_part'] ?? [];
      n = Number(packed?.['n']?.[0] ?? 0);
      for (let i = 0; i < parts.length; i++) {
        const row: Record<string, unknown> = {};
        for (const name of columns.names) row[name] = packed![name]![i];
        place(row, parts[i], packed!['score']![i]);
      }
    } else {
      const { rows } = await sql<Record<string, unknown>>`${hint} ${statement}`.execute(this.db);
      n = Number(rows[0]?.['n'] ?? 0);
      for (const read of rows) {
        const row: Record<string, unknown> = {};
        for (const name of columns.names) row[name] = read[name];
        place(row, read['k_part'], read['score']);
      }
    }
    return { scored, n, newest: rest };
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const found = await this.find<SearchHit>(request, hitColumns(request.compact === true));
    return {
      total: found.total,
      totalIsLowerBound: found.totalIsLowerBound,
      hits: found.rows,
      hasMore: found.hasMore,
    };
  }

  async searchIds(request: SearchRequest): Promise<SearchIdsResult> {
    const found = await this.find<Row>(request, ID_COLUMNS);
    const scored = found.rows.every((r) => r.score !== undefined);
    return {
      total: found.total,
      totalIsLowerBound: found.totalIsLowerBound,
      ids: found.rows.map((r) => r.decision_id),
      ...(scored && found.rows.length > 0 ? { scores: found.rows.map((r) => r.score!) } : {}),
      hasMore: found.hasMore,
    };
  }

  async compactHits(ids: readonly string[]): Promise<CompactHit[]> {
    if (ids.length === 0) return [];
    const found = await sql<CompactHit>`${sql.raw(GENERIC_PLAN)}
      select ${sql.join(COMPACT_HIT_FIELDS.map((c) => sql.ref(c)))} from decision_search
      where decision_id = any(${[...new Set(ids)]}::text[])`.execute(this.db);
    return found.rows;
  }

  /** A search's page of rows of `columns` (the hit's or only the ids), with its count. */
  private async find<H extends Row>(
    request: SearchRequest,
    columns: Columns,
  ): Promise<{
    total: number;
    totalIsLowerBound: boolean;
    rows: (H & { score?: number })[];
    hasMore: boolean;
  }> {
    const phrases = await this.phraseAnalysesOf(request.query);
    const options = compileOptions(phrases);
    // a reference reads the phrase pairs (`compileOptions`)
    const planPerExecution = request.query !== null && containsReference(request.query);
    const compiled = { ...compileTsQuery(request.query, options), planPerExecution };
    const filters = filtersOf(request.filters);
    const where = allOf([...(request.query ? [compiled.sql] : []), ...filters]);
    const condition: Condition = { sql: where, planPerExecution };
    const union = unionOfMatches(request.query, options, filters);
    // matched by the indexes alone: a union's matches by their pairs (the full vectors read none)
    const exact = union !== null && matchedByIndexes(request.query!, phrases);
    const take = request.limit + 1;
    const capped = (n: number) => ({
      total: Math.min(n, this.countCap),
      totalIsLowerBound: n > this.countCap,
    });

    let n: number;
    let rows: (H & { score?: number })[];
    if (request.sort === 'relevance' && request.query) {
      if (request.offset >= this.pool) {
        return {
          ...capped(await this.countOf(condition, union)),
          rows: [],
          hasMore: false,
        };
      }
      // The relevance order: the scored rows by rank, then every other match by date (rank 0).
      // The scored rows need no count: they are read while the matches are counted (or, for a
      // disjunction of several lexemes, before, see below).
      const end = Math.min(request.offset + take, this.pool);
      const leaves = disjunctionLeaves(request.query);
      const arms = leaves
        ? armsOfLanguage(await this.postingsLexemes(leaves), request.filters.language)
        : null;
      let scored: (H & { score: number })[];
      // without a total asked, a full page of scored rows is the answer: the matches are not counted
      const uncounted = (rows: readonly unknown[]) =>
        request.total === false && rows.length >= request.offset + take;
      // A page that reaches past its scored rows counts the matches and reads the newest others in
      // one pass over them (`countWithNewest`; a phrase, a reference or an OR with a reference over
      // its union, any other query with a phrase inside is counted on its own). A large page (a
      // compact page, a topic's pool) mostly reaches past them: its scored rows are read first; a
      // small one mostly does not: they are read while the matches are counted (`scoredRowsFirst`:
      // always first, and in the same statement as the count and the newest others:
      // `scoredWithNewest`).
      const onePass = union !== null || !hasPhrase(request.query);
      const scoredFirst = onePass && (this.scoredRowsFirst || end > SCORED_FIRST_PAGE);
      const several = arms !== null && !isSingleLexeme(arms);
      let counted: number | null = null;
      let newest: H[] | null = null;
      if (request.total !== false && onePass && this.scoredRowsFirst && arms?.length !== 0) {
        const matches = this.matchesOf(request, condition, union)!;
        const withNewest = (scoring: Scoring) => this.scoredWithNewest<H>(scoring, columns, matches, end);
        const found = arms
          ? await this.viaPostings(arms, columns, request.filters, end, withNewest)
          : await withNewest(vectorScoring(compiled, columns, filters, end));
        scored = found.scored;
        counted = found.n;
        newest = found.n > this.countCap ? null : found.newest;
      } else if (several) {
        // A disjunction of several lexemes (a wide prefix, an OR) reads all its postings: when the
        // decisions they name already exceed the cap, the total is the cap (a lower bound) without
        // counting the matches again from the full-text index.
        const ranked = await this.postingsRanked<H>(arms, columns, request.filters, end);
        scored = ranked.rows;
        if (uncounted(scored)) return this.uncountedPage(request, scored);
        if (ranked.matched > this.countCap) counted = ranked.matched;
      } else if (request.total === false || scoredFirst) {
        scored = await this.scoredRows<H>(arms, compiled, columns, filters, request.filters, end);
        if (uncounted(scored)) return this.uncountedPage(request, scored);
      } else {
        [counted, scored] = await Promise.all([
          this.countOf(condition, union),
          this.scoredRows<H>(arms, compiled, columns, filters, request.filters, end),
        ]);
      }
      rows = scored;
      // every scored row was read: the other matches follow by date, if there are any. They are
      // the matches not among the scored rows, told apart by id (a hashed list): testing the rank
      // vector again would read it, often from TOAST, for every match.
      const scoredIds = rows.map((r) => r.decision_id);
      const matches =
        counted === null && rows.length < end ? this.matchesOf(request, condition, union) : null;
      if (matches !== null) {
        const found = await this.countWithNewest<H>(columns, matches, scoredIds, end - rows.length);
        counted = found.n;
        newest = found.n > this.countCap ? null : found.rows;
      }
      n = counted ?? (await this.countOf(condition, union));
      const others = n > this.countCap ? null : n - rows.length;
      if (rows.length < end && others !== 0) {
        const notScored =
          scoredIds.length > 0 ? [sql<SqlBool>`decision_id <> all(${scoredIds}::text[])`] : [];
        // the matches not among the scored rows, walked or collected
        const unscored = allOf([compiled.sql, ...notScored, ...filters]);
        const rest =
          newest ??
          (await this.byDate<H>(
            columns,
            {
              walk: unscored,
              collect: { sql: unscored, planPerExecution },
              union,
              notScored: scoredIds,
              filters,
            },
            {
              direction: 'desc',
              limit: end - rows.length,
              offset: 0,
              matches: others,
              exact,
            },
          ));
        rows = [...rows, ...rest.map((r) => ({ ...r, score: 0 }))];
      }
      rows = rows.slice(request.offset);
    } else {
      // the count decides how rows in date order are found
      n = await this.countOf(condition, union);
      rows = await this.byDate<H>(
        columns,
        { walk: where, collect: condition, union, notScored: [], filters },
        {
          direction: request.sort === 'date_asc' ? 'asc' : 'desc',
          limit: take,
          offset: request.offset,
          matches: n > this.countCap ? null : n,
          exact,
        },
      );
    }
    const hasMore = rows.length > request.limit;
    return { ...capped(n), rows: rows.slice(0, request.limit), hasMore };
  }

  /** A relevance page whose scored rows fill it, uncounted: the total is the rows read, a lower bound. */
  private uncountedPage<H extends Row>(
    request: SearchRequest,
    scored: readonly (H & { score: number })[],
  ): { total: number; totalIsLowerBound: boolean; rows: (H & { score?: number })[]; hasMore: boolean } {
    const rows = scored.slice(request.offset);
    return {
      total: request.offset + rows.length,
      totalIsLowerBound: true,
      rows: rows.slice(0, request.limit),
      hasMore: rows.length > request.limit,
    };
  }
}
