/**
 * GET /commentaries/search on any commentary search backend (the Postgres vectors; OpenSearch as
 * in distributed mode) over the bundled commentary sample: every parameter, bound and 422 case,
 * OR = CO = 220, the query language (phrases, AND / OR / NOT, prefixes), snippets with highlights,
 * every served paragraph and snippet verbatim in the published commentary, and a rebuild from the
 * log that answers the same.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { CommentaryWorld } from './commentaries.ts';

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

type Excerpt = { commentary_id: string; margin_number: string | null; text: string; snippet: string };

/** The search behaviour over the world `world` gives (undefined: no engine, the tests skip). */
export function commentarySearchBehaviour(name: string, world: () => CommentaryWorld | undefined): void {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
  const get = async (url: string): Promise<{ status: number; body: any }> => {
    const res = await world()!.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };
  const search = (query: string) => get(`/commentaries/search?${query}`);
  const keys = async (query: string) => {
    const res = await search(query);
    expect(res.status, query).toBe(200);
    return (res.body.results as Excerpt[]).map((r) => `${r.commentary_id}#${r.margin_number}`);
  };

  beforeEach((ctx) => {
    if (!world()) ctx.skip();
  });

  describe(`GET /commentaries/search (${name})`, () => {
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

  describe(`commentary quotations (${name})`, () => {
    it('every paragraph and snippet served for a fixed query set is verbatim in the published commentary', async () => {
      const published = await world()!.published();
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

  describe(`commentary query language (${name})`, () => {
    it('a phrase matches the words in that order only', async () => {
      const phrase = await search(`query=${encodeURIComponent('"rechtliches Gehör"')}&limit=50`);
      expect(phrase.status).toBe(200);
      expect(phrase.body.returned).toBeGreaterThan(0);
      for (const r of phrase.body.results as Excerpt[]) expect(r.text).toMatch(/rechtliche[ns]? Gehör/i);
    });

    it('AND narrows, OR widens, NOT excludes', async () => {
      const a = new Set(await keys('query=Schaden&limit=50&language=de'));
      const b = new Set(await keys('query=Widerrechtlichkeit&limit=50&language=de'));
      expect(a.size).toBeGreaterThan(0);
      expect(b.size).toBeGreaterThan(0);
      const and = await keys('query=Schaden%20AND%20Widerrechtlichkeit&limit=50&language=de');
      expect(new Set(and)).toEqual(new Set([...a].filter((k) => b.has(k))));
      const or = await keys('query=Schaden%20OR%20Widerrechtlichkeit&limit=50&language=de');
      expect(new Set(or)).toEqual(new Set([...a, ...b]));
      const not = await keys('query=Schaden%20NOT%20Widerrechtlichkeit&limit=50&language=de');
      expect(new Set(not)).toEqual(new Set([...a].filter((k) => !b.has(k))));
    });

    it('a prefix finds the inflected and compound forms', async () => {
      const res = await search('query=K%C3%BCndig*&limit=50&language=de');
      expect(res.status).toBe(200);
      expect(res.body.returned).toBeGreaterThan(0);
      for (const r of res.body.results as Excerpt[]) {
        expect(`${r.text} ${(r as unknown as { title: string }).title}`).toMatch(/kündig/i);
      }
    });

    it('hostile and odd queries never give a 5xx', async () => {
      for (const q of [
        '\u0000',
        '*:* OR NOT',
        'NOT Beweis',
        '"der die das"',
        'und OR le OR il',
        '((Beweis',
        'a* b* c* d* e*',
        'BGE 140 III 86',
        '4A_100/2025',
        `${'Schaden '.repeat(60)}`,
        '<script>alert(1)</script>',
        '{"query":{"match_all":{}}}',
      ]) {
        const res = await search(`query=${encodeURIComponent(q)}&limit=50`);
        expect(res.status, q).toBeLessThan(500);
      }
    });

    it('results come best first, scores in [0, 1)', async () => {
      const res = await search('query=Beweis&limit=50');
      const scores = (res.body.results as { score: number }[]).map((r) => r.score);
      expect(scores.length).toBeGreaterThan(1);
      expect([...scores].sort((x, y) => y - x)).toEqual(scores);
      for (const s of scores) expect(s >= 0 && s < 1).toBe(true);
    });

    it('a rebuild from the log answers the same', async () => {
      const queries = [
        'query=Beispieltext&limit=50',
        'query=Beweis&limit=50&abbreviation=OR',
        'query=bonne%20foi&language=fr',
      ];
      const before = await Promise.all(queries.map((q) => search(q)));
      expect(await world()!.rebuild()).toBeGreaterThan(1);
      const after = await Promise.all(queries.map((q) => search(q)));
      expect(after).toEqual(before);
    });
  });
}
