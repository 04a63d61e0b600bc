/**
 * The citation-graph endpoints on a real PostgreSQL (15): the same corpus as the PGlite suite
 * (`test/support/graph-corpus.ts`), loaded through the real projections into a schema of its own;
 * the engine-specific parts (float8 arithmetic of the confidence, covering-index plans, count
 * types from `pg`) are what this checks.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../infra/db/database.ts';
import { openTestDatabase, postgresTestUrl } from '../test/support/engines.ts';
import {
  APPEAL,
  C,
  graphApp,
  HUB,
  LATER,
  LOWER,
  SECOND,
  THIRD,
  TIE_A,
  TIE_B,
  Z,
} from '../test/support/graph-corpus.ts';

const url = await postgresTestUrl();
let handle: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  if (!url) return;
  handle = await openTestDatabase('postgres', url);
  app = await graphApp(handle);
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const json = async (path: string): Promise<any> => {
  const res = await app.inject({ method: 'GET', url: path });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json();
};
const ids = (list: { decision_id: string }[]) => list.map((e) => e.decision_id);

describe.skipIf(!url)('citation graph on PostgreSQL', () => {
  it('/citations: per-direction totals and continuation, confidences as on PGlite', async () => {
    const first = await json(`/citations/${HUB.decision_id}?limit=3`);
    expect(first.incoming).toMatchObject({ total: 8, returned: 3, has_more: true, next_offset: 3 });
    expect(ids(first.incoming.citations)).toEqual([Z[1]!.decision_id, C[6]!.decision_id, C[5]!.decision_id]);
    const last = await json(`/citations/${HUB.decision_id}?direction=incoming&limit=3&offset=6`);
    expect(last.incoming).toMatchObject({ total: 8, returned: 2, has_more: false, next_offset: null });
    const out = await json(`/citations/${C[6]!.decision_id}?direction=outgoing&min_confidence=0.5`);
    expect(
      out.outgoing.citations.map((e: { decision_id: string; confidence: number }) => [
        e.decision_id,
        e.confidence,
      ]),
    ).toEqual([
      [HUB.decision_id, 0.95],
      [TIE_A.decision_id, 0.57],
    ]);
    const inner = await json(`/citations/${Z[1]!.decision_id}?direction=outgoing`);
    expect(inner.outgoing.citations).toContainEqual(
      expect.objectContaining({
        decision_id: HUB.decision_id,
        confidence: 0.86,
        evidence: expect.objectContaining({ match: 'inner_page' }),
      }),
    );
    expect(
      (await json(`/citations/${LATER.decision_id}?direction=incoming&min_confidence=0.1`)).incoming
        .citations[0],
    ).toMatchObject({
      confidence: 0.19,
    });
  });

  it('/appeal-chain: prior and subsequent instances', async () => {
    const chain = await json(`/appeal-chain/${APPEAL.decision_id}`);
    expect(
      chain.prior.map((p: { level: number; resolved: boolean; confidence: number }) => [
        p.level,
        p.resolved,
        p.confidence,
      ]),
    ).toEqual([
      [1, true, 0.74],
      [2, false, 0.44],
    ]);
    expect(
      ids(
        (await json(`/appeal-chain/${LOWER.decision_id}`)).subsequent.map(
          (s: { decision: { decision_id: string } }) => s.decision,
        ),
      ),
    ).toEqual([APPEAL.decision_id]);
  });

  it('/leading-cases and /trends count OR, CO and CO as one act', async () => {
    for (const code of ['OR', 'CO']) {
      const body = await json(`/leading-cases?law_code=${code}&article=41&limit=5`);
      expect(ids(body.results)).toEqual([HUB, SECOND, TIE_A, TIE_B, THIRD].map((d) => d.decision_id));
      expect(await json(`/trends?law_code=${code}&article=41`)).toMatchObject({
        total: 7,
        years: [{ year: 2016, decisions: 7 }],
      });
    }
    expect((await json('/leading-cases?query=Beweislast')).results[0].decision_id).toBe(THIRD.decision_id);
  });

  it('/statistics: graph and statute figures', async () => {
    const body = await json('/statistics');
    expect(body.citation_graph).toMatchObject({
      case_references: 23,
      resolved_references: 22,
      cited_decisions: 6,
      appeal_links_resolved: 1,
    });
    expect(body.statutes.top_articles[0]).toEqual({
      sr_number: '220',
      abbreviation: 'OR',
      article: '41',
      decisions: 7,
    });
  });

  it('422 and 404 bodies', async () => {
    const bad = await app.inject({ method: 'GET', url: `/citations/${HUB.decision_id}?limit=201` });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      detail: [
        {
          loc: ['query', 'limit'],
          msg: 'Input should be less than or equal to 200',
          type: 'less_than_equal',
          input: 201,
          ctx: { le: 200 },
        },
      ],
    });
    expect((await app.inject({ method: 'GET', url: '/appeal-chain/bger_0A_0_1900' })).statusCode).toBe(404);
  });
});
