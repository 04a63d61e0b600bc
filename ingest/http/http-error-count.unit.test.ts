import { describe, expect, it } from 'vitest';
import { configuredSources, type SourceSettings } from '../configured-sources.ts';
import type { HttpTextClient } from './http-text.port.ts';
import { httpErrorCount } from './http-error-count.ts';

/** A portal client whose failure count the test sets. */
function countingClient(): HttpTextClient & { failedRequests: number } {
  return {
    failedRequests: 0,
    getText: () => Promise.reject(new Error('not called')),
    postForm: () => Promise.reject(new Error('not called')),
  };
}

const settings = (source: SourceSettings['SOURCE']): SourceSettings => ({
  SOURCE: source,
  SOURCE_DIR: undefined,
  DATA_DIR: '/nonexistent',
  SAMPLE_SIZE: 10,
  SAMPLE_SEED: 1,
  FEDLEX_SPARQL_URL: undefined,
  FEDLEX_SR_NUMBERS: ['220'],
  LEXFIND_BASE_URL: undefined,
  LEXFIND_ENTITIES: ['ZH'],
  ONLINEKOMMENTAR_BASE_URL: undefined,
  STATUTE_LANGUAGES: ['de'],
  HTTP_MIN_INTERVAL_MS: 1,
  HTTP_TIMEOUT_MS: 1000,
  BGER_BASE_URL: 'http://127.0.0.1:9',
  BGER_DAYS: 1,
});

describe('HTTP errors of the portal sources', () => {
  it.each(['fedlex', 'fedlex-materials', 'lexfind', 'onlinekommentar', 'bger'] as const)(
    'every source of %s reports its client’s failed requests',
    async (source) => {
      const client = countingClient();
      const configured = await configuredSources(settings(source), client);
      expect(configured.length).toBeGreaterThan(0);
      for (const { source: s } of configured) {
        expect(s.httpErrors?.(), s.name).toBe(0);
        client.failedRequests = 5;
        expect(s.httpErrors?.(), s.name).toBe(5);
        client.failedRequests = 0;
      }
    },
  );

  it('a client that keeps no count (a directory mirror) gives no figure', () => {
    expect(httpErrorCount({})).toBeUndefined();
    expect(httpErrorCount({ failedRequests: 2 })?.()).toBe(2);
  });
});
