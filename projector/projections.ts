import { postgresSearchMatcher } from '../infra/search/postgres/postgres-search-index.ts';
import type { CommentaryIndexWriter } from '../infra/search/commentary-search.port.ts';
import type { SearchGenerations, SearchIndexWriter } from '../infra/search/search.port.ts';
import { alertsProjection } from './alerts/alerts.projection.ts';
import { commentariesProjection } from './commentaries/commentaries.projection.ts';
import { commentariesStorage } from './commentaries/commentaries.storage.ts';
import { citationGraphProjection } from './citation-graph/citation-graph.projection.ts';
import { courtFeedsProjection } from './court-feeds/court-feeds.projection.ts';
import { courtsProjection } from './courts/courts.projection.ts';
import { decisionIdentifiersProjection } from './decision-identifiers/decision-identifiers.projection.ts';
import { decisionSearchProjection } from './decision-search/decision-search.projection.ts';
import {
  decisionSearchBookkeepingStorage,
  decisionSearchPostgresStorage,
} from './decision-search/decision-search.storage.ts';
import { decisionStructureProjection } from './decision-structure/decision-structure.projection.ts';
import { decisionsProjection } from './decisions/decisions.projection.ts';
import { gazetteIndexProjection } from './gazette-index/gazette-index.projection.ts';
import { materialsProjection } from './materials/materials.projection.ts';
import { licensesProjection } from './licenses/licenses.projection.ts';
import { legislationCatalogProjection } from './legislation-catalog/legislation-catalog.projection.ts';
import type { Projection } from './projection.ts';
import { scraperHealthProjection } from './scraper-health/scraper-health.projection.ts';
import { statutesProjection } from './statutes/statutes.projection.ts';
import type { ProjectionStorage } from './storage/projection-storage.ts';

export interface SearchBackend {
  readonly writer: SearchIndexWriter;
  /** Index generations outside the database (OpenSearch); absent: Postgres full-text tables. */
  readonly generations?: SearchGenerations | null;
  /**
   * The commentary search index written besides the commentaries tables (OpenSearch, with its
   * generations); absent: commentary search reads the Postgres vectors.
   */
  readonly commentaries?: (CommentaryIndexWriter & SearchGenerations) | null;
}

/** Postgres tables whose generations come with an index generation of the same number. */
export function withSearchGenerations(
  generations: SearchGenerations,
  bookkeeping: ProjectionStorage,
): ProjectionStorage {
  return {
    create: async (ctx, options) => {
      await bookkeeping.create(ctx, options);
      await generations.createGeneration(ctx.generation);
    },
    complete: async (ctx) => {
      await bookkeeping.complete?.(ctx);
    },
    activate: async (ctx) => {
      await bookkeeping.activate(ctx);
      await generations.activateGeneration(ctx.generation);
    },
    drop: async (ctx) => {
      await generations.dropGeneration(ctx.generation);
      await bookkeeping.drop(ctx);
    },
  };
}

/** Every read model the service serves from. */
export function allProjections(search: SearchBackend): Projection[] {
  return [
    decisionsProjection,
    decisionSearchProjection(
      search.writer,
      search.generations
        ? withSearchGenerations(search.generations, decisionSearchBookkeepingStorage)
        : decisionSearchPostgresStorage,
    ),
    courtsProjection,
    courtFeedsProjection,
    decisionStructureProjection,
    decisionIdentifiersProjection,
    citationGraphProjection,
    scraperHealthProjection,
    statutesProjection,
    legislationCatalogProjection,
    gazetteIndexProjection,
    materialsProjection,
    licensesProjection,
    alertsProjection(postgresSearchMatcher),
    commentariesProjection(
      search.commentaries
        ? {
            writer: search.commentaries,
            storage: withSearchGenerations(search.commentaries, commentariesStorage),
          }
        : undefined,
    ),
  ];
}
