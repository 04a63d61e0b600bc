import { ConfigError } from '../config/env.ts';
import type { BillingProvider } from './billing-provider.port.ts';
import { StripeBilling } from './stripe-billing.ts';

export interface BillingProviderSettings {
  readonly STRIPE_SECRET_KEY?: { reveal(): string } | undefined;
  readonly STRIPE_PRICE_ID?: string | undefined;
  readonly STRIPE_WEBHOOK_SECRET?: { reveal(): string } | undefined;
  readonly BILLING_ADMIN_TOKEN?: unknown;
  readonly LICENSE_KEY_SECRET?: unknown;
  readonly STRIPE_WEBHOOK_TOLERANCE_SECONDS?: number | undefined;
  readonly STRIPE_API_URL?: string | undefined;
}

const REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PRICE_ID',
  'STRIPE_WEBHOOK_SECRET',
  'BILLING_ADMIN_TOKEN',
  'LICENSE_KEY_SECRET',
] as const;

/**
 * The payment provider of the configuration, or null when billing is not configured at all. A
 * partial configuration is refused at start-up, naming what is missing: half a billing set-up
 * would sell subscriptions whose keys cannot be checked.
 */
export function billingProviderFrom(settings: BillingProviderSettings): BillingProvider | null {
  const missing = REQUIRED.filter((name) => settings[name] === undefined);
  if (missing.length === REQUIRED.length) return null;
  if (missing.length > 0)
    throw new ConfigError(
      `${missing.join(', ')}: required when any billing setting (${REQUIRED.join(', ')}) is set`,
    );
  const api = settings.STRIPE_API_URL ? new URL(settings.STRIPE_API_URL) : null;
  return new StripeBilling({
    secretKey: settings.STRIPE_SECRET_KEY!.reveal(),
    priceId: settings.STRIPE_PRICE_ID!,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET!.reveal(),
    toleranceSeconds: settings.STRIPE_WEBHOOK_TOLERANCE_SECONDS ?? 300,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}
