/**
 * What the tests of both prepared-statement paths (the embedded dialect and `preparingPool` on a
 * server) run: a table of every column type the read models use, and statements over it whose
 * rows a prepared run must give exactly as an unnamed one does.
 */

/** Creates and fills the `things` table (in the current schema). */
export const THINGS_SQL = `
  create table things (
    id int8 primary key,
    name text not null,
    born date,
    seen timestamptz,
    tags text[] not null default '{}',
    extra jsonb,
    flag boolean,
    body tsvector
  );
  insert into things values
    (1, 'one', '2020-01-02', '2020-01-02T03:04:05Z', '{a,b}', '{"k": 1}', true, to_tsvector('simple', 'alpha beta')),
    (2, 'two', null, null, '{}', null, false, to_tsvector('simple', 'beta gamma')),
    (3, 'three', '1999-12-31', '2021-06-01T00:00:00Z', '{c}', '[1, 2]', null, to_tsvector('simple', 'gamma'));
`;

export interface StatementCase {
  readonly name: string;
  readonly text: string;
  readonly params: unknown[];
}

/** Queries over `things` with parameters of each kind. */
export const THINGS_CASES: readonly StatementCase[] = [
  { name: 'every column type', text: 'select * from things order by id', params: [] },
  {
    name: 'int8 and text parameters',
    text: 'select id, name from things where id = $1 or name = $2',
    params: [2, 'three'],
  },
  {
    name: 'an array parameter',
    text: 'select id from things where name = any($1::text[]) order by id',
    params: [['one', 'three']],
  },
  {
    name: 'a null parameter',
    text: 'select id from things where born is not distinct from $1 order by id',
    params: [null],
  },
  {
    name: 'a date parameter',
    text: 'select id from things where born < $1 order by id',
    params: ['2000-01-01'],
  },
  { name: 'a boolean parameter', text: 'select id from things where flag = $1', params: [false] },
  {
    name: 'a jsonb parameter',
    text: "select $1::jsonb -> 'k' as k",
    params: [JSON.stringify({ k: [1, 'x'] })],
  },
  { name: 'an array result', text: 'select tags from things where id = $1', params: [1] },
  { name: 'no rows', text: 'select id from things where id = $1', params: [99] },
  { name: 'a CTE', text: 'with t as (select * from things where flag) select name from t', params: [] },
];
