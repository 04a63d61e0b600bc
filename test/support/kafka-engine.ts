import { randomBytes } from 'node:crypto';
import type { Admin } from 'kafkajs';
import { dockerReachable, noEngine } from './engines.ts';

/**
 * Kafka brokers for engine tests, following test/support/engines.ts: KAFKA_BROKERS from the
 * environment (infra/local/engines.sh prints it); without it, a testcontainers KafkaContainer when
 * a Docker engine is reachable; otherwise null after one visible line — except in CI, which must
 * not skip engine tests.
 */
/** The Kafka image testcontainers starts: the 3.9 line, which still speaks kafkajs's protocol versions. */
const KAFKA_IMAGE = 'confluentinc/cp-kafka:7.9.1';

let brokers: Promise<string[] | null> | null = null;

/** Bootstrap brokers for Kafka engine tests, or null (after printing why) when there is none. */
export function kafkaTestBrokers(): Promise<string[] | null> {
  brokers ??= (async () => {
    const fromEnv = process.env['KAFKA_BROKERS'];
    if (fromEnv) {
      return fromEnv
        .split(',')
        .map((b) => b.trim())
        .filter((b) => b.length > 0);
    }
    if (await dockerReachable()) {
      const { KafkaContainer } = await import('@testcontainers/kafka');
      const container = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
      return [`${container.getHost()}:${container.getMappedPort(9093)}`];
    }
    const why =
      'Kafka engine tests skipped: no KAFKA_BROKERS and no Docker engine (start one with infra/local/engines.sh start)';
    return noEngine(why);
  })();
  return brokers;
}

/** A topic (and consumer group) prefix of its own for one test file or test: `test-<hex>.`. */
export function uniqueTopicPrefix(label = 'test'): string {
  return `${label}-${randomBytes(5).toString('hex')}.`;
}

/** Deletes every topic under `prefix`, best effort (a test or benchmark leaves the broker as it found it). */
export async function deleteTopicsWithPrefix(admin: Admin, prefix: string): Promise<void> {
  const topics = (await admin.listTopics().catch(() => [] as string[])).filter((t) => t.startsWith(prefix));
  if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 }).catch(() => undefined);
}
