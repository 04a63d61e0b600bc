/**
 * AST of the case-law search query language (`GET /decisions?query=...`).
 *
 * The AST is engine-neutral: `contracts/search/query-parser.ts` produces it, and each search
 * backend (PostgreSQL full-text search, OpenSearch) compiles it with the same semantics (see the
 * doc comment at the top of `infra/search/postgres/tsquery-compiler.ts`).
 *
 * An empty or whitespace-only query (or one without any searchable token) parses to `null`,
 * which means "match all" ({@link MatchAll}).
 *
 * Invariants of a parsed AST (the parser guarantees them; hand-built trees should respect them):
 *  - `and` / `or` nodes have at least two children, and no child of the same kind
 *    (nested `and` inside `and` is flattened, single-child groups are collapsed);
 *  - `not` never directly wraps another `not` (double negation is removed);
 *  - `term.text` and `prefix.text` consist of Unicode letters, digits and combining marks only;
 *  - `phrase.words` is non-empty; each word is a whitespace-free chunk of the quoted text with its
 *    leading and trailing punctuation removed (inner punctuation such as `l'arrêt` or
 *    `714/2014` is kept, so the engine analyses the phrase exactly like document text).
 */

/** A single search word; matched stemmed in the language of each document. */
export interface TermNode {
  readonly kind: 'term';
  /** The word as written (letters/digits only). Engines lower-case and stem it. */
  readonly text: string;
}

/** `word*`: every word starting with `text` (after stemming `text` in the document language). */
export interface PrefixNode {
  readonly kind: 'prefix';
  /** The prefix as written, without the `*`; at least 2 characters. */
  readonly text: string;
}

/** `"words in order"` (also „…“ «…» “…” »…«): the words adjacent and in this order. */
export interface PhraseNode {
  readonly kind: 'phrase';
  readonly words: readonly string[];
}

export type ReferenceKind = 'docket' | 'bge' | 'bvge' | 'decision_id' | 'statute';

/**
 * A docket number (`4A_714/2014`, `I 594/01`, `A-1234/2020`, `SK.2019.42`, `O2018_001`,
 * `ACJC/866/2019`, `ZSU.2019.34`, ...), an official-collection reference (`BGE 140 III 86`,
 * `BVGE 2013/10`), a decision id (`bger_6B_1234_2025`, `ge_gerichte_ACJC_866_2019`) or a statute
 * provision (`Art. 41 Abs. 1 OR`, `art. 8 al. 2 Cst.`, `§ 5 StG/ZH`). Recognised as one token,
 * never split into words, before any operator (`Art. 41 OR` is the Code of Obligations, not `OR`).
 */
export interface ReferenceNode {
  readonly kind: 'reference';
  readonly refKind: ReferenceKind;
  /** As written, with runs of whitespace collapsed to one space. */
  readonly display: string;
  /**
   * Normalised lookup key, comparable with the `ref_keys` of a decision:
   *  - docket: register letters upper-cased, canonical separators: `6B_1234/2025`,
   *    `2A.123/2005`, `I 594/01`, `A-1234/2020`, `SK.2019.42`, `O2018_001`;
   *  - bge: `BGE 140 III 86` (ATF/DTF/bare normalised to BGE, part `Ia`/`Ib`, numerals upper);
   *  - bvge: `BVGE 2013/10`, `BVGE 2019 I/2` (ATAF/DTAF normalised to BVGE);
   *  - decision_id: court key lower-cased + `_` + the rest as given (`bger_6B_1234_2025`);
   *  - statute: `art:` + the act (SR number of a federal act, else abbreviation and canton) +
   *    `:` + the article (`art:220:41`, `art:StG ZH:5`); see `statuteSearchKey`. A statute
   *    reference matches the decisions whose text applies that article (the statute references the
   *    citation graph extracts), never by a phrase, and gives no "own reference first" ranking.
   */
  readonly key: string;
}

export interface AndNode {
  readonly kind: 'and';
  readonly children: readonly QueryNode[];
}

export interface OrNode {
  readonly kind: 'or';
  readonly children: readonly QueryNode[];
}

export interface NotNode {
  readonly kind: 'not';
  readonly child: QueryNode;
}

export type LeafNode = TermNode | PrefixNode | PhraseNode | ReferenceNode;

export type QueryNode = LeafNode | AndNode | OrNode | NotNode;

/** The AST of a query that matches every decision (empty query). */
export type MatchAll = null;

/** What `parseQuery` yields on success: a query tree, or `null` for "match all". */
export type QueryAst = QueryNode | MatchAll;

export function isLeaf(node: QueryNode): node is LeafNode {
  return (
    node.kind === 'term' || node.kind === 'prefix' || node.kind === 'phrase' || node.kind === 'reference'
  );
}

/** Exhaustiveness helper for `switch (node.kind)`. */
export function assertNever(value: never): never {
  throw new Error(`unexpected query node: ${JSON.stringify(value)}`);
}
