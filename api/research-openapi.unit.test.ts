import { describe, expect, it } from 'vitest';
import { researchDocument, type OpenApiDocument } from './research-openapi.ts';

const typed = { responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } } };

const full: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 'All routes', version: '1.0.0' },
  servers: [{ url: '/api' }],
  components: { schemas: { Shared: { type: 'string' } } },
  paths: {
    '/cite': { get: { tags: ['Citation integrity'], ...typed } },
    '/laws/{abbreviation}': {
      parameters: [{ name: 'abbreviation', in: 'path', required: true }],
      get: { tags: ['Statutes'], ...typed },
    },
    '/decisions/{id}/export.pdf': { get: { tags: ['Exports'], ...typed } },
    '/billing/checkout': { post: { tags: ['Billing'], ...typed } },
    '/mixed': { get: { tags: ['Decisions'], ...typed }, post: { tags: ['Alerts'], ...typed } },
    '/untagged': { get: { ...typed } },
  },
};

describe('researchDocument', () => {
  const doc = researchDocument(full);

  it('keeps the operations of the research tags only, with path-level parameters', () => {
    expect(Object.keys(doc.paths ?? {})).toEqual(['/cite', '/laws/{abbreviation}', '/mixed']);
    expect(doc.paths?.['/mixed']).toEqual({ get: full.paths?.['/mixed']?.get });
    expect(doc.paths?.['/laws/{abbreviation}']?.['parameters']).toEqual([
      { name: 'abbreviation', in: 'path', required: true },
    ]);
  });

  it('keeps the servers and the component schemas, and names itself', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.components).toEqual(full.components);
    expect(doc.info).toMatchObject({ version: '1.0.0', title: expect.stringMatching(/research routes/) });
  });
});
