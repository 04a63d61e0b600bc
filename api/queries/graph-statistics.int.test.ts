import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionEvent, makeDecision } from '../../test/support/decisions.ts';
import { loadReadModels, type LoadedReadModels } from '../../test/support/read-models.ts';
import { graphStatistics } from './graph-statistics.query.ts';

describe('graph figures of /statistics: read from the counters the projection keeps', () => {
  const first = makeDecision({ court: 'bger', docket_number: '4A_1/2020', decision_date: '2020-03-01', full_text: 'Erwägungen. Art. 41 OR.' });
  const citing = makeDecision({
    court: 'bger',
    docket_number: '4A_2/2021',
    decision_date: '2021-05-01',
    full_text: 'Erwägungen. Vgl. Urteil 4A_1/2020 E. 2; Art. 41 OR und Art. 8 ZGB.',
  });
  let models: LoadedReadModels;
  let moved: LoadedReadModels;
  beforeAll(async () => {
    models = await loadReadModels([decisionEvent(first), decisionEvent(citing)]);
    // one event per batch: the later version (a year later, without the citation and the ZGB
    // article) moves what the first version counted
    moved = await loadReadModels(
      [
        decisionEvent(first),
        decisionEvent(citing),
        decisionEvent({ ...citing, decision_date: '2022-05-01', full_text: 'Erwägungen. Art. 41 OR.' }),
      ],
      { batchSize: 1 },
    );
  });
  afterAll(async () => {
    await models.handle.close();
    await moved.handle.close();
  });

  it('counts references, edges and statute references of the citing decisions the filter selects', async () => {
    const all = await graphStatistics(models.handle.db, { court: 'bger' }, '2026-11-01');
    expect(all.citation_graph).toMatchObject({
      case_references: 1,
      resolved_references: 1,
      unresolved_references: 0,
      citing_decisions: 1,
      cited_decisions: 1,
      edges: 1,
    });
    expect(all.citation_graph.most_cited).toEqual([
      { decision_id: first.decision_id, citation_string_de: expect.stringContaining('4A_1/2020'), cited_by: 1 },
    ]);
    expect(all.statutes).toMatchObject({ statute_references: 3, decisions_citing_statutes: 2, federal_acts: 2 });
    const year = await graphStatistics(models.handle.db, { year: 2020 }, '2026-11-01');
    expect(year.citation_graph).toMatchObject({ case_references: 0, edges: 0, cited_decisions: 0, most_cited: [] });
    expect(year.statutes.top_articles).toEqual([{ sr_number: '220', abbreviation: 'OR', article: '41', decisions: 1 }]);
    const other = await graphStatistics(models.handle.db, { court: 'bvger' }, '2026-11-01');
    expect(other.citation_graph.case_references).toBe(0);
    expect(other.statutes.statute_references).toBe(0);
  });

  it('a later version of a decision moves the figures: its old year loses them, its new year has what it counts now', async () => {
    const db = moved.handle.db;
    const all = await graphStatistics(db, {}, '2026-11-01');
    expect(all.citation_graph).toMatchObject({ case_references: 0, edges: 0, citing_decisions: 0, cited_decisions: 0, most_cited: [] });
    expect(all.statutes).toMatchObject({ statute_references: 2, decisions_citing_statutes: 2, federal_acts: 1 });
    expect((await graphStatistics(db, { year: 2021 }, '2026-11-01')).statutes.statute_references).toBe(0);
    expect((await graphStatistics(db, { year: 2022 }, '2026-11-01')).statutes.top_acts).toEqual([
      { sr_number: '220', abbreviation: 'OR', decisions: 1 },
    ]);
  });
});
