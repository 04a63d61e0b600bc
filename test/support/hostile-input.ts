/**
 * Hostile request input for property tests over every route: a catalogue of strings that broke or
 * could break the API (NUL, lone surrogates, control characters, undecodable escapes, huge values,
 * path tricks, unicode), a seeded generator mixing them, and the routes of an app as
 * `buildApp`'s route observer reports them.
 */
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { Rng } from '../../ingest/sources/sample/prng.ts';

/** One part of a request that carries strings, as the 422 body's loc names it. */
export type Part = 'path' | 'query' | 'body';

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  'BGE 140 III 1\u0000',
  '\u0001',
  '\u001b[31mred\u001b[0m',
  '\u007f',
  'tab\there',
  'line\nbreak',
  'carriage\r\nreturn',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '😀 emoji',
  'Zürich – «Gericht» 日本語',
  '\u202eRTL override',
  '\ufeffBOM',
  '\uffff',
  '\ufffd',
  '../../etc/passwd',
  '..',
  '.',
  '%',
  '%%',
  '%00',
  '%C3%28',
  "'; DROP TABLE decisions; --",
  '"unclosed',
  'AND OR NOT ( ) * "',
  '\\',
  '*',
  ' ',
  '',
  '-1',
  '1e309',
  'NaN',
  '99999999999999999999',
  'x'.repeat(1_001),
  'x'.repeat(20_000),
  'a'.repeat(100_000),
];

/** Percent sequences that are not valid UTF-8, written into a URL as they are. */
export const UNDECODABLE_ESCAPES: readonly string[] = ['%C3%28', '%FF', '%ED%A0%80', '%E2%82', '%C0%AF'];

const FRAGMENTS: readonly string[] = [
  'a', 'Z', '1', ' ', '/', '..', '%', '&', '=', '?', '#', '+', "'", '"', '\\', '*', '(', ')',
  '\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001f', '\u007f', '\u0085',
  'ä', '€', '\ud83d\ude00', '\ud800', '\udfff', '\ufeff', '\u202e', '\ufffd',
]; // prettier-ignore

/** A seeded generator (the sample corpus's mulberry32), so a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** A random string of up to 40 hostile fragments. */
export function randomHostileString(random: () => number): string {
  const length = Math.floor(random() * 41);
  let text = '';
  for (let i = 0; i < length; i++) text += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]!;
  return text;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** Whether `text` holds a surrogate without its partner. */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isHigh(c) && isLow(text.charCodeAt(i + 1))) i++;
    else if (isHigh(c) || isLow(c)) return true;
  }
  return false;
}

/** Whether `text` holds a C0 control character other than those free text may carry (tab, LF, CR). */
export function hasForbiddenControl(text: string, allowLineControls: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && !(allowLineControls && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
  }
  return false;
}

/**
 * Percent-encodes `text` for a URL. A lone surrogate has no UTF-8 form; it is written as the
 * three-byte sequence a careless encoder produces (`%ED%A0%80`), which is not valid UTF-8.
 */
export function encodeLoosely(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isHigh(c) && isLow(text.charCodeAt(i + 1))) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (isHigh(c) || isLow(c)) {
      const bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** A route as the fuzz tests use it: one method, its URL pattern, and the schemas of its parts. */
export interface RouteUnderTest {
  readonly method: string;
  readonly url: string;
  readonly pathParams: readonly string[];
  readonly query?: z.ZodObject | undefined;
  readonly body?: z.ZodObject | undefined;
}

function asObject(schema: unknown): z.ZodObject | undefined {
  return schema !== null && typeof schema === 'object' && 'shape' in schema
    ? (schema as z.ZodObject)
    : undefined;
}

/** A parameter segment: its name and the static suffix after it (`:alert_id.xml`). */
function paramSegment(segment: string): { name: string; suffix: string } | null {
  const m = /^:([A-Za-z0-9_]+)(.*)$/.exec(segment);
  return m ? { name: m[1]!, suffix: m[2]! } : null;
}

/** The routes an app registered (HEAD twins left out: they share the GET handler). */
export function routesUnderTest(registered: readonly RouteOptions[]): RouteUnderTest[] {
  const routes: RouteUnderTest[] = [];
  for (const route of registered) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const pathParams = route.url
      .split('/')
      .filter((s) => s.startsWith(':') || s === '*')
      .map((s) => (s === '*' ? '*' : paramSegment(s)!.name));
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        pathParams,
        query: asObject(schema['querystring']),
        body: asObject(schema['body']),
      });
    }
  }
  return routes;
}

/** The URL of `route` with its path parameters filled (already encoded) and a query string. */
export function urlOf(route: RouteUnderTest, encodedParams: Record<string, string>, query = ''): string {
  const path = route.url
    .split('/')
    .map((s) => {
      if (s === '*') return encodedParams['*'];
      const param = paramSegment(s);
      return param ? `${encodedParams[param.name]}${param.suffix}` : s;
    })
    .join('/');
  const url = path.startsWith('/') ? path : `/${path}`;
  return query ? `${url}?${query}` : url;
}

/**
 * A value each field of `schema` accepts (the first candidate it parses), so that one hostile
 * field at a time is what a request gets wrong; required fields are always included.
 */
export function benignValues(
  schema: z.ZodObject | undefined,
  candidates: readonly unknown[],
): { required: Record<string, unknown>; accepted: Record<string, unknown> } {
  const required: Record<string, unknown> = {};
  const accepted: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema?.shape ?? {})) {
    const type = field as z.ZodType;
    const value = candidates.find((c) => type.safeParse(c).success);
    if (value === undefined) continue;
    accepted[name] = value;
    if (!type.safeParse(undefined).success) required[name] = value;
  }
  return { required, accepted };
}

/** A query string of already-encoded or plain values. */
export function queryOf(values: Record<string, unknown>, encoded: Record<string, string> = {}): string {
  return [
    ...Object.entries(values)
      .filter(([name]) => !(name in encoded))
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`),
    ...Object.entries(encoded).map(([name, value]) => `${encodeURIComponent(name)}=${value}`),
  ].join('&');
}
