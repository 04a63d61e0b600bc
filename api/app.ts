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
import { citationRoutes } from './routes/citation.route.ts';
import { corpusRoutes } from './routes/corpus.route.ts';
import { decisionsRoutes } from './routes/decisions.route.ts';
import { exportsRoutes } from './routes/exports.route.ts';
import { graphRoutes } from './routes/graph.route.ts';
import { structureRoutes } from './routes/structure.route.ts';
import { lawsRoutes } from './routes/laws.route.ts';
import { mcpRoutes } from './routes/mcp.route.ts';
import { legislationRoutes } from './routes/legislation.route.ts';
import {
  answerClientError,
  answerFrameworkError,
  MAX_PARAM_LENGTH,
  MAX_REQUEST_HEAD_BYTES,
} from './transport-errors.ts';
import { zodValidatorCompiler } from './validation.ts';

export { API_VERSION };

export interface BuildAppOptions extends Pick<FastifyServerOptions, 'loggerInstance' | 'logger'> {
  /** Observes every route as it is registered: method, full URL and schemas (route listings). */
  readonly onRoute?: (route: RouteOptions) => void;
}

/**
 * The HTTP API as a Fastify instance (not listening). Every route lives under
 * `settings.basePath`; the OpenAPI 3.0.3 document is generated from the zod schemas.
 */
export async function buildApp(deps: ApiDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
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
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const base = deps.settings.basePath;
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    exposedHeaders: ['x-request-id'],
    // A bare OPTIONS request (no Origin) gets the allowed methods, not a plain-text 400.
    strictPreflight: false,
  });
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
    transform: jsonSchemaTransform,
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
      await scope.register(exportsRoutes(deps));
      await scope.register(mcpRoutes(deps));
      await scope.register(billingRoutes(deps));
      scope.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      let research: OpenApiDocument | undefined;
      scope.get(
        '/research/openapi.json',
        { schema: { hide: true } },
        async () => (research ??= researchDocument(app.swagger() as OpenApiDocument)),
      );
      scope.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
      scope.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
        const ready = deps.ready ? await deps.ready() : true;
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'starting' });
      });
      // indexPrefix: the UI page links its scripts and styles by absolute path, which must include
      // the base path.
      await scope.register(swaggerUi, { routePrefix: '/docs', indexPrefix: base });
    },
    { prefix: base },
  );
  return app;
}
