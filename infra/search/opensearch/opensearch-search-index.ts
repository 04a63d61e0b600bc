import {
  COMPACT_HIT_FIELDS,
  type CompactHit,
  SEARCH_HIT_FIELDS,
  type DecisionSearchIndex,
  type SearchGenerations,
  type SearchDocument,
  type SearchIdsResult,
  type SearchIndexWriter,
  type SearchRequest,
  type SearchResult,
  type SearchWriteContext,
} from '../search.port.ts';
import { IndexAdmin } from './index-admin.ts';
import {
  type AnalysisMode,
  RELEVANCE_SORT,
  TITLE_VALUE,
  dateSort,
  hitOf,
  indexDocument,
} from './index-layout.ts';
import { BulkWriter } from './bulk-writer.ts';
import {
  COMPLETENESS_PATHS,
  PartResponseError,
  type SearchCompleteness,
  assertComplete,
  searchError,
} from './opensearch-errors.ts';
import { OpenSearchHttp } from './opensearch-http.ts';
import { type AnalyzeToken, QueryAnalysis } from './query-analysis.ts';
import { type Dsl, analysisTexts, compileFilters, compileQueryDsl, groupsFor } from './query-dsl-compiler.ts';

export interface OpenSearchLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OpenSearchSearchOptions {
  /** Node URL, e.g. `http://127.0.0.1:9200`. */
  readonly node: string;
  /** Lower-case name prefix: indices are `<prefix>-decisions-v<generation>`, the read alias `<prefix>-decisions`. */
  readonly indexPrefix: string;
  /** The generation this instance writes to (default 1); reads always go through the alias. */
  readonly generation?: number;
  /** Matches counted exactly up to this many; beyond, `total` is a lower bound (default 10 000). */
  readonly countCap?: number;
  /** Relevance queries return at most this many hits over all pages (default 10 000). */
  readonly candidatePool?: number;
  /** Refresh after each bulk write: `'wait_for'` in tests, `false` (default) in production. */
  readonly refresh?: boolean | 'wait_for';
  /** Shards of a new generation (default 1: scores, and so relevance pages, stay stable). */
  readonly shards?: number;
  /** Replicas of a new generation (default 0). */
  readonly replicas?: number;
  /** Per-request timeout in ms (default 30 000). */
  readonly requestTimeoutMs?: number;
  readonly logger?: OpenSearchLogger;
}

/**
 * A search response as {@link HITS_FILTER} leaves it: `hits` (or its `hits`) is left out when
 * there are none; of the shard counts only how many there were and how many failed are kept.
 */
export interface HitsBody extends SearchCompleteness {
  readonly hits?: {
    readonly total?: { readonly value: number; readonly relation: 'eq' | 'gte' };
    readonly hits?: readonly SearchHitBody[];
  };
}

interface SearchHitBody {
  readonly _score?: number | null;
  readonly _source?: Record<string, string | null>;
  readonly fields?: Record<string, readonly unknown[]>;
  readonly sort?: unknown[];
}

type Page = { hits: readonly SearchHitBody[]; total: number; lowerBound: boolean };

/** A search's page before its hits are read: relevance pages carry scores, date pages none. */
interface Found {
  readonly total: number;
  readonly totalIsLowerBound: boolean;
  readonly hits: readonly SearchHitBody[];
  readonly scored: boolean;
  readonly hasMore: boolean;
}

/**
 * What a search reads of its hits: the `_source` fields of a full hit, or (compact pages, id
 * lists) doc values only, without touching the stored fields (see index-layout.ts).
 */
type HitShape = 'full' | 'compact' | 'ids';

type CompactField = (typeof COMPACT_HIT_FIELDS)[number];

/** The doc value a compact field is read from: its own, or the title's copy. */
const docValueOf = (field: CompactField): string => (field === 'title' ? TITLE_VALUE : field);

/** The doc values of a compact hit (the date as a day). */
const COMPACT_VALUES: readonly unknown[] = COMPACT_HIT_FIELDS.map((f) =>
  f === 'decision_date' ? { field: f, format: 'strict_date' } : docValueOf(f),
);

/**
 * The part of a search body that says what each hit carries. An id list reads nothing of its
 * hits: their sort values, which the search itself gives, hold the id and, in relevance order, the
 * score ({@link sortedIdOf}).
 */
function fetchOf(shape: HitShape): Record<string, unknown> {
  if (shape === 'full') return { _source: SEARCH_HIT_FIELDS };
  const nothingStored = { _source: false, stored_fields: '_none_' };
  return shape === 'ids' ? nothingStored : { ...nothingStored, docvalue_fields: COMPACT_VALUES };
}

/** What a hit's doc values give of its one value per field. */
const valueOf = (hit: SearchHitBody, field: string): string | undefined => {
  const value = hit.fields?.[field]?.[0];
  return typeof value === 'string' ? value : undefined;
};

/** A hit's decision id from doc values: every document has it (also as its `_id`, see `upsert`). */
function decisionIdOf(hit: SearchHitBody): string {
  const id = valueOf(hit, 'decision_id');
  if (id === undefined) throw new Error('OpenSearch returned a search hit without its decision_id');
  return id;
}

/**
 * An id list's hit: its decision id, the last of its sort values (every order ends with it, see
 * `RELEVANCE_SORT` and `dateSort`), and its score, the first in relevance order.
 */
function sortedIdOf(hit: SearchHitBody): string {
  const id = hit.sort?.[hit.sort.length - 1];
  if (typeof id !== 'string')
    throw new Error('OpenSearch returned an id-list hit without its decision_id sort value');
  return id;
}

const sortedScoreOf = (hit: SearchHitBody): number | null =>
  typeof hit.sort?.[0] === 'number' ? hit.sort[0] : null;

/**
 * Search results are cached per shard until the next refresh changes the index: the same query
 * (a common word, a filter, a popular reference) is scored once per refresh, not per request.
 */
const REQUEST_CACHE = { request_cache: 'true' } as const;

/** An empty page only counts: start at 0 so that no offset can exceed the result window. */
function emptyPageAtZero(body: Record<string, unknown>): Record<string, unknown> {
  return body['size'] === 0 ? { ...body, from: 0, search_after: undefined } : body;
}

/** A relevance score as the port gives it: score / (score + 1), in [0, 1). */
const normalised = (score: number | null | undefined): number => {
  const s = score ?? 0;
  return s > 0 ? s / (s + 1) : 0;
};

/**
 * What a search response carries of what is read (`filter_path`): each hit's score, `_source`
 * (full hits) and doc values (compact hits), the total, and whether every shard answered in time.
 * Left out are each hit's index name and sort values, which a compact page of 2,000 hits spent
 * more than half of its 326 kB on: OpenSearch no longer writes them and the API no longer parses
 * them. No hit is left out as empty: each keeps its `_score` (null in date order) and its doc
 * values or `_source`. Joined once, as the `filter_path` parameter.
 */
const HIT_PATHS = [
  ...COMPLETENESS_PATHS,
  'hits.total',
  'hits.hits._score',
  'hits.hits._source',
  'hits.hits.fields',
];

/**
 * The same for an id list and the steps of a walk with search_after: each hit's sort values alone
 * (never empty), which hold its id and score and from which a walk goes on.
 * For the 2,001 ids of a compact page of `Haftung` at 100,000 decisions, 108 kB instead of 146 kB
 * with the id read from doc values, and the request with its parse 7.2–8.0 ms instead of 9.5–11.8 ms.
 */
const ID_PATHS = [...COMPLETENESS_PATHS, 'hits.total', 'hits.hits.sort'];

const HITS_FILTER = HIT_PATHS.join(',');
const IDS_FILTER = ID_PATHS.join(',');

/** What a search response of a shape keeps. */
const filterOf = (shape: HitShape): string => (shape === 'ids' ? IDS_FILTER : HITS_FILTER);

/** The same for each response of an `_msearch`, with its status and error. */
const inResponses = (paths: readonly string[]): string =>
  ['status', 'error', ...paths].map((path) => `responses.${path}`).join(',');
const MSEARCH_HITS_FILTER = inResponses(HIT_PATHS);
const MSEARCH_IDS_FILTER = inResponses(ID_PATHS);

/**
 * A response's page. A response that did not come from every shard in time is an error, not a
 * page (see {@link assertComplete}).
 */
export function pageOf(body: HitsBody): Page {
  assertComplete(body);
  const t = body.hits?.total;
  return { hits: body.hits?.hits ?? [], total: t?.value ?? 0, lowerBound: t?.relation === 'gte' };
}

/** Deep date pages beyond the result window are reached by walking with search_after in steps of this. */
const WALK_STEP = 5_000;

const consoleLogger: OpenSearchLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(`[opensearch] ${msg}`, obj),
};

/**
 * Decision search on OpenSearch, with the search semantics of the Postgres index (see
 * query-dsl-compiler.ts). Writes are idempotent and ordered: `_id` = decision id, external
 * version = event position. A rebuild writes a new generation, then `swapAliasTo` it.
 */
export class OpenSearchSearchIndex implements DecisionSearchIndex, SearchIndexWriter, SearchGenerations {
  /** A document written shows on the index's next refresh, after the projection's checkpoint moved. */
  readonly changesWithReadModelState = false;
  /** The concrete index this instance writes to. */
  readonly indexName: string;
  /** The read alias every search goes through. */
  readonly alias: string;
  private readonly http: OpenSearchHttp;
  private readonly admin: IndexAdmin;
  private readonly writer: BulkWriter;
  private readonly countCap: number;
  private readonly pool: number;
  private readonly window: number;
  private readonly analysis: QueryAnalysis;
  private mode: AnalysisMode | null = null;

  constructor(private readonly options: OpenSearchSearchOptions) {
    this.http = new OpenSearchHttp({
      node: options.node,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
    });
    this.admin = new IndexAdmin(
      this.http,
      options.node,
      options.indexPrefix,
      options.logger ?? consoleLogger,
    );
    this.alias = this.admin.alias;
    this.writer = new BulkWriter(this.http, options.refresh ?? false);
    this.indexName = this.admin.generationIndex(options.generation ?? 1);
    this.countCap = options.countCap ?? 10_000;
    this.pool = options.candidatePool ?? 10_000;
    // from + size of any relevance page stays within the pool; date pages walk beyond
    this.window = Math.max(this.countCap, this.pool) + 2_001;
    this.analysis = new QueryAnalysis((analyzer, text) => this.analyze(analyzer, text));
  }

  /** Probes the analysers, creates this generation's index if missing, and the alias if missing. */
  async init(): Promise<void> {
    this.mode = await this.admin.ensure(this.options.generation ?? 1, {
      shards: this.options.shards ?? 1,
      replicas: this.options.replicas ?? 0,
      maxResultWindow: this.window,
    });
  }

  /** The analysis the node offered at `init` (null before). */
  get analysisMode(): AnalysisMode | null {
    return this.mode;
  }

  /** Creates a generation's index if missing (the alias moves only on activation). */
  async createGeneration(generation: number): Promise<void> {
    this.mode = await this.admin.ensure(generation, {
      shards: this.options.shards ?? 1,
      replicas: this.options.replicas ?? 0,
      maxResultWindow: this.window,
    });
  }

  async activateGeneration(generation: number): Promise<void> {
    await this.swapAliasTo(generation);
  }

  /** Points the read alias at `generation` (atomic `_aliases` remove + add). */
  async swapAliasTo(generation: number): Promise<void> {
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
    docs: readonly { doc: SearchDocument; position: number }[],
    ctx: SearchWriteContext,
  ): Promise<void> {
    // The projection says which generation it builds; the constructor's is the default.
    const index = this.writeIndex(ctx);
    await this.writer.write(
      docs.map(({ doc, position }) => ({
        action: {
          index: { _index: index, _id: doc.decision_id, version: position, version_type: 'external_gte' },
        },
        source: indexDocument(doc, position),
      })),
    );
  }

  async remove(
    ids: readonly { decision_id: string; position: number }[],
    ctx: SearchWriteContext,
  ): Promise<void> {
    const index = this.writeIndex(ctx);
    await this.writer.write(
      ids.map(({ decision_id, position }) => ({
        action: {
          delete: { _index: index, _id: decision_id, version: position, version_type: 'external_gte' },
        },
      })),
    );
  }

  private writeIndex(ctx: SearchWriteContext): string {
    return ctx.generation === undefined ? this.indexName : this.admin.generationIndex(ctx.generation);
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const compact = request.compact === true;
    const found = await this.run(request, compact ? 'compact' : 'full');
    const sources = compact ? await this.compactSources(found.hits) : found.hits.map((h) => h._source ?? {});
    const hits = found.hits.flatMap((h, i) => {
      const source = sources[i];
      if (source === null || source === undefined) return [];
      return [found.scored ? hitOf(source, normalised(h._score)) : hitOf(source)];
    });
    return { total: found.total, totalIsLowerBound: found.totalIsLowerBound, hits, hasMore: found.hasMore };
  }

  /**
   * The compact fields of hits read from doc values; a hit without the title's copy (a title too
   * long for a doc value, a document written before the copy existed) reads its title from
   * `_source`, all such hits in one `_mget`. A hit whose document is gone by then is null (it
   * left the index between the two reads).
   */
  private async compactSources(
    hits: readonly SearchHitBody[],
  ): Promise<(Record<string, string | null> | null)[]> {
    const sources = hits.map((h) => {
      const source: Record<string, string | null> = { decision_id: decisionIdOf(h) };
      for (const f of COMPACT_HIT_FIELDS)
        if (f !== 'decision_id') source[f] = valueOf(h, docValueOf(f)) ?? null;
      return source as Record<CompactField, string | null> & { decision_id: string };
    });
    const untitled = sources.flatMap((s) => (s.title === null ? [s.decision_id] : []));
    if (untitled.length === 0) return sources;
    let body: unknown;
    try {
      ({ body } = await this.http.request('POST', `/${this.alias}/_mget`, {
        body: { ids: untitled },
        querystring: { _source_includes: 'title' },
      }));
    } catch (error) {
      throw searchError(error);
    }
    const docs =
      (body as { docs?: { _id: string; found?: boolean; _source?: { title?: string } }[] }).docs ?? [];
    const titles = new Map(docs.flatMap((d) => (d.found === true ? [[d._id, d._source?.title ?? '']] : [])));
    return sources.map((s) => {
      if (s.title !== null) return s;
      const title = titles.get(s.decision_id);
      return title === undefined ? null : { ...s, title };
    });
  }

  async searchIds(request: SearchRequest): Promise<SearchIdsResult> {
    const found = await this.run(request, 'ids');
    const ids = found.hits.map(sortedIdOf);
    return {
      total: found.total,
      totalIsLowerBound: found.totalIsLowerBound,
      ids,
      ...(found.scored && ids.length > 0
        ? { scores: found.hits.map((h) => normalised(sortedScoreOf(h))) }
        : {}),
      hasMore: found.hasMore,
    };
  }

  /** The compact fields of decisions, from doc values as a compact page reads them (`compactSources`). */
  async compactHits(ids: readonly string[]): Promise<CompactHit[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    let found: Page;
    try {
      found = await this.page(
        {
          query: { ids: { values: wanted } },
          size: wanted.length,
          track_total_hits: false,
          ...fetchOf('compact'),
        },
        false,
      );
    } catch (error) {
      throw searchError(error);
    }
    const sources = await this.compactSources(found.hits);
    return sources.flatMap((source) => {
      if (source === null) return [];
      const { decision_id, court, canton, decision_date, language, docket_number, title } = hitOf(source);
      return [{ decision_id, court, canton, decision_date, language, docket_number, title }];
    });
  }

  private async run(request: SearchRequest, shape: HitShape): Promise<Found> {
    try {
      const filter = compileFilters(request.filters);
      // like Postgres: relevance without a query is newest first
      const order = request.sort === 'date_asc' ? 'asc' : 'desc';
      if (request.query === null) return await this.byDate(filter, request, order, shape);
      const groups = groupsFor(request.filters);
      const analyse = await this.analysis.prepare(groups, analysisTexts(request.query));
      const compiled = compileQueryDsl(request.query, groups, analyse);
      const must = [compiled.query];
      if (request.sort !== 'relevance') return await this.byDate([...filter, ...must], request, order, shape);
      return await this.byRelevance(must, filter, compiled.ownRefKeys, request, shape);
    } catch (error) {
      throw searchError(error);
    }
  }

  /**
   * Relevance: decisions that ARE a referenced decision first (rule 5), then by score. Own
   * decisions are fetched by a first query and the rest by a second one that excludes them, so
   * the order is exact whatever the scores. Only the first `candidatePool` hits of that order
   * are reachable (Postgres ranks the newest `candidatePool` matches instead; see the report).
   */
  private async byRelevance(
    must: Dsl[],
    filter: Dsl[],
    ownKeys: readonly string[],
    r: SearchRequest,
    shape: HitShape,
  ): Promise<Found> {
    const want = Math.max(0, Math.min(r.limit + 1, this.pool - r.offset));
    const body = (q: Dsl, from: number, size: number, track: number | boolean): Dsl => ({
      query: q,
      sort: RELEVANCE_SORT,
      from,
      size,
      track_total_hits: track,
      ...fetchOf(shape),
    });
    const page = (q: Dsl, from: number, size: number, track: number | boolean) =>
      this.page(body(q, from, size, track), true, filterOf(shape));
    let rows: Page['hits'];
    let total: number;
    let lowerBound: boolean;
    if (ownKeys.length === 0) {
      const p = await page({ bool: { must, filter } }, want > 0 ? r.offset : 0, want, this.countCap);
      ({ hits: rows, total, lowerBound } = p);
    } else {
      const own: Dsl = { terms: { ref_keys: ownKeys } };
      const ownQuery: Dsl = { bool: { must, filter: [...filter, own] } };
      const restQuery: Dsl = { bool: { must, filter, must_not: [own] } };
      let first: Page;
      let rest: Page;
      if (r.offset === 0 && want > 0) {
        // the first page: both parts start at 0, so one round trip asks for both
        const [ownPage, restPage] = await this.pages(
          [body(ownQuery, 0, want, true), body(restQuery, 0, want, this.countCap)],
          shape,
        );
        if (ownPage === undefined || restPage === undefined) throw new Error('msearch: missing responses');
        first = ownPage;
        rest = { ...restPage, hits: restPage.hits.slice(0, want - ownPage.hits.length) };
      } else {
        first = await page(ownQuery, want > 0 ? r.offset : 0, want, true);
        rest = await page(
          restQuery,
          Math.max(0, r.offset - first.total),
          want - first.hits.length,
          this.countCap,
        );
      }
      rows = [...first.hits, ...rest.hits];
      total = Math.min(first.total + rest.total, this.countCap);
      lowerBound = rest.lowerBound || first.total + rest.total > this.countCap;
    }
    return {
      total,
      totalIsLowerBound: lowerBound,
      hits: rows.slice(0, r.limit),
      scored: true,
      hasMore: rows.length > r.limit,
    };
  }

  /** Date order; pages beyond the result window are reached with search_after. */
  private async byDate(
    filter: Dsl[],
    r: SearchRequest,
    order: 'asc' | 'desc',
    shape: HitShape,
  ): Promise<Found> {
    const query: Dsl = { bool: { filter } };
    const sort = dateSort(order);
    const take = r.limit + 1;
    let result: Page;
    if (r.offset + take <= this.window) {
      result = await this.page(
        {
          query,
          sort,
          from: r.offset,
          size: take,
          track_total_hits: this.countCap,
          ...fetchOf(shape),
        },
        true,
        filterOf(shape),
      );
    } else {
      let after: unknown[] | undefined;
      let skipped = 0;
      while (skipped < r.offset) {
        const step = Math.min(WALK_STEP, this.window, r.offset - skipped);
        const p = await this.page(
          {
            query,
            sort,
            size: step,
            search_after: after,
            track_total_hits: false,
            // the walk needs only each hit's sort values: those of an id list
            ...fetchOf('ids'),
          },
          true,
          IDS_FILTER,
        );
        const last = p.hits[p.hits.length - 1];
        skipped += p.hits.length;
        if (last?.sort === undefined || p.hits.length < step) break;
        after = last.sort;
      }
      const size = skipped < r.offset ? 0 : take;
      result = await this.page(
        {
          query,
          sort,
          size,
          search_after: after,
          track_total_hits: this.countCap,
          ...fetchOf(shape),
        },
        true,
        filterOf(shape),
      );
    }
    return {
      total: result.total,
      totalIsLowerBound: result.lowerBound,
      hits: result.hits.slice(0, r.limit),
      scored: false,
      hasMore: result.hits.length > r.limit,
    };
  }

  /**
   * One search; `cached`: through the shard request cache (not for one-off id lists); `filter`:
   * what the response keeps.
   */
  private async page(body: Record<string, unknown>, cached = true, filter = HITS_FILTER): Promise<Page> {
    const res = await this.http.request('POST', `/${this.alias}/_search`, {
      body: emptyPageAtZero(body),
      querystring: { ...(cached ? REQUEST_CACHE : {}), filter_path: filter },
    });
    return pageOf(res.body as HitsBody);
  }

  /** Several searches in one `_msearch` round trip; any failed one fails the whole. */
  private async pages(bodies: readonly Record<string, unknown>[], shape: HitShape): Promise<Page[]> {
    const header = JSON.stringify({ index: this.alias, request_cache: true });
    const ndjson = `${bodies.map((b) => `${header}\n${JSON.stringify(emptyPageAtZero(b))}`).join('\n')}\n`;
    const res = (
      await this.http.request('POST', '/_msearch', {
        ndjson,
        querystring: { filter_path: shape === 'ids' ? MSEARCH_IDS_FILTER : MSEARCH_HITS_FILTER },
      })
    ).body as {
      responses: readonly (HitsBody & { error?: unknown; status?: number })[];
    };
    return res.responses.map((r) => {
      if (r.error !== undefined)
        throw new PartResponseError(r.status ?? 500, `msearch: ${JSON.stringify(r.error).slice(0, 500)}`);
      return pageOf(r);
    });
  }

  private async analyze(analyzer: string, text: string | string[]): Promise<readonly AnalyzeToken[]> {
    const res = await this.http.request('POST', `/${this.alias}/_analyze`, { body: { analyzer, text } });
    return (res.body as { tokens?: AnalyzeToken[] }).tokens ?? [];
  }
}
