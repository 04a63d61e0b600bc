import type { Transaction } from 'kysely';
import { changedFields, replacesCurrentRecord } from '../../contracts/events/decision-versions.ts';
import type { DecisionPublished, DecisionWithdrawn } from '../../contracts/events/index.ts';
import { docketLookupKey } from '../../contracts/search/reference-keys.ts';
import type { DB } from '../../infra/db/schema.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { decisionsStorage } from './decisions.storage.ts';

type Tx = Transaction<DB>;

async function currentRecord(tx: Tx, decisionId: string) {
  return tx.selectFrom('decisions').selectAll().where('decision_id', '=', decisionId).executeTakeFirst();
}

/**
 * A new record of a decision: a new version when its content hash differs from the current one;
 * the same content brings a withdrawn decision back without a new version.
 */
async function publish(
  tx: Tx,
  { event, position }: PositionedEvent<DecisionPublished>,
  now: string,
): Promise<void> {
  const d = event.data;
  const current = await currentRecord(tx, d.decision_id);
  if (current) {
    if (Number(current.event_position) >= position) return;
    if (!replacesCurrentRecord(current.source, d.provenance.source)) return;
    if (current.content_hash === d.provenance.content_hash) {
      if (current.withdrawn_at === null) return;
      await tx
        .updateTable('decisions')
        .set({ withdrawn_at: null, withdrawal_reason: null, event_position: position, updated_at: now })
        .where('decision_id', '=', d.decision_id)
        .execute();
      return;
    }
  }
  const version = (current?.version ?? 0) + 1;
  const row = {
    decision_id: d.decision_id,
    court: d.court,
    canton: d.canton,
    chamber: d.chamber,
    docket_number: d.docket_number,
    docket_key: docketLookupKey(d.docket_number) ?? d.docket_number,
    decision_type: d.decision_type,
    decision_date: d.decision_date,
    publication_date: d.publication_date,
    language: d.language,
    title: d.title,
    regeste: d.regeste,
    full_text: d.full_text,
    source_url: d.source_url,
    source: d.provenance.source,
    source_item_id: d.provenance.source_item_id,
    scraped_at: d.provenance.scraped_at,
    content_hash: d.provenance.content_hash,
    version,
    event_position: position,
    updated_at: now,
    withdrawn_at: null,
    withdrawal_reason: null,
  };
  await tx
    .insertInto('decisions')
    .values(row)
    .onConflict((oc) => oc.column('decision_id').doUpdateSet(row))
    .execute();
  await tx
    .insertInto('decision_versions')
    .values({
      decision_id: d.decision_id,
      version,
      content_hash: d.provenance.content_hash,
      event_id: event.eventId,
      event_position: position,
      scraped_at: d.provenance.scraped_at,
      seen_at: event.occurredAt,
      changed: JSON.stringify(changedFields(current ?? null, d)),
      source: d.provenance.source,
      record: JSON.stringify(d),
    })
    .onConflict((oc) => oc.columns(['decision_id', 'version']).doNothing())
    .execute();
}

/** Marks a held decision withdrawn; a decision the read model does not hold is left alone. */
async function withdraw(
  tx: Tx,
  { event, position }: PositionedEvent<DecisionWithdrawn>,
  now: string,
): Promise<void> {
  const w = event.data;
  const current = await currentRecord(tx, w.decision_id);
  if (!current || Number(current.event_position) >= position) return;
  if (!replacesCurrentRecord(current.source, w.provenance.source)) return;
  await tx
    .updateTable('decisions')
    .set({
      // A repeated withdrawal keeps the first date and reason.
      withdrawn_at: current.withdrawn_at ?? w.withdrawn_at,
      withdrawal_reason: current.withdrawal_reason ?? w.reason,
      event_position: position,
      updated_at: now,
    })
    .where('decision_id', '=', w.decision_id)
    .execute();
}

/**
 * The decisions read model: the current record of every decision, every version it had
 * (`decision_versions`: when it was seen, what changed, the full record) and whether its source
 * has withdrawn it. A re-delivery (position not newer) and a re-scrape with the same content hash
 * add nothing; a new hash adds a version. Source precedence: `replacesCurrentRecord`.
 */
export const decisionsProjection: Projection = {
  name: 'decisions',
  storage: decisionsStorage,
  streams: ['decisions'],
  handles: ['DecisionPublished', 'DecisionWithdrawn'],
  async handle(batch: readonly PositionedEvent[], { tx, now }: ProjectionContext): Promise<void> {
    for (const positioned of batch) {
      if (positioned.event.type === 'DecisionPublished')
        await publish(tx, positioned as PositionedEvent<DecisionPublished>, now);
      else if (positioned.event.type === 'DecisionWithdrawn')
        await withdraw(tx, positioned as PositionedEvent<DecisionWithdrawn>, now);
    }
  },
};
