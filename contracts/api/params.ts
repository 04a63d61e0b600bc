import { z } from 'zod';

// Plain decimal notation only: `1e3` or `0x10` are not numbers a query string should carry.
const NUMBER = /^[+-]?(\d{1,15}(\.\d*)?|\.\d+)$/;
const BOOLEAN = new Map<string, boolean>([
  ['true', true],
  ['1', true],
  ['yes', true],
  ['on', true],
  ['false', false],
  ['0', false],
  ['no', false],
  ['off', false],
]);

// Query strings arrive as text. Well-formed values are converted; anything else is reported with
// a typed error (int_parsing, float_parsing, bool_parsing), never replaced by a default.
function fromText<T>(convert: (text: string) => T | undefined, type: string, message: string) {
  return (value: unknown, ctx: { issues: z.core.$ZodRawIssue[] }): unknown => {
    if (typeof value !== 'string') return value;
    const converted = convert(value.trim());
    if (converted !== undefined) return converted;
    ctx.issues.push({ code: 'custom', message, params: { type }, input: value });
    return z.NEVER;
  };
}
const toNumber = (text: string) => (NUMBER.test(text) ? Number(text) : undefined);

/** An integer query parameter within [min, max], with its default (shown in the OpenAPI document). */
export function intParam(min: number, max?: number, fallback?: number) {
  let inner = z.int().min(min);
  if (max !== undefined) inner = inner.max(max);
  const parse = fromText(
    toNumber,
    'int_parsing',
    'Input should be a valid integer, unable to parse string as an integer',
  );
  return fallback === undefined ? z.preprocess(parse, inner) : z.preprocess(parse, inner.default(fallback));
}

/** A decimal query parameter within [min, max]. */
export function numberParam(min: number, max: number, fallback?: number) {
  const inner = z.number().min(min).max(max);
  const parse = fromText(
    toNumber,
    'float_parsing',
    'Input should be a valid number, unable to parse string as a number',
  );
  return fallback === undefined ? z.preprocess(parse, inner) : z.preprocess(parse, inner.default(fallback));
}

/** A boolean query parameter: true/false, 1/0, yes/no, on/off. */
export function boolParam(fallback?: boolean) {
  const parse = fromText(
    (t) => BOOLEAN.get(t.toLowerCase()),
    'bool_parsing',
    'Input should be a valid boolean, unable to interpret input',
  );
  return fallback === undefined
    ? z.preprocess(parse, z.boolean())
    : z.preprocess(parse, z.boolean().default(fallback));
}

/** A calendar date YYYY-MM-DD. */
export const dateParam = z.iso.date();

/** The body of every 422 answer. */
export const validationErrorBody = z.object({
  detail: z.array(
    z.object({
      loc: z.array(z.string()),
      msg: z.string(),
      type: z.string(),
      input: z.unknown().optional(),
      ctx: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/** The body of other client errors (404, 503, ...). */
export const errorBody = z.object({ detail: z.string(), code: z.string().optional() });
