import { Client } from '@opensearch-project/opensearch';
import type {
  DecisionSearchIndex,
  SearchDocument,
  SearchHit,
  SearchIndexWriter,
  SearchRequest,
  SearchResult,
  SearchWriteContext,
} from '../search.port.ts';
import {
  ANALYSIS_PROBE,
  type AnalysisMode,
  HIT_SOURCE_FIELDS,
  RELEVANCE_SORT,
  dateSort,
  hitOf,
  indexDefinition,
  indexDocument,
} from './index-layout.ts';
import { OpenSearchIndexError, isUnavailableStatus, operationError, searchError } from './opensearch-errors.ts';
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

interface HitsBody {
  readonly hits: {
    readonly total?: { readonly value: number; readonly relation: 'eq' | 'gte' };
    readonly hits: readonly { readonly _score?: number | null; readonly _source?: Record<string, string | null>; readonly sort?: unknown[] }[];
  };
}

interface BulkBody {
  readonly errors: boolean;
  readonly items: readonly Record<string, { readonly _id?: string; readonly status: number; readonly error?: { readonly type?: string; readonly reason?: string } }>[];
}

type Page = { hits: HitsBody['hits']['hits']; total: number; lowerBound: boolean };

const BULK_MAX_DOCS = 500;
const BULK_MAX_BYTES = 10 * 1024 * 1024;
/** Deep date pages beyond the result window are reached by walking with search_after in steps of this. */
const WALK_STEP = 5_000;
const warnedFallback = new Set<string>();

const consoleLogger: OpenSearchLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(`[opensearch] ${msg}`, obj),
};

/**
 * Decision search on OpenSearch, with the search semantics of the Postgres index (see
 * query-dsl-compiler.ts). Writes are idempotent and ordered: `_id` = decision id, external
 * version = event position. A rebuild writes a new generation, then `swapAliasTo` it.
 */
export class OpenSearchSearchIndex implements DecisionSearchIndex, SearchIndexWriter {
  readonly indexName: string;
  readonly alias: string;
  private readonly client: Client;
  private readonly countCap: number;
  private readonly pool: number;
  private readonly window: number;
  private readonly logger: OpenSearchLogger;
  private readonly analysis: QueryAnalysis;
  private mode: AnalysisMode | null = null;

  constructor(private readonly options: OpenSearchSearchOptions) {
    if (!/^[a-z0-9][a-z0-9_.-]*$/.test(options.indexPrefix)) {
      throw new OpenSearchIndexError('SEARCH_INIT_FAILED', `invalid index prefix: ${options.indexPrefix}`);
    }
    this.alias = `${options.indexPrefix}-decisions`;
    this.indexName = this.generationIndex(options.generation ?? 1);
    this.countCap = options.countCap ?? 10_000;
    this.pool = options.candidatePool ?? 10_000;
    // from + size of any relevance page stays within the pool; date pages walk beyond
    this.window = Math.max(this.countCap, this.pool) + 2_001;
    this.logger = options.logger ?? consoleLogger;
    this.client = new Client({ node: options.node, requestTimeout: options.requestTimeoutMs ?? 30_000, maxRetries: 2 });
    this.analysis = new QueryAnalysis((analyzer, text) => this.analyze(analyzer, text));
  }

  /** The concrete index of a generation. */
  generationIndex(generation: number): string {
    if (!Number.isInteger(generation) || generation < 1) throw new OpenSearchIndexError('SEARCH_INIT_FAILED', `invalid generation ${generation}`);
    return `${this.options.indexPrefix}-decisions-v${generation}`;
  }

  /** Probes the analysers, creates this generation's index if missing and the alias if missing. */
  async init(): Promise<void> {
    try {
      const mode = await this.probeAnalysis();
      this.mode = mode;
      const exists = (await this.call('HEAD', `/${this.indexName}`, undefined, [404])).status === 200;
      if (!exists) {
        const aliased = (await this.aliasTargets()).length > 0;
        const def = indexDefinition({
          mode, shards: this.options.shards ?? 1, replicas: this.options.replicas ?? 0, maxResultWindow: this.window,
        });
        const created = await this.call('PUT', `/${this.indexName}`, { ...def, ...(aliased ? {} : { aliases: { [this.alias]: {} } }) }, [400]);
        const type = (created.body as { error?: { type?: string } }).error?.type;
        if (created.status === 400 && type !== 'resource_already_exists_exception') {
          throw new OpenSearchIndexError('SEARCH_INIT_FAILED', `creating ${this.indexName}: ${JSON.stringify(created.body)}`);
        }
        this.logger.info({ index: this.indexName, analysis: mode }, 'created the decision search index');
      } else {
        await this.checkExisting(mode);
      }
      if ((await this.aliasTargets()).length === 0) {
        await this.call('POST', '/_aliases', { actions: [{ add: { index: this.indexName, alias: this.alias } }] });
      }
    } catch (error) {
      throw operationError(error, `init of ${this.indexName}`, 'SEARCH_INIT_FAILED');
    }
  }

  /** The analysis the index of this instance uses (after `init`). */
  get analysisMode(): AnalysisMode | null {
    return this.mode;
  }

  /** Points the read alias at `generation` in one atomic `_aliases` request. */
  async swapAliasTo(generation: number): Promise<void> {
    const target = this.generationIndex(generation);
    try {
      const actions: unknown[] = (await this.aliasTargets())
        .filter((index) => index !== target)
        .map((index) => ({ remove: { index, alias: this.alias } }));
      actions.push({ add: { index: target, alias: this.alias } });
      await this.call('POST', '/_aliases', { actions });
      this.analysis.clear();
      this.logger.info({ alias: this.alias, index: target }, 'read alias swapped');
    } catch (error) {
      throw operationError(error, `swapping ${this.alias} to ${target}`, 'SEARCH_INIT_FAILED');
    }
  }

  /** Deletes a generation's index; refuses the one the alias points at. */
  async dropGeneration(generation: number): Promise<void> {
    const target = this.generationIndex(generation);
    try {
      if ((await this.aliasTargets()).includes(target)) {
        throw new OpenSearchIndexError('SEARCH_GENERATION_IN_USE', `${target} is behind ${this.alias}; swap first`);
      }
      await this.call('DELETE', `/${target}`, undefined, [404]);
    } catch (error) {
      throw operationError(error, `dropping ${target}`, 'SEARCH_INIT_FAILED');
    }
  }

  /** The generation the read alias points at, or null when there is no alias yet. */
  async liveGeneration(): Promise<number | null> {
    try {
      const [index] = await this.aliasTargets();
      const m = index === undefined ? null : /-v(\d+)$/.exec(index);
      return m?.[1] === undefined ? null : Number(m[1]);
    } catch (error) {
      throw operationError(error, `reading ${this.alias}`, 'SEARCH_INIT_FAILED');
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async upsert(docs: readonly { doc: SearchDocument; position: number }[], _ctx: SearchWriteContext): Promise<void> {
    let lines: string[] = [];
    let count = 0;
    let bytes = 0;
    for (const { doc, position } of docs) {
      const action = JSON.stringify({
        index: { _index: this.indexName, _id: doc.decision_id, version: position, version_type: 'external_gte' },
      });
      const source = JSON.stringify(indexDocument(doc, position));
      const size = Buffer.byteLength(action) + Buffer.byteLength(source) + 2;
      if (count > 0 && (count >= BULK_MAX_DOCS || bytes + size > BULK_MAX_BYTES)) {
        await this.bulk(lines);
        lines = [];
        count = 0;
        bytes = 0;
      }
      lines.push(action, source);
      count++;
      bytes += size;
    }
    if (count > 0) await this.bulk(lines);
  }

  private async bulk(lines: readonly string[]): Promise<void> {
    let body: BulkBody;
    try {
      const refresh = this.options.refresh ?? false;
      const querystring = refresh === false ? undefined : { refresh: String(refresh) };
      body = (await this.call('POST', '/_bulk', undefined, undefined, `${lines.join('\n')}\n`, querystring)).body as BulkBody;
    } catch (error) {
      throw operationError(error, 'bulk write', 'SEARCH_WRITE_REJECTED');
    }
    if (!body.errors) return;
    const failures = body.items
      .map((item) => Object.values(item)[0])
      // 409: a newer position is already indexed (external versioning): nothing to do
      .filter((r): r is NonNullable<typeof r> => r !== undefined && r.status >= 300 && r.status !== 409);
    if (failures.length === 0) return;
    const describe = failures.slice(0, 5).map((f) => `${f._id}: ${f.status} ${f.error?.type ?? ''} ${f.error?.reason ?? ''}`).join('; ');
    const transient = failures.every((f) => isUnavailableStatus(f.status));
    throw new OpenSearchIndexError(
      transient ? 'SEARCH_UNAVAILABLE' : 'SEARCH_WRITE_REJECTED',
      `bulk write: ${failures.length} document(s) failed: ${describe}`,
    );
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    try {
      return await this.run(request);
    } catch (error) {
      throw searchError(error);
    }
  }

  private async run(request: SearchRequest): Promise<SearchResult> {
    const filter = compileFilters(request.filters);
    // like Postgres: relevance without a query is newest first
    const order = request.sort === 'date_asc' ? 'asc' : 'desc';
    if (request.query === null) return this.byDate(filter, request, order);
    const groups = groupsFor(request.filters);
    const analyse = await this.analysis.prepare(groups, analysisTexts(request.query));
    const compiled = compileQueryDsl(request.query, groups, analyse);
    const must = [compiled.query];
    if (request.sort !== 'relevance') return this.byDate([...filter, ...must], request, order);
    return this.byRelevance(must, filter, compiled.ownRefKeys, request);
  }

  /**
   * Relevance: decisions that ARE a referenced decision first (rule 5), then by score. Own
   * decisions are fetched by a first query and the rest by a second one that excludes them, so
   * the order is exact whatever the scores. Only the first `candidatePool` hits of that order
   * are reachable (Postgres ranks the newest `candidatePool` matches instead; see the report).
   */
  private async byRelevance(must: Dsl[], filter: Dsl[], ownKeys: readonly string[], r: SearchRequest): Promise<SearchResult> {
    const want = Math.max(0, Math.min(r.limit + 1, this.pool - r.offset));
    const page = (q: Dsl, from: number, size: number, track: number | boolean) =>
      this.page({ query: q, sort: RELEVANCE_SORT, from, size, track_total_hits: track, _source: HIT_SOURCE_FIELDS });
    let rows: Page['hits'];
    let total: number;
    let lowerBound: boolean;
    if (ownKeys.length === 0) {
      const p = await page({ bool: { must, filter } }, want > 0 ? r.offset : 0, want, this.countCap);
      ({ hits: rows, total, lowerBound } = p);
    } else {
      const own: Dsl = { terms: { ref_keys: ownKeys } };
      const first = await page({ bool: { must, filter: [...filter, own] } }, want > 0 ? r.offset : 0, want, true);
      const rest = await page(
        { bool: { must, filter, must_not: [own] } },
        Math.max(0, r.offset - first.total),
        want - first.hits.length,
        this.countCap,
      );
      rows = [...first.hits, ...rest.hits];
      total = Math.min(first.total + rest.total, this.countCap);
      lowerBound = rest.lowerBound || first.total + rest.total > this.countCap;
    }
    const hits = rows.slice(0, r.limit).map((h) => {
      const s = h._score ?? 0;
      return hitOf(h._source ?? {}, s > 0 ? s / (s + 1) : 0);
    });
    return { total, totalIsLowerBound: lowerBound, hits, hasMore: rows.length > r.limit };
  }

  /** Date order; pages beyond the result window are reached with search_after. */
  private async byDate(filter: Dsl[], r: SearchRequest, order: 'asc' | 'desc'): Promise<SearchResult> {
    const query: Dsl = { bool: { filter } };
    const sort = dateSort(order);
    const take = r.limit + 1;
    let result: Page;
    if (r.offset + take <= this.window) {
      result = await this.page({ query, sort, from: r.offset, size: take, track_total_hits: this.countCap, _source: HIT_SOURCE_FIELDS });
    } else {
      let after: unknown[] | undefined;
      let skipped = 0;
      while (skipped < r.offset) {
        const step = Math.min(WALK_STEP, this.window, r.offset - skipped);
        const p = await this.page({ query, sort, size: step, search_after: after, track_total_hits: false, _source: false });
        const last = p.hits[p.hits.length - 1];
        skipped += p.hits.length;
        if (last?.sort === undefined || p.hits.length < step) break;
        after = last.sort;
      }
      const size = skipped < r.offset ? 0 : take;
      result = await this.page({ query, sort, size, search_after: after, track_total_hits: this.countCap, _source: HIT_SOURCE_FIELDS });
    }
    const hits: SearchHit[] = result.hits.slice(0, r.limit).map((h) => hitOf(h._source ?? {}));
    return { total: result.total, totalIsLowerBound: result.lowerBound, hits, hasMore: result.hits.length > r.limit };
  }

  private async page(body: Record<string, unknown>): Promise<Page> {
    // an empty page only counts: start at 0 so that no offset can exceed the result window
    if (body['size'] === 0) body = { ...body, from: 0, search_after: undefined };
    const res = (await this.call('POST', `/${this.alias}/_search`, body)).body as HitsBody;
    const t = res.hits.total;
    return { hits: res.hits.hits, total: t?.value ?? 0, lowerBound: t?.relation === 'gte' };
  }

  private async analyze(analyzer: string, text: string | string[]): Promise<readonly AnalyzeToken[]> {
    const res = await this.call('POST', `/${this.alias}/_analyze`, { analyzer, text });
    return (res.body as { tokens?: AnalyzeToken[] }).tokens ?? [];
  }

  /** Whether the node has analysis-common (language analysers), logged once per node when not. */
  private async probeAnalysis(): Promise<AnalysisMode> {
    const res = await this.call('POST', '/_analyze', ANALYSIS_PROBE.request, [400]);
    const tokens = ((res.body as { tokens?: AnalyzeToken[] }).tokens ?? []).map((t) => t.token);
    if (res.status === 200 && JSON.stringify(tokens) === JSON.stringify(ANALYSIS_PROBE.expectedTokens)) {
      this.logger.info({ node: this.options.node, analysis: 'language' }, 'OpenSearch has analysis-common: german/french/italian snowball analysers');
      return 'language';
    }
    if (!warnedFallback.has(this.options.node)) {
      warnedFallback.add(this.options.node);
      this.logger.warn(
        { node: this.options.node, analysis: 'standard-fallback', probe: res.body },
        'OpenSearch lacks the analysis-common module: indexing with the built-in standard analyser (stop words, no stemming); searches will not find inflected forms',
      );
    }
    return 'standard-fallback';
  }

  private async checkExisting(mode: AnalysisMode): Promise<void> {
    const res = await this.call('GET', `/${this.indexName}/_mapping`);
    const mapping = Object.values(res.body as Record<string, { mappings?: { _meta?: { analysis?: string } } }>)[0];
    const built = mapping?.mappings?._meta?.analysis;
    if (built !== mode) {
      this.logger.warn({ index: this.indexName, built, available: mode }, 'index analysis differs from what the node offers now: rebuild into a new generation');
    }
    await this.call('PUT', `/${this.indexName}/_settings`, { index: { max_result_window: this.window } });
  }

  private async aliasTargets(): Promise<string[]> {
    const res = await this.call('GET', `/_alias/${this.alias}`, undefined, [404]);
    return res.status === 404 ? [] : Object.keys(res.body as object);
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
    ignore?: number[],
    bulkBody?: string,
    querystring?: Record<string, string>,
  ): Promise<{ status: number; body: unknown }> {
    const res = await this.client.transport.request(
      { method, path, ...(body === undefined ? {} : { body: body as Record<string, unknown> }), ...(bulkBody ? { bulkBody } : {}), ...(querystring ? { querystring } : {}) },
      ignore ? { ignore } : {},
    );
    return { status: res.statusCode ?? 0, body: res.body as unknown };
  }
}

