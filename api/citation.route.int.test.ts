/**
 * GET /cite, POST /attest and POST /verify-claim against the spec: the app over an in-memory
 * PGlite whose read models the real projections built (decisions, structure, identifiers), and a
 * local HTTP server speaking the chat-completions API for the language-model judge.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEST_MAX_CHARS, CLAIM_MAX_CHARS } from '../contracts/api/citation.schema.ts';
import { OpenAiClaimJudge } from '../infra/llm/openai-claim-judge.ts';
import { QUOTES, CITATION_CORPUS } from '../test/support/citation-corpus.ts';
import { decisionEvent } from '../test/support/decisions.ts';
import { startFakeChatServer, verdictJson, type FakeChatServer } from '../test/support/fake-openai.ts';
import {
  appOver,
  loadReadModels,
  TEST_PUBLIC_BASE,
  type LoadedReadModels,
} from '../test/support/read-models.ts';

let loaded: LoadedReadModels;
let app: FastifyInstance;
let llmApp: FastifyInstance;
let fake: FakeChatServer;

beforeAll(async () => {
  loaded = await loadReadModels(CITATION_CORPUS.map(decisionEvent));
  app = await appOver(loaded);
  fake = await startFakeChatServer();
  llmApp = await appOver(loaded, {
    claimJudge: new OpenAiClaimJudge({
      model: 'fake-judge',
      apiKey: 'sk-test',
      baseURL: fake.baseURL,
      timeoutMs: 500,
    }),
  });
});

afterAll(async () => {
  await app?.close();
  await llmApp?.close();
  await fake?.close();
  await loaded?.handle.close();
});

const cite = async (params: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: `/cite?${new URLSearchParams(params).toString()}` });
  return { status: res.statusCode, body: res.json() };
};
const post = async (url: string, payload: unknown, on: FastifyInstance = app) => {
  const res = await on.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

describe('GET /cite', () => {
  it('returns all three strings, the canonical URL with the pinpoint anchor and the rule statement', async () => {
    const { status, body } = await cite({ reference: 'BGE 140 III 86', pinpoint: '2.1', language: 'fr' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      reference: 'BGE 140 III 86',
      exists: true,
      decision_id: 'bge_BGE_140_III_86',
      court: 'bge',
      pinpoint: '2.1',
      pinpoint_exists: true,
      citation_string: 'ATF 140 III 86, consid. 2.1',
      citation_string_de: 'BGE 140 III 86, E. 2.1',
      citation_string_fr: 'ATF 140 III 86, consid. 2.1',
      citation_string_it: 'DTF 140 III 86, consid. 2.1',
      canonical_url: `${TEST_PUBLIC_BASE}/entscheid/bge_BGE_140_III_86#e-2-1`,
      rule_statement: `${QUOTES.bge2_1} Dies ist namentlich der Fall, wenn sie ohne schützenswertes Interesse ausgesprochen wird.`,
      close_matches: [],
      other_matches: [],
    });
  });

  it.each([
    ['bger_4A_714_2014', 'bger_4A_714_2014', 'BGer 4A_714/2014 vom 22. Mai 2015'],
    ['4A_714/2014', 'bger_4A_714_2014', 'BGer 4A_714/2014 vom 22. Mai 2015'],
    ['4A 714/2014', 'bger_4A_714_2014', 'BGer 4A_714/2014 vom 22. Mai 2015'],
    ['BGer 4A_714/2014 vom 22. Mai 2015', 'bger_4A_714_2014', 'BGer 4A_714/2014 vom 22. Mai 2015'],
    ['ATF 140 III 86', 'bge_BGE_140_III_86', 'BGE 140 III 86'],
    ['140 III 86', 'bge_BGE_140_III_86', 'BGE 140 III 86'],
    ['2A.123/2005', 'bger_2A.123_2005', 'BGer 2A.123/2005 vom 1. Juni 2005'],
    ['I 594/01', 'bger_I_594_01', 'BGer I 594/01 vom 4. März 2002'],
    ['BVGE 2021 I/5', 'bvger_A-1234_2020', 'BVGer A-1234/2020 vom 3. März 2021'],
    ['TPF SK.2019.42', 'bstger_SK.2019.42', 'BStGer SK.2019.42 vom 12. November 2019'],
    ['O2018_001', 'bpatger_O2018_001', 'BPatGer O2018_001 vom 2. April 2019'],
    ['MKGE 14 Nr. 3', 'mkg_MKGE_14_Nr_3', 'MKGE 14 Nr. 3'],
    ['ATMC 14 n° 3', 'mkg_MKGE_14_Nr_3', 'MKGE 14 Nr. 3'],
    ['Obergericht ZH LB220012', 'zh_obergericht_LB220012', 'Obergericht ZH LB220012 vom 15. September 2022'],
    ['LB220012', 'zh_obergericht_LB220012', 'Obergericht ZH LB220012 vom 15. September 2022'],
  ])('resolves %s', async (reference, id, de) => {
    const { body } = await cite({ reference });
    expect(body).toMatchObject({
      exists: true,
      decision_id: id,
      citation_string: de,
      citation_string_de: de,
    });
    expect(body.citation_string_fr).toBeTruthy();
    expect(body.citation_string_it).toBeTruthy();
  });

  it('takes the pinpoint from the reference, composes a parent, and says when it does not exist', async () => {
    expect((await cite({ reference: 'BGE 140 III 96 consid. 3' })).body).toMatchObject({
      pinpoint: '3',
      pinpoint_exists: true,
      citation_string_de: 'BGE 140 III 96, E. 3',
      rule_statement: 'Le congé qui ne respecte pas la forme prescrite est nul.',
    });
    const missing = (await cite({ reference: 'BGE 140 III 86', pinpoint: '7.2' })).body;
    expect(missing).toMatchObject({
      exists: true,
      pinpoint: '7.2',
      pinpoint_exists: false,
      citation_string_de: 'BGE 140 III 86',
      canonical_url: `${TEST_PUBLIC_BASE}/entscheid/bge_BGE_140_III_86`,
      notice: 'BGE 140 III 86 has no Erwägung 7.2; the citation strings leave the pinpoint out.',
    });
    // lettered pinpoints of older decisions
    expect((await cite({ reference: 'arrêt 2A.123/2005 consid. 2aa' })).body).toMatchObject({
      pinpoint: '2a/aa',
      pinpoint_exists: true,
    });
    // a decision without numbered Erwägungen: the pinpoint cannot be checked
    expect((await cite({ reference: 'Cour de justice GE ACJC/123/2021', pinpoint: '3' })).body).toMatchObject(
      {
        exists: true,
        pinpoint_exists: null,
      },
    );
  });

  it('checks a page pin-cite against the BGE pages', async () => {
    expect((await cite({ reference: 'BGE 140 III 86 S. 88' })).body).toMatchObject({
      page_pinpoint: 88,
      page_pinpoint_exists: true,
    });
    expect((await cite({ reference: 'BGE 140 III 86 S. 96' })).body).toMatchObject({
      page_pinpoint: 96,
      page_pinpoint_exists: false,
    });
  });

  it('misses: exists false with the spec shape, the BGE whose page range holds an inner page', async () => {
    const { status, body } = await cite({ reference: 'BGE 140 III 88', language: 'it' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      exists: false,
      decision_id: null,
      canonical_url: null,
      rule_statement: null,
      citation_string: 'DTF 140 III 88',
      citation_string_de: 'BGE 140 III 88',
      citation_string_fr: 'ATF 140 III 88',
      citation_string_it: 'DTF 140 III 88',
      close_matches: [
        {
          decision_id: 'bge_BGE_140_III_86',
          reason: 'page_range',
          citation_string_de: 'BGE 140 III 86',
          canonical_url: `${TEST_PUBLIC_BASE}/entscheid/bge_BGE_140_III_86`,
          note: 'Page 88 lies within BGE 140 III 86 (pages 86–89); cite it as BGE 140 III 86 S. 88.',
        },
      ],
    });
    // 90..95 lie between the last marked page of 86 and the start of 96: no holder
    expect((await cite({ reference: 'BGE 140 III 92' })).body.close_matches).toEqual([]);
    expect(
      (await cite({ reference: 'BGE 140 III 99' })).body.close_matches.map(
        (c: { decision_id: string }) => c.decision_id,
      ),
    ).toEqual(['bge_BGE_140_III_96']);
  });

  it('never matches a prefix onto a longer number', async () => {
    for (const reference of ['BGE 131 III 12', '131 III 12', 'LB22001', 'MKGE 14 Nr. 30', 'bger_4A_714']) {
      const { body } = await cite({ reference });
      expect(body.exists, reference).toBe(false);
      expect(body.decision_id, reference).toBeNull();
      expect(body.close_matches, reference).toEqual([]);
    }
    // a shorter docket does not resolve either; the longer one is only offered as a typo correction
    const short = (await cite({ reference: '4A_71/2014' })).body;
    expect(short).toMatchObject({ exists: false, decision_id: null });
    expect(short.close_matches.every((c: { reason: string }) => c.reason === 'same_register_year')).toBe(
      true,
    );
  });

  it('docket misses: same register and year a typo away, never another year', async () => {
    const typo = (await cite({ reference: '4A_741/2013' })).body;
    expect(typo).toMatchObject({
      exists: false,
      citation_string_de: 'BGer 4A_741/2013',
      citation_string_fr: 'TF 4A_741/2013',
    });
    expect(
      typo.close_matches.map((c: { decision_id: string; reason: string }) => [c.decision_id, c.reason]),
    ).toEqual([['bger_4A_714_2013', 'same_register_year']]);
    expect(
      (await cite({ reference: '4A_174/2014' })).body.close_matches.map(
        (c: { decision_id: string }) => c.decision_id,
      ),
    ).toEqual(['bger_4A_714_2014']);
    expect((await cite({ reference: '4A_714/2012' })).body.close_matches).toEqual([]);
    expect(
      (await cite({ reference: 'bger_4A_715_2014' })).body.close_matches.map(
        (c: { decision_id: string }) => c.decision_id,
      ),
    ).toEqual(['bger_4A_714_2014']);
  });

  it('echoes an unreadable reference in all three strings', async () => {
    const { status, body } = await cite({ reference: 'Kommentar zum OR, N. 12' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      exists: false,
      citation_string_de: 'Kommentar zum OR, N. 12',
      close_matches: [],
    });
  });

  it.each([
    [{}, ['query', 'reference'], 'missing'],
    [{ reference: '' }, ['query', 'reference'], 'string_too_short'],
    [{ reference: 'x'.repeat(301) }, ['query', 'reference'], 'string_too_long'],
    [{ reference: 'BGE 140 III 86', language: 'en' }, ['query', 'language'], 'enum'],
    [{ reference: 'BGE 140 III 86', pinpoint: 'abc' }, ['query', 'pinpoint'], 'value_error'],
  ])('422 with the spec body: %j', async (params, loc, type) => {
    const { status, body } = await cite(params);
    expect(status).toBe(422);
    expect(body.detail).toEqual([expect.objectContaining({ loc, type, msg: expect.any(String) })]);
  });
});

describe('POST /attest', () => {
  const GOOD =
    `Die Anfechtungsfrist beträgt dreissig Tage (Urteil 4A_714/2014 vom 22. Mai 2015 E. 2.1; BGE 140 III 86 E. 2.1 S. 87). ` +
    `Das Bundesgericht hat festgehalten: „${QUOTES.bge2_1}“ (BGE 140 III 86 E. 2.1). ` +
    `Vgl. auch arrêt 2A.123/2005 du 1er juin 2005 consid. 2a, BVGE 2021 I/5 E. 1.2, TPF SK.2019.42 consid. 2.1, ` +
    `BPatGer O2018_001 vom 2. April 2019 E. 2.1, ATMC 14 n° 3 consid. 2, Urteil I 594/01 vom 4. März 2002 E. 2 ` +
    `und Urteil des Obergerichts des Kantons Zürich LB220012 vom 15. September 2022 E. 2.1; Art. 271 Abs. 1 OR und Art. 8 ZGB.`;

  it('certifies a draft whose references are all right', async () => {
    const { status, body } = await post('/attest', { draft_text: GOOD });
    expect(status).toBe(200);
    expect(body.issues).toEqual([]);
    expect(body).toMatchObject({
      ok: true,
      citations_found: 10,
      citations_ok: 10,
      statute_references_found: 2,
      statute_references_ok: 2,
      issues_count: 0,
    });
    expect(body.annotated_text.match(/\[✓\]/g)).toHaveLength(12);
    expect(body.citations).toBeUndefined();
  });

  it.each([
    ['BGE 140 III 86 E. 2.1', 'bge_BGE_140_III_86'],
    ['ATF 140 III 86 consid. 2.1', 'bge_BGE_140_III_86'],
    ['DTF 140 III 86 consid. 2.1', 'bge_BGE_140_III_86'],
    ['BGer 4A_714/2014 vom 22. Mai 2015 E. 1.2', 'bger_4A_714_2014'],
    ['TF 4A_714/2014 du 22 mai 2015 consid. 1.2', 'bger_4A_714_2014'],
    ['sentenza del Tribunale federale 4A_714/2014 del 22 maggio 2015', 'bger_4A_714_2014'],
    ['BVGer A-1234/2020 vom 3. März 2021 E. 1.1', 'bvger_A-1234_2020'],
    ['TAF A-1234/2020 du 3 mars 2021', 'bvger_A-1234_2020'],
    ['ATAF 2021 I/5 consid. 1.2', 'bvger_A-1234_2020'],
    ['DTAF 2021 I/5', 'bvger_A-1234_2020'],
    ['BStGer SK.2019.42 vom 12. November 2019 E. 2.1', 'bstger_SK.2019.42'],
    ['TPF SK.2019.42 consid. 2', 'bstger_SK.2019.42'],
    ['BPatGer O2018_001 E. 2.1', 'bpatger_O2018_001'],
    ['TFB O2018_001 consid. 2', 'bpatger_O2018_001'],
    ['MKGE 14 Nr. 3 E. 2', 'mkg_MKGE_14_Nr_3'],
    ['ATMC 14 n° 3 consid. 2', 'mkg_MKGE_14_Nr_3'],
    ['STMC 14 n. 3 consid. 2', 'mkg_MKGE_14_Nr_3'],
    [
      "sentenza del Tribunale d'appello del Cantone Ticino 12.2020.1 del 20 febbraio 2020 consid. 2.1",
      'ti_gerichte_12.2020.1',
    ],
  ])('checks every citation kind of the spec: %s', async (citation, id) => {
    const { body } = await post('/attest', { draft_text: `Vgl. ${citation}.`, audit_grounding: true });
    expect(body.issues).toEqual([]);
    expect(body).toMatchObject({ ok: true, citations_found: 1, citations_ok: 1 });
    expect(body.citations[0]).toMatchObject({ decision_id: id, ok: true });
  });

  it('reports wrong pinpoints, pages, dates, quotations, unknown decisions and statutes, with positions', async () => {
    const draft =
      `Siehe BGE 140 III 86 E. 5 und BGE 140 III 86 S. 120. ` +
      `Urteil 4A_714/2014 vom 21. Mai 2015. ` +
      `Das Bundesgericht hat festgehalten: „Eine Kündigung ist nie anfechtbar, auch wenn sie gegen Treu und Glauben verstösst.“ (BGE 140 III 86 E. 2.1). ` +
      `Vgl. BGE 131 III 12, BGE 140 III 88 und Urteil 4A_741/2013. Art. 3 OJF.`;
    const { body } = await post('/attest', { draft_text: draft });
    expect(body.ok).toBe(false);
    const summary = body.issues.map((i: { kind: string; text: string; severity: string }) => [
      i.kind,
      i.text,
      i.severity,
    ]);
    expect(summary).toEqual([
      ['pinpoint', 'BGE 140 III 86 E. 5', 'error'],
      ['page', 'BGE 140 III 86 S. 120', 'error'],
      ['date', 'Urteil 4A_714/2014 vom 21. Mai 2015', 'error'],
      ['quotation', expect.stringMatching(/^„Eine Kündigung ist nie anfechtbar/), 'error'],
      ['citation', 'BGE 131 III 12', 'error'],
      ['citation', 'BGE 140 III 88', 'error'],
      ['citation', 'Urteil 4A_741/2013', 'error'],
      ['statute', 'Art. 3 OJF', 'error'],
    ]);
    for (const issue of body.issues) {
      expect(draft.slice(issue.position.start, issue.position.end)).toBe(issue.text);
      expect(issue.problem.length).toBeGreaterThan(10);
    }
    expect(body.issues[2].suggestion).toBe('BGer 4A_714/2014 vom 22. Mai 2015');
    expect(body.issues[3].suggestion).toBe(`The closest passage reads: «${QUOTES.bge2_1}»`);
    expect(body.issues[5].suggestion).toBe('BGE 140 III 86 S. 88');
    expect(body.issues[6].suggestion).toBe('Did you mean BGer 4A_714/2013 vom 22. Mai 2014?');
    expect(body.issues_count).toBe(8);
    expect(body.annotated_text).toContain('BGE 140 III 86 E. 5 [✗ 1] und');
    expect(body.annotated_text).toContain('Urteil 4A_741/2013 [✗ 7].');
  });

  it('with audit_grounding returns each reference and the text it was checked against', async () => {
    const { body } = await post('/attest', {
      draft_text: 'Siehe BGE 140 III 86 E. 2.1.',
      audit_grounding: true,
    });
    expect(body.citations).toEqual([
      expect.objectContaining({
        decision_id: 'bge_BGE_140_III_86',
        ok: true,
        citation_string_de: 'BGE 140 III 86, E. 2.1',
        canonical_url: `${TEST_PUBLIC_BASE}/entscheid/bge_BGE_140_III_86#e-2-1`,
        grounding: expect.stringMatching(/^Eine Kündigung ist anfechtbar/),
      }),
    ]);
  });

  it.each([
    [{}, ['body', 'draft_text'], 'missing'],
    [{ draft_text: '' }, ['body', 'draft_text'], 'string_too_short'],
    [{ draft_text: 'x'.repeat(ATTEST_MAX_CHARS + 1) }, ['body', 'draft_text'], 'string_too_long'],
    [{ draft_text: 'Text', audit_grounding: 'ja' }, ['body', 'audit_grounding'], 'bool_parsing'],
  ])('422 with the spec body %#', async (payload, loc, type) => {
    const { status, body } = await post('/attest', payload);
    expect(status).toBe(422);
    expect(body.detail).toEqual([expect.objectContaining({ loc, type })]);
  });
});

describe('POST /verify-claim', () => {
  const claim = 'Eine Kündigung gegen Treu und Glauben ist anfechtbar.';

  it('without a configured model the lexical judge answers, with verbatim excerpts', async () => {
    const { status, body } = await post('/verify-claim', {
      claim,
      decision_id: 'BGE 140 III 86',
      pinpoint: '2.1',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      decision_id: 'bge_BGE_140_III_86',
      pinpoint: '2.1',
      supports: 'yes',
      judge: 'lexical',
      supporting_excerpt: QUOTES.bge2_1,
      excerpts_dropped: [],
      citation_string_de: 'BGE 140 III 86, E. 2.1',
      canonical_url: `${TEST_PUBLIC_BASE}/entscheid/bge_BGE_140_III_86#e-2-1`,
    });
  });

  it('asks the language model, keeps verbatim excerpts and drops invented ones', async () => {
    fake.behaviour = {
      kind: 'content',
      content: verdictJson({
        supports: 'partial',
        confidence: 0.8,
        supporting_excerpt: `  ${QUOTES.bge2_1}  `,
        qualifying_excerpt: 'Eine Kündigung ist immer missbräuchlich.',
        reasoning: 'Supported in part.',
      }),
    };
    const { status, body } = await post(
      '/verify-claim',
      { claim, decision_id: 'bge_BGE_140_III_86' },
      llmApp,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      supports: 'partial',
      confidence: 0.8,
      judge: 'llm:fake-judge',
      supporting_excerpt: QUOTES.bge2_1,
      qualifying_excerpt: null,
      excerpts_dropped: ['qualifying_excerpt'],
      reasoning: 'Supported in part.',
      pinpoint: null,
    });
    const request = fake.requests.at(-1) as { messages: { content: string }[] };
    expect(request.messages[1]!.content).toContain(claim);
    expect(request.messages[1]!.content).toContain(QUOTES.bge2_1);
  });

  it.each([
    ['times out', { kind: 'hang', ms: 3000 } as const, /did not answer within 500 ms/],
    ['answers invalid JSON', { kind: 'content', content: 'sure!' } as const, /invalid JSON/],
    ['fails', { kind: 'status', status: 502 } as const, /failed with HTTP 502/],
  ])('503 when the language model %s, never a verdict', async (_label, behaviour, message) => {
    fake.behaviour = behaviour;
    const { status, body, headers } = await post(
      '/verify-claim',
      { claim, decision_id: 'bge_BGE_140_III_86' },
      llmApp,
    );
    expect(status).toBe(503);
    expect(body.code).toBe('API_JUDGE_UNAVAILABLE');
    expect(body.detail).toMatch(message);
    expect(body.detail).toMatch(/No verdict was made/);
    expect(body.supports).toBeUndefined();
    expect(headers['retry-after']).toBe('30');
  });

  it('404 for an unknown decision or Erwägung', async () => {
    expect((await post('/verify-claim', { claim, decision_id: 'BGE 999 III 1' })).status).toBe(404);
    const { status, body } = await post('/verify-claim', {
      claim,
      decision_id: 'BGE 140 III 86',
      pinpoint: '9',
    });
    expect(status).toBe(404);
    expect(body.detail).toBe('bge_BGE_140_III_86 has no Erwägung 9');
  });

  it.each([
    [{ decision_id: 'bge_BGE_140_III_86' }, ['body', 'claim'], 'missing'],
    [{ claim: 'x' }, ['body', 'decision_id'], 'missing'],
    [
      { claim: 'x'.repeat(CLAIM_MAX_CHARS + 1), decision_id: 'bge_BGE_140_III_86' },
      ['body', 'claim'],
      'string_too_long',
    ],
    [
      { claim: 'x', decision_id: 'bge_BGE_140_III_86', pinpoint: 'E. x' },
      ['body', 'pinpoint'],
      'value_error',
    ],
  ])('422 with the spec body %#', async (payload, loc, type) => {
    const { status, body } = await post('/verify-claim', payload);
    expect(status).toBe(422);
    expect(body.detail).toEqual([expect.objectContaining({ loc, type })]);
  });
});
