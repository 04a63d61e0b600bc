import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IngestStateStore } from '../../infra/ingest-state/ingest-state.port.ts';

/** The behaviour every ingest-state store must show. */
export function ingestStateBehaviour(
  name: string,
  open: () => Promise<{ store: IngestStateStore; close(): Promise<void> } | null>,
): void {
  describe(`ingest state behaviour: ${name}`, () => {
    let fixture: Awaited<ReturnType<typeof open>> = null;
    beforeAll(async () => {
      fixture = await open();
    });
    afterAll(async () => fixture?.close());
    beforeEach((ctx) => {
      if (!fixture) ctx.skip();
    });

    it('remembers the last content hash per item and counts entities per source', async () => {
      const store = fixture!.store;
      expect(await store.count('s1')).toBe(0);
      await store.put(
        [
          { source: 's1', itemId: 'a.json', entityKey: 'bger_1', contentHash: 'h1' },
          { source: 's1', itemId: 'b.json', entityKey: 'bger_2', contentHash: 'h2' },
          { source: 's2', itemId: 'a.json', entityKey: 'bger_1', contentHash: 'x' },
        ],
        '2026-01-01T00:00:00.000Z',
      );
      await store.put(
        [{ source: 's1', itemId: 'a.json', entityKey: 'bger_1', contentHash: 'h1b' }],
        '2026-01-02T00:00:00.000Z',
      );
      const got = await store.get('s1', ['a.json', 'b.json', 'missing.json']);
      expect(got.get('a.json')?.contentHash).toBe('h1b');
      expect(got.get('b.json')?.contentHash).toBe('h2');
      expect(got.has('missing.json')).toBe(false);
      expect(await store.count('s1')).toBe(2);
      expect(await store.count('s2')).toBe(1);
      expect((await store.get('s1', [])).size).toBe(0);
    });

    it('remembers when a source was last read to the end', async () => {
      const store = fixture!.store;
      expect(await store.lastComplete('done-source')).toBeNull();
      await store.markComplete('done-source', '2026-01-01T00:00:00.000Z');
      await store.markComplete('done-source', '2026-01-03T12:00:00.000Z');
      expect(await store.lastComplete('done-source')).toBe('2026-01-03T12:00:00.000Z');
      expect(await store.lastComplete('other-source')).toBeNull();
      expect(await store.count('done-source')).toBe(0);
    });

    it('handles large batches', async () => {
      const store = fixture!.store;
      const records = Array.from({ length: 1234 }, (_, i) => ({
        source: 'big',
        itemId: `i${i}`,
        entityKey: `e${i % 1000}`,
        contentHash: `h${i}`,
      }));
      await store.put(records, '2026-01-01T00:00:00.000Z');
      expect(await store.count('big')).toBe(1000);
      expect(
        (
          await store.get(
            'big',
            records.slice(0, 700).map((r) => r.itemId),
          )
        ).size,
      ).toBe(700);
    });
  });
}
