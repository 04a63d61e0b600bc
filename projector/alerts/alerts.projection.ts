import type { DecisionPublished } from '../../contracts/events/index.ts';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import type { SearchDocument, SearchFilters, SearchMatcher } from '../../infra/search/search.port.ts';
import { searchDocumentOf } from '../decision-search/decision-search.projection.ts';
import type { PositionedEvent, Projection } from '../projection.ts';
import type { ProjectionStorage } from '../storage/projection-storage.ts';

/**
 * The hits live in the base schema next to the alerts (user data, not a rebuildable read model):
 * a generation has no storage of its own, and a rebuild's replay finds every hit already recorded.
 */
const sharedTables: ProjectionStorage = {
  async create() {},
  async activate() {},
  async drop() {},
};

/** The summary of a decision as its webhook delivery and the alert's feed show it. */
export function alertDecisionSummary(d: DecisionPublished['data']) {
  return {
    decision_id: d.decision_id,
    court: d.court,
    canton: d.canton,
    decision_date: d.decision_date,
    language: d.language,
    docket_number: d.docket_number,
    title: d.title,
    regeste: d.regeste,
  };
}

/**
 * Matches every published decision against the saved searches and records a hit per alert and
 * decision, once (a re-publication or a replay adds nothing). An alert sees the decisions
 * published (event time) from its creation on. Webhook alerts' hits start `pending` for the
 * delivery loop, which (like the alert's feed) passes over decisions withdrawn since.
 */
export function alertsProjection(matcher: SearchMatcher): Projection {
  return {
    name: 'alerts',
    storage: sharedTables,
    streams: ['decisions'],
    handles: ['DecisionPublished', 'DecisionWithdrawn'],
    async handle(batch: readonly PositionedEvent[], ctx): Promise<void> {
      const { tx, now } = ctx;
      const alerts = await tx
        .selectFrom('alerts')
        .select(['alert_id', 'created_at', 'query_ast', 'filters', 'webhook_url'])
        .execute();
      if (alerts.length === 0) return;
      // A decision the batch ends by withdrawing is not matched (never alert on a withdrawn one).
      const latest = new Map<string, PositionedEvent<DecisionPublished>>();
      for (const e of batch) {
        if (e.event.type === 'DecisionPublished')
          latest.set(e.event.data.decision_id, e as PositionedEvent<DecisionPublished>);
        else if (e.event.type === 'DecisionWithdrawn') latest.delete(e.event.data.decision_id);
      }
      if (latest.size === 0) return;
      const docs = new Map<string, SearchDocument>();
      const docOf = (e: PositionedEvent<DecisionPublished>) => {
        let doc = docs.get(e.event.data.decision_id);
        if (!doc) docs.set(e.event.data.decision_id, (doc = searchDocumentOf(e.event.data)));
        return doc;
      };
      for (const alert of alerts) {
        const since = Date.parse(alert.created_at);
        const eligible = [...latest.values()].filter((e) => Date.parse(e.event.occurredAt) >= since);
        if (eligible.length === 0) continue;
        const matched = await matcher.matching(
          // Written by POST /alerts from the same parse as /decisions.
          alert.query_ast as QueryNode | null,
          alert.filters as SearchFilters,
          eligible.map(docOf),
          ctx,
        );
        const hits = eligible.filter((e) => matched.has(e.event.data.decision_id));
        if (hits.length === 0) continue;
        await tx
          .insertInto('alert_hits')
          .values(
            hits.map((e) => ({
              alert_id: alert.alert_id,
              decision_id: e.event.data.decision_id,
              decision: JSON.stringify(alertDecisionSummary(e.event.data)),
              matched_at: now,
              event_position: e.position,
              delivery: alert.webhook_url ? ('pending' as const) : ('none' as const),
              next_attempt_at: alert.webhook_url ? now : null,
              last_error: null,
              delivered_at: null,
            })),
          )
          .onConflict((oc) => oc.columns(['alert_id', 'decision_id']).doNothing())
          .execute();
      }
    },
  };
}
