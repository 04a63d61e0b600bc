import { describe, expect, it } from 'vitest';
import { firstForbiddenCharacter, forbiddenCharacterDetails, queryEncodingDetails } from './input-guard.ts';

describe('firstForbiddenCharacter', () => {
  it.each<[string, boolean, { position: number; codePoint: number; kind: string } | undefined]>([
    ['plain text', false, undefined],
    ['Zürich – «Gericht» 日本語 😀', false, undefined],
    ['\ufeff\ufffd\uffff\u202e\u0085\u007f', false, undefined],
    ['\u0000', false, { position: 0, codePoint: 0, kind: 'control' }],
    ['a\u0000b', true, { position: 1, codePoint: 0, kind: 'control' }],
    ['esc\u001b', true, { position: 3, codePoint: 0x1b, kind: 'control' }],
    ['\u001f', true, { position: 0, codePoint: 0x1f, kind: 'control' }],
    ['tab\tlf\ncr\r', true, undefined],
    ['tab\t', false, { position: 3, codePoint: 0x09, kind: 'control' }],
    ['line\n', false, { position: 4, codePoint: 0x0a, kind: 'control' }],
    ['\ud800', true, { position: 0, codePoint: 0xd800, kind: 'surrogate' }],
    ['ok \ud83d', true, { position: 3, codePoint: 0xd83d, kind: 'surrogate' }],
    ['x\udc00y', true, { position: 1, codePoint: 0xdc00, kind: 'surrogate' }],
    ['\ude00\ud83d', true, { position: 0, codePoint: 0xde00, kind: 'surrogate' }],
    ['\ud83d\ude00\ud800', true, { position: 2, codePoint: 0xd800, kind: 'surrogate' }],
  ])('%j (line controls allowed: %s)', (text, allowLineControls, expected) => {
    expect(firstForbiddenCharacter(text, allowLineControls)).toEqual(expected);
  });
});

describe('forbiddenCharacterDetails', () => {
  it('locates every bad string of a nested value, keys included', () => {
    const body = {
      claim: 'ok',
      list: ['fine', 'bad\u0000'],
      nested: { 'k\u0001': 'v', deep: { x: '\ud800' } },
    };
    expect(forbiddenCharacterDetails(body, ['body'], true)).toEqual([
      {
        loc: ['body', 'list', '1'],
        msg: 'String should not contain the control character U+0000 (NUL)',
        type: 'string_invalid_characters',
        input: 'bad\u0000',
        ctx: { character: 'U+0000', position: 3 },
      },
      {
        loc: ['body', 'nested', 'k\u0001'],
        msg: 'String should not contain the control character U+0001 (SOH)',
        type: 'string_invalid_characters',
        input: 'k\u0001',
        ctx: { character: 'U+0001', position: 1 },
      },
      {
        loc: ['body', 'nested', 'deep', 'x'],
        msg: 'String should not contain an unpaired surrogate (U+D800)',
        type: 'string_invalid_characters',
        input: '\ud800',
        ctx: { character: 'U+D800', position: 0 },
      },
    ]);
  });

  it('accepts numbers, booleans, null and clean strings', () => {
    expect(forbiddenCharacterDetails({ a: 1, b: true, c: null, d: ['x\ty'] }, ['body'], true)).toEqual([]);
    expect(forbiddenCharacterDetails(undefined, ['body'], true)).toEqual([]);
  });

  it('path values may not carry line breaks; free text may', () => {
    expect(forbiddenCharacterDetails({ id: 'a\nb' }, ['path'], false)).toHaveLength(1);
    expect(forbiddenCharacterDetails({ query: 'a\nb' }, ['query'], true)).toEqual([]);
  });

  it('reports a value nested too deep once, without walking it', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const details = forbiddenCharacterDetails({ draft_text: deep }, ['body'], true);
    expect(details).toEqual([
      {
        loc: ['body', 'draft_text', ...Array.from({ length: 31 }, () => '0')],
        msg: 'Value should be nested at most 32 levels deep',
        type: 'json_too_deep',
        ctx: { max_depth: 32 },
      },
    ]);
  });

  it('reports at most 20 entries', () => {
    const many = Array.from({ length: 1_000 }, () => '\u0000');
    expect(forbiddenCharacterDetails(many, ['body'], true)).toHaveLength(20);
  });
});

describe('queryEncodingDetails', () => {
  it.each<[string, { loc: string[]; input: string }[]]>([
    ['/decisions', []],
    ['/decisions?query=a%20b+c&court=bger&empty=&flag', []],
    ['/decisions?query=%E2%82%AC%F0%9F%98%80', []],
    ['/decisions?query=%C3%28', [{ loc: ['query', 'query'], input: '%C3%28' }]],
    ['/decisions?query=%FF&court=bger', [{ loc: ['query', 'query'], input: '%FF' }]],
    ['/decisions?query=%ED%A0%80', [{ loc: ['query', 'query'], input: '%ED%A0%80' }]],
    ['/decisions?query=50%', [{ loc: ['query', 'query'], input: '50%' }]],
    ['/decisions?query=%zz', [{ loc: ['query', 'query'], input: '%zz' }]],
    ['/decisions?%FF=1', [{ loc: ['query', '%FF'], input: '%FF' }]],
  ])('%s', (url, expected) => {
    const details = queryEncodingDetails(url);
    expect(details.map((d) => ({ loc: d.loc, input: d.input }))).toEqual(expected);
    for (const d of details) expect(d.type).toBe('url_decoding');
  });
});
