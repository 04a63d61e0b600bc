import { Kafka, logLevel, Partitioners } from 'kafkajs';

/**
 * Test-only: writes raw records to a topic, bypassing the event log (e.g. a value that is not
 * JSON), so that tests outside this folder never import kafkajs themselves.
 */
export async function produceRawRecords(
  brokers: readonly string[],
  topic: string,
  records: ReadonlyArray<{ key: string; value: string }>,
): Promise<void> {
  const kafka = new Kafka({
    clientId: 'event-log-test-tools',
    brokers: [...brokers],
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  try {
    await producer.send({ topic, acks: -1, messages: records.map((r) => ({ key: r.key, value: r.value })) });
  } finally {
    await producer.disconnect();
  }
}
