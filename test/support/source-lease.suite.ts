import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SourceLeaseStore } from '../../infra/scheduler/source-lease.port.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The behaviour every source lease store must show; `second` is another store on the same database. */
export function sourceLeaseBehaviour(
  name: string,
  open: () => Promise<{ store: SourceLeaseStore; second: SourceLeaseStore; close(): Promise<void> } | null>,
): void {
  describe(`source leases: ${name}`, () => {
    let fixture: Awaited<ReturnType<typeof open>> = null;
    beforeAll(async () => {
      fixture = await open();
    });
    afterAll(async () => fixture?.close());
    beforeEach((ctx) => {
      if (!fixture) ctx.skip();
    });

    it('one holder at a time, also the same holder twice; free again after release', async () => {
      const { store, second } = fixture!;
      expect(await store.acquire('fedlex', 'a', 60_000)).toEqual({ consecutiveFailures: 0, retryAt: null });
      expect(await second.acquire('fedlex', 'b', 60_000)).toBeNull();
      expect(await store.acquire('fedlex', 'a', 60_000)).toBeNull();
      expect(await second.acquire('lexfind', 'b', 60_000)).not.toBeNull();
      await second.release('fedlex', 'b', { consecutiveFailures: 9, retryAt: null }); // not b's: no effect
      expect(await second.acquire('fedlex', 'b', 60_000)).toBeNull();
      await store.release('fedlex', 'a', null);
      expect(await second.acquire('fedlex', 'b', 60_000)).toEqual({ consecutiveFailures: 0, retryAt: null });
      await second.release('fedlex', 'b', null);
      await second.release('lexfind', 'b', null);
    });

    it('keeps the back-off a release records for the next holder', async () => {
      const { store, second } = fixture!;
      await store.acquire('bo', 'a', 60_000);
      await store.release('bo', 'a', { consecutiveFailures: 3, retryAt: '2026-03-01T04:00:00.000Z' });
      expect(await second.acquire('bo', 'b', 60_000)).toEqual({
        consecutiveFailures: 3,
        retryAt: '2026-03-01T04:00:00.000Z',
      });
      await second.release('bo', 'b', null); // interrupted: unchanged
      expect(await store.acquire('bo', 'a', 60_000)).toMatchObject({ consecutiveFailures: 3 });
      await store.release('bo', 'a', { consecutiveFailures: 0, retryAt: null });
      expect(await second.acquire('bo', 'b', 60_000)).toEqual({ consecutiveFailures: 0, retryAt: null });
      await second.release('bo', 'b', null);
    });

    it('an expired lease is taken over; renewing keeps it, and the old holder learns it lost it', async () => {
      const { store, second } = fixture!;
      await store.acquire('exp', 'a', 300);
      expect(await store.renew('exp', 'a', 300)).toBe(true);
      expect(await second.acquire('exp', 'b', 60_000)).toBeNull();
      await sleep(450);
      expect(await second.acquire('exp', 'b', 60_000)).not.toBeNull();
      expect(await store.renew('exp', 'a', 300)).toBe(false);
      await store.release('exp', 'a', { consecutiveFailures: 5, retryAt: null }); // no longer a's
      expect(await store.acquire('exp', 'a', 60_000)).toBeNull();
      await second.release('exp', 'b', null);
    });

    it('of many simultaneous takers exactly one wins', async () => {
      const { store, second } = fixture!;
      const takers = Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? store : second).acquire('race', `h${i}`, 60_000),
      );
      const won = (await Promise.all(takers)).filter((s) => s !== null);
      expect(won).toHaveLength(1);
    });
  });
}
