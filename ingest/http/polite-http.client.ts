import { HttpFetchError, type HttpTextClient } from './http-text.port.ts';

export interface PoliteHttpOptions {
  /** Minimum time from the end of one request to the start of the next (ms): the portals ask for gentle crawling. */
  readonly minIntervalMs?: number;
  readonly timeoutMs?: number;
  /** Further tries after a 429, a 5xx or a network failure. */
  readonly retries?: number;
  /** First back-off after a failure (ms), doubled per try, at most 30 s (default 1000). */
  readonly retryBaseMs?: number;
  readonly userAgent?: string;
  /** Injected for tests; defaults to the global fetch (undici). */
  readonly fetch?: typeof globalThis.fetch;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 120_000;

/**
 * An HTTP client for public portals: one request at a time, the next starting at least
 * `minIntervalMs` after the previous one ended (so the portal sees their starts at least that far
 * apart, however long the way there takes),
 * honouring `retry-after`, retrying transient failures with back-off, and a timeout per request.
 */
export class PoliteHttpClient implements HttpTextClient {
  private queue: Promise<unknown> = Promise.resolve();
  private lastStart = -Infinity;
  private failures = 0;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(private readonly options: PoliteHttpOptions = {}) {
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = options.now ?? (() => performance.now());
  }

  /** Requests that failed so far (non-2xx, timeout, no connection), retried attempts included. */
  get failedRequests(): number {
    return this.failures;
  }

  getText(url: string, accept = '*/*'): Promise<string> {
    return this.serialised(() =>
      this.request(url, { method: 'GET', headers: this.headers(accept) }, decodeBody),
    );
  }

  /** GETs raw bytes (a PDF) under the same rules: one request at a time, `minIntervalMs` apart, retried. */
  getBytes(url: string, accept = '*/*'): Promise<Uint8Array> {
    return this.serialised(() =>
      this.request(
        url,
        { method: 'GET', headers: this.headers(accept) },
        async (r) => new Uint8Array(await r.arrayBuffer()),
      ),
    );
  }

  postForm(url: string, form: Readonly<Record<string, string>>, accept = '*/*'): Promise<string> {
    const body = new URLSearchParams(form).toString();
    return this.serialised(() =>
      this.request(
        url,
        {
          method: 'POST',
          headers: { ...this.headers(accept), 'content-type': 'application/x-www-form-urlencoded' },
          body,
        },
        decodeBody,
      ),
    );
  }

  private headers(accept: string): Record<string, string> {
    return {
      accept,
      'user-agent': this.options.userAgent ?? 'swiss-law-research/0.1 (statute ingest; polite crawler)',
    };
  }

  /** One request at a time, in call order. */
  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private untilNextStart(): number {
    return this.lastStart + (this.options.minIntervalMs ?? 1000) - this.now();
  }

  private async request<T>(
    url: string,
    init: RequestInit,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const retries = this.options.retries ?? 2;
    for (let attempt = 0; ; attempt++) {
      // A timer may fire up to a millisecond early (it counts from the event loop's cached clock),
      // so the interval is checked again after each sleep rather than trusted.
      for (let wait = this.untilNextStart(); wait > 0; wait = this.untilNextStart())
        await this.sleep(Math.ceil(wait));
      this.lastStart = this.now();
      let response: Response;
      let body: T | undefined;
      try {
        response = await this.fetchImpl(url, {
          ...init,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        });
        // A body cut off on the way (connection lost, timeout while reading) is a failed request too.
        if (response.ok) body = await read(response);
        this.lastStart = this.now();
      } catch (error) {
        this.lastStart = this.now();
        this.failures++;
        if (attempt < retries) {
          await this.sleep(backoff(attempt, this.options.retryBaseMs));
          continue;
        }
        throw new HttpFetchError(url, 0, `${init.method} ${url} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      if (response.ok) return body as T;
      this.failures++;
      await response.arrayBuffer().catch(() => undefined);
      if (RETRY_STATUSES.has(response.status) && attempt < retries) {
        await this.sleep(
          retryAfterMs(response.headers.get('retry-after')) ?? backoff(attempt, this.options.retryBaseMs),
        );
        continue;
      }
      throw new HttpFetchError(url, response.status, `${init.method} ${url} answered ${response.status}`);
    }
  }
}

function backoff(attempt: number, baseMs = 1000): number {
  return Math.min(30_000, baseMs * 2 ** attempt);
}

/** `retry-after` in seconds or as an HTTP date; capped so a portal cannot stall the run for hours. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - nowMs;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/**
 * The body as text in the charset the answer declares (`content-type: text/html; charset=iso-8859-1`,
 * as the Federal Supreme Court's pages are served); without one, UTF-8, or windows-1252 when the
 * bytes are not valid UTF-8. `Response.text()` would read every body as UTF-8.
 */
export async function decodeBody(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const declared = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(response.headers.get('content-type') ?? '')?.[1];
  if (declared) {
    try {
      return new TextDecoder(declared.toLowerCase()).decode(bytes);
    } catch {
      // An unknown charset label: fall through to detection.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
