/**
 * The Pro subscription end to end: the real Stripe SDK against a local fake Stripe server, signed
 * webhooks, the billing stream folded by the real projector, and the Pro features with the real
 * openai client against a local fake model. Checkout → webhook → license-for-session → validate
 * → verify / find-support → cancel → validate inactive; then no table and no log line holds a
 * plain license key, secret or token.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_KEY_PATTERN } from '../contracts/billing/license-key-format.ts';
import { ADMIN_TOKEN, BillingStack, SECRETS } from '../test/support/billing-stack.ts';
import { CITATION_CORPUS, QUOTES } from '../test/support/citation-corpus.ts';
import { decisionEvent } from '../test/support/decisions.ts';
import { verdictJson } from '../test/support/fake-openai.ts';
import {
  checkoutObject,
  invoiceObject,
  stripeEvent,
  subscriptionObject,
  TEST_PRICE_ID,
} from '../test/support/fake-stripe.ts';

let stack: BillingStack;
let app: FastifyInstance;
const now = Math.floor(Date.now() / 1000);
const periodEnd = now + 30 * 86_400;

beforeAll(async () => {
  stack = await BillingStack.start(CITATION_CORPUS.map(decisionEvent));
  app = await stack.app();
});

afterAll(async () => {
  await stack?.close();
});

const post = (url: string, payload?: unknown) =>
  app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('the Pro subscription, checkout to cancellation', () => {
  let sessionId = '';
  let customer = '';
  let subscription = '';
  let key = '';

  it('creates a subscription checkout for the price, with the session placeholder in the success URL', async () => {
    const res = await post(
      '/billing/checkout?locale=fr&success_url=https%3A%2F%2Fsite.example%2Fthanks%3Fplan%3Dpro&cancel_url=https%3A%2F%2Fsite.example%2F',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ url: string; session_id: string }>();
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    sessionId = body.session_id;
    const request = stack.stripe.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toMatch(/^Bearer sk_test_/);
    const form = stack.stripe.form(request);
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price]')).toBe(TEST_PRICE_ID);
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('success_url')).toBe(
      'https://site.example/thanks?plan=pro&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('cancel_url')).toBe('https://site.example/');
    expect(form.get('locale')).toBe('fr');
  });

  it('uses the configured pages when the caller names none, and refuses a bad locale or URL', async () => {
    expect((await post('/billing/checkout')).statusCode).toBe(200);
    const form = stack.stripe.form(stack.stripe.requests.at(-1)!);
    expect(form.get('success_url')).toBe('https://site.example/pro/welcome?session_id={CHECKOUT_SESSION_ID}');
    expect(form.get('cancel_url')).toBe('https://site.example/');
    expect(form.has('locale')).toBe(false);
    expect((await post('/billing/checkout?locale=es')).statusCode).toBe(422);
    expect((await post('/billing/checkout?success_url=javascript%3Aalert(1)')).statusCode).toBe(422);
  });

  it('issues no key for an unpaid or unknown session', async () => {
    const unpaid = await app.inject({ url: `/billing/license-for-session?session_id=${sessionId}` });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.body).not.toMatch(/slr_pro_/);
    const unknown = await app.inject({ url: '/billing/license-for-session?session_id=cs_test_unknown' });
    expect(unknown.statusCode).toBe(404);
    expect((await app.inject({ url: '/billing/license-for-session' })).statusCode).toBe(422);
  });

  it('records the signed webhooks of the completed checkout', async () => {
    ({ customer, subscription } = stack.stripe.complete(sessionId));
    const events = [
      stripeEvent(
        'evt_checkout_1',
        'checkout.session.completed',
        checkoutObject({ id: sessionId, customer, subscription }),
        now,
      ),
      stripeEvent(
        'evt_sub_created_1',
        'customer.subscription.created',
        subscriptionObject({ id: subscription, customer, status: 'active', created: now, periodEnd }),
        now,
      ),
      stripeEvent(
        'evt_invoice_1',
        'invoice.paid',
        invoiceObject({ id: 'in_1', customer, subscription, paid: true }),
        now,
      ),
    ];
    for (const payload of events) {
      const res = await stack.webhook(app, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, recorded: true });
    }
    const stored = await stack.db
      .selectFrom('event_log')
      .select(['stream', 'key', 'type'])
      .where('stream', '=', 'billing')
      .execute();
    expect(stored).toEqual(
      events.map(() => ({ stream: 'billing', key: customer, type: 'BillingEventReceived' })),
    );
    await stack.settle();
  });

  it('returns the same license key for the same paid session, every time', async () => {
    const first = await app.inject({ url: `/billing/license-for-session?session_id=${sessionId}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    key = first.json<{ license_key: string }>().license_key;
    expect(key).toMatch(LICENSE_KEY_PATTERN);
    const second = await app.inject({ url: `/billing/license-for-session?session_id=${sessionId}` });
    expect(second.json()).toEqual({ license_key: key, plan: 'pro' });
  });

  it('validates the key: valid, active, with its period end and plan', async () => {
    await stack.settle();
    const res = await app.inject({ url: `/billing/validate?key=${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      active: true,
      status: 'active',
      current_period_end: new Date(periodEnd * 1000).toISOString(),
      cancel_at_period_end: false,
      plan: 'pro',
    });
    const unknown = await app.inject({ url: `/billing/validate?key=slr_pro_${'A'.repeat(43)}` });
    expect(unknown.json()).toMatchObject({ valid: false, active: false, status: null, plan: null });
    expect((await app.inject({ url: '/billing/validate?key=not-a-key' })).statusCode).toBe(422);
    expect((await app.inject({ url: '/billing/validate' })).statusCode).toBe(422);
  });

  it("opens the customer portal for the key's customer", async () => {
    const res = await post(`/billing/portal?key=${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `https://billing.stripe.test/p/session/${customer}` });
    const form = stack.stripe.form(stack.stripe.requests.at(-1)!);
    expect(form.get('customer')).toBe(customer);
    expect(form.get('return_url')).toBe('https://site.example/');
    expect((await post(`/billing/portal?key=slr_pro_${'B'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('verifies a reference with the language model, keeping verbatim excerpts only', async () => {
    stack.llm.behaviour = {
      kind: 'content',
      content: verdictJson({
        supports: 'yes',
        confidence: 0.9,
        supporting_excerpt: QUOTES.bge2_1,
        qualifying_excerpt: 'Ein erfundener Satz, der nicht im Entscheid steht.',
        reasoning: 'The decision states it.',
      }),
    };
    const res = await post('/billing/verify', {
      license_key: key,
      selected_text: 'Eine Kündigung gegen Treu und Glauben ist anfechtbar.',
      case_ref: 'BGE 140 III 86',
      lang: 'fr',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      case_ref: 'BGE 140 III 86',
      decision_id: 'bge_BGE_140_III_86',
      title: 'Mietrecht; Anfechtung der Kündigung',
      judge: 'llm:fake-judge',
      supports: 'yes',
      supporting_excerpt: QUOTES.bge2_1,
      qualifying_excerpt: null,
      excerpts_dropped: ['qualifying_excerpt'],
      citation_string: 'ATF 140 III 86',
      citation_string_de: 'BGE 140 III 86',
    });
    const prompt = (stack.llm.requests.at(-1) as { messages: { content: string }[] }).messages[1]!.content;
    expect(prompt).toContain('Eine Kündigung gegen Treu und Glauben ist anfechtbar.');
    const unknownCase = await post('/billing/verify', {
      license_key: key,
      selected_text: 'x',
      case_ref: 'BGE 999 III 1',
    });
    expect(unknownCase.statusCode).toBe(404);
  });

  it('finds decisions that support a statement, ranked, with citation strings and verified excerpts', async () => {
    stack.llm.behaviour = {
      kind: 'content',
      content: verdictJson({ supports: 'yes', confidence: 0.8, supporting_excerpt: QUOTES.bge2_1 }),
    };
    const before = stack.llm.requests.length;
    const res = await post('/billing/find-support', {
      license_key: key,
      statement: 'Nach Art. 271 OR ist die Kündigung anfechtbar, wenn sie gegen Treu und Glauben verstösst.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      query: string;
      statutes: string[];
      results: {
        decision_id: string;
        score: number;
        supporting_excerpt: string | null;
        citation_string: string;
      }[];
    }>();
    expect(body.statutes).toEqual(['Art. 271 OR']);
    expect(body.query).toContain('Kündigung'.toLowerCase());
    expect(body.results.length).toBeGreaterThan(0);
    expect(stack.llm.requests.length - before).toBe(body.results.length);
    const bge = body.results.find((r) => r.decision_id === 'bge_BGE_140_III_86');
    expect(bge).toMatchObject({
      score: 0.8,
      supporting_excerpt: QUOTES.bge2_1,
      citation_string: 'BGE 140 III 86',
    });
    // An excerpt that is not in a decision is never shown as that decision's.
    for (const r of body.results.filter((x) => x.decision_id !== 'bge_BGE_140_III_86'))
      expect(r.supporting_excerpt).toBeNull();
    const scores = body.results.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('answers 503 when the model fails, never a made-up verdict', async () => {
    stack.llm.behaviour = { kind: 'status', status: 500 };
    const res = await post('/billing/verify', {
      license_key: key,
      selected_text: 'x',
      case_ref: 'BGE 140 III 86',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).not.toHaveProperty('supports');
  });

  it('reports subscriber figures only for the dashboard token', async () => {
    for (const url of ['/billing/admin', '/billing/admin?token=', '/billing/admin?token=wrong-token']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body, url).not.toMatch(/mrr|subscribers/);
    }
    const res = await app.inject({ url: `/billing/admin?token=${ADMIN_TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subscribers: { active: 1, trialing: 0, past_due: 0, canceled: 0, other: 0 },
      mrr_chf: 5,
      licenses_issued: 1,
      failed_invoices_open: 0,
      signups_per_month: [{ month: new Date(now * 1000).toISOString().slice(0, 7), signups: 1 }],
    });
  });

  it('turns the key inactive when the subscription is canceled, and refuses Pro calls (403)', async () => {
    const res = await stack.webhook(
      app,
      stripeEvent(
        'evt_sub_deleted_1',
        'customer.subscription.deleted',
        subscriptionObject({ id: subscription, customer, status: 'canceled', created: now, periodEnd }),
        now + 60,
      ),
    );
    expect(res.statusCode).toBe(200);
    await stack.settle();
    const validate = await app.inject({ url: `/billing/validate?key=${key}` });
    expect(validate.json()).toMatchObject({ valid: true, active: false, status: 'canceled' });
    const verify = await post('/billing/verify', {
      license_key: key,
      selected_text: 'x',
      case_ref: 'BGE 140 III 86',
    });
    expect(verify.statusCode).toBe(403);
    const admin = await app.inject({ url: `/billing/admin?token=${ADMIN_TOKEN}` });
    expect(admin.json()).toMatchObject({
      subscribers: { active: 0, canceled: 1 },
      mrr_chf: 0,
    });
  });

  it('keeps every plain key, secret and token out of every table and log line', async () => {
    const tables = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
    `.execute(stack.db);
    expect(tables.rows.map((t) => t.name)).toEqual(
      expect.arrayContaining(['licenses', 'billing_subscriptions', 'event_log']),
    );
    let dump = '';
    for (const t of tables.rows) {
      const rows = await sql`select * from ${sql.id(t.schema, t.name)}`.execute(stack.db);
      dump += JSON.stringify(rows.rows);
    }
    expect(dump).toContain(customer);
    const logs = stack.logLines.join('\n');
    expect(logs).toContain('billing event recorded');
    expect(logs).toContain('/billing/validate?key=[redacted]');
    expect(logs).toContain('/billing/admin?token=[redacted]');
    for (const secret of [key, ...SECRETS]) {
      expect(dump.includes(secret), `table holds ${secret.slice(0, 8)}…`).toBe(false);
      expect(logs.includes(secret), `log holds ${secret.slice(0, 8)}…`).toBe(false);
    }
    expect(dump).not.toMatch(/slr_pro_[0-9A-Za-z]{43}/);
    expect(logs).not.toMatch(/slr_pro_[0-9A-Za-z]{43}/);
  });
});
