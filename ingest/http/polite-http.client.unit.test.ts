import { describe, expect, it } from 'vitest';
import { HttpFetchError } from './http-text.port.ts';
import { PoliteHttpClient, decodeBody, retryAfterMs } from './polite-http.client.ts';

function clock() {
  let now = 0;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    slept,
  };
}

const respond = (status: number, body = '', headers: Record<string, string> = {}) =>
  new Response(body, { status, headers });

describe('polite HTTP client', () => {
  it('keeps requests at least minIntervalMs apart, one at a time, in call order', async () => {
    const c = clock();
    const seen: string[] = [];
    let inFlight = 0;
    const fetch = (async (url: string) => {
      inFlight++;
      expect(inFlight).toBe(1);
      seen.push(`${url}@${c.now()}`);
      await Promise.resolve();
      inFlight--;
      return respond(200, url);
    }) as unknown as typeof globalThis.fetch;
    const client = new PoliteHttpClient({ minIntervalMs: 500, fetch, sleep: c.sleep, now: c.now });
    const bodies = await Promise.all(['a', 'b', 'c'].map((u) => client.getText(`http://x/${u}`)));
    expect(bodies).toEqual(['http://x/a', 'http://x/b', 'http://x/c']);
    expect(seen).toEqual(['http://x/a@0', 'http://x/b@500', 'http://x/c@1000']);
  });

  it('sleeps again when a timer wakes early: the next start is never sooner than minIntervalMs', async () => {
    let now = 0;
    const slept: number[] = [];
    // A timer counting from the event loop's cached clock can fire up to a millisecond early.
    const earlySleep = async (ms: number) => {
      slept.push(ms);
      now += ms > 1 ? ms - 0.95 : ms;
    };
    const starts: number[] = [];
    const fetch = (async () => {
      starts.push(now);
      return respond(200, 'ok');
    }) as unknown as typeof globalThis.fetch;
    const client = new PoliteHttpClient({ minIntervalMs: 25, fetch, sleep: earlySleep, now: () => now });
    await client.getText('http://x/a');
    await client.getText('http://x/b');
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(25);
    expect(slept).toEqual([25, 1]);
  });

  it('retries 429 and 5xx (honouring retry-after), then gives up with the status', async () => {
    const c = clock();
    const statuses = [429, 503, 200];
    const fetch = (async () =>
      respond(statuses.shift()!, 'ok', { 'retry-after': '3' })) as unknown as typeof globalThis.fetch;
    const client = new PoliteHttpClient({ minIntervalMs: 0, retries: 2, fetch, sleep: c.sleep, now: c.now });
    expect(await client.getText('http://x/')).toBe('ok');
    expect(c.slept.filter((ms) => ms === 3000)).toHaveLength(2);

    const failing = new PoliteHttpClient({
      minIntervalMs: 0,
      retries: 1,
      fetch: (async () => respond(503)) as unknown as typeof globalThis.fetch,
      sleep: c.sleep,
      now: c.now,
    });
    await expect(failing.getText('http://x/down')).rejects.toMatchObject({
      status: 503,
      code: 'INGEST_HTTP_FAILED',
    });
  });

  it('does not retry a 404 and marks it as missing', async () => {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      return respond(404);
    }) as unknown as typeof globalThis.fetch;
    const client = new PoliteHttpClient({ minIntervalMs: 0, fetch });
    const error = await client.getText('http://x/gone').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpFetchError);
    expect((error as HttpFetchError).isMissing).toBe(true);
    expect(calls).toBe(1);
  });

  it('retries network failures and reports status 0 at the end', async () => {
    const c = clock();
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const client = new PoliteHttpClient({ minIntervalMs: 0, retries: 2, fetch, sleep: c.sleep, now: c.now });
    await expect(client.getText('http://x/')).rejects.toMatchObject({ status: 0 });
    expect(c.slept).toEqual([1000, 2000]);
  });

  it('reads retry-after in seconds or as a date, capped at two minutes', () => {
    expect(retryAfterMs('5')).toBe(5000);
    expect(retryAfterMs('100000')).toBe(120_000);
    expect(retryAfterMs(new Date(61_000).toUTCString(), 1_000)).toBe(60_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it.each([
    [
      'declared iso-8859-1',
      Buffer.from('Geschäftsnum. für Procédure pénale', 'latin1'),
      'text/html; charset=ISO-8859-1',
    ],
    [
      'declared utf-8',
      Buffer.from('Geschäftsnum. für Procédure pénale', 'utf8'),
      'text/html;charset="utf-8"',
    ],
    ['undeclared utf-8', Buffer.from('Geschäftsnum. für Procédure pénale', 'utf8'), 'text/html'],
    ['undeclared latin-1 bytes', Buffer.from('Geschäftsnum. für Procédure pénale', 'latin1'), 'text/html'],
    [
      'unknown charset label',
      Buffer.from('Geschäftsnum. für Procédure pénale', 'latin1'),
      'text/html; charset=x-nonsense',
    ],
  ])('decodes a body by its charset (%s)', async (_case, bytes, type) => {
    const text = await decodeBody(new Response(bytes, { headers: { 'content-type': type } }));
    expect(text).toBe('Geschäftsnum. für Procédure pénale');
  });

  it('getText answers in the declared charset', async () => {
    const fetch = (async () =>
      new Response(Buffer.from('Tribunal fédéral', 'latin1'), {
        headers: { 'content-type': 'text/html; charset=iso-8859-1' },
      })) as unknown as typeof globalThis.fetch;
    expect(await new PoliteHttpClient({ minIntervalMs: 0, fetch }).getText('http://x/')).toBe(
      'Tribunal fédéral',
    );
  });
});
