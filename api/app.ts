import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { ApiDeps } from './api-deps.ts';
import { API_VERSION } from './api-version.ts';
import { installErrorHandler } from './errors.ts';
import { installInputGuard } from './input-guard.ts';
import { researchDocument, type OpenApiDocument } from './research-openapi.ts';
import { billingRoutes } from './routes/billing.route.ts';
import { ApiMetrics } from './metrics.ts';
import { installRateLimit, UNLIMITED } from './rate-limit.ts';
import { databaseCheck, readiness } from './readiness.ts';
import { alertsRoutes } from './routes/alerts.route.ts';
import { citationRoutes } from './routes/citation.route.ts';
import { corpusRoutes } from './routes/corpus.route.ts';
import { decisionsRoutes } from './routes/decisions.route.ts';
import { exportsRoutes } from './routes/exports.route.ts';
import { graphRoutes } from './routes/graph.route.ts';
import { structureRoutes } from './routes/structure.route.ts';
import { doctrineRoutes } from './routes/doctrine.route.ts';
import { teachingRoutes } from './routes/teaching.route.ts';
import { lawsRoutes } from './routes/laws.route.ts';
import { commentariesRoutes } from './routes/commentaries.route.ts';
import { mcpRoutes } from './routes/mcp.route.ts';
import { legislationRoutes } from './routes/legislation.route.ts';
import { materialsRoutes } from './routes/materials.route.ts';
import {
  answerClientError,
  answerFrameworkError,
  MAX_PARAM_LENGTH,
  MAX_REQUEST_HEAD_BYTES,
} from './transport-errors.ts';
import { zodValidatorCompiler } from './validation.ts';

export { API_VERSION };

/** The 429 answer every limited route can give, in the OpenAPI document. */
const RATE_LIMITED_RESPONSE = {
  description: 'Too many requests from this address; retry after the seconds in Retry-After',
  type: 'object',
  properties: { detail: { type: 'string' }, code: { type: 'string', enum: ['API_RATE_LIMITED'] } },
  required: ['detail', 'code'],
  headers: { 'retry-after': { type: 'integer', description: 'Seconds until the limit resets' } },
};

/** The zod transform, plus the 429 answer on every route the rate limit covers. */
const documentRateLimit: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const config = input.route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit === false) return out;
  const response = (out.schema.response ?? {}) as Record<string, unknown>;
  return { ...out, schema: { ...out.schema, response: { ...response, 429: RATE_LIMITED_RESPONSE } } };
};

/** How long `/ready` waits for one engine's answer. */
const READY_TIMEOUT_MS = 2_000;

export interface BuildAppOptions extends Pick<
  FastifyServerOptions,
  'loggerInstance' | 'logger' | 'trustProxy'
> {
  /** Observes every route as it is registered: method, full URL and schemas (route listings). */
  readonly onRoute?: (route: RouteOptions) => void;
}

/**
 * The HTTP API as a Fastify instance (not listening). Every route lives under
 * `settings.basePath`; the OpenAPI 3.0.3 document is generated from the zod schemas.
 */
export async function buildApp(apiDeps: ApiDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { onRoute, ...serverOptions } = options;
  const app = Fastify({
    ...serverOptions,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installInputGuard(app);
  const metrics = new ApiMetrics({ db: apiDeps.db, projectionLag: apiDeps.projectionLag }, (what, error) =>
    app.log.warn({ err: error }, `metrics: reading ${what} failed`),
  );
  metrics.observe(app);
  const deps: ApiDeps = { ...apiDeps, search: metrics.countSearchErrors(apiDeps.search) };
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const base = deps.settings.basePath;
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'],
    exposedHeaders: [
      'x-request-id',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      // Downloads and feeds read from a browser: the file name, the fallback notice, validators.
      'content-disposition',
      'content-location',
      'x-export-fallback',
      'etag',
      'x-llm-quota-limit',
      'x-llm-quota-remaining',
    ],
    // A bare OPTIONS request (no Origin) gets the allowed methods, not a plain-text 400.
    strictPreflight: false,
  });
  if (deps.rateLimit) await installRateLimit(app, deps.rateLimit);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Swiss Case-Law and Legislation Research API',
        version: API_VERSION,
        description:
          'Swiss court decisions, statutes and the citations between them. Research endpoints are free, need no key and support CORS.',
      },
      servers: [{ url: base || '/' }],
    },
    transform: deps.rateLimit ? documentRateLimit : jsonSchemaTransform,
  });

  await app.register(
    async (scope) => {
      await scope.register(decisionsRoutes(deps));
      await scope.register(corpusRoutes(deps));
      await scope.register(graphRoutes(deps));
      await scope.register(structureRoutes(deps));
      await scope.register(citationRoutes(deps));
      await scope.register(lawsRoutes(deps));
      await scope.register(legislationRoutes(deps));
      await scope.register(commentariesRoutes(deps));
      await scope.register(materialsRoutes(deps));
      await scope.register(exportsRoutes(deps));
      await scope.register(mcpRoutes(deps));
      await scope.register(billingRoutes(deps));
      await scope.register(alertsRoutes(deps));
      await scope.register(teachingRoutes(deps));
      await scope.register(doctrineRoutes(deps));
      scope.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      let research: OpenApiDocument | undefined;
      scope.get(
        '/research/openapi.json',
        { schema: { hide: true } },
        async () => (research ??= researchDocument(app.swagger() as OpenApiDocument)),
      );
      const probe = { schema: { hide: true }, config: UNLIMITED };
      scope.get('/health', probe, async () => ({ status: 'ok' }));
      const engines = [databaseCheck(deps.db), ...(deps.engineChecks ?? [])];
      scope.get('/ready', probe, async (_request, reply) => {
        const started = deps.ready ? await deps.ready() : true;
        const result = await readiness(started, engines, READY_TIMEOUT_MS);
        return reply.status(result.status === 'ready' ? 200 : 503).send(result);
      });
      scope.get('/metrics', probe, async (_request, reply) =>
        reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
      );
      // indexPrefix: the UI page links its scripts and styles by absolute path, which must include
      // the base path.
      await scope.register(swaggerUi, { routePrefix: '/docs', indexPrefix: base });
    },
    { prefix: base },
  );
  return app;
}
