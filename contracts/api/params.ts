import { z } from 'zod';

const INT = /^[+-]?\d{1,15}$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

// Query strings arrive as text. Convert only well-formed numbers; anything else reaches the
// number schema as a string and fails with a typed error, never a silent default.
const toInt = (v: unknown) => (typeof v === 'string' && INT.test(v.trim()) ? Number(v.trim()) : v);
const toNumber = (v: unknown) => (typeof v === 'string' && NUMBER.test(v.trim()) ? Number(v.trim()) : v);
const toBool = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(s)) return true;
  if (['false', '0', 'no', 'off'].includes(s)) return false;
  return v;
};

/** An integer query parameter within [min, max]. */
export function intParam(min: number, max?: number) {
  const base = z.number().int().min(min);
  return z.preprocess(toInt, max === undefined ? base : base.max(max));
}

/** A decimal query parameter within [min, max]. */
export function numberParam(min: number, max: number) {
  return z.preprocess(toNumber, z.number().min(min).max(max));
}

/** A boolean query parameter: true/false, 1/0, yes/no, on/off. */
export function boolParam() {
  return z.preprocess(toBool, z.boolean());
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
