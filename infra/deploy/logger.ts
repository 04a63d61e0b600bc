import pino, { type Logger } from 'pino';

/** The process logger: JSON lines on stdout; secrets (authorization, keys, tokens) are redacted. */
export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.license_key',
        '*.token',
        '*.password',
        'DATABASE_URL',
      ],
      censor: '[redacted]',
    },
  });
}
