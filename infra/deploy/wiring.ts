import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../config/env.ts';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../db/database.ts';
import type { Listen } from '../db/notifications.ts';
import type { DeadLetterPublisher } from '../event-log/dead-letter.port.ts';
import type { EventLog } from '../event-log/event-log.port.ts';
import { KafkaEventLog } from '../event-log/kafka/kafka-event-log.ts';
import { TableEventLog } from '../event-log/table-event-log.ts';
import type { IngestStateStore } from '../ingest-state/ingest-state.port.ts';
import { TableIngestState } from '../ingest-state/table-ingest-state.ts';
import type { CommentaryIndexWriter, CommentarySearchIndex } from '../search/commentary-search.port.ts';
import { OpenSearchCommentaryIndex } from '../search/opensearch/opensearch-commentary-index.ts';
import { OpenSearchSearchIndex } from '../search/opensearch/opensearch-search-index.ts';
import { PostgresCommentarySearch } from '../search/postgres/postgres-commentary-search.ts';
import { PostgresSearchIndex } from '../search/postgres/postgres-search-index.ts';
import type { DecisionSearchIndex, SearchGenerations, SearchIndexWriter } from '../search/search.port.ts';
import type { ClaimJudge } from '../llm/claim-judge.port.ts';
import { claimJudgeFrom, languageModelFrom } from '../llm/claim-judges.ts';
import type { LanguageModel } from '../llm/language-model.port.ts';
import type { BillingProvider } from '../billing/billing-provider.port.ts';
import { billingProviderFrom } from '../billing/billing-settings.ts';
import type { BillingEnv, InfraEnv, LlmEnv } from './config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

/**
 * How often an idle projection looks for new events in embedded mode. Each of the 16 projection
 * streams polling every 250 ms cost the one embedded database thread 64 statements a second.
 */
const EMBEDDED_POLL_MS = 5_000;

export interface InfraLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** An engine a serving instance needs besides the database, with a probe that throws when it is down. */
export interface EngineProbe {
  readonly name: string;
  check(): Promise<void>;
}

/**
 * OpenSearch answers. Reaching the cluster is what counts: before the first projection creates
 * the index there is no live generation yet, and lookups by id are answered meanwhile.
 */
export function openSearchProbe(search: Pick<OpenSearchSearchIndex, 'liveGeneration'>): EngineProbe {
  return {
    name: 'search',
    async check() {
      await search.liveGeneration();
    },
  };
}

/** The adapters a deployable works with, chosen by SERVICE_MODE. */
export interface Infra {
  readonly db: Database;
  /** Notifications of the database's schema (read-model changes: see api/lookup-cache.ts). */
  readonly listen: Listen;
  readonly eventLog: EventLog;
  readonly ingestState: IngestStateStore;
  readonly search: DecisionSearchIndex;
  readonly searchWriter: SearchIndexWriter;
  /** Search index generations outside the database (OpenSearch); null for Postgres full-text. */
  readonly searchGenerations: SearchGenerations | null;
  /** Commentary paragraph search: OpenSearch in distributed mode, else the Postgres vectors. */
  readonly commentarySearch: CommentarySearchIndex;
  /** The commentary index the projector writes besides the Postgres tables (distributed mode); null otherwise. */
  readonly commentaryIndex: (CommentaryIndexWriter & SearchGenerations) | null;
  /** Dead-letter topic (distributed mode); the database table is always written too. */
  readonly deadLetters: DeadLetterPublisher | null;
  /** The `/verify-claim` judge (API settings; the lexical judge when no language model is configured). */
  readonly claimJudge: ClaimJudge;
  /** The drafting model of /exam-question and /mock-decision; null without OPENAI_MODEL. */
  readonly languageModel: LanguageModel | null;
  /** The payment provider (API settings); null when billing is not configured. */
  readonly billingProvider: BillingProvider | null;
  /** Engines besides the database that the API needs to answer (OpenSearch in distributed mode). */
  readonly engineChecks: readonly EngineProbe[];
  readonly mode: InfraEnv['SERVICE_MODE'];
  close(): Promise<void>;
}

export class NoDataError extends Error {
  readonly code = 'DATA_DIR_EMPTY';
}

export interface OpenInfraOptions {
  /** Embedded mode: refuse a data folder without a database instead of creating one (operator commands). */
  readonly existingData?: boolean;
  /**
   * Distributed mode: create the Kafka event log without connecting; it connects on first use.
   * For the API, which appends (billing webhooks) and reads offsets (lag) only now and then: its
   * start-up and shutdown never wait on a broker that is still electing leaders.
   */
  readonly lazyEventLog?: boolean;
}

/**
 * The embedded database under the data folder's lock (one process at a time; released on close),
 * or the PostgreSQL server.
 */
async function openDatabase(
  env: InfraEnv,
  applicationName: string,
  options: OpenInfraOptions,
): Promise<DatabaseHandle> {
  if (env.SERVICE_MODE === 'embedded') {
    const dataDir = resolve(env.DATA_DIR);
    const pgliteDir = join(dataDir, 'pglite');
    if (options.existingData && !existsSync(pgliteDir))
      throw new NoDataError(
        `no data in ${dataDir}; start the service first (npm start) or set DATA_DIR to its data folder`,
      );
    const lock = acquireDataDirLock(dataDir);
    try {
      const handle = await openPglite({ dataDir: pgliteDir, sharedBuffers: env.EMBEDDED_SHARED_BUFFERS });
      return {
        db: handle.db,
        kind: handle.kind,
        listen: handle.listen,
        async close() {
          try {
            await handle.close();
          } finally {
            lock.release();
          }
        },
      };
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  if (!env.DATABASE_URL)
    throw new ConfigError(`DATABASE_URL: required when SERVICE_MODE=${env.SERVICE_MODE}`);
  return openPostgres({
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    applicationName,
    ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
  });
}

const llmSettings = (env: Partial<LlmEnv>) => ({
  OPENAI_MODEL: env.OPENAI_MODEL,
  OPENAI_BASE_URL: env.OPENAI_BASE_URL,
  apiKey: env.OPENAI_API_KEY?.reveal(),
  OPENAI_TIMEOUT_MS: env.OPENAI_TIMEOUT_MS,
});

/** The claim judge of the configuration; logs which one answers (never the key). */
function openClaimJudge(env: Partial<LlmEnv>, logger: InfraLogger): ClaimJudge {
  const judge = claimJudgeFrom(llmSettings(env));
  if (env.OPENAI_MODEL)
    logger.info(
      { claim_judge: judge.name, base_url: env.OPENAI_BASE_URL ?? 'default' },
      'claim judge configured',
    );
  return judge;
}

/**
 * Search texts analysed on the pool beside the writing transaction (postgres mode): two
 * statements side by side where the pool has room for them beside the search transactions that
 * wait on them (a process writes at most two search generations at once, the live one and one
 * being rebuilt); with a pool of 3, one; with fewer, in the transaction.
 */
function analysisOnPool(poolSize: number): { analysisParallelism?: number } {
  const parallelism = Math.min(2, poolSize - 2);
  return parallelism >= 1 ? { analysisParallelism: parallelism } : {};
}

/** Opens the database, event log, ingest state and search adapters for the configured mode. */
export async function openInfra(
  env: InfraEnv & Partial<LlmEnv> & Partial<BillingEnv>,
  applicationName: string,
  logger: InfraLogger,
  options: OpenInfraOptions = {},
): Promise<Infra> {
  if (env.SERVICE_MODE === 'distributed') {
    if (!env.KAFKA_BROKERS) throw new ConfigError('KAFKA_BROKERS: required when SERVICE_MODE=distributed');
    if (!env.OPENSEARCH_URL) throw new ConfigError('OPENSEARCH_URL: required when SERVICE_MODE=distributed');
  }
  const claimJudge = openClaimJudge(env, logger);
  const languageModel = languageModelFrom(llmSettings(env));
  const billingProvider = billingProviderFrom(env);
  const handle = await openDatabase(env, applicationName, options);
  const limits = { countCap: env.SEARCH_COUNT_CAP, candidatePool: env.SEARCH_CANDIDATE_POOL };
  if (env.SERVICE_MODE !== 'distributed') {
    // Embedded: only this process appends (the data folder is locked), and its appends wake the
    // subscribers at once; the poll is a safety net, not the way new events are found.
    const eventLog = new TableEventLog(
      handle.db,
      env.SERVICE_MODE === 'embedded' ? { pollIntervalMs: EMBEDDED_POLL_MS } : {},
    );
    const search = new PostgresSearchIndex(handle.db, {
      ...limits,
      ...(env.SERVICE_MODE === 'postgres' ? analysisOnPool(env.DATABASE_POOL_SIZE) : {}),
      // one connection: its statements run one after the other anyway
      scoredRowsFirst: handle.kind === 'pglite',
    });
    return {
      db: handle.db,
      listen: handle.listen,
      eventLog,
      ingestState: new TableIngestState(handle.db),
      search,
      searchWriter: search,
      searchGenerations: null,
      commentarySearch: new PostgresCommentarySearch(handle.db),
      commentaryIndex: null,
      deadLetters: null,
      claimJudge,
      languageModel,
      billingProvider,
      engineChecks: [],
      mode: env.SERVICE_MODE,
      async close() {
        await eventLog.close();
        await handle.close();
      },
    };
  }
  const kafkaOptions = {
    brokers: env.KAFKA_BROKERS!,
    clientId: `swisslaw-${applicationName}`,
    topicPrefix: env.KAFKA_TOPIC_PREFIX,
    // kafkajs's group leader assigns only the topics it subscribes to, to every member: deployments
    // sharing a broker (and so group names) must not share consumer groups.
    groupPrefix: env.KAFKA_TOPIC_PREFIX,
    partitions: env.KAFKA_PARTITIONS,
    logger,
  };
  const kafka = options.lazyEventLog
    ? new KafkaEventLog(kafkaOptions)
    : await KafkaEventLog.create(kafkaOptions);
  const search = new OpenSearchSearchIndex({
    node: env.OPENSEARCH_URL!,
    indexPrefix: env.OPENSEARCH_INDEX_PREFIX,
    ...limits,
    logger,
  });
  const commentaries = new OpenSearchCommentaryIndex({
    node: env.OPENSEARCH_URL!,
    indexPrefix: env.OPENSEARCH_INDEX_PREFIX,
    logger,
  });
  return {
    db: handle.db,
    listen: handle.listen,
    eventLog: kafka,
    ingestState: new TableIngestState(handle.db),
    search,
    searchWriter: search,
    searchGenerations: search,
    commentarySearch: commentaries,
    commentaryIndex: commentaries,
    deadLetters: kafka,
    claimJudge,
    languageModel,
    billingProvider,
    engineChecks: [openSearchProbe(search)],
    mode: env.SERVICE_MODE,
    async close() {
      await kafka.close();
      await search.close();
      await commentaries.close();
      await handle.close();
    },
  };
}
