import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OpenSearchSearchIndex } from '../search/opensearch/opensearch-search-index.ts';
import { openSearchProbe } from './wiring.ts';

describe('the OpenSearch readiness probe', () => {
  it('is down when nothing answers at the node URL', async () => {
    const search = new OpenSearchSearchIndex({
      node: 'http://127.0.0.1:9',
      indexPrefix: 'probe',
      requestTimeoutMs: 2_000,
    });
    await expect(openSearchProbe(search).check()).rejects.toThrow();
    await search.close();
  });

  it('is up when the cluster answers, also before any index exists', async () => {
    // A node without the alias answers 404 to GET /_alias/<alias>.
    const node = createServer((request, response) => {
      expect(request.url).toBe('/_alias/probe-decisions');
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":"alias [probe-decisions] missing","status":404}');
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const { port } = node.address() as AddressInfo;
    const search = new OpenSearchSearchIndex({ node: `http://127.0.0.1:${port}`, indexPrefix: 'probe' });
    await expect(openSearchProbe(search).check()).resolves.toBeUndefined();
    await search.close();
    await new Promise<void>((resolve) => node.close(() => resolve()));
  });
});
