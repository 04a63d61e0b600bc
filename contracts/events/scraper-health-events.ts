import { z } from 'zod';
import { eventSchema, isoDateTime } from './envelope.ts';

export const scraperRunSchema = z.object({
  source: z.string().min(1),
  run_id: z.string().min(1),
  started_at: isoDateTime,
  finished_at: isoDateTime,
  success: z.boolean(),
  decisions_added: z.number().int().nonnegative(),
  decisions_updated: z.number().int().nonnegative(),
  /** Decisions the source no longer lists (withdrawal events published); absent in older events. */
  decisions_withdrawn: z.number().int().nonnegative().optional(),
  /** Requests to the portal that failed (HTTP status >= 400, timeout, connection); absent in older events. */
  http_errors: z.number().int().nonnegative().optional(),
  items_seen: z.number().int().nonnegative(),
  items_failed: z.number().int().nonnegative(),
  total_held: z.number().int().nonnegative(),
  portal_count: z.number().int().nonnegative().nullable(),
  errors: z.array(z.object({ item: z.string().nullable(), message: z.string() })).max(100),
  /** Records per portal court code the registry does not know (ingested under a key of their own). */
  unknown_courts: z.record(z.string(), z.number().int().nonnegative()).optional(),
  /** Records whose portal metadata disagrees with the decision's text, per field. */
  metadata_disagreements: z.record(z.string(), z.number().int().nonnegative()).optional(),
});
export type ScraperRun = z.infer<typeof scraperRunSchema>;

export const scraperRunCompletedV1 = eventSchema('ScraperRunCompleted', 1, scraperRunSchema);
export type ScraperRunCompleted = z.infer<typeof scraperRunCompletedV1>;
