/**
 * Who may use billing: without billing configuration every billing route answers 503 (research
 * routes unaffected); Pro calls need a well-formed, known (401), active (403) key, a language model
 * (503) and quota left today (429 with Retry-After); a payment-provider outage is a 503, not a 500.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BillingStack } from '../test/support/billing-stack.ts';
import { CITATION_CORPUS } from '../test/support/citation-corpus.ts';
import { decisionEvent } from '../test/support/decisions.ts';
import { verdictJson } from '../test/support/fake-openai.ts';
import { appOver } from '../test/support/read-models.ts';

const t0 = Math.floor(Date.now() / 1000) - 600;

/** A paid checkout and a subscription in `status`; returns the license key. */
const subscriber = (stack: BillingStack, app: FastifyInstance, n: number, status: string) =>
  stack.subscriber(
    app,
    { session: `cs_test_acc${n}`, customer: `cus_acc${n}`, subscription: `sub_acc${n}` },
    status,
    t0,
  );

let stack: BillingStack;
let app: FastifyInstance;
let active: string;
let pastDue: string;

beforeAll(async () => {
  stack = await BillingStack.start(CITATION_CORPUS.map(decisionEvent));
  app = await stack.app();
  active = await subscriber(stack, app, 1, 'active');
  pastDue = await subscriber(stack, app, 2, 'past_due');
  await stack.settle();
  stack.llm.behaviour = { kind: 'content', content: verdictJson() };
});

afterAll(async () => stack?.close());

const verify = (target: FastifyInstance, body: Record<string, unknown>) =>
  target.inject({
    method: 'POST',
    url: '/billing/verify',
    payload: { selected_text: 'Die Kündigung ist anfechtbar.', case_ref: 'BGE 140 III 86', ...body },
  });

describe('without billing configuration', () => {
  it('answers 503 with a JSON body on every billing route and leaves research routes alone', async () => {
    const plain = await appOver(stack.loaded);
    try {
      const routes: ['GET' | 'POST', string][] = [
        ['POST', '/billing/checkout'],
        ['GET', '/billing/license-for-session?session_id=cs_test_1'],
        ['GET', '/billing/validate?key=x'],
        ['POST', '/billing/portal?key=x'],
        ['POST', '/billing/webhook'],
        ['GET', '/billing/admin?token=x'],
        ['POST', '/billing/verify'],
        ['POST', '/billing/find-support'],
      ];
      for (const [method, url] of routes) {
        const res = await plain.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toEqual({
          detail: 'Billing is not configured on this server; the Pro subscription is not available.',
          code: 'API_BILLING_NOT_CONFIGURED',
        });
      }
      expect((await plain.inject({ url: '/decisions/bge_BGE_140_III_86' })).statusCode).toBe(200);
      const openapi = (await plain.inject({ url: '/openapi.json' })).json<{
        paths: Record<string, unknown>;
      }>();
      expect(Object.keys(openapi.paths)).toEqual(
        expect.arrayContaining([
          '/billing/checkout',
          '/billing/validate',
          '/billing/verify',
          '/billing/find-support',
        ]),
      );
    } finally {
      await plain.close();
    }
  });
});

describe('Pro access', () => {
  it('needs a well-formed, known key (401) of an active subscription (403)', async () => {
    for (const body of [
      {},
      { license_key: '' },
      { license_key: 'abc' },
      { license_key: `slr_pro_${'Z'.repeat(43)}` },
    ]) {
      const res = await verify(app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
    }
    const inactive = await verify(app, { license_key: pastDue });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ code: 'API_LICENSE_INACTIVE' });
    expect((await verify(app, { license_key: active })).statusCode).toBe(200);
  });

  it('answers 503 without a language model, never a verdict', async () => {
    const noModel = await stack.app({ noModel: true });
    for (const url of ['/billing/verify', '/billing/find-support']) {
      const res = await noModel.inject({
        method: 'POST',
        url,
        payload: {
          license_key: active,
          selected_text: 'x',
          case_ref: 'BGE 140 III 86',
          statement: 'Kündigung',
        },
      });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toMatchObject({ code: 'API_MODEL_NOT_CONFIGURED' });
    }
  });

  it('counts calls per key and UTC day across instances: 429 with Retry-After past the quota', async () => {
    const key = await subscriber(stack, app, 3, 'trialing');
    await stack.settle();
    const one = await stack.app({ dailyQuota: 3 });
    const two = await stack.app({ dailyQuota: 3 });
    expect((await verify(one, { license_key: key })).statusCode).toBe(200);
    expect((await verify(two, { license_key: key })).statusCode).toBe(200);
    expect((await verify(one, { license_key: key })).statusCode).toBe(200);
    const over = await verify(two, { license_key: key });
    expect(over.statusCode).toBe(429);
    // The fixed clock reads 12:00 UTC: the quota renews in twelve hours.
    expect(over.headers['retry-after']).toBe('43200');
    // A call that gives no answer (an unknown case) does not use up quota.
    const other = await subscriber(stack, app, 4, 'active');
    await stack.settle();
    expect((await verify(one, { license_key: other, case_ref: 'BGE 999 III 1' })).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await verify(two, { license_key: other })).statusCode).toBe(200);
    expect((await verify(one, { license_key: other })).statusCode).toBe(429);
    const nextDay = await stack.app({ dailyQuota: 3, now: () => new Date('2026-01-16T00:00:01.000Z') });
    expect((await verify(nextDay, { license_key: key })).statusCode).toBe(200);
    const usage = await stack.db
      .selectFrom('billing_usage')
      .select(['day', 'calls'])
      .orderBy('day')
      .execute();
    expect(usage.filter((u) => u.calls === 3)).toHaveLength(2);
  });

  it('answers 503 with Retry-After when the payment provider is down', async () => {
    stack.stripe.failing = true;
    try {
      const res = await app.inject({ method: 'POST', url: '/billing/checkout' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toMatchObject({ code: 'API_BILLING_PROVIDER_UNAVAILABLE' });
      const admin = await app.inject({ url: `/billing/admin?token=${ADMIN_TOKEN}` });
      expect(admin.statusCode).toBe(200);
    } finally {
      stack.stripe.failing = false;
    }
  });
});
