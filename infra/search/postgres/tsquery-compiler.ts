/**
 * Compiles a search-query AST (`contracts/search/query-ast.ts`) into PostgreSQL full-text search
 * SQL fragments (kysely `RawBuilder`s) for the decision search table.
 *
 * Expected columns (names configurable through {@link TsQueryCompileOptions}):
 *   tsv       tsvector  setweight(to_tsvector(cfg, title),'A')
 *                       || setweight(to_tsvector(cfg, coalesce(regeste,'')),'B')
 *                       || setweight(to_tsvector(cfg, full_text),'C')
 *   language  text      'de' | 'fr' | 'it' | 'rm' | ...; selects cfg (see {@link LANGUAGE_CONFIGS})
 *   ref_keys  text[]    normalised reference keys of the decision itself (docket, BGE, decision id)
 * `tsv` and `ref_keys` are assumed NOT NULL (ref_keys default '{}').
 *
 * ============================================================================================
 * SEARCH SEMANTICS — every search backend (this one, the OpenSearch compiler) implements these.
 * ============================================================================================
 *  1. Language. Each decision is analysed in its own language: de → german, fr → french,
 *     it → italian, anything else (rm, unknown, null) → simple (lower-casing, no stemming, no
 *     stop words). A query word is analysed with the analyser of the document it is matched
 *     against, so `Kündigungen` finds `Kündigung` in German decisions, `contrats` finds
 *     `contrat` in French ones. All fields (title, regeste, full text) are searched together.
 *  2. term `w`: the document contains the analysed (lower-cased, stemmed) form of `w`.
 *  3. prefix `w*`: the document contains a word starting with the analysed form of `w`
 *     (i.e. the prefix is stemmed too: `Kündig*`, `diritto*` → `diritt…`).
 *  4. phrase `"a b c"`: the phrase text is analysed like document text and its words must occur
 *     adjacent and in order; stop words inside keep their position (`"Kündigung des Vertrags"`
 *     matches `Kündigung der Vertrags…`, i.e. any one word in the stop-word slot).
 *  5. reference (docket / BGE / BVGE / decision id) matches a decision when
 *       a) the decision's own `ref_keys` contain the reference key, OR
 *       b) (not for decision ids) its text cites the reference, i.e. contains the citation
 *          phrase in the sense of rule 4: for a docket its normalised key (`6B_1234/2025`,
 *          which the analyser splits like `6B 1234/2025`); for BGE the bare `140 III 86`
 *          (so `BGE`, `ATF`, `DTF` and list citations `BGE 139 III 1; 140 III 86` all count);
 *          for BVGE any of `BVGE 2013/10`, `ATAF 2013/10`, `DTAF 2013/10`.
 *     A statute reference (`art:220:41`) matches by rule a) only: the search document's ref_keys
 *     hold the provisions its text applies (`contracts/search/statute-keys.ts`).
 *     Ranking: decisions whose own ref_keys contain a (non-negated) reference of the query come
 *     first (the caller sorts by `ownRefMatch` / `ref_keys && refKeys` DESC before the rank);
 *     statute references take no part in that (many decisions apply a provision).
 *  6. AND / OR / NOT are boolean. NOT-only queries are allowed and mean "all decisions except".
 *  7. Stop words. A term, prefix or phrase that analyses to nothing in a document's language
 *     (only stop words, e.g. `der`, `la`) is REMOVED from the query for that language, and so is
 *     an operator whose operands were all removed: `der Vertrag` ≡ `Vertrag`,
 *     `der OR Vertrag` ≡ `Vertrag`, `Vertrag NOT der` ≡ `Vertrag`. If the whole query is removed
 *     it matches no decision (so `der`, `NOT der` find nothing in German decisions).
 *  8. Relevance: cover density (`ts_rank_cd`, normalisation 32 → rank/(rank+1)) of the positive
 *     (non-negated) terms, phrases, prefixes and reference citation phrases, with the field
 *     weights A (title) > B (regeste) > C (full text). Negated parts do not contribute.
 *     The decision search scores a rank vector (`rankVectorOf` in `postgres-search-index.ts`):
 *     title, regeste and the document's most frequent lexemes, each with all its positions, so a
 *     word that is rare in a long decision scores 0 there; those matches follow the scored ones,
 *     newest first. `rankable` selects the rows that score above 0 (GIN on the rank vector); a
 *     word, a prefix or an OR of such reads them from the term postings (`insertTermPostings`):
 *     their rank is the sum of what each matching lexeme alone scores (every occurrence is a
 *     cover of its own), so the postings give it exactly.
 *  9. Empty query (AST `null`): matches everything, rank 0.
 *
 * ============================================================================================
 * SQL SHAPE
 * ============================================================================================
 *  - A phrase that is the whole query, or an operand of an SQL-level AND / OR, and every
 *    reference citation phrase is matched per language arm by `phraseArms`. (The decision search
 *    counts a phrase, a reference and an OR with a reference from its phrase pairs instead:
 *    `unionOfMatches` in `postgres-search-index.ts`.)
 *  - A reference-free (sub)tree is compiled into ONE tsquery per language config: terms
 *    `plainto_tsquery(cfg, $t)`, phrases `phraseto_tsquery(cfg, $p)`, prefixes
 *    `to_tsquery(cfg, $quoted::text || ':*')` where `$quoted` is the word in tsquery single quotes
 *    (`'` doubled, `\` doubled; the tokenizer only lets letters and digits through anyway);
 *    combined with `&&`, `||`, `!!`. User text is only ever passed as bind parameters. In
 *    Postgres an empty tsquery operand vanishes from `&&`, `||` and `!!`, and `tsv @@ ''` is
 *    false, which is exactly rule 7.
 *  - The per-language tsqueries are selected with an OR of language arms rather than a CASE:
 *      (language = 'de' AND tsv @@ Q_de) OR (language = 'fr' AND tsv @@ Q_fr)
 *      OR (language = 'it' AND tsv @@ Q_it) OR (<other or null language> AND tsv @@ Q_simple)
 *    which the planner turns into a BitmapOr of GIN index scans on `tsv` (a CASE is opaque to
 *    the planner and forces a sequential scan).
 *  - References need `ref_keys`, which is not a tsquery, so a tree containing references is
 *    compiled as SQL booleans (AND / OR / `IS NOT TRUE`) over the reference conditions and the
 *    reference-free sibling groups (each group again one tsquery per language). Inside such an
 *    SQL-level AND a tsquery group is guarded with `numnode(Q) = 0 OR tsv @@ Q` to keep rule 7
 *    (`numnode` of an immutable expression over bound parameters is constant-folded by the
 *    planner, so the guard disappears from the plan). In an SQL-level OR no guard is needed.
 *  - A pure NOT query compiles to `tsv @@ !!Q`, which equals `NOT (tsv @@ Q)` for every Q with
 *    lexemes; when Q has none, `!!Q` is empty too and nothing matches (rule 7).
 */
import { sql, type RawBuilder } from 'kysely';
import type { QueryAst, QueryNode, ReferenceNode } from '../../../contracts/search/query-ast.ts';
import { citationPhrases, namesOneDecision } from '../../../contracts/search/reference-keys.ts';

/** Text-search configuration per decision language; any other language uses `simple`. */
export const LANGUAGE_CONFIGS: Readonly<Record<string, string>> = {
  de: 'german',
  fr: 'french',
  it: 'italian',
};
export const FALLBACK_CONFIG = 'simple';

/** `ts_rank_cd` normalisation: 32 = rank / (rank + 1). */
export const RANK_NORMALIZATION = 32;

export interface TsQueryCompileOptions {
  /** Column references (may be qualified: `d.tsv`). Defaults: tsv, language, ref_keys. */
  readonly columns?: {
    readonly tsv?: string;
    readonly language?: string;
    readonly refKeys?: string;
    /** The vector the relevance is computed on (default: `tsv`); see {@link CompiledTsQuery.rankable}. */
    readonly rankTsv?: string;
  };
  /**
   * Phrases analysed beforehand ({@link PhraseAnalysis}), by their text: matched per language arm
   * as the analysis says, so that the statement holds no test on the analysed phrase (which only a
   * plan made for the values at hand folds away, planned anew with every execution).
   */
  readonly phrases?: ReadonlyMap<string, PhraseAnalysis>;
  /**
   * How a reference's matches (rule 5) are tested where the table has them elsewhere: e.g.
   * `decision_id in (…)` over an index of the citation phrases. None: by `ref_keys` and the
   * citation phrases on `tsv`.
   */
  readonly references?: (ref: ReferenceNode) => RawBuilder<boolean>;
}

/** How a phrase analyses in one language arm: `phraseto_tsquery`'s nodes, and its phrase keys. */
export interface PhraseArmAnalysis {
  /** The arm's name ({@link LanguageArm.name}). */
  readonly arm: string;
  /** `numnode` of the analysed phrase: 0 when it has no lexeme in the arm's language. */
  readonly nodes: number;
  /** A chain of lexemes one or two apart ({@link isPairedChain}): matched by its keys. */
  readonly chain: boolean;
  /** Some two of its lexemes are two apart (`<2>`: a stop word's gap between them). */
  readonly gap: boolean;
  /** The phrase's keys ({@link adjacentPairsOf} of its own vector). */
  readonly pairs: readonly string[];
}

/** A phrase analysed in every language arm. */
export type PhraseAnalysis = readonly PhraseArmAnalysis[];

export interface CompiledTsQuery {
  /** Boolean WHERE condition. `true` for the match-all query. */
  readonly sql: RawBuilder<boolean>;
  /** Relevance in [0, 1): `ts_rank_cd(rankTsv, Q_lang, 32)` for the row's language. */
  readonly rank: RawBuilder<number>;
  /**
   * The rank vector matches the positive part of the query (its terms, prefixes, phrases and
   * citation phrases under their AND and OR, the NOTs left out): exactly the rows whose rank is
   * above 0 (`ts_rank_cd` finds a cover only where the query matches). A GIN index on the rank
   * vector answers it; `false` when the query has no positive part.
   */
  readonly rankable: RawBuilder<boolean>;
  /**
   * Every `rankable` and every `ownRefMatch` row matches the query (no NOT, no reference under an
   * AND, no decision id or statute reference beside a word): the rows to rank need no further
   * test against the full vector.
   */
  readonly rankImpliesMatch: boolean;
  /** Keys of the non-negated references in the query (deduplicated). */
  readonly refKeys: string[];
  /**
   * `ref_keys && ARRAY[refKeys]`: the decision IS one of the referenced decisions. Sort by it
   * DESC before the rank. `false` when the query has no (non-negated) reference.
   */
  readonly ownRefMatch: RawBuilder<boolean>;
}

interface Columns {
  readonly tsv: RawBuilder<unknown>;
  readonly language: RawBuilder<unknown>;
  readonly refKeys: RawBuilder<unknown>;
  readonly rankTsv: RawBuilder<unknown>;
}

/** A language arm: the rows of one configured language, or of every other language (`other`). */
export interface LanguageArm {
  /** The language code, or `other`. */
  readonly name: string;
  /** The regconfig literal, e.g. `'german'::regconfig`. */
  readonly cfg: RawBuilder<unknown>;
  /** Condition selecting the rows of this arm. */
  readonly when: RawBuilder<boolean>;
}

type TsQuerySql = RawBuilder<unknown>;

function columnsOf(options: TsQueryCompileOptions | undefined): Columns {
  const c = options?.columns;
  return {
    tsv: sql.ref(c?.tsv ?? 'tsv'),
    language: sql.ref(c?.language ?? 'language'),
    refKeys: sql.ref(c?.refKeys ?? 'ref_keys'),
    rankTsv: sql.ref(c?.rankTsv ?? c?.tsv ?? 'tsv'),
  };
}

/** The language arms over a language column (the query compiler's, and the phrase counts'). */
export function languageArms(language: RawBuilder<unknown>): LanguageArm[] {
  const codes = Object.keys(LANGUAGE_CONFIGS);
  const arms: LanguageArm[] = codes.map((code) => ({
    name: code,
    cfg: sql`${sql.lit(LANGUAGE_CONFIGS[code])}::regconfig`,
    when: sql<boolean>`${language} = ${sql.lit(code)}`,
  }));
  const known = sql.join(codes.map((code) => sql.lit(code)));
  arms.push({
    name: 'other',
    cfg: sql`${sql.lit(FALLBACK_CONFIG)}::regconfig`,
    when: sql<boolean>`(${language} IS NULL OR ${language} NOT IN (${known}))`,
  });
  return arms;
}

// ---------------------------------------------------------------------------------------------
// Tree helpers

const containsRefCache = new WeakMap<QueryNode, boolean>();

export function containsReference(node: QueryNode): boolean {
  const cached = containsRefCache.get(node);
  if (cached !== undefined) return cached;
  let result: boolean;
  switch (node.kind) {
    case 'reference':
      result = true;
      break;
    case 'term':
    case 'prefix':
    case 'phrase':
      result = false;
      break;
    case 'not':
      result = containsReference(node.child);
      break;
    case 'and':
    case 'or':
      result = node.children.some(containsReference);
      break;
  }
  containsRefCache.set(node, result);
  return result;
}

/** The non-negated reference keys of a tree (a reference under an even number of NOTs). */
function positiveRefKeys(node: QueryNode, negated: boolean, out: Set<string>): void {
  switch (node.kind) {
    case 'reference':
      if (!negated && namesOneDecision(node)) out.add(node.key);
      return;
    case 'not':
      positiveRefKeys(node.child, !negated, out);
      return;
    case 'and':
    case 'or':
      for (const c of node.children) positiveRefKeys(c, negated, out);
      return;
    default:
      return;
  }
}

/**
 * The phrase keys of a tsvector, an SQL expression over it, each once: the adjacent lexeme pairs
 * (`'rechtlich gehor'` for lexemes at positions p and p + 1), the lexemes two apart
 * (`'verletz  rechtlich'`, two spaces, for p and p + 2: a phrase with a stop word's gap), the
 * triples after a gap (`'droit  être entendu'` for p, p + 2 and p + 3 where no lexeme is at
 * p + 1), and the adjacent triples where two of the three lexemes hold a digit (`'121 iii 58'`).
 * What a phrase of words one or two apart needs, read from the same stored positions that
 * `tsv @@ (a <-> b)` and `tsv @@ (a <2> b)` read, so both agree. A key of two lexemes matches a
 * phrase of two exactly, as a triple matches one of three (lexemes hold no space); a triple after a
 * gap is kept only where a stop word is in it, so a phrase of its three lexemes is matched by it
 * where the text has a stop word in the gap, and by its other keys and its vector elsewhere. The
 * projection derives them in its own process (`adjacentPairs`); this brings older generations up to
 * date.
 */
export function adjacentPairsOf(tsv: RawBuilder<unknown>): RawBuilder<string[]> {
  return sql<string[]>`array(
    with x as (select lexeme, unnest(positions) as p from unnest(${tsv}))
    select a.lexeme || ' ' || b.lexeme from x a join x b on b.p = a.p + 1
    union
    select a.lexeme || '  ' || b.lexeme from x a join x b on b.p = a.p + 2
    union
    select a.lexeme || '  ' || b.lexeme || ' ' || c.lexeme
    from x a join x b on b.p = a.p + 2 join x c on c.p = a.p + 3
    where not exists (select from x m where m.p = a.p + 1)
    union
    select a.lexeme || ' ' || b.lexeme || ' ' || c.lexeme
    from x a join x b on b.p = a.p + 1 join x c on c.p = a.p + 2
    where (a.lexeme ~ '[0-9]')::int + (b.lexeme ~ '[0-9]')::int + (c.lexeme ~ '[0-9]')::int >= 2)`;
}

/**
 * An analysed phrase of two lexemes (`nodes` 3), adjacent or two apart, is matched by its one key
 * alone; one of three adjacent lexemes (`nodes` 5) whose triple is among its keys (two of them
 * hold a digit) too.
 */
export const pairsMatchExactly = (nodes: number, pairs: readonly string[]): boolean =>
  nodes === 3 || (nodes === 5 && pairs.some(isTriple));

/** The pattern (a JavaScript and a POSIX regex) of a key of the pairs column that is a triple. */
export const TRIPLE_KEY = '^[^ ]+ [^ ]+ [^ ]+$';
/** The pattern of a key of the pairs column that is two lexemes two apart (`'a  b'`). */
export const APART_KEY = '^[^ ]+  [^ ]+$';
/** The pattern of a key of the pairs column that is a triple after a stop word's gap (`'a  b c'`). */
export const GAPPED_KEY = '^[^ ]+  [^ ]+ [^ ]+$';
const TRIPLE = new RegExp(TRIPLE_KEY);
const APART = new RegExp(APART_KEY);
const GAPPED = new RegExp(GAPPED_KEY);

/** A key of the pairs column that is a triple of lexemes, not a pair. */
export const isTriple = (key: string): boolean => TRIPLE.test(key);

/** A key of the pairs column that is two lexemes two apart (`'a  b'`). */
export const isApart = (key: string): boolean => APART.test(key);

/**
 * A key of the pairs column that is a triple after a stop word's gap (`'a  b c'`): kept only where
 * the gap holds no lexeme, so a row lacking it may still match its phrase (see
 * {@link gappedTripleOf}); it is never one of the keys a phrase's row must hold.
 */
export const isGappedTriple = (key: string): boolean => GAPPED.test(key);

/**
 * The key matching a phrase of three lexemes, a stop word's gap after the first
 * (`'droit' <2> 'être' <-> 'entendu'`), wherever the text has a stop word in the gap: its triple
 * after the gap, among the phrase's own keys. Undefined for any other phrase.
 */
export const gappedTripleOf = ({ nodes, chain, pairs }: PhraseArmAnalysis): string | undefined =>
  chain && nodes === 5 ? pairs.find(isGappedTriple) : undefined;

/** The keys every row matching a chain of lexemes holds: its pairs, triples after a gap left out. */
export const keysHeld = (pairs: readonly string[]): string[] => pairs.filter((k) => !isGappedTriple(k));

/**
 * A phrase the phrase pairs alone match in every language arm: no lexeme there, or lexemes one or
 * two apart their keys match exactly.
 */
export const phraseMatchedByPairs = (analysis: PhraseAnalysis): boolean =>
  analysis.every((a) => a.nodes === 0 || (a.chain && pairsMatchExactly(a.nodes, a.pairs)));

/**
 * What makes an analysed phrase (`phraseto_tsquery(...)::text`) other than a chain of lexemes one
 * or two apart: a wider gap (`<3>`, two stop words in a row) or an operator of a compound.
 */
const NOT_A_CHAIN = /<(?!2>)[0-9]+>|[&|!]/;

/** A gap of one stop word in an analysed phrase. */
const GAP = /<2>/;

/**
 * A phrase analysed to `nodes` tsquery nodes, printed as `query`, is a chain of lexemes one or two
 * apart (`'verletz' <2> 'rechtlich' <-> 'gehor'`).
 */
export const isPairedChain = (query: string, nodes: number): boolean =>
  nodes >= 3 && !NOT_A_CHAIN.test(query);

/** An analysed phrase (`phraseto_tsquery(...)::text`) has two lexemes two apart. */
export const hasGap = (query: string): boolean => GAP.test(query);

/** tsquery literal syntax for a prefix lexeme: `'word'` with `'` and `\` doubled. */
export function quoteTsQueryLexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

// ---------------------------------------------------------------------------------------------
// tsquery compilation (reference-free trees)

/** The tsquery of a term, prefix or phrase in one text-search configuration. */
export function leafTsQuery(node: QueryNode, cfg: RawBuilder<unknown>): TsQuerySql {
  switch (node.kind) {
    case 'term':
      return sql`plainto_tsquery(${cfg}, ${node.text})`;
    case 'prefix':
      return sql`to_tsquery(${cfg}, ${quoteTsQueryLexeme(node.text)}::text || ':*')`;
    case 'phrase':
      return sql`phraseto_tsquery(${cfg}, ${node.words.join(' ')})`;
    default:
      throw new Error(`not a tsquery leaf: ${node.kind}`);
  }
}

function combine(parts: readonly TsQuerySql[], op: '&&' | '||'): TsQuerySql {
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  return sql`(${sql.join(parts, sql.raw(` ${op} `))})`;
}

/** One tsquery for a reference-free tree. */
function treeTsQuery(node: QueryNode, cfg: RawBuilder<unknown>): TsQuerySql {
  switch (node.kind) {
    case 'term':
    case 'prefix':
    case 'phrase':
      return leafTsQuery(node, cfg);
    case 'reference':
      throw new Error('references are compiled at SQL level');
    case 'not':
      return sql`(!! ${treeTsQuery(node.child, cfg)})`;
    case 'and':
      return combine(
        node.children.map((c) => treeTsQuery(c, cfg)),
        '&&',
      );
    case 'or':
      return combine(
        node.children.map((c) => treeTsQuery(c, cfg)),
        '||',
      );
  }
}

/**
 * Positive-only tsquery for ranking: NOT subtrees are dropped, references contribute their
 * citation phrases, decision ids nothing. `null` if nothing is left.
 */
function rankTsQuery(node: QueryNode, cfg: RawBuilder<unknown>): TsQuerySql | null {
  switch (node.kind) {
    case 'term':
    case 'prefix':
    case 'phrase':
      return leafTsQuery(node, cfg);
    case 'reference': {
      const phrases = citationPhrases(node).map((p) => sql`phraseto_tsquery(${cfg}, ${p})`);
      return phrases.length === 0 ? null : combine(phrases, '||');
    }
    case 'not':
      return null;
    case 'and':
    case 'or': {
      const parts = node.children.map((c) => rankTsQuery(c, cfg)).filter((p): p is TsQuerySql => p !== null);
      return parts.length === 0 ? null : combine(parts, node.kind === 'and' ? '&&' : '||');
    }
  }
}

/** Whether {@link rankTsQuery} of a tree is not null: it has a positive leaf that takes part in the rank. */
function hasRank(node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
    case 'prefix':
    case 'phrase':
      return true;
    case 'reference':
      return citationPhrases(node).length > 0;
    case 'not':
      return false;
    case 'and':
    case 'or':
      return node.children.some(hasRank);
  }
}

/**
 * Whether every vector matching {@link rankTsQuery} of a tree, and so every rank vector with a rank
 * above 0, holds a match of the tree itself: true for its leaves and citation phrases (a rank
 * vector is part of the full vector, positions included); an AND needs every operand to take part
 * in the rank (a NOT, a decision id or a statute reference does not), an OR only the ones that do.
 */
function rankImpliesMatch(node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
    case 'prefix':
    case 'phrase':
    case 'reference':
      return true;
    case 'not':
      return false;
    case 'and':
      return node.children.every((c) => hasRank(c) && rankImpliesMatch(c));
    case 'or':
      return node.children.filter(hasRank).every(rankImpliesMatch);
  }
}

/**
 * Whether a decision a (non-negated) reference of the tree names matches the tree: under an OR
 * only; under an AND or a NOT the other operands still decide.
 */
function ownRefImpliesMatch(node: QueryNode): boolean {
  switch (node.kind) {
    case 'or':
      return node.children.every(ownRefImpliesMatch);
    case 'and':
    case 'not':
      return !containsReference(node);
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// SQL-level compilation

class Compiler {
  readonly cols: Columns;
  readonly arms: LanguageArm[];
  readonly phrases: ReadonlyMap<string, PhraseAnalysis>;
  readonly references: ((ref: ReferenceNode) => RawBuilder<boolean>) | null;

  constructor(options: TsQueryCompileOptions | undefined) {
    this.cols = columnsOf(options);
    this.arms = languageArms(this.cols.language);
    this.phrases = options?.phrases ?? new Map();
    this.references = options?.references ?? null;
  }

  /**
   * `OR` over the language arms of `tsv @@ Q_cfg`. With `guarded`, an arm whose tsquery has no
   * lexemes is true instead of false (rule 7 inside an SQL-level AND).
   */
  matchArms(build: (cfg: RawBuilder<unknown>) => TsQuerySql, guarded: boolean): RawBuilder<boolean> {
    const { tsv } = this.cols;
    return this.anyArm((arm) => {
      const q = build(arm.cfg);
      return guarded ? sql`(numnode(${q}) = 0 OR ${tsv} @@ ${q})` : sql`${tsv} @@ ${q}`;
    });
  }

  /** `(when_1 AND test_1) OR …` over the language arms; an arm without a test is left out (`false` if all are). */
  anyArm(test: (arm: LanguageArm) => RawBuilder<unknown> | null): RawBuilder<boolean> {
    const arms = this.arms.flatMap((arm) => {
      const t = test(arm);
      return t === null ? [] : [sql`(${arm.when} AND ${t})`];
    });
    return arms.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(arms, sql.raw(' OR '))})`;
  }

  /**
   * `OR` over the language arms of a phrase (rule 4), on `tsv`. Analysed beforehand (`phrases`),
   * an arm where the phrase has no lexeme is left out (true when guarded); otherwise the planner
   * folds the test of the analysed phrase in a plan made for the values at hand.
   */
  phraseArms(text: string, guarded: boolean): RawBuilder<boolean> {
    const analysed = this.phrases.get(text);
    if (!analysed) return this.matchArms((cfg) => sql`phraseto_tsquery(${cfg}, ${text})`, guarded);
    return this.anyArm((arm) => {
      const a = analysed.find((x) => x.arm === arm.name);
      if (a === undefined) throw new Error(`phrase analysis without the ${arm.name} arm`);
      if (a.nodes === 0) return guarded ? sql<boolean>`true` : null;
      return sql<boolean>`${this.cols.tsv} @@ phraseto_tsquery(${arm.cfg}, ${text})`;
    });
  }

  reference(ref: ReferenceNode): RawBuilder<boolean> {
    if (this.references) return this.references(ref);
    const own = sql<boolean>`${this.cols.refKeys} @> ARRAY[${ref.key}]::text[]`;
    const phrases = citationPhrases(ref);
    if (phrases.length === 0) return own;
    const cited = phrases.map((p) => this.phraseArms(p, false));
    return sql<boolean>`(${own} OR ${sql.join(cited, sql.raw(' OR '))})`;
  }

  /** Boolean SQL for a tree; `inAnd` = the result is an operand of an SQL-level AND. */
  node(node: QueryNode, inAnd: boolean): RawBuilder<boolean> {
    if (node.kind === 'phrase') return this.phraseArms(node.words.join(' '), inAnd);
    if (!containsReference(node)) {
      return this.matchArms((cfg) => treeTsQuery(node, cfg), inAnd);
    }
    switch (node.kind) {
      case 'reference':
        return this.reference(node);
      case 'not':
        return sql<boolean>`((${this.node(node.child, false)}) IS NOT TRUE)`;
      case 'and':
      case 'or': {
        const isAnd = node.kind === 'and';
        const plain = node.children.filter((c) => !containsReference(c));
        const withRefs = node.children.filter(containsReference);
        const parts: RawBuilder<boolean>[] = [];
        if (plain.length > 0) {
          // merge the reference-free siblings into one tsquery per language
          const group: QueryNode =
            plain.length === 1 && plain[0] !== undefined ? plain[0] : { kind: node.kind, children: plain };
          parts.push(this.node(group, isAnd));
        }
        for (const c of withRefs) parts.push(this.node(c, isAnd));
        return sql<boolean>`(${sql.join(parts, sql.raw(isAnd ? ' AND ' : ' OR '))})`;
      }
      default:
        throw new Error(`unexpected node ${node.kind}`);
    }
  }

  /** `OR` over the language arms of `rankTsv @@ (the positive part of the query)`; `false` without one. */
  rankable(ast: QueryNode): RawBuilder<boolean> {
    const { rankTsv } = this.cols;
    return this.anyArm((arm) => {
      const q = rankTsQuery(ast, arm.cfg);
      return q === null ? null : sql`${rankTsv} @@ ${q}`;
    });
  }

  rank(ast: QueryNode): RawBuilder<number> {
    const { rankTsv, language } = this.cols;
    const codes = Object.keys(LANGUAGE_CONFIGS);
    const perArm = this.arms.map((arm) => rankTsQuery(ast, arm.cfg));
    if (perArm.every((q) => q === null)) return sql<number>`0::real`;
    const rankOf = (q: TsQuerySql | null | undefined): RawBuilder<number> =>
      q === null || q === undefined
        ? sql<number>`0::real`
        : sql<number>`ts_rank_cd(${rankTsv}, ${q}, ${sql.lit(RANK_NORMALIZATION)})`;
    const whens = codes.map((code, i) => sql`WHEN ${language} = ${sql.lit(code)} THEN ${rankOf(perArm[i])}`);
    return sql<number>`(CASE ${sql.join(whens, sql.raw(' '))} ELSE ${rankOf(perArm[codes.length])} END)`;
  }
}

/**
 * The texts a tree's statements match as phrases per language arm ({@link TsQueryCompileOptions.phrases}):
 * its phrases and its references' citation phrases.
 */
export function phraseTextsOf(node: QueryNode): string[] {
  const texts = new Set<string>();
  const collect = (n: QueryNode): void => {
    if (n.kind === 'phrase') texts.add(n.words.join(' '));
    else if (n.kind === 'reference') for (const p of citationPhrases(n)) texts.add(p);
    else if (n.kind === 'not') collect(n.child);
    else if (n.kind === 'and' || n.kind === 'or') n.children.forEach(collect);
  };
  collect(node);
  return [...texts];
}

/** Relevance expression (rule 8) for the row's language; `0` for match-all / NOT-only. */
export function compileTsRank(ast: QueryAst, options?: TsQueryCompileOptions): RawBuilder<number> {
  if (ast === null) return sql<number>`0::real`;
  return new Compiler(options).rank(ast);
}

/** `ref_keys && ARRAY[keys]` (false for no keys). */
export function compileOwnRefMatch(
  refKeys: readonly string[],
  options?: TsQueryCompileOptions,
): RawBuilder<boolean> {
  // a typed constant: a bare `false` is rejected by Postgres as an ORDER BY item
  if (refKeys.length === 0) return sql<boolean>`false::boolean`;
  const col = columnsOf(options).refKeys;
  return sql<boolean>`(${col} && ARRAY[${sql.join(refKeys)}]::text[])`;
}

export function compileTsQuery(ast: QueryAst, options?: TsQueryCompileOptions): CompiledTsQuery {
  if (ast === null) {
    return {
      sql: sql<boolean>`true`,
      rank: sql<number>`0::real`,
      rankable: sql<boolean>`false`,
      rankImpliesMatch: true,
      refKeys: [],
      ownRefMatch: compileOwnRefMatch([]),
    };
  }
  const compiler = new Compiler(options);
  const keys = new Set<string>();
  positiveRefKeys(ast, false, keys);
  const refKeys = [...keys];
  return {
    sql: compiler.node(ast, false),
    rank: compiler.rank(ast),
    rankable: compiler.rankable(ast),
    rankImpliesMatch: rankImpliesMatch(ast) && ownRefImpliesMatch(ast),
    refKeys,
    ownRefMatch: compileOwnRefMatch(refKeys, options),
  };
}
