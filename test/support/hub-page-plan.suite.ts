/**
 * The plan of a hub's incoming page (`incomingEdgesSql`) where the planner keeps one plan for
 * every decision: the statement is planned for the average decision's few citations, and must
 * still read a hub's page in index order instead of fetching and sorting all its citations. Run on
 * PGlite and on a PostgreSQL server (both keep generic plans of prepared statements).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomingEdgesSql } from '../../api/queries/graph-edges.sql.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { openFilledReadModels } from './read-models.ts';

const HUB = 'bge_hub';
const HUB_CITATIONS = 400;

/** The suite over the database `open` gives (null: skipped, no engine here). */
export function hubPagePlanSuite(name: string, open: () => Promise<DatabaseHandle | null>): void {
  let handle: DatabaseHandle | null = null;
  beforeAll(async () => {
    handle = await openFilledReadModels(
      open,
      (db) =>
        // 3,000 decisions citing two decisions each (1,500 targets with 4 citations), one hub with 400
        sql`insert into citation_edges (source_id, role, target_id, ordinal, match, candidates,
          court_agreement, date_order, confidence, source_date, source_court, source_canton)
        select 'd' || i, 'citation', 't' || ((i + k) % 1500), k, 'docket', 1, 'same', 'before', 0.9,
          date '2000-01-01' + i, 'bger', 'CH'
        from generate_series(1, 3000) i, generate_series(0, 1) k
        union all
        select 'd' || i, 'citation', ${HUB}, 2, 'bge', 1, 'same', 'before', 0.9 - (i % 3) * 0.3,
          date '2000-01-01' + i, 'bger', 'CH'
        from generate_series(1, ${HUB_CITATIONS}) i`.execute(db),
      ['citation_edges'],
    );
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe(`incoming page of a hub under the plan kept for every decision (${name})`, () => {
    it('reads the page from the target index in its order, with no sort of the hub citations', async (ctx) => {
      if (!handle) return ctx.skip();
      // one connection: the setting, the statement and its plan must meet
      await handle.db.connection().execute(async (db) => {
        const compiled = incomingEdgesSql(HUB, 'citation', {
          minConfidence: 0.5,
          limit: 50,
          offset: 100,
        }).compile(db);
        const types = compiled.parameters.map((p) =>
          typeof p === 'number' ? (Number.isInteger(p) ? 'integer' : 'float8') : 'text',
        );
        await sql`set plan_cache_mode = force_generic_plan`.execute(db);
        try {
          await sql.raw(`prepare hub_page(${types.join(', ')}) as ${compiled.sql}`).execute(db);
          const values = compiled.parameters
            .map((p) => (typeof p === 'number' ? String(p) : `'${String(p)}'`))
            .join(', ');
          const plan = await sql
            .raw<{
              'QUERY PLAN': string;
            }>(`explain (analyze, costs off, timing off, summary off) execute hub_page(${values})`)
            .execute(db);
          const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
          // generic: the target, role and confidence are parameters, not the hub's values
          expect(text).toContain('target_id = $');
          expect(text).toMatch(/Limit \(actual rows=50/);
          expect(text).toMatch(
            /Index Only Scan using citation_edges_target on citation_edges \w+ \(actual rows=150/,
          );
          expect(text).not.toContain('Sort');
          // of the hub's 400 citations, the 267 at or above 0.5 are counted (no in-degree is kept
          // at that minimum)
          expect(text).toMatch(
            /Index Only Scan using citation_edges_target on citation_edges(?: \w+)? \(actual rows=267/,
          );
        } finally {
          await sql`deallocate all`.execute(db);
          await sql`reset plan_cache_mode`.execute(db);
        }
      });
    });
  });
}
