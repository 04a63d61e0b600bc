import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertCreated,
  alertFeedParams,
  alertParams,
  alertSecretHeaders,
  createAlertBody,
} from '../../contracts/api/alerts.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { alertFeed } from '../alerts/alert-feed.ts';
import { namesNonPublicHost } from '../../infra/net/public-address.ts';
import { ApiError, notFound } from '../errors.ts';
import { RequestValidationError } from '../validation.ts';
import {
  createAlert,
  deleteAlert,
  describeSearch,
  feedHits,
  findAlert,
  secretMatches,
} from '../queries/alerts.query.ts';
import { assertKnownCourt } from '../queries/corpus.query.ts';
import { filtersOf, searchTextOf } from '../queries/decision-search.query.ts';

const noSuchAlert = (id: string) => notFound(`No alert with id '${id}'`);

/** Saved-search alerts: create (webhook or Atom feed), the feed, delete with the secret. */
export const alertsRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/alerts',
      {
        schema: {
          tags: ['Alerts'],
          summary: 'Save a decision search as an alert',
          description:
            'Every decision published from now on that the search (the text and filters of GET /decisions, same semantics) matches is recorded once: POSTed to `webhook_url` as JSON, signed with the returned secret (`X-Alert-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`; retried with back-off until a 2xx), or, without a webhook, listed in the Atom feed `feed_url`. Keep the secret: it deletes the alert.',
          body: createAlertBody,
          response: { 201: alertCreated, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (
          body.webhook_url &&
          deps.settings.webhookTargets !== 'any' &&
          namesNonPublicHost(new URL(body.webhook_url))
        )
          throw new RequestValidationError([
            {
              loc: ['body', 'webhook_url'],
              msg: 'Input should be a URL on the public internet (not localhost or a private address)',
              type: 'url_not_public',
              input: body.webhook_url,
            },
          ]);
        const queryAst = await searchTextOf(deps, body);
        await assertKnownCourt(deps.db, body.court);
        const { webhook_url: webhookUrl, ...criteria } = body;
        const search = Object.fromEntries(
          Object.entries(criteria).filter(
            (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
          ),
        );
        const alert = await createAlert(deps.db, {
          search,
          queryAst,
          filters: filtersOf(criteria),
          webhookUrl: webhookUrl ?? null,
        });
        return reply.status(201).send({
          alert_id: alert.alert_id,
          secret: alert.secret,
          webhook_url: alert.webhook_url,
          feed_url: alert.webhook_url ? null : `${deps.settings.publicBaseUrl}/alerts/${alert.alert_id}.xml`,
          created_at: alert.created_at,
          search,
        });
      },
    );

    r.get(
      '/alerts/:alert_feed',
      {
        schema: {
          tags: ['Alerts'],
          summary: 'Atom feed of an alert',
          description:
            'The 50 newest decisions the alert matched, as Atom 1.0 (application/atom+xml); 404 for an unknown alert and for alerts with a webhook.',
          params: alertFeedParams,
        },
      },
      async (request, reply) => {
        const { alert_feed: id } = request.params;
        const alert = await findAlert(deps.db, id);
        if (!alert || alert.webhook_url !== null) throw noSuchAlert(id);
        const xml = alertFeed(
          { ...alert, description: describeSearch(alert.search as Record<string, string>) },
          await feedHits(deps.db, id),
          deps.settings.publicBaseUrl,
        );
        return reply.type('application/atom+xml; charset=utf-8').send(xml);
      },
    );

    r.delete(
      '/alerts/:alert_id',
      {
        schema: {
          tags: ['Alerts'],
          summary: 'Delete an alert',
          description:
            'With the secret returned at creation in the X-Alert-Secret header. Pending deliveries are dropped.',
          params: alertParams,
          headers: alertSecretHeaders,
          response: {
            204: z.null().describe('Deleted'),
            403: errorBody,
            404: errorBody,
            422: validationErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { alert_id: id } = request.params;
        const alert = await findAlert(deps.db, id);
        if (!alert) throw noSuchAlert(id);
        if (!secretMatches(alert.secret, request.headers['x-alert-secret']))
          throw new ApiError(403, 'API_ALERT_SECRET', 'The secret does not match this alert');
        await deleteAlert(deps.db, id);
        return reply.status(204).send(null);
      },
    );
  };
