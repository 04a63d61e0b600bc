import {
  billingEventDataSchema,
  type BillingEventData,
  type BillingEventKind,
} from '../../contracts/events/billing-events.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import {
  type CheckoutSessionState,
  type ProviderEvent,
  WebhookUnreadableError,
} from '../../infra/billing/billing-provider.port.ts';
import { licenseKeyForSession, licenseKeyHash } from './license-keys.ts';

/** The license key hash of a checkout session (the key itself is derived, never stored). */
export const keyHashOfSession = (sessionId: string, secret: string) =>
  licenseKeyHash(licenseKeyForSession(sessionId, secret));

/**
 * The billing-stream event of a verified provider event, keyed by customer; its id is the
 * provider's event id, so a redelivery (or a second API instance receiving it) is stored once.
 * Null when the event names no customer; throws WebhookUnreadableError when its facts do not
 * have the shape its kind requires.
 */
export function billingEventOf(event: ProviderEvent, secret: string): OutgoingEvent | null {
  if (!event.customer) return null;
  const facts =
    event.facts.object === 'checkout_session'
      ? {
          object: 'checkout_session' as const,
          subscription: event.facts.subscription,
          license_key_hash: keyHashOfSession(event.facts.session_id, secret),
          paid: event.facts.paid,
        }
      : event.facts;
  return envelopeOf(`stripe:${event.id}`, {
    provider_event_id: event.id,
    kind: event.kind,
    created: event.created,
    livemode: event.livemode,
    customer: event.customer,
    facts,
  });
}

/**
 * A completed checkout read back from the provider (license-for-session): recorded like its
 * webhook, so the license exists even when the webhook is late. Folding both is idempotent.
 */
export function checkoutObservedEvent(session: CheckoutSessionState, secret: string): OutgoingEvent | null {
  if (!session.customer) return null;
  const kind: BillingEventKind = 'checkout.session.completed';
  return envelopeOf(`stripe-session:${session.id}`, {
    provider_event_id: `session:${session.id}`,
    kind,
    created: session.created,
    livemode: session.livemode,
    customer: session.customer,
    facts: {
      object: 'checkout_session',
      subscription: session.subscription,
      license_key_hash: keyHashOfSession(session.id, secret),
      paid: session.paid,
    },
  });
}

function envelopeOf(eventId: string, raw: BillingEventData): OutgoingEvent {
  const data = billingEventDataSchema.safeParse(raw);
  if (!data.success)
    throw new WebhookUnreadableError(`The ${raw.kind} event ${raw.provider_event_id} is not readable.`);
  return {
    stream: 'billing',
    envelope: {
      type: 'BillingEventReceived',
      schemaVersion: 1,
      eventId,
      occurredAt: new Date(data.data.created * 1000).toISOString(),
      source: 'stripe',
      key: data.data.customer,
      data: data.data,
    },
  };
}
