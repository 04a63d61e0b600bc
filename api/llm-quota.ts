import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitCounter } from '../infra/rate-limit/rate-limit.port.ts';
import { ApiError } from './errors.ts';

/** The daily quota of language-model calls per client address. */
export interface LlmQuotaSettings {
  /** Calls one client address may make per UTC day to routes that ask the language model. */
  readonly perDay: number;
  /** Counters (in the database, so every API instance on it enforces one quota). */
  readonly counter: RateLimitCounter;
}

const DAY_MS = 86_400_000;

/**
 * Counts one language-model call of the client address (`request.ip`) in the current UTC day;
 * over the quota: 429 with Retry-After (seconds to the next UTC day) and a body naming the limit.
 * A counter that cannot count lets the call through (logged), like the request-rate limit.
 */
export async function chargeLlmQuota(
  quota: LlmQuotaSettings | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!quota) return;
  let hit;
  try {
    hit = await quota.counter.hit(`llm-day:${request.ip}`, DAY_MS);
  } catch (error) {
    request.log.warn({ err: error }, 'language-model quota counter unavailable; the call is let through');
    return;
  }
  reply.header('x-llm-quota-limit', String(quota.perDay));
  reply.header('x-llm-quota-remaining', String(Math.max(0, quota.perDay - hit.count)));
  if (hit.count <= quota.perDay) return;
  const retryAfter = Math.max(1, Math.ceil(hit.ttlMs / 1000));
  reply.header('retry-after', String(retryAfter));
  const detail = `Daily language-model quota reached: at most ${quota.perDay} calls per UTC day from one address to routes that use the language model; retry in ${retryAfter} s`;
  throw new ApiError(429, 'API_LLM_QUOTA_EXCEEDED', detail, {
    detail,
    code: 'API_LLM_QUOTA_EXCEEDED',
    limit: { name: 'LLM_DAILY_QUOTA', per_day: quota.perDay, per: 'client address', window: 'UTC day' },
    retry_after_seconds: retryAfter,
  });
}
