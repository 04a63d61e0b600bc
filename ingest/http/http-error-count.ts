import type { HttpTextClient } from './http-text.port.ts';

/**
 * A source's `httpErrors` for a client that counts its failed requests (the polite portal client);
 * undefined for one that does not (a directory mirror), so that its runs report no HTTP figure.
 */
export function httpErrorCount(client: Pick<HttpTextClient, 'failedRequests'>): (() => number) | undefined {
  if (client.failedRequests === undefined) return undefined;
  return () => client.failedRequests ?? 0;
}
