import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StreamName } from '../../contracts/events/index.ts';
import { collect, envelope, eventLogBehaviour } from '../../test/support/event-log.suite.ts';
import { kafkaTestBrokers, uniqueTopicPrefix } from '../../test/support/kafka-engine.ts';
import type { OutgoingEvent, StoredEvent, Subscription } from './event-log.port.ts';
import { KafkaEventLog, type KafkaEventLogOptions } from './kafka/kafka-event-log.ts';
import type { EventLogLogger } from './kafka/kafka-logging.ts';
import { produceRawRecords } from './kafka/kafka-test-tools.ts';

const run = promisify(execFile);
const ENGINES_SCRIPT = fileURLToPath(new URL('../local/engines.sh', import.meta.url));

// kafkajs warnings (rebalances, the broker restart) only clutter the output; KAFKA_TEST_LOG=1 shows them.
const testLogger: EventLogLogger = {
  info() {},
  warn: (obj, msg) => void (process.env['KAFKA_TEST_LOG'] && console.warn(msg, obj)),
  error: (obj, msg) => void (process.env['KAFKA_TEST_LOG'] && console.error(msg, obj)),
};

/** Short timings so that rebalances and stops take a second, not several. */
const FAST_CONSUMER = {
  heartbeatIntervalMs: 300,
  fetchMaxWaitMs: 200,
  sessionTimeoutMs: 10_000,
  rebalanceTimeoutMs: 20_000,
};

function openLog(brokers: string[], extra: Partial<KafkaEventLogOptions> = {}): Promise<KafkaEventLog> {
  const prefix = uniqueTopicPrefix('event-log');
  return KafkaEventLog.create({
    brokers,
    clientId: 'event-log-test',
    topicPrefix: prefix,
    groupPrefix: prefix,
    consumer: FAST_CONSUMER,
    logger: testLogger,
    ...extra,
  });
}

eventLogBehaviour(
  'Kafka log',
  async () => {
    const brokers = await kafkaTestBrokers();
    if (!brokers) return null;
    const log = await openLog(brokers);
    return { log, close: () => log.close() };
  },
  { dedupesEventIds: false },
);

const event = (stream: StreamName, key: string, n: number): OutgoingEvent => ({
  stream,
  envelope: envelope(key, n),
});
const dataOf = (e: StoredEvent) => (e.payload as { data: { n: number } }).data;
const eventIdOf = (e: StoredEvent) => (e.payload as { eventId: string }).eventId;
const at = (e: StoredEvent) => `${e.partition}:${e.position}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A consumer whose checkpoint lives in a map, as the projector's lives in its database. */
async function checkpointed(
  log: KafkaEventLog,
  group: string,
  checkpoints: Map<number, number>,
  sink: StoredEvent[] | ((batch: readonly StoredEvent[]) => void),
  onCaughtUp?: () => void,
  workMs = 3,
): Promise<Subscription> {
  return log.subscribe({
    stream: 'decisions',
    group,
    batchSize: 10,
    startAfter: async (p) => checkpoints.get(p) ?? null,
    onBatch: async (batch) => {
      await sleep(workMs); // a little work, so that rebalances land mid-stream
      if (Array.isArray(sink)) sink.push(...batch);
      else sink(batch);
      checkpoints.set(batch[0]!.partition, batch[batch.length - 1]!.position);
    },
    ...(onCaughtUp ? { onCaughtUp } : {}),
  });
}

describe('Kafka event log', () => {
  let brokers: string[] | null = null;
  const opened: KafkaEventLog[] = [];
  beforeAll(async () => {
    brokers = await kafkaTestBrokers();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((l) => l.close()));
  });
  const open = async (extra: Partial<KafkaEventLogOptions> = {}) => {
    if (!brokers) throw new Error('no brokers');
    const log = await openLog(brokers, extra);
    opened.push(log);
    return log;
  };

  it('creates its topics, reports an empty stream and is caught up at once', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open();
    expect((await log.head('decisions')).size).toBe(0);
    expect(await log.countAfter('decisions', new Map())).toBe(0);
    let caughtUp = false;
    const sub = await log.subscribe({
      stream: 'decisions',
      group: 'g-empty',
      batchSize: 5,
      startAfter: async () => null,
      onBatch: async () => undefined,
      onCaughtUp: () => (caughtUp = true),
    });
    await waitFor(() => caughtUp, 'onCaughtUp on an empty topic');
    await sub.stop();
    await expect(sub.finished).resolves.toBeUndefined();
  });

  it('stores a repeated event id again, with the same key and partition', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open();
    const e = event('decisions', 'dup', 1);
    await log.append([e]);
    await log.append([e, e]);
    const got = await collect(log, 'decisions', 'g-dup', 3);
    expect(got).toHaveLength(3);
    expect(new Set(got.map(eventIdOf))).toEqual(new Set([e.envelope.eventId]));
    expect(new Set(got.map((g) => g.key))).toEqual(new Set(['dup']));
    expect(new Set(got.map((g) => g.partition)).size).toBe(1);
    expect(got.map((g) => g.position)).toEqual([...got.map((g) => g.position)].sort((a, b) => a - b));
  });

  it('sends each stream of one append to its own topic', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open();
    await log.append([
      event('decisions', 'a', 1),
      event('scraper-health', 'b', 2),
      event('decisions', 'a', 3),
    ]);
    expect(await log.countAfter('decisions', new Map())).toBe(2);
    expect(await log.countAfter('scraper-health', new Map())).toBe(1);
    const health = await collect(log, 'scraper-health', 'g-health', 1);
    expect(health.map((e) => [e.stream, e.key, dataOf(e).n])).toEqual([['scraper-health', 'b', 2]]);
  });

  it('delivers a record that is not JSON as its raw text, in order', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open();
    await produceRawRecords(brokers, log.topicOf('decisions'), [{ key: 'k', value: '{not json' }]);
    await log.append([event('decisions', 'k', 2)]);
    const got = await collect(log, 'decisions', 'g-raw', 2);
    expect(got.map((e) => e.payload)).toEqual(['{not json', expect.objectContaining({ key: 'k' })]);
  });

  it('hands out batches as long as asked for when events are long (a fetch holds a whole batch)', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open();
    // 300 events of 20 kB on one key (one partition): 6 MB, where a fetch of kafkajs's own 1 MiB
    // held about 50 of them
    const text = 'Erwägung '.repeat(2_300);
    await log.append(
      Array.from({ length: 300 }, (_, n) => ({
        stream: 'decisions' as const,
        envelope: { ...envelope('long', n), data: { n, text } },
      })),
    );
    const sizes: number[] = [];
    let delivered = 0;
    let caughtUp = false;
    const sub = await log.subscribe({
      stream: 'decisions',
      group: 'g-long',
      batchSize: 250,
      startAfter: async () => null,
      onBatch: async (batch) => {
        sizes.push(batch.length);
        delivered += batch.length;
        expect(batch.every((e) => (e.payload as { data: { text: string } }).data.text === text)).toBe(true);
      },
      onCaughtUp: () => (caughtUp = delivered === 300),
    });
    await waitFor(() => caughtUp, 'all 300 long events');
    await sub.stop();
    expect(sizes).toEqual([250, 50]);
  });

  it('resumes exactly after its own checkpoint, whatever Kafka has committed', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open();
    await log.append(Array.from({ length: 120 }, (_, i) => event('decisions', `k${i % 12}`, i)));

    // First run: stop part-way; stop finishes the batch under way and the checkpoint covers it.
    const checkpoints = new Map<number, number>();
    const first: StoredEvent[] = [];
    const a = await checkpointed(log, 'g', checkpoints, first);
    await waitFor(() => first.length >= 40, '40 events');
    await a.stop();
    const rewound = new Map(checkpoints); // a snapshot, used below as a rolled-back checkpoint
    for (const e of first) expect(e.position).toBeLessThanOrEqual(checkpoints.get(e.partition)!);

    // Second run (same group) gets exactly the rest, including events appended meanwhile.
    await log.append(Array.from({ length: 60 }, (_, i) => event('decisions', `k${i % 12}`, 120 + i)));
    const rest: StoredEvent[] = [];
    let caughtUp = false;
    const b = await checkpointed(log, 'g', checkpoints, rest, () => (caughtUp = true));
    await waitFor(() => caughtUp && first.length + rest.length >= 180, 'the remaining events');
    await sleep(300); // anything extra would show up now
    await b.stop();
    const all = [...first, ...rest].map(at);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(180);

    // Kafka's committed offsets are now at the end; a checkpoint from earlier wins (seek back).
    const again: StoredEvent[] = [];
    const c = await checkpointed(log, 'g', new Map(rewound), again);
    const expected = [...first, ...rest].filter((e) => e.position > (rewound.get(e.partition) ?? -1)).map(at);
    await waitFor(() => again.length >= expected.length, 'the rewound replay');
    await sleep(300);
    await c.stop();
    expect(again.map(at).sort()).toEqual(expected.sort());
  });

  it('shares the partitions of a group: every event exactly once, in key order, across rebalances', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open();
    const counters = new Map<string, number>();
    const batchOf = (size: number) =>
      Array.from({ length: size }, (_, i) => {
        const key = `k${i % 30}`;
        const n = counters.get(key) ?? 0;
        counters.set(key, n + 1);
        return event('decisions', key, n);
      });
    await log.append(batchOf(600));

    const checkpoints = new Map<number, number>();
    const delivered: StoredEvent[] = [];
    const byA: StoredEvent[] = [];
    const byB: StoredEvent[] = [];
    const tee = (own: StoredEvent[]) => (batch: readonly StoredEvent[]) => {
      own.push(...batch);
      delivered.push(...batch);
    };
    const a = await checkpointed(log, 'shared', checkpoints, tee(byA), undefined, 15);
    await waitFor(() => delivered.length >= 60, 'A under way');
    const b = await checkpointed(log, 'shared', checkpoints, tee(byB), undefined, 15); // joins mid-stream: rebalance
    const backlogWhenBJoined = 600 - delivered.length;
    const bJoinedAt = byA.length;
    for (let i = 0; i < 6; i++) {
      await log.append(batchOf(50));
      await sleep(100);
    }
    await waitFor(() => delivered.length >= 900, '900 events with two members', 60_000);
    await b.stop(); // leaves: A takes its partitions over from the shared checkpoints
    await log.append(batchOf(150));
    await waitFor(() => delivered.length >= 1050, '1050 events after B left', 60_000);
    await sleep(500);
    await a.stop();

    expect(backlogWhenBJoined).toBeGreaterThan(0);
    expect(await log.countAfter('decisions', new Map())).toBe(1050);
    const positions = delivered.map(at);
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions).toHaveLength(1050);
    // A partition changed hands mid-stream: B continued right where A's checkpoint stood.
    const partitionsOf = (list: StoredEvent[]) => new Set(list.map((e) => e.partition));
    expect([...partitionsOf(byB)].some((p) => partitionsOf(byA).has(p))).toBe(true);
    for (const [key, count] of counters) {
      const ns = delivered.filter((e) => e.key === key).map((e) => dataOf(e).n);
      expect(ns, `order of ${key}`).toEqual(Array.from({ length: count }, (_, i) => i));
    }
    expect(byB.length).toBeGreaterThan(0);
    expect(byA.length).toBeGreaterThan(bJoinedAt);
  });

  it('keeps its group membership through a handler slower than the session timeout', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open({
      consumer: { ...FAST_CONSUMER, sessionTimeoutMs: 6_000, heartbeatIntervalMs: 1_000 },
    });
    await log.append(Array.from({ length: 20 }, (_, i) => event('decisions', `k${i % 3}`, i)));
    const checkpoints = new Map<number, number>();
    let positionings = 0;
    let positionedBeforeSlow: number | null = null;
    let slow = true;
    let handled = 0;
    const sub = await log.subscribe({
      stream: 'decisions',
      group: 'g-slow',
      batchSize: 50,
      startAfter: async (p) => (positionings++, checkpoints.get(p) ?? null),
      onBatch: async (batch) => {
        if (slow) {
          positionedBeforeSlow = positionings;
          await sleep(8_000); // longer than the session: only heartbeats keep the member alive
        }
        slow = false;
        handled += batch.length;
        checkpoints.set(batch[0]!.partition, batch[batch.length - 1]!.position);
      },
    });
    await waitFor(() => handled >= 20, 'all events', 30_000);
    await sleep(1_500);
    await sub.stop();
    expect(handled).toBe(20);
    // every partition positioned before the slow batch (a busy broker may take a second generation
    // to form the group), and never again after it began: never evicted, never repositioned
    expect(positionedBeforeSlow).toBeGreaterThanOrEqual(3);
    expect(positionings).toBe(positionedBeforeSlow);
  });

  it('ends as stalled when a partition it holds has events it does not fetch; not while a batch is handled, nor while idle', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open({ consumer: { ...FAST_CONSUMER, stallAfterMs: 2_000 } });
    await log.append(Array.from({ length: 6 }, (_, i) => event('decisions', 'one-key', i)));
    const delivered: number[] = [];
    let partition = -1;
    let slow = true;
    const sub = await log.subscribe({
      stream: 'decisions',
      group: 'g-stall',
      batchSize: 10,
      startAfter: async () => null,
      onBatch: async (batch) => {
        // a batch handled for longer than the stall bound: busy, not stalled
        if (slow) await sleep(3_500);
        slow = false;
        partition = batch[0]!.partition;
        delivered.push(...batch.map((e) => dataOf(e).n));
      },
    });
    let ended: unknown = null;
    sub.finished.catch((error: unknown) => (ended = error));
    await waitFor(() => delivered.length === 6, 'the first events', 30_000);
    // idle with nothing to deliver for longer than the bound: still running
    await sleep(3_500);
    expect(ended).toBeNull();
    // the consumer stops fetching (as kafkajs once did after a broker restart), and events arrive
    const { consumer } = sub as unknown as { consumer: { pause(topics: { topic: string }[]): void } };
    consumer.pause([{ topic: log.topicOf('decisions') }]);
    await log.append([event('decisions', 'one-key', 6)]);
    await expect(sub.finished).rejects.toMatchObject({
      code: 'LOG_SUBSCRIPTION_STALLED',
      message: expect.stringMatching(
        new RegExp(`delivered nothing for \\d+ s: partition ${partition} ends at 7, delivered up to 6$`),
      ),
    });
    expect(delivered).toEqual([0, 1, 2, 3, 4, 5]);
    // started again, it goes on where its handler left off
    const rest = await collect(log, 'decisions', 'g-stall', 1, async (p) => (p === partition ? 5 : null));
    expect(rest.map((e) => dataOf(e).n)).toEqual([6]);
  });

  it('ends with the handler error without skipping: the next run starts at the failed batch', async (ctx) => {
    if (!brokers) return ctx.skip();
    const log = await open();
    await log.append(Array.from({ length: 30 }, (_, i) => event('decisions', 'one-key', i)));
    const checkpoints = new Map<number, number>();
    let calls = 0;
    const sub = await log.subscribe({
      stream: 'decisions',
      group: 'g-fail',
      batchSize: 10,
      startAfter: async (p) => checkpoints.get(p) ?? null,
      onBatch: async (batch) => {
        if (++calls === 2) throw new Error('second batch broke');
        checkpoints.set(batch[0]!.partition, batch[batch.length - 1]!.position);
      },
    });
    await expect(sub.finished).rejects.toThrow('second batch broke');
    await sub.stop();
    const rest = await collect(log, 'decisions', 'g-fail', 20, async (p) => checkpoints.get(p) ?? null);
    expect(rest.map((e) => dataOf(e).n)).toEqual(Array.from({ length: 20 }, (_, i) => 10 + i));
  });

  it(
    'loses and duplicates nothing acknowledged when the broker restarts during appends',
    { timeout: 180_000 },
    async (ctx) => {
      if (!brokers) return ctx.skip();
      const why = await whyNotLocalBroker(brokers);
      if (why) {
        if (process.env['CI'] === 'true' || process.env['CI'] === '1')
          throw new Error(`broker restart test cannot run in CI: ${why}`);
        process.stderr.write(`Kafka broker-restart test skipped: ${why}\n`);
        return ctx.skip(why);
      }
      // A short producer retry budget, so that appends do fail during the outage and the loop retries them.
      const log = await open({ retry: { retries: 3, initialRetryTimeMs: 200, maxRetryTimeMs: 2_000 } });
      const batches = Array.from({ length: 80 }, (_, b) =>
        Array.from({ length: 25 }, (_, i) => event('decisions', `k${(b * 25 + i) % 40}`, b * 25 + i)),
      );
      const acknowledged = new Set<string>();
      const retriedIds = new Set<string>();
      let failedAttempts = 0;
      let restart: Promise<unknown> | null = null;
      const started = Date.now();
      for (const [b, batch] of batches.entries()) {
        if (b === 10) restart = run(ENGINES_SCRIPT, ['restart-kafka'], { timeout: 150_000 });
        for (let attempt = 1; ; attempt++) {
          try {
            await log.append(batch);
            break;
          } catch (error) {
            expect((error as { code?: string }).code).toBe('LOG_APPEND_FAILED');
            failedAttempts++;
            for (const e of batch) retriedIds.add(e.envelope.eventId);
            if (Date.now() - started > 120_000) throw error;
            await sleep(500);
          }
        }
        for (const e of batch) acknowledged.add(e.envelope.eventId);
        await sleep(60);
      }
      await restart;

      const total = await log.countAfter('decisions', new Map());
      const got = await collect(log, 'decisions', 'g-after-restart', total, async () => null, 60_000);
      const seen = new Map<string, number>();
      for (const e of got) seen.set(eventIdOf(e), (seen.get(eventIdOf(e)) ?? 0) + 1);
      const missing = [...acknowledged].filter((id) => !seen.has(id));
      const duplicated = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
      const report = `broker restart: ${failedAttempts} failed append attempts, ${retriedIds.size} events re-appended by the loop, ${duplicated.length} duplicates, ${total} records, ${Date.now() - started} ms`;
      process.stderr.write(`${report}\n`);
      await ctx.annotate(report);
      expect(missing).toEqual([]);
      expect(got).toHaveLength(total);
      // Duplicates may only come from the loop re-appending after a failure whose first attempt landed.
      expect(duplicated.filter((id) => !retriedIds.has(id))).toEqual([]);
      expect([...seen.values()].every((n) => n <= 2)).toBe(true);
    },
  );
});

/** Null when `brokers` is the broker infra/local/engines.sh runs (which it can restart), else why not. */
async function whyNotLocalBroker(brokers: readonly string[]): Promise<string | null> {
  const result = await run(ENGINES_SCRIPT, ['status']).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  const local = /^kafka:\s+up\s+(\S+)/m.exec(result.stdout)?.[1];
  if (!local) return 'the broker is not one infra/local/engines.sh runs';
  if (brokers.join(',') !== local)
    return `KAFKA_BROKERS (${brokers.join(',')}) is not the local script's broker (${local})`;
  return null;
}
