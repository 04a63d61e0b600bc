import { sql, type Transaction } from 'kysely';
import type { BillingEventReceived } from '../../contracts/events/index.ts';
import type { DB } from '../../infra/db/schema.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { licensesStorage } from './licenses.storage.ts';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/**
 * A total order of a customer's events that does not depend on delivery: the provider's creation
 * time, then its event id. Folding "newest wins" under it makes any delivery order converge.
 */
const orderOf = (e: BillingEventReceived) =>
  `${String(e.data.created).padStart(12, '0')}:${e.data.provider_event_id}`;

async function fold(tx: Transaction<DB>, event: BillingEventReceived): Promise<void> {
  const { data } = event;
  const facts = data.facts;
  switch (facts.object) {
    case 'checkout_session': {
      // Commutative merge: a license once paid stays paid; the subscription id fills in once known.
      await tx
        .insertInto('licenses')
        .values({
          key_hash: facts.license_key_hash,
          customer_id: data.customer,
          subscription_id: facts.subscription,
          paid: facts.paid,
          issued_at: iso(data.created),
        })
        .onConflict((oc) =>
          oc.column('key_hash').doUpdateSet({
            subscription_id: sql`coalesce(licenses.subscription_id, excluded.subscription_id)`,
            paid: sql`licenses.paid or excluded.paid`,
            issued_at: sql`least(licenses.issued_at, excluded.issued_at)`,
          }),
        )
        .execute();
      return;
    }
    case 'subscription': {
      const row = {
        subscription_id: facts.subscription,
        customer_id: data.customer,
        status: data.kind === 'customer.subscription.deleted' ? 'canceled' : facts.status,
        deleted: data.kind === 'customer.subscription.deleted',
        current_period_end: facts.current_period_end === null ? null : iso(facts.current_period_end),
        cancel_at_period_end: facts.cancel_at_period_end,
        created_at: iso(facts.subscription_created),
        price_id: facts.price_id,
        unit_amount: facts.unit_amount,
        quantity: facts.quantity,
        currency: facts.currency,
        billing_interval: facts.interval,
        interval_count: facts.interval_count,
        event_order: orderOf(event),
      };
      // A deletion is final (a canceled subscription never comes back); otherwise the newest
      // snapshot wins. Both rules are order-independent, so redeliveries and reorderings converge.
      await tx
        .insertInto('billing_subscriptions')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('subscription_id')
            .doUpdateSet(row)
            .where(
              sql<boolean>`(excluded.deleted and not billing_subscriptions.deleted)
                or (excluded.deleted = billing_subscriptions.deleted and excluded.event_order > billing_subscriptions.event_order)`,
            ),
        )
        .execute();
      return;
    }
    case 'invoice': {
      await tx
        .insertInto('billing_invoices')
        .values({
          invoice_id: facts.invoice,
          customer_id: data.customer,
          subscription_id: facts.subscription,
          paid: facts.paid,
          amount: facts.amount,
          currency: facts.currency,
          payment_failed: !facts.paid,
          event_order: orderOf(event),
        })
        .onConflict((oc) =>
          oc.column('invoice_id').doUpdateSet({
            paid: sql`billing_invoices.paid or excluded.paid`,
            amount: sql`case when excluded.paid then excluded.amount else billing_invoices.amount end`,
            payment_failed: sql`billing_invoices.payment_failed or excluded.payment_failed`,
            event_order: sql`greatest(billing_invoices.event_order, excluded.event_order)`,
          }),
        )
        .execute();
      return;
    }
  }
}

/** Licenses, subscriptions and invoices of the Pro plan, folded from the billing stream. */
export const licensesProjection: Projection = {
  name: 'licenses',
  storage: licensesStorage,
  streams: ['billing'],
  handles: ['BillingEventReceived'],
  async handle(batch: readonly PositionedEvent[], { tx }: ProjectionContext): Promise<void> {
    for (const { event } of batch as readonly PositionedEvent<BillingEventReceived>[]) await fold(tx, event);
  },
};
