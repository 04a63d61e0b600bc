import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  findSupportRequest,
  findSupportResponse,
  verifyRequest,
  verifyResponse,
} from '../../contracts/api/billing.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import { LICENSE_KEY_PATTERN } from '../../contracts/billing/license-key-format.ts';
import type { ApiDeps } from '../api-deps.ts';
import { licenseKeyHash } from '../billing/license-keys.ts';
import { ApiError } from '../errors.ts';
import { consumeDailyCall, licenseState, refundDailyCall } from '../queries/licenses.query.ts';
import { findSupport, verifyReference } from '../queries/pro-features.query.ts';

const TAGS = ['Billing (Pro subscription)'];

/** Seconds until the next UTC midnight, when the daily quota starts again. */
function secondsUntilUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Admits a Pro call: a well-formed key of a known license (401), an active subscription (403), a
 * configured language model (503) and quota left today (429 with Retry-After). Counts the call
 * and returns where it was counted.
 */
async function admit(
  deps: ApiDeps,
  key: string | undefined,
  reply: FastifyReply,
): Promise<{ hash: string; day: string }> {
  if (key === undefined || !LICENSE_KEY_PATTERN.test(key))
    throw new ApiError(401, 'API_LICENSE_REQUIRED', 'A valid license key (license_key) is required.');
  const hash = licenseKeyHash(key);
  const state = await licenseState(deps.db, hash);
  if (!state.valid) throw new ApiError(401, 'API_LICENSE_UNKNOWN', 'The license key is not valid.');
  if (!state.active)
    throw new ApiError(
      403,
      'API_LICENSE_INACTIVE',
      `The license is not active (subscription status: ${state.status ?? 'unknown'}).`,
    );
  if (!deps.claimJudge || !deps.claimJudge.name.startsWith('llm:')) {
    reply.header('retry-after', '3600');
    throw new ApiError(
      503,
      'API_MODEL_NOT_CONFIGURED',
      'No language model is configured on this server; Pro features give no verdict without one.',
    );
  }
  const now = deps.now();
  const day = now.toISOString().slice(0, 10);
  if (!(await consumeDailyCall(deps.db, hash, day, deps.billing!.dailyQuota))) {
    reply.header('retry-after', String(secondsUntilUtcMidnight(now)));
    throw new ApiError(
      429,
      'API_QUOTA_EXCEEDED',
      `The daily quota of ${deps.billing!.dailyQuota} Pro calls is used up; it renews at midnight UTC.`,
    );
  }
  return { hash, day };
}

/** Runs a counted Pro call; a call that fails (unknown case, model outage) does not use up quota. */
async function counted<T>(
  deps: ApiDeps,
  key: string | undefined,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T> {
  const { hash, day } = await admit(deps, key, reply);
  try {
    return await work();
  } catch (error) {
    await refundDailyCall(deps.db, hash, day);
    throw error;
  }
}

/** /billing/verify and /billing/find-support: Pro features behind a license key. */
export const billingProRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const errors = {
      401: errorBody,
      403: errorBody,
      422: validationErrorBody,
      429: errorBody,
      503: errorBody,
    };
    r.post(
      '/billing/verify',
      {
        schema: {
          tags: TAGS,
          summary: 'Pro reference verification: does the cited decision support the selected text?',
          description:
            'Loads the case brief of case_ref and has the configured language model judge the selected text against the decision; excerpts are checked to be verbatim and dropped otherwise. 401 without a valid key, 403 for an inactive subscription, 429 past the daily quota, 503 without a language model.',
          body: verifyRequest,
          response: { 200: verifyResponse, 404: errorBody, ...errors },
        },
      },
      async (request, reply) => {
        return counted(deps, request.body.license_key, reply, () =>
          verifyReference(deps, request.body, request.log),
        );
      },
    );
    r.post(
      '/billing/find-support',
      {
        schema: {
          tags: TAGS,
          summary: 'Pro: decisions that support a legal statement, ranked',
          description:
            'Parses the statement (statute provisions, case citations, content words), searches decisions and has the language model score how well each supports it. Only supporting decisions are returned, with citation strings and verbatim-checked excerpts.',
          body: findSupportRequest,
          response: { 200: findSupportResponse, ...errors },
        },
      },
      async (request, reply) => {
        return counted(deps, request.body.license_key, reply, () =>
          findSupport(deps, request.body, request.log),
        );
      },
    );
  };
