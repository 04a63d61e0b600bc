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
  /** Per decision id: the summary's JSON without its closing brace (a score may follow). */
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  /** The state and context the kept summaries were made under. */
  private keptUnder: string | null = null;
  /** The state reads begun so far, and the one the kept summaries' state came from. */
  private reads = 0;
  private keptFrom = 0;

  constructor(
    private readonly state: ReadModelStateSource,
    private readonly maxBytes: number,
  ) {}

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
      this.bytes = 0;
      this.keptUnder = under;
      this.keptFrom = at.read;
    }
    const usable = under !== null && under === this.keptUnder;
    const found = ids.map((id) => (usable ? this.entries.get(id) : undefined));
    const missing = ids.filter((_, i) => found[i] === undefined);
    const made = new Map<string, Buffer>();
    if (missing.length > 0) {
      for (const hit of await read(missing))
        made.set(hit.decision_id, openSummaryOf(compactSummary(hit, ctx)));
    }
    // kept only while they are still the state's (no newer state replaced them meanwhile)
    if (usable && under === this.keptUnder) {
      for (let i = 0; i < ids.length; i++) {
        const summary = found[i];
        if (summary !== undefined) this.touch(ids[i]!, summary);
      }
      for (const [id, summary] of made) this.keep(id, summary);
    }
    return ids.map((id, i) => found[i] ?? made.get(id) ?? null);
  }

  /** Marks a kept summary as most recently used (last in the map's order). */
  private touch(id: string, summary: Buffer): void {
    if (this.entries.get(id) !== summary) return;
    this.entries.delete(id);
    this.entries.set(id, summary);
  }

  private keep(id: string, summary: Buffer): void {
    const old = this.entries.get(id);
    if (old) this.bytes -= old.length;
    this.entries.delete(id);
    this.entries.set(id, summary);
    this.bytes += summary.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.length;
    }
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
 * A JSON document from its text before an array, the array's elements (open summaries with what
 * closes each) and its text after: `{head}[s1c1,s2c2,…]{tail}` as one buffer, copied once.
 */
export function jsonWithArray(
  head: string,
  elements: readonly (readonly [Buffer, string])[],
  tail: string,
): Buffer {
  const headBytes = Buffer.from(`${head}[`);
  const tailBytes = Buffer.from(`]${tail}`);
  let size = headBytes.length + tailBytes.length + Math.max(0, elements.length - 1);
  for (const [open, close] of elements) size += open.length + Buffer.byteLength(close, 'latin1');
  const body = Buffer.allocUnsafe(size);
  let at = headBytes.copy(body, 0);
  elements.forEach(([open, close], i) => {
    if (i > 0) body[at++] = 0x2c; // ,
    body.set(open, at); // a plain memory copy: Buffer#copy checks its arguments per call
    at += open.length;
    at += body.write(close, at, 'latin1');
  });
  tailBytes.copy(body, at);
  return body;
}
