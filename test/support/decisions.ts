import { createHash } from 'node:crypto';
import { decisionIdFor } from '../../contracts/courts/decision-id.ts';
import { courtByKey } from '../../contracts/courts/court-registry.ts';
import type { NormalisedDecision, RawEnvelope } from '../../contracts/events/index.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';

export type DecisionInput = Partial<Omit<NormalisedDecision, 'provenance'>> & {
  court: string;
  docket_number: string;
  full_text: string;
};

/** A valid normalised decision for tests; the content hash follows the content. */
export function makeDecision(input: DecisionInput): NormalisedDecision {
  const court = courtByKey(input.court);
  const content = {
    decision_id: input.decision_id ?? decisionIdFor(input.court, input.docket_number),
    court: input.court,
    canton: input.canton ?? court?.canton ?? 'CH',
    chamber: 'chamber' in input ? (input.chamber ?? null) : null,
    docket_number: input.docket_number,
    decision_type: 'decision_type' in input ? (input.decision_type ?? null) : 'Urteil',
    decision_date: 'decision_date' in input ? (input.decision_date ?? null) : '2020-05-12',
    publication_date: 'publication_date' in input ? (input.publication_date ?? null) : null,
    language: input.language ?? 'de',
    title: input.title ?? `Urteil ${input.docket_number}`,
    regeste: 'regeste' in input ? (input.regeste ?? null) : null,
    full_text: input.full_text,
    source_url: 'source_url' in input ? (input.source_url ?? null) : null,
  };
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return {
    ...content,
    provenance: {
      source: 'test',
      source_item_id: content.decision_id,
      scraped_at: '2026-01-01T00:00:00.000Z',
      content_hash: hash,
    },
  };
}

let seq = 0;
/** A DecisionPublished event for the log. */
export function decisionEvent(decision: NormalisedDecision): OutgoingEvent {
  seq++;
  const envelope: RawEnvelope = {
    type: 'DecisionPublished',
    schemaVersion: 1,
    eventId: `test-${decision.decision_id}-${decision.provenance.content_hash.slice(0, 12)}-${seq}`,
    occurredAt: '2026-01-01T00:00:00.000Z',
    source: 'test',
    key: decision.decision_id,
    data: decision,
  };
  return { stream: 'decisions', envelope };
}

let withdrawals = 0;

/** A `DecisionWithdrawn` event of `decisionId` by `source` at `at` (each with an event id of its own). */
export function withdrawalEvent(
  decisionId: string,
  at: string,
  { source = 'entscheidsuche', reason = 'removed by the court' }: { source?: string; reason?: string } = {},
): OutgoingEvent {
  withdrawals++;
  const envelope: RawEnvelope = {
    type: 'DecisionWithdrawn',
    schemaVersion: 1,
    eventId: `test-withdrawn-${decisionId}-${withdrawals}`,
    occurredAt: at,
    source,
    key: decisionId,
    data: {
      decision_id: decisionId,
      withdrawn_at: at,
      reason,
      provenance: { source, source_item_id: decisionId },
    },
  };
  return { stream: 'decisions', envelope };
}
