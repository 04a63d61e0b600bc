/**
 * GET /erwaegung, /regeste, /structure and /case-brief against the spec: the app over an in-memory
 * PGlite whose read models the real projections built from events.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITATION_CORPUS, QUOTES } from '../test/support/citation-corpus.ts';
import { decisionEvent } from '../test/support/decisions.ts';
import {
  appOver,
  loadReadModels,
  TEST_PUBLIC_BASE,
  type LoadedReadModels,
} from '../test/support/read-models.ts';

let loaded: LoadedReadModels;
let app: FastifyInstance;

beforeAll(async () => {
  loaded = await loadReadModels(CITATION_CORPUS.map(decisionEvent));
  app = await appOver(loaded);
});

afterAll(async () => {
  await app?.close();
  await loaded?.handle.close();
});

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const enc = encodeURIComponent;

/** The copy-ready citation fields every decision-level answer carries. */
const citationFields = {
  citation_string_de: expect.any(String),
  citation_string_fr: expect.any(String),
  citation_string_it: expect.any(String),
  canonical_url: expect.stringMatching(/^https:\/\/research\.example\.ch\/entscheid\//),
  rule_statement: expect.any(String),
};

describe('GET /erwaegung/{decision_id}/{e_number}', () => {
  it('returns the exact wording with citation strings and the #e-N-M anchor', async () => {
    const { status, body } = await get('/erwaegung/bge_BGE_140_III_86/2.1');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ...citationFields,
      decision_id: 'bge_BGE_140_III_86',
      e_number: '2.1',
      text: `${QUOTES.bge2_1} Dies ist namentlich der Fall, wenn sie ohne schützenswertes Interesse ausgesprochen wird.`,
      composed: false,
      parts: ['2.1'],
      parent: '2',
      page: 87,
      citation_string_de: 'BGE 140 III 86, E. 2.1',
      citation_string_fr: 'ATF 140 III 86, consid. 2.1',
      canonical_url: `${TEST_PUBLIC_BASE}/entscheid/bge_BGE_140_III_86#e-2-1`,
    });
  });

  it('a parent composes its children (with its own text first when it has one)', async () => {
    expect((await get('/erwaegung/bge_BGE_140_III_86/2')).body).toMatchObject({
      text: `Streitig ist, ob die Kündigung missbräuchlich ist.\n\n2.1 ${QUOTES.bge2_1} Dies ist namentlich der Fall, wenn sie ohne schützenswertes Interesse ausgesprochen wird.\n\n2.2 Die Vorinstanz hat festgestellt, dass die Vermieterin ein schützenswertes Interesse hatte.`,
      composed: false,
      parts: ['2', '2.1', '2.2'],
    });
    expect((await get(`/erwaegung/${enc('BGE 140 III 96')}/3`)).body).toMatchObject({
      text: '3.1 Le congé qui ne respecte pas la forme prescrite est nul.\n\n3.2 La nullité peut être invoquée en tout temps.',
      composed: true,
      parts: ['3.1', '3.2'],
      parent: null,
      citation_string_fr: 'ATF 140 III 96, consid. 3',
    });
  });

  it('reads lettered Erwägungen of older decisions in every written form', async () => {
    for (const e of ['2a', '2aa', enc('2a/aa'), 'E.%202a']) {
      const { status, body } = await get(`/erwaegung/${enc('2A.123/2005')}/${e}`);
      expect(status, e).toBe(200);
      expect(body.text, e).toMatch(/^(Selon la jurisprudence|Le principe ne s'applique)/);
    }
    expect((await get(`/erwaegung/${enc('2A.123/2005')}/2a`)).body.parts).toEqual(['2a', '2a/aa', '2a/bb']);
  });

  it('accepts a docket with an unencoded slash, a BGE reference and a cantonal court', async () => {
    expect((await get('/erwaegung/4A_714/2014/2.1')).body).toMatchObject({
      decision_id: 'bger_4A_714_2014',
      e_number: '2.1',
    });
    expect((await get(`/erwaegung/${enc('ATF 140 III 86')}/3`)).body.decision_id).toBe('bge_BGE_140_III_86');
    expect((await get('/erwaegung/zh_obergericht_LB220012/2.1')).body.text).toMatch(
      /^Der Mietzins ist missbräuchlich/,
    );
  });

  it('404 for an unknown decision or number; 422 for a malformed number', async () => {
    expect((await get('/erwaegung/bger_9Z_1_2020/1')).status).toBe(404);
    const missing = await get('/erwaegung/bge_BGE_140_III_86/2.3');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(
      'bge_BGE_140_III_86 has no Erwägung 2.3; top-level Erwägungen: 1, 2, 3, 4',
    );
    const bad = await get('/erwaegung/bge_BGE_140_III_86/zwei');
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      expect.objectContaining({ loc: ['path', 'e_number'], type: 'value_error', input: 'zwei' }),
    ]);
  });
});

describe('GET /regeste/{decision_id}', () => {
  it('returns the head-note in the decision language and, for BGE, all three; resolves its (E. x) references', async () => {
    const { status, body } = await get(`/regeste/${enc('BGE 140 III 86')}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ...citationFields,
      decision_id: 'bge_BGE_140_III_86',
      regeste: expect.stringMatching(
        /^Art\. 271 OR; Anfechtung der Kündigung\. Eine Kündigung ist anfechtbar/,
      ),
      regeste_fr: expect.stringMatching(/^Art\. 271 CO; contestation du congé/),
      regeste_it: expect.stringMatching(/^Art\. 271 CO; contestazione della disdetta/),
      erwaegung_refs: [
        { number: '2.1', exists: true, url: `${TEST_PUBLIC_BASE}/erwaegung/bge_BGE_140_III_86/2.1` },
        { number: '3', exists: true, url: `${TEST_PUBLIC_BASE}/erwaegung/bge_BGE_140_III_86/3` },
      ],
    });
    // the holding: the Regeste without its heading of provision and topic, verbatim
    expect(body.rule_statement).toBe(body.regeste.replace('Art. 271 OR; Anfechtung der Kündigung. ', ''));
    expect(body.regeste).toContain(body.rule_statement);
  });

  it('finds the decision by docket (unencoded slash too) and marks references that do not exist', async () => {
    const { body } = await get('/regeste/2A.123/2005');
    expect(body.regeste).toMatch(/^Art\. 8 Cst\.; égalité de traitement/);
    expect(body.erwaegung_refs).toEqual([
      { number: '2a', exists: true, url: `${TEST_PUBLIC_BASE}/erwaegung/bger_2A.123_2005/2a` },
      { number: '4', exists: false, url: null },
    ]);
  });

  it('a decision without head-note answers regeste null; an unknown one 404', async () => {
    expect((await get('/regeste/bger_I_594_01')).body).toMatchObject({ regeste: null, erwaegung_refs: [] });
    expect((await get(`/regeste/${enc('BGE 131 III 12')}`)).status).toBe(404);
  });
});

describe('GET /structure/{decision_id}', () => {
  it('returns Sachverhalt, Erwägungen (excerpts), Dispositiv and Regeste separately', async () => {
    const { status, body } = await get('/structure/bger_4A_714_2014?paragraph_excerpt_chars=50');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ...citationFields,
      regeste: 'Art. 273 OR; Frist zur Anfechtung der Kündigung (E. 2.1).',
      sachverhalt: 'A. Die Vermieterin kündigte den Mietvertrag.\n\nB. Das Obergericht wies die Berufung ab.',
      dispositiv: 'Demnach erkennt das Bundesgericht:\n\n1. Die Beschwerde wird abgewiesen.',
      paragraph_excerpt_chars: 50,
      sections_found: { facts: 'heading', considerations: 'heading', operative: 'heading' },
    });
    expect(body.erwaegungen.map((e: { number: string }) => e.number)).toEqual([
      '1',
      '1.1',
      '1.2',
      '2',
      '2.1',
      '2.2',
      '3',
    ]);
    const e21 = body.erwaegungen.find((e: { number: string }) => e.number === '2.1');
    expect(e21).toMatchObject({
      label: '2.1.',
      parent: '2',
      depth: 2,
      truncated: true,
      excerpt: 'Der Mieter kann die Kündigung innert dreissig',
    });
    expect(e21.excerpt.length).toBeLessThanOrEqual(50);
    expect(e21.chars).toBeGreaterThan(50);
  });

  it('covers cantonal decisions too, with inferred sections', async () => {
    const { body } = await get(`/structure/${enc('12.2020.1')}`);
    expect(body).toMatchObject({
      decision_id: 'ti_gerichte_12.2020.1',
      sections_found: { facts: 'heading', considerations: 'inferred', operative: 'inferred' },
      dispositiv: expect.stringMatching(/^1\. L'appello è respinto\./),
      paragraph_excerpt_chars: 250,
    });
    expect(body.erwaegungen).toHaveLength(4);
    expect(body.rule_statement).toBe('Il ricorso è tempestivo.');
  });

  it.each(['49', '5001', 'abc', '2.5'])('422 for paragraph_excerpt_chars=%s', async (value) => {
    const { status, body } = await get(`/structure/bger_4A_714_2014?paragraph_excerpt_chars=${value}`);
    expect(status).toBe(422);
    expect(body.detail).toEqual([expect.objectContaining({ loc: ['query', 'paragraph_excerpt_chars'] })]);
  });
});

describe('GET /case-brief/{case}', () => {
  it('briefs a decision: facts, reasoning, holding, statutes, authority, lower instance', async () => {
    const { status, body } = await get('/case-brief/4A_714/2014');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ...citationFields,
      decision_id: 'bger_4A_714_2014',
      citation_string_de: 'BGer 4A_714/2014 vom 22. Mai 2015',
      facts: 'A. Die Vermieterin kündigte den Mietvertrag.\n\nB. Das Obergericht wies die Berufung ab.',
      holding: 'Demnach erkennt das Bundesgericht:\n\n1. Die Beschwerde wird abgewiesen.',
      reasoning: [
        { number: '1', excerpt: 'Die Beschwerde ist zulässig.' },
        { number: '2', excerpt: 'Streitig ist die Anfechtungsfrist.' },
        { number: '3', excerpt: 'Die Beschwerde ist abzuweisen.' },
      ],
      authority: [
        {
          reference: 'BGE 140 III 86',
          exists: true,
          decision_id: 'bge_BGE_140_III_86',
          citation_string_de: 'BGE 140 III 86, E. 2.1',
          canonical_url: `${TEST_PUBLIC_BASE}/entscheid/bge_BGE_140_III_86#e-2-1`,
          pinpoints: ['2.1'],
          count: 1,
        },
      ],
      related_cases: {
        lower_instance: expect.objectContaining({
          reference: 'LB220012',
          exists: true,
          decision_id: 'zh_obergericht_LB220012',
        }),
      },
    });
    expect(body.statutes).toEqual(
      expect.arrayContaining([expect.objectContaining({ sr_number: '220', article: '273', count: 2 })]),
    );
  });

  it('accepts a BGE reference; 404 for an unknown case', async () => {
    expect((await get(`/case-brief/${enc('DTF 140 III 86')}`)).body.decision_id).toBe('bge_BGE_140_III_86');
    expect((await get('/case-brief/bger_4A_1_1999')).status).toBe(404);
  });
});

describe('decision summaries keep their citation fields', () => {
  it('GET /decisions/{id} and search results carry citation strings, canonical_url and rule_statement', async () => {
    const detail = (await get('/decisions/bge_BGE_140_III_86?full_text=false')).body;
    expect(detail).toMatchObject({ ...citationFields, citation_string_de: 'BGE 140 III 86' });
    // any reference form the identifier table knows finds the decision
    expect((await get(`/decisions/${enc('BVGE 2021 I/5')}?full_text=false`)).body.decision_id).toBe(
      'bvger_A-1234_2020',
    );
    expect((await get(`/decisions/${enc('ATMC 14 n° 3')}?full_text=false`)).body.decision_id).toBe(
      'mkg_MKGE_14_Nr_3',
    );
    expect((await get(`/decisions/${enc('BGE 131 III 12')}`)).status).toBe(404);
    // without a Regeste the rule statement comes from the body, not the letterhead
    expect((await get('/decisions/bger_I_594_01?full_text=false')).body.rule_statement).toBe(
      'Streitig ist der Anspruch auf eine Invalidenrente.',
    );
    const search = (await get(`/decisions?query=${enc('BGE 140 III 86')}&limit=3`)).body;
    expect(search.results[0]).toMatchObject({ ...citationFields, decision_id: 'bge_BGE_140_III_86' });
  });
});
