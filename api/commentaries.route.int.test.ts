/**
 * GET /commentaries/{abbreviation} over the bundled commentary sample, ingested through the
 * OnlineKommentar source and projected: OR = CO = 220, misses with candidates, 422 cases; and the
 * commentary search behaviour (test/support/commentary-search.suite.ts) on the Postgres vectors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommentaryWorld, type CommentaryWorld } from '../test/support/commentaries.ts';
import { commentarySearchBehaviour } from '../test/support/commentary-search.suite.ts';

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
const lookup = (name: string, query = '') =>
  get(`/commentaries/${encodeURIComponent(name)}${query ? `?${query}` : ''}`);

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

commentarySearchBehaviour('Postgres full-text on embedded PGlite', () => world);
