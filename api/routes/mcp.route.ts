import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ApiDeps } from '../api-deps.ts';
import { chargeLlmQuota } from '../llm-quota.ts';
import { createMcpServer, listedTools } from '../mcp/mcp-server.ts';
import { RESEARCH_TOOLS } from '../mcp/research-tools.ts';

/** A JSON-RPC error without a request id (the request could not be read). */
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', id: null, error: { code, message } });

/**
 * `/mcp`: the Model Context Protocol over streamable HTTP, stateless (no sessions: every POST gets
 * its own server and transport, so any API instance can answer). The body is read as text and
 * parsed here, so an unreadable message gets a JSON-RPC parse error rather than an HTTP 422.
 */
export const mcpRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const listed = listedTools(RESEARCH_TOOLS);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.post('/mcp', { schema: { hide: true } }, async (request, reply) => {
      let message: unknown;
      try {
        message = JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        return reply.status(400).send(rpcError(-32700, 'Parse error: the body is not valid JSON'));
      }
      // Tools that ask the language model count against the caller's daily quota, as their routes do.
      const server = createMcpServer(deps, RESEARCH_TOOLS, listed, request.log, () =>
        chargeLlmQuota(deps.llmQuota, request, reply),
      );
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      // The transport writes the response itself: carry over what the hooks set (CORS, request id).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.setHeader('x-request-id', request.id);
      reply.hijack();
      await transport.handleRequest(request.raw, reply.raw, message);
    });

    // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
    const notAllowed = async (_request: unknown, reply: FastifyReply) =>
      reply
        .status(405)
        .header('allow', 'POST')
        .send(
          rpcError(
            -32000,
            'Method not allowed: this MCP endpoint is stateless; send JSON-RPC messages by POST',
          ),
        );
    app.get('/mcp', { schema: { hide: true } }, notAllowed);
    app.delete('/mcp', { schema: { hide: true } }, notAllowed);
  };
