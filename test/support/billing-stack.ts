import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiDeps } from '../../api/api-deps.ts';
import { buildApp } from '../../api/app.ts';
import { StripeBilling } from '../../infra/billing/stripe-billing.ts';
import { Secret } from '../../infra/deploy/config.ts';
import { createLogger } from '../../infra/deploy/logger.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { OpenAiClaimJudge } from '../../infra/llm/openai-claim-judge.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';
import { startFakeChatServer, type FakeChatServer } from './fake-openai.ts';
import { licenseKeyForSession } from '../../api/billing/license-keys.ts';
import {
  checkoutObject,
  signature,
  startFakeStripe,
  stripeEvent,
  subscriptionObject,
  TEST_PRICE_ID,
  TEST_WEBHOOK_SECRET,
  type FakeStripe,
} from './fake-stripe.ts';
import { openTestDatabase } from './engines.ts';
import { loadReadModels, TEST_PUBLIC_BASE, type LoadedReadModels } from './read-models.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';

export const STRIPE_SECRET_KEY = 'sk_test_fakeStripeSecretKey0123456789';
export const LICENSE_KEY_SECRET = 'license-secret-for-tests-0123456789abcdef';
export const ADMIN_TOKEN = 'dashboard-token-for-tests-0123456789';
/** Every secret of the configuration: none may appear in a table or a log line. */
export const SECRETS = [STRIPE_SECRET_KEY, LICENSE_KEY_SECRET, ADMIN_TOKEN, TEST_WEBHOOK_SECRET];

const silent = { info() {}, warn() {}, error() {} };

export interface AppOptions {
  readonly dailyQuota?: number;
  /** Without a language model (the lexical judge only). */
  readonly noModel?: boolean;
  readonly now?: () => Date;
}

/**
 * The API with billing configured over one database: decisions loaded by the real projections,
 * the table event log, a projector host folding the billing stream, the real Stripe SDK against a
 * local fake Stripe server and the real openai client against a local fake model. Log lines of
 * every app are collected.
 */
export class BillingStack {
  readonly logLines: string[] = [];
  private projector: ProjectorHost | null = null;
  private readonly apps: FastifyInstance[] = [];

  private constructor(
    readonly loaded: LoadedReadModels,
    readonly log: TableEventLog,
    readonly stripe: FakeStripe,
    readonly llm: FakeChatServer,
  ) {}

  /**
   * Over in-memory PGlite with `decisions` loaded, or, given `postgresUrl`, over a fresh schema of
   * that PostgreSQL server (empty read models).
   */
  static async start(
    decisions: readonly OutgoingEvent[] = [],
    options: { postgresUrl?: string } = {},
  ): Promise<BillingStack> {
    let loaded: LoadedReadModels;
    if (options.postgresUrl) {
      const handle = await openTestDatabase('postgres', options.postgresUrl);
      loaded = { handle, search: new PostgresSearchIndex(handle.db) };
    } else loaded = await loadReadModels(decisions);
    const stack = new BillingStack(
      loaded,
      new TableEventLog(loaded.handle.db, { pollIntervalMs: 10 }),
      await startFakeStripe(),
      await startFakeChatServer(),
    );
    await stack.startProjector();
    return stack;
  }

  get db() {
    return this.loaded.handle.db;
  }

  /** Starts folding the log into the read models (again, after `stopProjector`: a restart). */
  async startProjector(): Promise<void> {
    if (this.projector) return;
    this.projector = new ProjectorHost(
      { db: this.db, log: this.log, now: () => new Date().toISOString(), logger: silent },
      allProjections({ writer: this.loaded.search }),
      { batchSize: 50, watchIntervalMs: 0 },
    );
    await this.projector.start();
  }

  async stopProjector(): Promise<void> {
    await this.projector?.stop();
    this.projector = null;
  }

  /** Waits until the projector has folded everything in the log. */
  async settle(): Promise<void> {
    await this.projector!.waitUntilCaughtUp(undefined, 10);
  }

  deps(options: AppOptions = {}): ApiDeps {
    const provider = new StripeBilling({
      secretKey: STRIPE_SECRET_KEY,
      priceId: TEST_PRICE_ID,
      webhookSecret: TEST_WEBHOOK_SECRET,
      host: this.stripe.host,
      port: this.stripe.port,
      protocol: 'http',
      timeoutMs: 5000,
    });
    return {
      db: this.db,
      search: this.loaded.search,
      settings: {
        basePath: '',
        publicBaseUrl: TEST_PUBLIC_BASE,
        staleAfterHours: 48,
        maxSearchResponseChars: 1_000_000,
      },
      today: () => '2026-01-15',
      now: options.now ?? (() => new Date('2026-01-15T12:00:00.000Z')),
      ...(options.noModel
        ? {}
        : {
            claimJudge: new OpenAiClaimJudge({
              model: 'fake-judge',
              apiKey: 'sk-test-llm',
              baseURL: this.llm.baseURL,
              timeoutMs: 5000,
            }),
          }),
      billing: {
        provider,
        eventLog: this.log,
        licenseKeySecret: new Secret(LICENSE_KEY_SECRET),
        adminToken: new Secret(ADMIN_TOKEN),
        defaultSuccessUrl: 'https://site.example/pro/welcome',
        defaultCancelUrl: 'https://site.example/',
        dailyQuota: options.dailyQuota ?? 25,
      },
    };
  }

  /** An API instance (several may share the database and log), logging to `logLines`. */
  async app(options: AppOptions = {}): Promise<FastifyInstance> {
    const logger = createLogger('info', 'api', { write: (line: string) => void this.logLines.push(line) });
    const app = await buildApp(this.deps(options), { loggerInstance: logger });
    this.apps.push(app);
    return app;
  }

  /** Delivers a webhook payload, signed with the webhook secret unless a header is given. */
  webhook(app: FastifyInstance, payload: string, header?: string | null): Promise<LightMyRequestResponse> {
    const sig = header === undefined ? signature(payload) : header;
    return app.inject({
      method: 'POST',
      url: '/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json', ...(sig === null ? {} : { 'stripe-signature': sig }) },
    });
  }

  /**
   * Delivers the webhooks of a paid checkout and of its subscription in `status` (created at
   * `at`, unix seconds); returns the session's license key. Fold them with `settle`.
   */
  async subscriber(
    app: FastifyInstance,
    ids: { session: string; customer: string; subscription: string },
    status: string,
    at: number,
  ): Promise<string> {
    const { session, customer, subscription } = ids;
    const events = [
      stripeEvent(
        `evt_c_${session}`,
        'checkout.session.completed',
        checkoutObject({ id: session, customer, subscription }),
        at,
      ),
      stripeEvent(
        `evt_s_${session}`,
        'customer.subscription.updated',
        subscriptionObject({ id: subscription, customer, status, created: at, periodEnd: at + 30 * 86_400 }),
        at,
      ),
    ];
    for (const payload of events) {
      const res = await this.webhook(app, payload);
      if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.statusCode} ${res.body}`);
    }
    return licenseKeyForSession(session, LICENSE_KEY_SECRET);
  }

  async close(): Promise<void> {
    await this.stopProjector();
    for (const app of this.apps) await app.close();
    await this.log.close();
    await this.stripe.close();
    await this.llm.close();
    await this.loaded.handle.close();
  }
}
