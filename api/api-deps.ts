import type { Database } from '../infra/db/database.ts';
import type { DecisionSearchIndex } from '../infra/search/search.port.ts';
import type { ClaimJudge } from '../infra/llm/claim-judge.port.ts';
import type { ProjectionLagReader } from './metrics.ts';
import type { RateLimitSettings } from './rate-limit.ts';
import type { EngineCheck } from './readiness.ts';

export interface ApiSettings {
  /** Path prefix under which every route is served ('' or e.g. '/api'). */
  readonly basePath: string;
  /** Base of canonical decision URLs (`{base}/entscheid/{id}`). */
  readonly publicBaseUrl: string;
  /** Hours after which a source without a successful run is reported stale. */
  readonly staleAfterHours: number;
  /** Largest response body (characters) a full-detail search page may reach before it shrinks. */
  readonly maxSearchResponseChars: number;
  /** Where alert webhooks may point: public hosts only (default) or any. */
  readonly webhookTargets?: 'public' | 'any';
}

/** Everything the API reads from; passed in by the composition root. */
export interface ApiDeps {
  readonly db: Database;
  readonly search: DecisionSearchIndex;
  readonly settings: ApiSettings;
  /** Current date, YYYY-MM-DD (citation strings omit future dates). */
  readonly today: () => string;
  readonly now: () => Date;
  /** The `/verify-claim` judge; absent: the deterministic lexical judge. */
  readonly claimJudge?: ClaimJudge;
  /** Whether the instance has started and is not shutting down (default: always). */
  readonly ready?: () => Promise<boolean>;
  /** Engines besides the database that `/ready` probes (e.g. OpenSearch). */
  readonly engineChecks?: readonly EngineCheck[];
  /** Projection lag for `/metrics`; absent: not exported by this instance. */
  readonly projectionLag?: ProjectionLagReader;
  /** The per-client request-rate limit; absent: no limit. */
  readonly rateLimit?: RateLimitSettings;
}
