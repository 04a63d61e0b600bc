/**
 * GET /decisions and GET /decisions/{decision_id} against the spec (`/work/shared/spec/api.md`):
 * the app over an in-memory PGlite whose read models were built by the real projections from
 * events in the table log.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationStrings } from '../contracts/citation/citation-strings.ts';
import { decisionIdFor } from '../contracts/courts/decision-id.ts';
import type { NormalisedDecision } from '../contracts/events/index.ts';
import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import type { DecisionSearchIndex } from '../infra/search/search.port.ts';
import { searchEnvelope } from '../contracts/api/decisions.schema.ts';
import { decisionEvent, makeDecision } from '../test/support/decisions.ts';
import { scraperRun } from '../test/support/scraper-runs.ts';
import {
  appOver as appOverModels,
  loadReadModels,
  TEST_PUBLIC_BASE as PUBLIC_BASE,
  type LoadedReadModels,
} from '../test/support/read-models.ts';
import type { ApiSettings } from './api-deps.ts';

// ---------------------------------------------------------------------------------------------
// Data

const TODAY = '2026-01-15';

function undated(d: NormalisedDecision): NormalisedDecision {
  return { ...d, decision_date: null, decision_type: null };
}

const SPECIAL: readonly NormalisedDecision[] = [
  makeDecision({
    court: 'bger',
    docket_number: '6B_1234/2025',
    decision_date: '2025-05-03',
    language: 'de',
    chamber: 'Strafrechtliche Abteilung',
    decision_type: 'Urteil',
    title: 'Strafzumessung bei gewerbsmässigem Betrug',
    regeste: 'Art. 47 StGB; Strafzumessung. Die Vorstrafen sind bei der Strafzumessung zu berücksichtigen.',
    full_text:
      'Sachverhalt: Der Beschwerdeführer wurde wegen Betrugs verurteilt.\n\nErwägungen: Die Strafe ist angemessen.',
    source_url: 'https://www.bger.ch/6B_1234_2025',
  }),
  makeDecision({
    court: 'bge',
    docket_number: 'BGE 131 III 121',
    decision_date: '2005-03-01',
    language: 'de',
    chamber: 'I. Zivilabteilung',
    decision_type: 'Leitentscheid',
    title: 'Mietrecht; Sperrfrist nach einem Schlichtungsverfahren',
    regeste: 'Art. 271a OR; die Sperrfrist beginnt mit dem Abschluss des Schlichtungsverfahrens.',
    full_text: 'Die Vermieterin kündigte während der Sperrfrist.',
  }),
  makeDecision({
    // cites both, in French
    court: 'bger',
    docket_number: '4A_200/2021',
    decision_date: '2021-06-15',
    language: 'fr',
    chamber: 'Ire Cour de droit civil',
    decision_type: 'arrêt',
    title: 'Bail à loyer; délai de protection',
    full_text:
      'Le délai de protection court dès la fin de la procédure (ATF 131 III 121 consid. 3; arrêt 6B_1234/2025).\n\nLe recours est rejeté.',
  }),
  makeDecision({
    // a letter beyond ASCII in the id: the canonical URL percent-encodes it
    court: 'zh_obergericht',
    docket_number: 'PÜ190001',
    decision_date: '2019-06-30',
    language: 'de',
    chamber: 'II. Zivilkammer',
    decision_type: 'Beschluss',
    title: 'Erbteilung',
    full_text: 'Die Erben streiten über die Ausgleichung.',
  }),
  makeDecision({
    // a date after "today": the citation carries no date
    court: 'bger',
    docket_number: '9C_10/2026',
    decision_date: '2026-03-01',
    language: 'de',
    title: 'Invalidenrente',
    full_text: 'Die Invalidenrente wird zugesprochen.',
  }),
  makeDecision({
    // a placeholder date (YYYY-01-01): the citation carries no date
    court: 'bger',
    docket_number: '2C_5/2020',
    decision_date: '2020-01-01',
    language: 'de',
    title: 'Steuerveranlagung',
    full_text: 'Die Steuerveranlagung ist rechtskräftig.',
  }),
  // no date and no decision type (makeDecision turns a null date or type into its default)
  undated(
    makeDecision({
      court: 'lu_kantonsgericht',
      docket_number: '1B 21 5',
      language: 'de',
      chamber: 'Kammer_A',
      title: 'Auftrag',
      full_text: 'Der Auftrag wurde als Vertrag eigener Art qualifiziert.',
    }),
  ),
  makeDecision({
    // the first of the month: 1er / 1°
    court: 'ge_gerichte',
    docket_number: 'ACJC/123/2021',
    decision_date: '2021-09-01',
    language: 'fr',
    chamber: 'Chambre civile',
    decision_type: 'arrêt',
    title: 'Contrat de travail; licenciement',
    full_text: 'Le contrat de travail a été résilié avec effet immédiat.',
  }),
  makeDecision({
    court: 'ti_gerichte',
    docket_number: '12.2020.1',
    decision_date: '2020-02-20',
    language: 'it',
    chamber: 'Camera civile',
    decision_type: 'sentenza',
    title: 'Responsabilità civile',
    full_text: 'Il diritto al risarcimento presuppone la responsabilità del convenuto.',
  }),
  makeDecision({
    court: 'gr_kantonsgericht',
    docket_number: 'ZK1 20 5',
    decision_date: '2020-06-06',
    language: 'rm',
    chamber: 'Chombra civila',
    decision_type: 'sentenzia',
    title: 'Contract da locaziun',
    full_text: 'Il contract da locaziun è vegnì terminà.',
  }),
];

const GENERATED_COURTS = [
  {
    court: 'bger',
    language: 'de',
    docket: (i: number) => `4A_${300 + i}/20${10 + (i % 15)}`,
    chamber: 'I. zivilrechtliche Abteilung',
  },
  {
    court: 'bvger',
    language: 'fr',
    docket: (i: number) => `A-${5000 + i}/20${10 + (i % 15)}`,
    chamber: 'Cour I',
  },
  {
    court: 'zh_obergericht',
    language: 'de',
    docket: (i: number) => `LB${190100 + i}`,
    chamber: 'I. Zivilkammer',
  },
  {
    court: 'be_obergericht',
    language: 'de',
    docket: (i: number) => `ZK ${20 + (i % 5)} ${100 + i}`,
    chamber: '2. Zivilkammer',
  },
  {
    court: 'vd_findinfo',
    language: 'fr',
    docket: (i: number) => `HC/20${10 + (i % 15)}/${i}`,
    chamber: 'Cour civile',
  },
  {
    court: 'ti_gerichte',
    language: 'it',
    docket: (i: number) => `12.20${10 + (i % 15)}.${i}`,
    chamber: 'Camera civile',
  },
] as const;

/** 32 ordinary decisions: "Mietvertrag" in every one, dates spread over 2010–2024, some sharing a date. */
const GENERATED: readonly NormalisedDecision[] = Array.from({ length: 32 }, (_, i) => {
  const c = GENERATED_COURTS[i % GENERATED_COURTS.length]!;
  const year = 2010 + (i % 15);
  const month = String(1 + (i % 12)).padStart(2, '0');
  const day = String(2 + (i % 3) * 9).padStart(2, '0');
  return makeDecision({
    court: c.court,
    docket_number: c.docket(i),
    decision_date: `${year}-${month}-${day}`,
    language: c.language,
    chamber: c.chamber,
    decision_type: i % 4 === 0 ? 'Beschluss' : 'Urteil',
    title: `Mietvertrag Nummer ${i}: Kündigung und Mietzins`,
    regeste:
      i % 2 === 0
        ? `Mietvertrag ${i}; Anfechtung der Kündigung. ${'Ausführliche Regeste. '.repeat(8)}`
        : null,
    full_text: `Mietvertrag ${i}. Die Kündigung des Mietvertrags wird geprüft.\n\n${'Erwägung. '.repeat(40)}`,
  });
});

const DECISIONS: readonly NormalisedDecision[] = [...SPECIAL, ...GENERATED];
const ALL_IDS = DECISIONS.map((d) => d.decision_id);
const byId = (id: string) => DECISIONS.find((d) => d.decision_id === id)!;
const idOf = (court: string, docket: string) => decisionIdFor(court, docket);

// ---------------------------------------------------------------------------------------------
// App

/** The API over the loaded read models at {@link TODAY}, optionally with other settings or another search index. */
const appOver = (
  models: LoadedReadModels,
  settings: Partial<ApiSettings> = {},
  search?: DecisionSearchIndex,
) => appOverModels(models, { today: TODAY, settings, ...(search ? { search } : {}) });

let loaded: LoadedReadModels;
let app: FastifyInstance;

beforeAll(async () => {
  loaded = await loadReadModels([
    ...DECISIONS.map(decisionEvent),
    scraperRun('CH_BGer', 'r2', '2026-01-14T02:00:00.000Z', true),
    scraperRun('CH_BGer', 'r1', '2026-01-13T02:00:00.000Z', false),
  ]);
  app = await appOver(loaded);
});

afterAll(async () => {
  await app?.close();
  await loaded?.handle.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

interface Summary {
  decision_id: string;
  court: string;
  decision_date: string | null;
  language: string;
  title: string;
  regeste?: string | null;
  citation_string_de: string;
  citation_string_fr: string;
  citation_string_it: string;
  canonical_url: string;
  rule_statement?: string;
  [key: string]: unknown;
}

interface Envelope {
  total: number;
  total_is_lower_bound: boolean;
  returned: number;
  results: Summary[];
  limit: number;
  offset: number;
  has_more: boolean;
  next_offset: number | null;
  notice?: string;
  requested_limit?: number;
  [key: string]: unknown;
}

interface Detail422 {
  loc: string[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function get(url: string, on: FastifyInstance = app) {
  return on.inject({ method: 'GET', url });
}

async function searchOk(
  params: Record<string, string | number>,
  on: FastifyInstance = app,
): Promise<Envelope> {
  const res = await get(`/decisions?${qs(params)}`, on);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope>();
}

async function search422(params: Record<string, string | number>): Promise<Detail422[]> {
  const res = await get(`/decisions?${qs(params)}`);
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json<{ detail: Detail422[] }>();
  expectValidationBody(body);
  return body.detail;
}

/** The spec's 422 body: `detail` = [{ loc: string[], msg: string, type: string, input?, ctx?: object }]. */
function expectValidationBody(body: unknown): void {
  expect(Object.keys(body as object)).toEqual(['detail']);
  const detail = (body as { detail: unknown }).detail;
  expect(Array.isArray(detail)).toBe(true);
  expect((detail as unknown[]).length).toBeGreaterThan(0);
  for (const d of detail as Record<string, unknown>[]) {
    expect(Array.isArray(d['loc'])).toBe(true);
    for (const part of d['loc'] as unknown[]) expect(typeof part).toBe('string');
    expect(typeof d['msg']).toBe('string');
    expect((d['msg'] as string).length).toBeGreaterThan(0);
    expect(typeof d['type']).toBe('string');
    for (const key of Object.keys(d)) expect(['loc', 'msg', 'type', 'input', 'ctx']).toContain(key);
    if ('ctx' in d)
      expect(typeof d['ctx'] === 'object' && d['ctx'] !== null && !Array.isArray(d['ctx'])).toBe(true);
  }
}

/** Follows next_offset while has_more, collecting every page. */
async function collectAll(
  params: Record<string, string | number>,
  on: FastifyInstance = app,
): Promise<{ ids: string[]; pages: Envelope[] }> {
  const ids: string[] = [];
  const pages: Envelope[] = [];
  let offset = 0;
  for (let guard = 0; guard < 200; guard++) {
    const page = await searchOk({ ...params, offset }, on);
    pages.push(page);
    ids.push(...page.results.map((r) => r.decision_id));
    expect(page.returned).toBe(page.results.length);
    expect(page.offset).toBe(offset);
    expect(page.next_offset).toBe(offset + page.returned);
    if (!page.has_more) return { ids, pages };
    expect(page.returned).toBeGreaterThan(0);
    offset = page.next_offset!;
  }
  throw new Error('pagination did not end');
}

/** date_desc order of the test data: nulls last, ties by decision id descending. */
function dateDesc(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => {
    const da = byId(a).decision_date;
    const db = byId(b).decision_date;
    if (da !== db) {
      if (da === null) return 1;
      if (db === null) return -1;
      return da < db ? 1 : -1;
    }
    return a < b ? 1 : a > b ? -1 : 0;
  });
}

// ---------------------------------------------------------------------------------------------
// GET /decisions: parameters

describe('GET /decisions parameters', () => {
  it('without parameters: every decision, newest first, limit 50, offset 0, full fields', async () => {
    const body = await searchOk({});
    expect(body.total).toBe(DECISIONS.length);
    expect(body.total_is_lower_bound).toBe(false);
    expect(body.limit).toBe(50);
    expect(body.offset).toBe(0);
    expect(body.returned).toBe(DECISIONS.length);
    expect(body.has_more).toBe(false);
    expect(body.results.map((r) => r.decision_id)).toEqual(dateDesc(ALL_IDS));
    expect(body.results.every((r) => 'regeste' in r && 'rule_statement' in r)).toBe(true);
  });

  it.each([
    ['1', 1],
    ['2000', 2000],
    ['7', 7],
    [' 3 ', 3],
    ['+4', 4],
  ])('limit=%j is accepted (effective limit %i)', async (limit, effective) => {
    const body = await searchOk({ limit, sort: 'date_desc' });
    expect(body.limit).toBe(effective);
    expect(body.returned).toBe(Math.min(effective, DECISIONS.length));
    expect(body.results.map((r) => r.decision_id)).toEqual(dateDesc(ALL_IDS).slice(0, effective));
  });

  it.each([
    ['0', 'greater_than_equal', { ge: 1 }],
    ['-1', 'greater_than_equal', { ge: 1 }],
    ['2001', 'less_than_equal', { le: 2000 }],
    ['5000', 'less_than_equal', { le: 2000 }],
    ['abc', undefined, undefined],
    ['1.5', undefined, undefined],
    ['', undefined, undefined],
    ['1e3', undefined, undefined],
  ])('limit=%j is rejected with 422', async (limit, type, ctx) => {
    const detail = await search422({ limit });
    expect(detail).toHaveLength(1);
    expect(detail[0]!.loc).toEqual(['query', 'limit']);
    if (type) expect(detail[0]!.type).toBe(type);
    if (ctx) expect(detail[0]!.ctx).toEqual(ctx);
  });

  it('limit=5000: the exact 422 entry', async () => {
    const [d] = await search422({ limit: 5000 });
    expect(d).toMatchObject({ loc: ['query', 'limit'], type: 'less_than_equal', ctx: { le: 2000 } });
    expect([5000, '5000']).toContainEqual(d!.input);
    expect(d!.msg).toMatch(/2000/);
  });

  it('a repeated limit is rejected', async () => {
    const res = await get('/decisions?limit=1&limit=2');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: Detail422[] }>().detail[0]!.loc).toEqual(['query', 'limit']);
  });

  it.each([
    ['0', 0],
    ['5', 5],
    ['1000', 1000],
  ])('offset=%j is accepted', async (offset, effective) => {
    const body = await searchOk({ offset, sort: 'date_desc' });
    expect(body.offset).toBe(effective);
    expect(body.results.map((r) => r.decision_id)).toEqual(
      dateDesc(ALL_IDS).slice(effective, effective + 50),
    );
    expect(body.has_more).toBe(false);
    expect(body.next_offset).toBe(effective + body.returned);
  });

  it.each(['-1', 'abc', '2.5', ''])('offset=%j is rejected with 422', async (offset) => {
    const detail = await search422({ offset });
    expect(detail.map((d) => d.loc)).toEqual([['query', 'offset']]);
  });

  it('several invalid parameters: one entry each', async () => {
    const detail = await search422({ limit: 0, offset: -1, sort: 'newest', language: 'en' });
    expect(detail.map((d) => d.loc.join('.')).sort()).toEqual([
      'query.language',
      'query.limit',
      'query.offset',
      'query.sort',
    ]);
  });

  it.each(['relevance', 'date_desc', 'date_asc'])('sort=%s is accepted', async (sort) => {
    const body = await searchOk({ sort, query: 'Mietvertrag' });
    expect(body.total).toBe(GENERATED.length);
  });

  it.each(['newest', 'DATE_DESC', '', 'date'])('sort=%j is rejected with 422 (enum)', async (sort) => {
    const [d] = await search422({ sort });
    expect(d).toMatchObject({ loc: ['query', 'sort'], type: 'enum', input: sort });
  });

  it('sort=date_asc: oldest first, undated last', async () => {
    const body = await searchOk({ sort: 'date_asc', limit: 2000 });
    const got = body.results.map((r) => r.decision_id);
    expect(got[got.length - 1]).toBe(idOf('lu_kantonsgericht', '1B 21 5'));
    const dates = got.slice(0, -1).map((id) => byId(id).decision_date!);
    expect(dates).toEqual([...dates].sort());
  });

  it('sort=relevance (the default) with a query: the referenced decision first', async () => {
    const body = await searchOk({ query: 'ATF 131 III 121' });
    expect(body.results.map((r) => r.decision_id)).toEqual([
      idOf('bge', 'BGE 131 III 121'),
      idOf('bger', '4A_200/2021'),
    ]);
    expect(typeof body.results[0]!['score']).toBe('number');
  });

  it('fields=compact omits regeste and rule_statement but keeps the citation fields', async () => {
    const body = await searchOk({ fields: 'compact', limit: 2000 });
    expect(body.returned).toBe(DECISIONS.length);
    for (const r of body.results) {
      expect(r).not.toHaveProperty('regeste');
      expect(r).not.toHaveProperty('rule_statement');
      expect(r.citation_string_de.length).toBeGreaterThan(0);
      expect(r.citation_string_fr.length).toBeGreaterThan(0);
      expect(r.citation_string_it.length).toBeGreaterThan(0);
      expect(r.canonical_url).toBe(`${PUBLIC_BASE}/entscheid/${encodeURIComponent(r.decision_id)}`);
      expect(r).toHaveProperty('decision_id');
      expect(r).toHaveProperty('court');
      expect(r).toHaveProperty('decision_date');
      expect(r).toHaveProperty('language');
      expect(r).toHaveProperty('title');
    }
  });

  it.each([
    ['relevance', { query: 'Kündigung OR Mietvertrag OR Haftung' }],
    ['a reference first', { query: 'ATF 131 III 121' }],
    ['date order with filters', { court: 'bger', sort: 'date_asc' }],
    ['a later page', { query: 'Kündigung OR Mietvertrag', offset: 1, limit: 2 }],
    ['no match', { query: 'Zitronenfalterflügel' }],
  ] as const)(
    'fields=compact (%s): the full page without the long texts, the same envelope, valid JSON as the schema says',
    async (_, params) => {
      const full = await searchOk({ ...params, fields: 'full' });
      // asked twice: the second page is built from the summaries kept by the first
      for (let i = 0; i < 2; i++) {
        const res = await get(`/decisions?${qs({ ...params, fields: 'compact' })}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
        const compact = searchEnvelope.strict().parse(res.json());
        expect(compact).toEqual({
          ...full,
          fields: 'compact',
          results: full.results.map(
            ({ regeste: _r, chamber: _c, decision_type: _t, rule_statement: _s, ...rest }) => rest,
          ),
        });
      }
      expect(full.returned > 0).toBe(!('query' in params && params.query === 'Zitronenfalterflügel'));
    },
  );

  it('fields=full carries regeste and rule_statement', async () => {
    const body = await searchOk({ fields: 'full', limit: 2000 });
    for (const r of body.results) {
      expect(r).toHaveProperty('regeste');
      expect(typeof r.rule_statement).toBe('string');
    }
  });

  it.each(['short', 'FULL', ''])('fields=%j is rejected with 422', async (fields) => {
    const [d] = await search422({ fields });
    expect(d).toMatchObject({ loc: ['query', 'fields'], type: 'enum' });
  });

  it.each(['de', 'fr', 'it', 'rm'] as const)('language=%s filters', async (language) => {
    const body = await searchOk({ language, limit: 2000 });
    expect(body.results.map((r) => r.decision_id).sort()).toEqual(
      DECISIONS.filter((d) => d.language === language)
        .map((d) => d.decision_id)
        .sort(),
    );
    expect(body.total).toBe(body.returned);
  });

  it.each(['en', 'DE', 'deu', ''])('language=%j is rejected with 422', async (language) => {
    const [d] = await search422({ language });
    expect(d).toMatchObject({ loc: ['query', 'language'], type: 'enum' });
  });

  it.each([
    ['ZH', 'ZH'],
    ['zh', 'ZH'],
    [' Zh ', 'ZH'],
    ['CH', 'CH'],
    ['ch', 'CH'],
    ['TI', 'TI'],
    ['SO', 'SO'],
  ])('canton=%j filters on %s', async (canton, code) => {
    const body = await searchOk({ canton, limit: 2000 });
    expect(body.results.map((r) => r.decision_id).sort()).toEqual(
      DECISIONS.filter((d) => d.canton === code)
        .map((d) => d.decision_id)
        .sort(),
    );
  });

  it.each(['XX', 'Zürich', 'Z', ''])('canton=%j is rejected with 422', async (canton) => {
    const [d] = await search422({ canton });
    expect(d!.loc).toEqual(['query', 'canton']);
  });

  it.each([
    ['bger', 'bger'],
    ['BGER', 'bger'],
    ['zh_obergericht', 'zh_obergericht'],
    ['finma', 'finma'],
  ])('court=%j filters on %s', async (court, key) => {
    const body = await searchOk({ court, limit: 2000 });
    expect(body.results.map((r) => r.decision_id).sort()).toEqual(
      DECISIONS.filter((d) => d.court === key)
        .map((d) => d.decision_id)
        .sort(),
    );
  });

  it.each(['bundesgericht', 'xx_court', 'bger;', ''])(
    'court=%j (unknown) is rejected with 422',
    async (court) => {
      const [d] = await search422({ court });
      expect(d!.loc).toEqual(['query', 'court']);
      expect(d!.msg).toMatch(/court/i);
    },
  );

  it('date_from and date_to are inclusive and exclude undated decisions', async () => {
    const body = await searchOk({ date_from: '2020-02-20', date_to: '2021-06-15', limit: 2000 });
    const expected = DECISIONS.filter(
      (d) => d.decision_date !== null && d.decision_date >= '2020-02-20' && d.decision_date <= '2021-06-15',
    );
    expect(body.results.map((r) => r.decision_id).sort()).toEqual(expected.map((d) => d.decision_id).sort());
    expect(body.results.map((r) => r.decision_id)).toContain(idOf('ti_gerichte', '12.2020.1'));
    expect(body.results.map((r) => r.decision_id)).toContain(idOf('bger', '4A_200/2021'));
    const one = await searchOk({ date_from: '2025-05-03', date_to: '2025-05-03' });
    expect(one.results.map((r) => r.decision_id)).toEqual([idOf('bger', '6B_1234/2025')]);
  });

  it.each([
    ['date_from', '2020-13-01'],
    ['date_from', '2021-02-29'],
    ['date_to', '20200101'],
    ['date_to', '2020/01/01'],
    ['date_from', '01.01.2020'],
    ['date_to', '2020-1-1'],
    ['date_from', ''],
  ])('%s=%j is rejected with 422 (date format)', async (name, value) => {
    const [d] = await search422({ [name]: value });
    expect(d).toMatchObject({ loc: ['query', name], input: value });
  });

  it('date_from after date_to is rejected with 422', async () => {
    const detail = await search422({ date_from: '2021-01-02', date_to: '2021-01-01' });
    expect(detail).toHaveLength(1);
    expect(detail[0]!.loc[0]).toBe('query');
    expect(['date_from', 'date_to']).toContain(detail[0]!.loc[1]);
  });

  it('chamber: case-insensitive substring, % and _ taken literally', async () => {
    const ids = async (chamber: string) =>
      (await searchOk({ chamber, limit: 2000 })).results.map((r) => r.decision_id).sort();
    const containing = (s: string) =>
      DECISIONS.filter((d) => d.chamber?.toLowerCase().includes(s.toLowerCase()))
        .map((d) => d.decision_id)
        .sort();
    expect(await ids('zivilkammer')).toEqual(containing('zivilkammer'));
    expect((await ids('zivilkammer')).length).toBeGreaterThan(5);
    expect(await ids('STRAFRECHTLICHE')).toEqual([idOf('bger', '6B_1234/2025')]);
    expect(await ids('r_a')).toEqual([idOf('lu_kantonsgericht', '1B 21 5')]);
    expect(await ids('_')).toEqual([idOf('lu_kantonsgericht', '1B 21 5')]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('Zivil%kammer')).toEqual([]);
  });

  it('decision_type: case-insensitive, exact', async () => {
    const ids = async (decision_type: string) =>
      (await searchOk({ decision_type, limit: 2000 })).results.map((r) => r.decision_id).sort();
    expect(await ids('beschluss')).toEqual(
      DECISIONS.filter((d) => d.decision_type === 'Beschluss')
        .map((d) => d.decision_id)
        .sort(),
    );
    expect(await ids('ARRÊT')).toEqual(
      [idOf('bger', '4A_200/2021'), idOf('ge_gerichte', 'ACJC/123/2021')].sort(),
    );
    expect(await ids('entscheid')).toEqual([]);
    expect(await ids('Urt')).toEqual([]);
  });

  it('every filter together with a query', async () => {
    const body = await searchOk({
      query: 'Kündigung',
      court: 'bger',
      canton: 'ch',
      language: 'de',
      date_from: '2010-01-01',
      date_to: '2018-12-31',
      chamber: 'ZIVILRECHTLICHE',
      decision_type: 'urteil',
      sort: 'date_desc',
      limit: 2000,
    });
    const expected = GENERATED.filter(
      (d) =>
        d.court === 'bger' &&
        d.decision_type === 'Urteil' &&
        d.decision_date! >= '2010-01-01' &&
        d.decision_date! <= '2018-12-31',
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(body.results.map((r) => r.decision_id)).toEqual(dateDesc(expected.map((d) => d.decision_id)));
  });
});

// ---------------------------------------------------------------------------------------------
// query and q

describe('GET /decisions query and q', () => {
  const ids = async (params: Record<string, string>) =>
    (await searchOk({ ...params, limit: 2000 })).results.map((r) => r.decision_id).sort();
  const SPERRFRIST = [idOf('bge', 'BGE 131 III 121')];
  const STEUER = [idOf('bger', '2C_5/2020')];

  it('q is an alias of query', async () => {
    expect(await ids({ q: 'Sperrfrist' })).toEqual(SPERRFRIST);
    expect(await ids({ query: 'Sperrfrist' })).toEqual(SPERRFRIST);
  });

  it('a non-empty query wins over q', async () => {
    expect(await ids({ query: 'Steuerveranlagung', q: 'Sperrfrist' })).toEqual(STEUER);
    expect(await ids({ q: 'Sperrfrist', query: 'Steuerveranlagung' })).toEqual(STEUER);
  });

  it.each(['', '   '])('an empty query (%j) falls back to q', async (query) => {
    expect(await ids({ query, q: 'Sperrfrist' })).toEqual(SPERRFRIST);
  });

  it('both empty: every decision', async () => {
    expect(await ids({ query: '', q: '' })).toEqual([...ALL_IDS].sort());
  });

  it('query syntax: phrases, AND / OR / NOT, prefixes, docket numbers', async () => {
    expect(await ids({ query: '"Sperrfrist nach einem Schlichtungsverfahren"' })).toEqual(SPERRFRIST);
    expect(await ids({ query: 'Steuerveranlagung OR Sperrfrist' })).toEqual(
      [...SPERRFRIST, ...STEUER].sort(),
    );
    expect(await ids({ query: 'Mietvertrag NOT Beschluss' })).toHaveLength(GENERATED.length);
    expect(await ids({ query: 'Steuerveranl*' })).toEqual(STEUER);
    expect(await ids({ query: '6B_1234/2025' })).toEqual(
      [idOf('bger', '6B_1234/2025'), idOf('bger', '4A_200/2021')].sort(),
    );
    expect(await ids({ query: 'bger_6B_1234_2025' })).toEqual([idOf('bger', '6B_1234/2025')]);
    expect(await ids({ query: '-Mietvertrag' })).toEqual(SPECIAL.map((d) => d.decision_id).sort());
  });

  it.each([
    ['(Sperrfrist', 0],
    ['Sperrfrist)', 10],
    ['"Sperrfrist', 0],
    ['Sperrfrist AND', 11],
    ['OR Sperrfrist', 0],
    ['a*', 0],
  ])('invalid query syntax %j → 422 at loc [query, query]', async (query, position) => {
    const detail = await search422({ query });
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({ loc: ['query', 'query'], input: query });
    expect(detail[0]!.msg).toMatch(/query/i);
    expect(detail[0]!.ctx?.['position']).toBe(position);
  });

  it.each([
    [{ query: '-' }, 'query'],
    [{ query: '*' }, 'query'],
    [{ q: '- *' }, 'q'],
  ])(
    'a query with nothing to search for (%j) → 422, never a listing of everything',
    async (params, param) => {
      const detail = await search422(params);
      expect(detail).toEqual([
        expect.objectContaining({ loc: ['query', param], msg: expect.stringMatching(/nothing|no words/) }),
      ]);
    },
  );

  it('invalid syntax in q → 422 at loc [query, q]; in query, even when q is valid → [query, query]', async () => {
    expect((await search422({ q: '(Sperrfrist' }))[0]!.loc).toEqual(['query', 'q']);
    expect((await search422({ query: '(Sperrfrist', q: 'Sperrfrist' }))[0]!.loc).toEqual(['query', 'query']);
    // an invalid q is not looked at when a non-empty query wins
    expect(await ids({ query: 'Sperrfrist', q: '(' })).toEqual(SPERRFRIST);
  });

  it('a query longer than 1000 characters is rejected with 422', async () => {
    const [d] = await search422({ query: 'a'.repeat(1001) });
    expect(d!.loc).toEqual(['query', 'query']);
  });
});

// ---------------------------------------------------------------------------------------------
// Envelope

describe('GET /decisions envelope', () => {
  it('has every spec field with its type', async () => {
    const body = await searchOk({ query: 'Mietvertrag', limit: 5, offset: 2, sort: 'date_desc' });
    expect(body).toMatchObject({
      total: GENERATED.length,
      total_is_lower_bound: false,
      returned: 5,
      limit: 5,
      offset: 2,
      has_more: true,
      next_offset: 7,
    });
    expect(body.results).toHaveLength(5);
    expect(body).not.toHaveProperty('notice');
    expect(body).not.toHaveProperty('requested_limit');
  });

  it('the last page: has_more false, returned below limit, limit stays the requested one', async () => {
    const body = await searchOk({ query: 'Mietvertrag', limit: 10, offset: 30, sort: 'date_desc' });
    expect(body).toMatchObject({
      total: 32,
      returned: 2,
      limit: 10,
      offset: 30,
      has_more: false,
      next_offset: 32,
    });
  });

  it('an offset past the end: empty page', async () => {
    const body = await searchOk({ query: 'Mietvertrag', limit: 10, offset: 100, sort: 'date_asc' });
    expect(body).toMatchObject({ total: 32, returned: 0, results: [], has_more: false, offset: 100 });
  });

  it.each([
    ['date_desc', 7],
    ['date_asc', 5],
    ['date_desc', 1],
    ['date_asc', 40],
  ])(
    'following next_offset while has_more (sort %s, limit %i) yields every match exactly once, in order',
    async (sort, limit) => {
      const { ids, pages } = await collectAll({ sort, limit });
      expect(ids).toHaveLength(DECISIONS.length);
      expect(new Set(ids).size).toBe(DECISIONS.length);
      const expected = dateDesc(ALL_IDS);
      if (sort === 'date_desc') expect(ids).toEqual(expected);
      for (const p of pages) {
        expect(p.total).toBe(DECISIONS.length);
        expect(p.total_is_lower_bound).toBe(false);
        expect(p.limit).toBe(limit);
      }
    },
  );

  it('a relevance query can be paged the same way', async () => {
    const { ids } = await collectAll({ query: 'Mietvertrag OR Sperrfrist', limit: 4 });
    expect(ids.sort()).toEqual(
      [...GENERATED.map((d) => d.decision_id), idOf('bge', 'BGE 131 III 121')].sort(),
    );
  });

  describe('with a bounded count and candidate pool (countCap 5, candidatePool 8)', () => {
    let capped: FastifyInstance;
    beforeAll(async () => {
      capped = await appOver(
        loaded,
        {},
        new PostgresSearchIndex(loaded.handle.db, { countCap: 5, candidatePool: 8 }),
      );
    });
    afterAll(async () => {
      await capped?.close();
    });

    it('total is a lower bound once the cap is passed', async () => {
      const body = await searchOk({ query: 'Mietvertrag', limit: 3 }, capped);
      expect(body).toMatchObject({ total: 5, total_is_lower_bound: true, returned: 3, has_more: true });
      const few = await searchOk({ query: 'Sperrfrist' }, capped);
      expect(few).toMatchObject({ total: 1, total_is_lower_bound: false });
    });

    it('relevance paging ends at the pool (has_more false is not proof of completeness); date sorts reach every match', async () => {
      const relevance = await collectAll({ query: 'Mietvertrag', limit: 3 }, capped);
      expect(relevance.ids).toHaveLength(8);
      expect(new Set(relevance.ids).size).toBe(8);
      const dated = await collectAll({ query: 'Mietvertrag', limit: 3, sort: 'date_desc' }, capped);
      expect(dated.ids).toHaveLength(GENERATED.length);
    });
  });

  describe('page reduction (small maxSearchResponseChars)', () => {
    let small: FastifyInstance;
    const BUDGET = 4000;
    beforeAll(async () => {
      small = await appOver(loaded, { maxSearchResponseChars: BUDGET });
    });
    afterAll(async () => {
      await small?.close();
    });

    it('returns fewer results than asked, says so, and keeps has_more / next_offset usable', async () => {
      const body = await searchOk({ query: 'Mietvertrag', limit: 20, sort: 'date_desc' }, small);
      expect(body.returned).toBeGreaterThan(0);
      expect(body.returned).toBeLessThan(20);
      expect(body.results).toHaveLength(body.returned);
      expect(body.limit).toBe(body.returned);
      expect(body.requested_limit).toBe(20);
      expect(typeof body.notice).toBe('string');
      expect(body.notice!.length).toBeGreaterThan(0);
      expect(body.has_more).toBe(true);
      expect(body.next_offset).toBe(body.returned);
      expect(body.total).toBe(GENERATED.length);
      // full detail is kept on every result that is returned
      for (const r of body.results) expect(r).toHaveProperty('rule_statement');
      expect(JSON.stringify(body.results).length).toBeLessThanOrEqual(BUDGET + 2);
    });

    it('following next_offset still reaches every match exactly once', async () => {
      const { ids, pages } = await collectAll({ query: 'Mietvertrag', limit: 20, sort: 'date_desc' }, small);
      expect(ids).toEqual(dateDesc(GENERATED.map((d) => d.decision_id)));
      expect(pages.some((p) => p.notice !== undefined)).toBe(true);
      expect(pages.length).toBeGreaterThan(2);
    });

    it('the reduction happens on the last page too: has_more stays true until everything was returned', async () => {
      const offset = GENERATED.length - 10;
      const body = await searchOk({ query: 'Mietvertrag', limit: 20, offset, sort: 'date_desc' }, small);
      expect(body.returned).toBeLessThan(10);
      expect(body.has_more).toBe(true);
      expect(body.next_offset).toBe(offset + body.returned);
    });

    it('fields=compact is not reduced', async () => {
      const body = await searchOk({ query: 'Mietvertrag', limit: 20, fields: 'compact' }, small);
      expect(body.returned).toBe(20);
      expect(body.limit).toBe(20);
      expect(body).not.toHaveProperty('notice');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Citation fields of the summaries

describe('GET /decisions citation fields', () => {
  it('every summary: citation strings in de/fr/it and the canonical URL of its id', async () => {
    const body = await searchOk({ limit: 2000 });
    for (const r of body.results) {
      const d = byId(r.decision_id);
      expect(r).toMatchObject(citationStrings(d, TODAY));
      expect(r.canonical_url).toBe(`${PUBLIC_BASE}/entscheid/${encodeURIComponent(r.decision_id)}`);
      expect(typeof r.rule_statement).toBe('string');
      expect(r.rule_statement!.length).toBeGreaterThan(0);
      expect(r.court).toBe(d.court);
      expect(r.decision_date).toBe(d.decision_date);
      expect(r.language).toBe(d.language);
      expect(r.title).toBe(d.title);
    }
  });

  it.each([
    [
      'bger',
      '6B_1234/2025',
      [
        'BGer 6B_1234/2025 vom 3. Mai 2025',
        'TF 6B_1234/2025 du 3 mai 2025',
        'TF 6B_1234/2025 del 3 maggio 2025',
      ],
    ],
    ['bge', 'BGE 131 III 121', ['BGE 131 III 121', 'ATF 131 III 121', 'DTF 131 III 121']],
    [
      'zh_obergericht',
      'PÜ190001',
      [
        'Obergericht ZH PÜ190001 vom 30. Juni 2019',
        'Tribunal supérieur ZH PÜ190001 du 30 juin 2019',
        'Tribunale superiore ZH PÜ190001 del 30 giugno 2019',
      ],
    ],
    [
      'ge_gerichte',
      'ACJC/123/2021',
      [
        'Cour de justice GE ACJC/123/2021 vom 1. September 2021',
        'Cour de justice GE ACJC/123/2021 du 1er septembre 2021',
        'Corte di giustizia GE ACJC/123/2021 del 1° settembre 2021',
      ],
    ],
    ['bger', '9C_10/2026', ['BGer 9C_10/2026', 'TF 9C_10/2026', 'TF 9C_10/2026']],
    ['bger', '2C_5/2020', ['BGer 2C_5/2020', 'TF 2C_5/2020', 'TF 2C_5/2020']],
    [
      'lu_kantonsgericht',
      '1B 21 5',
      ['Kantonsgericht LU 1B 21 5', 'Tribunal cantonal LU 1B 21 5', 'Tribunale cantonale LU 1B 21 5'],
    ],
  ])('%s %s: citation strings', async (court, docket, [de, fr, it]) => {
    const id = idOf(court, docket);
    const body = await searchOk({
      query: id.startsWith('bger_') || id.startsWith('bge_') ? id : '',
      court,
      limit: 2000,
    });
    const r = body.results.find((x) => x.decision_id === id);
    expect(r, id).toBeDefined();
    expect(r).toMatchObject({ citation_string_de: de, citation_string_fr: fr, citation_string_it: it });
  });

  it('canonical_url percent-encodes the id; rule_statement is the holding of the regeste, else the first paragraph', async () => {
    const body = await searchOk({ court: 'zh_obergericht', limit: 2000 });
    const r = body.results.find((x) => x.decision_id === 'zh_obergericht_PÜ190001')!;
    expect(r.canonical_url).toBe(`${PUBLIC_BASE}/entscheid/zh_obergericht_P%C3%9C190001`);
    expect(r.rule_statement).toBe('Die Erben streiten über die Ausgleichung.');
    const withRegeste = (await searchOk({ query: 'bger_6B_1234_2025' })).results[0]!;
    // the Regeste's heading of provision and topic is not part of the holding
    expect(withRegeste.rule_statement).toBe('Die Vorstrafen sind bei der Strafzumessung zu berücksichtigen.');
    const fr = (await searchOk({ query: '"délai de protection"' })).results[0]!;
    expect(fr.rule_statement).toBe(
      'Le délai de protection court dès la fin de la procédure (ATF 131 III 121 consid. 3; arrêt 6B_1234/2025).',
    );
  });

  it('the canonical URL resolves: /entscheid/{id} redirects to the decision', async () => {
    const id = 'zh_obergericht_PÜ190001';
    const res = await get(`/entscheid/${encodeURIComponent(id)}`);
    expect([301, 302, 303, 307, 308]).toContain(res.statusCode);
    const location = String(res.headers['location']);
    const followed = await get(location);
    expect(followed.statusCode).toBe(200);
    expect(followed.json<{ decision_id: string }>().decision_id).toBe(id);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /decisions/{decision_id}

describe('GET /decisions/{decision_id}', () => {
  const lookup = (idOrDocket: string, query = '') =>
    get(`/decisions/${encodeURIComponent(idOrDocket)}${query}`);

  it.each([
    ['the canonical id', 'bger_6B_1234_2025', 'bger_6B_1234_2025'],
    ['the docket as written', '6B_1234/2025', 'bger_6B_1234_2025'],
    ['the docket with a space', '6B 1234/2025', 'bger_6B_1234_2025'],
    ['the docket in lower case', '6b_1234/2025', 'bger_6B_1234_2025'],
    ['a decorated citation', 'BGer 6B_1234/2025 vom 3. Mai 2022', 'bger_6B_1234_2025'],
    ['its German citation string', 'BGer 6B_1234/2025 vom 3. Mai 2025', 'bger_6B_1234_2025'],
    ['its French citation string', 'TF 6B_1234/2025 du 3 mai 2025', 'bger_6B_1234_2025'],
    ['the BGE reference', 'BGE 131 III 121', 'bge_BGE_131_III_121'],
    ['the ATF form', 'ATF 131 III 121', 'bge_BGE_131_III_121'],
    ['the DTF form', 'DTF 131 III 121', 'bge_BGE_131_III_121'],
    ['the BGE id', 'bge_BGE_131_III_121', 'bge_BGE_131_III_121'],
    ['an id beyond ASCII', 'zh_obergericht_PÜ190001', 'zh_obergericht_PÜ190001'],
    ['a cantonal docket', 'PÜ190001', 'zh_obergericht_PÜ190001'],
    ['a docket with slashes', 'ACJC/123/2021', 'ge_gerichte_ACJC_123_2021'],
    ['a docket with spaces', '1B 21 5', 'lu_kantonsgericht_1B_21_5'],
    ['a docket with dots', '12.2020.1', 'ti_gerichte_12.2020.1'],
  ])('finds a decision by %s (%j)', async (_what, input, id) => {
    const res = await lookup(input);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ decision_id: string }>().decision_id).toBe(id);
  });

  it.each([
    ['a prefix of a BGE reference', 'BGE 131 III 12'],
    ['a longer BGE page', 'BGE 131 III 1210'],
    ['another volume', 'BGE 13 III 121'],
    ['a prefix of a docket', '6B_1234/202'],
    ['a shorter docket number', '6B_123/2025'],
    ['a prefix of an id', 'bger_6B_1234_202'],
    ['an id prefix of a BGE', 'bge_BGE_131_III_12'],
    ['an unknown id', 'bger_9Z_1_1999'],
    ['plain text', 'Mietvertrag'],
  ])('404 for %s (%j), with a clear detail', async (_what, input) => {
    const res = await lookup(input);
    expect(res.statusCode, res.body).toBe(404);
    const body = res.json<{ detail: string }>();
    expect(typeof body.detail).toBe('string');
    expect(body.detail).toContain(input);
  });

  it('returns full text, metadata, citation strings, canonical_url and rule_statement', async () => {
    const d = byId('bger_6B_1234_2025');
    const res = await lookup('bger_6B_1234_2025');
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      decision_id: 'bger_6B_1234_2025',
      court: 'bger',
      canton: 'CH',
      decision_date: '2025-05-03',
      language: 'de',
      title: d.title,
      regeste: d.regeste,
      chamber: 'Strafrechtliche Abteilung',
      decision_type: 'Urteil',
      docket_number: '6B_1234/2025',
      full_text: d.full_text,
      source_url: 'https://www.bger.ch/6B_1234_2025',
      citation_string_de: 'BGer 6B_1234/2025 vom 3. Mai 2025',
      citation_string_fr: 'TF 6B_1234/2025 du 3 mai 2025',
      citation_string_it: 'TF 6B_1234/2025 del 3 maggio 2025',
      canonical_url: `${PUBLIC_BASE}/entscheid/bger_6B_1234_2025`,
      rule_statement: 'Die Vorstrafen sind bei der Strafzumessung zu berücksichtigen.',
    });
    expect(body['provenance']).toMatchObject({ content_hash: d.provenance.content_hash, version: 1 });
  });

  it.each([
    ['', true],
    ['?full_text=true', true],
    ['?full_text=1', true],
    ['?full_text=false', false],
    ['?full_text=0', false],
    ['?full_text=FALSE', false],
  ])('full_text%s', async (query, included) => {
    const res = await lookup('bger_6B_1234_2025', query);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    if (included) expect(body['full_text']).toBe(byId('bger_6B_1234_2025').full_text);
    else expect(body).not.toHaveProperty('full_text');
    expect(body['rule_statement']).toBeTypeOf('string');
  });

  it.each(['abc', '', '2'])('full_text=%j is rejected with 422', async (value) => {
    const res = await lookup('bger_6B_1234_2025', `?full_text=${value}`);
    expect(res.statusCode).toBe(422);
    const body = res.json<{ detail: Detail422[] }>();
    expectValidationBody(body);
    expect(body.detail[0]).toMatchObject({ loc: ['query', 'full_text'], input: value });
  });
});

// ---------------------------------------------------------------------------------------------
// Cross-cutting: CORS, request ids, base path, OpenAPI, docs

describe('HTTP surface', () => {
  it('research endpoints allow any origin (CORS)', async () => {
    for (const url of ['/decisions?limit=1', '/decisions/bger_6B_1234_2025', '/decisions?limit=0']) {
      const res = await app.inject({ method: 'GET', url, headers: { origin: 'https://client.example.org' } });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/decisions',
      headers: { origin: 'https://client.example.org', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('GET');
  });

  it('echoes x-request-id, and makes one up when none is sent', async () => {
    for (const url of ['/decisions?limit=1', '/decisions?limit=0', '/decisions/unknown', '/no-such-route']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-4711-abc' } });
      expect(res.headers['x-request-id'], url).toBe('req-4711-abc');
    }
    const a = await get('/decisions?limit=1');
    const b = await get('/decisions?limit=1');
    expect(String(a.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('an unknown route is a JSON 404', async () => {
    const res = await get('/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(typeof res.json<{ detail: string }>().detail).toBe('string');
  });

  describe('under a base path', () => {
    let based: FastifyInstance;
    beforeAll(async () => {
      based = await appOver(loaded, { basePath: '/api', publicBaseUrl: `${PUBLIC_BASE}/api` });
    });
    afterAll(async () => {
      await based?.close();
    });

    it('serves /api/decisions and not /decisions', async () => {
      const res = await based.inject({ method: 'GET', url: '/api/decisions?limit=1' });
      expect(res.statusCode).toBe(200);
      const body = res.json<Envelope>();
      expect(body.returned).toBe(1);
      expect(body.results[0]!.canonical_url).toBe(
        `${PUBLIC_BASE}/api/entscheid/${encodeURIComponent(body.results[0]!.decision_id)}`,
      );
      expect((await based.inject({ method: 'GET', url: '/decisions?limit=1' })).statusCode).toBe(404);
      expect((await based.inject({ method: 'GET', url: '/api/decisions/6B%201234%2F2025' })).statusCode).toBe(
        200,
      );
      expect((await based.inject({ method: 'GET', url: '/decisions/6B%201234%2F2025' })).statusCode).toBe(
        404,
      );
    });

    it('serves /api/openapi.json and /api/docs, and its canonical URLs resolve under the base path', async () => {
      const oa = await based.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(oa.statusCode).toBe(200);
      expect((await based.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(404);
      const docs = await based.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(200);
      const redirect = await based.inject({ method: 'GET', url: '/api/entscheid/bger_6B_1234_2025' });
      expect(String(redirect.headers['location'])).toBe('/api/decisions/bger_6B_1234_2025');
    });
  });

  describe('GET /openapi.json', () => {
    let doc: Record<string, unknown>;
    beforeAll(async () => {
      const res = await get('/openapi.json');
      expect(res.statusCode).toBe(200);
      doc = res.json<Record<string, unknown>>();
    });

    it('is a valid OpenAPI 3.0.3 document of API version 1.0.0', async () => {
      expect(doc['openapi']).toBe('3.0.3');
      expect((doc['info'] as { version: string }).version).toBe('1.0.0');
      await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    });

    it('documents GET /decisions with every spec parameter', () => {
      const paths = doc['paths'] as Record<
        string,
        Record<string, { parameters?: { name: string; in: string; schema?: Record<string, unknown> }[] }>
      >;
      const params = paths['/decisions']?.['get']?.parameters ?? [];
      const names = params.filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of [
        'query',
        'q',
        'court',
        'canton',
        'language',
        'date_from',
        'date_to',
        'chamber',
        'decision_type',
        'limit',
        'offset',
        'sort',
        'fields',
      ]) {
        expect(names, name).toContain(name);
      }
      const schemaOf = (name: string) => params.find((p) => p.name === name)?.schema ?? {};
      expect(schemaOf('limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 2000 });
      expect(schemaOf('offset')).toMatchObject({ type: 'integer', minimum: 0 });
      expect(schemaOf('sort')).toMatchObject({
        enum: ['relevance', 'date_desc', 'date_asc'],
        default: 'relevance',
      });
      expect(schemaOf('fields')).toMatchObject({ enum: ['full', 'compact'], default: 'full' });
      expect(schemaOf('language')).toMatchObject({ enum: ['de', 'fr', 'it', 'rm'] });
    });

    it('documents the defaults of limit (50) and offset (0)', () => {
      const paths = doc['paths'] as Record<
        string,
        Record<string, { parameters?: { name: string; schema?: Record<string, unknown> }[] }>
      >;
      const params = paths['/decisions']?.['get']?.parameters ?? [];
      const schemaOf = (name: string) => params.find((p) => p.name === name)?.schema ?? {};
      expect(schemaOf('limit')['default']).toBe(50);
      expect(schemaOf('offset')['default']).toBe(0);
    });

    it('documents GET /decisions/{decision_id} and the corpus routes', () => {
      const paths = doc['paths'] as Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[] }>
      >;
      const detail = paths['/decisions/{decision_id}']?.['get'];
      expect(detail).toBeDefined();
      expect(detail!.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
        'path:decision_id',
        'query:full_text',
        'query:version',
      ]);
      for (const path of ['/courts', '/statistics', '/scraper-health'])
        expect(paths[path]?.['get'], path).toBeDefined();
    });
  });

  it('GET /docs serves the HTML documentation', async () => {
    const res = await get('/docs');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});
