import { z } from 'zod';
import { eventSchema } from './envelope.ts';

/** The payment provider's event kinds the service acts on. */
export const BILLING_EVENT_KINDS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type BillingEventKind = (typeof BILLING_EVENT_KINDS)[number];

const unixSeconds = z.number().int().nonnegative();

/** A completed checkout: the license it issues is known by the hash of its key only. */
const checkoutFacts = z.object({
  object: z.literal('checkout_session'),
  subscription: z.string().min(1).nullable(),
  /** SHA-256 (hex) of the license key derived from the session id; the key itself is never stored. */
  license_key_hash: z.string().regex(/^[0-9a-f]{64}$/),
  paid: z.boolean(),
});

/** A subscription as the provider saw it when the event was created. */
const subscriptionFacts = z.object({
  object: z.literal('subscription'),
  subscription: z.string().min(1),
  status: z.string().min(1).max(40),
  current_period_end: unixSeconds.nullable(),
  cancel_at_period_end: z.boolean(),
  subscription_created: unixSeconds,
  price_id: z.string().nullable(),
  /** Smallest currency unit per interval and quantity. */
  unit_amount: z.number().int().nonnegative().nullable(),
  quantity: z.number().int().nonnegative(),
  currency: z.string().nullable(),
  interval: z.enum(['day', 'week', 'month', 'year']).nullable(),
  interval_count: z.number().int().positive(),
});

const invoiceFacts = z.object({
  object: z.literal('invoice'),
  invoice: z.string().min(1),
  subscription: z.string().min(1).nullable(),
  paid: z.boolean(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
});

export const billingEventDataSchema = z.object({
  /** The provider's event id (`evt_…`): the event log's id, so a redelivery is stored once. */
  provider_event_id: z.string().min(1),
  kind: z.enum(BILLING_EVENT_KINDS),
  /** When the provider created the event (unix seconds): orders snapshots of one subscription. */
  created: unixSeconds,
  livemode: z.boolean(),
  customer: z.string().min(1),
  facts: z.discriminatedUnion('object', [checkoutFacts, subscriptionFacts, invoiceFacts]),
});
export type BillingEventData = z.infer<typeof billingEventDataSchema>;
export type BillingFacts = BillingEventData['facts'];

export const billingEventReceivedV1 = eventSchema('BillingEventReceived', 1, billingEventDataSchema);
export type BillingEventReceived = z.infer<typeof billingEventReceivedV1>;
