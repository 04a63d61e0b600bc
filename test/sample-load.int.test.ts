/**
 * The embedded start's sample load, interrupted part way (Ctrl-C, a failing source) and started
 * again: the second start resumes, and every decision and statute ends up ingested and projected.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../infra/db/database.ts';
import { TableEventLog } from '../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../infra/ingest-state/table-ingest-state.ts';
import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import type { EventSource } from '../ingest/event-source.port.ts';
import { runSource } from '../ingest/ingest-runner.ts';
import {
  generatedSampleSources,
  type LoadReport,
  loadSamples,
  type SampleSources,
} from '../ingest/sample-load.ts';
import type { DecisionSource, RawItem } from '../ingest/source.port.ts';
import { SAMPLE_STATUTE_SOURCE_NAMES } from '../ingest/sources/sample-statutes/sample-statutes.source.ts';
import { ProjectorHost } from '../projector/projector-host.ts';
import { allProjections } from '../projector/projections.ts';
import { makeDecision } from './support/decisions.ts';

const SIZE = 60;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** The items of `items`, with `interrupt` called when the `after`-th has been handed out. */
async function* interruptedAfter<T>(
  items: AsyncIterable<T>,
  after: number,
  interrupt: () => void,
): AsyncIterable<T> {
  let n = 0;
  for await (const item of items) {
    if (n++ === after) interrupt();
    yield item;
  }
}

function decisionsInterrupted(source: DecisionSource, after: number, interrupt: () => void): DecisionSource {
  return {
    name: source.name,
    items: () => interruptedAfter(source.items(), after, interrupt),
    parse: (item: RawItem, scrapedAt: string) => source.parse(item, scrapedAt),
    portalCount: () => source.portalCount(),
  };
}

function eventsInterrupted(source: EventSource, after: number, interrupt: () => void): EventSource {
  return {
    name: source.name,
    items: () => interruptedAfter(source.items(), after, interrupt),
    records: (item: RawItem, scrapedAt: string) => source.records(item, scrapedAt),
    portalCount: () => source.portalCount(),
  };
}

/** The generated sample; the decisions and the federal acts interrupted part way when asked. */
function sources(
  dirs: { sampleDir: string; statutesDir: string },
  interrupt?: { decisionsAfter?: number; fedlexAfter?: number; how: () => void },
): SampleSources {
  const real = generatedSampleSources({ ...dirs, size: SIZE, seed: 5 });
  if (!interrupt) return real;
  return {
    decisions: {
      ...real.decisions,
      create: async (onProgress) => {
        const source = await real.decisions.create(onProgress);
        return interrupt.decisionsAfter === undefined
          ? source
          : decisionsInterrupted(source, interrupt.decisionsAfter, interrupt.how);
      },
    },
    statutes: {
      ...real.statutes,
      create: async () =>
        (await real.statutes.create()).map((source) =>
          source.name === SAMPLE_STATUTE_SOURCE_NAMES.fedlex && interrupt.fedlexAfter !== undefined
            ? eventsInterrupted(source, interrupt.fedlexAfter, interrupt.how)
            : source,
        ),
    },
  };
}

function recordingReport(): LoadReport & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    say: (line) => lines.push(line),
    progress: (label) => ({
      update: () => {},
      finish: (text) => lines.push(text ?? `${label} finished`),
    }),
  };
}

describe('sample load of the embedded start', () => {
  let dirs: { sampleDir: string; statutesDir: string };
  let root = '';
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let state: TableIngestState;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sample-load-'));
    dirs = { sampleDir: join(root, 'sample-corpus'), statutesDir: join(root, 'sample-statutes') };
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));
  beforeEach(async () => {
    handle = await openPglite({ dataDir: null });
    log = new TableEventLog(handle.db, { pollIntervalMs: 20 });
    state = new TableIngestState(handle.db);
  });
  afterEach(async () => handle.close());

  const deps = () => ({ log, state, now: () => new Date().toISOString(), newId: randomUUID, logger: quiet });

  /** Projects everything in the log; the decisions and statute versions the read models hold. */
  async function project(): Promise<{ decisions: number; statutes: number }> {
    const host = new ProjectorHost(
      { db: handle.db, log, now: () => new Date().toISOString(), logger: quiet },
      allProjections({ writer: new PostgresSearchIndex(handle.db) }),
      { watchIntervalMs: 0, batchSize: 100 },
    );
    await host.start();
    await host.waitUntilCaughtUp(undefined, 50);
    await host.stop();
    const count = async (table: 'decisions' | 'statute_versions') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { decisions: await count('decisions'), statutes: await count('statute_versions') };
  }

  it('resumes a load stopped part way (Ctrl-C) and then holds and projects the whole sample', async () => {
    const stop = new AbortController();
    const first = recordingReport();
    const stopped = await loadSamples(
      sources(dirs, { decisionsAfter: 25, how: () => stop.abort() }),
      { mode: 'auto', signal: stop.signal },
      deps(),
      first,
    );
    expect(stopped).toEqual({ ran: true, interrupted: true });
    expect(await state.count('sample')).toBe(25);
    expect(await state.lastComplete('sample')).toBeNull();
    expect(await state.count(SAMPLE_STATUTE_SOURCE_NAMES.fedlex)).toBe(0);
    expect(first.lines.at(-1)).toMatch(/^ingest: 25 items, 25 new, .* \(stopped before the end\)$/);

    // The next start: what is missing is added, nothing is published twice.
    const second = recordingReport();
    expect(await loadSamples(sources(dirs), { mode: 'auto' }, deps(), second)).toEqual({
      ran: true,
      interrupted: false,
    });
    expect(second.lines).toContain(`resuming the sample load: 25 of ${SIZE} held`);
    expect(second.lines).toContain(`ingest: ${SIZE} items, ${SIZE - 25} new, 0 updated, 0 failed`);
    expect(await state.count('sample')).toBe(SIZE);
    expect(await state.lastComplete('sample')).not.toBeNull();
    for (const name of Object.values(SAMPLE_STATUTE_SOURCE_NAMES))
      expect(await state.lastComplete(name)).not.toBeNull();
    const projected = await project();
    expect(projected.decisions).toBe(SIZE);
    expect(projected.statutes).toBeGreaterThan(0);

    // And the one after: nothing to do.
    const third = recordingReport();
    expect(await loadSamples(sources(dirs), { mode: 'auto' }, deps(), third)).toEqual({
      ran: false,
      interrupted: false,
    });
    expect(third.lines[0]).toBe(
      `reusing ${SIZE} ingested sample decisions (INGEST_ON_START=always to re-ingest)`,
    );
    expect(third.lines[1]).toMatch(
      /^reusing the ingested sample statutes and catalogue \(sample-lexfind \d+/,
    );
  }, 240_000);

  it('resumes a load that failed part way, the decisions and then the statutes', async () => {
    const failing = () => {
      throw new Error('the disk went away');
    };
    await expect(
      loadSamples(
        sources(dirs, { decisionsAfter: 30, how: failing }),
        { mode: 'auto' },
        deps(),
        recordingReport(),
      ),
    ).rejects.toThrow('the disk went away');
    const heldAfterFailure = await state.count('sample');
    expect(heldAfterFailure).toBe(30);

    const second = recordingReport();
    await expect(
      loadSamples(sources(dirs, { fedlexAfter: 20, how: failing }), { mode: 'auto' }, deps(), second),
    ).rejects.toThrow('the disk went away');
    expect(second.lines).toContain(`resuming the sample load: 30 of ${SIZE} held`);
    expect(await state.lastComplete('sample')).not.toBeNull();
    expect(await state.lastComplete(SAMPLE_STATUTE_SOURCE_NAMES.catalogue)).not.toBeNull();
    expect(await state.lastComplete(SAMPLE_STATUTE_SOURCE_NAMES.fedlex)).toBeNull();
    const fedlexHeld = await state.count(SAMPLE_STATUTE_SOURCE_NAMES.fedlex);
    expect(fedlexHeld).toBeGreaterThan(0);

    const third = recordingReport();
    expect(await loadSamples(sources(dirs), { mode: 'auto' }, deps(), third)).toEqual({
      ran: true,
      interrupted: false,
    });
    expect(third.lines[0]).toBe(
      `reusing ${SIZE} ingested sample decisions (INGEST_ON_START=always to re-ingest)`,
    );
    expect(third.lines).toContain(`resuming the sample statutes: sample-fedlex ${fedlexHeld} held`);
    // The catalogue was read to the end before: only the federal acts, the cantonal texts, the
    // materials and the commentaries (after them, never reached) run.
    expect(third.lines.filter((l) => l.startsWith('ingest '))).toEqual([
      expect.stringMatching(/^ingest sample-fedlex: \d+ items, \d+ new, 0 updated, 0 failed$/),
      expect.stringMatching(/^ingest sample-cantonal: \d+ items, \d+ new, 0 updated, 0 failed$/),
      expect.stringMatching(/^ingest sample-materials: \d+ items, \d+ new, 0 updated, 0 failed$/),
      'ingest sample-onlinekommentar: 30 items, 30 new, 0 updated, 0 failed',
    ]);
    const projected = await project();
    expect(projected.decisions).toBe(SIZE);
    expect(projected.statutes).toBeGreaterThan(0);
  }, 240_000);

  it('adds no sample decisions to a data folder filled from another source, but the statutes', async () => {
    const mirror: DecisionSource = {
      name: 'entscheidsuche',
      async *items() {
        yield { id: 'a.json', location: '/a' };
      },
      parse: async () => makeDecision({ court: 'bger', docket_number: '5A_1/2021', full_text: 'Text' }),
      portalCount: async () => null,
    };
    await runSource(mirror, deps());
    const report = recordingReport();
    expect(await loadSamples(sources(dirs), { mode: 'auto' }, deps(), report)).toEqual({
      ran: true,
      interrupted: false,
    });
    expect(report.lines[0]).toBe(
      'serving 1 ingested decisions; the sample corpus is not added (INGEST_ON_START=always adds it)',
    );
    expect(await state.count('sample')).toBe(0);
    expect(await state.lastComplete(SAMPLE_STATUTE_SOURCE_NAMES.fedlex)).not.toBeNull();
  }, 240_000);

  it('adds nothing with INGEST_ON_START=never', async () => {
    const report = recordingReport();
    expect(await loadSamples(sources(dirs), { mode: 'never' }, deps(), report)).toEqual({
      ran: false,
      interrupted: false,
    });
    expect(await state.count('sample')).toBe(0);
    expect(report.lines[0]).toMatch(/^INGEST_ON_START=never/);
  });
});
