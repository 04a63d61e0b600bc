import pino, { type DestinationStream, type Logger } from 'pino';

/** Query parameters that carry credentials (license keys, dashboard tokens, checkout sessions). */
const SECRET_PARAMS = /([?&](?:key|token|session_id|license_key)=)[^&#]*/gi;

/** The URL with the values of credential-bearing query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * The process logger: JSON lines on stdout (or `destination`); secrets (authorization, license
 * keys, tokens, checkout sessions in URLs) are redacted.
 */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["stripe-signature"]',
          'license_key',
          '*.license_key',
          'token',
          '*.token',
          '*.password',
          'DATABASE_URL',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // Replaces the web framework's request serializer: the same fields, the URL redacted.
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
