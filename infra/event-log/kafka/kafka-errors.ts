/** Error codes of the Kafka event log (a closed list, see architecture.md "Errors"). */
export type KafkaEventLogErrorCode =
  'LOG_INIT_FAILED' | 'LOG_APPEND_FAILED' | 'LOG_READ_FAILED' | 'LOG_SUBSCRIPTION_FAILED';

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
