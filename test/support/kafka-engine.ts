import { randomBytes } from 'node:crypto';

/**
 * Kafka brokers for engine tests, following test/support/engines.ts: KAFKA_BROKERS from the
 * environment (infra/local/engines.sh prints it); without it, a testcontainers KafkaContainer when
 * a Docker engine is reachable; otherwise null after one visible line — except in CI, which must
 * not skip engine tests.
 */
const inCi = (): boolean => process.env['CI'] === 'true' || process.env['CI'] === '1';

async function dockerReachable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

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
    if (inCi()) throw new Error(`${why} — CI must not skip engine tests`);
    process.stderr.write(`${why}\n`);
    return null;
  })();
  return brokers;
}

/** A topic (and consumer group) prefix of its own for one test file or test: `test-<hex>.`. */
export function uniqueTopicPrefix(label = 'test'): string {
  return `${label}-${randomBytes(5).toString('hex')}.`;
}
