import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../infra/db/database.ts';
import type { DecisionSearchIndex } from '../infra/search/search.port.ts';
import { SearchUnavailableError } from '../infra/search/search.port.ts';

/** Per projection, the events its live generation has not projected yet (Infinity: none is live). */
export type ProjectionLagReader = () => Promise<Record<string, number>>;

export interface MetricsSources {
  readonly db: Database;
  readonly projectionLag?: ProjectionLagReader | undefined;
}

/**
 * The Prometheus metrics of one API instance, in a registry of its own: HTTP requests per route
 * and status (count and duration), search backend errors, and — read at each scrape — projection
 * lag, dead letters per projection and the last successful run of each scraper.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly searchErrors: Counter<'kind'>;

  constructor(sources: MetricsSources, onCollectError: (metric: string, error: unknown) => void) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, per method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, per method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.searchErrors = new Counter({
      name: 'search_backend_errors_total',
      help: 'Searches the search backend failed to answer (kind: unavailable or error)',
      labelNames: ['kind'],
      registers,
    });
    const { db, projectionLag } = sources;
    /** A gauge with one label whose values are read at each scrape (a failed read is reported, the gauge left empty). */
    const readAtScrape = (
      name: string,
      help: string,
      label: string,
      read: () => Promise<Record<string, number>>,
    ) =>
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers,
        async collect() {
          this.reset();
          try {
            for (const [value, n] of Object.entries(await read())) this.set({ [label]: value }, n);
          } catch (error) {
            onCollectError(name, error);
          }
        },
      });
    if (projectionLag)
      readAtScrape(
        'projection_lag_events',
        'Events in the log that the live generation of a projection has not projected yet (+Inf: no live generation)',
        'projection',
        projectionLag,
      );
    readAtScrape(
      'dead_letters',
      'Events a projection could not use, recorded as dead letters, per projection',
      'projection',
      async () => {
        const rows = await db
          .selectFrom('dead_letters')
          .select(['projection', (eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')])
          .groupBy('projection')
          .execute();
        return Object.fromEntries(rows.map((r) => [r.projection, Number(r.n)]));
      },
    );
    readAtScrape(
      'alert_webhook_deliveries',
      'Alert webhook deliveries per state: pending (incl. retrying), delivered, failed (attempts exhausted)',
      'state',
      async () => {
        const rows = await db
          .selectFrom('alert_hits')
          .select(['delivery', (eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')])
          .where('delivery', '<>', 'none')
          .groupBy('delivery')
          .execute();
        const counts: Record<string, number> = { pending: 0, delivered: 0, failed: 0 };
        for (const r of rows) counts[r.delivery] = Number(r.n);
        return counts;
      },
    );
    const lastSuccess = new Gauge({
      name: 'scraper_last_success_timestamp_seconds',
      help: 'When the last successful run of a source finished (Unix time; absent: never succeeded)',
      labelNames: ['source'],
      registers,
    });
    new Gauge({
      name: 'scraper_last_run_success',
      help: 'Whether the latest run of a source succeeded (1) or failed (0)',
      labelNames: ['source'],
      registers,
      async collect() {
        this.reset();
        lastSuccess.reset();
        try {
          const rows = await db
            .selectFrom('scraper_health')
            .select(['source', 'success', 'last_success_at'])
            .execute();
          for (const r of rows) {
            this.set({ source: r.source }, r.success ? 1 : 0);
            if (r.last_success_at)
              lastSuccess.set({ source: r.source }, new Date(r.last_success_at).getTime() / 1000);
          }
        } catch (error) {
          onCollectError('scraper_last_run_success', error);
        }
      },
    });
  }

  /** Counts and times every answered request under its route pattern (unmatched URLs as one label). */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      this.requests.inc(labels);
      this.durations.observe(labels, reply.elapsedTime / 1000);
    });
  }

  /** The search index, with its failures counted. */
  countSearchErrors(search: DecisionSearchIndex): DecisionSearchIndex {
    const counted = async <T>(run: Promise<T>): Promise<T> => {
      try {
        return await run;
      } catch (error) {
        this.searchErrors.inc({ kind: error instanceof SearchUnavailableError ? 'unavailable' : 'error' });
        throw error;
      }
    };
    return {
      changesWithReadModelState: search.changesWithReadModelState,
      search: (request) => counted(search.search(request)),
      searchIds: (request) => counted(search.searchIds(request)),
      compactHits: (ids) => counted(search.compactHits(ids)),
    };
  }
}
