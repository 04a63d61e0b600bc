/**
 * SOURCE=entscheidsuche when the portal misbehaves: server errors, answers that never come,
 * truncated records, a page without a decision, a portal that goes away mid-run, and an ingest
 * process killed (SIGKILL) in the middle of a spider. Each failed run says so in its
 * ScraperRunCompleted (success, errors, http_errors); after the trouble is over the next run leaves
 * the event log exactly as a clean run leaves it: nothing lost, nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScraperRun } from '../contracts/events/index.ts';
import { openPglite, type DatabaseHandle } from '../infra/db/database.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../infra/ingest-state/table-ingest-state.ts';
import { PoliteHttpClient } from '../ingest/http/polite-http.client.ts';
import { runEventSource } from '../ingest/ingest-runner.ts';
import { EntscheidsucheHttpSource } from '../ingest/sources/entscheidsuche/entscheidsuche-http.source.ts';
import { esFixturesPresent, FakeEntscheidsuche, gaps } from './support/entscheidsuche-portal.ts';
import type { RecordedRequest } from './support/fake-http.ts';
import { startDeployable } from './support/processes.ts';

if (!esFixturesPresent) console.log('skipped: the real entscheidsuche records (../shared/fixtures/entscheidsuche) are not here');

const SPIDERS = ['CH_BGer', 'TI_Gerichte', 'VD_Omni'];
const VARIANTS = 45;
const RECORDS = VARIANTS + 3;
/** The pace of the clean run, measured at the server (nothing else runs in this process meanwhile). */
const POLITE_MS = 25;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const variant = (n: number, ext: 'json' | 'html') => `CH_BGer/CH_BGer_005_5A-${600 + n}-2025_2025-06-17.${ext}`;

interface Db {
  readonly handle: DatabaseHandle;
  readonly log: TableEventLog;
}

describe.skipIf(!esFixturesPresent)('entscheidsuche over HTTP when things go wrong', () => {
  let dir: string;
  let portal: FakeEntscheidsuche;
  let clean: string[];
  let cleanRequests: RecordedRequest[];
  const opened: DatabaseHandle[] = [];

  const open = async (name: string): Promise<Db> => {
    const handle = await openPglite({ dataDir: join(dir, name) });
    opened.push(handle);
    return { handle, log: new TableEventLog(handle.db, { pollIntervalMs: 20 }) };
  };
  const run = (db: Db, timeoutMs = 5000, minIntervalMs = 2) =>
    runEventSource(
      new EntscheidsucheHttpSource({
        http: new PoliteHttpClient({ minIntervalMs, timeoutMs, retryBaseMs: 5 }),
        state: new TableIngestState(db.handle.db),
        baseUrl: portal.url,
        spiders: SPIDERS,
      }),
      { log: db.log, state: new TableIngestState(db.handle.db), now: () => new Date().toISOString(), newId: randomUUID, logger: quiet },
    );
  /** The decision events of a log, as comparable lines (type, entity, event id), in log order. */
  const decisionEvents = async (handle: DatabaseHandle) =>
    (
      await handle.db
        .selectFrom('event_log')
        .select(['type', 'key', 'event_id'])
        .where('type', 'in', ['DecisionPublished', 'DecisionWithdrawn'])
        .orderBy('position')
        .execute()
    ).map((e) => `${e.type} ${e.key} ${e.event_id}`);
  const runs = async (handle: DatabaseHandle) =>
    (
      await handle.db
        .selectFrom('event_log')
        .select('payload')
        .where('type', '=', 'ScraperRunCompleted')
        .orderBy('position')
        .execute()
    ).map((e) => (e.payload as { data: ScraperRun }).data);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'e2e-entscheidsuche-faults-'));
    portal = await (await new FakeEntscheidsuche().loadFixtures({ variants: VARIANTS })).start();
    const reference = await open('clean');
    expect(await run(reference, 5000, POLITE_MS)).toMatchObject({ success: true, decisions_added: RECORDS, http_errors: 0 });
    cleanRequests = [...portal.requests];
    clean = await decisionEvents(reference.handle);
    expect(clean).toHaveLength(RECORDS);
  }, 120_000);

  afterAll(async () => {
    for (const handle of opened) await handle.close();
    await portal?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps one request in flight, their starts at least HTTP_MIN_INTERVAL_MS apart (measured at the server)', () => {
    expect(cleanRequests.length).toBe(SPIDERS.length + 2 * RECORDS);
    expect(portal.maxInFlight).toBe(1);
    expect(Math.min(...gaps(cleanRequests))).toBeGreaterThanOrEqual(POLITE_MS - 1);
  });

  it('reports 500s, timeouts, a truncated record and a page without a decision, then catches up', async () => {
    const db = await open('faults');
    const maintenance = variant(7, 'html');
    const original = portal.files.get(maintenance)!;
    portal.files.set(maintenance, Buffer.from('<html><body><h1>Wartungsarbeiten</h1><p>Bitte versuchen Sie es später.</p></body></html>'));
    portal.faults.set(variant(1, 'json'), { kind: 'status', status: 500, times: 1 });
    portal.faults.set(variant(3, 'json'), { kind: 'status', status: 503, times: 99 });
    portal.faults.set(variant(5, 'html'), { kind: 'hang', times: 1 });
    portal.faults.set(variant(9, 'json'), { kind: 'truncate' });
    // The hanging page times out; the others answer well within the timeout, even on a busy machine.
    const failed = await run(db, 4000)
      .then(
        () => null,
        (e: unknown) => e as Error,
      )
      .finally(() => {
        portal.faults.clear();
        portal.files.set(maintenance, original);
      });
    expect(failed?.message).toMatch(/1 record\(s\) could not be fetched/);
    const [report] = await runs(db.handle);
    expect(report).toMatchObject({ success: false, items_failed: 3, decisions_added: RECORDS - 3 });
    // One 500 retried, one 503 three times (its tries), one timeout retried: at least 5. On a busy
    // machine a connection can also be reset once and is counted too, so no exact figure.
    expect(report!.http_errors).toBeGreaterThanOrEqual(5);
    expect(report!.http_errors).toBeLessThanOrEqual(7);
    const messages = report!.errors.map((e) => `${e.item ?? ''} ${e.message}`).join('\n');
    expect(messages).toContain(`${variant(3, 'json')} GET`);
    expect(messages).toMatch(/answered 503/);
    expect(messages).toContain(`${variant(9, 'json')} JSON: invalid JSON`);
    expect(messages).toMatch(new RegExp(`${variant(7, 'json')} HTML: .* holds no decision`));
    expect(messages).toMatch(/run aborted: entscheidsuche: 1 record\(s\) could not be fetched/);

    const before = portal.recordRequests().length;
    expect(await run(db)).toMatchObject({ success: true, decisions_added: 3, items_failed: 0, http_errors: 0 });
    // Only what was missing was fetched again.
    expect(portal.recordRequests().length - before).toBe(3);
    expect((await decisionEvents(db.handle)).sort()).toEqual([...clean].sort());
  }, 180_000);

  it('stops when the portal goes away mid-run, says so, and resumes where it stopped', async () => {
    const db = await open('gone');
    const before = portal.recordRequests().length;
    portal.onRequest = (req) => {
      if (/\.json$/.test(req.path) && !req.path.includes('/Jobs/') && portal.recordRequests().length - before === 25) {
        portal.onRequest = null;
        void portal.stop();
      }
    };
    const failed = await run(db).catch((e: unknown) => e as Error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/3 requests in a row failed, the portal is not answering/);
    const [report] = await runs(db.handle);
    expect(report).toMatchObject({ success: false });
    expect(report!.http_errors).toBeGreaterThanOrEqual(9);
    expect(report!.errors.at(-1)?.message).toMatch(/run aborted: .*not answering/);
    const published = (await decisionEvents(db.handle)).length;
    expect(published).toBeGreaterThan(0);
    expect(published).toBeLessThan(RECORDS);

    await portal.start();
    const resumed = portal.recordRequests().length;
    expect(await run(db)).toMatchObject({ success: true, decisions_added: RECORDS - published });
    expect(portal.recordRequests().length - resumed).toBe(RECORDS - published);
    expect((await decisionEvents(db.handle)).sort()).toEqual([...clean].sort());
  }, 180_000);

  it('after a SIGKILL of the ingest process mid-spider, a restart publishes the rest and nothing twice', async () => {
    const dataDir = join(dir, 'killed');
    const env = {
      SERVICE_MODE: 'embedded',
      DATA_DIR: dataDir,
      SOURCE: 'entscheidsuche',
      ENTSCHEIDSUCHE_BASE_URL: portal.url,
      ENTSCHEIDSUCHE_SPIDERS: SPIDERS.join(','),
      HTTP_MIN_INTERVAL_MS: '20',
      LOG_LEVEL: 'warn',
    };
    const before = portal.recordRequests().length;
    const requestsBefore = portal.requests.length;
    const first = startDeployable('ingest', 'ingest/ingest.main.ts', [], env);
    portal.onRequest = (req) => {
      if (/\.json$/.test(req.path) && !req.path.includes('/Jobs/') && portal.recordRequests().length - before === 35) {
        portal.onRequest = null;
        first.child.kill('SIGKILL');
      }
    };
    expect((await first.exited).signal).toBe('SIGKILL');
    const killedAt = portal.recordRequests().length;
    const second = startDeployable('ingest', 'ingest/ingest.main.ts', [], env);
    await second.finished();
    // Progress went to the console: items, rate and the time left.
    expect(second.output()).toMatch(/ingest entscheidsuche: .*\d+ of \d+/);
    const refetched = portal.recordRequests().length - killedAt;
    // The first 20 records were remembered before the kill: they were not fetched again.
    expect(refetched).toBeLessThanOrEqual(RECORDS - 20);
    const handle = await openPglite({ dataDir: join(dataDir, 'pglite') });
    opened.push(handle);
    expect((await decisionEvents(handle)).sort()).toEqual([...clean].sort());
    const reports = await runs(handle);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ success: true, decisions_added: refetched, total_held: RECORDS });
    // Still one request at a time at the server, across both processes, and the pace kept. Here
    // client and server are two processes scheduled apart on a shared machine: the server notes a
    // request when its event loop gets to it, and a late note shortens the gap to the next one. So
    // the typical gap is measured here; the exact minimum is asserted in the in-process test,
    // where client and server share one clock and one event loop.
    expect(portal.maxInFlight).toBe(1);
    const sorted = gaps(portal.requests.slice(requestsBefore)).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(19);
  }, 300_000);
});
