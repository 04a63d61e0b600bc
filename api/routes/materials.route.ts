import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LAW_MISS_DESCRIPTION, lawMissBody } from '../../contracts/api/laws.schema.ts';
import {
  materialsLawParams,
  materialsLawQuery,
  materialsLawResponse,
  materialsSearchQuery,
  materialsSearchResponse,
} from '../../contracts/api/materials.schema.ts';
import { validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { materialsForLaw, searchMaterials } from '../queries/materials.query.ts';

export const materialsRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/materialien',
      {
        schema: {
          tags: ['Statutes'],
          summary: 'Search preparatory materials (Federal Council messages, parliamentary changes)',
          description:
            'Full-text search over the passages of the Federal Council messages (Botschaften) and the parliamentary changes, in de/fr/it. ' +
            'Every result is a verbatim passage with its gazette citation and pinpoint page (BBl in German, FF in French and Italian; `/amendment-ref` maps the reference to the document). ' +
            '`law_code` restricts to one act, resolved as /laws resolves names. ' +
            LAW_MISS_DESCRIPTION,
          querystring: materialsSearchQuery,
          response: { 200: materialsSearchResponse, 404: lawMissBody, 422: validationErrorBody },
        },
      },
      async (request) => searchMaterials(deps.db, request.query),
    );

    r.get(
      '/materialien/:law_code',
      {
        schema: {
          tags: ['Statutes'],
          summary: 'Legislative intent, arguments, design choices, rejected alternatives and parliamentary modifications of an act',
          description:
            'The passages of the materials of one federal act (or, with `article`, those discussing that article and the general parts of their documents), ' +
            'grouped by what their section says: legislative intent, key arguments, design choices, rejected alternatives, parliamentary modifications. ' +
            'Every item is a verbatim passage (`paraphrase` false) with its gazette citation and page. ' +
            LAW_MISS_DESCRIPTION,
          params: materialsLawParams,
          querystring: materialsLawQuery,
          response: { 200: materialsLawResponse, 404: lawMissBody, 422: validationErrorBody },
        },
      },
      async (request) => materialsForLaw(deps.db, request.params.law_code, request.query),
    );
  };
