import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../config/env.ts';
import { apiEnv } from '../deploy/config.ts';
import { billingProviderFrom } from './billing-settings.ts';

const FULL = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PRICE_ID: 'price_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  BILLING_ADMIN_TOKEN: 'a-dashboard-token-of-24-chars-or-more',
  LICENSE_KEY_SECRET: 'a-license-secret-of-at-least-32-characters',
};

describe('billing configuration', () => {
  it('is off when no billing setting is given', () => {
    expect(billingProviderFrom(parseEnv(apiEnv, {}))).toBeNull();
  });

  it('needs all five settings once one is given, naming the missing ones', () => {
    const { LICENSE_KEY_SECRET: _omit, STRIPE_WEBHOOK_SECRET: _too, ...partial } = FULL;
    expect(() => billingProviderFrom(parseEnv(apiEnv, partial))).toThrow(ConfigError);
    expect(() => billingProviderFrom(parseEnv(apiEnv, partial))).toThrow(
      /^STRIPE_WEBHOOK_SECRET, LICENSE_KEY_SECRET: required/,
    );
    expect(billingProviderFrom(parseEnv(apiEnv, FULL))).not.toBeNull();
  });

  it('refuses weak secrets and a malformed price id at start-up', () => {
    expect(() => parseEnv(apiEnv, { ...FULL, LICENSE_KEY_SECRET: 'short' })).toThrow(/LICENSE_KEY_SECRET/);
    expect(() => parseEnv(apiEnv, { ...FULL, BILLING_ADMIN_TOKEN: 'short' })).toThrow(/BILLING_ADMIN_TOKEN/);
    expect(() => parseEnv(apiEnv, { ...FULL, STRIPE_PRICE_ID: 'prod_1' })).toThrow(/STRIPE_PRICE_ID/);
  });

  it('keeps the secrets out of printed configuration and defaults the daily quota to 25', () => {
    const env = parseEnv(apiEnv, FULL);
    expect(env.PRO_DAILY_QUOTA).toBe(25);
    const printed = JSON.stringify(env);
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'BILLING_ADMIN_TOKEN',
      'LICENSE_KEY_SECRET',
    ] as const)
      expect(printed).not.toContain(FULL[name]);
    expect(env.LICENSE_KEY_SECRET?.reveal()).toBe(FULL.LICENSE_KEY_SECRET);
  });
});
