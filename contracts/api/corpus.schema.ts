import { z } from 'zod';
import { CANTONS } from '../courts/cantons.ts';
import { citationGraphStatistics, statuteStatistics } from './graph.schema.ts';
import { intParam } from './params.ts';

const CANTON_CODES = new Set<string>(['CH', ...CANTONS]);

export const courtEntry = z.object({
  court: z.string(),
  name_de: z.string(),
  name_fr: z.string(),
  name_it: z.string(),
  canton: z.string(),
  family: z.string(),
  level: z
    .enum(['federal', 'cantonal', 'first_instance', 'authority', 'collection', 'unknown'])
    .describe(
      'federal court; cantonal court of appeal or last instance; first-instance court; authority or commission; collection of the portal; not known',
    ),
  known: z
    .boolean()
    .describe('False for a court the portal files decisions under but the registry does not list yet'),
  signatures: z.array(z.string()).describe("The portal's court codes filed under this court"),
  decision_count: z.number().int(),
  earliest_date: z.string().nullable(),
  latest_date: z.string().nullable(),
  languages: z.record(z.string(), z.number().int()),
});
export const courtsResponse = z.object({ total_courts: z.number().int(), courts: z.array(courtEntry) });

export const statisticsQuery = z.object({
  court: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .refine((s) => /^[a-z][a-z0-9_]{1,63}$/.test(s), {
      message: 'Input should be a court key such as bger or zh_obergericht; list the courts via /courts',
    })
    .optional(),
  canton: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => CANTON_CODES.has(s), {
      message: 'Input should be a two-letter canton code (AG … ZH) or CH',
    })
    .optional(),
  year: intParam(1800, 2200).optional(),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

export const statisticsResponse = z.object({
  filters: z.object({
    court: z.string().nullable(),
    canton: z.string().nullable(),
    year: z.number().int().nullable(),
  }),
  decisions: z.object({
    total: z.number().int(),
    courts: z.number().int(),
    earliest_date: z.string().nullable(),
    latest_date: z.string().nullable(),
    undated: z.number().int(),
    by_language: z.record(z.string(), z.number().int()),
    by_year: z.record(z.string(), z.number().int()),
    by_court: z.record(z.string(), z.number().int()),
    by_canton: z.record(z.string(), z.number().int()),
  }),
  citation_graph: citationGraphStatistics,
  statutes: statuteStatistics,
});
export type StatisticsResponse = z.infer<typeof statisticsResponse>;

export const scraperHealthEntry = z.object({
  source: z.string(),
  success: z.boolean().describe('The latest run read the source to the end (false when it never ran)'),
  never_run: z.boolean().describe('A scheduled source without any run yet (its run fields are null or 0)'),
  run_id: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable().describe('Length of the latest run'),
  decisions_added: z.number().int(),
  decisions_updated: z.number().int(),
  decisions_withdrawn: z.number().int().describe('Withdrawals the latest run published'),
  http_errors: z
    .number()
    .int()
    .nullable()
    .describe('Failed portal requests of the latest run (retries included); null for a source without HTTP'),
  consecutive_failures: z.number().int().describe('Failed runs since the last successful one'),
  scheduled: z.boolean().describe('Named by the schedule the scheduler declared'),
  schedule: z.string().nullable().describe('Cron expression of the scheduled job running the source'),
  schedule_timezone: z.string().nullable(),
  next_run_at: z.string().nullable().describe('Next cron time of the scheduled job (before jitter and back-off)'),
  items_seen: z.number().int(),
  items_failed: z.number().int(),
  total_held: z.number().int(),
  portal_count: z.number().int().nullable(),
  last_success_at: z.string().nullable(),
  stale: z.boolean().describe('No successful run within the expected interval'),
  errors: z.array(z.object({ item: z.string().nullable(), message: z.string() })),
  unknown_courts: z
    .record(z.string(), z.number().int())
    .describe(
      'Records of the last run per portal court code the registry does not know (ingested, listed in /courts)',
    ),
  metadata_disagreements: z
    .record(z.string(), z.number().int())
    .describe(
      "Records of the last run whose portal metadata (decision_date, docket_number) disagrees with the decision's text",
    ),
});
export const scraperHealthResponse = z.object({
  generated_at: z.string(),
  stale_after_hours: z.number().int().describe('A source is stale when it has not succeeded for this long'),
  sources: z.array(scraperHealthEntry),
});
