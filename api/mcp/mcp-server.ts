/**
 * The MCP server of the research tools. Arguments are checked exactly as the HTTP routes check
 * them (the same input guard, the same zod schemas per path, body and query part, the first failing
 * part answering), and a failing call is a tool error whose text is the HTTP error body.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiDeps } from '../api-deps.ts';
import { API_VERSION } from '../api-version.ts';
import { answerOf } from '../errors.ts';
import { forbiddenCharacterDetails } from '../input-guard.ts';
import { RequestValidationError, validate } from '../validation.ts';
import { TOOL_PARTS, type ResearchTool, type ToolContext } from './research-tools.ts';

export const MCP_INSTRUCTIONS =
  'Swiss court decisions, federal and cantonal statutes and the citations between them. ' +
  'Quotable verbatim: citation strings (citation_string_de / _fr / _it), canonical_url, rule_statement, the text of an Erwägung (get_erwaegung), the Regeste and statute article text (get_law). ' +
  'Everything else (snippets, briefs, scores, reasoning) is orientation, not a quotation. ' +
  'Cite a case only when the cite tool reports exists: true for it. Before handing over a draft, run attest on the finished text and fix every issue it lists.';

/** The tool list as `tools/list` answers it: JSON Schemas generated once from the zod schemas. */
export function listedTools(tools: readonly ResearchTool[]): Tool[] {
  return tools.map((t) => {
    const shape = Object.assign({}, ...TOOL_PARTS.map((p) => t.parts[p]?.shape ?? {})) as z.ZodRawShape;
    return {
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: z.toJSONSchema(z.object(shape), { io: 'input', target: 'draft-7' }) as Tool['inputSchema'],
      outputSchema: z.toJSONSchema(t.output, { io: 'output', target: 'draft-7' }) as Tool['outputSchema'],
      annotations: { readOnlyHint: true },
    };
  });
}

function pick(args: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(args, key)) out[key] = args[key];
  return out;
}

/**
 * The arguments of a call, split into the route's parts and validated as the route validates
 * them; a RequestValidationError with the route's 422 entries otherwise.
 */
export function parseToolArguments(
  tool: ResearchTool,
  args: Record<string, unknown>,
): Record<string, unknown> {
  const slices = TOOL_PARTS.flatMap((part) => {
    const schema = tool.parts[part];
    return schema ? [{ part, schema, data: pick(args, Object.keys(schema.shape)) }] : [];
  });
  const guard = slices.flatMap((s) => forbiddenCharacterDetails(s.data, [s.part], s.part !== 'path'));
  if (guard.length > 0) throw new RequestValidationError(guard);
  const parsed: Record<string, unknown> = {};
  for (const slice of slices) {
    const result = validate(slice.schema, slice.data, slice.part);
    if ('details' in result) throw new RequestValidationError(result.details);
    Object.assign(parsed, result.value);
  }
  return parsed;
}

/** One call: the structured output exactly as the route serialises it, or the route's error body. */
export async function callTool(
  deps: ApiDeps,
  tool: ResearchTool,
  args: Record<string, unknown>,
  ctx: ToolContext & { readonly log: { error(obj: object, msg: string): void } },
): Promise<CallToolResult> {
  try {
    const result = await tool.run(deps, parseToolArguments(tool, args), ctx);
    // As the route's serializer does: encode with the response schema, then JSON.
    const text = JSON.stringify(tool.output.encode(result as Record<string, unknown>));
    return {
      content: [{ type: 'text', text }],
      structuredContent: JSON.parse(text) as Record<string, unknown>,
    };
  } catch (error) {
    const answer = answerOf(error instanceof Error ? error : new Error(String(error)));
    if (answer.log) ctx.log[answer.log.level]({ err: error, tool: tool.name }, answer.log.message);
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(answer.body) }] };
  }
}

/**
 * A fresh server for one HTTP request (stateless: any API instance answers any request). The
 * low-level `Server` rather than `McpServer`, because arguments are validated here, part by part,
 * to give the routes' 422 bodies.
 */
export function createMcpServer(
  deps: ApiDeps,
  tools: readonly ResearchTool[],
  listed: readonly Tool[],
  log: ToolContext['log'] & { error(obj: object, msg: string): void },
  chargeLlmQuota?: ToolContext['chargeLlmQuota'],
): Server {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const server = new Server(
    { name: 'swiss-law-research', version: API_VERSION },
    { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...listed] }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool '${request.params.name}'; tools/list names the tools: ${tools.map((t) => t.name).join(', ')}`,
      );
    }
    return callTool(deps, tool, request.params.arguments ?? {}, { log, ...(chargeLlmQuota ? { chargeLlmQuota } : {}) });
  });
  return server;
}
