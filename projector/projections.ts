import type { SearchIndexWriter } from '../infra/search/search.port.ts';
import { courtsProjection } from './courts/courts.projection.ts';
import { decisionSearchProjection } from './decision-search/decision-search.projection.ts';
import { decisionsProjection } from './decisions/decisions.projection.ts';
import type { Projection } from './projection.ts';
import { scraperHealthProjection } from './scraper-health/scraper-health.projection.ts';

/** Every read model the service serves from. */
export function allProjections(searchWriter: SearchIndexWriter): Projection[] {
  return [decisionsProjection, decisionSearchProjection(searchWriter), courtsProjection, scraperHealthProjection];
}
