/**
 * GET /laws/{abbreviation} and /laws/search over the bundled statute sample, ingested through the
 * real sources and projected: every resolution rule of the spec through HTTP, as_of for every act
 * and date, section blocks per language, misses and 422 bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISP_U1 } from '../contracts/laws/alias-table.ts';
import { makeVersion, versionEvent } from '../test/support/statutes-events.ts';
import { openStatuteWorld, type StatuteWorld } from '../test/support/statutes.ts';

let world: StatuteWorld;
beforeAll(async () => {
  world = await openStatuteWorld();
}, 240_000);
afterAll(async () => {
  await world?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const get = async (url: string): Promise<{ status: number; body: any }> => {
  const res = await world.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const law = (name: string, query = '') => get(`/laws/${encodeURIComponent(name)}${query ? `?${query}` : ''}`);

describe('alias resolution through GET /laws (rules 1-8)', () => {
  it.each([
    ['Pacte II', '0.103.2'],
    ['pacte-ii', '0.103.2'],
    ['PACTEII', '0.103.2'],
    ['UN-Pakt II', '0.103.2'],
    ['hkü', '0.211.230.02'],
    ['Loi sur l’asile', '142.31'],
  ])('rule 1: %j is matched normalised (SR %s)', async (name, sr) => {
    const res = await law(name);
    expect(res.status).toBe(200);
    expect(res.body.sr_number).toBe(sr);
  });

  it.each([
    ['Cst', '101', 'Cst.'],
    ['OPP2', '831.441.1', 'OPP 2'],
    ['o.p.p. 2', '831.441.1', 'OPP 2'],
    ['LTF', '173.110', 'LTF'],
    ['zgb', '210', 'ZGB'],
    ['cp', '311.0', 'CP'],
    ['LStrI', '142.20', 'LStrI'],
  ])(
    'rules 2 and 3: the stored abbreviation %j resolves without the table (SR %s)',
    async (name, sr, stored) => {
      const res = await law(name, 'language=it');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ sr_number: sr, resolved_via: 'stored_abbreviation', language: 'it' });
      expect(res.body.abbreviation === stored || res.body.language === 'it').toBe(true);
    },
  );

  it.each([
    'aStGB',
    'aCP',
    'aZGB',
    'aCC',
    'aOR',
    'aCO',
    'aBV',
    'aCst',
    'aOG',
    'aDSG',
    'aLPD',
    'nDSG',
    'nLPD',
    'revDSG',
    'nStPO',
  ])('rule 4: the edition name %s resolves, serving the current text with a note', async (name) => {
    const res = await law(name);
    expect(res.status).toBe(200);
    expect(res.body.note).toEqual(expect.any(String));
    expect(res.body.alias.name).toBe(name);
    expect(res.body.consolidation_date).toBe(res.body.available_versions.at(-1));
  });

  it.each(['ASVG', 'AZG', 'NWG', 'aXYZ'])(
    'rule 4: %s is a miss, with the cantonal candidates the collection knows',
    async (name) => {
      const res = await law(name);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'LAW_MISS',
        input: name,
        detail: expect.stringContaining(name),
      });
      if (name === 'AZG')
        expect(res.body.candidates).toEqual([
          expect.objectContaining({ canton: 'BS', sr_number: '162.200', abbreviation: 'AZG' }),
        ]);
      if (name === 'NWG')
        expect(res.body.candidates).toEqual([expect.objectContaining({ canton: 'ZG', sr_number: '731.1' })]);
      if (name === 'ASVG') expect(res.body.miss_code).toBe('edition_prefix_not_interpreted');
    },
  );

  it.each(['OJF', 'LMSD', 'LAMI', 'ALPC', 'TJPG', 'LTPM'])(
    'rule 5: %s is deliberately not mapped',
    async (name) => {
      const res = await law(name);
      expect(res.status).toBe(404);
      expect(res.body.miss_code).toBe('deliberately_unmapped');
    },
  );

  it('rule 6: a collection label naming one canton is a canton plus SR number (LS with article 211.1 = ZH 211.1)', async () => {
    const res = await law('LS', 'article=211.1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      canton: 'ZH',
      sr_number: '211.1',
      abbreviation: 'GOG',
      resolved_via: 'collection_label',
    });
    expect(res.body.articles.length).toBeGreaterThan(5);
    expect((await law('RSG', `article=${encodeURIComponent('E 2 05')}&language=fr`)).body).toMatchObject({
      canton: 'GE',
      sr_number: 'E 2 05',
      language: 'fr',
    });
    expect((await get('/laws/LS/211.1?article=1')).body).toMatchObject({
      canton: 'ZH',
      sr_number: '211.1',
      articles: [expect.objectContaining({ article_num: '1' })],
    });
    for (const repeating of ['GS', 'BGS', 'SGS', 'RB'])
      expect((await law(repeating, 'article=1')).body.miss_code).toBe('repeating_collection_label');
  });

  it('rule 7: treaties by common name; former names with a note, the former text with as_of_hint', async () => {
    expect((await law('ICCPR')).body.sr_number).toBe('0.103.2');
    expect((await law('Lugano Convention')).body.sr_number).toBe('0.275.12');
    const og = await law('OG');
    expect(og.body).toMatchObject({
      sr_number: '173.110',
      abbreviation: 'BGG',
      alias: { kind: 'former', successor: 'BGG', as_of_hint: '2006-12-31' },
    });
    expect(og.body.note).toMatch(/OG/);
    const former = await law('OG', 'as_of=2006-12-31');
    expect(former.body).toMatchObject({
      abbreviation: 'OG',
      consolidation_date: '2006-01-01',
      title: 'Bundesgesetz über die Organisation der Bundesrechtspflege',
    });
    expect((await law('ANAG', 'as_of=2007-12-31')).body.abbreviation).toBe('ANAG');
    expect((await law('AuG', 'as_of=2018-12-31')).body.abbreviation).toBe('AuG');
    expect((await law('KUVG', 'as_of=1995-12-31&language=fr')).body.abbreviation).toBe('LAMA');
    expect((await law('BStP', 'as_of=2010-12-31')).body.abbreviation).toBe('BStP');
    expect((await law('aBV', 'as_of=1999-12-31&article=4')).body.articles[0].heading).toBe(
      'Rechtsgleichheit',
    );
  });

  it('rule 8: a cantonal act with its canton as second path element, in either order', async () => {
    for (const path of ['/laws/StG/ZH', '/laws/ZH/StG', '/laws/stg/zh', '/laws/StG?canton=ZH']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject({ canton: 'ZH', sr_number: '631.1', abbreviation: 'StG' });
    }
    expect((await get('/laws/StG/BE?language=fr')).body).toMatchObject({
      canton: 'BE',
      sr_number: '661.11',
      abbreviation: 'LI',
      title: 'Loi sur les impôts',
    });
    const ambiguous = await law('StG');
    expect(ambiguous.status).toBe(404);
    expect(ambiguous.body.candidates.map((c: { canton: string }) => c.canton).sort()).toEqual(['BE', 'ZH']);
    expect((await get('/laws/BVG/LPP')).body.sr_number).toBe('831.40');
    expect((await get('/laws/OR/ZH?article=41')).body).toMatchObject({
      canton: 'CH',
      sr_number: '220',
      note: expect.stringMatching(/federal/),
    });
  });
});

describe('as_of', () => {
  it('serves, for every act and every consolidation, that consolidation on its date and the previous one the day before', async () => {
    const rows = await world.handle.db
      .selectFrom('statute_versions')
      .select(['jurisdiction', 'sr_number', 'language', 'consolidation_date'])
      .where((eb) => eb.or([eb('language', '=', 'de'), eb('jurisdiction', '<>', 'CH')]))
      .orderBy('jurisdiction')
      .orderBy('sr_number')
      .orderBy('language')
      .orderBy('consolidation_date')
      .execute();
    expect(rows.length).toBeGreaterThan(80);
    let previous: (typeof rows)[number] | undefined;
    for (const row of rows) {
      const same =
        previous &&
        previous.jurisdiction === row.jurisdiction &&
        previous.sr_number === row.sr_number &&
        previous.language === row.language;
      const base = `/laws/_?sr_number=${encodeURIComponent(row.sr_number)}&canton=${row.jurisdiction}&language=${row.language}`;
      const on = await get(`${base}&as_of=${row.consolidation_date}`);
      expect(on.body.consolidation_date, `${row.sr_number} on ${row.consolidation_date}`).toBe(
        row.consolidation_date,
      );
      const dayBefore = new Date(Date.parse(`${row.consolidation_date}T00:00:00Z`) - 86_400_000)
        .toISOString()
        .slice(0, 10);
      const before = await get(`${base}&as_of=${dayBefore}`);
      if (same) expect(before.body.consolidation_date).toBe(previous!.consolidation_date);
      else {
        expect(before.status).toBe(404);
        expect(before.body).toMatchObject({
          miss_code: 'before_first_version',
          earliest_consolidation_date: row.consolidation_date,
        });
        expect(before.body.detail).toContain(row.consolidation_date);
      }
      previous = row;
    }
  }, 120_000);

  it('gives the Data Protection Act before and after 2023-09-01, with a note on a historical text', async () => {
    const old = await law('DSG', 'as_of=2023-08-31&article=4');
    expect(old.body).toMatchObject({
      consolidation_date: '2019-03-01',
      articles: [{ article_num: '4', heading: 'Grundsätze' }],
    });
    expect(old.body.note).toMatch(/Historical text/);
    expect((await law('DSG', 'as_of=2023-09-01&article=4')).status).toBe(404);
    expect((await law('nDSG', 'as_of=2023-09-01&article=6')).body.articles[0].heading).toBe('Grundsätze');
    expect((await law('aOR', 'as_of=2019-12-31&article=60')).body.articles[0].text).toMatch(/einem Jahre/);
    expect((await law('OR', 'article=60')).body.articles[0].text).toMatch(/drei Jahren/);
  });
});

describe('articles and section blocks', () => {
  it.each([
    ['OR', '41', 'Voraussetzungen der Haftpflicht'],
    ['CO', '266l', 'Forme du congé pour les habitations et les locaux commerciaux'],
    ['StGB', '305bis', 'Geldwäscherei'],
    ['ZGB', '8', 'Beweislast'],
    ['BV', '29a', 'Rechtsweggarantie'],
  ])('%s Art. %s', async (name, article, heading) => {
    const res = await law(name, `article=${article}${name === 'CO' ? '&language=fr' : ''}`);
    expect(res.status).toBe(200);
    expect(res.body.articles).toEqual([
      {
        article_num: article,
        heading,
        text: expect.any(String),
        repealed: null,
        footnotes: expect.any(Array),
      },
    ]);
  });

  it('reads article numbers loosely (266L, "Art. 41", "6 bis") and the old Art. 6bis StGB only in the old text', async () => {
    expect((await law('OR', 'article=266L')).body.articles[0].article_num).toBe('266l');
    expect((await law('OR', 'article=Art.%2041')).body.articles[0].article_num).toBe('41');
    expect((await law('aStGB', 'as_of=2006-06-30&article=6%20bis')).body.articles[0].article_num).toBe(
      '6bis',
    );
    const gone = await law('StGB', 'article=6bis');
    expect(gone.body).toMatchObject({ miss_code: 'article_not_found', note: expect.stringContaining('6') });
  });

  it.each(['de', 'fr', 'it'] as const)(
    'serves only block disp_u1 for a section name, with its %s heading',
    async (lang) => {
      const name = { de: 'SchlT', fr: 'Titre final CC', it: 'Tit. fin. CC' }[lang];
      const res = await law(name, `language=${lang}`);
      expect(res.status).toBe(200);
      expect(res.body.section).toEqual({ id: 'disp_u1', heading: DISP_U1.heading[lang] });
      expect(res.body.articles).toHaveLength(104);
      const first = await law(name, `language=${lang}&article=1`);
      const main = await law('ZGB', `language=${lang}&article=1`);
      expect(first.body.articles[0].text).not.toBe(main.body.articles[0].text);
    },
  );

  it('answers a section name whose block is not in the version with a miss and a note, never the main body', async () => {
    await world.publish([
      versionEvent(
        makeVersion({
          sr_number: '210',
          consolidation_date: '1990-01-01',
          title: 'Schweizerisches Zivilgesetzbuch',
          abbreviation: 'ZGB',
        }),
      ),
    ]);
    const res = await law('SchlT', 'as_of=1995-01-01');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      miss_code: 'section_unavailable',
      note: expect.stringMatching(/never the main body/),
    });
    expect(res.body.articles).toBeUndefined();
  });
});

describe('acts as Fedlex publishes them: their own abbreviation, every article number, repealed articles', () => {
  beforeAll(async () => {
    const articles = [
      {
        article_num: '1',
        eid: 'art_1',
        heading: 'Zweck',
        text: 'Dieses Gesetz bezweckt die Gleichstellung.',
        block: null,
      },
      {
        article_num: '11',
        eid: 'art_11#11',
        heading: null,
        text: 'Aufgehoben',
        block: null,
        repealed: { date: '2013-01-01', by: 'AS 2012 6447' },
        footnotes: [
          {
            marker: '3',
            text: 'Aufgehoben durch Ziff. I des BG vom 14. Dez. 2012, mit Wirkung seit 1. Jan. 2013 (AS 2012 6447).',
          },
        ],
      },
      {
        article_num: '12',
        eid: 'art_11#12',
        heading: null,
        text: 'Aufgehoben',
        block: null,
        repealed: { date: '2013-01-01', by: 'AS 2012 6447' },
        footnotes: [
          {
            marker: '3',
            text: 'Aufgehoben durch Ziff. I des BG vom 14. Dez. 2012, mit Wirkung seit 1. Jan. 2013 (AS 2012 6447).',
          },
        ],
      },
      {
        article_num: '32a',
        eid: 'art_32_a',
        heading: 'Lohngleichheitsanalyse',
        text: '1 Arbeitgeber analysieren die Löhne.',
        block: null,
      },
      {
        article_num: '32abis',
        eid: 'art_32_a_bis',
        heading: 'Überprüfung',
        text: '1bis Die Analyse wird überprüft.',
        block: null,
      },
    ];
    await world.publish([
      versionEvent(
        makeVersion({
          sr_number: '151.1',
          consolidation_date: '2024-01-01',
          title: 'Gleichstellungsgesetz',
          abbreviation: 'GlG',
          articles,
        }),
      ),
      versionEvent(
        makeVersion({
          sr_number: '151.1',
          language: 'fr',
          consolidation_date: '2024-01-01',
          title: 'Loi sur l’égalité',
          abbreviation: 'LEg',
          articles,
        }),
      ),
    ]);
  });

  it.each([
    ['GlG', 'de'],
    ['glg', 'de'],
    ['LEg', 'fr'],
  ])('%s: the act by the abbreviation its consolidation gives itself', async (name, language) => {
    const res = await law(name, `language=${language}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sr_number: '151.1', language });
  });

  it.each(['32a', '32abis', '32ABIS', '32a bis'])('article %s exactly as written', async (article) => {
    const res = await law('GlG', `article=${encodeURIComponent(article)}`);
    expect(res.status).toBe(200);
    expect(res.body.articles).toHaveLength(1);
    expect(res.body.articles[0].article_num).toBe(article.toLowerCase().replace(' ', ''));
  });

  it('serves each repealed article under its own number, with the repeal and its footnote', async () => {
    for (const article of ['11', '12']) {
      const res = await law('GlG', `article=${article}`);
      expect(res.status).toBe(200);
      expect(res.body.articles).toEqual([
        {
          article_num: article,
          heading: null,
          text: 'Aufgehoben',
          repealed: { date: '2013-01-01', by: 'AS 2012 6447' },
          footnotes: [{ marker: '3', text: expect.stringContaining('AS 2012 6447') }],
        },
      ]);
    }
  });
});

describe('misses and invalid input', () => {
  it.each([
    ['/laws/OR?article=999', 'article_not_found'],
    ['/laws/_', 'missing_sr_number'],
    ['/laws/_?sr_number=999.99', 'not_held'],
    ['/laws/GOG/ZH?language=fr', 'language_unavailable'],
    ['/laws/ZH', 'canton_without_act'],
    ['/laws/Foo/Bar', 'invalid_path'],
  ])('%s is a 404 miss (%s)', async (url, code) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'LAW_MISS',
      miss_code: code,
      detail: expect.any(String),
      reason: expect.any(String),
      candidates: expect.any(Array),
    });
  });

  it.each([
    ['/laws/OR?language=en', 'language', 'enum'],
    ['/laws/OR?canton=XX', 'canton', 'value_error'],
    ['/laws/OR?as_of=2024-13-01', 'as_of', 'date_parsing'],
    ['/laws/OR?article=abc', 'article', 'value_error'],
    ['/laws/search', 'query', 'missing'],
    ['/laws/search?query=Vertrag&limit=0', 'limit', 'greater_than_equal'],
    ['/laws/search?query=Vertrag&limit=51', 'limit', 'less_than_equal'],
    ['/laws/search?query=Vertrag&limit=ten', 'limit', 'int_parsing'],
    ['/laws/search?query=Vertrag&jurisdiction=some', 'jurisdiction', 'enum'],
    ['/laws/search?query=(Vertrag', 'query', 'value_error'],
    ['/laws/search?query=-', 'query', 'value_error'],
    ['/laws/search?query=Vertrag&canton=ZH&jurisdiction=federal', 'canton', 'value_error'],
  ])('%s is a 422 with the spec body', async (url, field, type) => {
    const res = await get(url);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['query', field], type, msg: expect.any(String) }),
      ]),
    );
  });

  it('documents the miss shape in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).body;
    const op = doc.paths['/laws/{abbreviation}'].get;
    expect(op.responses['404'].description).toMatch(/LAW_MISS/);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/laws/search', '/laws/{abbreviation}/{second}']),
    );
  });
});

describe('GET /laws/search', () => {
  it.each([
    ['Art. 60 OR', 'de', '220', '60'],
    ['art. 190 al. 2 let. e LDIP', 'de', '291', '190'],
    ['art. 190 al. 2 let. e LDIP', 'fr', '291', '190'],
    ['Art. 1 SchlT ZGB', 'de', '210', '1'],
    ['§ 3 StG ZH', 'de', '631.1', '3'],
  ])('%j (%s) returns that article first', async (query, language, sr, article) => {
    const res = await get(`/laws/search?query=${encodeURIComponent(query)}&language=${language}`);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ sr_number: sr, article_num: article, exact_reference: true });
    expect(res.body.reference).toMatchObject({ sr_number: sr, article, found: true });
  });

  it('finds articles by keywords with snippets, and filters by canton, jurisdiction and SR number', async () => {
    const all = await get('/laws/search?query=K%C3%BCndigung&limit=50');
    expect(all.body.results.length).toBeGreaterThan(2);
    expect(all.body.results.some((r: { snippet: string }) => r.snippet.includes('<b>'))).toBe(true);
    const onlyOr = await get('/laws/search?query=K%C3%BCndigung&sr_number=220');
    expect(onlyOr.body.results.every((r: { sr_number: string }) => r.sr_number === '220')).toBe(true);
    const zh = await get('/laws/search?query=Einkünfte&canton=ZH');
    expect(zh.body.results.length).toBeGreaterThan(0);
    expect(zh.body.results.every((r: { canton: string }) => r.canton === 'ZH')).toBe(true);
    const cantonal = await get('/laws/search?query=Regierungsrat&jurisdiction=cantonal&limit=50');
    expect(cantonal.body.results.every((r: { canton: string }) => r.canton !== 'CH')).toBe(true);
    const federal = await get('/laws/search?query=Bundesrat&jurisdiction=federal&limit=5');
    expect(federal.body).toMatchObject({ returned: 5, limit: 5 });
    expect(federal.body.total).toBeGreaterThan(5);
    const fr = await get('/laws/search?query=%22bonne%20foi%22&language=fr');
    expect(fr.body.results.every((r: { language: string }) => r.language === 'fr')).toBe(true);
    expect(fr.body.results.length).toBeGreaterThan(0);
  });
});
