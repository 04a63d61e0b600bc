import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { apiEnv, embeddedEnv, Secret } from './config.ts';

describe('language-model settings of the API', () => {
  it('parses the OPENAI_* variables and keeps the key out of logs, JSON and inspection', () => {
    const env = parseEnv(apiEnv, {
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_API_KEY: 'sk-very-secret',
      OPENAI_MODEL: 'judge-model',
      OPENAI_TIMEOUT_MS: '5000',
    });
    expect(env.OPENAI_MODEL).toBe('judge-model');
    expect(env.OPENAI_TIMEOUT_MS).toBe(5000);
    expect(env.OPENAI_API_KEY).toBeInstanceOf(Secret);
    expect(env.OPENAI_API_KEY?.reveal()).toBe('sk-very-secret');
    expect(JSON.stringify(env)).not.toContain('sk-very-secret');
    expect(inspect(env, { depth: 5 })).not.toContain('sk-very-secret');
    expect(`${String(env.OPENAI_API_KEY)}`).toBe('[redacted]');
  });

  it('defaults: no model (lexical judge), 20 s timeout; the embedded mode has the same settings', () => {
    const env = parseEnv(embeddedEnv, {});
    expect(env.OPENAI_MODEL).toBeUndefined();
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.OPENAI_TIMEOUT_MS).toBe(20_000);
  });

  it('names the bad variable', () => {
    expect(() => parseEnv(apiEnv, { OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
    expect(() => parseEnv(apiEnv, { OPENAI_TIMEOUT_MS: '-1' })).toThrow(/OPENAI_TIMEOUT_MS/);
  });
});
