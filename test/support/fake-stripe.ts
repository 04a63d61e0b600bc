import type { ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { type RecordedRequest, startFakeHttp } from './fake-http.ts';

export const TEST_PRICE_ID = 'price_testPro5chf';
export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  locale: string | null;
  created: number;
  livemode: false;
}

export interface FakeStripe {
  /** Host, port and protocol for the SDK. */
  readonly host: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  readonly sessions: Map<string, FakeSession>;
  /** The form fields of a recorded request. */
  form(request: RecordedRequest): URLSearchParams;
  /** Marks a checkout paid and complete, as the hosted page does; returns its customer and subscription. */
  complete(sessionId: string): { customer: string; subscription: string };
  /** Answers every request with HTTP 500 while true. */
  failing: boolean;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' })
    .end(JSON.stringify(body));
}

const missing = (what: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
});

/**
 * A local server speaking the part of the Stripe API billing uses (checkout sessions, portal
 * sessions); records every request. The real SDK talks to it through `host`/`port`/`protocol`.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  let counter = 0;
  const state = { failing: false };
  const http = await startFakeHttp((request, res) => {
    if (state.failing) return send(res, 500, { error: { type: 'api_error', message: 'fake outage' } });
    const path = request.path.split('?')[0]!;
    const form = new URLSearchParams(request.body);
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      counter++;
      const id = `cs_test_${String(counter).padStart(4, '0')}abc`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: null,
        subscription: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        locale: form.get('locale'),
        created: 1_767_225_600 + counter,
        livemode: false,
      };
      sessions.set(id, session);
      return send(res, 200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      return session ? send(res, 200, session) : send(res, 404, missing('checkout.session'));
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer');
      if (!customer) return send(res, 400, { error: { type: 'invalid_request_error', message: 'customer' } });
      return send(res, 200, {
        id: `bps_${customer}`,
        object: 'billing_portal.session',
        customer,
        return_url: form.get('return_url'),
        url: `https://billing.stripe.test/p/session/${customer}`,
      });
    }
    return send(res, 404, missing(path));
  });
  const url = new URL(http.url);
  return {
    host: url.hostname,
    port: Number(url.port),
    requests: http.requests,
    sessions,
    form: (request) => new URLSearchParams(request.body),
    complete(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const n = sessionId.replace(/\D/g, '');
      session.status = 'complete';
      session.payment_status = 'paid';
      session.customer = `cus_test${n}`;
      session.subscription = `sub_test${n}`;
      return { customer: session.customer, subscription: session.subscription };
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: http.close,
  };
}

/** A Stripe event as the provider would send it (JSON text). */
export function stripeEvent(id: string, type: string, object: unknown, created: number): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** The Stripe-Signature header of a payload, as the provider computes it. */
export function signature(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
}

export interface SubscriptionShape {
  readonly id: string;
  readonly customer: string;
  readonly status: string;
  readonly created: number;
  readonly periodEnd: number;
  readonly cancelAtPeriodEnd?: boolean;
  readonly unitAmount?: number;
}

/** A subscription object of the current API version (the period sits on its items). */
export function subscriptionObject(s: SubscriptionShape): unknown {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    created: s.created,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    currency: 'chf',
    livemode: false,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: s.periodEnd - 30 * 86_400,
          current_period_end: s.periodEnd,
          price: {
            id: TEST_PRICE_ID,
            object: 'price',
            currency: 'chf',
            unit_amount: s.unitAmount ?? 500,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

export function checkoutObject(session: { id: string; customer: string; subscription: string }): unknown {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    customer: session.customer,
    subscription: session.subscription,
    created: 1_767_225_600,
    livemode: false,
  };
}

export function invoiceObject(i: {
  id: string;
  customer: string;
  subscription: string;
  paid: boolean;
}): unknown {
  return {
    id: i.id,
    object: 'invoice',
    customer: i.customer,
    currency: 'chf',
    amount_paid: i.paid ? 500 : 0,
    amount_due: 500,
    status: i.paid ? 'paid' : 'open',
    parent: { type: 'subscription_details', subscription_details: { subscription: i.subscription } },
  };
}
