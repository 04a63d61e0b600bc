import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying a webhook delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const ALERT_SIGNATURE_HEADER = 'x-alert-signature';

/** HMAC-SHA256, keyed with the alert's secret, of `<t>.<raw body>`. */
function mac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The signature header value of a delivery body sent at `timestamp` (Unix seconds). */
export function signAlertDelivery(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/**
 * Whether `header` is a valid signature of `body` under `secret`, made at most `toleranceSeconds`
 * before or after `now` (Unix seconds): what a webhook receiver checks.
 */
export function verifyAlertSignature(
  secret: string,
  header: string,
  body: string,
  now: number,
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts['t']);
  const given = parts['v1'];
  if (!Number.isInteger(t) || typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now - t) > toleranceSeconds) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(mac(secret, t, body), 'hex'));
}
