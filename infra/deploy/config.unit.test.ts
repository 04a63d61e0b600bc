import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { apiEnv, embeddedEnv, ingestEnv, Secret } from './config.ts';

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

describe('ingest settings', () => {
  it('defaults: the bundled sample; statutes in de, fr, it; one request per second to a portal', () => {
    const env = parseEnv(ingestEnv, {});
    expect(env).toMatchObject({
      SOURCE: 'sample',
      STATUTE_LANGUAGES: ['de', 'fr', 'it'],
      HTTP_MIN_INTERVAL_MS: 1000,
    });
    expect(env.FEDLEX_SR_NUMBERS).toBeUndefined();
    expect(env.LEXFIND_ENTITIES).toBeUndefined();
  });

  it.each([
    {
      vars: { FEDLEX_SR_NUMBERS: '220, 0.101 ,210,' },
      key: 'FEDLEX_SR_NUMBERS',
      value: ['220', '0.101', '210'],
    },
    { vars: { LEXFIND_ENTITIES: 'ZH,GE,CH' }, key: 'LEXFIND_ENTITIES', value: ['ZH', 'GE', 'CH'] },
    { vars: { STATUTE_LANGUAGES: 'fr' }, key: 'STATUTE_LANGUAGES', value: ['fr'] },
    { vars: { SOURCE: 'fedlex' }, key: 'SOURCE', value: 'fedlex' },
    { vars: { SOURCE: 'lexfind' }, key: 'SOURCE', value: 'lexfind' },
    { vars: { SOURCE: 'bger' }, key: 'SOURCE', value: 'bger' },
    { vars: {}, key: 'BGER_BASE_URL', value: 'https://search.bger.ch' },
    { vars: {}, key: 'BGER_DAYS', value: 7 },
    { vars: { BGER_DAYS: '30' }, key: 'BGER_DAYS', value: 30 },
    {
      vars: { BGER_LIST_URLS: 'https://a.example/l?date=1, https://a.example/l?date=2' },
      key: 'BGER_LIST_URLS',
      value: ['https://a.example/l?date=1', 'https://a.example/l?date=2'],
    },
  ])('$key parses $vars', ({ vars, key, value }) => {
    expect((parseEnv(ingestEnv, vars) as Record<string, unknown>)[key]).toEqual(value);
  });

  it.each([
    { vars: { FEDLEX_SR_NUMBERS: '220,OR' }, message: /FEDLEX_SR_NUMBERS/ },
    { vars: { FEDLEX_SR_NUMBERS: ' , ' }, message: /FEDLEX_SR_NUMBERS.*at least one/ },
    { vars: { LEXFIND_ENTITIES: 'ZH,XX' }, message: /LEXFIND_ENTITIES/ },
    { vars: { STATUTE_LANGUAGES: 'de,rm' }, message: /STATUTE_LANGUAGES/ },
    { vars: { SOURCE: 'entscheidsuche-live' }, message: /SOURCE/ },
    { vars: { ENTSCHEIDSUCHE_SPIDERS: 'CH_BGer,../Jobs' }, message: /ENTSCHEIDSUCHE_SPIDERS/ },
    { vars: { ENTSCHEIDSUCHE_SPIDERS: ' , ' }, message: /ENTSCHEIDSUCHE_SPIDERS.*at least one/ },
    { vars: { ENTSCHEIDSUCHE_BASE_URL: 'entscheidsuche.ch' }, message: /ENTSCHEIDSUCHE_BASE_URL/ },
    { vars: { FEDLEX_SPARQL_URL: 'fedlex' }, message: /FEDLEX_SPARQL_URL/ },
    { vars: { BGER_DAYS: '0' }, message: /BGER_DAYS/ },
    { vars: { BGER_DAYS: '61' }, message: /BGER_DAYS.*at most 60/ },
    { vars: { BGER_BASE_URL: 'search.bger.ch' }, message: /BGER_BASE_URL/ },
    { vars: { BGER_LIST_URLS: 'yesterday' }, message: /BGER_LIST_URLS/ },
  ])('rejects $vars, naming the variable', ({ vars, message }) => {
    expect(() => parseEnv(ingestEnv, vars)).toThrow(message);
  });
});

describe('rate-limit and proxy settings of the API', () => {
  it('defaults: auto (off in embedded mode), 5 per second, a burst of 20, no proxy trusted', () => {
    expect(parseEnv(apiEnv, {})).toMatchObject({
      RATE_LIMIT: 'auto',
      RATE_LIMIT_PER_SECOND: 5,
      RATE_LIMIT_BURST: 20,
      TRUST_PROXY: false,
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8, 127.0.0.1'],
    ['::1,fd00::/8', '::1,fd00::/8'],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(parseEnv(apiEnv, { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('names the bad variable', () => {
    expect(() => parseEnv(apiEnv, { TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv(apiEnv, { RATE_LIMIT: 'sometimes' })).toThrow(/RATE_LIMIT/);
    expect(() => parseEnv(apiEnv, { RATE_LIMIT_PER_SECOND: '0' })).toThrow(/RATE_LIMIT_PER_SECOND/);
    expect(() => parseEnv(apiEnv, { RATE_LIMIT_BURST: '1.5' })).toThrow(/RATE_LIMIT_BURST/);
  });
});

describe('embedded database settings', () => {
  it.each([
    ['32MB', '32MB'],
    ['512kB', '512kB'],
    ['1GB', '1GB'],
  ])('EMBEDDED_SHARED_BUFFERS=%s is taken as it is', (value, parsed) => {
    expect(parseEnv(embeddedEnv, { EMBEDDED_SHARED_BUFFERS: value }).EMBEDDED_SHARED_BUFFERS).toBe(parsed);
  });

  it.each(['32', '32mb', '0MB', '-1MB', '32 MB', '32MB; drop'])(
    'EMBEDDED_SHARED_BUFFERS=%s is refused, naming the variable',
    (value) => {
      expect(() => parseEnv(embeddedEnv, { EMBEDDED_SHARED_BUFFERS: value })).toThrow(
        /EMBEDDED_SHARED_BUFFERS/,
      );
    },
  );

  it('maintenance looks every minute unless told otherwise', () => {
    expect(parseEnv(embeddedEnv, {}).EMBEDDED_MAINTENANCE_INTERVAL_MS).toBe(60_000);
    expect(() => parseEnv(embeddedEnv, { EMBEDDED_MAINTENANCE_INTERVAL_MS: '0' })).toThrow(
      /EMBEDDED_MAINTENANCE_INTERVAL_MS/,
    );
  });
});
