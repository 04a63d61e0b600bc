/** Error codes of the Kafka event log (a closed list, see architecture.md "Errors"). */
export type KafkaEventLogErrorCode =
  | 'LOG_INIT_FAILED'
  | 'LOG_APPEND_FAILED'
  | 'LOG_READ_FAILED'
  | 'LOG_SUBSCRIPTION_FAILED'
  | 'LOG_SUBSCRIPTION_STALLED';

export class KafkaEventLogError extends Error {
  constructor(
    readonly code: KafkaEventLogErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'KafkaEventLogError';
  }
}

/** A short description of an unknown thrown value, for messages and logs. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Runs `work` again, with back-off, while it fails with an error kafkajs marks retriable. Some
 * kafkajs admin calls give up at once on such errors: `fetchTopicOffsets` fails with
 * NOT_LEADER_FOR_PARTITION while a fresh topic's partition leaders are still being elected.
 */
export async function retryRetriable<T>(
  work: () => Promise<T>,
  attempts = 6,
  firstDelayMs = 100,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const retriable = (error as { retriable?: unknown } | null)?.retriable === true;
      if (!retriable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, firstDelayMs * 2 ** (attempt - 1)));
    }
  }
}
