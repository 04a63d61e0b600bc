/**
 * GET /citations, /appeal-chain, /leading-cases, /trends and the graph figures of /statistics
 * against the spec (`/work/shared/spec/api.md`): the app over an in-memory PGlite whose read
 * models the real projections built from events in the table log (corpus:
 * `test/support/graph-corpus.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadingCasesQuery } from '../contracts/api/graph.schema.ts';
import type { DatabaseHandle } from '../infra/db/database.ts';
import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import { openTestDatabase } from '../test/support/engines.ts';
import { citationsOf } from './queries/citations.query.ts';
import {
  citationsFromContext,
  contextLeaders,
  mostCited,
  provisionCitations,
} from './queries/graph-edges.sql.ts';
import { findNode } from './queries/graph-nodes.query.ts';
import { leadingCases } from './queries/leading-cases.query.ts';
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

let handle: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  handle = await openTestDatabase('pglite');
  app = await graphApp(handle);
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const json = async (url: string): Promise<any> => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const ids = (list: { decision_id: string }[]) => list.map((e) => e.decision_id);

// ---------------------------------------------------------------------------------------------
// /citations

describe('GET /citations/{decision_id}', () => {
  it('pages each direction on its own, with totals and continuation', async () => {
    const first = await json(`/citations/${HUB.decision_id}?limit=3`);
    expect(first.direction).toBe('both');
    expect(first.min_confidence).toBe(0.3);
    expect(first.decision).toMatchObject({
      decision_id: HUB.decision_id,
      citation_string_fr: 'ATF 140 III 86',
    });
    expect(first.incoming).toMatchObject({
      total: 8,
      returned: 3,
      offset: 0,
      limit: 3,
      has_more: true,
      next_offset: 3,
    });
    expect(first.outgoing).toMatchObject({
      total: 0,
      returned: 0,
      has_more: false,
      next_offset: null,
      unresolved_total: 0,
    });
    // newest citing decision first
    expect(ids(first.incoming.citations)).toEqual([Z[1]!.decision_id, C[6]!.decision_id, C[5]!.decision_id]);
    const pages: { decision_id: string }[][] = [first.incoming.citations];
    let next: number | null = first.incoming.next_offset;
    while (next !== null) {
      const page = await json(`/citations/${HUB.decision_id}?direction=incoming&limit=3&offset=${next}`);
      expect(page.outgoing).toBeUndefined();
      pages.push(page.incoming.citations);
      next = page.incoming.next_offset;
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(new Set(pages.flat().map((e: { decision_id: string }) => e.decision_id))).toEqual(
      new Set([...C, Z[1]!].map((d) => d.decision_id)),
    );
  });

  it('each edge carries the other decision citation fields and its evidence', async () => {
    const body = await json(`/citations/${C[0]!.decision_id}?direction=outgoing`);
    expect(body.incoming).toBeUndefined();
    expect(ids(body.outgoing.citations)).toEqual([HUB, SECOND, THIRD, TIE_A].map((d) => d.decision_id));
    const hub = body.outgoing.citations[0];
    expect(hub).toMatchObject({
      citation_string_de: 'BGE 140 III 86',
      citation_string_it: 'DTF 140 III 86',
      canonical_url: `https://research.example.ch/entscheid/${HUB.decision_id}`,
      rule_statement: 'Art. 41 OR; Haftung aus unerlaubter Handlung (E. 2).',
      reference: 'BGE 140 III 86 E. 2',
      pinpoints: ['2'],
      confidence: 0.95,
      evidence: { match: 'exact', court_agreement: 'same_court', date_order: 'consistent', candidates: 1 },
    });
    expect(body.outgoing.citations[2]).toMatchObject({
      citation_string_de: 'BGer 4A_50/2014 vom 1. Juni 2014',
      stated_date: '2014-06-01',
      confidence: 1,
      evidence: { date_order: 'stated_date_agrees' },
    });
    // a page pin-cite (`BGE 141 III 10 S. 12 E. 1`)
    expect(body.outgoing.citations[1]).toMatchObject({
      decision_id: SECOND.decision_id,
      reference: 'BGE 141 III 10 S. 12 E. 1',
      page: 12,
      pinpoints: ['1'],
      mentions: 1,
      evidence: { match: 'exact', candidates: 1 },
    });
    expect(body.outgoing.unresolved_total).toBe(1);
    expect(body.outgoing.unresolved).toEqual([
      expect.objectContaining({ reference: 'BGE 100 Ia 1', kind: 'bge', key: 'bge 100 ia 1' }),
    ]);
  });

  it('an edge whose other decision has no node is left out of the page, still counted in the total', async () => {
    const ctx = { publicBaseUrl: 'https://research.example.ch', today: '2026-01-02' };
    const query = { direction: 'both', limit: 50, offset: 0, min_confidence: 0.3 } as const;
    const citing = (await findNode(handle.db, C[0]!.decision_id))!;
    const hub = (await findNode(handle.db, HUB.decision_id))!;
    const out = await citationsOf(handle.db, citing, query, ctx);
    const inc = await citationsOf(handle.db, hub, query, ctx);
    const gone = [SECOND.decision_id, C[5]!.decision_id];
    const without = <T extends { citations: { decision_id: string }[]; returned: number }>(page: T): T => {
      const citations = page.citations.filter((c) => !gone.includes(c.decision_id));
      return { ...page, citations, returned: citations.length };
    };
    expect(out.outgoing!.citations.map((c) => c.decision_id)).toContain(SECOND.decision_id);
    expect(inc.incoming!.citations.map((c) => c.decision_id)).toContain(C[5]!.decision_id);
    await handle.db
      .transaction()
      .execute(async (tx) => {
        await sql`delete from citation_nodes where decision_id = any(${gone}::text[])`.execute(tx);
        expect((await citationsOf(tx, citing, query, ctx)).outgoing).toEqual(without(out.outgoing!));
        expect((await citationsOf(tx, hub, query, ctx)).incoming).toEqual(without(inc.incoming!));
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
  });

  it('an inner BGE page resolves through the page range', async () => {
    const body = await json(`/citations/${Z[1]!.decision_id}?direction=outgoing`);
    const hub = body.outgoing.citations.find(
      (e: { decision_id: string }) => e.decision_id === HUB.decision_id,
    );
    expect(hub).toMatchObject({ evidence: { match: 'inner_page' }, confidence: 0.86 });
  });

  it('min_confidence filters edges (stated date differs 0.57; cited decision later 0.19)', async () => {
    const at = async (min: number) =>
      ids(
        (await json(`/citations/${C[6]!.decision_id}?direction=outgoing&min_confidence=${min}`)).outgoing
          .citations,
      );
    expect(await at(0.5)).toEqual([HUB.decision_id, TIE_A.decision_id]);
    expect(await at(0.6)).toEqual([HUB.decision_id]);
    expect(await at(1)).toEqual([]);
    const later = async (min?: number): Promise<{ total: number }> =>
      (
        await json(
          `/citations/${LATER.decision_id}?direction=incoming${min !== undefined ? `&min_confidence=${min}` : ''}`,
        )
      ).incoming as { total: number };
    expect((await later()).total).toBe(0);
    expect(await later(0.1)).toMatchObject({
      total: 1,
      citations: [
        { decision_id: Z[4]!.decision_id, confidence: 0.19, evidence: { date_order: 'cited_is_later' } },
      ],
    });
    expect((await later(0)).total).toBe(1);
  });

  it('finds the decision by docket or BGE reference too', async () => {
    expect(
      (await json(`/citations/${encodeURIComponent('BGE 140 III 86')}?limit=1`)).decision.decision_id,
    ).toBe(HUB.decision_id);
    expect((await json(`/citations/${encodeURIComponent('4A_50/2014')}?limit=1`)).decision.decision_id).toBe(
      THIRD.decision_id,
    );
  });

  it('an unknown decision is 404 with a clear message', async () => {
    const res = await get('/citations/bger_9Z_1_1900');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      detail: "No decision with id or reference 'bger_9Z_1_1900' in the citation graph",
      code: 'API_NOT_FOUND',
    });
  });

  it.each([
    ['direction=up', 'direction', 'enum'],
    ['min_confidence=-0.1', 'min_confidence', 'greater_than_equal'],
    ['min_confidence=1.01', 'min_confidence', 'less_than_equal'],
    ['min_confidence=high', 'min_confidence', 'float_parsing'],
    ['limit=0', 'limit', 'greater_than_equal'],
    ['limit=201', 'limit', 'less_than_equal'],
    ['limit=2.5', 'limit', 'int_from_float'],
    ['limit=ten', 'limit', 'int_parsing'],
    ['offset=-1', 'offset', 'greater_than_equal'],
    ['offset=x', 'offset', 'int_parsing'],
  ])('%s → 422', async (query, param, type) => {
    const res = await get(`/citations/${HUB.decision_id}?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<{ detail: { loc: string[]; type: string; msg: string }[] }>();
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toHaveLength(1);
    expect(body.detail[0]).toMatchObject({ loc: ['query', param], type });
    expect(typeof body.detail[0]!.msg).toBe('string');
  });

  it('bounds are inclusive: limit 1 and 200, min_confidence 0 and 1', async () => {
    for (const q of ['limit=1', 'limit=200', 'min_confidence=0', 'min_confidence=1', 'offset=0'])
      expect((await get(`/citations/${HUB.decision_id}?${q}`)).statusCode, q).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// /appeal-chain

describe('GET /appeal-chain/{decision_id}', () => {
  it('prior instances from the header, followed down the chain; unresolved ones listed', async () => {
    const body = await json(`/appeal-chain/${APPEAL.decision_id}`);
    expect(body.decision.decision_id).toBe(APPEAL.decision_id);
    expect(body.subsequent).toEqual([]);
    expect(body.prior).toHaveLength(2);
    expect(body.prior[0]).toMatchObject({
      level: 1,
      resolved: true,
      origin: 'header',
      court: 'zh_obergericht',
      docket: 'LB190001',
      stated_date: '2020-03-03',
      link_confidence: 0.74,
      confidence: 0.74,
      via: APPEAL.decision_id,
      decision: {
        decision_id: LOWER.decision_id,
        citation_string_de: 'Obergericht ZH LB190001 vom 3. März 2020',
      },
    });
    expect(body.prior[1]).toMatchObject({
      level: 2,
      resolved: false,
      docket: 'FV180099',
      stated_date: '2019-05-05',
      link_confidence: 0.6,
      confidence: 0.44,
      via: LOWER.decision_id,
      decision: null,
    });
  });

  it('subsequent instances by reverse lookup', async () => {
    const body = await json(`/appeal-chain/${LOWER.decision_id}`);
    expect(body.subsequent).toEqual([
      expect.objectContaining({
        level: 1,
        resolved: true,
        confidence: 0.74,
        decision: expect.objectContaining({ decision_id: APPEAL.decision_id }),
      }),
    ]);
    expect(body.prior).toEqual([expect.objectContaining({ level: 1, resolved: false, docket: 'FV180099' })]);
  });

  it('min_confidence cuts the chain', async () => {
    const body = await json(`/appeal-chain/${APPEAL.decision_id}?min_confidence=0.5`);
    expect(body.prior.map((p: { level: number }) => p.level)).toEqual([1]);
    expect((await json(`/appeal-chain/${APPEAL.decision_id}?min_confidence=0.8`)).prior).toEqual([]);
  });

  it('404 and 422', async () => {
    expect((await get('/appeal-chain/nothing_here')).statusCode).toBe(404);
    for (const [q, type] of [
      ['min_confidence=2', 'less_than_equal'],
      ['min_confidence=-1', 'greater_than_equal'],
      ['min_confidence=abc', 'float_parsing'],
    ] as const) {
      const res = await get(`/appeal-chain/${APPEAL.decision_id}?${q}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([
        expect.objectContaining({ loc: ['query', 'min_confidence'], type }),
      ]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// /leading-cases

describe('GET /leading-cases', () => {
  it('ranks by citations from decisions applying the same provision, weighted by how specific the decision is to them', async () => {
    const body = await json('/leading-cases?law_code=OR&article=41&limit=5');
    expect(body.filters.statute).toMatchObject({ sr_number: '220', abbreviation: 'OR', article: '41' });
    expect(body.context_decisions).toBe(7);
    // TIE_A is cited by two decisions applying Art. 41 OR, THIRD and TIE_B by one each; THIRD is
    // cited by six decisions overall, TIE_B only here: TIE_B is the more specific to Art. 41 OR.
    const n = Number(
      (await sql<{ n: number }>`select count(*)::int as n from citation_nodes`.execute(handle.db)).rows[0]!.n,
    );
    const score = (citing: number, citedBy: number) =>
      Math.round(citing * Math.log(1 + n / citedBy) * 1000) / 1000;
    expect(
      body.results.map((r: { decision_id: string; authority: unknown }) => [r.decision_id, r.authority]),
    ).toEqual([
      [HUB.decision_id, { citing_in_context: 7, cited_by: 8, in_context: false, score: score(7, 8) }],
      [SECOND.decision_id, { citing_in_context: 3, cited_by: 3, in_context: false, score: score(3, 3) }],
      [TIE_A.decision_id, { citing_in_context: 2, cited_by: 3, in_context: false, score: score(2, 3) }],
      [TIE_B.decision_id, { citing_in_context: 1, cited_by: 1, in_context: false, score: score(1, 1) }],
      [THIRD.decision_id, { citing_in_context: 1, cited_by: 6, in_context: false, score: score(1, 6) }],
    ]);
    expect(body.results[0]).toMatchObject({
      rank: 1,
      citation_string_de: 'BGE 140 III 86',
      canonical_url: expect.stringContaining('/entscheid/'),
      rule_statement: expect.any(String),
    });
  });

  it.each([
    ['law_code=OR&article=41', '220', '41'],
    ['law_code=OR', '220', null],
    ['law_code=ZGB', '210', null],
  ])(
    '%s: every decision applying the provision is counted, as its edges say',
    async (params, sr, article) => {
      const body = await json(`/leading-cases?${params}&limit=100`);
      // counted here from the edges and statute references, as the counters kept by the projection must say
      const expected = await sql<{ target_id: string; n: number }>`
      select e.target_id, count(distinct e.source_id)::int as n
      from citation_edges e join statute_references s on s.source_id = e.source_id
      where e.role = 'citation' and s.act_key = ${sr} ${article !== null ? sql`and s.article = ${article}` : sql``}
      group by e.target_id
    `.execute(handle.db);
      const size = await sql<{ n: number }>`
      select count(distinct source_id)::int as n from statute_references
      where act_key = ${sr} ${article !== null ? sql`and article = ${article}` : sql``}
    `.execute(handle.db);
      expect(expected.rows.length).toBeGreaterThan(1);
      expect(body).toMatchObject({ context_decisions: size.rows[0]!.n, context_counted: size.rows[0]!.n });
      const counted = new Map(expected.rows.map((r) => [r.target_id, r.n]));
      const cited = body.results.filter(
        (r: { authority: { citing_in_context: number } }) => r.authority.citing_in_context > 0,
      );
      expect(
        new Map(
          cited.map((r: { decision_id: string; authority: { citing_in_context: number } }) => [
            r.decision_id,
            r.authority.citing_in_context,
          ]),
        ),
      ).toEqual(counted);
    },
  );

  it('French and Italian abbreviations count for the same act', async () => {
    const de = await json('/leading-cases?law_code=OR&article=41');
    for (const code of ['CO', 'co', '220', 'Obligationenrecht']) {
      const other = await json(`/leading-cases?law_code=${encodeURIComponent(code)}&article=41`);
      expect(ids(other.results), code).toEqual(ids(de.results));
      expect(other.context_decisions).toBe(7);
    }
  });

  it('a whole act without article; filters by court and date', async () => {
    const act = await json('/leading-cases?law_code=ZGB');
    expect(act.results[0].decision_id).toBe(THIRD.decision_id);
    const bgeOnly = await json('/leading-cases?law_code=OR&article=41&court=bge');
    expect(ids(bgeOnly.results)).toEqual([HUB.decision_id, SECOND.decision_id]);
    const dated = await json('/leading-cases?law_code=OR&article=41&date_from=2015-01-01');
    expect(ids(dated.results)[0]).toBe(SECOND.decision_id);
  });

  it('by topic query', async () => {
    const body = await json('/leading-cases?query=Beweislast');
    expect(body.context_decisions).toBe(5);
    expect(body.results[0]).toMatchObject({
      decision_id: THIRD.decision_id,
      authority: { citing_in_context: 5 },
    });
  });

  it.each([
    ['court=bge', (r: { court: string }) => r.court === 'bge'],
    [
      'date_from=2015-01-01',
      (r: { decision_date: string | null }) => (r.decision_date ?? '') >= '2015-01-01',
    ],
  ] as const)(
    'by topic query and %s: the cited decisions passing the filter, counted as without it',
    async (filter, passes) => {
      type Result = {
        decision_id: string;
        court: string;
        decision_date: string | null;
        authority: { citing_in_context: number };
      };
      const cited = (results: Result[]) =>
        new Map(
          results
            .filter((r) => r.authority.citing_in_context > 0)
            .map((r) => [r.decision_id, r.authority.citing_in_context]),
        );
      const all = (await json('/leading-cases?query=Beweislast&limit=100')).results as Result[];
      const filtered = (await json(`/leading-cases?query=Beweislast&${filter}&limit=100`))
        .results as Result[];
      expect(filtered.length).toBeGreaterThan(0);
      for (const r of filtered) expect(passes(r as never), r.decision_id).toBe(true);
      const expected = cited(all.filter((r) => passes(r as never)));
      expect(expected.size).toBeGreaterThan(0);
      expect(expected.size).toBeLessThan(cited(all).size);
      expect(cited(filtered)).toEqual(expected);
    },
  );

  it('counting from a context: every cap gives the head of the full order, also when a cited decision has no node', async () => {
    const nodes = await sql<{ id: string }>`select decision_id as id from citation_nodes`.execute(handle.db);
    const context = sql`select unnest(${nodes.rows.map((r) => r.id)}::text[]) as id`;
    const full = (await citationsFromContext(handle.db, context, {}, 1000)).rows;
    expect(full.length).toBeGreaterThan(3);
    expect(new Set(full.map((r) => r.citing)).size).toBeGreaterThan(1);
    for (let cap = 1; cap <= full.length + 1; cap++)
      expect(await citationsFromContext(handle.db, context, {}, cap), `cap ${cap}`).toEqual({
        rows: full.slice(0, cap),
        // the cap-th count (0 with fewer counted)
        floor: full[cap - 1]?.citing ?? 0,
      });
    // the most cited decision's node gone (inside a transaction rolled back): the page stays full
    const top = full[0]!.decision_id;
    await handle.db
      .transaction()
      .execute(async (tx) => {
        await sql`delete from citation_nodes where decision_id = ${top}`.execute(tx);
        const rest = full.filter((r) => r.decision_id !== top);
        for (const cap of [1, 2, rest.length])
          expect((await citationsFromContext(tx, context, {}, cap)).rows, `cap ${cap}`).toEqual(
            rest.slice(0, cap),
          );
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    expect((await citationsFromContext(handle.db, context, {}, 1000)).rows).toEqual(full);
  });

  it.each([
    [
      'a provision (Art. 41 OR)',
      (cap: number, filters: { court?: string }) =>
        provisionCitations(handle.db, { actKey: '220', article: '41' }, filters, cap),
    ],
    ['every decision', (cap: number, filters: { court?: string }) => mostCited(handle.db, filters, cap)],
  ] as const)(
    'the candidates of %s: the floor is the cap-th count kept, whatever the filters',
    async (_, read) => {
      const full = (await read(1000, {})).rows;
      expect(new Set(full.map((r) => r.citing)).size).toBeGreaterThan(1);
      for (let cap = 1; cap <= full.length + 1; cap++) {
        const floor = full[cap - 1]?.citing ?? 0;
        expect(await read(cap, {}), `cap ${cap}`).toEqual({ rows: full.slice(0, cap), floor });
        expect((await read(cap, { court: 'bge' })).floor, `cap ${cap}, court=bge`).toBe(floor);
      }
    },
  );

  it("a topic's page from its leaders is the head of the page ranking every candidate", async () => {
    // the German decisions of the Federal Supreme Court: 4A_50/2014 cited by six of them, 4A_60/2014
    // by three, 4A_900/2018 by one; the hub (a BGE) cited by three, but not on the topic
    const all = (await json('/leading-cases?query=Bundesgericht&limit=100')).results as {
      decision_id: string;
      authority: { in_context: boolean; citing_in_context: number };
    }[];
    const own = all.filter((r) => r.authority.in_context && r.authority.citing_in_context > 0);
    expect(own.map((r) => [r.decision_id, r.authority.citing_in_context])).toEqual([
      [THIRD.decision_id, 6],
      [TIE_A.decision_id, 3],
      [LATER.decision_id, 1],
    ]);
    expect(all.map((r) => r.decision_id)).toContain(HUB.decision_id);
    for (let limit = 1; limit <= own.length + 2; limit++) {
      const page = await json(`/leading-cases?query=Bundesgericht&limit=${limit}`);
      expect(page.results, `limit ${limit}`).toEqual(
        all.slice(0, limit).map((r, i) => ({ ...r, rank: i + 1 })),
      );
    }
  });

  it("a topic's page read from its leaders is the page of every candidate; its own cited decisions cited no more often than the floor are ranked by score", async () => {
    // 600 context decisions citing: 30 decisions 20–49 times each, 5 of the context's own 5 times,
    // and 600 others and 2 of the context's own twice each: 637 cited, the 500th twice (the floor),
    // so of those cited twice only the 465 newest are candidates
    const ids = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `synthetic_${prefix}_${i}`);
    const sources = ids('ctx', 600);
    const hubs = ids('hub', 30);
    const above = ids('own', 5);
    const twice = ids('twice', 600);
    const [older, newer] = ['synthetic_own_old', 'synthetic_own_new'];
    const dated = new Map<string, string>([
      ...hubs.map((id) => [id, '2019-01-01'] as const),
      ...above.map((id) => [id, '2018-01-01'] as const),
      [older, '1990-01-01'],
      [newer, '2025-01-01'],
    ]);
    const edges: [string, string][] = [
      ...hubs.flatMap((hub, j) => sources.slice(0, 20 + j).map((source): [string, string] => [source, hub])),
      ...above.flatMap((own) => sources.slice(100, 105).map((source): [string, string] => [source, own])),
      ...twice.flatMap((id, m): [string, string][] => [
        [sources[m]!, id],
        [sources[(m + 1) % 600]!, id],
      ]),
      [sources[200]!, older],
      [sources[300]!, older],
      [sources[201]!, newer],
      [sources[301]!, newer],
    ];
    const nodes = [...sources, ...hubs, ...above, ...twice, older, newer];
    await handle.db
      .transaction()
      .execute(async (tx) => {
        await sql`insert into citation_nodes (decision_id, court, canton, language, decision_date, docket_number,
            title, rule_statement, case_references, statute_references, event_position)
          values ${sql.join(
            nodes.map(
              (id) =>
                sql`(${id}, 'bger', 'CH', 'de', ${dated.get(id) ?? '2020-01-01'}::date, ${id}, ${id}, '', 0, 0, 0)`,
            ),
          )}`.execute(tx);
        await sql`insert into citation_edges (source_id, role, target_id, ordinal, match, candidates,
            court_agreement, date_order, confidence, source_date, source_court, source_canton)
          values ${sql.join(
            edges.map(
              ([source, target]) =>
                sql`(${source}, 'citation', ${target}, 1, 'exact', 1, 'same', 'before', 1, '2021-01-01'::date, 'bger', 'CH')`,
            ),
          )}`.execute(tx);
        // the in-degrees as the projection keeps them (at least the citations from the context):
        // those cited twice are cited often elsewhere, so they score low (the context's own two do not)
        const degrees: [string[], number][] = [
          ...hubs.map((hub, j): [string[], number] => [[hub], 20 + j]),
          [above, 5],
          [[older, newer], 2],
          [twice, 1000],
        ];
        for (const [cited, n] of degrees)
          await sql`insert into citation_degrees (decision_id, role, n, confident)
            select unnest(${cited}::text[]), 'citation', ${n}::int, ${n}::int`.execute(tx);
        const topic = { ids: [...sources, ...above, older, newer], lowerBound: false };
        const search = new PostgresSearchIndex(tx);
        const ctx = { publicBaseUrl: 'https://research.example.ch', today: '2026-01-02' };
        const page = async (query: Partial<LeadingCasesQuery>) =>
          (await leadingCases(tx, search, { limit: 20, ...query }, ctx, topic)).results.map(
            (r) => [r.decision_id, r.authority.in_context, r.authority.citing_in_context] as const,
          );
        // every candidate ranked (a date filter, which every decision passes, reads them all)
        const every = await page({ limit: 100, date_from: '1900-01-01' });
        // the context's own cited five times first; the hubs by score; the newer own cited twice
        // (a candidate by its date) among the others cited twice, by score; the older one is none
        expect(every.slice(0, 5)).toEqual(above.map((id) => [id, true, 5]));
        expect(every.slice(5, 35).map(([id]) => id)).toEqual([...hubs].reverse());
        expect(every[35]).toEqual([newer, true, 2]);
        expect(every.map(([id]) => id)).not.toContain(older);
        // the leaders read: the context's own cited decisions and the 100 cited most (every hub),
        // as every candidate counts them
        const context = sql`select unnest(${topic.ids}::text[]) as id`;
        const leaders = await contextLeaders(tx, context, 500, 100);
        expect([leaders.floor, leaders.bound]).toEqual([2, 2]);
        // not all 637 (ties at the 100th place are cut anywhere: some of the own two may be among them)
        expect(leaders.rows.length).toBeGreaterThanOrEqual(100);
        expect(leaders.rows.length).toBeLessThanOrEqual(102);
        const counted = new Map(
          (await citationsFromContext(tx, context, {}, 1000)).rows.map((r) => [r.decision_id, r]),
        );
        for (const row of leaders.rows) expect(row).toEqual(counted.get(row.decision_id));
        const read = leaders.rows.map((r) => r.decision_id);
        expect(read).toEqual(expect.arrayContaining([...hubs, ...above, older, newer]));
        // every page the same read from the leaders (no filter)
        for (const limit of [1, 5, 6, 20, 35, 36, 37, 40, 100])
          expect(await page({ limit }), `limit ${limit}`).toEqual(every.slice(0, limit));
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
  });

  it('without topic or provision lists the most-cited decisions overall, bounded by limit', async () => {
    const body = await json('/leading-cases?limit=3');
    expect(body.filters).toMatchObject({ query: null, statute: null });
    expect(body.returned).toBe(3);
    expect(body.results.map((r: { decision_id: string }) => r.decision_id)).toEqual([
      HUB.decision_id,
      THIRD.decision_id,
      expect.any(String),
    ]);
    const counts = body.results.map(
      (r: { authority: { citing_in_context: number } }) => r.authority.citing_in_context,
    );
    expect([...counts].sort((a: number, b: number) => b - a)).toEqual(counts);
    expect(body.results[0].authority.score).toBe(body.results[0].authority.citing_in_context);
    const bge = await json('/leading-cases?court=bge&limit=100');
    expect(bge.results.every((r: { court: string }) => r.court === 'bge')).toBe(true);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=x&law_code=OR', 'limit'],
    ['article=41', 'article'],
    ['law_code=XYZ', 'law_code'],
    ['law_code=OR&article=abc', 'article'],
    ['law_code=OR&date_from=2020-13-01', 'date_from'],
    ['law_code=OR&date_from=2020-01-01&date_to=2019-01-01', 'date_to'],
    ['law_code=OR&court=nowhere_court', 'court'],
    ['query=%22open', 'query'],
    // nothing to search for: never dropped silently
    ['query=-', 'query'],
    ['query=*&law_code=OR', 'query'],
  ])('%s → 422', async (query, param) => {
    const res = await get(`/leading-cases?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    const detail = res.json<{ detail: { loc: string[] }[] }>().detail;
    expect(detail.map((d) => d.loc)).toContainEqual(['query', param]);
  });

  it('limit bounds are inclusive', async () => {
    expect((await get('/leading-cases?law_code=OR&limit=1')).statusCode).toBe(200);
    expect((await get('/leading-cases?law_code=OR&limit=100')).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// /trends

describe('GET /trends', () => {
  it('counts decisions citing a provision per year, in every language', async () => {
    const expected = { total: 7, years: [{ year: 2016, decisions: 7, is_lower_bound: false }] };
    for (const code of ['OR', 'CO', '220']) {
      expect(await json(`/trends?law_code=${code}&article=41`), code).toMatchObject(expected);
    }
    expect(await json('/trends?law_code=ZGB&article=8')).toMatchObject({
      total: 5,
      years: [{ year: 2017, decisions: 5 }],
    });
  });

  it('by topic, by topic and statute, and all decisions', async () => {
    expect(await json('/trends?query=Beweislast')).toMatchObject({
      total: 5,
      years: [{ year: 2017, decisions: 5 }],
    });
    expect(await json('/trends?query=Beweislast&law_code=OR&article=41')).toMatchObject({
      total: 0,
      years: [],
    });
    const all = await json('/trends?court=bge');
    expect(all.years).toEqual([
      { year: 2014, decisions: 1, is_lower_bound: false },
      { year: 2015, decisions: 1, is_lower_bound: false },
    ]);
  });

  it.each([
    ['law_code=OR', 'law_code'],
    ['article=41', 'article'],
    ['law_code=NOPE&article=1', 'law_code'],
    ['date_to=2020-02-30', 'date_to'],
    ['query=-', 'query'],
    ['query=%22open', 'query'],
  ])('%s → 422', async (query, param) => {
    const res = await get(`/trends?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ detail: { loc: string[] }[] }>().detail.map((d) => d.loc)).toContainEqual([
      'query',
      param,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// /statistics

describe('GET /statistics: citation graph and statutes', () => {
  it('reports references, edges and the most cited decisions', async () => {
    const body = await json('/statistics');
    expect(body.citation_graph).toMatchObject({
      case_references: 23,
      resolved_references: 22,
      unresolved_references: 1,
      cited_decisions: 6,
      appeal_references: 2,
      appeal_links_resolved: 1,
    });
    expect(body.citation_graph.most_cited[0]).toEqual({
      decision_id: HUB.decision_id,
      citation_string_de: 'BGE 140 III 86',
      cited_by: 8,
    });
    expect(body.statutes).toMatchObject({ decisions_citing_statutes: 12, federal_acts: 2 });
    expect(body.statutes.top_articles).toEqual([
      { sr_number: '220', abbreviation: 'OR', article: '41', decisions: 7 },
      { sr_number: '210', abbreviation: 'ZGB', article: '8', decisions: 5 },
    ]);
  });

  it('filters apply to the citing decisions', async () => {
    const body = await json('/statistics?year=2017');
    expect(body.citation_graph).toMatchObject({ case_references: 8, citing_decisions: 5 });
    expect(body.statutes.top_acts).toEqual([{ sr_number: '210', abbreviation: 'ZGB', decisions: 5 }]);
  });

  it.each(['', 'court=bger', 'court=bge', 'year=2017', 'canton=CH', 'court=bger&year=2019', 'court=bvger'])(
    '/statistics?%s: the kept figures equal a count over the references, edges and statute references',
    async (filter) => {
      const body = await json(`/statistics?${filter}`);
      const params = new URLSearchParams(filter);
      const court = params.get('court');
      const canton = params.get('canton');
      const year = params.get('year');
      const where = sql`true ${court ? sql`and source_court = ${court}` : sql``} ${canton ? sql`and source_canton = ${canton}` : sql``}
        ${year ? sql`and date_part('year', source_date) = ${Number(year)}` : sql``}`;
      const one = async (q: ReturnType<typeof sql>) =>
        Number(((await q.execute(handle.db)).rows[0] as { n: number }).n);
      const resolved = (
        role: string,
      ) => sql`select count(*)::int as n from decision_references r where role = ${role} and ${where}
        and exists (select 1 from reference_targets t where t.source_id = r.source_id and t.ordinal = r.ordinal)`;
      expect(body.citation_graph).toMatchObject({
        case_references: await one(
          sql`select count(*)::int as n from decision_references where role = 'citation' and ${where}`,
        ),
        resolved_references: await one(resolved('citation')),
        citing_decisions: await one(
          sql`select count(distinct source_id)::int as n from citation_edges where role = 'citation' and ${where}`,
        ),
        cited_decisions: await one(
          sql`select count(distinct target_id)::int as n from citation_edges where role = 'citation' and ${where}`,
        ),
        edges: await one(
          sql`select count(*)::int as n from citation_edges where role = 'citation' and ${where}`,
        ),
        appeal_references: await one(
          sql`select count(*)::int as n from decision_references where role = 'appeal_prior' and ${where}`,
        ),
        appeal_links_resolved: await one(resolved('appeal_prior')),
      });
      const top = await sql<{
        target_id: string;
        n: number;
      }>`select target_id, count(*)::int as n from citation_edges
        where role = 'citation' and ${where} group by target_id order by n desc, target_id limit 5`.execute(
        handle.db,
      );
      expect(
        body.citation_graph.most_cited.map((m: { decision_id: string; cited_by: number }) => [
          m.decision_id,
          m.cited_by,
        ]),
      ).toEqual(top.rows.map((t) => [t.target_id, Number(t.n)]));
      expect(body.statutes).toMatchObject({
        statute_references: await one(sql`select count(*)::int as n from statute_references where ${where}`),
        decisions_citing_statutes: await one(
          sql`select count(distinct source_id)::int as n from statute_references where ${where}`,
        ),
        federal_acts: await one(
          sql`select count(distinct sr_number)::int as n from statute_references where ${where}`,
        ),
      });
    },
  );
});
