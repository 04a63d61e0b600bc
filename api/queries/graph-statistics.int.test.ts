import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionEvent, makeDecision } from '../../test/support/decisions.ts';
import { loadReadModels, type LoadedReadModels } from '../../test/support/read-models.ts';
import { GRAPH_STATISTICS_TTL_MS, graphStatistics } from './graph-statistics.query.ts';

describe('graph figures of /statistics: computed once, then refreshed behind the served figures', () => {
  let models: LoadedReadModels;
  beforeAll(async () => {
    models = await loadReadModels([
      decisionEvent(makeDecision({ court: 'bger', docket_number: '4A_1/2020', full_text: 'Erwägungen. Art. 41 OR.' })),
      decisionEvent(
        makeDecision({
          court: 'bger',
          docket_number: '4A_2/2021',
          full_text: 'Erwägungen. Vgl. Urteil 4A_1/2020 E. 2; Art. 41 OR und Art. 8 ZGB.',
        }),
      ),
    ]);
  });
  afterAll(async () => {
    await models.handle.close();
  });

  const waitFor = async (probe: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await probe()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the background refresh did not land');
  };

  it('serves the kept figures within the TTL, the stale ones while refreshing after it, then the new ones', async () => {
    const db = models.handle.db;
    let clock = 1_000_000;
    const now = () => clock;
    const first = await graphStatistics(db, { court: 'bger' }, '2026-11-01', now);
    expect(first.citation_graph).toMatchObject({ case_references: 1, resolved_references: 1, edges: 1 });
    expect(first.statutes).toMatchObject({ statute_references: 3, decisions_citing_statutes: 2 });

    clock += GRAPH_STATISTICS_TTL_MS - 1;
    expect(await graphStatistics(db, { court: 'bger' }, '2026-11-01', now)).toBe(first);

    // the read model changes; past the TTL the old figures answer at once, the new ones follow
    await sql`delete from statute_references where article = '8'`.execute(db);
    clock += 2;
    expect(await graphStatistics(db, { court: 'bger' }, '2026-11-01', now)).toBe(first);
    await waitFor(async () => (await graphStatistics(db, { court: 'bger' }, '2026-11-01', now)) !== first);
    const refreshed = await graphStatistics(db, { court: 'bger' }, '2026-11-01', now);
    expect(refreshed.statutes.statute_references).toBe(2);
    expect(refreshed.citation_graph.computed_at >= first.citation_graph.computed_at).toBe(true);
  });

  it('keeps figures per filter', async () => {
    const db = models.handle.db;
    const other = await graphStatistics(db, { court: 'bvger' }, '2026-11-01');
    expect(other.citation_graph.case_references).toBe(0);
    expect(other.statutes.statute_references).toBe(0);
  });
});
