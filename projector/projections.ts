import type { SearchGenerations, SearchIndexWriter } from '../infra/search/search.port.ts';
import { courtsProjection } from './courts/courts.projection.ts';
import { decisionSearchProjection } from './decision-search/decision-search.projection.ts';
import { decisionSearchPostgresStorage } from './decision-search/decision-search.storage.ts';
import { decisionsProjection } from './decisions/decisions.projection.ts';
import type { Projection } from './projection.ts';
import { scraperHealthProjection } from './scraper-health/scraper-health.projection.ts';
import type { ProjectionStorage } from './storage/projection-storage.ts';

export interface SearchBackend {
  readonly writer: SearchIndexWriter;
  /** Index generations outside the database (OpenSearch); absent: Postgres full-text tables. */
  readonly generations?: SearchGenerations | null;
}

function searchStorage(generations: SearchGenerations): ProjectionStorage {
  return {
    create: ({ generation }) => generations.createGeneration(generation),
    activate: ({ generation }) => generations.activateGeneration(generation),
    drop: ({ generation }) => generations.dropGeneration(generation),
  };
}

/** Every read model the service serves from. */
export function allProjections(search: SearchBackend): Projection[] {
  return [
    decisionsProjection,
    decisionSearchProjection(
      search.writer,
      search.generations ? searchStorage(search.generations) : decisionSearchPostgresStorage,
    ),
    courtsProjection,
    scraperHealthProjection,
  ];
}
