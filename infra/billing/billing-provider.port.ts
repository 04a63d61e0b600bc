import type { BillingEventKind } from '../../contracts/events/billing-events.ts';

export type CheckoutLocale = 'de' | 'fr' | 'it' | 'en';

/** A checkout as the payment provider reports it now. */
export interface CheckoutSessionState {
  readonly id: string;
  /** open, complete or expired. */
  readonly status: string | null;
  /** Paid (or nothing to pay): the subscription started. */
  readonly paid: boolean;
  readonly mode: string;
  readonly customer: string | null;
  readonly subscription: string | null;
  /** When the provider created the session (unix seconds). */
  readonly created: number;
  readonly livemode: boolean;
}

export interface SubscriptionSnapshot {
  readonly object: 'subscription';
  readonly subscription: string;
  readonly status: string;
  readonly current_period_end: number | null;
  readonly cancel_at_period_end: boolean;
  readonly subscription_created: number;
  readonly price_id: string | null;
  readonly unit_amount: number | null;
  readonly quantity: number;
  readonly currency: string | null;
  readonly interval: 'day' | 'week' | 'month' | 'year' | null;
  readonly interval_count: number;
}

export interface InvoiceSnapshot {
  readonly object: 'invoice';
  readonly invoice: string;
  readonly subscription: string | null;
  readonly paid: boolean;
  readonly amount: number;
  readonly currency: string;
}

export interface CheckoutSnapshot {
  readonly object: 'checkout_session';
  readonly session_id: string;
  readonly subscription: string | null;
  readonly paid: boolean;
}

/** A webhook event whose signature checked out, reduced to what billing needs. */
export interface ProviderEvent {
  readonly id: string;
  readonly kind: BillingEventKind;
  readonly created: number;
  readonly livemode: boolean;
  readonly customer: string | null;
  readonly facts: CheckoutSnapshot | SubscriptionSnapshot | InvoiceSnapshot;
}

/** A verified event of a kind billing does not act on. */
export interface IgnoredProviderEvent {
  readonly id: string;
  readonly ignored: string;
}

/** The payment provider as billing uses it. */
export interface BillingProvider {
  /** Creates a subscription checkout for the Pro price; resolves to its id and hosted URL. */
  createCheckout(input: {
    successUrl: string;
    cancelUrl: string;
    locale: CheckoutLocale | null;
  }): Promise<{ id: string; url: string }>;
  /** The checkout session now, or null when the provider knows no such session. */
  checkoutSession(id: string): Promise<CheckoutSessionState | null>;
  /** A customer-portal URL for the customer, returning to `returnUrl`. */
  portalUrl(customer: string, returnUrl: string): Promise<string>;
  /**
   * Verifies the signature over the raw body; throws WebhookSignatureError when it does not hold
   * and WebhookUnreadableError for a signed body that is not a readable event.
   */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent | IgnoredProviderEvent;
}

/** The signature is missing, wrong or too old: nothing from the body may be trusted. */
export class WebhookSignatureError extends Error {
  readonly code = 'BILLING_SIGNATURE_INVALID';
}

/** Signed, but not an event of the shape its kind requires: nothing of it is recorded. */
export class WebhookUnreadableError extends Error {
  readonly code = 'BILLING_EVENT_UNREADABLE';
}

/** The provider could not be reached or failed: retry later. */
export class BillingProviderUnavailableError extends Error {
  readonly code = 'BILLING_PROVIDER_UNAVAILABLE';
}

/** The provider refused the request as invalid (e.g. a URL it does not accept). */
export class BillingProviderRejectedError extends Error {
  readonly code = 'BILLING_PROVIDER_REJECTED';
}
