import { describe, expect, it } from 'vitest';
import { formatDuration, formatProgress, Progress, progressEta, progressRate } from './progress.ts';

function recorder(isTTY: boolean, columns = 120) {
  const chunks: string[] = [];
  return { isTTY, columns, chunks, write: (chunk: string) => chunks.push(chunk) };
}

describe('progress figures', () => {
  it('computes the rate per second, once there is something to measure', () => {
    expect(progressRate(0, 5000)).toBeNull();
    expect(progressRate(10, 100)).toBeNull();
    expect(progressRate(500, 2000)).toBe(250);
    expect(progressRate(3, 2000)).toBe(1.5);
  });

  it('computes the time left from the rate so far', () => {
    expect(progressEta(1200, 3000, 100)).toBe(18);
    expect(progressEta(3000, 3000, 100)).toBe(0);
    expect(progressEta(10, null, 100)).toBeNull();
    expect(progressEta(10, 3000, null)).toBeNull();
  });

  it.each([
    [0, '0 s'],
    [7.4, '7 s'],
    [59.6, '1 min 00 s'],
    [125, '2 min 05 s'],
    [3720, '1 h 02 min'],
  ])('writes %s seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('formats a bar line for a terminal and a sentence for a log', () => {
    const snapshot = { done: 1200, total: 3000, elapsedMs: 10_000 };
    expect(formatProgress('ingesting decisions', snapshot, { bar: true })).toBe(
      'ingesting decisions  [##########--------------]  1200/3000  40%  120/s  ETA 15 s',
    );
    expect(formatProgress('ingesting decisions', snapshot, { bar: false })).toBe(
      'ingesting decisions: 1200 of 3000 (40%), 120/s, about 15 s left',
    );
    expect(
      formatProgress('ingest sample-fedlex', { done: 45, total: null, elapsedMs: 10_000 }, { bar: false }),
    ).toBe('ingest sample-fedlex: 45, 4.5/s');
    expect(formatProgress('projecting', { done: 0, total: 800, elapsedMs: 0 }, { bar: true })).toBe(
      'projecting  [------------------------]  0/800  0%',
    );
  });
});

describe('progress output', () => {
  it('writes plain lines at every tenth of the total and the end once, when not a terminal', () => {
    let clock = 0;
    const out = recorder(false);
    const progress = new Progress('ingesting decisions', 1000, out, { now: () => clock });
    for (let done = 25; done <= 1000; done += 25) {
      clock += 100;
      progress.update(done);
    }
    progress.finish('ingest: 1000 items, 1000 new');
    expect(out.chunks.every((c) => c.endsWith('\n') && !c.includes('\r'))).toBe(true);
    expect(out.chunks.map((c) => /: (\d+) of/.exec(c)?.[1] ?? c.trim())).toEqual([
      '25',
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
      '900',
      'ingest: 1000 items, 1000 new',
    ]);
    // Too early for a rate on the first line.
    expect(out.chunks[0]).toBe('ingesting decisions: 25 of 1000 (2%)\n');
    expect(out.chunks[1]).toBe('ingesting decisions: 100 of 1000 (10%), 250/s, about 4 s left\n');
  });

  it('writes a plain line every few seconds when the total is unknown or progress is slow', () => {
    let clock = 0;
    const out = recorder(false);
    const progress = new Progress('ingest sample-fedlex', null, out, {
      now: () => clock,
      plainIntervalMs: 5000,
    });
    for (let done = 1; done <= 30; done++) {
      clock += 1000;
      progress.update(done);
    }
    progress.update(30);
    expect(out.chunks).toEqual([
      'ingest sample-fedlex: 1, 1.0/s\n',
      'ingest sample-fedlex: 6, 1.0/s\n',
      'ingest sample-fedlex: 11, 1.0/s\n',
      'ingest sample-fedlex: 16, 1.0/s\n',
      'ingest sample-fedlex: 21, 1.0/s\n',
      'ingest sample-fedlex: 26, 1.0/s\n',
    ]);
  });

  it('redraws one line in place on a terminal, at most ten times a second, and ends it with a new line', () => {
    let clock = 0;
    const out = recorder(true, 60);
    const progress = new Progress('projecting', 400, out, { now: () => clock });
    for (let done = 10; done <= 400; done += 10) {
      clock += 25;
      progress.update(done);
    }
    progress.finish('projections up to date');
    const draws = out.chunks.filter((c) => c.startsWith('\r'));
    expect(draws.length).toBeGreaterThan(5);
    expect(draws.length).toBeLessThanOrEqual(12);
    expect(draws.every((c) => c.endsWith('\u001b[K') && c.length <= 59 + 4)).toBe(true);
    expect(out.chunks.filter((c) => c.includes('\n'))).toEqual(['\n']);
    expect(out.chunks.at(-2)).toBe('\rprojections up to date\u001b[K');
    expect(out.chunks.at(-1)).toBe('\n');
  });

  it('fits the line to the terminal, taking an unsized one as 80 columns', () => {
    const drawn = (columns: number | undefined) => {
      const out = { isTTY: true, columns, chunks: [] as string[], write: (c: string) => out.chunks.push(c) };
      new Progress('  ingest', 3000, out, { now: () => 1000 }).update(1500);
      return out.chunks[0]!.replace('\r', '').replace('\u001b[K', '');
    };
    const full = '  ingest  [############------------]  1500/3000  50%';
    expect(drawn(40)).toBe(full.slice(0, 39));
    expect(drawn(0)).toBe(full);
    expect(drawn(undefined)).toBe(full);
    expect(drawn(120)).toBe(full);
  });

  it('grows the total when more items than announced arrive, and ignores updates after the end', () => {
    const out = recorder(true);
    let clock = 0;
    const progress = new Progress('projecting', 10, out, { now: () => clock });
    clock = 1000;
    progress.update(15);
    expect(out.chunks.at(-1)).toContain('15/15  100%');
    progress.finish();
    const written = out.chunks.length;
    progress.update(20);
    progress.finish('again');
    expect(out.chunks).toHaveLength(written);
  });
});
