import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: string;
  readonly at: number;
  readonly headers: IncomingMessage['headers'];
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => void;

/** A local HTTP server for adapter tests: serves recorded-shaped responses, records every request. */
export async function startFakeHttp(
  handler: FakeHandler,
  /** A fixed port (a server started again where it was); default any free one. */
  options: { port?: number } = {},
): Promise<{ url: string; requests: RecordedRequest[]; close: () => Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        body: Buffer.concat(chunks).toString('utf8'),
        at,
        headers: req.headers,
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // Open keep-alive connections too: a closed server answers nothing more.
        server.closeAllConnections();
      }),
  };
}
