import { type Kysely, sql } from 'kysely';

/**
 * Saved-search alerts and their hits. Both are user data, not read models: they live in the base
 * schema and survive projection rebuilds, so a replay never matches (or delivers) a decision twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table alerts (
    alert_id text primary key,
    secret text not null,
    search jsonb not null,
    query_ast jsonb,
    filters jsonb not null,
    webhook_url text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table alert_hits (
    alert_id text not null references alerts (alert_id) on delete cascade,
    decision_id text not null,
    decision jsonb not null,
    matched_at timestamptz not null,
    event_position bigint not null,
    delivery text not null check (delivery in ('none', 'pending', 'delivered', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz,
    last_error text,
    delivered_at timestamptz,
    primary key (alert_id, decision_id)
  )`.execute(db);
  await sql`create index alert_hits_due on alert_hits (next_attempt_at) where delivery = 'pending'`.execute(
    db,
  );
  await sql`create index alert_hits_feed on alert_hits (alert_id, matched_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists alert_hits`.execute(db);
  await sql`drop table if exists alerts`.execute(db);
}
