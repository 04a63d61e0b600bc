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
  /** Wall-clock length of the run (finished_at − started_at); absent in older events. */
  duration_ms: z.number().int().nonnegative().optional(),
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

/** One scheduled job: an ingest `SOURCE` setting, its cron expression and the health sources its runs report. */
export const scheduledSourceSchema = z.object({
  /** The `SOURCE` value the job runs (`fedlex`, `lexfind`, …). */
  schedule_key: z.string().min(1),
  cron: z.string().min(1),
  /** The source names its runs report in ScraperRunCompleted (`lexfind` runs `lexfind` and `cantonal`). */
  sources: z.array(z.string().min(1)).min(1),
});

/**
 * What a scheduler runs, declared when it starts: the configured sources a deployment expects to
 * see in its health, run or not yet. A later declaration replaces an earlier one.
 */
export const scraperScheduleSchema = z.object({
  declared_at: isoDateTime,
  /** IANA time zone the cron expressions are read in. */
  timezone: z.string().min(1),
  jobs: z.array(scheduledSourceSchema),
});
export type ScraperSchedule = z.infer<typeof scraperScheduleSchema>;

export const scraperScheduleDeclaredV1 = eventSchema('ScraperScheduleDeclared', 1, scraperScheduleSchema);
export type ScraperScheduleDeclared = z.infer<typeof scraperScheduleDeclaredV1>;
