import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseQuery } from '../../contracts/search/query-parser.ts';
import {
  NO_TRANSACTION,
  deleteIndices,
  localScriptOpenSearch,
  openSearchSearchFixture,
  openSearchTestUrl,
  uniqueIndexPrefix,
} from '../../test/support/opensearch-engine.ts';
import { CORPUS, searchConformance } from '../../test/support/search.suite.ts';
import { OpenSearchIndexError } from './opensearch/opensearch-errors.ts';
import { type OpenSearchLogger, OpenSearchSearchIndex } from './opensearch/opensearch-search-index.ts';
import {
  COMPACT_HIT_FIELDS,
  type SearchDocument,
  type SearchRequest,
  SearchUnavailableError,
} from './search.port.ts';
import { indexDefinition, indexDocument } from './opensearch/index-layout.ts';

const FILE_PREFIX = uniqueIndexPrefix('t-os');
let opened = 0;
const nextPrefix = (what: string) => `${FILE_PREFIX}-${what}${++opened}`;

searchConformance('OpenSearch', async (limits) => {
  const url = await openSearchTestUrl();
  if (!url) return null;
  return openSearchSearchFixture(url, nextPrefix('c'), limits);
});

// ---------------------------------------------------------------------------------------------
// OpenSearch specifics

const quiet: OpenSearchLogger = { info: () => undefined, warn: () => undefined };

function docOf(id: string, date: string | null, words = 'Vertrag'): SearchDocument {
  return {
    decision_id: id,
    court: 'bger',
    canton: 'CH',
    chamber: null,
    decision_type: 'Urteil',
    decision_date: date,
    language: 'de',
    docket_number: id,
    title: `Titel ${id}`,
    regeste: null,
    rule_statement: '',
    full_text: words,
    ref_keys: [id],
  };
}

function request(query: string, extra: Partial<SearchRequest> = {}): SearchRequest {
  const parsed = parseQuery(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { query: parsed.ast, filters: {}, sort: 'date_desc', limit: 100, offset: 0, ...extra };
}

/** Every `code` along an error's cause chain (what the projector's isRetriable looks at). */
function codesOf(error: unknown): string[] {
  const out: string[] = [];
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') out.push(e.code);
  }
  return out;
}

async function rejectionOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * A search that failed as a failed request does: unavailable (`SearchUnavailableError`), or refused
 * (`OpenSearchIndexError` SEARCH_QUERY_FAILED).
 */
async function expectFailedSearch(
  search: Promise<unknown>,
  expected: typeof SearchUnavailableError | typeof OpenSearchIndexError,
): Promise<void> {
  const error = await rejectionOf(search);
  expect(error).toBeInstanceOf(expected);
  if (error instanceof OpenSearchIndexError) expect(error.code).toBe('SEARCH_QUERY_FAILED');
}

/** An index on a node that is not the test node (a fake, or none), failing fast. */
const indexAt = (node: string, indexPrefix: string): OpenSearchSearchIndex =>
  new OpenSearchSearchIndex({ node, indexPrefix, logger: quiet, requestTimeoutMs: 2_000 });

/**
 * Runs `use` against an index on a local fake node: `answer` gets each request's path (query
 * string included) once its body is read and answers it (JSON content type set).
 */
async function withFakeNode(
  answer: (url: string, res: ServerResponse) => void,
  use: (index: OpenSearchSearchIndex) => Promise<void>,
): Promise<void> {
  const { server, url } = await listen((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      answer(req.url ?? '', res);
    });
  });
  const index = indexAt(url, 'fake');
  try {
    await use(index);
  } finally {
    await index.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('OpenSearch search index', () => {
  let url: string | null = null;
  const prefixes: string[] = [];
  const instances: OpenSearchSearchIndex[] = [];

  function open(
    options: {
      generation?: number;
      countCap?: number;
      candidatePool?: number;
      logger?: OpenSearchLogger;
      prefix?: string;
    } = {},
  ) {
    const indexPrefix = options.prefix ?? nextPrefix('s');
    if (!prefixes.includes(indexPrefix)) prefixes.push(indexPrefix);
    const index = new OpenSearchSearchIndex({
      node: url!,
      indexPrefix,
      refresh: 'wait_for',
      logger: quiet,
      ...options,
    });
    instances.push(index);
    return index;
  }

  beforeAll(async () => {
    url = await openSearchTestUrl();
  });
  beforeEach((ctx) => {
    if (!url) ctx.skip();
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    if (url) for (const p of prefixes) await deleteIndices(url, p);
  });

  it('probes the node for the language analysers and says which it uses', async () => {
    const logged: { level: string; obj: object; msg: string }[] = [];
    const logger: OpenSearchLogger = {
      info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
      warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
    };
    const index = open({ logger });
    await index.init();
    const plugins = (await (await fetch(`${url}/_nodes/plugins`)).json()) as {
      nodes: Record<string, { modules?: { name: string }[]; plugins?: { name: string }[] }>;
    };
    const names = Object.values(plugins.nodes).flatMap((n) =>
      [...(n.modules ?? []), ...(n.plugins ?? [])].map((m) => m.name),
    );
    const expected = names.includes('analysis-common') ? 'language' : 'standard-fallback';
    expect(index.analysisMode).toBe(expected);
    const probe = logged.find((l) => 'analysis' in l.obj);
    expect(probe?.obj).toMatchObject({ analysis: expected });
    expect(probe?.level).toBe(expected === 'language' ? 'info' : 'warn');
    process.stderr.write(`OpenSearch analysis probe at ${url}: ${expected} (${probe?.msg})\n`);
    // the index records what it was built with
    const mapping = (await (await fetch(`${url}/${index.indexName}/_mapping`)).json()) as Record<
      string,
      { mappings: { _meta: object } }
    >;
    expect(mapping[index.indexName]?.mappings._meta).toMatchObject({ analysis: expected });
    // a second init of the same generation is a no-op
    await index.init();
  });

  it('falls back to the standard analyser (warning once) when the node lacks analysis-common', async () => {
    // a proxy to the real node that answers the probe like a node without analysis-common
    const { server, url: proxy } = await listen((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          res.setHeader('content-type', 'application/json');
          if (req.method === 'POST' && req.url?.split('?')[0] === '/_analyze') {
            res.statusCode = 400;
            res.end(
              JSON.stringify({
                error: {
                  type: 'illegal_argument_exception',
                  reason: 'failed to find filter type [snowball]',
                },
                status: 400,
              }),
            );
            return;
          }
          const body = Buffer.concat(chunks);
          const upstream = await fetch(`${url}${req.url}`, {
            method: req.method ?? 'GET',
            headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
            ...(body.length > 0 ? { body } : {}),
          });
          res.statusCode = upstream.status;
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })();
      });
    });
    const warnings: object[] = [];
    const logger: OpenSearchLogger = { info: () => undefined, warn: (obj) => warnings.push(obj) };
    const prefix = nextPrefix('f');
    prefixes.push(prefix);
    const index = new OpenSearchSearchIndex({
      node: proxy,
      indexPrefix: prefix,
      refresh: 'wait_for',
      logger,
    });
    try {
      await index.init();
      await index.init();
      expect(index.analysisMode).toBe('standard-fallback');
      expect(warnings.filter((w) => 'analysis' in w)).toEqual([
        expect.objectContaining({ analysis: 'standard-fallback' }),
      ]);
      await index.upsert([{ doc: CORPUS[0]!, position: 1 }], NO_TRANSACTION);
      // no stemming, but lower-casing and the stop words of the language still apply
      expect((await index.search(request('KÜNDIGUNG'))).total).toBe(1);
      expect((await index.search(request('Kündigungen'))).total).toBe(0);
      expect((await index.search(request('der Mietvertrag'))).total).toBe(1);
    } finally {
      await index.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('versions externally by position: redelivery is harmless, an older position never wins', async () => {
    const index = open();
    await index.init();
    const doc = docOf('bger_1A_1_2020', '2020-01-01', 'Erstfassung');
    await index.upsert([{ doc, position: 10 }], NO_TRANSACTION);
    await index.upsert([{ doc, position: 10 }], NO_TRANSACTION);
    await index.upsert([{ doc: { ...doc, full_text: 'Altfassung' }, position: 9 }], NO_TRANSACTION);
    const stored = (await (await fetch(`${url}/${index.indexName}/_doc/bger_1A_1_2020`)).json()) as {
      _version: number;
    };
    expect(stored._version).toBe(10);
    expect((await index.search(request('Erstfassung'))).total).toBe(1);
    expect((await index.search(request('Altfassung'))).total).toBe(0);
    // the full text is indexed but not kept in _source
    expect(JSON.stringify(stored)).not.toContain('Erstfassung');
  });

  it('fails a batch with the reason of a refused document, as not retriable', async () => {
    const index = open();
    await index.init();
    const error = await rejectionOf(
      index.upsert(
        [
          { doc: docOf('bger_1A_2_2020', '2020-01-02'), position: 1 },
          { doc: docOf('bger_1A_3_2020', 'kein Datum'), position: 2 },
        ],
        NO_TRANSACTION,
      ),
    );
    expect(error).toBeInstanceOf(OpenSearchIndexError);
    expect((error as OpenSearchIndexError).code).toBe('SEARCH_WRITE_REJECTED');
    expect((error as Error).message).toMatch(/bger_1A_3_2020: 400 \w*parsing_exception/);
    expect(codesOf(error)).not.toContain('SEARCH_UNAVAILABLE');
  });

  describe('large result sets (countCap 5, candidatePool 8: result window 2009)', () => {
    const N = 2_300;
    const docs: SearchDocument[] = [];
    for (let i = 0; i < N; i++) {
      const day = i % 400;
      const date = i % 97 === 0 ? null : new Date(Date.UTC(2000, 0, 1 + day)).toISOString().slice(0, 10);
      docs.push(docOf(`t_${String(i).padStart(5, '0')}`, date));
    }
    const order = (dir: 1 | -1) =>
      [...docs]
        .sort((a, b) => {
          if (a.decision_date !== b.decision_date) {
            if (a.decision_date === null) return 1;
            if (b.decision_date === null) return -1;
            return a.decision_date < b.decision_date ? -dir : dir;
          }
          return a.decision_id < b.decision_id ? -dir : dir;
        })
        .map((d) => d.decision_id);
    let index: OpenSearchSearchIndex;

    beforeAll(async () => {
      if (!url) return;
      index = open({ countCap: 5, candidatePool: 8 });
      await index.init();
      // 2 300 documents in one call: five bulk requests of at most 500
      await index.upsert(
        docs.map((doc, i) => ({ doc, position: i + 1 })),
        NO_TRANSACTION,
      );
    });

    it.each([
      ['date_desc', 1_980, 20],
      ['date_desc', 2_000, 20],
      ['date_desc', 2_290, 50],
      ['date_asc', 2_100, 7],
      ['date_asc', 5_000, 7],
      ['date_desc', N, 1],
    ] as const)('%s offset %i limit %i is a slice of the full order', async (sort, offset, limit) => {
      const page = await index.search(request('Vertrag', { sort, offset, limit }));
      const expected = order(sort === 'date_asc' ? 1 : -1).slice(offset, offset + limit);
      expect(page.hits.map((h) => h.decision_id)).toEqual(expected);
      expect(page.hasMore).toBe(offset + limit < N);
      expect(page.total).toBe(5);
      expect(page.totalIsLowerBound).toBe(true);
    });

    it('ends relevance pages at the candidate pool', async () => {
      const inPool = await index.search(request('Vertrag', { sort: 'relevance', offset: 4, limit: 10 }));
      expect(inPool.hits).toHaveLength(4);
      expect(inPool.hasMore).toBe(false);
      const beyond = await index.search(
        request('Vertrag', { sort: 'relevance', offset: 100_000, limit: 10 }),
      );
      expect(beyond).toEqual({ total: 5, totalIsLowerBound: true, hits: [], hasMore: false });
    });
  });

  it('reads through the alias: a new generation is invisible until the swap', async () => {
    const prefix = nextPrefix('a');
    const v1 = open({ prefix, generation: 1 });
    await v1.init();
    await v1.upsert(
      [{ doc: docOf('bger_1A_10_2020', '2020-01-10', 'Altbestand'), position: 1 }],
      NO_TRANSACTION,
    );
    const v2 = open({ prefix, generation: 2 });
    await v2.init();
    await v2.upsert([{ doc: docOf('bger_1A_11_2020', '2020-01-11', 'Neubau'), position: 1 }], NO_TRANSACTION);
    const seen = async (index: OpenSearchSearchIndex) =>
      (await index.search(request(''))).hits.map((h) => h.decision_id);

    expect(await v1.liveGeneration()).toBe(1);
    expect(await seen(v1)).toEqual(['bger_1A_10_2020']);
    expect(await seen(v2)).toEqual(['bger_1A_10_2020']);
    expect((await v2.search(request('Neubau'))).total).toBe(0);

    await v2.swapAliasTo(2);
    expect(await v1.liveGeneration()).toBe(2);
    expect(await seen(v1)).toEqual(['bger_1A_11_2020']);
    expect((await v1.search(request('Neubau'))).total).toBe(1);

    const inUse = await rejectionOf(v2.dropGeneration(2));
    expect((inUse as OpenSearchIndexError).code).toBe('SEARCH_GENERATION_IN_USE');
    await v2.dropGeneration(1);
    expect((await fetch(`${url}/${v1.indexName}`, { method: 'HEAD' })).status).toBe(404);
    expect(await seen(v2)).toEqual(['bger_1A_11_2020']);
  });

  it('reads compact pages from doc values and id lists from sort values; a title too long for one comes from _source', async () => {
    const index = open();
    await index.init();
    // 9,000 characters of two bytes each: beyond what a doc value holds
    const long = `Haftung ${'ü'.repeat(9_000)}`;
    await index.upsert(
      [
        { doc: { ...docOf('bger_1A_20_2020', '2020-01-20', 'Haftung'), title: long }, position: 1 },
        {
          doc: { ...docOf('bger_1A_21_2020', null, 'Haftung'), title: 'Haftung « du fait » des choses' },
          position: 2,
        },
        { doc: { ...docOf('bger_1A_22_2020', '1969-12-31', 'Haftung'), title: '' }, position: 3 },
      ],
      NO_TRANSACTION,
    );
    for (const sort of ['relevance', 'date_desc'] as const) {
      const full = await index.search(request('Haftung', { sort }));
      const compact = await index.search(request('Haftung', { sort, compact: true }));
      expect(
        compact.hits.map((h) => h.decision_id),
        sort,
      ).toEqual(full.hits.map((h) => h.decision_id));
      expect(full.hits).toHaveLength(3);
      for (const [i, hit] of compact.hits.entries()) {
        const whole = full.hits[i]!;
        for (const field of COMPACT_HIT_FIELDS) expect(hit[field], `${sort} ${field}`).toEqual(whole[field]);
        expect(hit.score).toBe(whole.score);
      }
      expect(compact.hits.find((h) => h.decision_id === 'bger_1A_20_2020')?.title).toBe(long);
      expect((await index.searchIds(request('Haftung', { sort }))).ids).toEqual(
        full.hits.map((h) => h.decision_id),
      );
    }
  });

  it('puts fields added to the layout on an index built before them; their older documents read from _source', async () => {
    const prefix = nextPrefix('l');
    const older = `${prefix}-decisions-v1`;
    // the index as the layout was before the title's doc-value copy
    const probe = open({ prefix: nextPrefix('p') });
    await probe.init();
    const definition = indexDefinition({
      mode: probe.analysisMode!,
      shards: 1,
      replicas: 0,
      maxResultWindow: 20_000,
    }) as { mappings: { properties: Record<string, unknown> } };
    const { title_value: added, ...properties } = definition.mappings.properties;
    expect(added).toBeDefined();
    const created = await fetch(`${url}/${older}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...definition,
        mappings: { ...definition.mappings, properties, _source: { excludes: ['t_*'] } },
        aliases: { [`${prefix}-decisions`]: {} },
      }),
    });
    expect(created.status).toBe(200);
    const { title_value: _none, ...oldShape } = indexDocument(
      docOf('bger_1A_30_2020', '2020-01-30', 'Bestand'),
      1,
    );
    const put = await fetch(`${url}/${older}/_doc/bger_1A_30_2020?refresh=true`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(oldShape),
    });
    expect(put.status).toBe(201);

    const index = open({ prefix, generation: 1 });
    await index.init();
    // a write of the current shape is accepted there
    await index.upsert(
      [{ doc: docOf('bger_1A_31_2020', '2020-01-31', 'Bestand'), position: 2 }],
      NO_TRANSACTION,
    );
    const compact = await index.search(request('Bestand', { compact: true }));
    expect(compact.hits.map((h) => [h.decision_id, h.title])).toEqual([
      ['bger_1A_31_2020', 'Titel bger_1A_31_2020'],
      ['bger_1A_30_2020', 'Titel bger_1A_30_2020'],
    ]);
  });

  it('answers a burst of new queries at once: their analyses wait their turn instead of overflowing the node', async () => {
    // OpenSearch answers `_analyze` on one thread with a queue of 16 and refuses the rest (429);
    // each new query is analysed in every language group, so a few at once used to fail
    const index = open();
    await index.init();
    await index.upsert(
      [{ doc: docOf('bger_1A_40_2020', '2020-02-01', 'Vertrag Miete Pacht'), position: 1 }],
      NO_TRANSACTION,
    );
    const queries = Array.from({ length: 48 }, (_, i) => `Vertrag OR "Miete Nummer${i}" OR Pacht${i}*`);
    const results = await Promise.allSettled(
      queries.map((q) => index.search(request(q, { sort: 'relevance' }))),
    );
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failed).toEqual([]);
    for (const r of results)
      if (r.status === 'fulfilled')
        expect(r.value.hits.map((h) => h.decision_id)).toEqual(['bger_1A_40_2020']);
  });

  it('answers SearchUnavailableError for a missing alias (nothing initialised yet)', async () => {
    const index = open();
    await expect(index.search(request('Vertrag'))).rejects.toBeInstanceOf(SearchUnavailableError);
  });
});

describe('OpenSearch search index: unavailable node', () => {
  const doc = CORPUS[0]!;

  it('connection refused: search throws SearchUnavailableError, upsert a retriable error (ECONNREFUSED)', async () => {
    const { server, url } = await listen(() => undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const index = indexAt(url, 'unreachable');
    try {
      const searchError = await rejectionOf(index.search(request('Vertrag')));
      expect(searchError).toBeInstanceOf(SearchUnavailableError);
      expect(codesOf(searchError)).toEqual(['SEARCH_UNAVAILABLE', 'ECONNREFUSED']);
      const writeError = await rejectionOf(index.upsert([{ doc, position: 1 }], NO_TRANSACTION));
      expect(codesOf(writeError)).toEqual(['SEARCH_UNAVAILABLE', 'ECONNREFUSED']);
      await expect(index.init()).rejects.toMatchObject({ code: 'SEARCH_UNAVAILABLE' });
    } finally {
      await index.close();
    }
  });

  it.each([
    ['429', 429, SearchUnavailableError],
    ['400', 400, OpenSearchIndexError],
  ] as const)(
    'a failed part of the own-reference _msearch (%s) fails the search like a failed request',
    async (_what, partStatus, expected) => {
      const hits = { total: { value: 0, relation: 'eq' }, hits: [] };
      await withFakeNode(
        (url, res) => {
          if (url.includes('/_analyze')) res.end(JSON.stringify({ tokens: [] }));
          else
            res.end(
              JSON.stringify({
                responses: [
                  { hits, status: 200 },
                  { error: { type: 'x', reason: 'part' }, status: partStatus },
                ],
              }),
            );
        },
        async (index) => {
          await expectFailedSearch(index.search(request('4A_100/2020', { sort: 'relevance' })), expected);
        },
      );
    },
  );

  it.each([
    ['503', 503, SearchUnavailableError],
    ['400', 400, OpenSearchIndexError],
  ] as const)(
    'a failed _mget of the titles of a compact page (%s) fails the search like a failed search',
    async (_what, status, expected) => {
      // a hit without the title's doc-value copy: its title is read by _mget
      const fields = { decision_id: [doc.decision_id], court: [doc.court] };
      const hits = { total: { value: 1, relation: 'eq' }, hits: [{ _score: 1, fields }] };
      const requested: string[] = [];
      await withFakeNode(
        (url, res) => {
          requested.push(url.split('?')[0]!);
          if (url.includes('/_analyze')) res.end(JSON.stringify({ tokens: [] }));
          else if (url.includes('/_mget')) {
            res.statusCode = status;
            res.end(JSON.stringify({ error: { type: 'x', reason: 'mget' }, status }));
          } else if (url.startsWith('/_msearch'))
            res.end(
              JSON.stringify({
                responses: [
                  { hits, status: 200 },
                  { hits, status: 200 },
                ],
              }),
            );
          else res.end(JSON.stringify({ hits }));
        },
        async (index) => {
          await expectFailedSearch(index.search(request('Vertrag', { compact: true })), expected);
          expect(requested).toContain('/fake-decisions/_mget');
        },
      );
    },
  );

  it.each([
    ['503 for every request', 503, null],
    ['429 for every request', 429, null],
    ['bulk items rejected with 429', 200, 429],
    ['bulk items rejected with 503', 200, 503],
  ] as const)('%s: SEARCH_UNAVAILABLE', async (_what, status, itemStatus) => {
    await withFakeNode(
      (url, res) => {
        res.statusCode = status;
        if (itemStatus !== null && url.startsWith('/_bulk')) {
          res.end(
            JSON.stringify({
              errors: true,
              items: [
                { index: { _id: doc.decision_id, status: itemStatus, error: { type: 'x', reason: 'busy' } } },
              ],
            }),
          );
        } else {
          res.end(JSON.stringify({ error: { type: 'unavailable', reason: 'test' }, status }));
        }
      },
      async (index) => {
        const writeError = await rejectionOf(index.upsert([{ doc, position: 1 }], NO_TRANSACTION));
        expect(writeError).toBeInstanceOf(OpenSearchIndexError);
        expect((writeError as OpenSearchIndexError).code).toBe('SEARCH_UNAVAILABLE');
        if (itemStatus === null)
          await expect(index.search(request('Vertrag'))).rejects.toBeInstanceOf(SearchUnavailableError);
      },
    );
  });
});

describe('OpenSearch search index: the local node stops and starts again', () => {
  let url: string | null = null;
  let control: ReturnType<typeof localScriptOpenSearch> = null;
  beforeAll(async () => {
    url = await openSearchTestUrl();
    control = url ? localScriptOpenSearch(url) : null;
    if (url && !control) {
      process.stderr.write(
        `OpenSearch stop/start test skipped: ${url} is not the node of infra/local/engines.sh\n`,
      );
    }
  });

  it('throws SearchUnavailableError / a retriable write error while down, and works again after the restart', async (ctx) => {
    if (!url || !control) return ctx.skip();
    const fixture = await openSearchSearchFixture(url, nextPrefix('r'));
    try {
      await fixture.load(CORPUS.slice(0, 3));
      await control.stop();
      try {
        await expect(fixture.index.search(request('Kündigung'))).rejects.toBeInstanceOf(
          SearchUnavailableError,
        );
        const writeError = await rejectionOf(
          fixture.index.upsert([{ doc: CORPUS[3]!, position: 100 }], NO_TRANSACTION),
        );
        expect(codesOf(writeError)).toEqual(['SEARCH_UNAVAILABLE', 'ECONNREFUSED']);
      } finally {
        await control.start();
      }
      await fixture.index.upsert([{ doc: CORPUS[3]!, position: 100 }], NO_TRANSACTION);
      const after = await fixture.index.search(request(''));
      expect(after.hits.map((h) => h.decision_id).sort()).toEqual(
        CORPUS.slice(0, 4)
          .map((d) => d.decision_id)
          .sort(),
      );
    } finally {
      await fixture.close();
    }
  }, 400_000);
});
