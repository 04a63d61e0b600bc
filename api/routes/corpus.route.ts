import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  courtsResponse,
  scraperHealthResponse,
  statisticsQuery,
  statisticsResponse,
} from '../../contracts/api/corpus.schema.ts';
import { validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { assertKnownCourt, corpusStatistics, listCourts } from '../queries/corpus.query.ts';
import { scraperHealth } from '../queries/scraper-health.query.ts';

export const corpusRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/courts',
      {
        schema: {
          tags: ['Decisions'],
          summary: 'All courts with decision counts, date ranges and languages',
          response: { 200: courtsResponse },
        },
      },
      async () => listCourts(deps.db),
    );
    r.get(
      '/statistics',
      {
        schema: {
          tags: ['Decisions'],
          summary: 'Aggregate corpus statistics',
          querystring: statisticsQuery,
          response: { 200: statisticsResponse, 422: validationErrorBody },
        },
      },
      async (request) => {
        await assertKnownCourt(deps.db, request.query.court);
        return corpusStatistics(deps.db, request.query);
      },
    );
    r.get(
      '/scraper-health',
      {
        schema: {
          tags: ['Decisions'],
          summary: 'Latest health per source',
          response: { 200: scraperHealthResponse },
        },
      },
      async () => scraperHealth(deps.db, deps.now(), deps.settings.staleAfterHours),
    );
  };
