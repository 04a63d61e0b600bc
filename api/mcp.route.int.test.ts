/**
 * POST /mcp through the SDK's own client (streamable HTTP) against a listening app over the embedded
 * read models (bundled statute sample plus the citation corpus): the tool list, every tool against
 * its HTTP route for the same input, errors with the routes' bodies, and malformed messages.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxText, flat, pdfRead } from '../test/support/export-readers.ts';
import { buildApp } from './app.ts';
import { RESEARCH_TOOLS } from './mcp/research-tools.ts';
import { QUOTES } from '../test/support/citation-corpus.ts';
import { openResearchWorld } from '../test/support/research-world.ts';
import { statuteWorldDeps, type StatuteWorld } from '../test/support/statutes.ts';

let world: StatuteWorld;
let base: string;
let client: Client;

beforeAll(async () => {
  world = await openResearchWorld();
  base = await world.app.listen({ port: 0, host: '127.0.0.1' });
  client = new Client({ name: 'research-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
}, 240_000);

afterAll(async () => {
  await client?.close();
  await world?.close();
});

interface HttpCall {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly body?: unknown;
}

const http = async ({ method, url, body }: HttpCall): Promise<{ status: number; body: unknown }> => {
  const res = await world.app.inject({
    method,
    url,
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

const errorBody = (result: CallToolResult): unknown => {
  expect(result.isError).toBe(true);
  const first = result.content[0];
  expect(first?.type).toBe('text');
  return JSON.parse(first?.type === 'text' ? first.text : '');
};

const enc = encodeURIComponent;
const DRAFT = `Die Kündigung ist anfechtbar (BGE 140 III 86 E. 2.1): «${QUOTES.bge2_1}» Vgl. Art. 271 OR und BGE 999 II 1.`;

const MOCK_FACTS =
  'Die Vermieterin kündigte dem Mieter die Wohnung, nachdem er Mängel gerügt hatte. Der Mieter hält die Kündigung für missbräuchlich.';

/** Tools whose route answers a file, not JSON (tested against the file below). */
const FILE_TOOLS = ['export_decision'];

/** One call per tool with the HTTP request that must give the same JSON. */
const CASES: readonly { tool: string; args: Record<string, unknown>; http: HttpCall }[] = [
  {
    tool: 'search_decisions',
    args: { query: 'Kündigung', limit: 5, fields: 'compact' },
    http: { method: 'GET', url: `/decisions?query=${enc('Kündigung')}&limit=5&fields=compact` },
  },
  {
    tool: 'get_decision',
    args: { decision_id: '4A_714/2014', full_text: false },
    http: { method: 'GET', url: `/decisions/${enc('4A_714/2014')}?full_text=false` },
  },
  {
    tool: 'get_erwaegung',
    args: { decision_id: 'bge_BGE_140_III_86', e_number: '2.1' },
    http: { method: 'GET', url: '/erwaegung/bge_BGE_140_III_86/2.1' },
  },
  {
    tool: 'get_regeste',
    args: { decision_id: 'BGE 140 III 86' },
    http: { method: 'GET', url: `/regeste/${enc('BGE 140 III 86')}` },
  },
  {
    tool: 'get_structure',
    args: { decision_id: 'bge_BGE_140_III_86', paragraph_excerpt_chars: 120 },
    http: { method: 'GET', url: '/structure/bge_BGE_140_III_86?paragraph_excerpt_chars=120' },
  },
  {
    tool: 'case_brief',
    args: { case: 'bge_BGE_140_III_86' },
    http: { method: 'GET', url: '/case-brief/bge_BGE_140_III_86' },
  },
  {
    tool: 'cite',
    args: { reference: 'BGE 140 III 86', pinpoint: '2.1', language: 'fr' },
    http: { method: 'GET', url: `/cite?reference=${enc('BGE 140 III 86')}&pinpoint=2.1&language=fr` },
  },
  {
    tool: 'attest',
    args: { draft_text: DRAFT, audit_grounding: true },
    http: { method: 'POST', url: '/attest', body: { draft_text: DRAFT, audit_grounding: true } },
  },
  {
    tool: 'verify_claim',
    args: { claim: QUOTES.bge2_1, decision_id: 'BGE 140 III 86', pinpoint: '2.1' },
    http: {
      method: 'POST',
      url: '/verify-claim',
      body: { claim: QUOTES.bge2_1, decision_id: 'BGE 140 III 86', pinpoint: '2.1' },
    },
  },
  {
    tool: 'citations',
    args: { decision_id: 'bge_BGE_140_III_86', direction: 'incoming' },
    http: { method: 'GET', url: '/citations/bge_BGE_140_III_86?direction=incoming' },
  },
  {
    tool: 'appeal_chain',
    args: { decision_id: '4A_714/2014' },
    http: { method: 'GET', url: `/appeal-chain/${enc('4A_714/2014')}` },
  },
  {
    tool: 'leading_cases',
    args: { law_code: 'OR', article: '271', limit: 5 },
    http: { method: 'GET', url: '/leading-cases?law_code=OR&article=271&limit=5' },
  },
  {
    tool: 'trends',
    args: { query: 'Kündigung' },
    http: { method: 'GET', url: `/trends?query=${enc('Kündigung')}` },
  },
  {
    tool: 'get_law',
    args: { abbreviation: 'OR', article: '60' },
    http: { method: 'GET', url: '/laws/OR?article=60' },
  },
  {
    tool: 'search_laws',
    args: { query: 'Kündigung', limit: 3 },
    http: { method: 'GET', url: `/laws/search?query=${enc('Kündigung')}&limit=3` },
  },
  {
    tool: 'amendment_ref',
    args: { ref_type: 'AS', year: 2022, page: 310 },
    http: { method: 'GET', url: '/amendment-ref?ref_type=AS&year=2022&page=310' },
  },
  {
    tool: 'search_legislation',
    args: { query: 'GOG', canton: 'ZH', fetch_top_n_texts: 1 },
    http: { method: 'GET', url: '/legislation/search?query=GOG&canton=ZH&fetch_top_n_texts=1' },
  },
  {
    tool: 'search_commentaries',
    args: { query: 'Widerrechtlichkeit', abbreviation: 'CO', limit: 3 },
    http: { method: 'GET', url: '/commentaries/search?query=Widerrechtlichkeit&abbreviation=CO&limit=3' },
  },
  {
    tool: 'get_commentary',
    args: { abbreviation: '220', article: '41', language: 'fr' },
    http: { method: 'GET', url: '/commentaries/220?article=41&language=fr' },
  },
  {
    tool: 'search_materialien',
    args: { query: 'Rechtssicherheit', law_code: 'CO', limit: 5 },
    http: { method: 'GET', url: '/materialien?query=Rechtssicherheit&law_code=CO&limit=5' },
  },
  {
    tool: 'materialien',
    args: { law_code: 'BV', article: '8' },
    http: { method: 'GET', url: '/materialien/BV?article=8' },
  },
  {
    tool: 'doctrine',
    args: { query: 'Art. 271 OR' },
    http: { method: 'GET', url: `/doctrine?query=${enc('Art. 271 OR')}` },
  },
  {
    tool: 'exam_question',
    args: { topic: 'Kündigung', exclude_ids: 'bger_4A_714_2014' },
    http: { method: 'GET', url: `/exam-question?topic=${enc('Kündigung')}&exclude_ids=bger_4A_714_2014` },
  },
  {
    tool: 'mock_decision',
    args: { facts: MOCK_FACTS, statute_references: [{ law: 'CO', article: '271' }], limit: 3 },
    http: {
      method: 'POST',
      url: '/mock-decision',
      body: { facts: MOCK_FACTS, statute_references: [{ law: 'CO', article: '271' }], limit: 3 },
    },
  },
];

describe('tools/list', () => {
  it('lists every research tool with an object input schema, an output schema and a description', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(RESEARCH_TOOLS.map((t) => t.name).sort());
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'search_decisions',
        'get_decision',
        'get_erwaegung',
        'get_regeste',
        'get_structure',
        'case_brief',
        'cite',
        'attest',
        'verify_claim',
        'citations',
        'appeal_chain',
        'leading_cases',
        'trends',
        'get_law',
        'search_laws',
        'amendment_ref',
        'search_legislation',
        'search_commentaries',
        'get_commentary',
        'search_materialien',
        'materialien',
        'doctrine',
        'exam_question',
        'mock_decision',
      ]),
    );
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.description?.length).toBeGreaterThan(40);
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('get_erwaegung')?.inputSchema.required).toEqual(['decision_id', 'e_number']);
    expect(byName.get('attest')?.description).toMatch(/closing check/);
    expect(byName.get('get_erwaegung')?.description).toMatch(/Quote verbatim/);
  });

  it('names the server and tells a model what it may quote', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'swiss-law-research', version: '1.0.0' });
    expect(client.getInstructions()).toMatch(/Quotable verbatim: citation strings/);
  });
});

describe('tools/call gives the route answer', () => {
  it('covers every listed tool', () => {
    expect([...CASES.map((c) => c.tool), ...FILE_TOOLS].sort()).toEqual(
      RESEARCH_TOOLS.map((t) => t.name).sort(),
    );
  });

  it.each(CASES)('$tool equals $http.method $http.url', async ({ tool, args, http: request }) => {
    const [result, route] = await Promise.all([call(tool, args), http(request)]);
    expect(route.status).toBe(200);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(route.body);
    const text = result.content[0];
    expect(text?.type === 'text' ? JSON.parse(text.text) : undefined).toEqual(route.body);
  });

  it('returns real results, not empty shells', async () => {
    const erwaegung = await call('get_erwaegung', { decision_id: 'BGE 140 III 86', e_number: '2.1' });
    expect(erwaegung.structuredContent).toMatchObject({
      text: expect.stringContaining(QUOTES.bge2_1),
      citation_string_de: 'BGE 140 III 86, E. 2.1',
    });
    const law = await call('get_law', { abbreviation: 'OR', article: '60' });
    expect(law.structuredContent).toMatchObject({ sr_number: '220', articles: [{ article_num: '60' }] });
    const attest = await call('attest', { draft_text: DRAFT });
    expect(attest.structuredContent).toMatchObject({ ok: false });
  });

  it('takes a cantonal act with its canton as `second`, as /laws/{abbreviation}/{second}', async () => {
    const route = await http({ method: 'GET', url: '/laws/ZH/GOG' });
    const result = await call('get_law', { abbreviation: 'ZH', second: 'GOG' });
    expect(route.status).toBe(200);
    expect(result.structuredContent).toEqual(route.body);
  });
});

describe('tool errors carry the HTTP error bodies', () => {
  it.each([
    ['get_decision', { decision_id: 'bger_nope' }, { method: 'GET', url: '/decisions/bger_nope' }, 404],
    [
      'get_erwaegung',
      { decision_id: 'bge_BGE_140_III_86', e_number: '9' },
      { method: 'GET', url: '/erwaegung/bge_BGE_140_III_86/9' },
      404,
    ],
    ['citations', { decision_id: 'nowhere_1' }, { method: 'GET', url: '/citations/nowhere_1' }, 404],
    ['get_law', { abbreviation: 'NOSUCHLAW' }, { method: 'GET', url: '/laws/NOSUCHLAW' }, 404],
    [
      'amendment_ref',
      { ref_type: 'AS', year: 2022, page: 310, language: 'fr' },
      { method: 'GET', url: '/amendment-ref?ref_type=AS&year=2022&page=310&language=fr' },
      422,
    ],
    ['search_decisions', { limit: 0 }, { method: 'GET', url: '/decisions?limit=0' }, 422],
    ['search_decisions', { limit: 'ten' }, { method: 'GET', url: '/decisions?limit=ten' }, 422],
    ['search_decisions', { court: 'atlantis' }, { method: 'GET', url: '/decisions?court=atlantis' }, 422],
    ['cite', {}, { method: 'GET', url: '/cite' }, 422],
    ['cite', { reference: 'BGE\u0000 1' }, { method: 'GET', url: '/cite?reference=BGE%00%201' }, 422],
    ['get_regeste', { decision_id: 'a\tb' }, { method: 'GET', url: '/regeste/a%09b' }, 422],
    [
      'verify_claim',
      { decision_id: 'BGE 140 III 86' },
      { method: 'POST', url: '/verify-claim', body: { decision_id: 'BGE 140 III 86' } },
      422,
    ],
    ['attest', { draft_text: 42 }, { method: 'POST', url: '/attest', body: { draft_text: 42 } }, 422],
    ['leading_cases', { article: '8' }, { method: 'GET', url: '/leading-cases?article=8' }, 422],
    ['get_commentary', { abbreviation: 'NOSUCHLAW' }, { method: 'GET', url: '/commentaries/NOSUCHLAW' }, 404],
    [
      'get_commentary',
      { abbreviation: 'OR', article: '271' },
      { method: 'GET', url: '/commentaries/OR?article=271' },
      404,
    ],
    ['search_commentaries', { query: 'x', limit: 51 }, { method: 'GET', url: '/commentaries/search?query=x&limit=51' }, 422],
    ['search_materialien', { query: '' }, { method: 'GET', url: '/materialien?query=' }, 422],
    ['materialien', { law_code: 'NOSUCHLAW' }, { method: 'GET', url: '/materialien/NOSUCHLAW' }, 404],
    ['doctrine', {}, { method: 'GET', url: '/doctrine' }, 422],
    ['doctrine', { query: 'Quantenchromodynamik' }, { method: 'GET', url: '/doctrine?query=Quantenchromodynamik' }, 404],
    ['exam_question', { topic: ' ' }, { method: 'GET', url: '/exam-question?topic=%20' }, 422],
    ['mock_decision', { facts: 'x', limit: 0 }, { method: 'POST', url: '/mock-decision', body: { facts: 'x', limit: 0 } }, 422],
  ] as const)('%s %j: same body as HTTP', async (tool, args, request, status) => {
    const [result, route] = await Promise.all([call(tool, args), http(request)]);
    expect(route.status).toBe(status);
    expect(errorBody(result)).toEqual(route.body);
  });

  it('an unknown tool is a protocol error naming the tools', async () => {
    await expect(call('delete_everything', {})).rejects.toThrow(
      /Unknown tool 'delete_everything'.*search_decisions/,
    );
  });
});

describe('malformed messages never give a 5xx', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body,
    });
  const rpc = (method: string, params: unknown, id: unknown = 1) =>
    JSON.stringify({ jsonrpc: '2.0', id, method, params });

  it('unparseable JSON is a JSON-RPC parse error (400)', async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it.each([
    ['an empty body', ''],
    ['a JSON number', '42'],
    ['an object that is no JSON-RPC message', '{"hello":"world"}'],
    ['an empty batch', '[]'],
    ['an unknown method', rpc('tools/destroy', {})],
    ['tools/call without a name', rpc('tools/call', { arguments: {} })],
    [
      'tools/call with arguments that are not an object',
      rpc('tools/call', { name: 'cite', arguments: 'BGE 1' }),
    ],
    ['tools/call with a null id', rpc('tools/call', { name: 'cite', arguments: {} }, null)],
    [
      'a deeply nested argument',
      rpc('tools/call', {
        name: 'attest',
        arguments: { draft_text: JSON.parse('['.repeat(60) + ']'.repeat(60)) },
      }),
    ],
    ['a huge id', rpc('tools/list', {}, 'x'.repeat(100_000))],
  ])('%s', async (_name, body) => {
    const res = await post(body);
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBeGreaterThanOrEqual(200);
  });

  it('a call with arguments of the wrong kind answers with a tool error, not a crash', async () => {
    const res = await post(rpc('tools/call', { name: 'attest', arguments: { draft_text: ['x'] } }));
    expect(res.status).toBe(200);
    const message = (await res.json()) as { result: CallToolResult };
    expect(message.result.isError).toBe(true);
  });

  it('the wrong media type or Accept header is a client error', async () => {
    expect((await post(rpc('tools/list', {}), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(rpc('tools/list', {}), { accept: 'text/html' })).status).toBe(406);
  });

  it('GET and DELETE are 405 (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${base}/mcp`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('any instance answers: a call without initialize or session, sent to a second API instance', async () => {
    const second = await buildApp(statuteWorldDeps(world.handle.db));
    try {
      const url = await second.listen({ port: 0, host: '127.0.0.1' });
      const args = { decision_id: 'bge_BGE_140_III_86', e_number: '2.1' };
      const res = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: rpc('tools/call', { name: 'get_erwaegung', arguments: args }, 7),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      const message = (await res.json()) as { id: number; result: CallToolResult };
      expect(message.id).toBe(7);
      expect(message.result.structuredContent).toEqual((await call('get_erwaegung', args)).structuredContent);
    } finally {
      await second.close();
    }
  });

  it('answers carry the request id and CORS headers', async () => {
    const res = await post(rpc('tools/list', {}), { origin: 'https://example.org' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe("export_decision gives the export route's file", () => {
  it.each(['bib', 'ris'] as const)(
    '%s: the same UTF-8 text as GET /decisions/{id}/export.%s',
    async (format) => {
      const result = await call('export_decision', { decision_id: 'BGE 140 III 86', format });
      const route = await world.app.inject({
        method: 'GET',
        url: `/decisions/bge_BGE_140_III_86/export.${format}`,
      });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        decision_id: 'bge_BGE_140_III_86',
        format,
        media_type: route.headers['content-type'],
        filename: `bge_BGE_140_III_86.${format}`,
        encoding: 'utf-8',
        content: route.body,
        download_url: expect.stringMatching(new RegExp(`/decisions/bge_BGE_140_III_86/export\\.${format}$`)),
        fallback: null,
      });
    },
  );

  it('docx and pdf: base64 files a Word and a PDF reader read back with the citation strings', async () => {
    const detail = (await world.app.inject('/decisions/bge_BGE_140_III_86?full_text=false')).json();
    const docx = (await call('export_decision', { decision_id: 'bge_BGE_140_III_86', format: 'docx' }))
      .structuredContent as {
      encoding: string;
      content: string;
    };
    const pdf = (await call('export_decision', { decision_id: 'bge_BGE_140_III_86', format: 'pdf' }))
      .structuredContent as {
      encoding: string;
      content: string;
    };
    expect([docx.encoding, pdf.encoding]).toEqual(['base64', 'base64']);
    const word = flat(await docxText(Buffer.from(docx.content, 'base64')));
    const paper = flat((await pdfRead(Buffer.from(pdf.content, 'base64'))).pageTexts.join(' '));
    for (const text of [word, paper])
      for (const c of [detail.citation_string_de, detail.citation_string_fr, detail.citation_string_it])
        expect(text).toContain(c);
  });

  it("an unknown decision or format is the route's error body", async () => {
    const unknown = await call('export_decision', { decision_id: 'bger_nope', format: 'bib' });
    const route = await world.app.inject({ method: 'GET', url: '/decisions/bger_nope/export.bib' });
    expect(errorBody(unknown)).toEqual(route.json());
    const badFormat = await call('export_decision', { decision_id: 'bger_nope', format: 'doc' });
    expect(errorBody(badFormat)).toMatchObject({ detail: [{ loc: ['query', 'format'] }] });
  });
});
