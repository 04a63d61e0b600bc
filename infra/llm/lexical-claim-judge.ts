import { lexicalVerdict } from '../../contracts/citation/lexical-match.ts';
import type { ClaimJudge, ClaimJudgeInput, ClaimVerdict } from './claim-judge.port.ts';

/** The judge used without a configured language model: word overlap, deterministic. */
export const lexicalClaimJudge: ClaimJudge = {
  name: 'lexical',
  async judge(input: ClaimJudgeInput): Promise<ClaimVerdict> {
    return lexicalVerdict(input.claim, input.text);
  },
};
