import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { createPgliteDialect } from './infra/db/pglite-dialect.ts';
import { parseQuery } from './contracts/search/query-parser.ts';
import { compileTsQuery } from './infra/search/postgres/tsquery-compiler.ts';
const pglite = new PGlite();
const db = new Kysely<unknown>({ dialect: createPgliteDialect(pglite) });
await pglite.exec(`create table search_docs (decision_id text primary key, language text not null, ref_keys text[] not null, tsv tsvector not null);
create index search_docs_tsv on search_docs using gin (tsv); create index search_docs_ref_keys on search_docs using gin (ref_keys);
insert into search_docs select 'd'||g, (array['de','fr','it','rm'])[1+g%4], array['k'||g], to_tsvector('german', 'wort'||g||' vertrag kundigung') from generate_series(1,20000) g; `); await pglite.exec('vacuum analyze search_docs');
for (const q of process.argv.slice(2)) {
  const p = parseQuery(q); if (!p.ok) throw new Error('x');
  const c = compileTsQuery(p.ast);
  const compiled = sql`select decision_id from search_docs where ${c.sql}`.compile(db);
  console.log('====', q, '\n', compiled.sql, '\n', JSON.stringify(compiled.parameters));
  const plan = await sql<any>`explain select decision_id from search_docs where ${c.sql}`.execute(db);
  console.log(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
}
const caseQ = await sql<any>`explain select decision_id from search_docs where (CASE language WHEN 'de' THEN tsv @@ plainto_tsquery('german', ${'wort5'}) WHEN 'fr' THEN tsv @@ plainto_tsquery('french', ${'wort5'}) ELSE tsv @@ plainto_tsquery('simple', ${'wort5'}) END)`.execute(db);
console.log('==== CASE\n' + caseQ.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
