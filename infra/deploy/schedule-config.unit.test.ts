import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../config/env.ts';
import { embeddedScheduleEnv, schedulerEnv } from './schedule-config.ts';

const parse = (vars: Record<string, string>) => parseEnv(schedulerEnv, vars);

describe('SCHEDULE and the schedule settings', () => {
  it('reads source=cron pairs (5 or 6 fields) with the defaults', () => {
    const env = parse({ SCHEDULE: 'fedlex=0 3 * * 0; lexfind=30 3 * * * ;onlinekommentar=*/10 * * * * *;' });
    expect(env.SCHEDULE).toEqual([
      { source: 'fedlex', cron: '0 3 * * 0' },
      { source: 'lexfind', cron: '30 3 * * *' },
      { source: 'onlinekommentar', cron: '*/10 * * * * *' },
    ]);
    expect(env).toMatchObject({
      SCHEDULE_TIMEZONE: 'Europe/Zurich',
      SCHEDULE_JITTER_MS: 300_000,
      SCHEDULE_RETRY_MS: 900_000,
      SCHEDULE_RETRY_MAX_MS: 21_600_000,
      SCHEDULE_LEASE_MS: 120_000,
    });
    expect(parse({ SCHEDULE: 'fedlex=0 3 * * *', SCHEDULE_JITTER_MS: '0' }).SCHEDULE_JITTER_MS).toBe(0);
  });

  it.each([
    ['nowhere=0 3 * * *', /SCHEDULE: unknown source 'nowhere' \(one of sample, .*fedlex/],
    ['fedlex=0 25 * * *', /SCHEDULE: fedlex: invalid cron expression '0 25 \* \* \*'/],
    ['fedlex=every night', /SCHEDULE: fedlex: invalid cron expression 'every night'/],
    ['fedlex', /SCHEDULE: fedlex: invalid cron expression '': missing/],
    ['fedlex=0 3 * * *;fedlex=0 4 * * *', /SCHEDULE: source 'fedlex' is scheduled twice/],
    [' ; ', /SCHEDULE: must name at least one source=cron/],
  ])('stops start-up on %j naming it', (value, message) => {
    expect(() => parse({ SCHEDULE: value })).toThrow(ConfigError);
    expect(() => parse({ SCHEDULE: value })).toThrow(message);
  });

  it('names every bad setting', () => {
    expect(() => parse({})).toThrow(/SCHEDULE:/);
    expect(() => parse({ SCHEDULE: 'fedlex=0 3 * * *', SCHEDULE_TIMEZONE: 'Mars/Olympus' })).toThrow(
      /SCHEDULE_TIMEZONE: must be an IANA time zone/,
    );
    expect(() => parse({ SCHEDULE: 'fedlex=0 3 * * *', SCHEDULE_RETRY_MS: '0' })).toThrow(
      /SCHEDULE_RETRY_MS/,
    );
    expect(() => parse({ SCHEDULE: 'fedlex=0 3 * * *', SCHEDULE_JITTER_MS: '-5' })).toThrow(
      /SCHEDULE_JITTER_MS/,
    );
  });

  it('is optional in embedded mode', () => {
    expect(parseEnv(embeddedScheduleEnv, {}).SCHEDULE).toBeUndefined();
    expect(parseEnv(embeddedScheduleEnv, { SCHEDULE: 'lexfind=0 4 * * *' }).SCHEDULE).toEqual([
      { source: 'lexfind', cron: '0 4 * * *' },
    ]);
    expect(() => parseEnv(embeddedScheduleEnv, { SCHEDULE: 'lexfind=0 4 * *' })).toThrow(/SCHEDULE: lexfind/);
  });
});
