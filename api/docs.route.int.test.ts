/**
 * The Swagger UI at `{BASE_PATH}/docs`: every script, style sheet and icon the page references
 * resolves under the base path, with and without a trailing slash, and the page's OpenAPI document
 * is served next to it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOver, loadReadModels, type LoadedReadModels } from '../test/support/read-models.ts';

let loaded: LoadedReadModels;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  loaded = await loadReadModels([]);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await loaded?.handle.close();
});

async function appUnder(basePath: string): Promise<FastifyInstance> {
  const app = await appOver(loaded, { settings: { basePath } });
  apps.push(app);
  return app;
}

/** The asset URLs of the page at `pageUrl`, resolved as a browser resolves them. */
function assetsOf(html: string, pageUrl: string): string[] {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  return refs.map((ref) => new URL(ref, `http://localhost${pageUrl}`).pathname);
}

describe.each(['/api', ''])('Swagger UI under base path %j', (basePath) => {
  it.each(['/docs', '/docs/'])('%s loads every asset it references', async (page) => {
    const app = await appUnder(basePath);
    const pageUrl = `${basePath}${page}`;
    const response = await app.inject({ url: pageUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const assets = assetsOf(response.body, pageUrl);
    expect(assets).toEqual(
      expect.arrayContaining([
        `${basePath}/docs/static/swagger-ui-bundle.js`,
        `${basePath}/docs/static/swagger-initializer.js`,
        `${basePath}/docs/static/swagger-ui.css`,
      ]),
    );
    for (const asset of assets) {
      const loadedAsset = await app.inject({ url: asset });
      expect(loadedAsset.statusCode, asset).toBe(200);
    }
  });

  it('serves the OpenAPI document the page loads (./json)', async () => {
    const app = await appUnder(basePath);
    const response = await app.inject({ url: `${basePath}/docs/json` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openapi: '3.0.3', servers: [{ url: basePath || '/' }] });
  });
});
