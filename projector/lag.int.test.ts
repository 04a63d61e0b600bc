/**
 * Waiting for projections to catch up counts the lag seldom and still ends as soon as they have:
 * the runners wake the wait when they reach the end of the log (`CaughtUpSignal`), for a projector
 * host and for a rebuild alike, so a long counting interval does not hold either back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../infra/db/database.ts';
import type { EventLog } from '../infra/event-log/event-log.port.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { decisionEvent, makeDecision } from '../test/support/decisions.ts';
import { openTestDatabase } from '../test/support/engines.ts';
import { decisionsProjection } from './decisions/decisions.projection.ts';
import { CaughtUpSignal } from './lag.ts';
import { ProjectorHost } from './projector-host.ts';
import { rebuildProjection } from './rebuild.ts';

const silent = { info() {}, warn() {}, error() {} };
const events = Array.from({ length: 40 }, (_, i) =>
  decisionEvent(
    makeDecision({ court: 'bger', docket_number: `2C_${i + 1}/2025`, full_text: `Urteil ${i + 1}.` }),
  ),
);

/** The table log, counting how often the lag is counted. */
function countingLog(log: TableEventLog): { log: EventLog; counts: () => number } {
  let counts = 0;
  const counting: EventLog = {
    append: (e) => log.append(e),
    subscribe: (o) => log.subscribe(o),
    head: (s) => log.head(s),
    countAfter: (s, after) => {
      counts++;
      return log.countAfter(s, after);
    },
    close: () => log.close(),
  };
  return { log: counting, counts: () => counts };
}

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe('waiting until projections have caught up', () => {
  it('a notification before the wait ends it at once; one during it, early', async () => {
    const signal = new CaughtUpSignal();
    signal.notify();
    await signal.wait(600_000);
    const waiting = signal.wait(600_000);
    setTimeout(() => signal.notify(), 5);
    await waiting;
    // the notification was used up: a new wait lasts its interval (here a short one)
    let ended = false;
    const third = signal.wait(50).then(() => (ended = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(ended).toBe(false);
    await third;
  });

  it('a projector host ends its wait when its runners reach the end, not after the interval', async () => {
    handle = await openTestDatabase('pglite');
    const table = new TableEventLog(handle.db, { pollIntervalMs: 10 });
    const { log, counts } = countingLog(table);
    const host = new ProjectorHost(
      { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
      [decisionsProjection],
    );
    await host.start();
    await log.append(events);
    // with a ten-minute interval, only the runner's notification can end this within the test's time
    await host.waitUntilCaughtUp(undefined, 600_000);
    await host.stop();
    const held = await handle.db.selectFrom('decisions').select('decision_id').execute();
    expect(held).toHaveLength(40);
    expect(counts()).toBeLessThanOrEqual(4);
  });

  it('a rebuild counts the lag every 10 s, not every batch, and ends when it has caught up', async () => {
    handle = await openTestDatabase('pglite');
    const table = new TableEventLog(handle.db, { pollIntervalMs: 10 });
    await table.append(events);
    const { log, counts } = countingLog(table);
    const result = await rebuildProjection(
      { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
      decisionsProjection,
      { batchSize: 2 },
    );
    expect(result.generation).toBe(1);
    const held = await handle.db.selectFrom('decisions').select('decision_id').execute();
    expect(held).toHaveLength(40);
    // 20 batches; the lag is counted at the start and end of each of the two catch-ups (and on a
    // notification or every 10 s between them)
    expect(counts()).toBeLessThan(20);
  });

  it('a rebuild whose progress is counted every ten minutes still ends as soon as it has caught up', async () => {
    handle = await openTestDatabase('pglite');
    const table = new TableEventLog(handle.db, { pollIntervalMs: 10 });
    await table.append(events);
    const { log, counts } = countingLog(table);
    const progress: number[] = [];
    // with a ten-minute interval, only the runner's notification can end this within the test's time
    await rebuildProjection(
      { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
      decisionsProjection,
      { batchSize: 2, progressIntervalMs: 600_000, onProgress: (lags) => progress.push(lags[0]!.lag) },
    );
    expect(await handle.db.selectFrom('decisions').select('decision_id').execute()).toHaveLength(40);
    // each catch-up: counted when it starts and once the runner tells it has reached the end
    expect(counts()).toBeLessThanOrEqual(4);
    // (the first count may come after the first batches are committed)
    expect(Math.max(...progress)).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(0);
  });
});
