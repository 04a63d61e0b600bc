import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillWithoutIndexes } from './bulk-fill.ts';
import type { DatabaseHandle } from './database.ts';
import type { DB } from './schema.ts';

/** `fillWithoutIndexes` on a database `open` gives (null: no engine). */
export function bulkFillSuite(name: string, open: () => Promise<DatabaseHandle | null>): void {
  describe(`a table filled with its indexes built afterwards (${name})`, () => {
    let handle: DatabaseHandle | null = null;
    const schema = `bulk_fill_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

    beforeAll(async () => {
      handle = await open();
      if (!handle) return;
      await sql`create schema ${sql.id(schema)}`.execute(handle.db);
      await sql`create table ${sql.id(schema, 'counted')} (
          key text not null, part integer not null, label text, n integer not null,
          primary key (key, part), unique (label, part))`.execute(handle.db);
      await sql`create index counted_rank on ${sql.id(schema, 'counted')} (key, n desc, part) include (label)
          where label is not null`.execute(handle.db);
    });
    afterAll(async () => {
      if (handle) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      await handle?.close();
    });

    /** The table's indexes and keys as the catalog prints them. */
    const definitions = async (tx: Transaction<DB>) =>
      (
        await sql<{ definition: string }>`
          select pg_get_indexdef(i.indexrelid) || coalesce(' / ' || k.conname || ' ' || pg_get_constraintdef(k.oid), '')
            as definition
          from pg_index i left join pg_constraint k on k.conindid = i.indexrelid
          where i.indrelid = to_regclass('counted') order by 1`.execute(tx)
      ).rows.map((r) => r.definition);

    const inSchema = <T>(work: (tx: Transaction<DB>) => Promise<T>) =>
      handle!.db.transaction().execute(async (tx) => {
        await sql`select set_config('search_path', ${schema}, true)`.execute(tx);
        return work(tx);
      });

    it('drops every index and key for the fill, then builds the same again; the rows are kept', async () => {
      if (!handle) return;
      await inSchema(async (tx) => {
        const before = await definitions(tx);
        expect(before).toHaveLength(3);
        expect(before.join('\n')).toMatch(/PRIMARY KEY \(key, part\)/);
        const memory = await sql<{ m: string }>`select current_setting('maintenance_work_mem') as m`.execute(
          tx,
        );
        let duringFill: string[] = [];
        await fillWithoutIndexes(tx, 'counted', async () => {
          duringFill = await definitions(tx);
          await sql`insert into counted (key, part, label, n)
            select 'k' || (g % 50), g / 50, case when g % 3 = 0 then null else 'l' || g end, g
            from generate_series(0, 999) g`.execute(tx);
        });
        expect(duringFill).toEqual([]);
        expect(await definitions(tx)).toEqual(before);
        const after = await sql<{ m: string }>`select current_setting('maintenance_work_mem') as m`.execute(
          tx,
        );
        expect(after.rows[0]!.m).toBe(memory.rows[0]!.m);
        // the key is back: an upsert finds its row
        await sql`insert into counted (key, part, label, n) values ('k7', 0, null, 1)
          on conflict (key, part) do update set n = counted.n + excluded.n`.execute(tx);
        const rows = await sql<{ rows: number; n: number }>`
          select count(*)::int as rows, (select n from counted where key = 'k7' and part = 0) as n from counted`.execute(
          tx,
        );
        expect(rows.rows[0]).toEqual({ rows: 1000, n: 8 });
        // the partial index is there to be read
        await sql`set local enable_seqscan = off`.execute(tx);
        const indexed = await sql<{ 'QUERY PLAN': string }>`explain
          select part from counted where key = 'k1' and label is not null order by n desc`.execute(tx);
        expect(indexed.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/counted_rank/);
        await sql`truncate counted`.execute(tx);
      });
    });

    it('a duplicate key fails the fill when the key is built again', async () => {
      if (!handle) return;
      const failed = inSchema(async (tx) => {
        await fillWithoutIndexes(tx, 'counted', () =>
          sql`insert into counted (key, part, label, n) values ('a', 1, null, 1), ('a', 1, null, 2)`.execute(
            tx,
          ),
        );
      });
      await expect(failed).rejects.toThrow(/could not create unique index|duplicate key/);
      // the transaction rolled back with its drops: the table still has its indexes, and no rows
      await inSchema(async (tx) => {
        expect(await definitions(tx)).toHaveLength(3);
        const count = await sql<{ n: number }>`select count(*)::int as n from counted`.execute(tx);
        expect(count.rows[0]!.n).toBe(0);
      });
    });
  });
}
