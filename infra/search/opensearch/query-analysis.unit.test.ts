import { describe, expect, it } from 'vitest';
import { type AnalyzeRequest, type AnalyzeToken, QueryAnalysis, splitByOffsets } from './query-analysis.ts';

/** Tokens as `_analyze` returns them for a multi-valued text (offset gap 1 between values). */
function tokensOf(texts: readonly string[], drop: readonly string[] = []): AnalyzeToken[] {
  const out: AnalyzeToken[] = [];
  let base = 0;
  for (const t of texts) {
    for (const m of t.matchAll(/[\p{L}\p{N}]+/gu)) {
      const start = base + (m.index ?? 0);
      if (!drop.includes(m[0].toLowerCase()))
        out.push({ token: m[0].toLowerCase(), start_offset: start, end_offset: start + m[0].length });
    }
    base += t.length + 1;
  }
  return out;
}

describe('splitByOffsets', () => {
  it('assigns tokens to their values, including values without tokens', () => {
    const texts = ['der', 'Vertrag', 'die das', 'Kündigung des Vertrags'];
    expect(splitByOffsets(texts, tokensOf(texts, ['der', 'die', 'das', 'des']))).toEqual([
      [],
      ['vertrag'],
      [],
      ['kündigung', 'vertrags'],
    ]);
  });

  it('returns null when an offset lies outside every value', () => {
    expect(splitByOffsets(['ab'], [{ token: 'x', start_offset: 1, end_offset: 9 }])).toBeNull();
  });
});

describe('QueryAnalysis', () => {
  it('asks once per group for the texts it has not seen and caches the rest', async () => {
    const calls: [string, string | string[]][] = [];
    const request: AnalyzeRequest = async (analyzer, text) => {
      calls.push([analyzer, text]);
      return tokensOf(Array.isArray(text) ? text : [text], analyzer === 'sl_de' ? ['der'] : []);
    };
    const analysis = new QueryAnalysis(request);
    const first = await analysis.prepare(['de', 'fr'], ['der', 'Vertrag']);
    expect(first('de', 'der')).toEqual([]);
    expect(first('fr', 'der')).toEqual(['der']);
    expect(calls).toEqual([
      ['sl_de', ['der', 'Vertrag']],
      ['sl_fr', ['der', 'Vertrag']],
    ]);
    const second = await analysis.prepare(['de'], ['Vertrag', 'Miete']);
    expect(second('de', 'Miete')).toEqual(['miete']);
    expect(calls[2]).toEqual(['sl_de', ['Miete']]);
    expect(() => second('it', 'Miete')).toThrow(/not analysed/);
  });

  it('falls back to one request per text when offsets do not line up', async () => {
    const request: AnalyzeRequest = async (_analyzer, text) =>
      Array.isArray(text) ? [{ token: 'x', start_offset: 100, end_offset: 101 }] : tokensOf([text]);
    const analyse = await new QueryAnalysis(request).prepare(['xx'], ['a b', 'c']);
    expect(analyse('xx', 'a b')).toEqual(['a', 'b']);
    expect(analyse('xx', 'c')).toEqual(['c']);
  });

  it('keeps at most maxEntries results', async () => {
    let asked = 0;
    const request: AnalyzeRequest = async (_a, text) => {
      asked++;
      return tokensOf(Array.isArray(text) ? text : [text]);
    };
    const analysis = new QueryAnalysis(request, { maxEntries: 2 });
    await analysis.prepare(['xx'], ['a', 'b', 'c']);
    await analysis.prepare(['xx'], ['c']);
    expect(asked).toBe(1);
    await analysis.prepare(['xx'], ['a']);
    expect(asked).toBe(2);
  });
});

describe('QueryAnalysis: requests to the node', () => {
  /** An error as the OpenSearch client throws it for an HTTP status. */
  const refused = (statusCode: number) =>
    Object.assign(new Error(`status ${statusCode}`), { name: 'ResponseError', statusCode });
  /** A request the node always refuses with `statusCode`, and how often it was asked. */
  const refusing = (statusCode: number) => {
    let asked = 0;
    const request: AnalyzeRequest = async () => {
      asked++;
      throw refused(statusCode);
    };
    return { request, asked: () => asked };
  };

  it('has at most `concurrency` requests in flight; the others wait their turn', async () => {
    let inFlight = 0;
    let most = 0;
    const request: AnalyzeRequest = async (_analyzer, text) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      return tokensOf(Array.isArray(text) ? text : [text]);
    };
    const analysis = new QueryAnalysis(request, { concurrency: 3 });
    const analysed = await Promise.all(
      Array.from({ length: 12 }, (_, i) => analysis.prepare(['de', 'fr', 'it'], [`Wort${i}`])),
    );
    expect(most).toBe(3);
    analysed.forEach((analyse, i) => expect(analyse('it', `Wort${i}`)).toEqual([`wort${i}`]));
  });

  it('tries a request refused as overloaded (429) again, and gives up after the last wait', async () => {
    let asked = 0;
    const flaky: AnalyzeRequest = async (_analyzer, text) => {
      asked++;
      if (asked <= 2) throw refused(429);
      return tokensOf(Array.isArray(text) ? text : [text]);
    };
    const analyse = await new QueryAnalysis(flaky, { retryDelaysMs: [1, 1, 1] }).prepare(['de'], ['Miete']);
    expect(analyse('de', 'Miete')).toEqual(['miete']);
    expect(asked).toBe(3);

    const overloaded = refusing(429);
    await expect(
      new QueryAnalysis(overloaded.request, { retryDelaysMs: [1, 1] }).prepare(['de'], ['Miete']),
    ).rejects.toThrow(/429/);
    expect(overloaded.asked()).toBe(3);
  });

  it('does not try again a request the node refused for another reason', async () => {
    const bad = refusing(400);
    await expect(
      new QueryAnalysis(bad.request, { retryDelaysMs: [1, 1] }).prepare(['de'], ['Miete']),
    ).rejects.toThrow(/400/);
    expect(bad.asked()).toBe(1);
  });

  it('sends the same analysis asked at once only once', async () => {
    const calls: string[] = [];
    const request: AnalyzeRequest = async (analyzer, text) => {
      calls.push(analyzer);
      await new Promise((r) => setTimeout(r, 2));
      return tokensOf(Array.isArray(text) ? text : [text]);
    };
    const analysis = new QueryAnalysis(request);
    const both = await Promise.all([
      analysis.prepare(['de', 'fr'], ['Pacht']),
      analysis.prepare(['de', 'fr'], ['Pacht']),
    ]);
    expect(both.map((a) => a('fr', 'Pacht'))).toEqual([['pacht'], ['pacht']]);
    expect(calls.sort()).toEqual(['sl_de', 'sl_fr']);
  });
});
