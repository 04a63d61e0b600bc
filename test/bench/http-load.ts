import autocannon from 'autocannon';
import { AREAS } from '../../ingest/sources/sample/areas.ts';

/**
 * Topics of the sample corpus's vocabulary (the words of six letters or more of its legal terms and
 * subjects, in the three languages: 817), for workloads that ask each once.
 */
export const SAMPLE_TOPICS: readonly string[] = [
  ...new Set(
    Object.values(AREAS)
      .flatMap((a) => [...a.terms, ...a.subjects].flat())
      .flatMap((text) => text.match(/\p{L}{6,}/gu) ?? []),
  ),
].sort();

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

/** The /decisions workload both search benchmarks run: keyword, phrase, boolean, prefix and filter-only queries. */
export function decisionSearchUrls(base: string): Record<string, string[]> {
  const q = (params: Record<string, string>) => `${base}/decisions?${new URLSearchParams(params).toString()}`;
  const words = (list: readonly string[]) => list.map((w) => q({ query: w, limit: '20' }));
  return {
    keyword: words(['Kündigung', 'contrat', 'responsabilità', 'Haftung', 'recours', 'Steuer']),
    phrase: words([
      '"fristlose Kündigung"',
      '"bail à loyer"',
      '"rechtliches Gehör"',
      '"droit d\'être entendu"',
    ]),
    boolean: words([
      'Kündigung AND Mietvertrag',
      'contrat OR bail',
      'Steuer NOT Einkommen',
      '(Haftung OR Schaden) AND Vertrag',
    ]),
    prefix: words(['Kündig*', 'contra*', 'respons*', 'Versich*']),
    'filter-only': [
      q({ court: 'bger', limit: '20' }),
      q({ canton: 'ZH', date_from: '2010-01-01', limit: '20' }),
      q({ language: 'fr', sort: 'date_asc', limit: '20' }),
      q({ court: 'bvger', chamber: 'Abteilung', limit: '20' }),
    ],
  };
}

/** Runs {@link decisionSearchUrls} kind by kind (after a short warm-up) and prints one line per kind. */
export async function printSearchLatency(
  base: string,
  clients: number,
  requestsPerClient: number,
): Promise<void> {
  for (const [kind, urls] of Object.entries(decisionSearchUrls(base))) {
    await runLoad(urls, 2, 5); // warm-up
    const r = await runLoad(urls, clients, requestsPerClient);
    console.log(
      `  ${kind.padEnd(12)} p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  errors ${r.errors}`,
    );
  }
}

/** Fact statements of the /mock-decision workloads (de, fr, de). */
export const MOCK_FACTS: readonly string[] = [
  'Die Vermieterin kündigte das Mietverhältnis wegen Zahlungsrückständen auf Ende des folgenden Monats. Der Mieter focht die Kündigung bei der Schlichtungsbehörde an und verlangte die Erstreckung des Mietverhältnisses.',
  "La bailleresse a résilié le bail pour défaut de paiement du loyer. Le locataire a contesté le congé devant l'autorité de conciliation.",
  'Der Arbeitgeber kündigte das Arbeitsverhältnis fristlos, nachdem der Arbeitnehmer mehrfach unentschuldigt gefehlt hatte.',
];

/** Figures of one autocannon run: percentiles over every response time, requests per second, failures. */
export interface AutocannonFigures {
  readonly p50: number;
  readonly p95: number;
  readonly rps: number;
  readonly requests: number;
  readonly non2xx: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
}

/** Where a run that asks each path once stands in its paths (shared by the runs of one workload). */
export interface PathCursor {
  next: number;
}

/**
 * One autocannon run of `connections` connections over `paths` of `base`: each connection cycles
 * through them, or, with a `cursor`, every request takes the next path not asked yet by any
 * connection (a path is asked again only once all were).
 */
export async function autocannonLoad(
  base: string,
  paths: readonly string[],
  seconds: number,
  connections: number,
  cursor?: PathCursor,
): Promise<AutocannonFigures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: cursor
          ? [
              {
                method: 'GET' as const,
                setupRequest: (request: autocannon.Request) => ({
                  ...request,
                  path: paths[cursor.next++ % paths.length]!,
                }),
              },
            ]
          : paths.map((path) => ({ method: 'GET' as const, path })),
      },
      (error: unknown, done) =>
        error ? reject(error instanceof Error ? error : new Error('autocannon failed')) : resolve(done),
    );
    // autocannon reports p97.5, not p95: the percentiles are taken from every response time.
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rps: result.requests.total / (result.duration || seconds),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
