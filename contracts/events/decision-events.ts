import { z } from 'zod';
import { JURISDICTIONS, LANGUAGES } from '../courts/cantons.ts';
import { eventSchema, isoDate, isoDateTime } from './envelope.ts';

/** Metadata fields a portal's record and the decision's own text may disagree on. */
export const METADATA_FIELDS = ['decision_date', 'docket_number'] as const;
export type MetadataField = (typeof METADATA_FIELDS)[number];

/**
 * What the portal's record said, where the service read something else or could not place it: the
 * court code as the portal files it (and whether the registry knows it), and the metadata on
 * which record and text disagree (the decision's fields hold what the text states).
 */
export const sourceRecordSchema = z.object({
  court_code: z.string().nullable(),
  court_known: z.boolean(),
  disagreements: z
    .array(z.object({ field: z.enum(METADATA_FIELDS), record: z.string().nullable(), text: z.string() }))
    .max(METADATA_FIELDS.length),
});
export type SourceRecordNotes = z.infer<typeof sourceRecordSchema>;

/** The normalised decision every source produces. */
export const normalisedDecisionSchema = z.object({
  decision_id: z.string().min(3).max(200),
  court: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/),
  canton: z.enum(JURISDICTIONS),
  chamber: z.string().nullable(),
  docket_number: z.string().min(1).max(200),
  decision_type: z.string().nullable(),
  decision_date: isoDate.nullable(),
  publication_date: isoDate.nullable(),
  language: z.enum(LANGUAGES),
  title: z.string(),
  regeste: z.string().nullable(),
  full_text: z.string().min(1),
  source_url: z.string().nullable(),
  /** Set by portal sources (see {@link sourceRecordSchema}); absent for sources without a record. */
  source_record: sourceRecordSchema.optional(),
  provenance: z.object({
    source: z.string().min(1),
    source_item_id: z.string().min(1),
    scraped_at: isoDateTime,
    content_hash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type NormalisedDecision = z.infer<typeof normalisedDecisionSchema>;

export const decisionPublishedV1 = eventSchema('DecisionPublished', 1, normalisedDecisionSchema);
export type DecisionPublished = z.infer<typeof decisionPublishedV1>;

/**
 * A source no longer lists a decision it published (entscheidsuche `nicht_mehr_da`). The decision
 * stays retrievable, marked withdrawn, and leaves search and the court feeds; a later
 * DecisionPublished of the same id brings it back.
 */
export const decisionWithdrawalSchema = z.object({
  decision_id: z.string().min(3).max(200),
  withdrawn_at: isoDateTime,
  /** Why, in words an operator can act on (e.g. `entscheidsuche job file: nicht_mehr_da`). */
  reason: z.string().min(1).max(500),
  provenance: z.object({
    source: z.string().min(1),
    source_item_id: z.string().min(1),
  }),
});
export type DecisionWithdrawal = z.infer<typeof decisionWithdrawalSchema>;

export const decisionWithdrawnV1 = eventSchema('DecisionWithdrawn', 1, decisionWithdrawalSchema);
export type DecisionWithdrawn = z.infer<typeof decisionWithdrawnV1>;
