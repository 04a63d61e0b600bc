import { Client } from '@opensearch-project/opensearch';

export interface HttpRequestOptions {
  /** JSON body. */
  readonly body?: unknown;
  /** Newline-delimited JSON body (`_bulk`), sent as is. */
  readonly ndjson?: string;
  readonly querystring?: Readonly<Record<string, string>>;
  /** Statuses answered normally instead of thrown as a ResponseError. */
  readonly ignore?: readonly number[];
}

export interface HttpResponse {
  readonly status: number;
  readonly body: unknown;
}

/**
 * The only place that touches the OpenSearch client: plain REST calls over its transport (which
 * brings retries on connection failures and 502/503/504, and the error classes that
 * opensearch-errors.ts classifies). Everything else builds request bodies as plain objects.
 */
export class OpenSearchHttp {
  private readonly client: Client;

  constructor(options: { readonly node: string; readonly requestTimeoutMs: number }) {
    this.client = new Client({ node: options.node, requestTimeout: options.requestTimeoutMs, maxRetries: 2 });
  }

  /** One REST call; throws the client's errors (ConnectionError, ResponseError, …). */
  async request(method: string, path: string, o: HttpRequestOptions = {}): Promise<HttpResponse> {
    const res = await this.client.transport.request(
      {
        method,
        path,
        ...(o.body === undefined ? {} : { body: o.body as Record<string, unknown> }),
        ...(o.ndjson === undefined ? {} : { bulkBody: o.ndjson }),
        ...(o.querystring === undefined ? {} : { querystring: { ...o.querystring } }),
      },
      o.ignore ? { ignore: [...o.ignore] } : {},
    );
    return { status: res.statusCode ?? 0, body: res.body as unknown };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
