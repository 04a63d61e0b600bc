import { type logCreator, logLevel } from 'kafkajs';

/** The log sink the Kafka event log writes to (pino-compatible). */
export interface EventLogLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLogger: EventLogLogger = { info() {}, warn() {}, error() {} };

// kafkajs warns about this whenever the idempotent producer gets a finite retry budget. We want
// append to fail eventually (the caller retries the same events), so it is expected, not a warning.
const EXPECTED_WARNINGS = [/^Limiting retries for the idempotent producer/];

/**
 * Routes kafkajs's own logging (set to WARN, it is noisy below) to our logger, with the kafkajs
 * namespace and fields kept as structured data.
 */
export function kafkaLogCreator(logger: EventLogLogger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _source, ...fields } = log;
      const obj = { kafkajs: namespace, ...fields };
      const msg = `kafkajs: ${message}`;
      if (level === logLevel.ERROR) logger.error(obj, msg);
      else if (level === logLevel.WARN && !EXPECTED_WARNINGS.some((re) => re.test(message)))
        logger.warn(obj, msg);
      else logger.info(obj, msg);
    };
}
