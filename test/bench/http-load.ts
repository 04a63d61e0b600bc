/** Small closed-loop load generator for benchmarks: `clients` concurrent loops over `requests` URLs. */
export interface LoadResult {
  readonly count: number;
  readonly errors: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly rps: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export async function runLoad(
  urls: readonly string[],
  clients: number,
  requestsPerClient: number,
): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < requestsPerClient; i++) {
        const url = urls[(c * requestsPerClient + i) % urls.length]!;
        const t = performance.now();
        const res = await fetch(url).catch(() => null);
        if (!res || !res.ok) errors++;
        await res?.arrayBuffer().catch(() => undefined);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    count: times.length,
    errors,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1] ?? NaN,
    rps: times.length / seconds,
  };
}
