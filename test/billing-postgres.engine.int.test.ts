/**
 * The billing read model on a real PostgreSQL server: the webhooks of a subscription's life, in
 * two delivery orders, fold to the same state; validate, admin figures and the daily quota read
 * it as on the embedded database (timestamps come back as dates, counts as numbers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeDailyCall, refundDailyCall } from '../api/queries/licenses.query.ts';
import { ADMIN_TOKEN, BillingStack } from './support/billing-stack.ts';
import { postgresTestUrl } from './support/engines.ts';
import { invoiceObject, stripeEvent, subscriptionObject } from './support/fake-stripe.ts';

const url = await postgresTestUrl();
const t0 = Math.floor(Date.now() / 1000) - 3600;
const periodEnd = t0 + 30 * 86_400;

function life(n: number) {
  const [customer, subscription] = [`cus_pg${n}`, `sub_pg${n}`];
  const sub = (id: string, type: string, status: string, at: number) =>
    stripeEvent(
      id,
      type,
      subscriptionObject({ id: subscription, customer, status, created: t0, periodEnd }),
      at,
    );
  return {
    ids: { session: `cs_test_pg${n}`, customer, subscription },
    events: [
      sub(`evt_pg${n}_1`, 'customer.subscription.updated', 'past_due', t0 + 10),
      stripeEvent(
        `evt_pg${n}_2`,
        'invoice.paid',
        invoiceObject({ id: `in_pg${n}`, customer, subscription, paid: true }),
        t0 + 20,
      ),
      sub(`evt_pg${n}_3`, 'customer.subscription.updated', 'active', t0 + 20),
    ],
  };
}

describe.skipIf(url === null)('billing on PostgreSQL', () => {
  let stack: BillingStack;
  beforeAll(async () => {
    stack = await BillingStack.start([], { postgresUrl: url! });
  });
  afterAll(async () => stack?.close());

  it('folds any delivery order to the same state and serves it', async () => {
    const app = await stack.app();
    const forward = life(1);
    const backward = life(2);
    const key1 = await stack.subscriber(app, forward.ids, 'incomplete', t0);
    const key2 = await stack.subscriber(app, backward.ids, 'incomplete', t0);
    for (const payload of forward.events) expect((await stack.webhook(app, payload)).statusCode).toBe(200);
    for (const payload of [...backward.events].reverse()) await stack.webhook(app, payload);
    await stack.webhook(app, backward.events[0]!);
    await stack.settle();
    const rows = await stack.db
      .selectFrom('billing_subscriptions')
      .select(['status', 'current_period_end', 'event_order'])
      .orderBy('subscription_id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['active', 'active']);
    for (const key of [key1, key2]) {
      const res = await app.inject({ url: `/billing/validate?key=${key}` });
      expect(res.json()).toEqual({
        valid: true,
        active: true,
        status: 'active',
        current_period_end: new Date(periodEnd * 1000).toISOString(),
        cancel_at_period_end: false,
        plan: 'pro',
      });
    }
    const admin = await app.inject({ url: `/billing/admin?token=${ADMIN_TOKEN}` });
    expect(admin.json()).toEqual({
      subscribers: { active: 2, trialing: 0, past_due: 0, canceled: 0, other: 0 },
      mrr_chf: 10,
      licenses_issued: 2,
      failed_invoices_open: 0,
      signups_per_month: [{ month: new Date(t0 * 1000).toISOString().slice(0, 7), signups: 2 }],
    });
  });

  it('counts the daily quota atomically under concurrent calls', async () => {
    const calls = await Promise.all(
      Array.from({ length: 12 }, () => consumeDailyCall(stack.db, 'a'.repeat(64), '2026-01-15', 5)),
    );
    expect(calls.filter(Boolean)).toHaveLength(5);
    await refundDailyCall(stack.db, 'a'.repeat(64), '2026-01-15');
    expect(await consumeDailyCall(stack.db, 'a'.repeat(64), '2026-01-15', 5)).toBe(true);
    expect(await consumeDailyCall(stack.db, 'a'.repeat(64), '2026-01-15', 5)).toBe(false);
  });
});
