/**
 * GET /commentaries/search and GET /commentaries/{abbreviation} over the bundled commentary
 * sample, ingested through the OnlineKommentar source and projected: every parameter, bound and
 * 422 case, OR = CO = 220, misses with candidates, and every served paragraph verbatim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommentaryWorld, type CommentaryWorld } from '../test/support/commentaries.ts';

let world: CommentaryWorld;
beforeAll(async () => {
  world = await openCommentaryWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const get = async (url: string): Promise<{ status: number; body: any }> => {
  const res = await world.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const search = (query: string) => get(`/commentaries/search?${query}`);
const lookup = (name: string, query = '') =>
  get(`/commentaries/${encodeURIComponent(name)}${query ? `?${query}` : ''}`);

const SOURCE_FIELDS = [
  'authors',
  'title',
  'edition_date',
  'licence',
  'licence_url',
  'url',
  'margin_number',
  'text',
  'citation',
] as const;

describe('GET /commentaries/search', () => {
  it('finds paragraphs with highlights, each carrying authors, title, edition, licence, URL and N.', async () => {
    const res = await search('query=Widerrechtlichkeit');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      query: 'Widerrechtlichkeit',
      language: null,
      sr_number: null,
      limit: 10,
    });
    expect(res.body.returned).toBeGreaterThan(0);
    const hit = res.body.results[0];
    for (const f of SOURCE_FIELDS) expect(hit[f], f).not.toBeNull();
    expect(hit).toMatchObject({ sr_number: '220', article: '41', language: 'de', sample: true });
    expect(['1', '2']).toContain(hit.margin_number);
    expect(hit.snippet).toMatch(/<b>widerrechtlich\w*<\/b>/i);
    expect(hit.licence).toMatch(/^Sample text/);
    expect(hit.url).toMatch(/^https:\/\/sample\.invalid\//);
    expect(hit.citation).toBe(`${hit.authors[0]}, Art. 41 OR, N. ${hit.margin_number}`);
  });

  it('limit defaults to 10 and is honoured from 1 to 50; total counts every match', async () => {
    const all = await search('query=Beispieltext&limit=50');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(40);
    expect(all.body.returned).toBe(40);
    const dflt = await search('query=Beispieltext');
    expect(dflt.body).toMatchObject({ limit: 10, returned: 10, total: 40 });
    const one = await search('query=Beispieltext&limit=1');
    expect(one.body).toMatchObject({ limit: 1, returned: 1 });
  });

  it('language restricts to one language', async () => {
    const fr = await search('query=illicéité&language=fr');
    expect(fr.status).toBe(200);
    expect(fr.body.returned).toBeGreaterThan(0);
    expect(new Set(fr.body.results.map((r: { language: string }) => r.language))).toEqual(new Set(['fr']));
    const de = await search('query=illicéité&language=de');
    expect(de.body.returned).toBe(0);
  });

  it('abbreviation resolves like /laws: OR, CO and 220 give the same results', async () => {
    const ids = async (abbr: string) => {
      const res = await search(`query=Beweis&limit=50&abbreviation=${encodeURIComponent(abbr)}`);
      expect(res.status).toBe(200);
      expect(res.body.sr_number).toBe('220');
      const results = res.body.results as { commentary_id: string; margin_number: string }[];
      return results.map((r) => `${r.commentary_id}#${r.margin_number}`);
    };
    const or = await ids('OR');
    expect(or.length).toBeGreaterThan(0);
    expect(await ids('CO')).toEqual(or);
    expect(await ids('220')).toEqual(or);
    expect(await ids('o.r.')).toEqual(or);
  });

  it('an unknown abbreviation is the /laws miss (404), never an empty 200', async () => {
    const res = await search('query=Beweis&abbreviation=NOSUCHACT');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'LAW_MISS',
      miss_code: 'unknown_name',
      commentary_candidates: [],
    });
  });

  it.each([
    ['', 'query'],
    ['query=', 'query'],
    ['query=%20%20', 'query'],
    ['query=x&limit=0', 'limit'],
    ['query=x&limit=51', 'limit'],
    ['query=x&limit=abc', 'limit'],
    ['query=x&limit=2.5', 'limit'],
    ['query=x&language=en', 'language'],
    ['query=x&language=', 'language'],
    [`query=${'a'.repeat(1001)}`, 'query'],
    [`query=x&abbreviation=${'a'.repeat(201)}`, 'abbreviation'],
  ])('422 for %j (%s)', async (qs, field) => {
    const res = await search(qs);
    expect(res.status).toBe(422);
    expect(res.body.detail.some((d: { loc: string[] }) => d.loc.includes(field))).toBe(true);
  });

  it('an unparseable query is a 422, not a 500', async () => {
    const res = await search(`query=${encodeURIComponent('"unclosed AND (')}`);
    expect([200, 422]).toContain(res.status);
  });
});

describe('GET /commentaries/{abbreviation}', () => {
  const ART_41 = 'sample-or-41-de';

  it.each([
    ['OR', ''],
    ['CO', ''],
    ['co', ''],
    ['220', ''],
    ['_', 'sr_number=220&'],
  ])('%j serves the same commentary on Art. 41', async (name, extra) => {
    const res = await lookup(name, `${extra}article=41`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sr_number: '220', article: '41', language: 'de' });
    expect(res.body.commentaries.map((c: { commentary_id: string }) => c.commentary_id)).toEqual([ART_41]);
    const c = res.body.commentaries[0];
    expect(c.paragraphs.map((p: { margin_number: string }) => p.margin_number)).toEqual(['1', '2', '3', '4']);
    expect(c.paragraphs_total).toBe(4);
    expect(c).toMatchObject({ title: 'Art. 41 OR', edition_date: '2024-01-01', sample: true });
    expect(c.authors.length).toBeGreaterThan(0);
    expect(c.legal_text).toContain('Schaden');
  });

  it('a former-edition name (aOR) serves the current commentary with a note', async () => {
    const res = await lookup('aOR', 'article=41');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sr_number: '220', resolved_via: 'alias' });
    expect(res.body.note).toEqual(expect.any(String));
    expect(res.body.commentaries[0].commentary_id).toBe(ART_41);
  });

  it('language picks the translation (default de)', async () => {
    const fr = await lookup('CO', 'article=41&language=fr');
    expect(fr.status).toBe(200);
    expect(fr.body.commentaries[0]).toMatchObject({
      commentary_id: 'sample-or-41-fr',
      title: 'Art. 41 CO',
      language: 'fr',
    });
    expect(fr.body.commentaries[0].paragraphs[0].citation).toMatch(/, Art\. 41 CO, n\. 1$/);
    const it_ = await lookup('OR', 'article=41&language=it');
    expect(it_.body.commentaries[0].commentary_id).toBe('sample-or-41-it');
  });

  it('without article: every commentary of the act with its first paragraphs', async () => {
    const res = await lookup('ZGB');
    expect(res.status).toBe(200);
    expect(res.body.article).toBeNull();
    expect(res.body.commentaries.map((c: { article: string }) => c.article).sort()).toEqual(['2', '8']);
    for (const c of res.body.commentaries) {
      expect(c.paragraphs).toHaveLength(2);
      expect(c.paragraphs_total).toBe(4);
    }
  });

  it('a name the alias table does not know is the /laws miss', async () => {
    const res = await lookup('NOSUCHACT', 'article=1');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'LAW_MISS', miss_code: 'unknown_name', input: 'NOSUCHACT' });
  });

  it('an article without a commentary is a miss naming the commentaries held on the act', async () => {
    const res = await lookup('OR', 'article=999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'LAW_MISS', miss_code: 'commentary_not_held', sr_number: '220' });
    const de = res.body.commentary_candidates.filter((c: { language: string }) => c.language === 'de');
    expect(de.map((c: { article: string }) => c.article).sort()).toEqual(['336', '337', '41', '97']);
    expect(de[0].url).toMatch(/^\/commentaries\/_\?sr_number=220&article=\d+&language=de$/);
  });

  it('a known act without any commentary is a miss with no candidates', async () => {
    const res = await lookup('ZPO', 'article=1');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      miss_code: 'commentary_not_held',
      sr_number: '272',
      commentary_candidates: [],
    });
  });

  it.each([
    ['OR', 'article=%24%24', 'article'],
    ['OR', 'language=en', 'language'],
    ['OR', `sr_number=${'1'.repeat(61)}`, 'sr_number'],
    ['OR', `article=${'1'.repeat(41)}`, 'article'],
  ])('422 for %s?%s (%s)', async (name, qs, field) => {
    const res = await lookup(name, qs);
    expect(res.status).toBe(422);
    expect(res.body.detail.some((d: { loc: string[] }) => d.loc.includes(field))).toBe(true);
  });

  it('hostile names and values never give a 5xx', async () => {
    for (const url of [
      `/commentaries/${encodeURIComponent('\u0000\u202e')}`,
      `/commentaries/${encodeURIComponent("'; drop table commentaries; --")}?article=1`,
      `/commentaries/_`,
      `/commentaries/_?sr_number=${encodeURIComponent('../../etc')}`,
      `/commentaries/${'x'.repeat(300)}`,
      `/commentaries/search?query=${encodeURIComponent('\u0000')}`,
      `/commentaries/search?query=${encodeURIComponent('*:* OR NOT')}`,
      `/commentaries/search?query=a&limit=${'9'.repeat(40)}`,
    ]) {
      const res = await world.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('quotations', () => {
  it('every paragraph and snippet served for a fixed query set is verbatim in the published commentary', async () => {
    const published = await world.published();
    const stored = new Map(published.map((c) => [c.commentary_id, c]));
    const urls = [
      ...[
        'Widerrechtlichkeit',
        'Beweis',
        'bonne foi',
        'arbitrio',
        'Kündigung',
        'Beispieltext',
        '"rechtliches Gehör"',
      ].flatMap((q) =>
        ['de', 'fr', 'it'].map(
          (l) => `/commentaries/search?limit=50&language=${l}&query=${encodeURIComponent(q)}`,
        ),
      ),
      ...['OR', 'CO', 'ZGB', 'CC', 'BV', 'Cst.', 'StGB', 'CP'].flatMap((a) =>
        ['de', 'fr', 'it'].flatMap((l) => [`/commentaries/${encodeURIComponent(a)}?language=${l}`]),
      ),
      '/commentaries/OR?article=41',
      '/commentaries/CC?article=2&language=fr',
      '/commentaries/StGB?article=146&language=it',
    ];
    let checked = 0;
    for (const url of urls) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      const excerpts: {
        commentary_id: string;
        margin_number: string | null;
        text: string;
        snippet?: string;
      }[] =
        res.body.results ??
        res.body.commentaries.flatMap((c: { commentary_id: string; paragraphs: object[] }) =>
          c.paragraphs.map((p) => ({ ...p, commentary_id: c.commentary_id })),
        );
      for (const e of excerpts) {
        const c = stored.get(e.commentary_id);
        expect(c, e.commentary_id).toBeDefined();
        expect(c!.paragraphs).toContainEqual({ margin: e.margin_number, text: e.text });
        if (e.snippet !== undefined) expect(e.text).toContain(e.snippet.replace(/<\/?b>/g, ''));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
