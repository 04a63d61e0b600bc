import { sql } from 'kysely';
import { ALERT_SIGNATURE_HEADER, signAlertDelivery } from '../../contracts/alerts/alert-signature.ts';
import type { Database } from '../../infra/db/database.ts';
import type { AlertDeliveryEnv } from '../../infra/deploy/config.ts';
import { assertPublicTarget } from '../../infra/net/public-address.ts';
import { RepeatedPass } from '../../infra/scheduler/repeated-pass.ts';

export interface AlertDeliverySettings {
  /** Pause between passes over the due deliveries (ms). */
  readonly intervalMs: number;
  /** Longest wait for a webhook's answer (ms). */
  readonly timeoutMs: number;
  /** Attempts before a delivery is given up (`failed`). */
  readonly maxAttempts: number;
  /** Wait before the first retry (ms); doubled for each further one, up to `retryMaxMs`. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** Deliveries claimed per pass. */
  readonly batchSize: number;
  /** Refuse hosts that resolve to non-public addresses (loopback, private, link-local, …). */
  readonly publicTargetsOnly: boolean;
}

export const DEFAULT_ALERT_DELIVERY: AlertDeliverySettings = {
  intervalMs: 1_000,
  timeoutMs: 10_000,
  maxAttempts: 8,
  retryBaseMs: 5_000,
  retryMaxMs: 3_600_000,
  batchSize: 50,
  publicTargetsOnly: true,
};

/** The delivery settings of the parsed environment. */
export function alertDeliverySettings(env: AlertDeliveryEnv): AlertDeliverySettings {
  return {
    ...DEFAULT_ALERT_DELIVERY,
    intervalMs: env.ALERT_DELIVERY_INTERVAL_MS,
    timeoutMs: env.ALERT_WEBHOOK_TIMEOUT_MS,
    maxAttempts: env.ALERT_MAX_ATTEMPTS,
    retryBaseMs: env.ALERT_RETRY_BASE_MS,
    publicTargetsOnly: env.ALERT_WEBHOOK_TARGETS === 'public',
  };
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Claimed {
  alert_id: string;
  decision_id: string;
  decision: unknown;
  matched_at: string;
  attempts: number;
  webhook_url: string;
  secret: string;
}

/**
 * Delivers the hits of webhook alerts: POSTs each as JSON, signed with the alert's secret
 * (`X-Alert-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`), until the receiver answers 2xx;
 * failures retry with exponential back-off, up to `maxAttempts`. State lives in `alert_hits`, so a
 * restart carries on where it stopped. A claim leases the delivery (next attempt moved past the
 * timeout), so several projector processes never send one delivery at the same time; a hit is
 * marked delivered after the 2xx, so a crash in between can repeat it: receivers dedupe by
 * `X-Alert-Delivery`.
 */
export class AlertDelivery {
  private readonly passes: RepeatedPass;

  constructor(
    private readonly deps: { readonly db: Database; readonly logger: Logger },
    private readonly settings: AlertDeliverySettings = DEFAULT_ALERT_DELIVERY,
  ) {
    this.passes = new RepeatedPass(
      () => this.deliverDue(),
      settings.intervalMs,
      (error: unknown) => deps.logger.error({ err: error }, 'alert delivery pass failed; retrying'),
    );
  }

  /** Runs passes every `intervalMs` until `stop`. */
  start(): void {
    this.passes.start({ immediately: true });
  }

  /** Stops after the pass under way. */
  stop(): Promise<void> {
    return this.passes.stop();
  }

  /** One pass: claims the due deliveries and sends them; resolves with how many were sent successfully. */
  async deliverDue(): Promise<number> {
    const claimed = await this.claim();
    const results = await Promise.all(claimed.map((c) => this.send(c)));
    return results.filter(Boolean).length;
  }

  private async claim(): Promise<Claimed[]> {
    const leaseMs = this.settings.timeoutMs + 30_000;
    const result = await sql<Claimed>`
      update alert_hits h
      set attempts = h.attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      from (
        select alert_id, decision_id from alert_hits
        where delivery = 'pending' and next_attempt_at <= now()
          -- withdrawn since it matched (the decisions read model): held back until republished
          and not exists (
            select 1 from decisions d where d.decision_id = alert_hits.decision_id and d.withdrawn_at is not null
          )
        order by next_attempt_at
        limit ${this.settings.batchSize}
        for update skip locked
      ) due, alerts a
      where h.alert_id = due.alert_id and h.decision_id = due.decision_id and a.alert_id = h.alert_id
      returning h.alert_id, h.decision_id, h.decision, h.matched_at, h.attempts, a.webhook_url, a.secret`.execute(
      this.deps.db,
    );
    return result.rows;
  }

  private async send(c: Claimed): Promise<boolean> {
    const deliveryId = `${c.alert_id}:${c.decision_id}`;
    const body = JSON.stringify({
      alert_id: c.alert_id,
      delivery_id: deliveryId,
      matched_at: c.matched_at,
      decision: c.decision,
    });
    let failure: string;
    try {
      if (this.settings.publicTargetsOnly) await assertPublicTarget(new URL(c.webhook_url));
      const response = await fetch(c.webhook_url, {
        method: 'POST',
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'swiss-law-research-alerts/1',
          'x-alert-id': c.alert_id,
          'x-alert-delivery': deliveryId,
          [ALERT_SIGNATURE_HEADER]: signAlertDelivery(c.secret, Math.floor(Date.now() / 1000), body),
        },
      });
      await response.body?.cancel();
      if (response.ok) {
        await this.deps.db
          .updateTable('alert_hits')
          .set({
            delivery: 'delivered',
            delivered_at: sql<string>`now()`,
            next_attempt_at: null,
            last_error: null,
          })
          .where('alert_id', '=', c.alert_id)
          .where('decision_id', '=', c.decision_id)
          .execute();
        return true;
      }
      failure = `HTTP ${response.status}`;
    } catch (error) {
      failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const giveUp = c.attempts >= this.settings.maxAttempts;
    const backoffMs = Math.min(this.settings.retryMaxMs, this.settings.retryBaseMs * 2 ** (c.attempts - 1));
    this.deps.logger.warn(
      { alert_id: c.alert_id, decision_id: c.decision_id, attempts: c.attempts, failure, giveUp },
      giveUp ? 'alert webhook delivery failed; giving up' : 'alert webhook delivery failed; retrying later',
    );
    await this.deps.db
      .updateTable('alert_hits')
      .set({
        delivery: giveUp ? 'failed' : 'pending',
        last_error: failure.slice(0, 500),
        next_attempt_at: giveUp ? null : sql<string>`now() + make_interval(secs => ${backoffMs / 1000})`,
      })
      .where('alert_id', '=', c.alert_id)
      .where('decision_id', '=', c.decision_id)
      .execute();
    return false;
  }
}
