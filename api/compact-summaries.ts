import { LRUCache } from 'lru-cache';
import type { DecisionSummary } from '../contracts/api/decisions.schema.ts';
import type { Database } from '../infra/db/database.ts';
import type { CompactHit } from '../infra/search/search.port.ts';
import { type ReadModelStateSource, readModelStateOf } from './lookup-cache.ts';
import { type SummaryContext, compactSummary, roundedScore } from './queries/summaries.ts';

/** A read-model state, with the order in which it was read among this cache's reads. */
export interface StateRead {
  readonly state: string | null;
  readonly read: number;
}

/**
 * Compact summaries of decisions (`fields=compact`), each serialised once as UTF-8 JSON and kept
 * while the read models stand where they stood when it was made, for the summary context (base URL
 * and day) it was made for. A compact page is then the search's ids and scores, the kept
 * summaries and only the missing ones read from the search index: no per-hit row parsing, object
 * building or serialisation. A state change (any projection commit) or a new day drops them all;
 * least recently used ones go first beyond `maxBytes`.
 */
export class CompactSummaryCache {
  /**
   * Per decision id: the summary's JSON without its closing brace (a score may follow), within
   * `maxBytes` of them, least recently used out first.
   */
  private readonly entries: LRUCache<string, Buffer>;
  /** The state and context the kept summaries were made under. */
  private keptUnder: string | null = null;
  /** The state reads begun so far, and the one the kept summaries' state came from. */
  private reads = 0;
  private keptFrom = 0;

  constructor(
    private readonly state: ReadModelStateSource,
    maxBytes: number,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (summary) => summary.length });
  }

  /** The read-model state to make summaries under; read before the search that names them. */
  async stateNow(): Promise<StateRead> {
    const read = ++this.reads;
    return { state: await this.state.current(), read };
  }

  /**
   * The open summaries (JSON without the closing brace) of `ids`, in their order; an id whose
   * decision `read` no longer finds is null. Summaries not kept under `at` and `ctx` are read with
   * `read` (all in one call) and kept. A state read later than the kept summaries' replaces them; an
   * earlier one (a request that began before them) and a null one (the read models are changing)
   * neither use nor keep any.
   */
  async openSummaries(
    ids: readonly string[],
    at: StateRead,
    ctx: SummaryContext,
    read: (missing: readonly string[]) => Promise<readonly CompactHit[]>,
  ): Promise<(Buffer | null)[]> {
    const under = at.state === null ? null : `${at.state} ${ctx.today} ${ctx.publicBaseUrl}`;
    if (under !== null && under !== this.keptUnder && at.read > this.keptFrom) {
      this.entries.clear();
      this.keptUnder = under;
      this.keptFrom = at.read;
    }
    const usable = under !== null && under === this.keptUnder;
    // a kept summary used is the most recently used
    const found = ids.map((id) => (usable ? this.entries.get(id) : undefined));
    const missing = ids.filter((_, i) => found[i] === undefined);
    const made = new Map<string, Buffer>();
    if (missing.length > 0) {
      for (const hit of await read(missing))
        made.set(hit.decision_id, openSummaryOf(compactSummary(hit, ctx)));
    }
    // kept only while they are still the state's (no newer state replaced them meanwhile)
    if (usable && under === this.keptUnder) for (const [id, summary] of made) this.entries.set(id, summary);
    return ids.map((id, i) => found[i] ?? made.get(id) ?? null);
  }
}

/**
 * A summary's JSON without its closing brace (never empty: it has at least the decision id), in
 * memory of its own: `Buffer.from` would cut it from a shared 8 kB pool, which any one summary
 * still kept holds on to, so that summaries dropped would not give their memory back.
 */
function openSummaryOf(summary: DecisionSummary): Buffer {
  const json = JSON.stringify(summary).slice(0, -1);
  const open = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  open.write(json);
  return open;
}

/** What closes a kept summary on a page: its score, if the page is scored, and the brace. */
export function summaryClose(score: number | undefined): string {
  return score === undefined ? '}' : `,"score":${JSON.stringify(roundedScore(score))}}`;
}

const caches = new WeakMap<Database, CompactSummaryCache>();

/** Compact summaries kept per process: 16 MB, about 35,000 decisions. */
const COMPACT_SUMMARY_BYTES = 16 * 1024 * 1024;

/** The compact summary cache of an API's read models (one per database and process). */
export function compactSummariesOf(deps: {
  readonly db: Database;
  readonly readModelState?: ReadModelStateSource;
}): CompactSummaryCache {
  let cache = caches.get(deps.db);
  if (!cache) {
    cache = new CompactSummaryCache(readModelStateOf(deps), COMPACT_SUMMARY_BYTES);
    caches.set(deps.db, cache);
  }
  return cache;
}

/**
 * A JSON document from its text before an array, the array's elements (open summaries, each with
 * what closes it: `closes[i]`, ASCII as {@link summaryClose} gives it) and its text after:
 * `{head}[s1c1,s2c2,…]{tail}` as one buffer, copied once. The closes are copied byte by byte: a
 * `Buffer#write` per element costs a call into the runtime each (about 1 ms of a 2,000-result page).
 */
export function jsonWithArray(
  head: string,
  opens: readonly Buffer[],
  closes: readonly string[],
  tail: string,
): Buffer {
  if (closes.length !== opens.length)
    throw new Error(`${opens.length} summaries but ${closes.length} closes`);
  const headBytes = Buffer.from(`${head}[`);
  const tailBytes = Buffer.from(`]${tail}`);
  let size = headBytes.length + tailBytes.length + Math.max(0, opens.length - 1);
  for (let i = 0; i < opens.length; i++) size += opens[i]!.length + closes[i]!.length;
  const body = Buffer.allocUnsafe(size);
  let at = headBytes.copy(body, 0);
  for (let i = 0; i < opens.length; i++) {
    if (i > 0) body[at++] = 0x2c; // ,
    const open = opens[i]!;
    body.set(open, at); // a plain memory copy: Buffer#copy checks its arguments per call
    at += open.length;
    const close = closes[i]!;
    for (let j = 0; j < close.length; j++) {
      const code = close.charCodeAt(j);
      if (code > 0x7f) throw new Error(`a summary close that is not ASCII: ${JSON.stringify(close)}`);
      body[at++] = code;
    }
  }
  tailBytes.copy(body, at);
  return body;
}
