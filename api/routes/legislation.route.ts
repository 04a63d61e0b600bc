import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { amendmentRefQuery, amendmentRefResponse } from '../../contracts/api/amendment-ref.schema.ts';
import {
  legislationChangesQuery,
  legislationChangesResponse,
  legislationDetail,
  legislationDetailParams,
  legislationDetailQuery,
  legislationSearchQuery,
  legislationSearchResponse,
} from '../../contracts/api/legislation.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { amendmentRefOrNotFound } from '../queries/amendment-ref.query.ts';
import {
  legislationChanges,
  legislationDetail as findDetail,
  searchLegislation,
} from '../queries/legislation.query.ts';

export const legislationRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const base = deps.settings.basePath;

    r.get(
      '/legislation/search',
      {
        schema: {
          tags: ['Legislation'],
          summary: 'Search the legislation catalogue (federal and cantonal texts, active and repealed)',
          description:
            'Matches titles, abbreviations, systematic numbers and keywords (and, with search_in_content, the article texts). An abbreviation or systematic number given as the whole query comes first. With fetch_top_n_texts > 0 the top N results carry their parsed text (`text`, null when no text is held).',
          querystring: legislationSearchQuery,
          response: { 200: legislationSearchResponse, 422: validationErrorBody },
        },
      },
      async (request) => searchLegislation(deps.db, request.query, base, deps.today()),
    );

    r.get(
      '/legislation/changes',
      {
        schema: {
          tags: ['Legislation'],
          summary: 'Recent legislation changes of a canton (or CH)',
          description: 'New texts, new versions and repeals, newest first (at most 50).',
          querystring: legislationChangesQuery,
          response: { 200: legislationChangesResponse, 422: validationErrorBody },
        },
      },
      async (request) => {
        const { canton, language } = request.query;
        const changes = await legislationChanges(deps.db, canton, language);
        return { canton, language, returned: changes.length, changes };
      },
    );

    r.get(
      '/legislation/:catalog_id',
      {
        schema: {
          tags: ['Legislation'],
          summary: 'One text of the legislation catalogue',
          description:
            'By catalogue id, or by `systematic_number` within `canton` (then the path id may be 0). In the asked language when the catalogue has it; `include_versions` lists every version, newest first.',
          params: legislationDetailParams,
          querystring: legislationDetailQuery,
          response: { 200: legislationDetail, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => {
        const { catalog_id } = request.params;
        const q = request.query;
        const detail = await findDetail(
          deps.db,
          {
            catalogId: catalog_id,
            ...(q.systematic_number !== undefined ? { systematicNumber: q.systematic_number } : {}),
            canton: q.canton,
            language: q.language,
            includeVersions: q.include_versions,
          },
          base,
          deps.today(),
        );
        if (!detail) {
          throw notFound(
            q.systematic_number !== undefined
              ? `No catalogue entry with systematic number '${q.systematic_number}' in ${q.canton}`
              : `No catalogue entry with id ${catalog_id}`,
          );
        }
        return detail;
      },
    );

    r.get(
      '/amendment-ref',
      {
        schema: {
          tags: ['Legislation'],
          summary: 'Official-gazette reference (AS/BBl/RO/RU/FF, year, page) to the ELI address',
          description:
            'From 2021 the number is the id (`direct`). Before 2021 the first-page index (from statute footnotes and the catalogue) answers `first_page`, or for an inner page `containing_document` (the nearest earlier first page). BBl and FF are paginated per language: FF is resolved in the French and the Italian edition (`language` picks one). 404 when no document is known.',
          querystring: amendmentRefQuery,
          response: { 200: amendmentRefResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => amendmentRefOrNotFound(deps.db, request.query),
    );
  };
