import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminQuery,
  adminResponse,
  checkoutQuery,
  checkoutResponse,
  keyQuery,
  licenseResponse,
  portalResponse,
  sessionQuery,
  validateResponse,
  webhookResponse,
} from '../../contracts/api/billing.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import { PRO_PLAN } from '../../contracts/billing/license-key-format.ts';
import { WebhookSignatureError, WebhookUnreadableError } from '../../infra/billing/billing-provider.port.ts';
import type { ApiDeps, BillingDeps } from '../api-deps.ts';
import { billingEventOf, checkoutObservedEvent } from '../billing/billing-events.ts';
import { billingFailure, billingNotConfigured } from '../billing/billing-errors.ts';
import { licenseKeyForSession, licenseKeyHash } from '../billing/license-keys.ts';
import { ApiError } from '../errors.ts';
import { adminFigures, licenseState } from '../queries/licenses.query.ts';
import { billingProRoutes } from './billing-pro.route.ts';

const TAGS = ['Billing (Pro subscription)'];
const CHECKOUT_SESSION_ID = '{CHECKOUT_SESSION_ID}';

/** The success URL with the provider's session placeholder, added as `session_id` when absent. */
export function withSessionPlaceholder(url: string): string {
  if (url.includes(CHECKOUT_SESSION_ID)) return url;
  const hash = url.indexOf('#');
  const [base, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  // Appended as text: URL encoding would turn the braces into something the provider does not replace.
  return `${base}${base.includes('?') ? '&' : '?'}session_id=${CHECKOUT_SESSION_ID}${fragment}`;
}

/** Constant-time comparison of a presented token with the configured one (digests: equal lengths). */
function tokenMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || presented === '') return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The webhook: its own scope, because the signature is computed over the raw body bytes. */
const webhookRoute =
  (billing: BillingDeps): FastifyPluginAsync =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    app.withTypeProvider<ZodTypeProvider>().post(
      '/billing/webhook',
      {
        schema: {
          tags: TAGS,
          summary: 'Receives subscription events from the payment provider',
          description:
            'Not called by clients. The body is verified against the Stripe-Signature header (400 when missing, wrong or stale; nothing is recorded). Verified events are appended to the billing stream once per provider event id.',
          response: { 200: webhookResponse, 400: errorBody, 503: errorBody },
        },
      },
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (typeof signature !== 'string' || signature === '')
          throw new ApiError(400, 'API_WEBHOOK_SIGNATURE', 'The Stripe-Signature header is missing.');
        let verified;
        try {
          verified = billing.provider.verifyWebhook(body, signature);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ reason: error.message }, 'webhook rejected');
            throw new ApiError(400, 'API_WEBHOOK_SIGNATURE', error.message);
          }
          if (error instanceof WebhookUnreadableError) {
            request.log.warn({ reason: error.message }, 'webhook event unreadable');
            throw new ApiError(400, 'API_WEBHOOK_UNREADABLE', error.message);
          }
          throw error;
        }
        if ('ignored' in verified) return { received: true, recorded: false };
        let event;
        try {
          event = billingEventOf(verified, billing.licenseKeySecret.reveal());
        } catch (error) {
          if (!(error instanceof WebhookUnreadableError)) throw error;
          request.log.warn({ reason: error.message }, 'webhook event unreadable');
          throw new ApiError(400, 'API_WEBHOOK_UNREADABLE', error.message);
        }
        if (!event) {
          request.log.warn(
            { event: verified.id, kind: verified.kind },
            'webhook event without a customer; not recorded',
          );
          return { received: true, recorded: false };
        }
        try {
          await billing.eventLog.append([event]);
        } catch (error) {
          request.log.error({ err: error, event: verified.id }, 'appending a billing event failed');
          // The provider retries a failed delivery: an answer other than 2xx is what asks for that.
          reply.header('retry-after', '30');
          throw new ApiError(
            503,
            'API_BILLING_LOG_UNAVAILABLE',
            'The event could not be recorded; please retry.',
          );
        }
        request.log.info({ event: verified.id, kind: verified.kind }, 'billing event recorded');
        return { received: true, recorded: true };
      },
    );
  };

async function issueLicense(billing: BillingDeps, sessionId: string, request: FastifyRequest) {
  const session = await billing.provider.checkoutSession(sessionId);
  if (!session) throw new ApiError(404, 'API_CHECKOUT_UNKNOWN', 'No checkout session with this id.');
  if (session.mode !== 'subscription' || session.status !== 'complete' || !session.paid || !session.customer)
    throw new ApiError(
      409,
      'API_CHECKOUT_NOT_PAID',
      'This checkout session is not completed and paid; no license key is issued for it.',
    );
  const secret = billing.licenseKeySecret.reveal();
  try {
    const event = checkoutObservedEvent(session, secret);
    if (event) await billing.eventLog.append([event]);
  } catch (error) {
    // The webhook records the same checkout; the key is derived, so answering stays correct.
    request.log.warn({ err: error }, 'recording the completed checkout failed; the webhook records it');
  }
  return { license_key: licenseKeyForSession(session.id, secret), plan: PRO_PLAN };
}

export const billingRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const billing = deps.billing;
    app.addHook('onRequest', async () => {
      if (!billing) throw billingNotConfigured();
    });
    app.setErrorHandler((error, request, reply) => {
      const mapped = billingFailure(error, request.log);
      if (mapped?.statusCode === 503) reply.header('retry-after', '30');
      throw mapped ?? error;
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = { 503: errorBody };

    r.post(
      '/billing/checkout',
      {
        schema: {
          tags: TAGS,
          summary: 'A checkout URL for the Pro subscription (CHF 5 per month)',
          querystring: checkoutQuery,
          response: { 200: checkoutResponse, 400: errorBody, 422: validationErrorBody, ...common },
        },
      },
      async (request) => {
        const b = billing!;
        const { success_url, cancel_url, locale } = request.query;
        return b.provider
          .createCheckout({
            successUrl: withSessionPlaceholder(success_url ?? b.defaultSuccessUrl),
            cancelUrl: cancel_url ?? b.defaultCancelUrl,
            locale: locale === '' ? null : locale,
          })
          .then((s) => ({ url: s.url, session_id: s.id }));
      },
    );

    r.get(
      '/billing/license-for-session',
      {
        schema: {
          tags: TAGS,
          summary: 'The license key of a completed, paid checkout session',
          description:
            'The same key for every call with the same session. Unknown sessions give 404, unpaid ones 409.',
          querystring: sessionQuery,
          response: {
            200: licenseResponse,
            404: errorBody,
            409: errorBody,
            422: validationErrorBody,
            ...common,
          },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return issueLicense(billing!, request.query.session_id, request);
      },
    );

    r.get(
      '/billing/validate',
      {
        schema: {
          tags: TAGS,
          summary: 'Whether a license key is valid and active',
          querystring: keyQuery,
          response: { 200: validateResponse, 422: validationErrorBody, ...common },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { customer_id: _customer, ...state } = await licenseState(
          deps.db,
          licenseKeyHash(request.query.key),
        );
        return state;
      },
    );

    r.post(
      '/billing/portal',
      {
        schema: {
          tags: TAGS,
          summary: "A URL of the payment provider's customer portal for the key's customer",
          querystring: keyQuery,
          response: {
            200: portalResponse,
            400: errorBody,
            404: errorBody,
            422: validationErrorBody,
            ...common,
          },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const state = await licenseState(deps.db, licenseKeyHash(request.query.key));
        if (!state.customer_id) throw new ApiError(404, 'API_LICENSE_UNKNOWN', 'No license with this key.');
        return { url: await billing!.provider.portalUrl(state.customer_id, billing!.defaultCancelUrl) };
      },
    );

    r.get(
      '/billing/admin',
      {
        schema: {
          tags: TAGS,
          summary: 'Subscriber statistics for operators',
          querystring: adminQuery,
          response: { 200: adminResponse, 401: errorBody, 422: validationErrorBody, ...common },
        },
      },
      async (request, reply) => {
        noStore(reply);
        if (!tokenMatches(request.query.token, billing!.adminToken.reveal()))
          throw new ApiError(401, 'API_ADMIN_UNAUTHORIZED', 'A valid dashboard token is required.');
        return adminFigures(deps.db);
      },
    );

    if (billing) await app.register(webhookRoute(billing));
    else
      r.post('/billing/webhook', { schema: { tags: TAGS, hide: true } }, async () => {
        throw billingNotConfigured();
      });
    await app.register(billingProRoutes(deps));
  };
