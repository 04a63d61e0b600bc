/**
 * GET /legislation/*, /amendment-ref and the statute pipeline's health reporting, over the bundled
 * sample with malformed items added (every projection running, as in the embedded mode).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStatuteWorld, type StatuteWorld } from '../test/support/statutes.ts';

let world: StatuteWorld;
beforeAll(async () => {
  world = await openStatuteWorld({ malformed: true, allProjections: true });
}, 240_000);
afterAll(async () => {
  await world?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const get = async (url: string): Promise<{ status: number; body: any }> => {
  const res = await world.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('statute ingest health', () => {
  it('reports the malformed XML file and the broken catalogue entry in the health events; the runs go on', async () => {
    const health = await get('/scraper-health');
    const bySource = new Map(health.body.sources.map((s: { source: string }) => [s.source, s]));
    expect(bySource.get('sample-fedlex')).toMatchObject({
      success: true,
      items_failed: 1,
      errors: [expect.objectContaining({ message: expect.stringMatching(/broken\.xml: malformed XML/) })],
    });
    expect(bySource.get('sample-lexfind')).toMatchObject({
      success: true,
      items_failed: 1,
      errors: [expect.objectContaining({ message: expect.stringMatching(/29999/) })],
    });
    expect(bySource.get('sample-cantonal')).toMatchObject({ success: true, items_failed: 0 });
    expect((await get('/laws/OR?article=41')).status).toBe(200);
  });
});

describe('GET /legislation/search', () => {
  it('finds a text by abbreviation first, with its /laws address, and enriches the top N with parsed text', async () => {
    const res = await get('/legislation/search?query=GOG&fetch_top_n_texts=2&canton=ZH');
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      catalog_id: 20001,
      canton: 'ZH',
      systematic_number: '211.1',
      text_available: true,
      matched_in: ['title'],
      score: 1,
    });
    expect(res.body.results[0].law_url).toBe('/laws/_?sr_number=211.1&canton=ZH&language=de');
    expect(res.body.results[0].text).toMatchObject({ consolidation_date: '2024-01-01', language: 'de' });
    expect(res.body.results[0].text.articles.length).toBe(res.body.results[0].text.article_count);
  });

  it('hides repealed texts unless active_only=false, and gives null text for a text that is only catalogued', async () => {
    const active = await get('/legislation/search?query=Gerichtsverfassungsgesetz');
    expect(active.body.total).toBe(0);
    const all = await get(
      '/legislation/search?query=Gerichtsverfassungsgesetz&active_only=false&fetch_top_n_texts=1',
    );
    expect(all.body.results[0]).toMatchObject({
      catalog_id: 20004,
      is_active: false,
      inactive_since: '2010-12-31',
      text_available: false,
      law_url: null,
      text: null,
    });
  });

  it('serves a repealed federal name with the text it had when it was repealed', async () => {
    const res = await get('/legislation/search?query=OG&active_only=false&canton=CH&fetch_top_n_texts=1');
    const og = res.body.results.find((r: { abbreviation: string }) => r.abbreviation === 'OG');
    expect(og).toMatchObject({
      is_active: false,
      systematic_number: '173.110',
      inactive_since: '2006-12-31',
      text: expect.objectContaining({ consolidation_date: '2006-01-01' }),
    });
    expect(og.law_url).toContain('as_of=2006-12-31');
  });

  it('searches the article texts with search_in_content', async () => {
    const titleOnly = await get('/legislation/search?query=Verj%C3%A4hrung&canton=CH');
    const content = await get('/legislation/search?query=Verj%C3%A4hrung&canton=CH&search_in_content=true');
    expect(titleOnly.body.total).toBe(0);
    expect(content.body.results.map((r: { systematic_number: string }) => r.systematic_number)).toContain(
      '220',
    );
    expect(content.body.results[0].matched_in).toEqual(['content']);
  });

  it('searches per language and canton', async () => {
    const fr = await get('/legislation/search?query=organisation%20judiciaire&language=fr&limit=60');
    // VS calls it "organisation de la Justice": not the same words.
    expect(new Set(fr.body.results.map((r: { canton: string }) => r.canton))).toEqual(
      new Set(['GE', 'VD', 'BE', 'NE']),
    );
    expect(fr.body.results.every((r: { language: string }) => r.language === 'fr')).toBe(true);
  });

  it.each([
    ['limit=61', 'limit', 'less_than_equal'],
    ['limit=0', 'limit', 'greater_than_equal'],
    ['fetch_top_n_texts=11', 'fetch_top_n_texts', 'less_than_equal'],
    ['fetch_top_n_texts=-1', 'fetch_top_n_texts', 'greater_than_equal'],
    ['active_only=maybe', 'active_only', 'bool_parsing'],
    ['search_in_content=2', 'search_in_content', 'bool_parsing'],
    ['canton=XY', 'canton', 'value_error'],
    ['language=rm', 'language', 'enum'],
  ])('rejects %s with a 422', async (param, field, type) => {
    const res = await get(`/legislation/search?query=Gesetz&${param}`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['query', field], type });
  });

  it.each(['-', '*', '(Gesetz'])('rejects the query %j with a 422 at [query, query]', async (query) => {
    const res = await get(`/legislation/search?query=${encodeURIComponent(query)}`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'query'], type: 'value_error' });
  });

  it('needs a query', async () => {
    expect((await get('/legislation/search')).body.detail[0]).toMatchObject({
      loc: ['query', 'query'],
      type: 'missing',
    });
  });
});

describe('GET /legislation/changes and /legislation/{catalog_id}', () => {
  it('lists new texts, new versions and repeals, newest first (default CH)', async () => {
    const zh = await get('/legislation/changes?canton=zh');
    expect(zh.body.canton).toBe('ZH');
    const types = new Set(zh.body.changes.map((c: { change_type: string }) => c.change_type));
    expect(types).toEqual(new Set(['new', 'amended', 'repealed']));
    const dates = zh.body.changes.map((c: { date: string }) => c.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const ch = await get('/legislation/changes');
    expect(ch.body).toMatchObject({ canton: 'CH', language: 'de' });
    expect(ch.body.changes.length).toBe(50);
  });

  it('gives one text with every version on include_versions', async () => {
    const res = await get('/legislation/20001?include_versions=true');
    expect(res.body).toMatchObject({ catalog_id: 20001, available_languages: ['de'], note: null });
    expect(res.body.versions).toEqual([
      expect.objectContaining({ active_since: '2024-01-01', active_until: null, text_available: true }),
      expect.objectContaining({
        active_since: '2011-01-01',
        active_until: '2023-12-31',
        text_available: true,
      }),
    ]);
    expect((await get('/legislation/20001')).body.versions).toBeUndefined();
  });

  it('looks a text up by systematic number within a canton, and says when the language differs', async () => {
    expect((await get('/legislation/0?systematic_number=211.1&canton=ZH')).body.catalog_id).toBe(20001);
    expect((await get('/legislation/0?systematic_number=173.110')).body).toMatchObject({
      canton: 'CH',
      is_active: true,
      abbreviation: 'BGG',
    });
    const fr = await get('/legislation/20001?language=fr');
    expect(fr.body).toMatchObject({ language: 'de', note: expect.stringMatching(/not in fr/) });
  });

  it('answers unknown ids with 404 and malformed ones with 422', async () => {
    expect((await get('/legislation/987654')).status).toBe(404);
    expect((await get('/legislation/abc')).status).toBe(422);
    expect((await get('/legislation/-1')).status).toBe(422);
    expect((await get('/legislation/1?include_versions=perhaps')).status).toBe(422);
  });
});

describe('GET /amendment-ref', () => {
  const firstPage = async (collection: string, edition: string) =>
    world.handle.db
      .selectFrom('gazette_first_pages')
      .selectAll()
      .where('collection', '=', collection)
      .where('edition', '=', edition)
      .where('year', '<', 2021)
      .orderBy('year')
      .orderBy('page')
      .executeTakeFirstOrThrow();

  it.each(['AS', 'RO', 'RU', 'BBl', 'FF'])('%s from 2021 on is the ELI directly', async (type) => {
    const res = await get(`/amendment-ref?ref_type=${type}&year=2022&page=310`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      match: 'direct',
      eli: `eli/${type === 'BBl' || type === 'FF' ? 'fga' : 'oc'}/2022/310`,
      eli_url: expect.stringMatching(/^https:\/\/fedlex\.data\.admin\.ch\/eli\//),
    });
  });

  it('before 2021: a first page, and for an inner page the containing document', async () => {
    const row = await firstPage('oc', '*');
    for (const type of ['AS', 'RO', 'RU']) {
      expect(
        (await get(`/amendment-ref?ref_type=${type}&year=${row.year}&page=${row.page}`)).body,
      ).toMatchObject({ match: 'first_page', eli: row.eli, first_page: row.page, language: null });
    }
    const inner = await get(`/amendment-ref?ref_type=as&year=${row.year}&page=${row.page + 3}`);
    expect(inner.body).toMatchObject({
      match: 'containing_document',
      eli: row.eli,
      first_page: row.page,
      note: expect.stringMatching(/inner page/),
    });
    const before = await get(`/amendment-ref?ref_type=AS&year=${row.year}&page=1`);
    expect(before.status).toBe(404);
    expect(before.body.detail).toMatch(/No document/);
  });

  it('resolves the Federal Gazette per language: BBl in German, FF in French and Italian', async () => {
    const de = await firstPage('fga', 'de');
    expect((await get(`/amendment-ref?ref_type=BBl&year=${de.year}&page=${de.page}`)).body).toMatchObject({
      match: 'first_page',
      language: 'de',
      eli: de.eli,
    });
    const fr = await firstPage('fga', 'fr');
    expect((await get(`/amendment-ref?ref_type=FF&year=${fr.year}&page=${fr.page}`)).body).toMatchObject({
      match: 'first_page',
      language: 'fr',
      eli: fr.eli,
    });
    // A late page of the year lies inside a document of each edition: one match per edition.
    const both = await get(`/amendment-ref?ref_type=FF&year=${fr.year}&page=99999`);
    expect(both.body.matches.map((m: { language: string }) => m.language).sort()).toEqual(['fr', 'it']);
    expect(both.body.note).toMatch(/French and the Italian edition/);
    const it_ = await firstPage('fga', 'it');
    const italian = await get(`/amendment-ref?ref_type=FF&year=${it_.year}&page=${it_.page}&language=it`);
    expect(italian.body).toMatchObject({
      match: 'first_page',
      language: 'it',
      eli: it_.eli,
      matches: [expect.objectContaining({ language: 'it' })],
    });
  });

  it.each([
    ['ref_type=XX&year=2000&page=1', 'ref_type', 'enum'],
    ['year=2000&page=1', 'ref_type', 'missing'],
    ['ref_type=AS&year=1800&page=1', 'year', 'greater_than_equal'],
    ['ref_type=AS&year=2000&page=0', 'page', 'greater_than_equal'],
    ['ref_type=AS&year=two&page=1', 'year', 'int_parsing'],
    ['ref_type=AS&year=2000&page=1.5', 'page', 'int_from_float'],
    ['ref_type=AS&year=2000&page=1&language=fr', 'language', 'value_error'],
  ])('rejects %s with a 422', async (query, field, type) => {
    const res = await get(`/amendment-ref?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc: ['query', field], type })]),
    );
  });
});
