import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RequestValidationError, type ValidationDetail } from './validation.ts';

/**
 * Characters no request string may carry, checked once for every route before validation: NUL and
 * unpaired surrogates cannot be stored as UTF-8 text (PostgreSQL rejects them), and other C0
 * control characters are never part of an id, a reference or a search. Free text (query-string
 * values and JSON bodies) may hold tab, line feed and carriage return; path segments may not.
 */

const C0_NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
]; // prettier-ignore

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

// A hostile body can hold thousands of bad strings; the first ones are enough to fix the request.
const MAX_DETAILS = 20;

// No request body of the API nests deeper than a few levels.
const MAX_DEPTH = 32;

export const INVALID_CHARACTERS = 'string_invalid_characters';
export const INVALID_ENCODING = 'url_decoding';

interface Forbidden {
  readonly position: number;
  readonly codePoint: number;
  readonly kind: 'control' | 'surrogate';
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** The first character of `text` a request may not carry, or undefined. */
export function firstForbiddenCharacter(text: string, allowLineControls: boolean): Forbidden | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (allowLineControls && (c === TAB || c === LF || c === CR)) continue;
      return { position: i, codePoint: c, kind: 'control' };
    }
    if (isHigh(c)) {
      if (isLow(text.charCodeAt(i + 1))) {
        i++;
        continue;
      }
      return { position: i, codePoint: c, kind: 'surrogate' };
    }
    if (isLow(c)) return { position: i, codePoint: c, kind: 'surrogate' };
  }
  return undefined;
}

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

function characterDetail(loc: string[], input: string, found: Forbidden): ValidationDetail {
  const character = hex(found.codePoint);
  const msg =
    found.kind === 'control'
      ? `String should not contain the control character ${character} (${C0_NAMES[found.codePoint]})`
      : `String should not contain an unpaired surrogate (${character})`;
  return { loc, msg, type: INVALID_CHARACTERS, input, ctx: { character, position: found.position } };
}

interface Visit {
  readonly value: unknown;
  readonly key: string | undefined;
  readonly parent: Visit | undefined;
  readonly depth: number;
}

function locOf(visit: Visit, key?: string): string[] {
  const loc: string[] = key === undefined ? [] : [key];
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) loc.push(v.key);
  return loc.reverse();
}

/**
 * Every string of `value` (object keys included, at any depth) holding a forbidden character, as
 * 422 entries located under `prefix`; a value nested deeper than `MAX_DEPTH` is an error of its
 * own (echoing it back would exhaust the serializer's stack). Walks with an explicit stack and
 * parent links: a deeply nested body costs neither call stack nor quadratic time.
 */
export function forbiddenCharacterDetails(
  value: unknown,
  prefix: readonly string[],
  allowLineControls: boolean,
): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const check = (text: string, visit: Visit, key?: string) => {
    const found = firstForbiddenCharacter(text, allowLineControls);
    if (found) details.push(characterDetail([...prefix, ...locOf(visit, key)], text, found));
  };
  const stack: Visit[] = [{ value, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0 && details.length < MAX_DETAILS) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      check(current, visit);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (visit.depth >= MAX_DEPTH) {
      details.push({
        loc: [...prefix, ...locOf(visit)],
        msg: `Value should be nested at most ${MAX_DEPTH} levels deep`,
        type: 'json_too_deep',
        ctx: { max_depth: MAX_DEPTH },
      });
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((inner, i) => [String(i), inner])
      : Object.entries(current as Record<string, unknown>);
    if (!Array.isArray(current)) for (const [key] of entries) check(key, visit, key);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      stack.push({ value: inner, key, parent: visit, depth: visit.depth + 1 });
    }
  }
  return details.slice(0, MAX_DETAILS);
}

function decodeQueryComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * Query-string names and values that are not valid percent-encoded UTF-8 (`%C3%28`, `%FF`, a `%`
 * without two hex digits). The query-string parser keeps such text undecoded; answering with
 * results for the literal escape would hide the caller's mistake.
 */
export function queryEncodingDetails(url: string): ValidationDetail[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const details: ValidationDetail[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    if (details.length >= MAX_DETAILS) break;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decodeQueryComponent(rawKey);
    const badKey = key === undefined;
    if (!badKey && decodeQueryComponent(rawValue) !== undefined) continue;
    details.push({
      loc: ['query', key ?? rawKey],
      msg: badKey
        ? 'Query parameter name is not valid percent-encoded UTF-8'
        : 'Query parameter value is not valid percent-encoded UTF-8',
      type: INVALID_ENCODING,
      input: badKey ? rawKey : rawValue,
    });
  }
  return details;
}

/** All input errors of the request's path parameters, query string and JSON body. */
export function inputGuardDetails(request: FastifyRequest): ValidationDetail[] {
  return [
    ...forbiddenCharacterDetails(request.params, ['path'], false),
    ...queryEncodingDetails(request.url),
    ...forbiddenCharacterDetails(request.query, ['query'], true),
    ...forbiddenCharacterDetails(request.body, ['body'], true),
  ].slice(0, MAX_DETAILS);
}

/**
 * Rejects, for every route, string input no handler can use (see above) with the 422 body, before
 * any schema validation or database access.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const details = inputGuardDetails(request);
    if (details.length > 0) throw new RequestValidationError(details);
  });
}
