import { Cron } from 'croner';
import { z } from 'zod';
import { type IngestEnv, ingestEnv } from './config.ts';

/** The ingest `SOURCE` values a schedule may name (the same list `npm run start:ingest` reads). */
export const SCHEDULABLE_SOURCES: readonly IngestEnv['SOURCE'][] = ingestEnv.shape.SOURCE.unwrap().options;

/** One scheduled job: a `SOURCE` value and the cron expression it runs on. */
export interface ScheduleEntry {
  readonly source: IngestEnv['SOURCE'];
  readonly cron: string;
}

const nonNegativeInt = (fallback: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.number().int().nonnegative(),
    )
    .default(fallback);

const positiveMs = (fallback: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.number().int().positive(),
    )
    .default(fallback);

const timezone = z
  .string()
  .default('Europe/Zurich')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Europe/Zurich or UTC');

/**
 * `source=cron;source=cron` (e.g. `fedlex=0 3 * * 0;lexfind=30 3 * * *`): every source a known
 * `SOURCE` value, named once, every cron expression one croner reads (5 fields, or 6 with seconds).
 */
export const scheduleSpec = z.string().transform((text, ctx): ScheduleEntry[] => {
  const entries: ScheduleEntry[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p.length > 0)) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    const cron = eq < 0 ? '' : part.slice(eq + 1).trim();
    const source = SCHEDULABLE_SOURCES.find((s) => s === name);
    if (!source) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown source '${name}' (one of ${SCHEDULABLE_SOURCES.join(', ')})`,
      });
      continue;
    }
    if (entries.some((e) => e.source === source)) {
      ctx.addIssue({ code: 'custom', message: `source '${source}' is scheduled twice` });
      continue;
    }
    try {
      if (cron === '') throw new Error('missing (write source=cron)');
      new Cron(cron, { paused: true });
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `${source}: invalid cron expression '${cron}': ${error instanceof Error ? error.message : String(error)}`,
      });
      continue;
    }
    entries.push({ source, cron });
  }
  if (entries.length === 0 && ctx.issues.length === 0)
    ctx.addIssue({ code: 'custom', message: 'must name at least one source=cron' });
  return entries;
});

/** How scheduled runs are spread, retried and locked. */
const scheduleSettings = {
  /** Cron expressions are read in this time zone. */
  SCHEDULE_TIMEZONE: timezone,
  /** A run starts a random delay of 0 … this many ms after its cron time (0: on the dot). */
  SCHEDULE_JITTER_MS: nonNegativeInt(300_000),
  /** After a failed run the source is tried again this long later, doubled per further failure … */
  SCHEDULE_RETRY_MS: positiveMs(900_000),
  /** … up to this wait; a success resets the back-off. */
  SCHEDULE_RETRY_MAX_MS: positiveMs(6 * 3_600_000),
  /** Length of the database lease a running source holds (renewed every third of it). */
  SCHEDULE_LEASE_MS: positiveMs(120_000),
};

/** `npm run start:scheduler`: the ingest settings plus a required SCHEDULE. */
export const schedulerEnv = ingestEnv.extend({ SCHEDULE: scheduleSpec, ...scheduleSettings });
export type SchedulerEnv = z.infer<typeof schedulerEnv>;

/** `npm start` (embedded): the same, SCHEDULE optional (no schedule: nothing runs on a clock). */
export const embeddedScheduleEnv = ingestEnv.extend({
  SCHEDULE: scheduleSpec.optional(),
  ...scheduleSettings,
});
