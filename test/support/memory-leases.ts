import type { BackoffState, SourceLeaseStore } from '../../infra/scheduler/source-lease.port.ts';

/** Leases in memory with the table's rules (free or expired only), on the faked clock. */
export class MemoryLeases implements SourceLeaseStore {
  readonly rows = new Map<string, { holder: string | null; expires: number; backoff: BackoffState }>();
  async acquire(key: string, holder: string, ttlMs: number) {
    const row = this.rows.get(key) ?? {
      holder: null,
      expires: 0,
      backoff: { consecutiveFailures: 0, retryAt: null },
    };
    if (row.holder !== null && row.expires >= Date.now()) return null;
    this.rows.set(key, { ...row, holder, expires: Date.now() + ttlMs });
    return row.backoff;
  }
  async renew(key: string, holder: string, ttlMs: number) {
    const row = this.rows.get(key);
    if (row?.holder !== holder) return false;
    row.expires = Date.now() + ttlMs;
    return true;
  }
  async release(key: string, holder: string, backoff: BackoffState | null) {
    const row = this.rows.get(key);
    if (row?.holder !== holder) return;
    this.rows.set(key, { holder: null, expires: 0, backoff: backoff ?? row.backoff });
  }
  async holderOf(key: string) {
    const row = this.rows.get(key);
    return row && row.holder !== null && row.expires >= Date.now() ? row.holder : null;
  }
}
