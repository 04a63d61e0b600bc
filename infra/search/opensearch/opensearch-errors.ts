import { SearchUnavailableError } from '../search.port.ts';

/** Error codes of the OpenSearch search index (a closed list, see architecture.md "Errors"). */
export type OpenSearchIndexErrorCode =
  /** Node unreachable, timed out, overloaded (429) or failing (5xx): retry later. */
  | 'SEARCH_UNAVAILABLE'
  /** OpenSearch refused a document (mapping error, bad value): retrying will not help. */
  | 'SEARCH_WRITE_REJECTED'
  /** OpenSearch refused a search request (a bug in the compiled query). */
  | 'SEARCH_QUERY_FAILED'
  /** Creating or checking the index / alias failed for a reason other than unavailability. */
  | 'SEARCH_INIT_FAILED'
  /** The generation is still behind the read alias and cannot be dropped. */
  | 'SEARCH_GENERATION_IN_USE';

export class OpenSearchIndexError extends Error {
  constructor(
    readonly code: OpenSearchIndexErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OpenSearchIndexError';
  }
}

/**
 * A failed part of a multi-request (`_msearch` answers 200 with an error per failed search):
 * classified like a failed request with the part's status.
 */
export class PartResponseError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ResponseError';
  }
}

/** An error carrying a Node errno code (ECONNREFUSED, …) that the projector treats as transient. */
class TransportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'TransportFailure';
  }
}

interface ClientErrorShape {
  readonly name?: unknown;
  readonly message?: unknown;
  readonly statusCode?: unknown;
  readonly meta?: { readonly statusCode?: unknown; readonly body?: unknown };
}

export interface Classified {
  /** The node could not answer now (retry later); false: the request itself was refused. */
  readonly unavailable: boolean;
  /** The errno-like code of a transport failure, if any. */
  readonly errno: string | null;
  readonly status: number | null;
  readonly message: string;
}

const CONNECTION_ERRORS = new Set(['ConnectionError', 'NoLivingConnectionsError']);

/** HTTP statuses that mean "not now" rather than "never". */
export function isUnavailableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Sorts a failure of the OpenSearch client into "try again later" or "refused". */
export function classify(error: unknown): Classified {
  const e = (error ?? {}) as ClientErrorShape;
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (CONNECTION_ERRORS.has(name)) {
    const errno = /\b(E[A-Z]{3,})\b/.exec(message)?.[1] ?? 'ECONNREFUSED';
    return { unavailable: true, errno, status: null, message };
  }
  if (name === 'TimeoutError') return { unavailable: true, errno: 'ETIMEDOUT', status: null, message };
  if (name === 'ResponseError') {
    const raw = typeof e.statusCode === 'number' ? e.statusCode : e.meta?.statusCode;
    const status = typeof raw === 'number' ? raw : null;
    return { unavailable: status !== null && isUnavailableStatus(status), errno: null, status, message };
  }
  return { unavailable: false, errno: null, status: null, message };
}

/** The cause to attach: for transport failures one that carries the errno code. */
function causeOf(error: unknown, c: Classified): unknown {
  return c.errno === null ? error : new TransportFailure(c.errno, c.message, { cause: error });
}

/** What a search response says of its completeness: whether every shard answered, in time. */
export interface SearchCompleteness {
  readonly timed_out?: boolean;
  readonly _shards?: { readonly total?: number; readonly failed?: number; readonly failures?: unknown };
}

/** The `filter_path` entries that keep {@link SearchCompleteness} in a filtered response. */
export const COMPLETENESS_PATHS = ['timed_out', '_shards.total', '_shards.failed', '_shards.failures'];

/**
 * Refuses a search response that did not come from every shard in time (some failed, or the
 * search timed out), as SearchUnavailableError (API: 503): its hits and total would be short
 * without saying so.
 */
export function assertComplete(body: SearchCompleteness): void {
  const failed = body._shards?.failed ?? 0;
  if (failed === 0 && body.timed_out !== true) return;
  const why =
    failed > 0 ? `${failed} of ${body._shards?.total ?? '?'} shards failed` : 'the search timed out';
  const detail = body._shards?.failures === undefined ? '' : `: ${JSON.stringify(body._shards.failures)}`;
  throw new SearchUnavailableError(`OpenSearch answered in part (${why})${detail}`.slice(0, 1000));
}

/** What a failed search request becomes: SearchUnavailableError (API: 503) or a query failure. */
export function searchError(error: unknown): Error {
  if (error instanceof SearchUnavailableError || error instanceof OpenSearchIndexError) return error;
  const c = classify(error);
  // a missing index or alias: nothing to answer with until the projector has created it
  if (c.unavailable || c.status === 404) {
    return new SearchUnavailableError(`OpenSearch cannot answer: ${c.message}`, { cause: causeOf(error, c) });
  }
  return new OpenSearchIndexError('SEARCH_QUERY_FAILED', `OpenSearch refused the search: ${c.message}`, {
    cause: error,
  });
}

/** What a failed request of a writer / admin operation becomes. */
export function operationError(
  error: unknown,
  what: string,
  refused: OpenSearchIndexErrorCode,
): OpenSearchIndexError {
  if (error instanceof OpenSearchIndexError) return error;
  const c = classify(error);
  if (c.unavailable) {
    return new OpenSearchIndexError('SEARCH_UNAVAILABLE', `${what}: OpenSearch unavailable: ${c.message}`, {
      cause: causeOf(error, c),
    });
  }
  return new OpenSearchIndexError(refused, `${what}: ${c.message}`, { cause: error });
}
