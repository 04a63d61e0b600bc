/** One client's count in the current fixed window of a rate limit. */
export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends and the count starts again. */
  readonly ttlMs: number;
}

/** Request counters that every API instance sharing them enforces as one limit. */
export interface RateLimitCounter {
  /** Counts one request of `key` in the current window of `windowMs` (windows aligned to the store's clock). */
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
}
