import { parseQuery, describeQuery } from './contracts/search/query-parser.ts';
const qs = process.argv.slice(2);
for (const q of qs) { const r = parseQuery(q); console.log(JSON.stringify(q), '=>', r.ok ? describeQuery(r.ast) : `ERR ${r.error.message} @${r.error.position}`); }
