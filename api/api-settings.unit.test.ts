import { describe, expect, it } from 'vitest';
import { parseEnv } from '../infra/config/env.ts';
import { apiEnv } from '../infra/deploy/config.ts';
import type { Database } from '../infra/db/database.ts';
import { TableRateLimitCounter } from '../infra/rate-limit/table-rate-limit-counter.ts';
import { rateLimitFrom } from './api-settings.ts';

// The counter only keeps the handle; nothing is queried here.
const db = {} as Database;

describe('rateLimitFrom', () => {
  it.each([
    [{ SERVICE_MODE: 'embedded' }, 'off'],
    [{ SERVICE_MODE: 'embedded', RATE_LIMIT: 'on' }, 'in-process'],
    [{ SERVICE_MODE: 'postgres' }, 'shared'],
    [{ SERVICE_MODE: 'distributed', RATE_LIMIT: 'auto' }, 'shared'],
    [{ SERVICE_MODE: 'distributed', RATE_LIMIT: 'off' }, 'off'],
  ])('%o: %s', (vars, expected) => {
    const settings = rateLimitFrom(parseEnv(apiEnv, vars), db);
    const kind = !settings
      ? 'off'
      : settings.counter instanceof TableRateLimitCounter
        ? 'shared'
        : 'in-process';
    expect(kind).toBe(expected);
    if (settings) expect(settings).toMatchObject({ perSecond: 5, burst: 20 });
  });
});
