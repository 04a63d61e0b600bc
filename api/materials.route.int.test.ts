/**
 * GET /materialien and /materialien/{law_code} over the bundled sample materials, ingested through
 * the real Fedlex materials source and projected: every parameter, bound and 422 case, name
 * resolution as /laws does it, misses, and every returned quotation found verbatim in the stored
 * events.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { OpenAiLanguageModel } from '../infra/llm/openai-language-model.ts';
import { TableRateLimitCounter } from '../infra/rate-limit/table-rate-limit-counter.ts';
import { startFakeChatServer, type FakeChatServer } from '../test/support/fake-openai.ts';
import { openStatuteWorld, statuteWorldDeps, type StatuteWorld } from '../test/support/statutes.ts';

let world: StatuteWorld;
let chat: FakeChatServer;
let modelApp: FastifyInstance;
const QUOTA = 3;
/** Every stored passage text, per document key (`eli|language|sr`). */
const stored = new Map<string, { text: string; page: number }[]>();
beforeAll(async () => {
  world = await openStatuteWorld();
  const rows = await world.handle.db
    .selectFrom('event_log')
    .select('payload')
    .where('type', '=', 'MaterialPublished')
    .execute();
  for (const { payload } of rows) {
    const data = (payload as { data: { eli: string; language: string; sr_number: string; passages: { text: string; page: number }[] } }).data;
    stored.set(`${data.eli}|${data.language}|${data.sr_number}`, data.passages);
  }
  chat = await startFakeChatServer();
  modelApp = await buildApp({
    ...statuteWorldDeps(world.handle.db),
    languageModel: new OpenAiLanguageModel({ model: 'fake-summariser', apiKey: 'k', baseURL: chat.baseURL, timeoutMs: 400 }),
    llmQuota: { perDay: QUOTA, counter: new TableRateLimitCounter(world.handle.db) },
  });
}, 240_000);
afterAll(async () => {
  await modelApp?.close();
  await chat?.close();
  await world?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const get = async (url: string): Promise<{ status: number; body: any }> => {
  const res = await world.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

interface Quoted {
  eli: string;
  language: string;
  sr_number: string;
  page: number;
  citation: string;
  ref_type: string;
  paraphrase?: boolean;
}

/** The quotation is a stored passage of that document, on that page, with a matching citation. */
function expectVerbatim(item: Quoted, text: string): void {
  const passages = stored.get(`${item.eli}|${item.language}|${item.sr_number}`);
  expect(passages, `${item.eli} ${item.language}`).toBeDefined();
  expect(passages!.some((p) => p.text === text && p.page === item.page)).toBe(true);
  expect(item.ref_type).toBe(item.language === 'de' ? 'BBl' : 'FF');
  expect(item.citation).toMatch(new RegExp(`^${item.ref_type} \\d{4} \\d+(, ${item.page})?$`));
}

describe('GET /materialien', () => {
  it('finds verbatim passages with their gazette citation and page, matches highlighted', async () => {
    const res = await get('/materialien?query=Rechtssicherheit');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ query: 'Rechtssicherheit', law_code: null, sr_number: null, limit: 10 });
    // One message per act with materials says it, in German.
    expect(res.body.total).toBe(8);
    expect(res.body.returned).toBe(8);
    for (const hit of res.body.results) {
      expect(hit.language).toBe('de');
      expect(hit.snippet).toMatch(/<b>Rechtssicherheit<\/b>/);
      expect(hit.sample).toBe(true);
      expectVerbatim(hit, hit.passage);
    }
  });

  it('searches every language unless told: FF citations in French and Italian', async () => {
    const fr = await get('/materialien?query=' + encodeURIComponent('sécurité du droit') + '&language=fr&limit=50');
    expect(fr.status).toBe(200);
    expect(fr.body.returned).toBeGreaterThan(0);
    for (const hit of fr.body.results) {
      expect(hit).toMatchObject({ language: 'fr', ref_type: 'FF' });
      expectVerbatim(hit, hit.passage);
    }
    const it_ = await get('/materialien?query=giurisprudenza');
    expect(it_.body.results.map((h: Quoted) => h.language)).toContain('it');
  });

  it.each([['OR'], ['CO'], ['220'], ['co']])('law_code=%s restricts to SR 220, resolved as /laws does', async (code) => {
    const res = await get(`/materialien?query=Art&law_code=${code}&limit=50`);
    expect(res.status).toBe(200);
    expect(res.body.sr_number).toBe('220');
    expect(res.body.returned).toBeGreaterThan(0);
    expect(new Set(res.body.results.map((h: Quoted) => h.sr_number))).toEqual(new Set(['220']));
  });

  it('honours limit: 1 and 50 are bounds, the default is 10', async () => {
    expect((await get('/materialien?query=Art&limit=1')).body.returned).toBe(1);
    const max = await get('/materialien?query=Art&limit=50');
    expect(max.body).toMatchObject({ limit: 50, returned: 50 });
  });

  it.each([
    ['', 'query'],
    ['query=', 'query'],
    ['query=-', 'query'],
    ['query=%22unclosed', 'query'],
    ['query=x&limit=0', 'limit'],
    ['query=x&limit=51', 'limit'],
    ['query=x&limit=abc', 'limit'],
    ['query=x&limit=1.5', 'limit'],
    ['query=x&language=en', 'language'],
    [`query=${'x'.repeat(1001)}`, 'query'],
  ])('422 for %j at %s', async (qs, field) => {
    const res = await get(`/materialien?${qs}`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', field]);
  });

  it('an unknown law_code is the /laws miss, not an empty answer', async () => {
    const res = await get('/materialien?query=Art&law_code=NoSuchLaw');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'LAW_MISS', miss_code: 'unknown_name', input: 'NoSuchLaw' });
  });
});

describe('GET /materialien/{law_code}', () => {
  it('gives intent, arguments, design choices, rejected alternatives and parliamentary modifications, verbatim', async () => {
    const res = await get('/materialien/BV?article=8');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ law_code: 'BV', sr_number: '101', article: '8', language: 'de' });
    expect(res.body.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['botschaft', 'parliamentary_change']);
    const categories = ['legislative_intent', 'key_arguments', 'design_choices', 'rejected_alternatives', 'parliamentary_modifications'];
    for (const c of categories) {
      expect(res.body[c].length, c).toBeGreaterThan(0);
      for (const item of res.body[c]) {
        expect(item.paraphrase).toBe(false);
        expect(item.articles.length === 0 || item.articles.includes('8')).toBe(true);
        expectVerbatim(item, item.text);
      }
    }
    expect(res.body.key_arguments.every((i: { articles: string[] }) => i.articles.includes('8'))).toBe(true);
    expect(res.body.parliamentary_modifications[0].citation).toMatch(/^BBl 2020 \d+$/);
    // no language model: verbatim items only, and the answer says so
    expect(res.body.summaries).toEqual({ status: 'not_configured', generator: null, reason: null });
  });

  it('without an article: every passage of the act, grouped', async () => {
    const res = await get('/materialien/BGFA');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sr_number: '935.61', article: null });
    const args = res.body.key_arguments.flatMap((i: { articles: string[] }) => i.articles);
    expect(new Set(args)).toEqual(new Set(['12', '13']));
  });

  it.each(['OR', 'CO', '220', 'o.r.'])('%s gives the same answer as OR (language fr)', async (name) => {
    const or = await get('/materialien/OR?article=41&language=fr');
    const other = await get(`/materialien/${encodeURIComponent(name)}?article=41&language=fr`);
    expect(other.status).toBe(200);
    expect({ ...other.body, law_code: 'OR' }).toEqual(or.body);
    expect(or.body.key_arguments[0]).toMatchObject({ language: 'fr', ref_type: 'FF' });
  });

  it.each([
    ['/materialien/BV?article=abc', 'article'],
    ['/materialien/BV?article=', 'article'],
    ['/materialien/BV?language=en', 'language'],
    [`/materialien/${'x'.repeat(201)}`, 'law_code'],
  ])('422 for %s', async (url, field) => {
    const res = await get(url);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc.at(-1)).toBe(field);
  });

  it.each([
    ['/materialien/NoSuchLaw', 'unknown_name'],
    ['/materialien/BV?article=999', 'article_not_found'],
    ['/materialien/StPO', 'not_held'],
  ])('%s is a miss (%s)', async (url, code) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'LAW_MISS', miss_code: code });
  });

  it('/amendment-ref maps the BBl reference of a message to its document', async () => {
    const bv = await get('/materialien/BV');
    const doc = bv.body.documents.find((d: { kind: string }) => d.kind === 'botschaft');
    const [, year, page] = /^BBl (\d{4}) (\d+)$/.exec(doc.citation)!;
    const ref = await get(`/amendment-ref?ref_type=BBl&year=${year}&page=${page}`);
    expect(ref.status).toBe(200);
    expect(ref.body).toMatchObject({ eli: doc.eli, match: 'first_page' });
    const inner = await get(`/amendment-ref?ref_type=BBl&year=${year}&page=${Number(page) + 2}`);
    expect(inner.body).toMatchObject({ eli: doc.eli, match: 'containing_document' });
  });
});

const CATEGORIES = ['legislative_intent', 'key_arguments', 'design_choices', 'rejected_alternatives', 'parliamentary_modifications'];
let ip = 0;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const ask = async (url: string, address = `10.9.0.${++ip}`): Promise<{ status: number; body: any; headers: Record<string, unknown> }> => {
  const res = await modelApp.inject({ method: 'GET', url, remoteAddress: address });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const answer = (items: unknown[]) => ({ kind: 'content' as const, content: JSON.stringify({ items }) });

/** Every verbatim item is a stored passage, on its page: summaries never displace or alter them. */
function expectAllVerbatim(body: Record<string, (Quoted & { text?: string; paraphrase: boolean })[]>): void {
  for (const c of CATEGORIES) {
    for (const item of body[c]!.filter((i) => !i.paraphrase)) expectVerbatim(item, item.text!);
  }
}

describe('GET /materialien/{law_code} with a language model: summaries', () => {
  it('puts summaries first, each naming passages of the answer, never as a quotation; the model gets only the stored passages', async () => {
    chat.behaviour = answer([
      { category: 'legislative_intent', summary: 'Die Botschaft will die Rechtsgleichheit stärken.', passages: ['P1', 'P2'] },
      { category: 'parliamentary_modifications', summary: 'Das Parlament hat die Vorlage präzisiert.', passages: ['P3'] },
    ]);
    const before = chat.requests.length;
    const res = await ask('/materialien/BV?article=8');
    expect(res.status).toBe(200);
    expect(res.body.summaries).toEqual({ status: 'included', generator: 'llm:fake-summariser', reason: null });
    interface Item {
      paraphrase: boolean;
      passage_id?: string;
      based_on?: { passage_id: string; citation: string }[];
    }
    const items = (c: string): Item[] => res.body[c] as Item[];
    const summaries = CATEGORIES.flatMap((c) => items(c).filter((i) => i.paraphrase));
    expect(summaries).toHaveLength(2);
    expect(res.body.legislative_intent[0]).toMatchObject({ paraphrase: true, summary: 'Die Botschaft will die Rechtsgleichheit stärken.', generator: 'llm:fake-summariser', sample: true });
    const verbatimIds = new Set(CATEGORIES.flatMap((c) => items(c).filter((i) => !i.paraphrase).map((i) => i.passage_id)));
    for (const s of summaries) {
      expect(s).not.toHaveProperty('text');
      expect(s).not.toHaveProperty('quote');
      expect(s.based_on!.length).toBeGreaterThan(0);
      for (const b of s.based_on!) {
        expect(verbatimIds.has(b.passage_id)).toBe(true);
        expect(b.citation).toMatch(/^BBl \d{4} \d+(, \d+)?$/);
      }
    }
    expectAllVerbatim(res.body);
    // the model was asked once, with the passages of the answer and the JSON schema of its answer
    expect(chat.requests.length).toBe(before + 1);
    const sent = chat.requests.at(-1) as { messages: { role: string; content: string }[]; response_format: { type: string } };
    expect(sent.response_format.type).toBe('json_schema');
    const user = sent.messages.find((m) => m.role === 'user')!.content;
    const firstVerbatim = res.body.legislative_intent.find((i: { paraphrase: boolean }) => !i.paraphrase);
    expect(user).toContain(firstVerbatim.text.slice(0, 200));
    expect(user).toContain('[P1]');
  });

  it.each([
    ['an answer naming a passage it was not given', answer([{ category: 'key_arguments', summary: 'Eine Zusammenfassung.', passages: ['P1', 'P999'] }]), /not given \(P999\)/],
    ['a summary in quotation marks', answer([{ category: 'key_arguments', summary: 'Die Botschaft sagt „Gleichheit“.', passages: ['P1'] }]), /quotation marks/],
    ['an answer in another shape', answer([{ category: 'opinions', summary: 'x', passages: ['P1'] }]), /unexpected shape/],
    ['malformed JSON', { kind: 'content' as const, content: '{"items": [ {"category": ' }, /invalid JSON/],
    ['HTTP 500', { kind: 'status' as const, status: 500 }, /HTTP 500/],
    ['a timeout', { kind: 'hang' as const, ms: 2000 }, /did not answer within 400 ms/],
  ])('%s: 200 with the verbatim items only and the reason', async (_what, behaviour, reason) => {
    chat.behaviour = behaviour;
    const res = await ask('/materialien/BV?article=8');
    expect(res.status).toBe(200);
    expect(res.body.summaries.status).toBe('unavailable');
    expect(res.body.summaries.reason).toMatch(reason);
    expect(res.body.summaries.reason).toMatch(/Only the verbatim passages are given/);
    for (const c of CATEGORIES) {
      expect(res.body[c].length, c).toBeGreaterThan(0);
      expect(res.body[c].every((i: { paraphrase: boolean }) => i.paraphrase === false)).toBe(true);
    }
    expectAllVerbatim(res.body);
  });

  it('counts model calls against the daily quota per client address; a miss asks no model and counts nothing', async () => {
    chat.behaviour = answer([]);
    const address = '10.9.9.9';
    const miss = await ask('/materialien/NoSuchLaw', address);
    expect(miss.status).toBe(404);
    for (let i = 0; i < QUOTA; i++) {
      const ok = await ask('/materialien/BGFA', address);
      expect(ok.status).toBe(200);
      expect(ok.headers['x-llm-quota-remaining']).toBe(String(QUOTA - i - 1));
    }
    const over = await ask('/materialien/BGFA', address);
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.body).toMatchObject({ code: 'API_LLM_QUOTA_EXCEEDED', limit: { name: 'LLM_DAILY_QUOTA', per_day: QUOTA } });
    // without a model nothing is counted
    const plain = await world.app.inject({ method: 'GET', url: '/materialien/BGFA', remoteAddress: address });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['x-llm-quota-limit']).toBeUndefined();
  });
});
