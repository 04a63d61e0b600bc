import { z } from 'zod';
import { SUPPORT_LEVELS } from '../../contracts/api/citation.schema.ts';
import {
  type ClaimJudge,
  type ClaimJudgeInput,
  ClaimJudgeUnavailableError,
  type ClaimVerdict,
} from './claim-judge.port.ts';
import { LanguageModelUnavailableError } from './language-model.port.ts';
import { OpenAiLanguageModel } from './openai-language-model.ts';

export interface OpenAiClaimJudgeOptions {
  readonly model: string;
  readonly apiKey: string;
  /** An OpenAI-compatible server (chat-completions API); default api.openai.com. */
  readonly baseURL?: string;
  /** Budget for the call (one attempt). */
  readonly timeoutMs: number;
}

/** The answer's JSON schema (strict structured output: every field required, nulls explicit). */
export const VERDICT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['supports', 'confidence', 'supporting_excerpt', 'qualifying_excerpt', 'reasoning'],
  properties: {
    supports: { type: 'string', enum: [...SUPPORT_LEVELS] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    supporting_excerpt: { type: ['string', 'null'] },
    qualifying_excerpt: { type: ['string', 'null'] },
    reasoning: { type: 'string' },
  },
} as const;

const verdictSchema = z.object({
  supports: z.enum(SUPPORT_LEVELS),
  confidence: z.number().transform((c) => Math.min(1, Math.max(0, c))),
  supporting_excerpt: z.string().nullable(),
  qualifying_excerpt: z.string().nullable(),
  reasoning: z.string(),
});

const SYSTEM = [
  'You are an independent judge of Swiss court decisions.',
  'Decide whether the verbatim decision text supports the claim: yes (it states the claim), partial (it supports part of it or only under conditions),',
  'no (it does not say so), contradicts (it says the opposite) or unrelated (it is about something else).',
  'supporting_excerpt and qualifying_excerpt must be copied character for character from the decision text, or null; never paraphrase them.',
  'Judge only from the text given. Answer with the JSON object only.',
].join(' ');

function prompt(input: ClaimJudgeInput): string {
  const where = input.pinpoint ? `${input.citation}, Erwägung ${input.pinpoint}` : input.citation;
  return `Claim:\n${input.claim}\n\nDecision: ${where} (language: ${input.language})\n\nDecision text:\n<<<\n${input.text}\n>>>`;
}

/** The `/verify-claim` judge behind an OpenAI-compatible chat-completions endpoint. */
export class OpenAiClaimJudge implements ClaimJudge {
  readonly name: string;
  private readonly model: OpenAiLanguageModel;

  constructor(private readonly options: OpenAiClaimJudgeOptions) {
    this.name = `llm:${options.model}`;
    this.model = new OpenAiLanguageModel(options);
  }

  async judge(input: ClaimJudgeInput): Promise<ClaimVerdict> {
    let parsed: unknown;
    try {
      parsed = await this.model.completeJson({
        name: 'claim_verdict',
        schema: VERDICT_JSON_SCHEMA,
        system: SYSTEM,
        user: prompt(input),
      });
    } catch (error) {
      if (error instanceof LanguageModelUnavailableError)
        throw new ClaimJudgeUnavailableError(error.message, { cause: error });
      throw error;
    }
    const verdict = verdictSchema.safeParse(parsed);
    if (!verdict.success) {
      throw new ClaimJudgeUnavailableError(
        `The language model ${this.options.model} answered without the expected verdict fields (${verdict.error.issues
          .map((i) => i.path.join('.') || i.message)
          .join(', ')}).`,
      );
    }
    return verdict.data;
  }
}
