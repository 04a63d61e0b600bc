import { ConfigError } from '../config/env.ts';
import type { ClaimJudge } from './claim-judge.port.ts';
import { lexicalClaimJudge } from './lexical-claim-judge.ts';
import type { LanguageModel } from './language-model.port.ts';
import { OpenAiClaimJudge } from './openai-claim-judge.ts';
import { OpenAiLanguageModel } from './openai-language-model.ts';

export interface ClaimJudgeSettings {
  readonly OPENAI_MODEL?: string | undefined;
  readonly OPENAI_BASE_URL?: string | undefined;
  /** The key in clear (the configuration keeps it wrapped so that it is never logged). */
  readonly apiKey?: string | undefined;
  readonly OPENAI_TIMEOUT_MS?: number | undefined;
}

/** Servers that need no key (a local model server) still get a bearer token from the client. */
const NO_KEY = 'no-key-configured';

function openAiOptions(settings: ClaimJudgeSettings & { OPENAI_MODEL: string }) {
  if (!settings.apiKey && !settings.OPENAI_BASE_URL) {
    throw new ConfigError(
      'OPENAI_API_KEY: required when OPENAI_MODEL is set (unless OPENAI_BASE_URL names a server that needs none)',
    );
  }
  return {
    model: settings.OPENAI_MODEL,
    apiKey: settings.apiKey ?? NO_KEY,
    ...(settings.OPENAI_BASE_URL ? { baseURL: settings.OPENAI_BASE_URL } : {}),
    timeoutMs: settings.OPENAI_TIMEOUT_MS ?? 20_000,
  };
}

/**
 * The `/verify-claim` judge for the configuration: the language model when OPENAI_MODEL is set,
 * else the deterministic lexical judge.
 */
export function claimJudgeFrom(settings: ClaimJudgeSettings): ClaimJudge {
  if (!settings.OPENAI_MODEL) return lexicalClaimJudge;
  return new OpenAiClaimJudge(openAiOptions({ ...settings, OPENAI_MODEL: settings.OPENAI_MODEL }));
}

/** The drafting model of `/exam-question` and `/mock-decision`: null without OPENAI_MODEL (deterministic answers). */
export function languageModelFrom(settings: ClaimJudgeSettings): LanguageModel | null {
  if (!settings.OPENAI_MODEL) return null;
  return new OpenAiLanguageModel(openAiOptions({ ...settings, OPENAI_MODEL: settings.OPENAI_MODEL }));
}
