import { Cron } from 'croner';
import type { ScraperHealthTable, ScraperScheduleTable } from '../../infra/db/schema.ts';
import type { Database } from '../../infra/db/database.ts';

type ScraperError = { item: string | null; message: string };

/** The next time `cron` fires after `now` in `timezone`; null when it never fires again. */
function nextRun(cron: string, timezone: string, now: Date): string | null {
  try {
    return new Cron(cron, { timezone, paused: true }).nextRun(now)?.toISOString() ?? null;
  } catch {
    // Declarations are validated before they are published; an expression this croner cannot
    // read (an older release's) has no next time to show rather than failing the whole report.
    return null;
  }
}

function scheduleFields(schedule: ScraperScheduleTable | undefined, now: Date) {
  return {
    scheduled: schedule !== undefined,
    schedule: schedule?.cron ?? null,
    schedule_timezone: schedule?.timezone ?? null,
    next_run_at: schedule ? nextRun(schedule.cron, schedule.timezone, now) : null,
  };
}

function ranEntry(
  r: ScraperHealthTable,
  schedule: ScraperScheduleTable | undefined,
  now: Date,
  limit: number,
) {
  return {
    source: r.source,
    success: r.success,
    never_run: false,
    run_id: r.run_id,
    started_at: r.started_at,
    finished_at: r.finished_at,
    duration_ms: r.duration_ms === null ? null : Number(r.duration_ms),
    decisions_added: r.decisions_added,
    decisions_updated: r.decisions_updated,
    decisions_withdrawn: r.decisions_withdrawn,
    http_errors: r.http_errors,
    consecutive_failures: r.consecutive_failures,
    ...scheduleFields(schedule, now),
    items_seen: r.items_seen,
    items_failed: r.items_failed,
    total_held: r.total_held,
    portal_count: r.portal_count,
    last_success_at: r.last_success_at,
    stale: r.last_success_at === null || new Date(r.last_success_at).getTime() < limit,
    errors: (r.errors as ScraperError[]).slice(0, 20),
    unknown_courts: (r.unknown_courts ?? {}) as Record<string, number>,
    metadata_disagreements: (r.metadata_disagreements ?? {}) as Record<string, number>,
  };
}

/** A scheduled source without a run: listed, never successful, so stale. */
function neverRunEntry(schedule: ScraperScheduleTable, now: Date) {
  return {
    source: schedule.source,
    success: false,
    never_run: true,
    run_id: null,
    started_at: null,
    finished_at: null,
    duration_ms: null,
    decisions_added: 0,
    decisions_updated: 0,
    decisions_withdrawn: 0,
    http_errors: null,
    consecutive_failures: 0,
    ...scheduleFields(schedule, now),
    items_seen: 0,
    items_failed: 0,
    total_held: 0,
    portal_count: null,
    last_success_at: null,
    stale: true,
    errors: [],
    unknown_courts: {},
    metadata_disagreements: {},
  };
}

/**
 * Health per source: every source that has run (its latest run) and every source the declared
 * schedule names, run or not. Staleness is judged at read time: no success within
 * `staleAfterHours` before `now`.
 */
export async function scraperHealth(db: Database, now: Date, staleAfterHours: number) {
  const [runs, scheduled] = await Promise.all([
    db.selectFrom('scraper_health').selectAll().execute(),
    db.selectFrom('scraper_schedule').selectAll().execute(),
  ]);
  const schedules = new Map(scheduled.map((s) => [s.source, s]));
  const limit = now.getTime() - staleAfterHours * 3_600_000;
  const entries = [
    ...runs.map((r) => ranEntry(r, schedules.get(r.source), now, limit)),
    ...scheduled.filter((s) => !runs.some((r) => r.source === s.source)).map((s) => neverRunEntry(s, now)),
  ];
  return {
    generated_at: now.toISOString(),
    stale_after_hours: staleAfterHours,
    sources: entries.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0)),
  };
}
