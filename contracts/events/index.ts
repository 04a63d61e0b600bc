import { z } from 'zod';
import { billingEventReceivedV1 } from './billing-events.ts';
import { commentaryPublishedV1 } from './commentary-events.ts';
import { decisionPublishedV1, decisionWithdrawnV1 } from './decision-events.ts';
import { envelopeSchema, type RawEnvelope, type StreamName } from './envelope.ts';
import { materialPublishedV1 } from './material-events.ts';
import { scraperRunCompletedV1, scraperScheduleDeclaredV1 } from './scraper-health-events.ts';
import { legislationCatalogEntryPublishedV1, statuteVersionPublishedV1 } from './statute-events.ts';

export * from './billing-events.ts';
export * from './commentary-events.ts';
export * from './decision-events.ts';
export * from './envelope.ts';
export * from './material-events.ts';
export * from './scraper-health-events.ts';
export * from './statute-events.ts';

/** Every event type the projections understand, in its current version. */
export const domainEventSchema = z.discriminatedUnion('type', [
  decisionPublishedV1,
  decisionWithdrawnV1,
  scraperRunCompletedV1,
  statuteVersionPublishedV1,
  legislationCatalogEntryPublishedV1,
  billingEventReceivedV1,
  commentaryPublishedV1,
  materialPublishedV1,
  scraperScheduleDeclaredV1,
]);
export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent['type'];

/** The stream each event type is written to. */
export const STREAM_OF: Record<DomainEventType, StreamName> = {
  DecisionPublished: 'decisions',
  DecisionWithdrawn: 'decisions',
  ScraperRunCompleted: 'scraper-health',
  StatuteVersionPublished: 'statutes',
  LegislationCatalogEntryPublished: 'legislation-catalog',
  BillingEventReceived: 'billing',
  CommentaryPublished: 'commentaries',
  MaterialPublished: 'materials',
  ScraperScheduleDeclared: 'scraper-health',
};

/**
 * Old event shapes are rewritten to the current version here, before any projection sees them.
 * Version 1 is the only one so far; an upcaster per (type, version) goes in this table.
 */
const UPCASTERS: Record<string, (e: RawEnvelope) => RawEnvelope> = {};

export type ParsedEvent = { ok: true; event: DomainEvent } | { ok: false; reason: string };

/** Validate (and upcast) an event read from the log. Never throws. */
export function parseEvent(raw: unknown): ParsedEvent {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, reason: `invalid envelope: ${z.prettifyError(envelope.error)}` };
  let current = envelope.data;
  for (let guard = 0; guard < 10; guard++) {
    const up = UPCASTERS[`${current.type}@${current.schemaVersion}`];
    if (!up) break;
    current = up(current);
  }
  const parsed = domainEventSchema.safeParse(current);
  if (!parsed.success) {
    return {
      ok: false,
      reason: `invalid ${current.type} v${current.schemaVersion}: ${z.prettifyError(parsed.error)}`,
    };
  }
  return { ok: true, event: parsed.data };
}
