/**
 * Fuzzed query strings and bodies on all eight billing routes, billing configured and reachable
 * with a valid active key: hostile strings (NUL, lone surrogates, control characters, 100 kB
 * values, injection attempts) in every query parameter and body field, random strings, malformed
 * bodies and random webhook signatures. Properties: no 5xx; every 4xx has a JSON body; strings no
 * handler can use give a 422.
 */
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { ADMIN_TOKEN, BillingStack } from '../test/support/billing-stack.ts';
import { CITATION_CORPUS } from '../test/support/citation-corpus.ts';
import { decisionEvent } from '../test/support/decisions.ts';
import { verdictJson } from '../test/support/fake-openai.ts';
import { signature, stripeEvent } from '../test/support/fake-stripe.ts';
import {
  encodeLoosely,
  hasForbiddenControl,
  hasLoneSurrogate,
  HOSTILE_STRINGS,
  queryOf,
  randomHostileString,
  type RouteUnderTest,
  routesUnderTest,
  seededRandom,
} from '../test/support/hostile-input.ts';

const FUZZ_TIMEOUT_MS = 300_000;
const t0 = Math.floor(Date.now() / 1000) - 600;

let stack: BillingStack;
let app: FastifyInstance;
let routes: RouteUnderTest[];
let key: string;
let sessionId: string;

beforeAll(async () => {
  stack = await BillingStack.start(CITATION_CORPUS.map(decisionEvent));
  const registered: RouteOptions[] = [];
  const logger = await stack.app();
  const checkout = await logger.inject({ method: 'POST', url: '/billing/checkout' });
  sessionId = checkout.json<{ session_id: string }>().session_id;
  const ids = stack.stripe.complete(sessionId);
  key = await stack.subscriber(logger, { session: sessionId, ...ids }, 'active', t0);
  await stack.settle();
  stack.llm.behaviour = { kind: 'content', content: verdictJson({ supporting_excerpt: 'nicht im Text' }) };
  app = await buildApp(stack.deps({ dailyQuota: 1_000_000 }), {
    onRoute: (route) => registered.push(route),
  });
  await app.ready();
  routes = routesUnderTest(registered).filter((r) => r.url.startsWith('/billing/') && r.method !== 'OPTIONS');
});

afterAll(async () => {
  await app?.close();
  await stack?.close();
});

/** Benign values that reach each handler's work (a paid session, an active key, a known decision). */
function baseline(route: RouteUnderTest): { query: Record<string, string>; body?: Record<string, unknown> } {
  switch (route.url) {
    case '/billing/license-for-session':
      return { query: { session_id: sessionId } };
    case '/billing/validate':
    case '/billing/portal':
      return { query: { key } };
    case '/billing/admin':
      return { query: { token: ADMIN_TOKEN } };
    case '/billing/verify':
      return {
        query: {},
        body: { license_key: key, selected_text: 'Kündigung anfechtbar', case_ref: 'BGE 140 III 86' },
      };
    case '/billing/find-support':
      return { query: {}, body: { license_key: key, statement: 'Die Kündigung ist anfechtbar.' } };
    default:
      return { query: {} };
  }
}

function send(route: RouteUnderTest, query: string, body?: unknown): Promise<LightMyRequestResponse> {
  const url = query ? `${route.url}?${query}` : route.url;
  if (route.method !== 'POST') return app.inject({ method: 'GET', url });
  return app.inject({
    method: 'POST',
    url,
    ...(body === undefined
      ? {}
      : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
}

function problemsOf(label: string, res: LightMyRequestResponse, mustRefuse: boolean): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400) {
    try {
      JSON.parse(res.body);
    } catch {
      problems.push(`${label}: ${res.statusCode} body is not JSON`);
    }
  }
  if (mustRefuse && res.statusCode !== 422 && res.statusCode !== 400)
    problems.push(`${label}: expected a refusal, got ${res.statusCode}`);
  return problems;
}

const unusable = (value: string) => hasLoneSurrogate(value) || hasForbiddenControl(value, true);

describe('hostile input on the billing routes', () => {
  it('covers all eight routes and reaches their handlers with the baseline', async () => {
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /billing/admin',
      'GET /billing/license-for-session',
      'GET /billing/validate',
      'POST /billing/checkout',
      'POST /billing/find-support',
      'POST /billing/portal',
      'POST /billing/verify',
      'POST /billing/webhook',
    ]);
    for (const route of routes.filter((r) => r.url !== '/billing/webhook')) {
      const base = baseline(route);
      const res = await send(route, queryOf(base.query), base.body);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(200);
    }
  });

  it(
    'answers hostile query-string parameters and body fields without a 5xx',
    async () => {
      const problems: string[] = [];
      const random = seededRandom(20261125);
      const values = [...HOSTILE_STRINGS, ...Array.from({ length: 15 }, () => randomHostileString(random))];
      for (const route of routes.filter((r) => r.url !== '/billing/webhook')) {
        const base = baseline(route);
        const names = [...Object.keys(route.query?.shape ?? {}), 'unknown_parameter'];
        for (const name of names) {
          for (const value of values) {
            const label = `${route.method} ${route.url} query ${name}=${JSON.stringify(value.slice(0, 30))}`;
            const res = await send(route, queryOf(base.query, { [name]: encodeLoosely(value) }), base.body);
            problems.push(...problemsOf(label, res, unusable(value)));
          }
        }
        for (const name of Object.keys(route.body?.shape ?? {})) {
          for (const value of [...values, 12, null, true, [], {}, ['x']] as unknown[]) {
            const label = `${route.method} ${route.url} body ${name}=${JSON.stringify(value)?.slice(0, 30)}`;
            const res = await send(route, queryOf(base.query), { ...base.body, [name]: value });
            problems.push(...problemsOf(label, res, typeof value === 'string' && unusable(value)));
          }
        }
        if (route.method === 'POST') {
          for (const raw of ['', '{', '[]', 'null', '"x"', '{"license_key":{"$ne":null}}']) {
            const res = await app.inject({
              method: 'POST',
              url: route.url,
              payload: raw,
              headers: { 'content-type': 'application/json' },
            });
            problems.push(...problemsOf(`${route.url} raw ${raw}`, res, false));
          }
        }
      }
      expect(problems).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers hostile webhook bodies and signatures with 400, recording nothing',
    async () => {
      const before = await stack.db
        .selectFrom('event_log')
        .select('event_id')
        .where('stream', '=', 'billing')
        .execute();
      const random = seededRandom(7);
      const problems: string[] = [];
      const bodies = [
        ...HOSTILE_STRINGS,
        '{}',
        '[]',
        '{"type":"invoice.paid"}',
        ...Array.from({ length: 10 }, () => randomHostileString(random)),
      ];
      for (const body of bodies) {
        for (const header of [randomHostileString(random), `t=${t0},v1=${'0'.repeat(64)}`, signature('{}')]) {
          const res = await app.inject({
            method: 'POST',
            url: '/billing/webhook',
            payload: body,
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
          });
          if (res.statusCode !== 400 && res.statusCode !== 422)
            problems.push(
              `webhook ${JSON.stringify(body.slice(0, 20))}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
      expect(problems).toEqual([]);
      const after = await stack.db
        .selectFrom('event_log')
        .select('event_id')
        .where('stream', '=', 'billing')
        .execute();
      expect(after.length).toBe(before.length);
      // Signed but not shaped like the events they name: refused or recorded as what they say, never a 5xx.
      for (const object of [
        null,
        'x',
        12,
        {},
        { id: 'sub_x', customer: 'cus_x', status: 'active' },
        { items: 'x' },
      ]) {
        for (const type of ['customer.subscription.updated', 'invoice.paid', 'checkout.session.completed']) {
          const payload = stripeEvent(`evt_bad_${problems.length}`, type, object, t0);
          const res = await stack.webhook(app, payload);
          if (res.statusCode >= 500)
            problems.push(`signed ${type} ${JSON.stringify(object)}: ${res.statusCode}`);
        }
      }
      expect(problems).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );
});
