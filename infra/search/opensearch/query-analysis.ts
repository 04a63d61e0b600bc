/**
 * Runs the index's own analysers over the words, prefixes and phrases of a query (rules 3 and 7
 * need to know what a text analyses to in each language before the query is compiled). One
 * `_analyze` request per text group carries all texts of a query; results are cached, since
 * an analyser's output never changes for a given index layout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import pLimit, { type LimitFunction } from 'p-limit';
import { classify } from './opensearch-errors.ts';
import { type Analyse, type TextGroup, analyzerOf } from './query-dsl-compiler.ts';

export interface AnalyzeToken {
  readonly token: string;
  readonly start_offset: number;
  readonly end_offset: number;
}

/** `POST <index>/_analyze {analyzer, text}` → the tokens (narrow view of the client). */
export type AnalyzeRequest = (analyzer: string, text: string | string[]) => Promise<readonly AnalyzeToken[]>;

// Lucene separates the values of a multi-valued text by this many offset units.
const OFFSET_GAP = 1;

/**
 * Assigns the tokens of a multi-valued `_analyze` to their values by offset; null when an offset
 * falls outside every value (then the caller analyses the texts one by one).
 */
export function splitByOffsets(texts: readonly string[], tokens: readonly AnalyzeToken[]): string[][] | null {
  const starts: number[] = [];
  let at = 0;
  for (const t of texts) {
    starts.push(at);
    at += t.length + OFFSET_GAP;
  }
  const out: string[][] = texts.map(() => []);
  let i = 0;
  for (const tok of tokens) {
    while (i + 1 < texts.length && tok.start_offset >= (starts[i + 1] ?? Infinity)) i++;
    const start = starts[i] ?? 0;
    const end = start + (texts[i]?.length ?? 0);
    if (tok.start_offset < start || tok.end_offset > end) return null;
    out[i]?.push(tok.token);
  }
  return out;
}

/**
 * `_analyze` requests a process has in flight at most; the others wait in the process. OpenSearch
 * answers them on a thread pool of their own, one thread with a queue of 16 by default
 * (`thread_pool.analyze`), and refuses what does not fit with 429. Each new query is analysed in
 * every language group, so a few new queries at once overflowed it and failed (503).
 */
export const ANALYZE_CONCURRENCY = 4;

/** The turn of every query analysis of this process (decisions and commentaries ask the same node). */
const processTurns = pLimit(ANALYZE_CONCURRENCY);

/**
 * Waits before each new try of an `_analyze` the node refused as overloaded (429: other processes'
 * requests fill its queue); after the last, the refusal is the answer (search unavailable).
 */
export const ANALYZE_RETRY_DELAYS_MS: readonly number[] = [20, 50, 100, 200, 400];

export interface QueryAnalysisOptions {
  /** Results kept (LRU). */
  readonly maxEntries?: number;
  /** Requests in flight at most, for this analysis alone (default: the process's {@link ANALYZE_CONCURRENCY}). */
  readonly concurrency?: number;
  readonly retryDelaysMs?: readonly number[];
}

export class QueryAnalysis {
  private readonly cache: LRUCache<string, readonly string[]>;
  private readonly limit: LimitFunction;
  private readonly retryDelaysMs: readonly number[];
  /** Requests in flight by analyser and texts: the same analysis asked at once is sent once. */
  private readonly pending = new Map<string, Promise<readonly AnalyzeToken[]>>();

  constructor(
    private readonly request: AnalyzeRequest,
    options: QueryAnalysisOptions = {},
  ) {
    this.cache = new LRUCache({ max: options.maxEntries ?? 10_000 });
    this.limit = options.concurrency === undefined ? processTurns : pLimit(options.concurrency);
    this.retryDelaysMs = options.retryDelaysMs ?? ANALYZE_RETRY_DELAYS_MS;
  }

  /** One `_analyze`, shared with an identical one in flight, in turn, tried again while refused as overloaded. */
  private send(analyzer: string, text: string | string[]): Promise<readonly AnalyzeToken[]> {
    const key = JSON.stringify([analyzer, text]);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const sent = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await this.limit(() => this.request(analyzer, text));
        } catch (error) {
          const delay = this.retryDelaysMs[attempt];
          if (delay === undefined || classify(error).status !== 429) throw error;
          await sleep(delay);
        }
      }
    })().finally(() => this.pending.delete(key));
    this.pending.set(key, sent);
    return sent;
  }

  /** Forgets cached results (after the read alias moved to another generation). */
  clear(): void {
    this.cache.clear();
  }

  /** Analyses `texts` in every group and returns the lookup the compiler needs. */
  async prepare(groups: readonly TextGroup[], texts: readonly string[]): Promise<Analyse> {
    // the answer of this query is kept aside, so that concurrent queries evicting cache entries
    // cannot take it away between analysis and compilation
    const local = new Map<string, readonly string[]>();
    await Promise.all(groups.map((g) => this.fill(g, texts, local)));
    return (group, text) => {
      const tokens = local.get(keyOf(group, text));
      if (tokens === undefined) throw new Error(`text not analysed for ${group}: ${text}`);
      return tokens;
    };
  }

  private async fill(
    group: TextGroup,
    texts: readonly string[],
    local: Map<string, readonly string[]>,
  ): Promise<void> {
    const missing: string[] = [];
    for (const t of texts) {
      const key = keyOf(group, t);
      const hit = this.cache.get(key);
      if (hit === undefined) {
        missing.push(t);
        continue;
      }
      local.set(key, hit);
    }
    if (missing.length === 0) return;
    const analyzer = analyzerOf(group);
    let split = splitByOffsets(missing, await this.send(analyzer, [...missing]));
    if (split === null) {
      split = await Promise.all(missing.map(async (t) => (await this.send(analyzer, t)).map((x) => x.token)));
    }
    missing.forEach((t, i) => {
      const tokens = split[i] ?? [];
      local.set(keyOf(group, t), tokens);
      this.cache.set(keyOf(group, t), tokens);
    });
  }
}

function keyOf(group: TextGroup, text: string): string {
  return `${group}\u0000${text}`;
}
