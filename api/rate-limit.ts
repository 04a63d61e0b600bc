import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RateLimitCounter } from '../infra/rate-limit/rate-limit.port.ts';
import { ApiError } from './errors.ts';

/** The per-client request-rate limit of the API. */
export interface RateLimitSettings {
  /** Sustained requests per second one client address may make. */
  readonly perSecond: number;
  /** Requests one client may make at once; the window lasts burst / perSecond seconds. */
  readonly burst: number;
  /** Counters shared by every API instance; null: counted in this process only. */
  readonly counter: RateLimitCounter | null;
}

/** The route option that exempts a route (probes, metrics) from the limit. */
export const UNLIMITED = { rateLimit: false } as const;

/** A store of @fastify/rate-limit over a shared counter. */
function sharedStore(counter: RateLimitCounter, onError: (error: Error) => void) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (cause: unknown) => {
          const error = cause instanceof Error ? cause : new Error(String(cause));
          onError(error);
          callback(error);
        },
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Limits every route (except those with UNLIMITED) to `burst` requests per window of
 * burst / perSecond seconds and client address (`request.ip`, so TRUST_PROXY decides whether
 * X-Forwarded-For counts). Over the limit: 429 with Retry-After and a JSON body.
 */
export async function installRateLimit(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  const windowMs = Math.max(1, Math.round((settings.burst / settings.perSecond) * 1000));
  await app.register(rateLimit, {
    global: true,
    max: settings.burst,
    timeWindow: windowMs,
    ...(settings.counter
      ? {
          store: sharedStore(settings.counter, (error) =>
            app.log.warn({ err: error }, 'rate-limit counter unavailable; the request is let through'),
          ),
        }
      : {}),
    // A store that cannot count must not take the API down with it (logged above).
    skipOnError: true,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        'API_RATE_LIMITED',
        `Too many requests: at most ${settings.burst} requests per ${windowMs / 1000} s from one address ` +
          `(${settings.perSecond} per second sustained); retry in ${Math.ceil(context.ttl / 1000)} s`,
      ),
  });
}
