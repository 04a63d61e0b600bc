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
import { llmQuotaBody } from '../../contracts/api/teaching.schema.ts';
import type { ApiDeps } from '../api-deps.ts';
import { chargeLlmQuota } from '../llm-quota.ts';
import { withSummaries } from '../queries/materials-paraphrase.query.ts';
import { materialsForLaw, searchMaterials } from '../queries/materials.query.ts';

export const materialsRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const model = deps.languageModel ?? null;

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
            'Every verbatim item (`paraphrase` false) is a stored passage with its id, gazette citation and page. ' +
            (model
              ? 'With the language model configured, each list may begin with summaries (`paraphrase` true, no quotation) naming the passages they rest on (`based_on`, all listed verbatim in the answer); ' +
                'a failing, slow or unusable model answer leaves the verbatim items with `summaries.status` unavailable and the reason. ' +
                'A call that asks the model counts against the daily language-model quota per client address (429 with Retry-After when used up). '
              : 'Summaries need a language model, which this instance has not (`summaries.status` not_configured). ') +
            LAW_MISS_DESCRIPTION,
          params: materialsLawParams,
          querystring: materialsLawQuery,
          response: {
            200: materialsLawResponse,
            404: lawMissBody,
            422: validationErrorBody,
            ...(model ? { 429: llmQuotaBody } : {}),
          },
        },
      },
      async (request, reply) => {
        const body = await materialsForLaw(deps.db, request.params.law_code, request.query);
        if (!model) return body;
        await chargeLlmQuota(deps.llmQuota, request, reply);
        return withSummaries(model, body);
      },
    );
  };
