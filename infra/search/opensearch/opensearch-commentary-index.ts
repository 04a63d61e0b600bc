import type {
  CommentaryDocument,
  CommentaryIndexWriter,
  CommentarySearchHit,
  CommentarySearchIndex,
  CommentarySearchRequest,
  CommentarySearchResult,
} from '../commentary-search.port.ts';
import type { SearchGenerations, SearchWriteContext } from '../search.port.ts';
import { BulkWriter } from './bulk-writer.ts';
import {
  BODY_FIELDS,
  COMMENTARY_INDEX,
  COMMENTARY_PART_BOOSTS,
  type StoredParagraph,
  paragraphDocuments,
  paragraphId,
} from './commentary-layout.ts';
import { type AdminLogger, IndexAdmin } from './index-admin.ts';
import {
  COMPLETENESS_PATHS,
  type SearchCompleteness,
  assertComplete,
  searchError,
} from './opensearch-errors.ts';
import { OpenSearchHttp } from './opensearch-http.ts';
import { type AnalyzeToken, QueryAnalysis } from './query-analysis.ts';
import { type Dsl, analysisTexts, compileQueryDsl, groupsFor } from './query-dsl-compiler.ts';

export interface OpenSearchCommentaryOptions {
  /** Node URL, e.g. `http://127.0.0.1:9200`. */
  readonly node: string;
  /** Lower-case name prefix: indices are `<prefix>-commentaries-v<generation>`, the read alias `<prefix>-commentaries`. */
  readonly indexPrefix: string;
  /** The generation written when the projection names none (default 1); reads go through the alias. */
  readonly generation?: number;
  /** Refresh after each bulk write: `'wait_for'` in tests, `false` (default) in production. */
  readonly refresh?: boolean | 'wait_for';
  /** Shards of a new generation (default 1: scores stay stable). */
  readonly shards?: number;
  /** Replicas of a new generation (default 0). */
  readonly replicas?: number;
  /** Per-request timeout in ms (default 30 000). */
  readonly requestTimeoutMs?: number;
  readonly logger?: AdminLogger;
}

/** Snippet length in characters (Postgres' ts_headline: 15 to 35 words). */
const SNIPPET_CHARS = 200;
/** Paragraph searches never page: the route's limit is at most 50. */
const RESULT_WINDOW = 10_000;

/** A paragraph search's response as {@link PARAGRAPHS_FILTER} leaves it (no `hits.hits` without hits). */
export interface ParagraphHitsBody extends SearchCompleteness {
  readonly hits?: {
    readonly total?: { readonly value: number };
    readonly hits?: readonly {
      readonly _score?: number | null;
      readonly _source?: { readonly source?: StoredParagraph };
      readonly highlight?: Readonly<Record<string, readonly string[]>>;
    }[];
  };
}

/**
 * What a paragraph search reads of its response (`filter_path`): each hit's score, paragraph and
 * highlight, the total, and whether every shard answered in time.
 */
const PARAGRAPHS_FILTER = [
  ...COMPLETENESS_PATHS,
  'hits.total',
  'hits.hits._score',
  'hits.hits._source',
  'hits.hits.highlight',
].join(',');

/**
 * The result of a paragraph search's response; a response that did not come from every shard in
 * time is refused (see {@link assertComplete}), not served as a short list.
 */
export function paragraphResultOf(res: ParagraphHitsBody): CommentarySearchResult {
  assertComplete(res);
  const hits: CommentarySearchHit[] = [];
  for (const h of res.hits?.hits ?? []) {
    const p = h._source?.source;
    if (p === undefined) continue;
    const snippet = Object.values(h.highlight ?? {})[0]?.[0] ?? p.text.slice(0, SNIPPET_CHARS);
    const s = h._score ?? 0;
    hits.push({ ...p, snippet, score: s > 0 ? s / (s + 1) : 0 });
  }
  return { total: res.hits?.total?.value ?? hits.length, hits };
}

const consoleLogger: AdminLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(`[opensearch] ${msg}`, obj),
};

/** Same order as the Postgres search: score, then SR number (none last), commentary, paragraph. */
const SORT: readonly unknown[] = [
  { _score: { order: 'desc' } },
  { sr_number: { order: 'asc', missing: '_last' } },
  { commentary_id: { order: 'asc' } },
  { ordinal: { order: 'asc' } },
];

/**
 * Commentary paragraph search on OpenSearch, with the query language and semantics of the
 * decision index (query-dsl-compiler.ts) and highlighted snippets. Writes are idempotent and
 * ordered: `_id` = commentary id and paragraph ordinal, external version = event position. A
 * rebuild writes a new generation, then activates it (alias swap).
 */
export class OpenSearchCommentaryIndex
  implements CommentarySearchIndex, CommentaryIndexWriter, SearchGenerations
{
  /** The read alias every search goes through. */
  readonly alias: string;
  private readonly http: OpenSearchHttp;
  private readonly admin: IndexAdmin;
  private readonly writer: BulkWriter;
  private readonly analysis: QueryAnalysis;

  constructor(private readonly options: OpenSearchCommentaryOptions) {
    this.http = new OpenSearchHttp({
      node: options.node,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
    });
    this.admin = new IndexAdmin(
      this.http,
      options.node,
      options.indexPrefix,
      options.logger ?? consoleLogger,
      COMMENTARY_INDEX,
    );
    this.alias = this.admin.alias;
    this.writer = new BulkWriter(this.http, options.refresh ?? false);
    this.analysis = new QueryAnalysis((analyzer, text) => this.analyze(analyzer, text));
  }

  /** Creates the default generation's index if missing, and the alias if missing. */
  async init(): Promise<void> {
    await this.createGeneration(this.options.generation ?? 1);
  }

  /** Creates a generation's index if missing (the alias moves only on activation, or when there is none). */
  async createGeneration(generation: number): Promise<void> {
    await this.admin.ensure(generation, {
      shards: this.options.shards ?? 1,
      replicas: this.options.replicas ?? 0,
      maxResultWindow: RESULT_WINDOW,
    });
  }

  /** Points the read alias at `generation` (atomic `_aliases` remove + add). */
  async activateGeneration(generation: number): Promise<void> {
    await this.admin.swapAlias(generation);
    this.analysis.clear();
  }

  /** Deletes a generation's index; refuses the live one. */
  async dropGeneration(generation: number): Promise<void> {
    await this.admin.dropGeneration(generation);
  }

  /** The generation the read alias points at, or null when there is none yet. */
  async liveGeneration(): Promise<number | null> {
    return this.admin.liveGeneration();
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  async upsert(
    docs: readonly { doc: CommentaryDocument; position: number; previousParagraphs: number }[],
    ctx: SearchWriteContext,
  ): Promise<void> {
    const index = this.admin.generationIndex(ctx.generation ?? this.options.generation ?? 1);
    const version = (position: number) => ({ version: position, version_type: 'external_gte' });
    await this.writer.write(
      docs.flatMap(({ doc, position, previousParagraphs }) => [
        ...paragraphDocuments(doc, position).map(({ id, source }) => ({
          action: { index: { _index: index, _id: id, ...version(position) } },
          source,
        })),
        // paragraphs of the replaced edition beyond this one's count
        ...Array.from({ length: Math.max(0, previousParagraphs - doc.paragraphs.length) }, (_, i) => ({
          action: {
            delete: {
              _index: index,
              _id: paragraphId(doc.commentary_id, doc.paragraphs.length + i),
              ...version(position),
            },
          },
        })),
      ]),
    );
  }

  async search(request: CommentarySearchRequest): Promise<CommentarySearchResult> {
    try {
      return await this.run(request);
    } catch (error) {
      throw searchError(error);
    }
  }

  private async run(r: CommentarySearchRequest): Promise<CommentarySearchResult> {
    const filter: Dsl[] = [];
    if (r.language !== undefined) filter.push({ term: { language: r.language } });
    if (r.srNumber !== undefined) filter.push({ term: { sr_number: r.srNumber } });
    const groups = groupsFor(r.language !== undefined ? { language: r.language } : {});
    const analyse = await this.analysis.prepare(groups, analysisTexts(r.query));
    const compiled = compileQueryDsl(r.query, groups, analyse, COMMENTARY_PART_BOOSTS);
    const body = {
      query: { bool: { must: [compiled.query], filter } },
      sort: SORT,
      size: r.limit,
      track_total_hits: true,
      _source: ['source'],
      highlight: {
        type: 'unified',
        pre_tags: ['<b>'],
        post_tags: ['</b>'],
        number_of_fragments: 1,
        fragment_size: SNIPPET_CHARS,
        // a paragraph found through its title only: its beginning, as ts_headline gives it
        no_match_size: SNIPPET_CHARS,
        fields: Object.fromEntries(BODY_FIELDS.map((f) => [f, {}])),
      },
    };
    const res = await this.http.request('POST', `/${this.alias}/_search`, {
      body,
      querystring: { filter_path: PARAGRAPHS_FILTER },
    });
    return paragraphResultOf(res.body as ParagraphHitsBody);
  }

  private async analyze(analyzer: string, text: string | string[]): Promise<readonly AnalyzeToken[]> {
    const res = await this.http.request('POST', `/${this.alias}/_analyze`, { body: { analyzer, text } });
    return (res.body as { tokens?: AnalyzeToken[] }).tokens ?? [];
  }
}
