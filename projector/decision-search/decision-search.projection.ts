import type { NormalisedDecision } from '../../contracts/events/index.ts';
import { referenceKeysOf } from '../../contracts/search/reference-keys.ts';
import { statuteSearchKeysOf } from '../../contracts/search/statute-keys.ts';
import type { SearchDocument, SearchIndexWriter } from '../../infra/search/search.port.ts';
import { decisionCitationsOf, decisionRuleStatementOf } from '../decision-analysis.ts';
import { decisionChanges, publishedOf, withdrawnOf } from '../decision-changes.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import type { ProjectionStorage } from '../storage/projection-storage.ts';

/**
 * The search document of a decision: summary fields, text, its own reference keys and the keys of
 * the provisions it applies (`art:220:41`, read as the citation graph reads them).
 */
export function searchDocumentOf(d: NormalisedDecision): SearchDocument {
  return {
    decision_id: d.decision_id,
    court: d.court,
    canton: d.canton,
    chamber: d.chamber,
    decision_type: d.decision_type,
    decision_date: d.decision_date,
    language: d.language,
    docket_number: d.docket_number,
    title: d.title,
    regeste: d.regeste,
    rule_statement: decisionRuleStatementOf(d),
    full_text: d.full_text,
    ref_keys: [
      ...referenceKeysOf(d.decision_id, d.docket_number),
      ...statuteSearchKeysOf(decisionCitationsOf(d)),
    ],
  };
}

/**
 * Feeds the decision search index: Postgres full-text tables or OpenSearch index generations,
 * whichever writer and storage are given. A withdrawn decision leaves the index; a later
 * publication brings it back. Source precedence as the decisions read model applies it.
 */
export function decisionSearchProjection(writer: SearchIndexWriter, storage: ProjectionStorage): Projection {
  return {
    name: 'decision-search',
    storage,
    streams: ['decisions'],
    handles: ['DecisionPublished', 'DecisionWithdrawn'],
    async handle(batch: readonly PositionedEvent[], { tx, generation }: ProjectionContext): Promise<void> {
      const changes = await decisionChanges(tx, batch);
      const docs: { doc: SearchDocument; position: number }[] = publishedOf(changes).map(
        ({ event, position }) => ({ doc: searchDocumentOf(event.data), position }),
      );
      if (docs.length > 0) await writer.upsert(docs, { tx, generation });
      const withdrawn = withdrawnOf(changes);
      if (withdrawn.length > 0) await writer.remove(withdrawn, { tx, generation });
    },
  };
}
