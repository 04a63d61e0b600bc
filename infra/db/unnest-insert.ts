import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** A column of a bulk insert: its name and its Postgres array element type. */
export type BulkColumn<Row> = readonly [
  name: keyof Row & string,
  type: 'text' | 'integer' | 'bigint' | 'date' | 'double precision',
];

/** Rows per statement: one array parameter per column, whatever the row count. */
const CHUNK = 5000;

/**
 * Inserts rows with one array parameter per column (`insert … select * from unnest($1::text[],
 * …)`): a few parameters per statement instead of one per value, which is what makes the edge
 * projection fast on Postgres and PGlite alike, and the statement's text the same whatever the
 * row count, so it is kept prepared (`pg-prepared.ts`). `onConflict` (an `on conflict …` clause)
 * makes it an upsert; its rows then need distinct keys.
 */
export async function insertByColumns<Row>(
  tx: Transaction<DB>,
  table: string,
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
  onConflict: RawBuilder<unknown> = sql``,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const arrays = columns.map(
      ([name, type]) => sql`${part.map((r) => r[name] ?? null)}::${sql.raw(type)}[]`,
    );
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))})
      select * from unnest(${sql.join(arrays)}) ${onConflict}`.execute(tx);
  }
}
