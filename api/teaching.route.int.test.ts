/**
 * GET /exam-question and GET/POST /mock-decision over every research read model (the bundled
 * statute sample and the citation corpus, projected by the real projections into PGlite): the
 * deterministic answers, every parameter, bound and 422 case, the verbatim check of every quotation,
 * and — with the drafting model behind a local chat-completions server — rewriting, 503 on a failing
 * model or an invented authority, and the daily quota per client address.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { findQuotations, isVerbatimExcerpt, quotedVerbatim } from '../contracts/citation/quotations.ts';
import { OpenAiClaimJudge } from '../infra/llm/openai-claim-judge.ts';
import { OpenAiLanguageModel } from '../infra/llm/openai-language-model.ts';
import { TableRateLimitCounter } from '../infra/rate-limit/table-rate-limit-counter.ts';
import { startFakeChatServer, verdictJson, type FakeChatServer } from '../test/support/fake-openai.ts';
import { openResearchWorld } from '../test/support/research-world.ts';
import { statuteWorldDeps, type StatuteWorld } from '../test/support/statutes.ts';

let world: StatuteWorld;
let chat: FakeChatServer;
let modelApp: FastifyInstance;
const QUOTA = 4;

beforeAll(async () => {
  world = await openResearchWorld();
  chat = await startFakeChatServer();
  modelApp = await buildApp({
    ...statuteWorldDeps(world.handle.db),
    languageModel: new OpenAiLanguageModel({
      model: 'fake-drafter',
      apiKey: 'k',
      baseURL: chat.baseURL,
      // Generous enough for a loaded CI machine; the timeout case hangs far longer.
      timeoutMs: 2000,
    }),
    claimJudge: new OpenAiClaimJudge({
      model: 'fake-judge',
      apiKey: 'k',
      baseURL: chat.baseURL,
      timeoutMs: 400,
    }),
    llmQuota: { perDay: QUOTA, counter: new TableRateLimitCounter(world.handle.db) },
  });
}, 120_000);

afterAll(async () => {
  await modelApp?.close();
  await chat?.close();
  await world?.close();
});

let ipCounter = 0;
/** A fresh client address per call unless one is given, so the quota of one test does not reach another. */
const call = async (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  ip = `10.1.0.${++ipCounter}`,
) => {
  const res = await app.inject({
    method,
    url,
    remoteAddress: ip,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const get = (url: string) => call(world.app, 'GET', url);
const post = (body: unknown) => call(world.app, 'POST', '/mock-decision', body);
const enc = encodeURIComponent;

async function fullText(id: string): Promise<string> {
  const row = await world.handle.db
    .selectFrom('decisions')
    .select('full_text')
    .where('decision_id', '=', id)
    .executeTakeFirstOrThrow();
  return row.full_text;
}

const RICH_FACTS =
  'Die Vermieterin kündigte dem Mieter die Wohnung auf den nächsten Termin, nachdem er sich schriftlich über Mängel an der Heizung beschwert und eine Herabsetzung des Mietzinses verlangt hatte. Der Mieter hält die Kündigung für eine Rachekündigung und will sie anfechten. Die Vermieterin beruft sich auf Eigenbedarf ihrer Tochter.';

describe('GET /exam-question', () => {
  it('builds the case from the top leading decision: verbatim facts, decisive Erwägungen, statutes and Dispositiv', async () => {
    const { status, body } = await get(`/exam-question?topic=${enc('Kündigung')}`);
    expect(status).toBe(200);
    expect(body.decision).toMatchObject({
      decision_id: 'bge_BGE_140_III_86',
      citation_string_de: 'BGE 140 III 86',
      citation_string_fr: 'ATF 140 III 86',
      canonical_url: 'https://example.test/entscheid/bge_BGE_140_III_86',
    });
    expect(body.generator).toBe('deterministic');
    expect(body.fact_pattern.source).toBe('verbatim_facts');
    expect(body.fact_pattern.text).toContain('Die Vermieterin kündigte das Mietverhältnis');
    expect(body.question).toMatch(/^Wie ist die Rechtslage/);
    // The head-note points to E. 2.1 and E. 3: those decide the case.
    expect(body.hidden_analysis.decisive_erwaegungen.map((e: { erwaegung: string }) => e.erwaegung)).toEqual([
      '2.1',
      '3',
    ]);
    expect(body.hidden_analysis.decisive_erwaegungen[0]).toMatchObject({
      citation_string_de: 'BGE 140 III 86, E. 2.1',
      canonical_url: 'https://example.test/entscheid/bge_BGE_140_III_86#e-2-1',
    });
    expect(body.hidden_analysis.statutes).toEqual(
      expect.arrayContaining([expect.objectContaining({ sr_number: '220', article: '271', law: 'OR' })]),
    );
    expect(body.hidden_analysis.result.text).toContain('Die Beschwerde wird abgewiesen.');
    expect(body.excluded).toEqual([]);
  });

  it('skips the excluded decisions (ids trimmed, empties ignored) and answers 404 when none is left', async () => {
    const next = await get(
      `/exam-question?topic=${enc('Kündigung')}&exclude_ids=${enc(' bge_BGE_140_III_86 ,,')}`,
    );
    expect(next.status).toBe(200);
    expect(next.body.decision.decision_id).not.toBe('bge_BGE_140_III_86');
    expect(next.body.excluded).toEqual(['bge_BGE_140_III_86']);
    const ids = [next.body.decision.decision_id as string, 'bge_BGE_140_III_86'];
    let left = await get(`/exam-question?topic=${enc('Kündigung')}&exclude_ids=${ids.join(',')}`);
    while (left.status === 200) {
      ids.push(left.body.decision.decision_id as string);
      expect(ids.length).toBeLessThan(20);
      left = await get(`/exam-question?topic=${enc('Kündigung')}&exclude_ids=${ids.join(',')}`);
    }
    expect(left.status).toBe(404);
    expect(left.body).toMatchObject({ code: 'API_NOT_FOUND', detail: expect.stringContaining('Kündigung') });
  });

  it('answers 404 for a topic no decision matches', async () => {
    const { status, body } = await get('/exam-question?topic=Raumfahrtrecht');
    expect(status).toBe(404);
    expect(body.code).toBe('API_NOT_FOUND');
  });

  it.each([
    ['missing topic', '/exam-question', 'topic'],
    ['blank topic', '/exam-question?topic=%20%20', 'topic'],
    ['topic too long', `/exam-question?topic=${'a'.repeat(301)}`, 'topic'],
    ['topic syntax error', `/exam-question?topic=${enc('"unclosed')}`, 'topic'],
    ['an exclude id that is no id', `/exam-question?topic=Miete&exclude_ids=${enc('a b')}`, 'exclude_ids'],
    [
      'too many exclude ids',
      `/exam-question?topic=Miete&exclude_ids=${Array.from({ length: 201 }, (_, i) => `x${i}`).join(',')}`,
      'exclude_ids',
    ],
  ])('422 for %s', async (_label, url, param) => {
    const { status, body } = await get(url);
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(['query', param]);
  });
});

const MOCK = {
  facts: RICH_FACTS,
  question: 'Ist die Kündigung anfechtbar?',
  deciding_court: 'bger',
  preferred_language: 'de',
  statute_references: [{ law: 'OR', article: '271' }],
};

describe('POST /mock-decision', () => {
  it('outlines a research-only decision: quoted statutes, leading cases, outline, Dispositiv', async () => {
    const { status, body } = await post(MOCK);
    expect(status).toBe(200);
    expect(body.research_only).toBe(true);
    expect(body.notice).toMatch(/Nur für Recherche/);
    expect(body.generator).toBe('deterministic');
    expect(body.limit).toBe(8);
    expect(body.deciding_court).toEqual({ court: 'bger', name: 'Bundesgericht' });
    expect(body.issues[0]).toBe('Ist die Kündigung anfechtbar?');
    expect(body.issues[1]).toContain('Art. 271 OR');
    expect(body.statutes[0]).toMatchObject({
      sr_number: '220',
      article: '271',
      heading: 'Anfechtbarkeit der Kündigung',
      text: 'Die Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst.',
      source: 'request',
    });
    expect(body.decisions[0]).toMatchObject({
      decision_id: 'bge_BGE_140_III_86',
      rank: 1,
      citation_string_de: 'BGE 140 III 86',
      why: expect.stringContaining('Art. 271 OR'),
    });
    expect(body.decisions.length).toBeLessThanOrEqual(8);
    const point = body.erwaegungen_outline.find((p: { heading: string }) => p.heading === 'Art. 271 OR');
    expect(point.authorities).toEqual(['Art. 271 OR', 'BGE 140 III 86']);
    expect(body.proposed_dispositiv.length).toBeGreaterThan(1);
    expect(body.clarifying_questions).toEqual([]);
  });

  it('gives the same statute for OR, CO, the SR number and the Italian name', async () => {
    const texts = new Set<string>();
    for (const law of ['OR', 'CO', '220', 'or']) {
      const { status, body } = await post({ ...MOCK, statute_references: [{ law, article: '271' }] });
      expect(status).toBe(200);
      expect(body.statutes[0]).toMatchObject({ sr_number: '220', article: '271' });
      texts.add(body.statutes[0].text as string);
    }
    expect(texts.size).toBe(1);
  });

  it('answers in French and Italian with the statute in that language', async () => {
    for (const [language, expected] of [
      ['fr', 'annulable'],
      ['it', 'contestabile'],
    ] as const) {
      const { status, body } = await post({ ...MOCK, preferred_language: language });
      expect(status).toBe(200);
      expect(body.language).toBe(language);
      expect(body.statutes[0].text).toContain(expected);
      expect(body.issues[1]).toContain('art. 271 CO');
    }
  });

  it('reads statutes cited in the facts and acts behind Fedlex addresses; reports what does not resolve', async () => {
    const { status, body } = await post({
      facts: `${RICH_FACTS} Er beruft sich auf Art. 273 OR.`,
      statute_references: [
        { law: 'XYZG', article: '1' },
        { law: 'OR', article: '99999' },
      ],
      legislation_urls: [
        'https://www.fedlex.admin.ch/eli/cc/2011/147/de',
        'https://example.org/eli/cc/1/1/de',
      ],
    });
    expect(status).toBe(200);
    expect(body.statutes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sr_number: '220', article: '273', source: 'facts' }),
        expect.objectContaining({ sr_number: '220', article: null, text: null, source: 'legislation_url' }),
      ]),
    );
    const inputs = body.unresolved_statutes.map((u: { input: string }) => u.input);
    expect(inputs).toEqual(
      expect.arrayContaining(['XYZG 1', 'OR 99999', 'https://example.org/eli/cc/1/1/de']),
    );
    for (const u of body.unresolved_statutes) expect(u.reason.length).toBeGreaterThan(10);
  });

  it('asks clarifying questions when the facts are thin', async () => {
    const { status, body } = await post({ facts: 'Mein Vermieter hat gekündigt.' });
    expect(status).toBe(200);
    expect(body.clarifying_questions.length).toBeGreaterThanOrEqual(2);
    expect(body.clarifying_questions.join(' ')).toMatch(/Sachverhalt ist knapp/);
    expect(body.clarifying_questions.join(' ')).toMatch(/Welche Rechtsfrage/);
  });

  it('keeps to limit', async () => {
    const { body } = await post({ ...MOCK, limit: 1 });
    expect(body.limit).toBe(1);
    expect(body.decisions).toHaveLength(1);
  });

  it.each([
    ['no facts', { question: 'x' }, ['body', 'facts']],
    ['blank facts', { facts: '   ' }, ['body', 'facts']],
    ['facts too long', { facts: 'a'.repeat(20_001) }, ['body', 'facts']],
    ['facts not a string', { facts: 42 }, ['body', 'facts']],
    ['limit 0', { facts: 'x', limit: 0 }, ['body', 'limit']],
    ['limit 51', { facts: 'x', limit: 51 }, ['body', 'limit']],
    ['limit not an integer', { facts: 'x', limit: 2.5 }, ['body', 'limit']],
    ['an unknown language', { facts: 'x', preferred_language: 'en' }, ['body', 'preferred_language']],
    ['an unknown court', { facts: 'x', deciding_court: 'mars_court' }, ['body', 'deciding_court']],
    [
      'a statute without law',
      { facts: 'x', statute_references: [{ article: '1' }] },
      ['body', 'statute_references', '0', 'law'],
    ],
    [
      'a statute of unknown shape',
      { facts: 'x', statute_references: [{ law: 'OR', para: 1 }] },
      ['body', 'statute_references', '0'],
    ],
    [
      'a clarification without answer',
      { facts: 'x', clarifications: [{ question: 'q' }] },
      ['body', 'clarifications', '0', 'answer'],
    ],
    ['a URL that is none', { facts: 'x', legislation_urls: ['fedlex'] }, ['body', 'legislation_urls', '0']],
    ['an unknown field', { facts: 'x', court: 'bger' }, ['body']],
  ])('422 for %s', async (_label, payload, loc) => {
    const { status, body } = await post(payload);
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(loc);
  });

  it('422 for a body that is not JSON', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/mock-decision',
      headers: { 'content-type': 'application/json' },
      payload: '{"facts":',
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET /mock-decision', () => {
  const query = (fields: Record<string, string>) =>
    `/mock-decision?${Object.entries(fields)
      .map(([k, v]) => `${k}=${enc(v)}`)
      .join('&')}`;

  it('answers as the POST form for the same fields', async () => {
    const viaGet = await get(
      query({
        facts: MOCK.facts,
        question: MOCK.question,
        deciding_court: MOCK.deciding_court,
        preferred_language: MOCK.preferred_language,
        statute_references: JSON.stringify(MOCK.statute_references),
      }),
    );
    const viaPost = await post(MOCK);
    expect(viaGet.status).toBe(200);
    expect(viaGet.body).toEqual(viaPost.body);
  });

  it('takes repeated legislation_urls, clarifications as JSON and limit as text', async () => {
    const url = `${query({
      facts: RICH_FACTS,
      clarifications: JSON.stringify([{ question: 'Wann?', answer: 'Am 1. März 2024.' }]),
      limit: '2',
    })}&legislation_urls=${enc('https://www.fedlex.admin.ch/eli/cc/2011/147/de')}&legislation_urls=${enc('https://example.org/x')}`;
    const { status, body } = await get(url);
    expect(status).toBe(200);
    expect(body.limit).toBe(2);
    expect(body.decisions.length).toBeLessThanOrEqual(2);
    expect(body.statutes.some((s: { source: string }) => s.source === 'legislation_url')).toBe(true);
    expect(body.unresolved_statutes.map((u: { input: string }) => u.input)).toContain(
      'https://example.org/x',
    );
  });

  it.each([
    ['no facts', '/mock-decision', 'facts'],
    ['limit 0', `/mock-decision?facts=x&limit=0`, 'limit'],
    ['limit 51', `/mock-decision?facts=x&limit=51`, 'limit'],
    ['limit not a number', `/mock-decision?facts=x&limit=many`, 'limit'],
    [
      'statute_references not JSON',
      `/mock-decision?facts=x&statute_references=${enc('[OR')}`,
      'statute_references',
    ],
    [
      'statute_references of the wrong shape',
      `/mock-decision?facts=x&statute_references=${enc('{"law":"OR"}')}`,
      'statute_references',
    ],
    ['an unknown court', `/mock-decision?facts=x&deciding_court=nowhere`, 'deciding_court'],
    ['an unknown parameter', `/mock-decision?facts=x&colour=red`, null],
  ])('422 for %s', async (_label, url, param) => {
    const { status, body } = await get(url);
    expect(status).toBe(422);
    if (param) expect(body.detail[0].loc).toEqual(['query', param]);
  });
});

describe('every quotation is verbatim in its source', () => {
  it('walks the answers of a fixed query set', async () => {
    const statuteTexts = new Map<string, string>();
    for (const language of ['de', 'fr', 'it']) {
      for (const article of ['271', '273']) {
        const res = await get(`/laws/OR?article=${article}&language=${language}`);
        statuteTexts.set(`${language}:${article}`, res.body.articles[0].text as string);
      }
    }
    const sources = async (ids: readonly string[]) => [
      ...statuteTexts.values(),
      ...(await Promise.all(ids.map(fullText))),
    ];
    let checked = 0;
    for (const topic of ['Kündigung', 'Mietvertrag', 'Sperrfrist']) {
      const { status, body } = await get(`/exam-question?topic=${enc(topic)}`);
      if (status !== 200) continue;
      const text = await fullText(body.decision.decision_id as string);
      const passages = [...body.hidden_analysis.decisive_erwaegungen, body.hidden_analysis.result].filter(
        Boolean,
      );
      for (const p of passages) {
        expect(isVerbatimExcerpt(p.text as string, text)).toBe(true);
        checked++;
      }
      expect(isVerbatimExcerpt(body.fact_pattern.text as string, text)).toBe(true);
    }
    for (const language of ['de', 'fr', 'it']) {
      const { body } = await post({
        ...MOCK,
        preferred_language: language,
        facts: `${RICH_FACTS} Art. 273 OR.`,
      });
      const all = await sources(body.decisions.map((d: { decision_id: string }) => d.decision_id));
      for (const s of body.statutes) if (s.text) expect(all).toContain(s.text);
      const texts = [...body.issues, ...body.erwaegungen_outline.map((p: { text: string }) => p.text)];
      for (const quote of texts.flatMap((t: string) => findQuotations(t, 10))) {
        expect(
          all.some((source) => quotedVerbatim(quote.text, source)),
          quote.text,
        ).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('with a drafting language model', () => {
  const rewriteJson = JSON.stringify({
    fact_pattern: 'A vermietet B eine Wohnung und kündigt, nachdem B Mängel gerügt hat.',
    question: 'Kann B die Kündigung anfechten?',
  });

  it('rewrites the exam fact pattern; the hidden analysis stays verbatim', async () => {
    chat.behaviour = { kind: 'content', content: rewriteJson };
    const { status, body } = await call(modelApp, 'GET', `/exam-question?topic=${enc('Kündigung')}`);
    expect(status).toBe(200);
    expect(body.generator).toBe('llm:fake-drafter');
    expect(body.fact_pattern).toMatchObject({
      source: 'model_rewrite',
      text: expect.stringContaining('A vermietet B'),
    });
    expect(body.question).toBe('Kann B die Kündigung anfechten?');
    const text = await fullText(body.decision.decision_id as string);
    for (const p of body.hidden_analysis.decisive_erwaegungen)
      expect(isVerbatimExcerpt(p.text as string, text)).toBe(true);
    const sent = chat.requests.at(-1) as { messages: { content: string }[] };
    expect(sent.messages[1]!.content).toContain('Die Vermieterin kündigte das Mietverhältnis');
  });

  it.each([
    ['HTTP 500', { kind: 'status', status: 500 } as const],
    ['a timeout', { kind: 'hang', ms: 6000 } as const],
    ['invalid JSON', { kind: 'content', content: 'Here is a case.' } as const],
    ['JSON without the fields', { kind: 'content', content: '{"case":"x"}' } as const],
  ])('503 with Retry-After when the model fails: %s', async (_label, behaviour) => {
    chat.behaviour = behaviour;
    const exam = await call(modelApp, 'GET', `/exam-question?topic=${enc('Kündigung')}`);
    expect(exam.status).toBe(503);
    expect(exam.headers['retry-after']).toBe('30');
    expect(exam.body.code).toBe('API_MODEL_UNAVAILABLE');
    const mock = await call(modelApp, 'POST', '/mock-decision', MOCK);
    expect(mock.status).toBe(503);
    expect(mock.body.code).toBe('API_MODEL_UNAVAILABLE');
  });

  const draft = (authorities: string[], text = 'Die Kündigung ist nach Art. 271 OR zu prüfen.') =>
    JSON.stringify({
      issues: ['Ist die Kündigung missbräuchlich?'],
      outline: [{ heading: 'Anfechtbarkeit', text, authorities }],
      dispositiv: ['1. Die Beschwerde wird abgewiesen.'],
      clarifying_questions: ['Wann wurde gekündigt?'],
    });

  it('drafts the mock decision from the research set only, naming authorities by their citation', async () => {
    chat.behaviour = {
      kind: 'content',
      content: draft(
        ['S1', 'D1'],
        'Art. 271 OR: «Die Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst.»',
      ),
    };
    const { status, body } = await call(modelApp, 'POST', '/mock-decision', MOCK);
    expect(status).toBe(200);
    expect(body.generator).toBe('llm:fake-drafter');
    expect(body.research_only).toBe(true);
    expect(body.erwaegungen_outline[0].authorities).toEqual(['Art. 271 OR', 'BGE 140 III 86']);
    expect(body.proposed_dispositiv).toEqual(['1. Die Beschwerde wird abgewiesen.']);
    expect(body.clarifying_questions).toContain('Wann wurde gekündigt?');
    const sent = chat.requests.at(-1) as { messages: { content: string }[] };
    expect(sent.messages[1]!.content).toContain('D1: BGE 140 III 86');
  });

  it('503, never an invented authority or quotation', async () => {
    chat.behaviour = { kind: 'content', content: draft(['S1', 'D42']) };
    const unknown = await call(modelApp, 'POST', '/mock-decision', MOCK);
    expect(unknown.status).toBe(503);
    expect(unknown.body.detail).toMatch(/outside the research set/);
    chat.behaviour = {
      kind: 'content',
      content: draft(
        ['S1'],
        'Das Bundesgericht hielt fest: «Rachekündigungen sind stets und ausnahmslos nichtig, auch ohne Anfechtung.»',
      ),
    };
    const invented = await call(modelApp, 'POST', '/mock-decision', MOCK);
    expect(invented.status).toBe(503);
    expect(invented.body.detail).toMatch(/not in the sources/);
  });

  it('counts calls per client address and UTC day: 429 with Retry-After and a body naming the limit', async () => {
    chat.behaviour = { kind: 'content', content: rewriteJson };
    const ip = '10.9.9.9';
    for (let i = 0; i < QUOTA; i++) {
      const ok = await call(modelApp, 'GET', `/exam-question?topic=${enc('Kündigung')}`, undefined, ip);
      expect(ok.status).toBe(200);
      expect(ok.headers['x-llm-quota-remaining']).toBe(String(QUOTA - i - 1));
    }
    const over = await call(modelApp, 'POST', '/mock-decision', MOCK, ip);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(over.body).toMatchObject({
      code: 'API_LLM_QUOTA_EXCEEDED',
      limit: { name: 'LLM_DAILY_QUOTA', per_day: QUOTA, window: 'UTC day' },
    });
    // Another address still has its quota; without a model nothing is counted.
    expect(
      (await call(modelApp, 'GET', `/exam-question?topic=${enc('Kündigung')}`, undefined, '10.9.9.10'))
        .status,
    ).toBe(200);
    for (let i = 0; i < QUOTA + 1; i++)
      expect(
        (await call(world.app, 'GET', `/exam-question?topic=${enc('Kündigung')}`, undefined, ip)).status,
      ).toBe(200);
  });

  it('the MCP tools exam_question and mock_decision draft with the model and count against the same quota', async () => {
    chat.behaviour = { kind: 'content', content: rewriteJson };
    const base = await modelApp.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client({ name: 'quota-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const first = (await client.callTool({ name: 'exam_question', arguments: { topic: 'Kündigung' } })) as CallToolResult;
      expect(first.isError).toBeFalsy();
      expect(first.structuredContent).toMatchObject({ fact_pattern: { source: 'model_rewrite' } });
      // The same address (127.0.0.1) through HTTP uses up the rest of the day's quota.
      for (let i = 1; i < QUOTA; i++)
        expect((await call(modelApp, 'GET', `/exam-question?topic=${enc('Kündigung')}`, undefined, '127.0.0.1')).status).toBe(200);
      const over = (await client.callTool({ name: 'mock_decision', arguments: MOCK })) as CallToolResult;
      expect(over.isError).toBe(true);
      const text = over.content[0];
      expect(JSON.parse(text?.type === 'text' ? text.text : '{}')).toMatchObject({
        code: 'API_LLM_QUOTA_EXCEEDED',
        limit: { name: 'LLM_DAILY_QUOTA', per_day: QUOTA },
      });
    } finally {
      await client.close();
    }
  });

  it('counts /verify-claim with a language-model judge against the same quota', async () => {
    chat.behaviour = { kind: 'content', content: verdictJson() };
    const ip = '10.9.8.1';
    const claim = { claim: 'Eine Kündigung ist anfechtbar.', decision_id: 'bge_BGE_140_III_86' };
    for (let i = 0; i < QUOTA; i++)
      expect((await call(modelApp, 'POST', '/verify-claim', claim, ip)).status).toBe(200);
    const over = await call(modelApp, 'POST', '/verify-claim', claim, ip);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('API_LLM_QUOTA_EXCEEDED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('documents the routes in the OpenAPI document with the 429 and 503 answers', async () => {
    const doc = (await call(modelApp, 'GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths['/mock-decision'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/exam-question'].get.responses)).toEqual(
      expect.arrayContaining(['200', '404', '422', '429', '503']),
    );
    expect(Object.keys(doc.paths['/verify-claim'].post.responses)).toContain('429');
  });
});
