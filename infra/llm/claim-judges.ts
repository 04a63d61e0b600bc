import { ConfigError } from '../config/env.ts';
import type { ClaimJudge } from './claim-judge.port.ts';
import { lexicalClaimJudge } from './lexical-claim-judge.ts';
import { OpenAiClaimJudge } from './openai-claim-judge.ts';

export interface ClaimJudgeSettings {
  readonly OPENAI_MODEL?: string | undefined;
  readonly OPENAI_BASE_URL?: string | undefined;
  /** The key in clear (the configuration keeps it wrapped so that it is never logged). */
  readonly apiKey?: string | undefined;
  readonly OPENAI_TIMEOUT_MS?: number | undefined;
}

/** Servers that need no key (a local model server) still get a bearer token from the client. */
const NO_KEY = 'no-key-configured';

/**
 * The `/verify-claim` judge for the configuration: the language model when OPENAI_MODEL is set,
 * else the deterministic lexical judge.
 */
export function claimJudgeFrom(settings: ClaimJudgeSettings): ClaimJudge {
  if (!settings.OPENAI_MODEL) return lexicalClaimJudge;
  if (!settings.apiKey && !settings.OPENAI_BASE_URL) {
    throw new ConfigError(
      'OPENAI_API_KEY: required when OPENAI_MODEL is set (unless OPENAI_BASE_URL names a server that needs none)',
    );
  }
  return new OpenAiClaimJudge({
    model: settings.OPENAI_MODEL,
    apiKey: settings.apiKey ?? NO_KEY,
    ...(settings.OPENAI_BASE_URL ? { baseURL: settings.OPENAI_BASE_URL } : {}),
    timeoutMs: settings.OPENAI_TIMEOUT_MS ?? 20_000,
  });
}
