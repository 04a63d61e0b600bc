import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SourceLeaseStore } from '../../infra/scheduler/source-lease.port.ts';
import {
  type AttemptResult,
  backoffDelay,
  type JobOutcome,
  jitterDelay,
  type ScheduledJob,
  SourceScheduler,
} from './source-scheduler.ts';
import { MemoryLeases } from '../../test/support/memory-leases.ts';

const silent = { info() {}, warn() {}, error() {} };
const MIN = 60_000;
const settings = {
  timezone: 'UTC',
  jitterMaxMs: 0,
  retryBaseMs: 10 * MIN,
  retryMaxMs: 60 * MIN,
  leaseMs: MIN,
};

/** A job whose runs take `runMs` and end as `outcomes` says (then successes). */
function job(outcomes: JobOutcome[] = [], runMs = 1000, cron = '0 2 * * *') {
  const runs: { at: string; signal: AbortSignal }[] = [];
  let running = 0;
  let overlap = false;
  const scheduled: ScheduledJob = {
    key: 'fedlex',
    cron,
    async run(signal) {
      // Second precision: croner fires a millisecond or so after the second.
      runs.push({ at: new Date().toISOString().slice(0, 19), signal });
      if (++running > 1) overlap = true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, runMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      running--;
      if (signal.aborted) return 'interrupted';
      return outcomes.shift() ?? 'success';
    },
  };
  return { scheduled, runs, overlapped: () => overlap };
}

function scheduler(
  jobs: ScheduledJob[],
  leases: SourceLeaseStore,
  holder: string,
  overrides = {},
  random = () => 0,
) {
  const attempts: AttemptResult[] = [];
  const s = new SourceScheduler(
    jobs,
    {
      leases,
      holder,
      now: Date.now,
      random,
      logger: silent,
      onAttempt: (_key, result) => attempts.push(result),
    },
    { ...settings, ...overrides },
  );
  return { s, attempts };
}

describe('back-off and jitter', () => {
  it.each([
    [1, 10 * MIN],
    [2, 20 * MIN],
    [3, 40 * MIN],
    [4, 60 * MIN],
    [30, 60 * MIN],
    [5000, 60 * MIN],
  ])('after %i failures the wait is %i ms (doubled, capped)', (failures, wait) => {
    expect(backoffDelay(failures, 10 * MIN, 60 * MIN)).toBe(wait);
  });

  it('keeps the jitter within [0, max) and is 0 without a maximum', () => {
    for (const r of [0, 0.25, 0.5, 0.999999, 0.9999999999999999])
      expect(jitterDelay(() => r, 5 * MIN)).toBeGreaterThanOrEqual(0);
    expect(jitterDelay(() => 0.9999999999999999, 5 * MIN)).toBeLessThan(5 * MIN);
    expect(jitterDelay(() => 0.5, 5 * MIN)).toBe(150_000);
    expect(jitterDelay(() => 0.7, 0)).toBe(0);
  });
});

describe('SourceScheduler on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T01:59:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs a job at its cron time, delayed by the jitter', async () => {
    const j = job();
    const { s } = scheduler([j.scheduled], new MemoryLeases(), 'a', { jitterMaxMs: 5 * MIN }, () => 0.5);
    s.start();
    expect(s.nextRuns()).toEqual([{ key: 'fedlex', at: '2026-03-01T02:00:00.000Z' }]);
    await vi.advanceTimersByTimeAsync(MIN + 150_000 - 10);
    expect(j.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(j.runs.map((r) => r.at)).toEqual(['2026-03-01T02:02:30']);
    await s.stop();
  });

  it('never runs one source twice at once: a second scheduler on the same leases skips', async () => {
    const leases = new MemoryLeases();
    const j = job([], 30 * MIN, '0 2 * * *');
    const a = scheduler([j.scheduled], leases, 'a');
    const b = scheduler([j.scheduled], leases, 'b');
    a.s.start();
    b.s.start();
    await vi.advanceTimersByTimeAsync(MIN + 31 * MIN);
    expect(j.runs).toHaveLength(1);
    expect(j.overlapped()).toBe(false);
    expect([...a.attempts, ...b.attempts].sort()).toEqual(['locked', 'ran']);
    // The lease was renewed through the 30-minute run (1 minute lease) and is free again.
    expect(leases.rows.get('fedlex')?.holder).toBeNull();
    await a.s.stop();
    await b.s.stop();
  });

  it('a cron time during a run of the same scheduler is skipped, not queued', async () => {
    const j = job([], 90_000, '* * * * *');
    const { s, attempts } = scheduler([j.scheduled], new MemoryLeases(), 'a');
    s.start();
    await vi.advanceTimersByTimeAsync(3 * MIN + 100);
    expect(j.overlapped()).toBe(false);
    expect(attempts).toContain('locked');
    await s.stop();
  });

  it('retries a failing source after a doubling, capped back-off, skips cron times inside it, resets on success', async () => {
    const leases = new MemoryLeases();
    // Nightly, and the source fails four times in a row.
    const j = job(['failure', 'failure', 'failure', 'failure'], 1000, '0 2 * * *');
    const { s, attempts } = scheduler([j.scheduled], leases, 'a');
    s.start();
    await vi.advanceTimersByTimeAsync(MIN + 1500);
    const backoff = leases.rows.get('fedlex')?.backoff;
    expect(backoff?.consecutiveFailures).toBe(1);
    expect(backoff?.retryAt?.slice(0, 19)).toBe('2026-03-01T02:10:01');
    await vi.advanceTimersByTimeAsync(3 * 60 * MIN);
    const starts = j.runs.map((r) => r.at);
    // 02:00 fails; retries after 10, 20, 40 minutes; the 60-minute cap then lets the 5th run succeed.
    expect(starts).toEqual([
      '2026-03-01T02:00:00',
      '2026-03-01T02:10:01',
      '2026-03-01T02:30:02',
      '2026-03-01T03:10:03',
      '2026-03-01T04:10:04',
    ]);
    expect(leases.rows.get('fedlex')?.backoff).toEqual({ consecutiveFailures: 0, retryAt: null });
    expect(attempts.every((a) => a === 'ran')).toBe(true);
    await s.stop();
  });

  it('a cron time inside the back-off window is skipped', async () => {
    const leases = new MemoryLeases();
    const j = job(['failure'], 1000, '*/5 * * * *');
    const { s, attempts } = scheduler([j.scheduled], leases, 'a');
    s.start();
    await vi.advanceTimersByTimeAsync(MIN + 1500); // 02:00 fails: back off until 02:10:01
    await vi.advanceTimersByTimeAsync(5 * MIN); // 02:05 falls inside
    expect(attempts).toEqual(['ran', 'backing-off']);
    expect(j.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6 * MIN); // the retry at 02:10:01 (the 02:10 tick is still inside)
    expect(j.runs.map((r) => r.at)).toEqual(['2026-03-01T02:00:00', '2026-03-01T02:10:01']);
    await s.stop();
  });

  it('stop() aborts the running job, waits for it, keeps the back-off and frees the lease', async () => {
    const leases = new MemoryLeases();
    const j = job([], 60 * MIN);
    const { s } = scheduler([j.scheduled], leases, 'a');
    s.start();
    await vi.advanceTimersByTimeAsync(MIN + 5000);
    expect(j.runs).toHaveLength(1);
    expect(j.runs[0]!.signal.aborted).toBe(false);
    await s.stop();
    expect(j.runs[0]!.signal.aborted).toBe(true);
    expect(leases.rows.get('fedlex')).toMatchObject({
      holder: null,
      backoff: { consecutiveFailures: 0, retryAt: null },
    });
    // Disarmed: nothing runs any more.
    await vi.advanceTimersByTimeAsync(48 * 60 * MIN);
    expect(j.runs).toHaveLength(1);
  });

  it('a job that throws counts as a failure', async () => {
    const leases = new MemoryLeases();
    const throwing: ScheduledJob = {
      key: 'lexfind',
      cron: '0 2 * * *',
      run: async () => {
        throw new Error('portal down');
      },
    };
    const { s } = scheduler([throwing], leases, 'a');
    s.start();
    await vi.advanceTimersByTimeAsync(MIN + 10);
    expect(leases.rows.get('lexfind')?.backoff.consecutiveFailures).toBe(1);
    await s.stop();
  });
});
