import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { ApiDeps } from './api-deps.ts';
import { installErrorHandler } from './errors.ts';
import { citationRoutes } from './routes/citation.route.ts';
import { corpusRoutes } from './routes/corpus.route.ts';
import { decisionsRoutes } from './routes/decisions.route.ts';
import { graphRoutes } from './routes/graph.route.ts';
import { structureRoutes } from './routes/structure.route.ts';
import { lawsRoutes } from './routes/laws.route.ts';
import { legislationRoutes } from './routes/legislation.route.ts';
import { zodValidatorCompiler } from './validation.ts';

export const API_VERSION = '1.0.0';

/**
 * The HTTP API as a Fastify instance (not listening). Every route lives under
 * `settings.basePath`; the OpenAPI 3.0.3 document is generated from the zod schemas.
 */
export async function buildApp(
  deps: ApiDeps,
  options: Pick<FastifyServerOptions, 'loggerInstance' | 'logger'> = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...options,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const base = deps.settings.basePath;
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    exposedHeaders: ['x-request-id'],
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
      scope.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      scope.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
      scope.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
        const ready = deps.ready ? await deps.ready() : true;
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'starting' });
      });
      await scope.register(swaggerUi, { routePrefix: '/docs' });
    },
    { prefix: base },
  );
  return app;
}
