/**
 * p50/p95 of the commentary routes at 4 clients over the bundled commentary sample (in-memory
 * PGlite, the API listening on a local port): `npm run bench:commentaries`. With DATABASE_URL and
 * OPENSEARCH_URL set, also the search on the PostgreSQL server's vectors and on OpenSearch.
 */
import { OpenSearchCommentaryIndex } from '../../infra/search/opensearch/opensearch-commentary-index.ts';
import { type CommentaryWorld, openCommentaryWorld } from '../support/commentaries.ts';
import { openTestDatabase } from '../support/engines.ts';
import { deleteIndices, uniqueIndexPrefix } from '../support/opensearch-engine.ts';
import { runLoad } from './http-load.ts';

const CLIENTS = 4;
const REQUESTS = 100;

const world = await openCommentaryWorld();
try {
  const base = await world.app.listen({ port: 0, host: '127.0.0.1' });
  const routes: Record<string, string[]> = {
    '/commentaries/search': [
      'Widerrechtlichkeit',
      'Beweis',
      'bonne foi',
      'arbitrio',
      '"rechtliches Gehör"',
    ].map((q) => `${base}/commentaries/search?query=${encodeURIComponent(q)}`),
    '/commentaries/search (abbreviation)': ['OR', 'CO', 'ZGB', 'Cst.'].map(
      (a) => `${base}/commentaries/search?query=Beispieltext&abbreviation=${encodeURIComponent(a)}`,
    ),
    '/commentaries/{abbreviation}?article': [
      'OR?article=41',
      'CO?article=97&language=fr',
      'ZGB?article=2',
      'BV?article=29&language=it',
    ].map((p) => `${base}/commentaries/${p}`),
    '/commentaries/{abbreviation}': ['OR', 'ZGB', 'BV', 'StGB'].map((p) => `${base}/commentaries/${p}`),
  };
  for (const [name, urls] of Object.entries(routes)) {
    await runLoad(urls, CLIENTS, 10); // warm-up
    const r = await runLoad(urls, CLIENTS, REQUESTS);
    console.log(
      `${name.padEnd(40)} ${CLIENTS} clients  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  errors ${r.errors}`,
    );
  }
} finally {
  await world.close();
}

// With DATABASE_URL and OPENSEARCH_URL: the search as postgres mode (vectors on the server) and as
// distributed mode (the OpenSearch commentary index) serve it, measured in the same run.
const databaseUrl = process.env['DATABASE_URL'];
const openSearchUrl = process.env['OPENSEARCH_URL'];
if (databaseUrl && openSearchUrl) {
  const prefix = uniqueIndexPrefix('bench-commentaries');
  const quiet = { info: () => undefined, warn: () => undefined };
  const backends: [string, () => Promise<CommentaryWorld>][] = [
    [
      'PostgreSQL vectors',
      async () => openCommentaryWorld({ handle: await openTestDatabase('postgres', databaseUrl) }),
    ],
    [
      'OpenSearch',
      async () =>
        openCommentaryWorld({
          handle: await openTestDatabase('postgres', databaseUrl),
          index: new OpenSearchCommentaryIndex({ node: openSearchUrl, indexPrefix: prefix, logger: quiet }),
        }),
    ],
  ];
  try {
    for (const [backend, open] of backends) {
      const w = await open();
      try {
        const base = await w.app.listen({ port: 0, host: '127.0.0.1' });
        const urls = ['Widerrechtlichkeit', 'Beweis', 'bonne foi', 'arbitrio', '"rechtliches Gehör"'].map(
          (q) => `${base}/commentaries/search?query=${encodeURIComponent(q)}`,
        );
        await runLoad(urls, CLIENTS, 10); // warm-up
        const r = await runLoad(urls, CLIENTS, REQUESTS);
        console.log(
          `${`/commentaries/search (${backend})`.padEnd(40)} ${CLIENTS} clients  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  errors ${r.errors}`,
        );
      } finally {
        await w.close();
      }
    }
  } finally {
    await deleteIndices(openSearchUrl, prefix);
  }
}
