/**
 * Webhook faults: bad, tampered, stale and missing signatures record nothing; a replayed event is
 * stored once; any delivery order (with repeats) folds to the same license state; a crash between
 * append and projection converges on restart; the same event delivered to two API instances is
 * stored once; a rebuild from the log reproduces the read model exactly.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseKeyForSession } from '../api/billing/license-keys.ts';
import { rebuildProjection } from '../projector/rebuild.ts';
import { licensesProjection } from '../projector/licenses/licenses.projection.ts';
import { BillingStack, LICENSE_KEY_SECRET } from './support/billing-stack.ts';
import {
  checkoutObject,
  invoiceObject,
  signature,
  stripeEvent,
  subscriptionObject,
} from './support/fake-stripe.ts';

const t0 = Math.floor(Date.now() / 1000) - 3600;
const periodEnd = t0 + 30 * 86_400;
const customer = 'cus_order1';
const subscription = 'sub_order1';
const session = 'cs_test_order1';
const key = licenseKeyForSession(session, LICENSE_KEY_SECRET);

const sub = (
  id: string,
  type: string,
  status: string,
  at: number,
  extra: { cancelAtPeriodEnd?: boolean } = {},
) =>
  stripeEvent(
    id,
    type,
    subscriptionObject({ id: subscription, customer, status, created: t0, periodEnd, ...extra }),
    at,
  );

/** A subscription's life: checkout, created, a failed payment, recovery, cancellation at period end, deletion. */
const LIFE = [
  stripeEvent(
    'evt_o1',
    'checkout.session.completed',
    checkoutObject({ id: session, customer, subscription }),
    t0,
  ),
  sub('evt_o2', 'customer.subscription.created', 'incomplete', t0),
  stripeEvent(
    'evt_o3',
    'invoice.payment_failed',
    invoiceObject({ id: 'in_o1', customer, subscription, paid: false }),
    t0 + 10,
  ),
  sub('evt_o4', 'customer.subscription.updated', 'past_due', t0 + 10),
  stripeEvent(
    'evt_o5',
    'invoice.paid',
    invoiceObject({ id: 'in_o1', customer, subscription, paid: true }),
    t0 + 20,
  ),
  sub('evt_o6', 'customer.subscription.updated', 'active', t0 + 20),
  sub('evt_o7', 'customer.subscription.updated', 'active', t0 + 30, { cancelAtPeriodEnd: true }),
  sub('evt_o8', 'customer.subscription.deleted', 'canceled', t0 + 40),
];

async function readModel(stack: BillingStack) {
  const db = stack.db;
  return {
    licenses: await db.selectFrom('licenses').selectAll().orderBy('key_hash').execute(),
    subscriptions: await db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .orderBy('subscription_id')
      .execute(),
    invoices: await db.selectFrom('billing_invoices').selectAll().orderBy('invoice_id').execute(),
  };
}

const billingRows = (stack: BillingStack) =>
  stack.db.selectFrom('event_log').select(['event_id', 'key']).where('stream', '=', 'billing').execute();

async function validate(app: FastifyInstance) {
  return (await app.inject({ url: `/billing/validate?key=${key}` })).json<{
    valid: boolean;
    active: boolean;
    status: string | null;
  }>();
}

describe('webhook signatures', () => {
  let stack: BillingStack;
  let app: FastifyInstance;
  beforeAll(async () => {
    stack = await BillingStack.start();
    app = await stack.app();
  });
  afterAll(async () => stack?.close());

  it('refuses missing, wrong, tampered and stale signatures with 400 and records nothing', async () => {
    const payload = LIFE[0]!;
    const cases: [string, string, string | null][] = [
      ['missing', payload, null],
      ['empty', payload, ''],
      ['garbage', payload, 'not-a-signature'],
      ['wrong secret', payload, signature(payload, { secret: 'whsec_someone_else' })],
      ['tampered body', payload.replace(customer, 'cus_attacker'), signature(payload)],
      ['stale', payload, signature(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })],
      ['not JSON', 'not json at all', signature('not json at all')],
    ];
    for (const [label, body, header] of cases) {
      const res = await stack.webhook(app, body, header);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({ code: 'API_WEBHOOK_SIGNATURE' });
    }
    expect(await billingRows(stack)).toEqual([]);
  });

  it('acknowledges kinds billing does not act on without recording them', async () => {
    const res = await stack.webhook(
      app,
      stripeEvent('evt_other', 'customer.created', { id: customer, object: 'customer' }, t0),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, recorded: false });
    expect(await billingRows(stack)).toEqual([]);
  });

  it('stores a replayed event once', async () => {
    for (let i = 0; i < 3; i++) expect((await stack.webhook(app, LIFE[1]!)).statusCode).toBe(200);
    expect(await billingRows(stack)).toEqual([{ event_id: 'stripe:evt_o2', key: customer }]);
  });
});

describe('delivery order', () => {
  const orders: [string, number[]][] = [
    ['in order', [0, 1, 2, 3, 4, 5, 6, 7]],
    ['reversed', [7, 6, 5, 4, 3, 2, 1, 0]],
    ['shuffled with repeats', [3, 7, 0, 5, 5, 1, 7, 2, 6, 4, 0]],
  ];
  const states: unknown[] = [];

  it.each(orders)('folds the events delivered %s to the same state', async (_label, order) => {
    const stack = await BillingStack.start();
    try {
      const app = await stack.app();
      for (const i of order) expect((await stack.webhook(app, LIFE[i]!)).statusCode).toBe(200);
      await stack.settle();
      expect(await validate(app)).toMatchObject({ valid: true, active: false, status: 'canceled' });
      states.push(await readModel(stack));
    } finally {
      await stack.close();
    }
  });

  it('all orders converged', () => {
    expect(states).toHaveLength(orders.length);
    for (const s of states.slice(1)) expect(s).toEqual(states[0]);
    expect(states[0]).toMatchObject({
      invoices: [{ invoice_id: 'in_o1', paid: true, payment_failed: true, amount: 500 }],
      subscriptions: [{ status: 'canceled', deleted: true, cancel_at_period_end: false }],
      licenses: [{ customer_id: customer, subscription_id: subscription, paid: true }],
    });
  });

  it('the newest snapshot wins when a late update arrives after a newer one', async () => {
    const stack = await BillingStack.start();
    try {
      const app = await stack.app();
      for (const i of [0, 5, 3]) await stack.webhook(app, LIFE[i]!); // active (t+20) before past_due (t+10)
      await stack.settle();
      expect(await validate(app)).toMatchObject({ valid: true, active: true, status: 'active' });
    } finally {
      await stack.close();
    }
  });
});

describe('crashes, instances and rebuilds', () => {
  let stack: BillingStack;
  beforeAll(async () => {
    stack = await BillingStack.start();
  });
  afterAll(async () => stack?.close());

  it('converges after a crash between append and projection', async () => {
    const app = await stack.app();
    await stack.stopProjector();
    for (const payload of LIFE.slice(0, 2)) expect((await stack.webhook(app, payload)).statusCode).toBe(200);
    expect(await billingRows(stack)).toHaveLength(2);
    // Appended but not folded: the key is not known yet.
    expect(await validate(app)).toMatchObject({ valid: false });
    await stack.startProjector();
    await stack.settle();
    expect(await validate(app)).toMatchObject({ valid: true, status: 'incomplete', active: false });
  });

  it('stores an event delivered to two API instances at once only once', async () => {
    const one = await stack.app();
    const two = await stack.app();
    const payload = LIFE[5]!;
    const [a, b] = await Promise.all([stack.webhook(one, payload), stack.webhook(two, payload)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = (await billingRows(stack)).filter((r) => r.event_id === 'stripe:evt_o6');
    expect(rows).toHaveLength(1);
    await stack.settle();
    expect(await validate(one)).toMatchObject({ valid: true, active: true, status: 'active' });
    expect(await validate(two)).toMatchObject({ valid: true, active: true, status: 'active' });
  });

  it('rebuilds the licenses read model from the log exactly', async () => {
    const app = await stack.app();
    for (const payload of LIFE) await stack.webhook(app, payload);
    await stack.settle();
    const before = await readModel(stack);
    expect(before.subscriptions).toHaveLength(1);
    const result = await rebuildProjection(
      {
        db: stack.db,
        log: stack.log,
        now: () => new Date().toISOString(),
        logger: { info() {}, warn() {}, error() {} },
      },
      licensesProjection,
      { batchSize: 3 },
    );
    expect(result.generation).toBeGreaterThan(result.previous ?? 0);
    expect(await readModel(stack)).toEqual(before);
  });
});
