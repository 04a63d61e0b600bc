import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake server answers to the next chat completion. */
export type FakeBehaviour =
  | { readonly kind: 'content'; readonly content: string }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'hang'; readonly ms: number };

export interface FakeChatServer {
  /** Base URL for the openai client (`http://127.0.0.1:port/v1`). */
  readonly baseURL: string;
  /** Request bodies received, newest last. */
  readonly requests: unknown[];
  /** Authorization headers received. */
  readonly authorizations: (string | undefined)[];
  behaviour: FakeBehaviour;
  close(): Promise<void>;
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A local HTTP server speaking the chat-completions API (`POST /v1/chat/completions`), so that
 * the real openai client is exercised end to end without the network.
 */
export async function startFakeChatServer(): Promise<FakeChatServer> {
  const sockets = new Set<import('node:net').Socket>();
  const state: { behaviour: FakeBehaviour } = { behaviour: { kind: 'content', content: '{}' } };
  const requests: unknown[] = [];
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const text = await body(request);
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":{"message":"not found"}}');
        return;
      }
      requests.push(JSON.parse(text) as unknown);
      authorizations.push(request.headers.authorization);
      const b = state.behaviour;
      if (b.kind === 'hang') {
        await new Promise((r) => setTimeout(r, b.ms));
        if (!response.writableEnded && !response.destroyed) response.writeHead(200).end('{}');
        return;
      }
      if (b.kind === 'status') {
        response
          .writeHead(b.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'fake-judge',
          choices: [{ index: 0, message: { role: 'assistant', content: b.content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    })();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(b: FakeBehaviour) {
      state.behaviour = b;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The JSON a well-behaved judge returns. */
export function verdictJson(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    supports: 'yes',
    confidence: 0.9,
    supporting_excerpt: null,
    qualifying_excerpt: null,
    reasoning: 'The text states the claim.',
    ...overrides,
  });
}
