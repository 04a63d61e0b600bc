/**
 * Commentary search as distributed mode runs it: the bundled commentary sample projected into
 * PostgreSQL and the OpenSearch commentary index, GET /commentaries/search answered from OpenSearch;
 * the same behaviour on the Postgres vectors of the PostgreSQL server; and the same answers from
 * both backends for a fixed query set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenSearchCommentaryIndex } from '../infra/search/opensearch/opensearch-commentary-index.ts';
import { openCommentaryWorld, type CommentaryWorld } from './support/commentaries.ts';
import { commentarySearchBehaviour } from './support/commentary-search.suite.ts';
import { openTestDatabase, postgresTestUrl } from './support/engines.ts';
import { deleteIndices, openSearchTestUrl, uniqueIndexPrefix } from './support/opensearch-engine.ts';

const quiet = { info: () => undefined, warn: () => undefined };
const prefix = uniqueIndexPrefix('commentaries');
let node: string | null = null;
let postgres: CommentaryWorld | undefined;
let opensearch: CommentaryWorld | undefined;

beforeAll(async () => {
  const url = await postgresTestUrl();
  node = await openSearchTestUrl();
  if (!url) return;
  postgres = await openCommentaryWorld({ handle: await openTestDatabase('postgres', url) });
  if (!node) return;
  const index = new OpenSearchCommentaryIndex({
    node,
    indexPrefix: prefix,
    refresh: 'wait_for',
    logger: quiet,
  });
  opensearch = await openCommentaryWorld({ handle: await openTestDatabase('postgres', url), index });
}, 300_000);

afterAll(async () => {
  await postgres?.close();
  await opensearch?.close();
  if (node) await deleteIndices(node, prefix);
});

commentarySearchBehaviour('OpenSearch', () => opensearch);
commentarySearchBehaviour('Postgres full-text on PostgreSQL', () => postgres);

describe('the same answers from OpenSearch and from the Postgres vectors', () => {
  const QUERIES = [
    'query=Widerrechtlichkeit',
    'query=Beispieltext&limit=50',
    'query=Beispieltext&limit=3',
    'query=Beweis&abbreviation=CO&limit=50',
    'query=Beweis&abbreviation=ZGB&limit=50',
    'query=bonne%20foi&language=fr&limit=50',
    'query=arbitrio&language=it&limit=50',
    `query=${encodeURIComponent('"rechtliches Gehör"')}&limit=50`,
    `query=${encodeURIComponent('Schaden AND NOT Widerrechtlichkeit')}&limit=50`,
    `query=${encodeURIComponent('Kündig* OR licenciement')}&limit=50`,
    'query=Art.%2041%20OR&limit=50',
    'query=zzzunbekanntzzz',
  ];

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are compared field by field
  const body = async (world: CommentaryWorld, qs: string): Promise<any> => {
    const res = await world.app.inject(`/commentaries/search?${qs}`);
    expect(res.statusCode, qs).toBe(200);
    return res.json();
  };
  /** Everything but the backend's own score and snippet, in a stable order (ties may differ). */
  const comparable = (b: { results: { score: number; snippet: string }[] }) => ({
    ...b,
    results: b.results
      .map(({ score: _score, snippet: _snippet, ...rest }) => rest)
      .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
  });

  it.each(QUERIES)('%s', async (qs) => {
    if (!postgres || !opensearch) return;
    const [pg, os] = [await body(postgres, qs), await body(opensearch, qs)];
    if (pg.total > pg.limit) {
      // a page cut out of more matches may differ where the two rankings differ: same size, same totals
      expect({ ...os, results: os.results.length }).toEqual({ ...pg, results: pg.results.length });
    } else {
      expect(comparable(os)).toEqual(comparable(pg));
    }
    for (const r of os.results as { snippet: string; text: string }[]) {
      expect(r.text).toContain(r.snippet.replace(/<\/?b>/g, ''));
    }
  });
});

describe('distributed mode reads commentary search from OpenSearch', () => {
  it('the index holds every paragraph, and search answers with the Postgres paragraph rows gone', async () => {
    if (!opensearch || !node) return;
    const paragraphs = await opensearch.handle.db
      .selectFrom('commentary_paragraphs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const count = await fetch(`${node}/${prefix}-commentaries/_count`);
    expect(((await count.json()) as { count: number }).count).toBe(Number(paragraphs.n));
    await opensearch.handle.db.deleteFrom('commentary_paragraphs').execute();
    const res = await opensearch.app.inject('/commentaries/search?query=Beispieltext&limit=50');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 40, returned: 40 });
  });
});
