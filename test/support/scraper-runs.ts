import type { ScraperRun } from '../../contracts/events/index.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';

/** A ScraperRunCompleted event of one run that finished at `finishedAt` (one item, one error when failed). */
export function scraperRun(
  source: string,
  runId: string,
  finishedAt: string,
  success: boolean,
  overrides: Partial<ScraperRun> = {},
): OutgoingEvent {
  const run: ScraperRun = {
    source,
    run_id: runId,
    started_at: finishedAt,
    finished_at: finishedAt,
    success,
    decisions_added: 1,
    decisions_updated: 0,
    items_seen: 1,
    items_failed: success ? 0 : 1,
    total_held: 10,
    portal_count: null,
    errors: success ? [] : [{ item: null, message: 'portal down' }],
    ...overrides,
  };
  return {
    stream: 'scraper-health',
    envelope: {
      type: 'ScraperRunCompleted',
      schemaVersion: 1,
      eventId: `run-${source}-${runId}`,
      occurredAt: finishedAt,
      source,
      key: source,
      data: run,
    },
  };
}

/** A ScraperScheduleDeclared event: `jobs` as [schedule key, cron, health sources]. */
export function scheduleDeclared(
  declaredAt: string,
  timezone: string,
  jobs: readonly [string, string, readonly string[]][],
): OutgoingEvent {
  return {
    stream: 'scraper-health',
    envelope: {
      type: 'ScraperScheduleDeclared',
      schemaVersion: 1,
      eventId: `schedule-${declaredAt}`,
      occurredAt: declaredAt,
      source: 'scheduler',
      key: 'schedule',
      data: {
        declared_at: declaredAt,
        timezone,
        jobs: jobs.map(([key, cron, sources]) => ({ schedule_key: key, cron, sources: [...sources] })),
      },
    },
  };
}
