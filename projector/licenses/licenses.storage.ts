import { postgresTables } from '../storage/projection-storage.ts';

/**
 * License state folded from the billing stream. Keys are known by hash only. Every column is
 * derived from event data (never the clock), so a rebuild reproduces the tables exactly.
 */
export const licensesStorage = postgresTables(
  ['licenses', 'billing_subscriptions', 'billing_invoices'],
  [
    `create table licenses (
      key_hash text primary key,
      customer_id text not null,
      subscription_id text,
      paid boolean not null,
      issued_at timestamptz not null
    )`,
    `create index licenses_subscription on licenses (subscription_id)`,
    `create table billing_subscriptions (
      subscription_id text primary key,
      customer_id text not null,
      status text not null,
      deleted boolean not null,
      current_period_end timestamptz,
      cancel_at_period_end boolean not null,
      created_at timestamptz not null,
      price_id text,
      unit_amount integer,
      quantity integer not null,
      currency text,
      billing_interval text,
      interval_count integer not null,
      event_order text not null
    )`,
    `create table billing_invoices (
      invoice_id text primary key,
      customer_id text not null,
      subscription_id text,
      paid boolean not null,
      amount integer not null,
      currency text not null,
      payment_failed boolean not null,
      event_order text not null
    )`,
  ],
);
