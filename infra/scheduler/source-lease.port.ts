/** Back-off state of a scheduled job, kept with its lease so that every scheduler sees it. */
export interface BackoffState {
  /** Failed runs in a row (0 after a success). */
  readonly consecutiveFailures: number;
  /** ISO time before which cron ticks do not start the job; null when not backing off. */
  readonly retryAt: string | null;
}

/**
 * One lease per scheduled job, in the database: at most one holder at a time across every
 * scheduler process on that database. Leases expire (database clock) unless renewed, so a holder
 * that died frees its job.
 */
export interface SourceLeaseStore {
  /** Takes the job's lease for `ttlMs` when it is free or expired; null when another holder (or this one) has it. */
  acquire(key: string, holder: string, ttlMs: number): Promise<BackoffState | null>;
  /** Extends a held lease by `ttlMs` from now; false when `holder` no longer holds it. */
  renew(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Frees the lease if `holder` has it, storing `backoff` (the run's outcome) when given. */
  release(key: string, holder: string, backoff: BackoffState | null): Promise<void>;
  /** Who holds the job's lease now (null when free or expired). */
  holderOf(key: string): Promise<string | null>;
}
