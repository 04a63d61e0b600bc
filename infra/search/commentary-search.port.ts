import type { QueryNode } from '../../contracts/search/query-ast.ts';
import type { SearchWriteContext } from './search.port.ts';

/** Who wrote a commentary, which edition, under which licence, where: what every excerpt carries. */
export interface CommentarySource {
  readonly commentary_id: string;
  readonly title: string;
  readonly abbreviation: string | null;
  readonly sr_number: string | null;
  readonly article_num: string | null;
  readonly language: string;
  readonly authors: readonly string[];
  readonly editors: readonly string[];
  readonly edition_date: string | null;
  readonly licence: string;
  readonly licence_url: string;
  readonly url: string;
  readonly pdf_url: string | null;
  readonly suggested_citation: string | null;
  readonly sample: boolean;
}

/** One paragraph of a commentary as the search index stores it. */
export interface CommentaryParagraphDocument {
  readonly ordinal: number;
  readonly margin: string | null;
  readonly text: string;
}

/** A commentary edition: its source fields and every paragraph, verbatim. */
export interface CommentaryDocument extends CommentarySource {
  readonly paragraphs: readonly CommentaryParagraphDocument[];
}

export interface CommentarySearchRequest {
  /** The parsed query (references read as words). */
  readonly query: QueryNode;
  /** The query as typed (the Postgres snippet is built from it). */
  readonly text: string;
  readonly language?: string;
  /** Only paragraphs of commentaries on this act. */
  readonly srNumber?: string;
  readonly limit: number;
}

export interface CommentarySearchHit extends CommentarySource {
  readonly ordinal: number;
  readonly margin: string | null;
  /** The paragraph, verbatim. */
  readonly text: string;
  /** The matching passage of `text`, matches wrapped in `<b>…</b>`. */
  readonly snippet: string;
  /** Relevance in [0, 1). */
  readonly score: number;
}

export interface CommentarySearchResult {
  /** Every matching paragraph, counted. */
  readonly total: number;
  /** Best first: score, then SR number, commentary id and paragraph order. */
  readonly hits: readonly CommentarySearchHit[];
}

export interface CommentarySearchIndex {
  /** Runs a search over commentary paragraphs; throws SearchUnavailableError when the backend cannot answer. */
  search(request: CommentarySearchRequest): Promise<CommentarySearchResult>;
}

export interface CommentaryIndexWriter {
  /**
   * Replaces each commentary's paragraphs with those of `doc`: paragraphs beyond the new count, up
   * to `previousParagraphs` (the count of the edition replaced; 0 for a new commentary), go.
   * `position` orders writes so an older edition never wins.
   */
  upsert(
    docs: readonly { doc: CommentaryDocument; position: number; previousParagraphs: number }[],
    ctx: SearchWriteContext,
  ): Promise<void>;
}
