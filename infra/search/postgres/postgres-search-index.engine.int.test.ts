import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresTestUrl } from '../../../test/support/engines.ts';
import {
  type Ask,
  CORPUS,
  postgresSearchFixture,
  requestOf,
  searchConformance,
} from '../../../test/support/search.suite.ts';
import { type DatabaseHandle, openPostgres } from '../../db/database.ts';
import { GENERIC_PLAN, PLAN_PER_EXECUTION } from '../../db/statement-hints.ts';

// on a server the texts are analysed on the pool beside the writing transaction, as postgres mode does
searchConformance('PostgreSQL full-text search on a PostgreSQL server', async (limits) => {
  const url = await postgresTestUrl();
  if (!url) return null;
  const handle = await openTestDatabase('postgres', url);
  return postgresSearchFixture(handle, limits, handle.db, { analysisParallelism: 2 });
});

describe('PostgreSQL search on a server: texts analysed on the pool', () => {
  const handles: DatabaseHandle[] = [];
  let url: string | null = null;

  beforeAll(async () => {
    url = await postgresTestUrl();
  });
  afterAll(async () => {
    for (const h of handles) await h.close();
  });

  /** The rows a load of the corpus writes, with the analysis in the transaction or on the pool. */
  async function written(analysisParallelism?: number) {
    const handle = await openTestDatabase('postgres', url);
    handles.push(handle);
    const fixture = postgresSearchFixture(
      handle,
      undefined,
      handle.db,
      analysisParallelism ? { analysisParallelism } : {},
    );
    // two batches: the second rewrites a third of the decisions at later positions
    await fixture.load(CORPUS);
    const again = CORPUS.filter((_, i) => i % 3 === 0).map((d) => ({
      ...d,
      title: `${d.title} (berichtigt)`,
    }));
    await fixture.load(again);
    // read through the views the readers use
    const rows = await sql<Record<string, unknown>>`select decision_id, title, tsv::text as tsv,
      rank_tsv::text as rank_tsv, event_position from decision_search
      order by decision_id`.execute(handle.db);
    const postings = await sql<Record<string, unknown>>`select decision_id, arm, lexeme, score
      from decision_search_terms order by decision_id, lexeme`.execute(handle.db);
    const pairs = await sql<Record<string, unknown>>`select decision_id,
        array(select k from unnest(tsv_pairs) k order by k) as pairs
      from decision_search_pairs order by decision_id`.execute(handle.db);
    return { rows: rows.rows, postings: postings.rows, pairs: pairs.rows };
  }

  it('writes every row, vector, rank vector, pair and posting as the analysis in the transaction does', async (ctx) => {
    if (!url) ctx.skip();
    const inTransaction = await written();
    expect(inTransaction.rows).toHaveLength(CORPUS.length);
    expect(inTransaction.pairs).toHaveLength(CORPUS.length);
    expect(inTransaction.rows.filter((r) => String(r['title']).endsWith('(berichtigt)'))).toHaveLength(
      Math.ceil(CORPUS.length / 3),
    );
    for (const parallelism of [1, 2, 3]) {
      const onPool = await written(parallelism);
      expect(onPool.rows).toEqual(inTransaction.rows);
      expect(onPool.postings).toEqual(inTransaction.postings);
      expect(onPool.pairs).toEqual(inTransaction.pairs);
    }
  });

  it("keeps the searches' statements with generic plans: none planned again for its values", async (ctx) => {
    if (!url) ctx.skip();
    const handle = await openTestDatabase('postgres', url);
    handles.push(handle);
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]!.s;
    // one connection: every statement the searches prepare is among its prepared statements
    const one = await openPostgres({ url: url!, schema, poolSize: 1 });
    handles.push(one);
    const fixture = postgresSearchFixture(handle, undefined, one.db);
    await fixture.load(CORPUS);
    const asks: Ask[] = [
      { query: 'Kündigung', limit: 5 },
      { query: 'Kündigung', limit: 5, filters: { language: 'fr' } },
      { query: 'Künd*', limit: 5 },
      { query: 'Mietvertrag OR Vertrag', limit: 5 },
      { query: 'Haftung', limit: 200, compact: true },
      { query: 'Haftung', sort: 'date_desc', limit: 5 },
      { query: '', filters: { court: 'bger' }, sort: 'date_asc', limit: 5 },
    ];
    // more executions than PostgreSQL's five custom plans before it may settle on a generic one
    for (let round = 0; round < 7; round++)
      for (const ask of asks) {
        await fixture.index.search(requestOf(ask));
        await fixture.index.searchIds(requestOf(ask));
      }
    const prepared = await sql<{ statement: string; generic: string; custom: string }>`${sql.raw(
      PLAN_PER_EXECUTION,
    )} select statement, generic_plans as generic, custom_plans as custom from pg_prepared_statements
      where name like 'k%'`.execute(one.db);
    const marked = prepared.rows.filter((r) => r.statement.startsWith(GENERIC_PLAN));
    // every page and count of these searches (23 statements; the date walk is planned per execution)
    expect(marked.length).toBeGreaterThanOrEqual(15);
    for (const r of marked) {
      expect({ statement: r.statement, custom: Number(r.custom) }).toEqual({
        statement: r.statement,
        custom: 0,
      });
      expect(Number(r.generic)).toBeGreaterThan(0);
    }
    // the language filter is written into the statements: those of French searches name it
    expect(marked.some((r) => r.statement.includes(`language = 'fr'`))).toBe(true);
  });
});
