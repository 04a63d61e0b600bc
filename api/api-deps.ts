import type { ExportDocument } from './exports/export-types.ts';
import type { Database } from '../infra/db/database.ts';
import type { CommentarySearchIndex } from '../infra/search/commentary-search.port.ts';
import type { DecisionSearchIndex } from '../infra/search/search.port.ts';
import type { ClaimJudge } from '../infra/llm/claim-judge.port.ts';
import type { LanguageModel } from '../infra/llm/language-model.port.ts';
import type { BillingProvider } from '../infra/billing/billing-provider.port.ts';
import type { EventLog } from '../infra/event-log/event-log.port.ts';

/** A secret setting: its value only through `reveal()`, never by printing it. */
export interface SecretValue {
  reveal(): string;
}

/** The Pro subscription: the payment provider, where its events go, and the secrets of keys and dashboard. */
export interface BillingDeps {
  readonly provider: BillingProvider;
  /** The billing stream is appended to here (the projector folds it into the licenses model). */
  readonly eventLog: Pick<EventLog, 'append'>;
  /** HMAC key of license keys. */
  readonly licenseKeySecret: SecretValue;
  /** The dashboard token of /billing/admin. */
  readonly adminToken: SecretValue;
  readonly defaultSuccessUrl: string;
  readonly defaultCancelUrl: string;
  /** Pro calls per license key and UTC day. */
  readonly dailyQuota: number;
}
import type { LlmQuotaSettings } from './llm-quota.ts';
import type { ProjectionLagReader } from './metrics.ts';
import type { ReadModelStateSource } from './lookup-cache.ts';
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
  /** How long an Atom feed may serve a snapshot version before looking again (ms; default 1000). */
  readonly feedCacheTtlMs?: number;
  /** Where alert webhooks may point: public hosts only (default) or any. */
  readonly webhookTargets?: 'public' | 'any';
}

/** Renderers of the document exports; a test replaces one to see the plain-text fallback. */
export interface ExportRenderers {
  readonly docx?: (doc: ExportDocument) => Promise<Buffer>;
  readonly pdf?: (doc: ExportDocument) => Promise<Buffer>;
}

/** Everything the API reads from; passed in by the composition root. */
export interface ApiDeps {
  readonly db: Database;
  readonly search: DecisionSearchIndex;
  /** Commentary paragraph search (OpenSearch in distributed mode); absent: the Postgres vectors of `db`. */
  readonly commentarySearch?: CommentarySearchIndex;
  readonly settings: ApiSettings;
  /** Current date, YYYY-MM-DD (citation strings omit future dates). */
  readonly today: () => string;
  readonly now: () => Date;
  /** The `/verify-claim` judge; absent: the deterministic lexical judge. */
  readonly claimJudge?: ClaimJudge;
  /** The drafting model of `/exam-question` and `/mock-decision`; absent: deterministic answers. */
  readonly languageModel?: LanguageModel;
  /** Daily quota per client address of the routes that call the language model; absent: none. */
  readonly llmQuota?: LlmQuotaSettings;
  /** The Pro subscription; absent: billing is not configured and its routes answer 503. */
  readonly billing?: BillingDeps;
  /** Word and PDF renderers; absent: the real ones. */
  readonly exportRenderers?: ExportRenderers;
  /** Whether the instance has started and is not shutting down (default: always). */
  readonly ready?: () => Promise<boolean>;
  /** Engines besides the database that `/ready` probes (e.g. OpenSearch). */
  readonly engineChecks?: readonly EngineCheck[];
  /** Projection lag for `/metrics`; absent: not exported by this instance. */
  readonly projectionLag?: ProjectionLagReader;
  /** The per-client request-rate limit; absent: no limit. */
  readonly rateLimit?: RateLimitSettings;
  /**
   * Where the read models stand, known in process (embedded mode: the projector runs beside the
   * API) or told by the database's notifications (the API process); absent: read from the
   * database per request (see api/lookup-cache.ts).
   */
  readonly readModelState?: ReadModelStateSource;
}
