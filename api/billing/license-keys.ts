import { createHash, createHmac } from 'node:crypto';
import { LICENSE_KEY_BODY_LENGTH, LICENSE_KEY_PREFIX } from '../../contracts/billing/license-key-format.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)]! + out;
    n /= 62n;
  }
  return out.padStart(LICENSE_KEY_BODY_LENGTH, '0');
}

/**
 * The license key of a checkout session: the product prefix and the base62 HMAC-SHA256 of the
 * session id under the license secret. Deriving it (instead of storing it) means asking again for
 * the same session gives the same key while only its hash is ever written down.
 */
export function licenseKeyForSession(sessionId: string, secret: string): string {
  return LICENSE_KEY_PREFIX + base62(createHmac('sha256', secret).update(sessionId, 'utf8').digest());
}

/** What the read models store and look keys up by: SHA-256 of the key, hex. */
export function licenseKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
