import { sql } from 'kysely';
import { PRO_PLAN } from '../../contracts/billing/license-key-format.ts';
import type { Database } from '../../infra/db/database.ts';

export interface LicenseState {
  readonly valid: boolean;
  readonly active: boolean;
  readonly status: string | null;
  readonly current_period_end: string | null;
  readonly cancel_at_period_end: boolean | null;
  readonly plan: string | null;
  /** The provider's customer (for the portal); null for an unknown key. */
  readonly customer_id: string | null;
}

const UNKNOWN: LicenseState = {
  valid: false,
  active: false,
  status: null,
  current_period_end: null,
  cancel_at_period_end: null,
  plan: null,
  customer_id: null,
};

/** Statuses under which Pro features are available. */
const ACTIVE = new Set(['active', 'trialing']);

const toIso = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * The state of the license whose key hashes to `keyHash`: its subscription's latest state, or,
 * before any subscription event arrived, the checkout's own payment state.
 */
export async function licenseState(db: Database, keyHash: string): Promise<LicenseState> {
  const license = await db
    .selectFrom('licenses')
    .select(['customer_id', 'subscription_id', 'paid'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!license) return UNKNOWN;
  let query = db
    .selectFrom('billing_subscriptions')
    .select(['status', 'current_period_end', 'cancel_at_period_end'])
    .where('customer_id', '=', license.customer_id);
  query = license.subscription_id
    ? query.where('subscription_id', '=', license.subscription_id)
    : query.orderBy('created_at', 'desc').limit(1);
  const subscription = await query.executeTakeFirst();
  const status = subscription?.status ?? (license.paid ? 'active' : 'incomplete');
  return {
    valid: true,
    active: ACTIVE.has(status),
    status,
    current_period_end: toIso(subscription?.current_period_end ?? null),
    cancel_at_period_end: subscription?.cancel_at_period_end ?? null,
    plan: PRO_PLAN,
    customer_id: license.customer_id,
  };
}

/**
 * Counts one Pro call of the key on the UTC day; false when the day's quota is already used up.
 * One statement, so concurrent calls on several API instances never exceed the quota.
 */
export async function consumeDailyCall(
  db: Database,
  keyHash: string,
  day: string,
  quota: number,
): Promise<boolean> {
  const row = await sql<{ calls: number }>`
    insert into billing_usage (key_hash, day, calls) values (${keyHash}, ${day}::date, 1)
    on conflict (key_hash, day) do update set calls = billing_usage.calls + 1
    where billing_usage.calls < ${quota}
    returning calls
  `.execute(db);
  return row.rows.length > 0;
}

/** Gives back a call counted by `consumeDailyCall` that produced no answer (unknown case, model outage). */
export async function refundDailyCall(db: Database, keyHash: string, day: string): Promise<void> {
  await sql`
    update billing_usage set calls = calls - 1
    where key_hash = ${keyHash} and day = ${day}::date and calls > 0
  `.execute(db);
}

export interface AdminFigures {
  readonly subscribers: {
    active: number;
    trialing: number;
    past_due: number;
    canceled: number;
    other: number;
  };
  readonly mrr_chf: number;
  readonly licenses_issued: number;
  readonly failed_invoices_open: number;
  readonly signups_per_month: { month: string; signups: number }[];
}

/** Subscriber figures for operators, from the licenses read model. */
export async function adminFigures(db: Database): Promise<AdminFigures> {
  const [statuses, mrr, licenses, failed, signups] = await Promise.all([
    db
      .selectFrom('billing_subscriptions')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .groupBy('status')
      .execute(),
    // Monthly amount per subscription, in CHF cents, normalised from its billing interval.
    sql<{ cents: number | null }>`
      select sum(unit_amount * quantity * case billing_interval
        when 'month' then 1.0 / interval_count
        when 'year' then 1.0 / (12 * interval_count)
        when 'week' then 52.0 / (12 * interval_count)
        when 'day' then 365.0 / (12 * interval_count)
        else 0 end)::float8 as cents
      from billing_subscriptions
      where status in ('active', 'past_due') and lower(currency) = 'chf' and unit_amount is not null
    `.execute(db),
    db
      .selectFrom('licenses')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('paid', '=', true)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('billing_invoices')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('payment_failed', '=', true)
      .where('paid', '=', false)
      .executeTakeFirstOrThrow(),
    sql<{ month: string; signups: number }>`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as signups
      from billing_subscriptions group by 1 order by 1
    `.execute(db),
  ]);
  const subscribers = { active: 0, trialing: 0, past_due: 0, canceled: 0, other: 0 };
  for (const { status, n } of statuses) {
    const count = Number(n);
    if (status === 'active' || status === 'trialing' || status === 'past_due' || status === 'canceled')
      subscribers[status] += count;
    else subscribers.other += count;
  }
  const cents = Number(mrr.rows[0]?.cents ?? 0);
  return {
    subscribers,
    mrr_chf: Math.round(cents) / 100,
    licenses_issued: Number(licenses.n),
    failed_invoices_open: Number(failed.n),
    signups_per_month: signups.rows.map((r) => ({ month: r.month, signups: Number(r.signups) })),
  };
}
