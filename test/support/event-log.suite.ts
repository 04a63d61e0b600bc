import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RawEnvelope, StreamName } from '../../contracts/events/index.ts';
import type { EventLog, OutgoingEvent, StoredEvent } from '../../infra/event-log/event-log.port.ts';

export interface EventLogFixture {
  readonly log: EventLog;
  close(): Promise<void>;
}

let counter = 0;
/** A minimal valid envelope for log tests (the log does not validate domain data). */
export function envelope(key: string, n: number, type = 'TestHappened'): RawEnvelope {
  counter++;
  return {
    type,
    schemaVersion: 1,
    eventId: `evt-${process.pid}-${Date.now()}-${counter}`,
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n % 60)).toISOString(),
    source: 'test',
    key,
    data: { n, key },
  };
}

function outgoing(stream: StreamName, key: string, n: number): OutgoingEvent {
  return { stream, envelope: envelope(key, n) };
}

/** Collects everything a subscription delivers until `count` events arrived (or a timeout). */
export async function collect(
  log: EventLog,
  stream: StreamName,
  group: string,
  count: number,
  startAfter: (partition: number) => Promise<number | null> = async () => null,
  timeoutMs = 30_000,
): Promise<StoredEvent[]> {
  const got: StoredEvent[] = [];
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  const sub = await log.subscribe({
    stream,
    group,
    batchSize: 7,
    startAfter,
    onBatch: async (batch) => {
      got.push(...batch);
      if (got.length >= count) resolveDone();
    },
  });
  const timer = setTimeout(resolveDone, timeoutMs);
  await done;
  clearTimeout(timer);
  await sub.stop();
  return got;
}

const dataOf = (e: StoredEvent) => (e.payload as { data: { n: number; key: string } }).data;

export interface EventLogBehaviourOptions {
  /**
   * Whether append drops an event whose eventId is already in the log (default true). Kafka
   * cannot: it stores the repeat, and its own suite checks that the repeat keeps key and partition.
   */
  readonly dedupesEventIds?: boolean;
}

/**
 * The behaviour every event-log implementation must show. `stream` lets each implementation
 * give the suite a stream (topic) of its own.
 */
export function eventLogBehaviour(
  name: string,
  open: () => Promise<EventLogFixture | null>,
  options: EventLogBehaviourOptions = {},
): void {
  describe(`event log behaviour: ${name}`, () => {
    let fixture: EventLogFixture | null = null;
    beforeAll(async () => {
      fixture = await open();
    });
    afterAll(async () => {
      await fixture?.close();
    });
    // Without an engine (outside CI) every test is reported as skipped, not passed.
    beforeEach((ctx) => {
      if (!fixture) ctx.skip();
    });
    const log = () => fixture!.log;

    it('delivers appended events, keeping the order of each key', async () => {
      const events = Array.from({ length: 60 }, (_, i) => outgoing('decisions', `k${i % 5}`, i));
      await log().append(events);
      const got = await collect(log(), 'decisions', 'g-order', 60);
      expect(got).toHaveLength(60);
      for (let k = 0; k < 5; k++) {
        const ns = got.filter((e) => e.key === `k${k}`).map((e) => dataOf(e).n);
        expect(ns).toEqual([...ns].sort((a, b) => a - b));
        expect(ns).toHaveLength(12);
      }
      // Positions strictly increase within a partition.
      const byPartition = new Map<number, number[]>();
      for (const e of got)
        byPartition.set(e.partition, [...(byPartition.get(e.partition) ?? []), e.position]);
      for (const positions of byPartition.values()) {
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(new Set(positions).size).toBe(positions.length);
      }
    });

    // Registered only where the behaviour is promised: a skipped test would read as a gap in CI.
    if (options.dedupesEventIds ?? true)
      it('ignores a repeated event id', async () => {
        const e = outgoing('scraper-health', 'dup', 1);
        await log().append([e]);
        await log().append([e, e]);
        const got = await collect(log(), 'scraper-health', 'g-dup', 2, async () => null, 1500);
        expect(got.filter((x) => x.key === 'dup')).toHaveLength(1);
      });

    it('resumes after a checkpoint and reports head and backlog', async () => {
      const heads = await log().head('decisions');
      expect(heads.size).toBeGreaterThan(0);
      const total = await log().countAfter('decisions', new Map());
      expect(total).toBe(60);
      expect(await log().countAfter('decisions', heads)).toBe(0);
      const all = await collect(log(), 'decisions', 'g-resume-a', 60);
      const firstTen = new Map<number, number>();
      for (const e of all.slice(0, 10)) firstTen.set(e.partition, e.position);
      const rest = await collect(log(), 'decisions', 'g-resume-b', 50, async (p) => firstTen.get(p) ?? null);
      const seen = new Set(all.slice(0, 10).map((e) => `${e.partition}:${e.position}`));
      expect(rest.some((e) => seen.has(`${e.partition}:${e.position}`))).toBe(false);
      expect(rest.length).toBe(50);
      expect(await log().countAfter('decisions', firstTen)).toBe(50);
    });

    it('delivers events appended while subscribed, none skipped under concurrent appends', async () => {
      const got: StoredEvent[] = [];
      const sub = await log().subscribe({
        stream: 'decisions',
        group: 'g-live',
        batchSize: 13,
        startAfter: async () => null,
        onBatch: async (batch) => {
          got.push(...batch);
        },
      });
      await Promise.all(
        Array.from({ length: 8 }, (_, w) =>
          log().append(Array.from({ length: 10 }, (_, i) => outgoing('decisions', `live-${w}`, i))),
        ),
      );
      const deadline = Date.now() + 30_000;
      while (got.filter((e) => e.key.startsWith('live-')).length < 80 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await sub.stop();
      expect(got.filter((e) => e.key.startsWith('live-'))).toHaveLength(80);
    });

    it('ends the subscription with the handler error', async () => {
      const sub = await log().subscribe({
        stream: 'decisions',
        group: 'g-fail',
        batchSize: 5,
        startAfter: async () => null,
        onBatch: async () => {
          throw new Error('handler broke');
        },
      });
      await expect(sub.finished).rejects.toThrow('handler broke');
      await sub.stop();
    });
  });
}
