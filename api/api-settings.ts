import type { BillingProvider } from '../infra/billing/billing-provider.port.ts';
import type { EventLog } from '../infra/event-log/event-log.port.ts';
import type { ApiDeps, BillingDeps, SecretValue } from './api-deps.ts';

/** The environment fields the API needs (a subset of the deployables' parsed config). */
export interface ApiEnvSubset {
  readonly HOST: string;
  readonly PORT: number;
  readonly BASE_PATH: string;
  readonly PUBLIC_BASE_URL?: string | undefined;
  readonly STALE_AFTER_HOURS: number;
  readonly MAX_SEARCH_RESPONSE_CHARS: number;
  readonly BILLING_ADMIN_TOKEN?: SecretValue | undefined;
  readonly LICENSE_KEY_SECRET?: SecretValue | undefined;
  readonly BILLING_SUCCESS_URL?: string | undefined;
  readonly BILLING_CANCEL_URL?: string | undefined;
  readonly PRO_DAILY_QUOTA?: number | undefined;
}

/** What the API needs of the opened infrastructure. */
export interface ApiInfra extends Pick<ApiDeps, 'db' | 'search' | 'claimJudge'> {
  readonly eventLog?: Pick<EventLog, 'append'>;
  readonly billingProvider?: BillingProvider | null;
}

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

/** API dependencies from the parsed environment and the opened read models, with the real clock. */
export function apiDepsFrom(
  env: ApiEnvSubset,
  readModels: ApiInfra,
  ready?: () => Promise<boolean>,
): ApiDeps {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://${host}:${env.PORT}${env.BASE_PATH}`;
  const billing = billingDepsFrom(env, readModels, publicBaseUrl);
  return {
    db: readModels.db,
    search: readModels.search,
    ...(readModels.claimJudge ? { claimJudge: readModels.claimJudge } : {}),
    settings: {
      basePath: env.BASE_PATH,
      publicBaseUrl,
      staleAfterHours: env.STALE_AFTER_HOURS,
      maxSearchResponseChars: env.MAX_SEARCH_RESPONSE_CHARS,
    },
    today: () => new Date().toISOString().slice(0, 10),
    now: () => new Date(),
    ...(billing ? { billing } : {}),
    ...(ready ? { ready } : {}),
  };
}
