/** What the statute sources need from HTTP: text bodies of GET and form POST requests. */
export interface HttpTextClient {
  /** GETs `url`; resolves with the body of a 2xx answer, throws HttpFetchError otherwise. */
  getText(url: string, accept?: string): Promise<string>;
  /** POSTs an `application/x-www-form-urlencoded` body; same contract as getText. */
  postForm(url: string, form: Readonly<Record<string, string>>, accept?: string): Promise<string>;
  /** GETs `url` as raw bytes (a PDF); same contract as getText. Absent on clients that serve text only. */
  getBytes?(url: string, accept?: string): Promise<Uint8Array>;
  /**
   * Requests that failed so far (non-2xx answer, timeout or no connection), retried ones included;
   * a run reports the difference between its start and its end. Optional for test doubles.
   */
  readonly failedRequests?: number;
}

/** A request that did not give a 2xx answer (status 0: no answer at all). */
export class HttpFetchError extends Error {
  readonly code = 'INGEST_HTTP_FAILED';
  constructor(
    readonly url: string,
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpFetchError';
  }

  /** 404/410: the resource is not there (an item problem, not a source outage). */
  get isMissing(): boolean {
    return this.status === 404 || this.status === 410;
  }
}
