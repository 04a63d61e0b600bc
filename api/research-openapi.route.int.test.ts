/**
 * GET /research/openapi.json: a valid OpenAPI 3.0.3 document of the public research routes whose
 * 200 responses are typed, and every documented 200 schema checked against real answers of its
 * route over the embedded read models (statute sample plus citation corpus).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEARCH_TAGS } from './research-openapi.ts';
import { QUOTES } from '../test/support/citation-corpus.ts';
import { appOver, loadReadModels } from '../test/support/read-models.ts';
import { openResearchWorld } from '../test/support/research-world.ts';
import type { StatuteWorld } from '../test/support/statutes.ts';

interface Operation {
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  info: { version: string; title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let world: StatuteWorld;
let doc: Document;
let full: Document;

beforeAll(async () => {
  world = await openResearchWorld();
  doc = (await world.app.inject({ url: '/research/openapi.json' })).json();
  full = (await world.app.inject({ url: '/openapi.json' })).json();
}, 240_000);

afterAll(async () => {
  await world?.close();
});

const operations = (d: Document) =>
  Object.entries(d.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

/** OpenAPI 3.0 `nullable: true` as JSON Schema (ajv does not know the keyword). */
function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, jsonSchemaOf(v)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();
function validatorOf(key: string): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    const [method, path] = key.split(' ') as [string, string];
    const schema =
      doc.paths[path]?.[method.toLowerCase()]?.responses['200']?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${key} has no documented 200 schema`);
    v = ajv.compile(jsonSchemaOf(schema) as object);
    validators.set(key, v);
  }
  return v;
}

describe('the document', () => {
  it('is a valid OpenAPI 3.0.3 document declaring API version 1.0.0', async () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.0.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('holds exactly the research operations of the main document, which keeps every route', () => {
    const research = operations(full).filter(({ op }) =>
      (op.tags ?? []).some((t) => RESEARCH_TAGS.includes(t)),
    );
    // Same operations; within a path the research document lists the methods in OpenAPI order.
    expect(operations(doc).map((o) => o.key).sort()).toEqual(research.map((o) => o.key).sort());
    expect(operations(doc).length).toBeGreaterThanOrEqual(30);
    expect(operations(doc).map((o) => o.key)).toEqual(
      expect.arrayContaining(['GET /doctrine', 'GET /exam-question', 'GET /mock-decision', 'POST /mock-decision']),
    );
    expect(Object.keys(full.paths)).toEqual(expect.arrayContaining(Object.keys(doc.paths)));
  });

  it('types every 200 response with an object schema listing its fields', () => {
    for (const { key, op } of operations(doc)) {
      const schema = op.responses['200']?.content?.['application/json']?.schema;
      expect(schema, key).toMatchObject({ type: 'object', properties: expect.any(Object) });
      expect(Object.keys((schema as { properties: object }).properties).length, key).toBeGreaterThan(0);
    }
  });

  it('is served under the base path with the base path as server', async () => {
    const loaded = await loadReadModels([]);
    const app = await appOver(loaded, { settings: { basePath: '/api' } });
    try {
      const res = await app.inject({ url: '/api/research/openapi.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ openapi: '3.0.3', servers: [{ url: '/api' }] });
    } finally {
      await app.close();
      await loaded.handle.close();
    }
  });
});

const enc = encodeURIComponent;
const DRAFT = `Die Kündigung ist anfechtbar (BGE 140 III 86 E. 2.1): «${QUOTES.bge2_1}» Vgl. Art. 271 OR, BGE 999 II 1 und 4A_714/2014 E. 7.`;

const MOCK_FACTS =
  'Die Vermieterin kündigte dem Mieter die Wohnung, nachdem er Mängel gerügt hatte. Der Mieter hält die Kündigung für missbräuchlich.';

/** Real requests per documented operation: hits, misses, full and compact detail. */
const EXAMPLES: readonly { op: string; url: string; body?: object }[] = [
  { op: 'GET /decisions', url: `/decisions?query=${enc('Kündigung')}` },
  { op: 'GET /decisions', url: '/decisions?fields=compact&limit=3' },
  { op: 'GET /decisions', url: `/decisions?query=${enc('BGE 140 III 86')}&sort=date_desc` },
  { op: 'GET /decisions/{decision_id}', url: '/decisions/bge_BGE_140_III_86' },
  { op: 'GET /decisions/{decision_id}', url: `/decisions/${enc('4A_714/2014')}?full_text=false` },
  { op: 'GET /courts', url: '/courts' },
  { op: 'GET /statistics', url: '/statistics' },
  { op: 'GET /scraper-health', url: '/scraper-health' },
  { op: 'GET /citations/{decision_id}', url: '/citations/bge_BGE_140_III_86' },
  { op: 'GET /citations/{decision_id}', url: `/citations/${enc('4A_714/2014')}?direction=outgoing` },
  { op: 'GET /appeal-chain/{decision_id}', url: `/appeal-chain/${enc('4A_714/2014')}` },
  { op: 'GET /leading-cases', url: '/leading-cases' },
  { op: 'GET /leading-cases', url: '/leading-cases?law_code=OR&article=271' },
  { op: 'GET /trends', url: `/trends?query=${enc('Kündigung')}` },
  { op: 'GET /trends', url: '/trends?law_code=OR&article=271' },
  { op: 'GET /erwaegung/{decision_id}/{e_number}', url: '/erwaegung/bge_BGE_140_III_86/2.1' },
  { op: 'GET /erwaegung/{decision_id}/{e_number}', url: '/erwaegung/bge_BGE_140_III_86/2' },
  { op: 'GET /regeste/{decision_id}', url: `/regeste/${enc('BGE 140 III 86')}` },
  { op: 'GET /structure/{decision_id}', url: '/structure/bge_BGE_140_III_86' },
  { op: 'GET /structure/{decision_id}', url: `/structure/${enc('4A_714/2014')}?paragraph_excerpt_chars=60` },
  { op: 'GET /case-brief/{case}', url: '/case-brief/bge_BGE_140_III_86' },
  { op: 'GET /cite', url: `/cite?reference=${enc('BGE 140 III 86')}&pinpoint=2.1` },
  { op: 'GET /cite', url: `/cite?reference=${enc('BGE 140 III 87')}&language=it` },
  { op: 'GET /cite', url: `/cite?reference=${enc('not a reference')}` },
  { op: 'POST /attest', url: '/attest', body: { draft_text: DRAFT } },
  { op: 'POST /attest', url: '/attest', body: { draft_text: DRAFT, audit_grounding: true } },
  {
    op: 'POST /verify-claim',
    url: '/verify-claim',
    body: { claim: QUOTES.bge2_1, decision_id: 'BGE 140 III 86' },
  },
  {
    op: 'POST /verify-claim',
    url: '/verify-claim',
    body: { claim: 'Der Mond ist aus Käse.', decision_id: 'bge_BGE_140_III_86', pinpoint: '2.1' },
  },
  { op: 'GET /laws/search', url: `/laws/search?query=${enc('Kündigung')}` },
  { op: 'GET /laws/search', url: `/laws/search?query=${enc('Art. 60 OR')}` },
  { op: 'GET /laws/{abbreviation}', url: '/laws/OR?article=60' },
  { op: 'GET /laws/{abbreviation}', url: '/laws/ZGB?language=fr&article=1' },
  { op: 'GET /laws/{abbreviation}/{second}', url: '/laws/ZH/GOG' },
  { op: 'GET /legislation/search', url: '/legislation/search?query=GOG&fetch_top_n_texts=2&canton=ZH' },
  { op: 'GET /legislation/changes', url: '/legislation/changes?canton=zh' },
  { op: 'GET /legislation/{catalog_id}', url: '/legislation/20001?include_versions=true' },
  { op: 'GET /amendment-ref', url: '/amendment-ref?ref_type=AS&year=2022&page=310' },
  { op: 'GET /commentaries/search', url: `/commentaries/search?query=${enc('Kündigung')}` },
  {
    op: 'GET /commentaries/search',
    url: '/commentaries/search?query=Beweis&abbreviation=CO&language=fr&limit=3',
  },
  { op: 'GET /commentaries/{abbreviation}', url: '/commentaries/OR?article=41' },
  { op: 'GET /commentaries/{abbreviation}', url: '/commentaries/Cst.?language=fr' },
  { op: 'GET /amendment-ref', url: '/amendment-ref?ref_type=FF&year=2022&page=310&language=it' },
  { op: 'GET /materialien', url: `/materialien?query=${enc('Rechtssicherheit')}&law_code=CO` },
  { op: 'GET /materialien/{law_code}', url: '/materialien/BV?article=8' },
  { op: 'GET /materialien/{law_code}', url: '/materialien/OR?language=it' },
  { op: 'GET /doctrine', url: `/doctrine?query=${enc('Art. 271 OR')}` },
  { op: 'GET /doctrine', url: `/doctrine?query=${enc('bonne foi')}` },
  { op: 'GET /doctrine', url: '/doctrine?query=Mietrecht&language=it' },
  { op: 'GET /exam-question', url: `/exam-question?topic=${enc('Kündigung')}` },
  { op: 'GET /mock-decision', url: `/mock-decision?facts=${enc(MOCK_FACTS)}` },
  {
    op: 'POST /mock-decision',
    url: '/mock-decision',
    body: { facts: MOCK_FACTS, statute_references: [{ law: 'OR', article: '271' }], preferred_language: 'fr' },
  },
];

describe('documented 200 schemas against real answers', () => {
  it('every documented operation has at least one real example', () => {
    const covered = new Set(EXAMPLES.map((e) => e.op));
    expect(
      operations(doc)
        .filter((o) => !covered.has(o.key))
        .map((o) => o.key),
    ).toEqual([]);
  });

  it.each(EXAMPLES)('$op: $url', async ({ op, url, body }) => {
    const method = body ? 'POST' : 'GET';
    const res = await world.app.inject({ method, url, ...(body ? { payload: body } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const validate = validatorOf(op);
    const valid = validate(res.json());
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
    expect(valid).toBe(true);
  });

  it('a schema rejects an answer that breaks it (the check can fail)', async () => {
    const res = await world.app.inject({ url: '/cite?reference=BGE%20140%20III%2086' });
    const broken = { ...res.json(), exists: 'yes', citation_string_de: null };
    expect(validatorOf('GET /cite')(broken)).toBe(false);
  });
});
