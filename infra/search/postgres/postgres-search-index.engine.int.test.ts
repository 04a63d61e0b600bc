import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresTestUrl } from '../../../test/support/engines.ts';
import { CORPUS, postgresSearchFixture, searchConformance } from '../../../test/support/search.suite.ts';
import type { DatabaseHandle } from '../../db/database.ts';

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
});
