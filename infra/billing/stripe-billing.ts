import Stripe from 'stripe';
import { BILLING_EVENT_KINDS, type BillingEventKind } from '../../contracts/events/billing-events.ts';
import {
  type BillingProvider,
  BillingProviderRejectedError,
  BillingProviderUnavailableError,
  type CheckoutLocale,
  type CheckoutSessionState,
  type IgnoredProviderEvent,
  type ProviderEvent,
  type SubscriptionSnapshot,
  WebhookSignatureError,
  WebhookUnreadableError,
} from './billing-provider.port.ts';

export interface StripeBillingOptions {
  readonly secretKey: string;
  readonly priceId: string;
  readonly webhookSecret: string;
  /** Seconds a webhook signature stays acceptable (replay window). */
  readonly toleranceSeconds?: number;
  /** A local server speaking the provider's API (tests): host, port and protocol. */
  readonly host?: string;
  readonly port?: number;
  readonly protocol?: 'http' | 'https';
  readonly timeoutMs?: number;
}

const KINDS = new Set<string>(BILLING_EVENT_KINDS);
const INTERVALS = new Set<string>(['day', 'week', 'month', 'year']);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function subscriptionSnapshot(s: Stripe.Subscription): SubscriptionSnapshot {
  const item = s.items?.data?.[0];
  const price = item?.price;
  const recurring = price?.recurring ?? null;
  const ends = (s.items?.data ?? []).map((i) => i.current_period_end).filter((n) => typeof n === 'number');
  return {
    object: 'subscription',
    subscription: s.id,
    status: s.status,
    current_period_end: ends.length > 0 ? Math.max(...ends) : null,
    cancel_at_period_end: s.cancel_at_period_end === true,
    subscription_created: s.created,
    price_id: price?.id ?? null,
    unit_amount: price?.unit_amount ?? null,
    quantity: item?.quantity ?? 1,
    currency: price?.currency ?? s.currency ?? null,
    interval: INTERVALS.has(recurring?.interval ?? '')
      ? (recurring!.interval as SubscriptionSnapshot['interval'])
      : null,
    interval_count: recurring?.interval_count ?? 1,
  };
}

function invoiceSubscription(i: Stripe.Invoice): string | null {
  return idOf(i.parent?.subscription_details?.subscription ?? null);
}

/** Classifies an SDK failure: the caller's fault (rejected) or the provider's (unavailable). */
function providerError(error: unknown, what: string): Error {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new BillingProviderRejectedError(`The payment provider rejected ${what}: ${error.message}`, {
      cause: error,
    });
  }
  return new BillingProviderUnavailableError(`The payment provider could not ${what}.`, { cause: error });
}

/** The billing provider through the official Stripe SDK. */
export class StripeBilling implements BillingProvider {
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeBillingOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...(options.host ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
      timeout: options.timeoutMs ?? 20_000,
      maxNetworkRetries: 1,
    });
  }

  async createCheckout(input: {
    successUrl: string;
    cancelUrl: string;
    locale: CheckoutLocale | null;
  }): Promise<{ id: string; url: string }> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.options.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        ...(input.locale ? { locale: input.locale } : {}),
      });
    } catch (error) {
      throw providerError(error, 'create a checkout');
    }
    if (!session.url)
      throw new BillingProviderUnavailableError('The payment provider returned no checkout URL.');
    return { id: session.id, url: session.url };
  }

  async checkoutSession(id: string): Promise<CheckoutSessionState | null> {
    let s: Stripe.Checkout.Session;
    try {
      s = await this.stripe.checkout.sessions.retrieve(id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw providerError(error, 'look up the checkout');
    }
    return {
      id: s.id,
      status: s.status ?? null,
      paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
      mode: s.mode,
      customer: idOf(s.customer),
      subscription: idOf(s.subscription),
      created: s.created,
      livemode: s.livemode,
    };
  }

  async portalUrl(customer: string, returnUrl: string): Promise<string> {
    try {
      const portal = await this.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return portal.url;
    } catch (error) {
      throw providerError(error, 'open the customer portal');
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent | IgnoredProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        this.options.toleranceSeconds ?? 300,
      );
    } catch (error) {
      throw new WebhookSignatureError('The webhook signature does not verify.', { cause: error });
    }
    const shape = event as { id?: unknown; type?: unknown; created?: unknown } | null;
    if (typeof shape?.id !== 'string' || typeof shape.type !== 'string' || typeof shape.created !== 'number')
      throw new WebhookUnreadableError('The signed body is not an event.');
    if (!KINDS.has(event.type)) return { id: event.id, ignored: event.type };
    try {
      return this.reduce(event);
    } catch (error) {
      // Signed but not shaped like the event it names: nothing of it is recorded.
      throw new WebhookUnreadableError(`The ${event.type} event ${event.id} is not readable.`, {
        cause: error,
      });
    }
  }

  private reduce(event: Stripe.Event): ProviderEvent | IgnoredProviderEvent {
    const kind = event.type as BillingEventKind;
    const base = { id: event.id, kind, created: event.created, livemode: event.livemode };
    switch (event.type) {
      case 'checkout.session.completed': {
        const s = event.data.object;
        return {
          ...base,
          customer: idOf(s.customer),
          facts: {
            object: 'checkout_session',
            session_id: s.id,
            subscription: idOf(s.subscription),
            paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
          },
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const s = event.data.object;
        return { ...base, customer: idOf(s.customer), facts: subscriptionSnapshot(s) };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const i = event.data.object;
        return {
          ...base,
          customer: idOf(i.customer),
          facts: {
            object: 'invoice',
            invoice: i.id ?? `${event.id}:invoice`,
            subscription: invoiceSubscription(i),
            paid: event.type === 'invoice.paid',
            amount: event.type === 'invoice.paid' ? i.amount_paid : i.amount_due,
            currency: i.currency,
          },
        };
      }
      default:
        return { id: event.id, ignored: event.type };
    }
  }
}
