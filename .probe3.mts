import { openTestDatabase } from './test/support/engines.ts';
import { CORPUS, postgresSearchFixture } from './test/support/search.suite.ts';
import { parseQuery } from './contracts/search/query-parser.ts';
const kind = (process.env.KIND ?? 'pglite') as 'pglite' | 'postgres';
const h = await openTestDatabase(kind, process.env.DATABASE_URL);
const f = postgresSearchFixture(h);
await f.load(CORPUS);
const qs = process.argv.slice(2);
for (const q of qs) {
  const p = parseQuery(q); if (!p.ok) { console.log(q, 'PARSE ERR', p.error); continue; }
  const r = await f.index.search({ query: p.ast, filters: {}, sort: 'relevance', limit: 100, offset: 0 });
  console.log(JSON.stringify(q), r.total, r.hits.map(h => `${h.decision_id}${h.score !== undefined ? '@' + h.score.toFixed(3) : ''}`).join(' '));
}
await f.close();
