import type { Transaction } from 'kysely';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import type { DB } from '../db/schema.ts';

/** What the decision search index stores per decision. */
export interface SearchDocument {
  readonly decision_id: string;
  readonly court: string;
  readonly canton: string;
  readonly chamber: string | null;
  readonly decision_type: string | null;
  readonly decision_date: string | null;
  readonly language: string;
  readonly docket_number: string;
  readonly title: string;
  readonly regeste: string | null;
  readonly rule_statement: string;
  readonly full_text: string;
  /**
   * Normalised reference keys of the decision itself (id, docket, BGE reference), and the keys of
   * the provisions its text applies (`art:220:41`, see `contracts/search/statute-keys.ts`).
   */
  readonly ref_keys: readonly string[];
}

export interface SearchWriteContext {
  /** The read-model transaction (used by the Postgres index; others ignore it). */
  readonly tx: Transaction<DB>;
  /** The index generation being written (an OpenSearch index per generation; Postgres uses the tx's schema). */
  readonly generation?: number;
}

export interface SearchIndexWriter {
  /** Inserts or replaces documents; `position` orders writes so an older one never wins. */
  upsert(docs: readonly { doc: SearchDocument; position: number }[], ctx: SearchWriteContext): Promise<void>;
  /** Removes decisions from the index (withdrawn); a document written at a later position stays. */
  remove(ids: readonly { decision_id: string; position: number }[], ctx: SearchWriteContext): Promise<void>;
}

export interface SearchFilters {
  readonly court?: string;
  readonly canton?: string;
  readonly language?: string;
  readonly dateFrom?: string;
  readonly dateTo?: string;
  /** Case-insensitive substring of the chamber. */
  readonly chamber?: string;
  /** Case-insensitive exact decision type. */
  readonly decisionType?: string;
}

export type SearchSort = 'relevance' | 'date_desc' | 'date_asc';

export interface SearchRequest {
  readonly query: QueryNode | null;
  readonly filters: SearchFilters;
  readonly sort: SearchSort;
  readonly limit: number;
  readonly offset: number;
  /**
   * Only the compact fields are needed ({@link COMPACT_HIT_FIELDS}): a backend may then leave
   * `regeste` null and `chamber`, `decision_type` and `rule_statement` empty, to ship less.
   */
  readonly compact?: boolean;
  /**
   * `false`: the caller needs the page and whether more follow (`hasMore`), not the total. A
   * backend may then leave the matches uncounted when the page is full; `total` is then the matches
   * read (the page and the one beyond it) and `totalIsLowerBound` true.
   */
  readonly total?: boolean;
}

/** The fields of a stored document a hit carries (both backends read exactly these). */
export const SEARCH_HIT_FIELDS = [
  'decision_id',
  'court',
  'canton',
  'chamber',
  'decision_type',
  'decision_date',
  'language',
  'docket_number',
  'title',
  'regeste',
  'rule_statement',
] as const satisfies readonly (keyof SearchDocument)[];

/** The fields a compact hit needs (the summary without its long texts, and the citation strings). */
export const COMPACT_HIT_FIELDS = [
  'decision_id',
  'court',
  'canton',
  'decision_date',
  'language',
  'docket_number',
  'title',
] as const satisfies readonly (typeof SEARCH_HIT_FIELDS)[number][];

/** What a compact hit carries: the fields of {@link COMPACT_HIT_FIELDS}. */
export type CompactHit = Pick<SearchDocument, (typeof COMPACT_HIT_FIELDS)[number]>;

export type SearchHit = Pick<SearchDocument, (typeof SEARCH_HIT_FIELDS)[number]> & {
  /** Relevance score when sorted by relevance. */
  readonly score?: number;
};

export interface SearchResult {
  /** Matches counted, capped at the index's count limit. */
  readonly total: number;
  /** True when `total` was capped. */
  readonly totalIsLowerBound: boolean;
  readonly hits: readonly SearchHit[];
  /** More hits can be fetched after this page (within the relevance candidate pool). */
  readonly hasMore: boolean;
}

/** The decision ids of a search's hits, in their order, with its count. */
export interface SearchIdsResult {
  readonly total: number;
  readonly totalIsLowerBound: boolean;
  readonly ids: readonly string[];
  /** The hits' relevance scores, in the order of `ids`, when sorted by relevance (as `SearchHit.score`). */
  readonly scores?: readonly number[];
  readonly hasMore: boolean;
}

export class SearchUnavailableError extends Error {
  readonly code = 'SEARCH_UNAVAILABLE';
}

export interface DecisionSearchIndex {
  /**
   * Whether what the index answers changes only with the read models' state: true where its writes
   * commit in the projection's transaction, with its checkpoint (Postgres full-text); false where a
   * write shows some time after that commit (OpenSearch, on its next refresh). An answer drawn
   * from a true index may be kept for as long as that state stands.
   */
  readonly changesWithReadModelState: boolean;
  /** Runs a search; throws SearchUnavailableError when the backend cannot answer. */
  search(request: SearchRequest): Promise<SearchResult>;
  /**
   * The same search, giving only the ids of its hits (in the same order, with the same count and
   * `hasMore`): no stored field is read or shipped. For callers that join the hits to read models
   * of their own.
   */
  searchIds(request: SearchRequest): Promise<SearchIdsResult>;
  /**
   * The compact fields of decisions in the index, as a compact search's hits carry them, in no
   * particular order; a decision not (or no longer) in the index is left out.
   */
  compactHits(ids: readonly string[]): Promise<CompactHit[]>;
}

/**
 * Evaluates a search (query and filters, as `DecisionSearchIndex.search` reads them) against given
 * documents that need not be indexed anywhere, inside a projection's transaction.
 */
export interface SearchMatcher {
  /** The ids of those `docs` that `query` and `filters` match. */
  matching(
    query: QueryNode | null,
    filters: SearchFilters,
    docs: readonly SearchDocument[],
    ctx: SearchWriteContext,
  ): Promise<Set<string>>;
}

/** Index generations kept outside the read-model database (OpenSearch): created, activated, dropped. */
export interface SearchGenerations {
  /** Creates the generation's index if missing; readers do not see it yet. */
  createGeneration(generation: number): Promise<void>;
  /** Points readers at this generation, atomically. */
  activateGeneration(generation: number): Promise<void>;
  /** Deletes a generation that readers no longer use. */
  dropGeneration(generation: number): Promise<void>;
}
