/**
 * The language-model judge against a local HTTP server speaking the chat-completions API: the real
 * openai client, no mocks of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatServer, verdictJson, type FakeChatServer } from '../../test/support/fake-openai.ts';
import { ConfigError } from '../config/env.ts';
import { ClaimJudgeUnavailableError, type ClaimJudgeInput } from './claim-judge.port.ts';
import { claimJudgeFrom } from './claim-judges.ts';
import { lexicalClaimJudge } from './lexical-claim-judge.ts';
import { OpenAiClaimJudge, VERDICT_JSON_SCHEMA } from './openai-claim-judge.ts';

const INPUT: ClaimJudgeInput = {
  claim: 'Eine Kündigung gegen Treu und Glauben ist anfechtbar.',
  citation: 'BGE 140 III 86',
  pinpoint: '2.1',
  language: 'de',
  text: 'Eine Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst.',
};

let server: FakeChatServer;
let judge: OpenAiClaimJudge;

beforeAll(async () => {
  server = await startFakeChatServer();
  judge = new OpenAiClaimJudge({
    model: 'fake-judge',
    apiKey: 'sk-test-secret',
    baseURL: server.baseURL,
    timeoutMs: 400,
  });
});
afterAll(async () => {
  await server?.close();
});

describe('OpenAiClaimJudge', () => {
  it('asks for a JSON-schema answer and returns the verdict', async () => {
    server.behaviour = {
      kind: 'content',
      content: verdictJson({
        supports: 'partial',
        confidence: 0.7,
        supporting_excerpt: 'Eine Kündigung ist anfechtbar',
        reasoning: 'Only partly.',
      }),
    };
    const verdict = await judge.judge(INPUT);
    expect(verdict).toEqual({
      supports: 'partial',
      confidence: 0.7,
      supporting_excerpt: 'Eine Kündigung ist anfechtbar',
      qualifying_excerpt: null,
      reasoning: 'Only partly.',
    });
    expect(judge.name).toBe('llm:fake-judge');
    const request = server.requests.at(-1) as {
      model: string;
      temperature: number;
      messages: { role: string; content: string }[];
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } };
    };
    expect(request.model).toBe('fake-judge');
    expect(request.temperature).toBe(0);
    expect(request.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'claim_verdict', strict: true, schema: VERDICT_JSON_SCHEMA },
    });
    expect(request.messages[0]!.role).toBe('system');
    expect(request.messages[1]!.content).toContain(INPUT.claim);
    expect(request.messages[1]!.content).toContain('BGE 140 III 86, Erwägung 2.1');
    expect(request.messages[1]!.content).toContain(INPUT.text);
    expect(server.authorizations.at(-1)).toBe('Bearer sk-test-secret');
  });

  it('accepts an answer wrapped in a code fence and clamps the confidence', async () => {
    server.behaviour = {
      kind: 'content',
      content: `\`\`\`json\n${verdictJson({ confidence: 1.4 })}\n\`\`\``,
    };
    expect(await judge.judge(INPUT)).toMatchObject({ supports: 'yes', confidence: 1 });
  });

  it.each([
    [
      'invalid JSON',
      { kind: 'content', content: 'Yes, it supports the claim.' },
      /answered with invalid JSON/,
    ],
    [
      'JSON without the verdict fields',
      { kind: 'content', content: '{"supports":"maybe"}' },
      /without the expected verdict fields \(supports, confidence/,
    ],
    ['an empty answer', { kind: 'content', content: '' }, /returned no answer/],
    ['HTTP 500', { kind: 'status', status: 500 }, /failed with HTTP 500/],
    ['HTTP 401', { kind: 'status', status: 401 }, /failed with HTTP 401/],
    ['a timeout', { kind: 'hang', ms: 3000 }, /did not answer within 400 ms/],
  ] as const)(
    'never makes up a verdict: %s → ClaimJudgeUnavailableError',
    async (_label, behaviour, message) => {
      server.behaviour = behaviour;
      const started = Date.now();
      const error = await judge.judge(INPUT).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ClaimJudgeUnavailableError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('sk-test-secret');
      expect(Date.now() - started).toBeLessThan(2500);
    },
  );

  it('cannot reach a closed port', async () => {
    const unreachable = new OpenAiClaimJudge({
      model: 'm',
      apiKey: 'k',
      baseURL: 'http://127.0.0.1:9/v1',
      timeoutMs: 1000,
    });
    await expect(unreachable.judge(INPUT)).rejects.toThrow(/could not be reached|did not answer/);
  });
});

describe('claimJudgeFrom (configuration)', () => {
  it('uses the lexical judge without a model', () => {
    expect(claimJudgeFrom({})).toBe(lexicalClaimJudge);
    expect(claimJudgeFrom({ OPENAI_BASE_URL: server.baseURL })).toBe(lexicalClaimJudge);
  });

  it('uses the language model when a model is configured', () => {
    expect(claimJudgeFrom({ OPENAI_MODEL: 'gpt-x', apiKey: 'k' }).name).toBe('llm:gpt-x');
    expect(claimJudgeFrom({ OPENAI_MODEL: 'local', OPENAI_BASE_URL: server.baseURL }).name).toBe('llm:local');
  });

  it('stops at start-up when a model is set but neither key nor server is', () => {
    expect(() => claimJudgeFrom({ OPENAI_MODEL: 'gpt-x' })).toThrow(ConfigError);
    expect(() => claimJudgeFrom({ OPENAI_MODEL: 'gpt-x' })).toThrow(/^OPENAI_API_KEY/);
  });
});
