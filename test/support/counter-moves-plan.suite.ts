/**
 * The plan of a batch's provision citations (`provisionCitationMoves`), which the citation graph
 * counts for every batch of new decisions: it must read the batch's edges from the edges' primary
 * key, not every edge of the graph (a cost that grows with the graph instead of with the batch).
 * Run on PGlite and on a PostgreSQL server.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { provisionCitationMoves } from '../../projector/citation-graph/graph-counters.ts';
import { openFilledReadModels } from './read-models.ts';

const DECISIONS = 30_000;
const ARTICLES = 12;
const BATCH = 250;

/** The suite over the database `open` gives (null: skipped, no engine here). */
export function counterMovesPlanSuite(name: string, open: () => Promise<DatabaseHandle | null>): void {
  let handle: DatabaseHandle | null = null;
  beforeAll(async () => {
    handle = await openFilledReadModels(
      open,
      async (db) => {
        // 30,000 decisions, each citing three others and applying twelve articles of the OR: a
        // batch's provisions (with the act as a whole) outnumber its edges fourfold (about threefold
        // in the generated sample corpus, where the old join read every edge)
        await sql`insert into citation_edges (source_id, role, target_id, ordinal, match, candidates,
            court_agreement, date_order, confidence, source_date, source_court, source_canton)
          select 'd' || i, 'citation', 'd' || ((i * 7 + k) % ${DECISIONS}), k, 'docket', 1, 'same', 'before',
            0.9, date '2000-01-01' + i % 9000, 'bger', 'CH'
          from generate_series(1, ${DECISIONS}) i, generate_series(1, 3) k`.execute(db);
        await sql`insert into statute_references (source_id, act_key, article, sr_number, law, canton, raw,
            mentions, match_confidence, source_date, source_court, source_canton)
          select 'd' || i, 'sr:220', (i % 400 + k)::text, '220', 'OR', null, 'Art. ' || (i % 400 + k) || ' OR',
            1, 0.9, date '2000-01-01' + i % 9000, 'bger', 'CH'
          from generate_series(1, ${DECISIONS}) i, generate_series(1, ${ARTICLES}) k`.execute(db);
      },
      ['citation_edges', 'statute_references'],
    );
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  describe(`a batch's provision citations (${name})`, () => {
    it("reads the batch's edges by their decisions, not every edge of the graph", async (ctx) => {
      if (!handle) return ctx.skip();
      const batch = Array.from({ length: BATCH }, (_, i) => `d${i * 120 + 1}`);
      const moves = provisionCitationMoves(batch, 1);
      const plan = await sql<{
        'QUERY PLAN': string;
      }>`explain (costs off) select * from (${moves}) m`.execute(handle.db);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index (Only )?Scan using \w+ on citation_edges/);
      expect(text).not.toMatch(/Seq Scan on citation_edges/);
      // and what it moves: per decision of the batch, its twelve articles and the act (article '')
      // for each of its three citations
      const rows = await sql<{ n: number }>`select count(*)::int as n from (${moves}) m`.execute(handle.db);
      expect(rows.rows[0]!.n).toBe(BATCH * (ARTICLES + 1) * 3);
    });
  });
}
