import type { Insertable, Transaction } from 'kysely';
import { changedFields, replacesCurrentRecord } from '../../contracts/events/decision-versions.ts';
import type { DecisionPublished, DecisionWithdrawn } from '../../contracts/events/index.ts';
import { docketLookupKey } from '../../contracts/search/reference-keys.ts';
import type { DB, DecisionTable, DecisionVersionTable } from '../../infra/db/schema.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { decisionsStorage } from './decisions.storage.ts';
import { anyText } from '../../infra/db/any-of.ts';

type Tx = Transaction<DB>;
type VersionRow = Insertable<DecisionVersionTable>;

/**
 * A batch's changes: the current record of each decision it touches (as read, then as each event
 * leaves it), the decisions changed and the versions added, written once the batch is applied.
 */
interface BatchState {
  readonly held: Map<string, DecisionTable>;
  readonly changed: Set<string>;
  readonly versions: VersionRow[];
  readonly now: string;
}

/**
 * A new record of a decision: a new version when its content hash differs from the current one;
 * the same content brings a withdrawn decision back without a new version.
 */
function publish(state: BatchState, { event, position }: PositionedEvent<DecisionPublished>): void {
  const d = event.data;
  const current = state.held.get(d.decision_id);
  if (current) {
    if (current.event_position >= position) return;
    if (!replacesCurrentRecord(current.source, d.provenance.source)) return;
    if (current.content_hash === d.provenance.content_hash) {
      if (current.withdrawn_at === null) return;
      state.held.set(d.decision_id, {
        ...current,
        withdrawn_at: null,
        withdrawal_reason: null,
        event_position: position,
        updated_at: state.now,
      });
      state.changed.add(d.decision_id);
      return;
    }
  }
  const version = (current?.version ?? 0) + 1;
  state.held.set(d.decision_id, {
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
    updated_at: state.now,
    withdrawn_at: null,
    withdrawal_reason: null,
  });
  state.changed.add(d.decision_id);
  state.versions.push({
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
  });
}

/** Marks a held decision withdrawn; a decision the read model does not hold is left alone. */
function withdraw(state: BatchState, { event, position }: PositionedEvent<DecisionWithdrawn>): void {
  const w = event.data;
  const current = state.held.get(w.decision_id);
  if (!current || current.event_position >= position) return;
  if (!replacesCurrentRecord(current.source, w.provenance.source)) return;
  state.held.set(w.decision_id, {
    ...current,
    // A repeated withdrawal keeps the first date and reason.
    withdrawn_at: current.withdrawn_at ?? w.withdrawn_at,
    withdrawal_reason: current.withdrawal_reason ?? w.reason,
    event_position: position,
    updated_at: state.now,
  });
  state.changed.add(w.decision_id);
}

/**
 * Rows per multi-row statement: at most 250 (23 values each for `decisions`, far below the
 * bind-parameter limit) and about 4 million characters of text, so that a batch of long decisions
 * is not sent as one message of hundreds of megabytes.
 */
const ROWS_PER_STATEMENT = 250;
const CHARS_PER_STATEMENT = 4_000_000;

function statements<T>(rows: readonly T[], chars: (row: T) => number): T[][] {
  const out: T[][] = [];
  let part: T[] = [];
  let size = 0;
  for (const row of rows) {
    if (part.length > 0 && (part.length === ROWS_PER_STATEMENT || size >= CHARS_PER_STATEMENT)) {
      out.push(part);
      part = [];
      size = 0;
    }
    part.push(row);
    size += chars(row);
  }
  if (part.length > 0) out.push(part);
  return out;
}

const DECISION_COLUMNS = [
  'court',
  'canton',
  'chamber',
  'docket_number',
  'docket_key',
  'decision_type',
  'decision_date',
  'publication_date',
  'language',
  'title',
  'regeste',
  'full_text',
  'source_url',
  'source',
  'source_item_id',
  'scraped_at',
  'content_hash',
  'version',
  'event_position',
  'updated_at',
  'withdrawn_at',
  'withdrawal_reason',
] as const satisfies readonly Exclude<keyof DecisionTable, 'decision_id'>[];

/** Applies a batch in memory, from the records held before it, and writes what it changed. */
async function applyBatch(tx: Tx, batch: readonly PositionedEvent[], now: string): Promise<void> {
  const ids = [
    ...new Set(
      batch.flatMap(({ event }) =>
        event.type === 'DecisionPublished' || event.type === 'DecisionWithdrawn'
          ? [event.data.decision_id]
          : [],
      ),
    ),
  ];
  if (ids.length === 0) return;
  // event positions come back as numbers (int8 parser, infra/db/database.ts)
  const held = new Map(
    (await tx.selectFrom('decisions').selectAll().where('decision_id', '=', anyText(ids)).execute()).map((r) => [
      r.decision_id,
      r,
    ]),
  );
  const state: BatchState = { held, changed: new Set(), versions: [], now };
  for (const positioned of batch) {
    if (positioned.event.type === 'DecisionPublished')
      publish(state, positioned as PositionedEvent<DecisionPublished>);
    else if (positioned.event.type === 'DecisionWithdrawn')
      withdraw(state, positioned as PositionedEvent<DecisionWithdrawn>);
  }
  const rows = [...state.changed].map((id) => held.get(id)!);
  for (const part of statements(rows, (r) => r.full_text.length + (r.regeste?.length ?? 0))) {
    await tx
      .insertInto('decisions')
      .values(part)
      .onConflict((oc) =>
        oc
          .column('decision_id')
          .doUpdateSet((eb) => Object.fromEntries(DECISION_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
  for (const part of statements(state.versions, (v) => (v.record as string).length)) {
    await tx
      .insertInto('decision_versions')
      .values(part)
      .onConflict((oc) => oc.columns(['decision_id', 'version']).doNothing())
      .execute();
  }
}

/**
 * The decisions read model: the current record of every decision, every version it had
 * (`decision_versions`: when it was seen, what changed, the full record) and whether its source
 * has withdrawn it. A re-delivery (position not newer) and a re-scrape with the same content hash
 * add nothing; a new hash adds a version. Source precedence: `replacesCurrentRecord`. A batch is
 * read once, applied event by event in memory and written with a few multi-row statements.
 */
export const decisionsProjection: Projection = {
  name: 'decisions',
  storage: decisionsStorage,
  streams: ['decisions'],
  handles: ['DecisionPublished', 'DecisionWithdrawn'],
  async handle(batch: readonly PositionedEvent[], { tx, now }: ProjectionContext): Promise<void> {
    await applyBatch(tx, batch, now);
  },
};
