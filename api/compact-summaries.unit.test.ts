/**
 * The compact summary cache: which summaries a page reads from the index and which it takes as
 * kept, across read-model states, days, concurrent requests and its byte bound; and the page's
 * JSON as it is assembled from them.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionSummary } from '../contracts/api/decisions.schema.ts';
import type { CompactHit } from '../infra/search/search.port.ts';
import { CompactSummaryCache, jsonWithArray, summaryClose } from './compact-summaries.ts';
import { compactSummary } from './queries/summaries.ts';

const CTX = { publicBaseUrl: 'https://research.example.ch', today: '2026-01-15' };

const hit = (n: number, title = `Titel ${n}`): CompactHit => ({
  decision_id: `bger_4A_${n}_2025`,
  court: 'bger',
  canton: 'CH',
  decision_date: '2025-03-04',
  language: 'de',
  docket_number: `4A_${n}/2025`,
  title,
});

/** A search index of these hits that records which ids each read asked for. */
function index(hits: CompactHit[]) {
  const asked: string[][] = [];
  const byId = new Map(hits.map((h) => [h.decision_id, h]));
  const read = async (ids: readonly string[]) => {
    asked.push([...ids]);
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  };
  return { asked, read, byId };
}

/** A state source whose state the test sets. */
function stateSource(initial: string | null) {
  const source = { state: initial, current: () => source.state };
  return source;
}

const ids = (...ns: number[]) => ns.map((n) => `bger_4A_${n}_2025`);
const parsed = (open: Buffer | null, score?: number): DecisionSummary | null =>
  open === null ? null : (JSON.parse(open.toString('utf8') + summaryClose(score)) as DecisionSummary);

describe('CompactSummaryCache', () => {
  it('a summary is the compact summary of the decision; a kept one is not read again', async () => {
    const state = stateSource('s1');
    const cache = new CompactSummaryCache(state, 1 << 20);
    const { asked, read } = index([hit(1), hit(2), hit(3)]);
    const first = await cache.openSummaries(ids(1, 2), await cache.stateNow(), CTX, read);
    expect(first.map((s) => parsed(s))).toEqual([compactSummary(hit(1), CTX), compactSummary(hit(2), CTX)]);
    const second = await cache.openSummaries(ids(2, 3, 1), await cache.stateNow(), CTX, read);
    expect(asked).toEqual([ids(1, 2), ids(3)]);
    expect(second.map((s) => parsed(s, 0.5))).toEqual(
      [2, 3, 1].map((n) => compactSummary({ ...hit(n), score: 0.5 }, CTX)),
    );
  });

  it('a decision the index no longer holds is null, and not kept', async () => {
    const cache = new CompactSummaryCache(stateSource('s1'), 1 << 20);
    const { asked, read } = index([hit(1)]);
    expect((await cache.openSummaries(ids(1, 9), await cache.stateNow(), CTX, read))[1]).toBeNull();
    expect((await cache.openSummaries(ids(9), await cache.stateNow(), CTX, read))[0]).toBeNull();
    expect(asked).toEqual([ids(1, 9), ids(9)]);
  });

  it('a new read-model state, another day or another base URL reads every summary again', async () => {
    const state = stateSource('s1');
    const cache = new CompactSummaryCache(state, 1 << 20);
    const { asked, read, byId } = index([hit(1)]);
    await cache.openSummaries(ids(1), await cache.stateNow(), CTX, read);
    byId.set(ids(1)[0]!, hit(1, 'Neuer Titel'));
    state.state = 's2';
    const after = await cache.openSummaries(ids(1), await cache.stateNow(), CTX, read);
    expect(parsed(after[0]!)?.title).toBe('Neuer Titel');
    await cache.openSummaries(ids(1), await cache.stateNow(), { ...CTX, today: '2026-01-16' }, read);
    await cache.openSummaries(
      ids(1),
      await cache.stateNow(),
      { ...CTX, publicBaseUrl: 'https://x.ch' },
      read,
    );
    expect(asked).toEqual([ids(1), ids(1), ids(1), ids(1)]);
  });

  it('the day changes a citation string: a decision dated today is cited with its date from that day on', async () => {
    const cache = new CompactSummaryCache(stateSource('s1'), 1 << 20);
    const dated = { ...hit(1), decision_date: '2026-01-16' };
    const { read } = index([dated]);
    const before = await cache.openSummaries(ids(1), await cache.stateNow(), CTX, read);
    const on = await cache.openSummaries(
      ids(1),
      await cache.stateNow(),
      { ...CTX, today: '2026-01-16' },
      read,
    );
    expect(parsed(before[0]!)?.citation_string_de).not.toMatch(/2026/);
    expect(parsed(on[0]!)?.citation_string_de).toMatch(/16\. Januar 2026/);
  });

  it('while the read models change (null state) nothing is kept or used', async () => {
    const state = stateSource('s1');
    const cache = new CompactSummaryCache(state, 1 << 20);
    const { asked, read } = index([hit(1)]);
    await cache.openSummaries(ids(1), await cache.stateNow(), CTX, read);
    state.state = null;
    await cache.openSummaries(ids(1), await cache.stateNow(), CTX, read);
    await cache.openSummaries(ids(1), await cache.stateNow(), CTX, read);
    expect(asked).toHaveLength(3);
  });

  it('a request that read an older state does not replace the summaries of a newer one, nor use them', async () => {
    const state = stateSource('s1');
    const cache = new CompactSummaryCache(state, 1 << 20);
    const { asked, read } = index([hit(1), hit(2)]);
    const older = await cache.stateNow(); // s1, read first
    state.state = 's2';
    const newer = await cache.stateNow();
    await cache.openSummaries(ids(1), newer, CTX, read); // kept under s2
    await cache.openSummaries(ids(1, 2), older, CTX, read); // s1: reads both, keeps neither
    await cache.openSummaries(ids(1, 2), await cache.stateNow(), CTX, read); // s2: 1 is kept
    expect(asked).toEqual([ids(1), ids(1, 2), ids(2)]);
  });

  it('summaries read while a newer state replaced the kept ones are not kept', async () => {
    const state = stateSource('s1');
    const cache = new CompactSummaryCache(state, 1 << 20);
    const { asked, read } = index([hit(1), hit(2)]);
    const at = await cache.stateNow();
    await cache.openSummaries(ids(1), at, CTX, async (missing) => {
      // a request that began later, under a newer state, ends first
      state.state = 's2';
      await cache.openSummaries(ids(2), await cache.stateNow(), CTX, read);
      return read(missing);
    });
    await cache.openSummaries(ids(1, 2), await cache.stateNow(), CTX, read);
    expect(asked).toEqual([ids(2), ids(1), ids(1)]);
  });

  it('beyond its byte bound the least recently used summaries go first', async () => {
    const size = Buffer.byteLength(JSON.stringify(compactSummary(hit(1), CTX))) - 1;
    const cache = new CompactSummaryCache(stateSource('s1'), size * 2);
    const { asked, read } = index([hit(1), hit(2), hit(3)]);
    const page = async (...ns: number[]) =>
      cache.openSummaries(ids(...ns), await cache.stateNow(), CTX, read);
    await page(1, 2); // keeps 1, 2
    await page(1); // 1 used last
    await page(3); // keeps 3, drops 2
    await page(1, 3);
    await page(2);
    expect(asked).toEqual([ids(1, 2), ids(3), ids(2)]);
  });
});

describe('jsonWithArray', () => {
  it.each([
    ['no element', [] as number[]],
    ['one element', [1]],
    ['several, with text beyond Latin-1', [1, 2, 3]],
  ])('%s: the document as JSON.stringify gives it', (_, ns) => {
    const summaries = ns.map((n) =>
      compactSummary({ ...hit(n, `Titel ${n} – «Zürich» ✓`), score: n / 7 }, CTX),
    );
    const opens = summaries.map((s) => Buffer.from(JSON.stringify({ ...s, score: undefined }).slice(0, -1)));
    const closes = summaries.map((s) => summaryClose(s.score));
    const body = jsonWithArray('{"total":3,"results":', opens, closes, ',"fields":"compact"}');
    expect(body.toString('utf8')).toBe(JSON.stringify({ total: 3, results: summaries, fields: 'compact' }));
  });

  it('an unscored page: each summary closed by its brace alone', () => {
    const summaries = [1, 2].map((n) => compactSummary(hit(n, `Titel ${n} – «Zürich»`), CTX));
    const opens = summaries.map((s) => Buffer.from(JSON.stringify(s).slice(0, -1)));
    const body = jsonWithArray('{"results":', opens, [summaryClose(undefined), summaryClose(undefined)], '}');
    expect(body.toString('utf8')).toBe(JSON.stringify({ results: summaries }));
  });

  it.each([
    ['fewer closes than summaries', ['}'], 'summaries but'],
    ['a close beyond ASCII', ['}', ',"score":1}\u00a0'], 'not ASCII'],
  ])('refuses %s', (_, closes, message) => {
    const opens = [Buffer.from('{"a":1'), Buffer.from('{"b":2')];
    expect(() => jsonWithArray('{"results":', opens, closes, '}')).toThrow(message);
  });
});
