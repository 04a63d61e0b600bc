import { z } from 'zod';
import { JURISDICTIONS } from '../../contracts/courts/cantons.ts';
import { basePath, logLevel, mode, port, positiveInt, trustProxy } from '../config/env.ts';

/** Settings shared by every deployable: where the data lives and how to reach the engines. */
export const infraEnv = z.object({
  SERVICE_MODE: mode,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/)
    .optional(),
  KAFKA_BROKERS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((b) => b.trim())
        .filter((b) => b.length > 0),
    )
    .refine(
      (list) => list.length > 0 && list.every((b) => /^[^\s:]+:\d+$/.test(b)),
      'must be a comma-separated list of host:port',
    )
    .optional(),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .default('swisslaw.'),
  KAFKA_PARTITIONS: positiveInt(3),
  OPENSEARCH_URL: z.string().url().optional(),
  OPENSEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_.-]*$/)
    .default('swisslaw'),
  /** The embedded database's `shared_buffers` (see `openPglite`). */
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]{0,5}(kB|MB|GB)$/, 'a size such as 32MB')
    .default('128MB'),
  SEARCH_COUNT_CAP: positiveInt(10_000),
  SEARCH_CANDIDATE_POOL: positiveInt(10_000),
  LOG_LEVEL: logLevel,
});

/** A secret setting: kept out of logs, JSON and inspection; `reveal()` gives the value. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[redacted]';
  }
}

const secret = z
  .string()
  .min(1)
  .transform((value) => new Secret(value));

/**
 * Where alert webhooks may point: `public` (default) refuses localhost, private, link-local and
 * other non-public addresses, at creation and again when each delivery resolves the host; `any`
 * (an operator's own network, tests) allows them.
 */
const webhookTargetsEnv = {
  ALERT_WEBHOOK_TARGETS: z.enum(['public', 'any']).default('public'),
};

/** The API's own settings. */
export const apiEnv = infraEnv.extend({
  ...webhookTargetsEnv,
  PORT: port.default(8080),
  HOST: z.string().default('127.0.0.1'),
  BASE_PATH: basePath,
  PUBLIC_BASE_URL: z.string().url().optional(),
  STALE_AFTER_HOURS: positiveInt(26),
  MAX_SEARCH_RESPONSE_CHARS: positiveInt(2_000_000),
  /** `/verify-claim`: an OpenAI-compatible chat-completions server; without OPENAI_MODEL the lexical judge answers. */
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: secret.optional(),
  OPENAI_MODEL: z.string().min(1).max(200).optional(),
  OPENAI_TIMEOUT_MS: positiveInt(20_000),
  /** Calls per client address and UTC day to the routes that draft with the language model (/exam-question, /mock-decision). */
  LLM_DAILY_QUOTA: positiveInt(50),
  /** Billing (the Pro subscription): all five of these, or none (billing routes answer 503). */
  STRIPE_SECRET_KEY: secret.optional(),
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_[A-Za-z0-9]+$/, 'must be a price id (price_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: secret.optional(),
  BILLING_ADMIN_TOKEN: z
    .string()
    .min(24, 'must be at least 24 characters')
    .transform((value) => new Secret(value))
    .optional(),
  LICENSE_KEY_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .transform((value) => new Secret(value))
    .optional(),
  /** Where checkout returns after payment and on cancel when the caller names no page. */
  BILLING_SUCCESS_URL: z.url({ protocol: /^https?$/ }).optional(),
  BILLING_CANCEL_URL: z.url({ protocol: /^https?$/ }).optional(),
  PRO_DAILY_QUOTA: positiveInt(25),
  /** Seconds a webhook signature stays acceptable. */
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: positiveInt(300),
  /** Another server speaking the payment provider's API (a local mock); default the provider itself. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Per-client request-rate limit: `auto` is off in embedded mode and on otherwise. */
  RATE_LIMIT: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Sustained requests per second and client address the limit allows. */
  RATE_LIMIT_PER_SECOND: positiveInt(5),
  /** Requests a client may make at once; the window is RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND seconds. */
  RATE_LIMIT_BURST: positiveInt(20),
  TRUST_PROXY: trustProxy,
});

/** Webhook deliveries of saved-search alerts (the projector processes send them). */
const alertDeliveryEnv = {
  ...webhookTargetsEnv,
  /** Pause between passes over the due deliveries (ms). */
  ALERT_DELIVERY_INTERVAL_MS: positiveInt(1_000),
  /** Longest wait for a webhook's answer (ms). */
  ALERT_WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
  /** Attempts before a delivery is given up. */
  ALERT_MAX_ATTEMPTS: positiveInt(8),
  /** Wait before the first retry (ms), doubled for each further one up to an hour. */
  ALERT_RETRY_BASE_MS: positiveInt(5_000),
};

/** The embedded all-in-one process: the API plus ingest and projector settings. */
export const embeddedEnv = apiEnv.extend({
  ...alertDeliveryEnv,
  SAMPLE_SIZE: positiveInt(3000),
  SAMPLE_SEED: positiveInt(1),
  SAMPLE_DIR: z.string().optional(),
  INGEST_ON_START: z.enum(['auto', 'always', 'never']).default('auto'),
  /** How often the embedded database looks for tables due for autovacuum's work (ms). */
  EMBEDDED_MAINTENANCE_INTERVAL_MS: positiveInt(60_000),
});

export const projectorEnv = infraEnv.extend({
  PROJECTOR_BATCH_SIZE: positiveInt(250),
  /** How often a running projector looks for a generation a rebuild activated (ms). */
  PROJECTOR_WATCH_MS: positiveInt(5000),
  ...alertDeliveryEnv,
});

/** A comma-separated list whose every item passes `item` (blank items are ignored). */
const csvList = <T extends z.ZodType<string, string>>(item: T, what: string) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v.length > 0),
    )
    .pipe(
      z
        .array(item, { error: `must be a comma-separated list of ${what}` })
        .min(1, `must name at least one of ${what}`),
    );

export const ingestEnv = infraEnv.extend({
  /**
   * What one ingest run reads: the bundled `sample` (decisions, statutes and catalogue), an
   * `entscheidsuche-dir` mirror (SOURCE_DIR), the live `fedlex` portal (federal acts, every
   * consolidated version and language), `fedlex-materials` (the Federal Gazette's messages and
   * parliamentary changes about the acts), `lexfind` (the cantonal catalogue and the cantonal texts)
   * or `onlinekommentar` (open-access commentaries, every record in STATUTE_LANGUAGES).
   */
  SOURCE: z
    .enum([
      'sample',
      'entscheidsuche-dir',
      'fedlex',
      'fedlex-materials',
      'lexfind',
      'onlinekommentar',
      'bger',
      'entscheidsuche',
    ])
    .default('sample'),
  SOURCE_DIR: z.string().optional(),
  SAMPLE_SIZE: positiveInt(3000),
  SAMPLE_SEED: positiveInt(1),
  /** fedlex: the SPARQL endpoint (default: the public one). */
  FEDLEX_SPARQL_URL: z.string().url().optional(),
  /** fedlex: SR numbers to read (default: every federal act and treaty the service knows by name). */
  FEDLEX_SR_NUMBERS: csvList(
    z.string().regex(/^\d{1,4}(?:\.\d{1,4}){0,5}$/),
    'SR numbers such as 220 or 0.101',
  ).optional(),
  /** lexfind: the catalogue API root (default: the public one). */
  LEXFIND_BASE_URL: z.string().url().optional(),
  /** entscheidsuche: the site root whose `docs/` holds the open data (default: the public one). */
  ENTSCHEIDSUCHE_BASE_URL: z.string().url().optional(),
  /** entscheidsuche: spiders to read (default: every spider of the portal's court tree). */
  ENTSCHEIDSUCHE_SPIDERS: csvList(
    z.string().regex(/^[A-Za-z0-9_]+$/),
    'spider names such as CH_BGer or VD_Omni',
  ).optional(),
  /** onlinekommentar: the API root (default: the public one). */
  ONLINEKOMMENTAR_BASE_URL: z.string().url().optional(),
  /** lexfind: jurisdictions to read (default: CH and all 26 cantons). */
  LEXFIND_ENTITIES: csvList(z.enum(JURISDICTIONS), 'CH and canton codes such as ZH, GE').optional(),
  /** fedlex and lexfind: languages to read. */
  STATUTE_LANGUAGES: csvList(z.enum(['de', 'fr', 'it']), 'de, fr, it').default(['de', 'fr', 'it']),
  /** bger: the Federal Supreme Court's site root (lists and decision pages are read from it). */
  BGER_BASE_URL: z.string().url().default('https://search.bger.ch'),
  /** bger: Neuheiten lists to read (full URLs); default: the lists of the last BGER_DAYS days. */
  BGER_LIST_URLS: csvList(z.string().url(), 'list URLs').optional(),
  /** bger: days of Neuheiten lists a run reads, today included (1..60). */
  BGER_DAYS: positiveInt(7).pipe(z.number().max(60, 'must be at most 60')),
  /** fedlex and lexfind: minimum time between two requests to a portal (ms). */
  HTTP_MIN_INTERVAL_MS: positiveInt(1000),
  HTTP_TIMEOUT_MS: positiveInt(60_000),
});
export type IngestEnv = z.infer<typeof ingestEnv>;

export type InfraEnv = z.infer<typeof infraEnv>;
/** The alert delivery settings (see alertDeliveryEnv). */
export type AlertDeliveryEnv = Pick<
  z.infer<typeof projectorEnv>,
  | 'ALERT_DELIVERY_INTERVAL_MS'
  | 'ALERT_WEBHOOK_TIMEOUT_MS'
  | 'ALERT_MAX_ATTEMPTS'
  | 'ALERT_RETRY_BASE_MS'
  | 'ALERT_WEBHOOK_TARGETS'
>;
export type ApiEnv = z.infer<typeof apiEnv>;
export type EmbeddedEnv = z.infer<typeof embeddedEnv>;
/** The billing settings of the API (see apiEnv). */
export type BillingEnv = Pick<
  ApiEnv,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_PRICE_ID'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'BILLING_ADMIN_TOKEN'
  | 'LICENSE_KEY_SECRET'
  | 'BILLING_SUCCESS_URL'
  | 'BILLING_CANCEL_URL'
  | 'PRO_DAILY_QUOTA'
  | 'STRIPE_WEBHOOK_TOLERANCE_SECONDS'
  | 'STRIPE_API_URL'
>;
/** The language-model settings of the API (see apiEnv). */
/** The rate-limit and proxy settings of the API (see apiEnv). */
export type RateLimitEnv = Pick<
  ApiEnv,
  'SERVICE_MODE' | 'RATE_LIMIT' | 'RATE_LIMIT_PER_SECOND' | 'RATE_LIMIT_BURST' | 'TRUST_PROXY'
>;
export type LlmEnv = Pick<
  ApiEnv,
  'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_MODEL' | 'OPENAI_TIMEOUT_MS' | 'LLM_DAILY_QUOTA'
>;
