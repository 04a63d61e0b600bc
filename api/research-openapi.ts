import { API_VERSION } from './api-version.ts';

/** The tags of the public research routes (the routes of the research document). */
export const RESEARCH_TAGS: readonly string[] = [
  'Decisions',
  'Decision structure',
  'Citation graph',
  'Citation integrity',
  'Statutes',
  'Legislation',
  'Teaching and drafting',
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  readonly tags?: readonly string[];
  readonly [key: string]: unknown;
}
type PathItem = Partial<Record<(typeof METHODS)[number], Operation>> & Record<string, unknown>;

/** The parts of an OpenAPI 3.0.3 document the research subset reads. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: Record<string, unknown>;
  readonly servers?: readonly unknown[];
  readonly paths?: Record<string, PathItem | undefined>;
  readonly components?: Record<string, unknown>;
  readonly [key: string]: unknown;
}

const isResearch = (op: Operation | undefined): op is Operation =>
  op !== undefined && (op.tags ?? []).some((t) => RESEARCH_TAGS.includes(t));

/**
 * `/research/openapi.json`: the operations of the public research routes taken from the main
 * document, whose 200 responses carry the schemas generated from the routes' zod response schemas.
 * The main document keeps describing every route.
 */
export function researchDocument(full: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(full.paths ?? {})) {
    if (!item) continue;
    const kept: PathItem = {};
    for (const method of METHODS) {
      const op = item[method];
      if (isResearch(op)) kept[method] = op;
    }
    if (Object.keys(kept).length === 0) continue;
    // Path-level parameters and descriptions apply to the kept operations too.
    for (const [key, value] of Object.entries(item)) {
      if (!(METHODS as readonly string[]).includes(key)) kept[key] = value;
    }
    paths[path] = kept;
  }
  return {
    openapi: full.openapi,
    info: {
      title: 'Swiss Case-Law and Legislation Research API: research routes',
      version: API_VERSION,
      description:
        'Typed description of the public research routes: decision search and lookup, decision structure, the citation graph, citation integrity, statutes, legislation, commentaries, preparatory materials, doctrine, exam questions and mock decisions. Every 200 response carries its full schema. Free, no key, CORS.',
    },
    ...(full.servers ? { servers: full.servers } : {}),
    paths,
    ...(full.components ? { components: full.components } : {}),
  };
}
