import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { RateLimitCounter, RateLimitHit } from './rate-limit.port.ts';

export interface TableRateLimitCounterOptions {
  /** How often, at most, rows of windows that ended are deleted (ms). */
  readonly sweepEveryMs?: number;
  /** Current time in ms, for deciding when to sweep (the windows follow the database clock). */
  readonly now?: () => number;
}

/**
 * Rate-limit counters in the `rate_limit_counters` table: one atomic upsert per request, windows
 * aligned to the database server's clock, so API instances on one database enforce one limit
 * whatever their own clocks say.
 */
export class TableRateLimitCounter implements RateLimitCounter {
  private readonly sweepEveryMs: number;
  private readonly now: () => number;
  private lastSweep: number;

  constructor(
    private readonly db: Database,
    options: TableRateLimitCounterOptions = {},
  ) {
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.lastSweep = this.now();
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const window = Math.max(1, Math.round(windowMs));
    // A request whose clock reading falls in an older window than the stored one (two transactions
    // at a window boundary) counts in the stored, newer window instead of resetting it.
    const result = await sql<{ count: number; window_start_ms: string | number; now_ms: string | number }>`
      with clock as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
      insert into rate_limit_counters as c (key, window_start_ms, count)
      select ${key}, ms - ms % ${window}, 1 from clock
      on conflict (key) do update set
        count = case when excluded.window_start_ms > c.window_start_ms then 1 else c.count + 1 end,
        window_start_ms = greatest(c.window_start_ms, excluded.window_start_ms)
      returning count, window_start_ms, (select ms from clock) as now_ms`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new Error('RATE_LIMIT_STORE: the counter upsert returned no row');
    await this.sweep(window, Number(row.now_ms));
    return {
      count: Number(row.count),
      ttlMs: Math.max(1, Number(row.window_start_ms) + window - Number(row.now_ms)),
    };
  }

  /** Deletes the counters of windows that ended (at most every sweepEveryMs). */
  private async sweep(windowMs: number, nowMs: number): Promise<void> {
    if (this.now() - this.lastSweep < this.sweepEveryMs) return;
    this.lastSweep = this.now();
    await this.db
      .deleteFrom('rate_limit_counters')
      .where('window_start_ms', '<', nowMs - windowMs)
      .execute();
  }
}
