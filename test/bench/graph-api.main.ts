/**
 * The API of the citation-graph benchmark as its own process, so that the load generator and the
 * API do not share one event loop (as `npm run bench:api` runs the real deployables): the app over
 * the benchmark's schema (`SCHEMA`) of DATABASE_URL's database, listening on PORT (127.0.0.1).
 * Started by `test/bench/graph.bench.ts`; prints `graph api listening on <address>`.
 */
import { buildApp } from '../../api/app.ts';
import { openPostgres } from '../../infra/db/database.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';

const databaseUrl = process.env['DATABASE_URL'];
const schema = process.env['SCHEMA'];
if (!databaseUrl || !schema) {
  console.error('needs DATABASE_URL and SCHEMA');
  process.exit(2);
}
const handle = await openPostgres({
  url: databaseUrl,
  schema,
  poolSize: 12,
  applicationName: 'graph-bench-api',
});
const app = await buildApp({
  db: handle.db,
  search: new PostgresSearchIndex(handle.db),
  settings: {
    basePath: '',
    publicBaseUrl: 'http://bench',
    staleAfterHours: 48,
    maxSearchResponseChars: 2_000_000,
  },
  today: () => '2026-11-01',
  now: () => new Date(),
});
const address = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
process.stdout.write(`graph api listening on ${address}\n`);
const stop = () =>
  void app
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
