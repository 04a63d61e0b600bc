import { z } from 'zod';
import { basePath, logLevel, mode, port, positiveInt } from '../config/env.ts';

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

/** The API's own settings. */
export const apiEnv = infraEnv.extend({
  PORT: port.default(8080),
  HOST: z.string().default('127.0.0.1'),
  BASE_PATH: basePath,
  PUBLIC_BASE_URL: z.string().url().optional(),
  STALE_AFTER_HOURS: positiveInt(36),
  MAX_SEARCH_RESPONSE_CHARS: positiveInt(2_000_000),
  /** `/verify-claim`: an OpenAI-compatible chat-completions server; without OPENAI_MODEL the lexical judge answers. */
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: secret.optional(),
  OPENAI_MODEL: z.string().min(1).max(200).optional(),
  OPENAI_TIMEOUT_MS: positiveInt(20_000),
});

/** The embedded all-in-one process: the API plus ingest and projector settings. */
export const embeddedEnv = apiEnv.extend({
  SAMPLE_SIZE: positiveInt(3000),
  SAMPLE_SEED: positiveInt(1),
  SAMPLE_DIR: z.string().optional(),
  INGEST_ON_START: z.enum(['auto', 'always', 'never']).default('auto'),
});

export const projectorEnv = infraEnv.extend({
  PROJECTOR_BATCH_SIZE: positiveInt(250),
  /** How often a running projector looks for a generation a rebuild activated (ms). */
  PROJECTOR_WATCH_MS: positiveInt(5000),
});

export const ingestEnv = infraEnv.extend({
  SOURCE: z.enum(['sample', 'entscheidsuche-dir']).default('sample'),
  SOURCE_DIR: z.string().optional(),
  SAMPLE_SIZE: positiveInt(3000),
  SAMPLE_SEED: positiveInt(1),
});

export type InfraEnv = z.infer<typeof infraEnv>;
export type ApiEnv = z.infer<typeof apiEnv>;
export type EmbeddedEnv = z.infer<typeof embeddedEnv>;
/** The language-model settings of the API (see apiEnv). */
export type LlmEnv = Pick<
  ApiEnv,
  'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_MODEL' | 'OPENAI_TIMEOUT_MS'
>;
