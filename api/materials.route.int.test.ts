/**
 * GET /materialien and /materialien/{law_code} over the bundled sample materials, ingested through
 * the real Fedlex materials source and projected: every parameter, bound and 422 case, name
 * resolution as /laws does it, misses, and every returned quotation found verbatim in the stored
 * events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStatuteWorld, type StatuteWorld } from '../test/support/statutes.ts';

let world: StatuteWorld;
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
}, 240_000);
afterAll(async () => {
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
