import { describe, expect, it } from 'vitest';
import { LICENSE_KEY_PATTERN } from '../../contracts/billing/license-key-format.ts';
import { redactUrl } from '../../infra/deploy/logger.ts';
import { apiDepsFrom } from '../api-settings.ts';
import { statementQuery } from '../queries/pro-features.query.ts';
import { withSessionPlaceholder } from '../routes/billing.route.ts';
import { licenseKeyForSession, licenseKeyHash } from './license-keys.ts';

const SECRET = 'a-license-secret-of-at-least-32-characters';

describe('license keys', () => {
  it('are derived: the same session and secret give the same key, in the product format', () => {
    const key = licenseKeyForSession('cs_test_a1', SECRET);
    expect(key).toMatch(LICENSE_KEY_PATTERN);
    expect(licenseKeyForSession('cs_test_a1', SECRET)).toBe(key);
  });

  it('differ per session and per secret', () => {
    const keys = new Set([
      licenseKeyForSession('cs_test_a1', SECRET),
      licenseKeyForSession('cs_test_a2', SECRET),
      licenseKeyForSession('cs_test_a1', `${SECRET}x`),
    ]);
    expect(keys.size).toBe(3);
  });

  it('keep the fixed length even when the MAC starts with zero digits', () => {
    for (let i = 0; i < 500; i++)
      expect(licenseKeyForSession(`cs_${i}`, SECRET)).toMatch(LICENSE_KEY_PATTERN);
  });

  it('are stored as SHA-256 hex, which does not contain the key', () => {
    const key = licenseKeyForSession('cs_test_a1', SECRET);
    const hash = licenseKeyHash(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.slice(8, 20));
  });
});

describe('checkout success URL', () => {
  it.each([
    ['https://site.example/ok', 'https://site.example/ok?session_id={CHECKOUT_SESSION_ID}'],
    ['https://site.example/ok?a=1', 'https://site.example/ok?a=1&session_id={CHECKOUT_SESSION_ID}'],
    ['https://site.example/ok#done', 'https://site.example/ok?session_id={CHECKOUT_SESSION_ID}#done'],
    ['https://site.example/ok?s={CHECKOUT_SESSION_ID}', 'https://site.example/ok?s={CHECKOUT_SESSION_ID}'],
  ])('%s → %s', (input, expected) => {
    expect(withSessionPlaceholder(input)).toBe(expected);
  });
});

describe('log redaction of URLs', () => {
  it.each([
    ['/billing/validate?key=slr_pro_abc', '/billing/validate?key=[redacted]'],
    ['/billing/admin?token=t0k&x=1', '/billing/admin?token=[redacted]&x=1'],
    ['/billing/license-for-session?session_id=cs_1', '/billing/license-for-session?session_id=[redacted]'],
    ['/billing/portal?a=1&KEY=k#f', '/billing/portal?a=1&KEY=[redacted]#f'],
    ['/decisions?query=key', '/decisions?query=key'],
  ])('%s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});

describe('statement search', () => {
  it('searches the statute provisions a statement names and its content words', () => {
    const q = statementQuery(
      'Nach Art. 271 OR ist die Kündigung anfechtbar, wenn sie gegen Treu und Glauben verstösst.',
    );
    expect(q.statutes).toEqual(['Art. 271 OR']);
    expect(q.query?.kind).toBe('or');
    const children = q.query?.kind === 'or' ? q.query.children : [];
    expect(children[0]).toMatchObject({ kind: 'reference', refKind: 'statute' });
    const terms = children.filter((c) => c.kind === 'term').map((c) => (c.kind === 'term' ? c.text : ''));
    expect(terms).toEqual(expect.arrayContaining(['kündigung', 'anfechtbar', 'glauben']));
    expect(terms).not.toContain('die');
    expect(terms).not.toContain('271');
  });

  it('has nothing to search for in a statement of stop words', () => {
    expect(statementQuery('und die der').query).toBeNull();
  });
});

describe('billing dependencies from the configuration', () => {
  const env = {
    HOST: '127.0.0.1',
    PORT: 8080,
    BASE_PATH: '/api',
    STALE_AFTER_HOURS: 36,
    MAX_SEARCH_RESPONSE_CHARS: 1000,
    SERVICE_MODE: 'embedded' as const,
    RATE_LIMIT: 'off' as const,
    RATE_LIMIT_PER_SECOND: 5,
    RATE_LIMIT_BURST: 20,
    TRUST_PROXY: false,
    ALERT_WEBHOOK_TARGETS: 'public' as const,
    LICENSE_KEY_SECRET: { reveal: () => SECRET },
    BILLING_ADMIN_TOKEN: { reveal: () => 'a-dashboard-token-of-24-chars' },
  };
  const infra = {
    db: {} as never,
    search: {} as never,
    eventLog: { append: async () => {} },
    billingProvider: {} as never,
  };

  it('wires billing with the companion pages defaulting under the public base URL', () => {
    const deps = apiDepsFrom({ ...env, PRO_DAILY_QUOTA: 7 }, infra);
    expect(deps.billing).toMatchObject({
      defaultSuccessUrl: 'http://127.0.0.1:8080/api/pro/welcome',
      defaultCancelUrl: 'http://127.0.0.1:8080/api/',
      dailyQuota: 7,
    });
  });

  it('leaves billing out without a payment provider (its routes answer 503)', () => {
    expect(apiDepsFrom(env, { ...infra, billingProvider: null }).billing).toBeUndefined();
  });
});
