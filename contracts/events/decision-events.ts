import { z } from 'zod';
import { JURISDICTIONS, LANGUAGES } from '../courts/cantons.ts';
import { eventSchema, isoDate, isoDateTime } from './envelope.ts';

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
