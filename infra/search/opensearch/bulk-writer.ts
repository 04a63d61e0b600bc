/**
 * `_bulk` writes of the OpenSearch indices: actions batched by count and size, idempotent under
 * external versioning (a 409 means a newer position is already indexed), failures classified as
 * unavailable (retry) or rejected.
 */
import { OpenSearchIndexError, isUnavailableStatus, operationError } from './opensearch-errors.ts';
import type { OpenSearchHttp } from './opensearch-http.ts';

interface BulkBody {
  readonly errors: boolean;
  readonly items: readonly Record<
    string,
    {
      readonly _id?: string;
      readonly status: number;
      readonly error?: { readonly type?: string; readonly reason?: string };
    }
  >[];
}

/** One bulk action: the action line and, for `index`, the document. */
export interface BulkAction {
  readonly action: Record<string, unknown>;
  readonly source?: Record<string, unknown>;
}

const BULK_MAX_DOCS = 500;
const BULK_MAX_BYTES = 10 * 1024 * 1024;

export class BulkWriter {
  constructor(
    private readonly http: OpenSearchHttp,
    /** Refresh after each request: `'wait_for'` in tests, `false` in production. */
    private readonly refresh: boolean | 'wait_for',
  ) {}

  /** Sends `actions` in requests of at most 500 actions / 10 MiB; throws on any real failure. */
  async write(actions: readonly BulkAction[]): Promise<void> {
    let lines: string[] = [];
    let count = 0;
    let bytes = 0;
    for (const { action, source } of actions) {
      const entry = [JSON.stringify(action)];
      if (source !== undefined) entry.push(JSON.stringify(source));
      const size = entry.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
      if (count > 0 && (count >= BULK_MAX_DOCS || bytes + size > BULK_MAX_BYTES)) {
        await this.send(lines);
        lines = [];
        count = 0;
        bytes = 0;
      }
      lines.push(...entry);
      count++;
      bytes += size;
    }
    if (count > 0) await this.send(lines);
  }

  private async send(lines: readonly string[]): Promise<void> {
    let body: BulkBody;
    try {
      const querystring = this.refresh === false ? undefined : { refresh: String(this.refresh) };
      const ndjson = `${lines.join('\n')}\n`;
      body = (await this.http.request('POST', '/_bulk', { ndjson, ...(querystring ? { querystring } : {}) }))
        .body as BulkBody;
    } catch (error) {
      throw operationError(error, 'bulk write', 'SEARCH_WRITE_REJECTED');
    }
    if (!body.errors) return;
    const failures = body.items
      .map((item) => Object.values(item)[0])
      // 409: a newer position is already indexed (external versioning): nothing to do;
      // 404 without an error: a delete of a document the index does not hold
      .filter(
        (r): r is NonNullable<typeof r> =>
          r !== undefined && r.status >= 300 && r.status !== 409 && !(r.status === 404 && !r.error),
      );
    if (failures.length === 0) return;
    const describe = failures
      .slice(0, 5)
      .map((f) => `${f._id}: ${f.status} ${f.error?.type ?? ''} ${f.error?.reason ?? ''}`)
      .join('; ');
    const transient = failures.every((f) => isUnavailableStatus(f.status));
    throw new OpenSearchIndexError(
      transient ? 'SEARCH_UNAVAILABLE' : 'SEARCH_WRITE_REJECTED',
      `bulk write: ${failures.length} document(s) failed: ${describe}`,
    );
  }
}
