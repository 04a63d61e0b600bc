/**
 * GET /doctrine over every research read model (statute sample, commentary sample, the citation
 * corpus and a line of decisions on Art. 41 OR with a change of practice), projected by the real
 * projections into PGlite: statute references in de/fr/it, concepts and topics, the statute text,
 * leading decisions and commentary as their own routes give them, the timeline with its change of
 * practice, every parameter and 422, the 404, and determinism.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCTRINE_QUOTES } from '../test/support/doctrine-corpus.ts';
import { openDoctrineWorld } from '../test/support/research-world.ts';
import type { StatuteWorld } from '../test/support/statutes.ts';

let world: StatuteWorld;

beforeAll(async () => {
  world = await openDoctrineWorld();
}, 240_000);

afterAll(async () => {
  await world?.close();
});

const enc = encodeURIComponent;
const get = async (url: string) => {
  const res = await world.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const doctrine = (query: string, extra = '') => get(`/doctrine?query=${enc(query)}${extra}`);

interface Event {
  kind: string;
  decision: { decision_id: string; citation_string_de: string; canonical_url: string; decision_date: string };
  rank: number | null;
  change: null | {
    departs_from: { decision_id: string; citation_string_de: string };
    reference: string;
    marker: string;
    excerpt: string;
  };
}
const events = (body: { timeline: { year: number; events: Event[] }[] }) =>
  body.timeline.flatMap((y) => y.events.map((e) => ({ year: y.year, ...e })));

describe('statute references', () => {
  it('Art. 41 OR: the article verbatim, the leading decisions of /leading-cases, the timeline and a commentary paragraph', async () => {
    const { status, body } = await doctrine('Art. 41 OR');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      query: 'Art. 41 OR',
      kind: 'statute_reference',
      language: 'de',
      generator: 'deterministic',
    });
    const law = await get('/laws/OR?article=41');
    expect(body.statute).toMatchObject({
      citation: 'Art. 41 OR',
      sr_number: '220',
      abbreviation: 'OR',
      article: '41',
      text: law.body.articles[0].text,
      heading: law.body.articles[0].heading,
      consolidation_date: law.body.consolidation_date,
      basis: 'query',
      applied_by_leading_decisions: 5,
      url: '/laws/_?sr_number=220&language=de&article=41',
    });
    const leading = await get('/leading-cases?law_code=OR&article=41&limit=10');
    expect(body.leading_decisions).toEqual(leading.body.results);
    expect(body.leading_decisions[0]).toMatchObject({
      decision_id: 'bge_BGE_128_III_10',
      citation_string_de: 'BGE 128 III 10',
      citation_string_fr: 'ATF 128 III 10',
      citation_string_it: 'DTF 128 III 10',
      canonical_url: 'https://example.test/entscheid/bge_BGE_128_III_10',
    });
    expect(body.commentary).toMatchObject({
      sr_number: '220',
      article: '41',
      language: 'de',
      margin_number: expect.any(String),
      basis: 'statute',
      lookup_url: '/commentaries/_?sr_number=220&article=41&language=de',
    });
    const commentary = await get(body.commentary.lookup_url);
    expect(commentary.body.commentaries[0].paragraphs).toContainEqual({
      margin_number: body.commentary.margin_number,
      text: body.commentary.text,
      citation: body.commentary.citation,
    });
    expect(body.notes).toEqual([]);
  });

  it('the timeline: the first decision, each leading decision in its year, and the change of practice the graph shows', async () => {
    const { body } = await doctrine('Art. 41 OR');
    const all = events(body);
    expect(body.timeline.map((y: { year: number }) => y.year)).toEqual([2002, 2008, 2009, 2012, 2019]);
    expect(all[0]).toMatchObject({
      year: 2002,
      kind: 'first_decision',
      decision: { decision_id: 'bge_BGE_128_III_10' },
    });
    expect(
      all
        .filter((e) => e.kind === 'leading_decision')
        .map((e) => e.rank)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    const changes = all.filter((e) => e.kind === 'change_of_practice');
    expect(changes).toEqual([
      {
        year: 2009,
        kind: 'change_of_practice',
        rank: null,
        decision: expect.objectContaining({
          decision_id: 'bge_BGE_135_III_20',
          citation_string_de: 'BGE 135 III 20',
          canonical_url: 'https://example.test/entscheid/bge_BGE_135_III_20',
        }),
        change: {
          departs_from: expect.objectContaining({
            decision_id: 'bge_BGE_128_III_10',
            citation_string_de: 'BGE 128 III 10',
          }),
          reference: expect.stringContaining('BGE 128 III 10'),
          marker: 'Praxisänderung',
          excerpt: DOCTRINE_QUOTES.change,
          confidence: expect.any(Number),
        },
      },
    ]);
    // A later decision citing both without a marker changes nothing.
    expect(changes.some((e) => e.decision.decision_id === 'bger_4A_400_2019')).toBe(false);
    expect(body.timeline_rule).toMatch(/Praxisänderung/);
  });

  it('OR, CO (fr) and CO (it) name one act: the same leading decisions and timeline, the text in the language of the reference', async () => {
    const de = await doctrine('Art. 41 OR');
    const fr = await doctrine('art. 41 CO');
    const it = await doctrine('art. 41 CO', '&language=it');
    const sr = await doctrine('Art. 41 Abs. 1 OR');
    expect(fr.body).toMatchObject({
      kind: 'statute_reference',
      language: 'fr',
      statute: { citation: 'art. 41 CO', sr_number: '220', language: 'fr' },
    });
    expect(it.body).toMatchObject({
      kind: 'statute_reference',
      language: 'it',
      statute: { citation: 'art. 41 CO', sr_number: '220', language: 'it' },
    });
    expect(fr.body.statute.text).toBe((await get('/laws/CO?article=41&language=fr')).body.articles[0].text);
    expect(it.body.statute.text).toBe((await get('/laws/CO?article=41&language=it')).body.articles[0].text);
    for (const other of [fr, it, sr]) {
      expect(other.body.leading_decisions).toEqual(de.body.leading_decisions);
      expect(other.body.timeline).toEqual(de.body.timeline);
    }
    expect(it.body.commentary).toMatchObject({ sr_number: '220', article: '41', language: 'it' });
    expect(fr.body.commentary).toMatchObject({ sr_number: '220', article: '41', language: 'fr' });
  });

  it('a provision without text in the collection is said in the notes; the decisions still answer', async () => {
    const { status, body } = await doctrine('Art. 9999 OR');
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'API_NOT_FOUND' });
    const known = await doctrine('Art. 273 OR');
    expect(known.status).toBe(200);
    expect(known.body.statute).toMatchObject({ sr_number: '220', article: '273' });
    expect(known.body.leading_decisions.map((d: { decision_id: string }) => d.decision_id)).toContain(
      'bger_4A_714_2014',
    );
    expect(known.body.notes).toEqual([expect.stringMatching(/No commentary on Art\. 273 OR/)]);
    expect(known.body.commentary).toBeNull();
  });
});

describe('concepts and topics', () => {
  it('a concept: the provision its leading decisions apply whose wording uses it, and a commentary paragraph on it', async () => {
    const { status, body } = await doctrine('Treu und Glauben');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'concept',
      language: 'de',
      statute: { citation: 'Art. 271 OR', basis: 'concept', applied_by_leading_decisions: 1 },
    });
    expect(body.statute.text).toContain('Treu und Glauben');
    expect(body.leading_decisions).toEqual(
      (await get(`/leading-cases?query=${enc('Treu und Glauben')}&limit=10`)).body.results,
    );
    expect(body.commentary).toMatchObject({ basis: 'query', language: 'de' });
    expect(body.commentary.text).toMatch(/Treu und Glauben/);
  });

  it('a concept in French is answered in French', async () => {
    const { body } = await doctrine('bonne foi');
    expect(body).toMatchObject({
      kind: 'concept',
      language: 'fr',
      statute: { citation: 'art. 271 CO', language: 'fr' },
    });
    expect(body.statute.text).toContain('bonne foi');
    expect(body.commentary).toMatchObject({ language: 'fr' });
  });

  it('a topic: the provision the leading decisions apply most, with the ranking of /leading-cases', async () => {
    const { status, body } = await doctrine('Mietrecht');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'topic',
      statute: { basis: 'applied_by_leading_decisions', sr_number: '220' },
    });
    const leading = await get('/leading-cases?query=Mietrecht&limit=10');
    expect(body.leading_decisions).toEqual(leading.body.results);
    expect(body.leading_decisions_context).toBe(leading.body.context_decisions);
    expect(body.ranking).toBe(leading.body.ranking);
    expect(events(body)[0]).toMatchObject({ kind: 'first_decision' });
  });

  it('a topic in the search language (OR, phrases) is a topic, never a concept', async () => {
    const { status, body } = await doctrine('Haftpflicht OR "falsche Auskunft"');
    expect(status).toBe(200);
    expect(body.kind).toBe('topic');
    expect(body.leading_decisions.length).toBeGreaterThan(0);
  });

  it('nothing held on the query: 404 with the error body', async () => {
    const { status, body } = await doctrine('Quantenchromodynamik');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: expect.stringContaining('Quantenchromodynamik'), code: 'API_NOT_FOUND' });
  });
});

describe('parameters', () => {
  it.each([
    ['/doctrine', 'query', 'missing'],
    ['/doctrine?query=', 'query', 'string_too_short'],
    ['/doctrine?query=%20%20', 'query', 'string_too_short'],
    [`/doctrine?query=${'x'.repeat(1001)}`, 'query', 'string_too_long'],
    ['/doctrine?query=-', 'query', 'value_error'],
    ['/doctrine?query=%00', 'query', 'string_invalid_characters'],
    ['/doctrine?query=Kündigung&language=en', 'language', 'enum'],
    ['/doctrine?query=Kündigung&language=', 'language', 'enum'],
  ])('%s: 422 at %s', async (url, param, type) => {
    const { status, body } = await get(url);
    expect(status).toBe(422);
    expect(body.detail[0]).toMatchObject({ loc: ['query', param], type });
  });

  it('a query of 1000 characters is read', async () => {
    const { status } = await doctrine(`Kündigung ${'x'.repeat(990)}`);
    expect(status).toBeLessThan(500);
  });

  it('language sets the language of the statute text and commentary', async () => {
    const { body } = await doctrine('Art. 41 OR', '&language=fr');
    expect(body).toMatchObject({
      language: 'fr',
      statute: { citation: 'art. 41 CO', language: 'fr' },
      commentary: { language: 'fr' },
    });
  });

  it('is deterministic: the same query gives the same answer', async () => {
    for (const q of ['Art. 41 OR', 'Treu und Glauben', 'Mietrecht']) {
      const [a, b] = [await doctrine(q), await doctrine(q)];
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
    }
  });

  it('is documented in /openapi.json with its parameters and response', async () => {
    const { body } = await get('/openapi.json');
    const op = body.paths['/doctrine'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['language', 'query']);
    expect(op.parameters.find((p: { name: string }) => p.name === 'query').required).toBe(true);
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['statute', 'leading_decisions', 'timeline', 'commentary']),
    );
  });
});
