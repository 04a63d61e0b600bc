import { LanguageModelUnavailableError } from './language-model.port.ts';
import type { SupportLevel } from '../../contracts/api/citation.schema.ts';

/** What a judge decides about a claim against a decision's verbatim text. */
export interface ClaimVerdict {
  readonly supports: SupportLevel;
  /** 0..1. */
  readonly confidence: number;
  /** Meant to be verbatim from the text; the caller checks and drops it otherwise. */
  readonly supporting_excerpt: string | null;
  readonly qualifying_excerpt: string | null;
  readonly reasoning: string;
}

export interface ClaimJudgeInput {
  readonly claim: string;
  /** The decision's citation string (`BGE 140 III 86`), to name it in the prompt. */
  readonly citation: string;
  readonly pinpoint: string | null;
  readonly language: string;
  /** The decision's verbatim text the judge reads: the pinpointed Erwägung or selected passages. */
  readonly text: string;
}

/** The judge of `/verify-claim`: a language model or the deterministic lexical comparison. */
export interface ClaimJudge {
  /** `llm:<model>` or `lexical`, reported with every answer. */
  readonly name: string;
  /** Judges the claim against the text; throws ClaimJudgeUnavailableError when no verdict can be had. */
  judge(input: ClaimJudgeInput): Promise<ClaimVerdict>;
}

/** The judge could not answer (timeout, transport or server error, unusable answer): never guess. */
export class ClaimJudgeUnavailableError extends LanguageModelUnavailableError {}
