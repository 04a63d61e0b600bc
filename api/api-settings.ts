import type { BillingProvider } from '../infra/billing/billing-provider.port.ts';
import type { RateLimitEnv } from '../infra/deploy/config.ts';
import type { Database } from '../infra/db/database.ts';
import type { EventLog } from '../infra/event-log/event-log.port.ts';
import type { LanguageModel } from '../infra/llm/language-model.port.ts';
import { TableRateLimitCounter } from '../infra/rate-limit/table-rate-limit-counter.ts';
import type { ApiDeps, BillingDeps, SecretValue } from './api-deps.ts';
import type { RateLimitSettings } from './rate-limit.ts';

/** The environment fields the API needs (a subset of the deployables' parsed config). */
export interface ApiEnvSubset extends RateLimitEnv {
  readonly HOST: string;
  readonly PORT: number;
  readonly BASE_PATH: string;
  readonly PUBLIC_BASE_URL?: string | undefined;
  readonly STALE_AFTER_HOURS: number;
  readonly MAX_SEARCH_RESPONSE_CHARS: number;
  readonly ALERT_WEBHOOK_TARGETS: 'public' | 'any';
  readonly BILLING_ADMIN_TOKEN?: SecretValue | undefined;
  readonly LICENSE_KEY_SECRET?: SecretValue | undefined;
  readonly BILLING_SUCCESS_URL?: string | undefined;
  readonly BILLING_CANCEL_URL?: string | undefined;
  readonly PRO_DAILY_QUOTA?: number | undefined;
  readonly LLM_DAILY_QUOTA?: number | undefined;
}

/** What the API needs of the opened infrastructure. */
export interface ApiInfra extends Pick<ApiDeps, 'db' | 'search' | 'claimJudge' | 'commentarySearch'> {
  readonly languageModel?: LanguageModel | null;
  readonly eventLog?: Pick<EventLog, 'append'>;
  readonly billingProvider?: BillingProvider | null;
}

/** What the composition root adds besides the read models. */
export type ApiWiring = Pick<ApiDeps, 'ready' | 'engineChecks' | 'projectionLag' | 'readModelState'>;

/** Billing dependencies when the provider and both secrets are configured; else undefined (503). */
function billingDepsFrom(env: ApiEnvSubset, infra: ApiInfra, publicBaseUrl: string): BillingDeps | undefined {
  if (!infra.billingProvider || !infra.eventLog || !env.LICENSE_KEY_SECRET || !env.BILLING_ADMIN_TOKEN)
    return undefined;
  return {
    provider: infra.billingProvider,
    eventLog: infra.eventLog,
    licenseKeySecret: env.LICENSE_KEY_SECRET,
    adminToken: env.BILLING_ADMIN_TOKEN,
    defaultSuccessUrl: env.BILLING_SUCCESS_URL ?? `${publicBaseUrl}/pro/welcome`,
    defaultCancelUrl: env.BILLING_CANCEL_URL ?? `${publicBaseUrl}/`,
    dailyQuota: env.PRO_DAILY_QUOTA ?? 25,
  };
}

/**
 * The rate limit of the configuration, or undefined when it is off (RATE_LIMIT=auto: off in
 * embedded mode). Outside embedded mode the counters live in the database, so every API instance
 * on it enforces one limit.
 */
export function rateLimitFrom(env: RateLimitEnv, db: Database): RateLimitSettings | undefined {
  const on = env.RATE_LIMIT === 'on' || (env.RATE_LIMIT === 'auto' && env.SERVICE_MODE !== 'embedded');
  if (!on) return undefined;
  return {
    perSecond: env.RATE_LIMIT_PER_SECOND,
    burst: env.RATE_LIMIT_BURST,
    counter: env.SERVICE_MODE === 'embedded' ? null : new TableRateLimitCounter(db),
  };
}

/** API dependencies from the parsed environment and the opened read models, with the real clock. */
export function apiDepsFrom(env: ApiEnvSubset, readModels: ApiInfra, wiring: ApiWiring = {}): ApiDeps {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://${host}:${env.PORT}${env.BASE_PATH}`;
  const billing = billingDepsFrom(env, readModels, publicBaseUrl);
  const rateLimit = rateLimitFrom(env, readModels.db);
  return {
    db: readModels.db,
    search: readModels.search,
    ...(readModels.commentarySearch ? { commentarySearch: readModels.commentarySearch } : {}),
    ...(readModels.claimJudge ? { claimJudge: readModels.claimJudge } : {}),
    ...(readModels.languageModel
      ? {
          languageModel: readModels.languageModel,
          llmQuota: { perDay: env.LLM_DAILY_QUOTA ?? 50, counter: new TableRateLimitCounter(readModels.db) },
        }
      : {}),
    settings: {
      basePath: env.BASE_PATH,
      publicBaseUrl,
      staleAfterHours: env.STALE_AFTER_HOURS,
      maxSearchResponseChars: env.MAX_SEARCH_RESPONSE_CHARS,
      webhookTargets: env.ALERT_WEBHOOK_TARGETS,
    },
    today: () => new Date().toISOString().slice(0, 10),
    now: () => new Date(),
    ...(billing ? { billing } : {}),
    ...wiring,
    ...(rateLimit ? { rateLimit } : {}),
  };
}
