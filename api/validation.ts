import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** One entry of the spec's 422 body. */
export interface ValidationDetail {
  loc: string[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

type Issue = z.core.$ZodIssue & { input?: unknown; params?: Record<string, unknown> };

function quoteList(values: readonly unknown[]): string {
  const quoted = values.map((v) => `'${String(v)}'`);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** Maps a zod issue to the spec's error entry (types and wording follow the common FastAPI style). */
export function detailOf(issue: Issue, prefix: string): ValidationDetail {
  const loc = [prefix, ...issue.path.map(String)];
  const input = issue.input;
  const withInput = (d: Omit<ValidationDetail, 'loc' | 'input'>): ValidationDetail =>
    input === undefined ? { loc, ...d } : { loc, ...d, input };
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return { loc, msg: 'Field required', type: 'missing' };
      const expected = issue.expected;
      if (expected === 'int') {
        return withInput({
          msg: 'Input should be a valid integer, got a number with a fractional part',
          type: 'int_from_float',
        });
      }
      if (expected === 'number') {
        return withInput({
          msg: 'Input should be a valid number, unable to parse string as a number',
          type: 'number_parsing',
        });
      }
      if (expected === 'boolean')
        return withInput({ msg: 'Input should be a valid boolean', type: 'bool_parsing' });
      if (expected === 'string')
        return withInput({ msg: 'Input should be a valid string', type: 'string_type' });
      if (expected === 'object')
        return withInput({ msg: 'Input should be a valid object', type: 'model_type' });
      if (expected === 'array') return withInput({ msg: 'Input should be a valid list', type: 'list_type' });
      return withInput({ msg: `Input should be of type ${expected}`, type: `${expected}_type` });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') {
        return withInput({
          msg: `String should have at most ${max} characters`,
          type: 'string_too_long',
          ctx: { max_length: max },
        });
      }
      if (issue.origin === 'array') {
        return withInput({
          msg: `List should have at most ${max} items`,
          type: 'too_long',
          ctx: { max_length: max },
        });
      }
      return issue.inclusive
        ? withInput({
            msg: `Input should be less than or equal to ${max}`,
            type: 'less_than_equal',
            ctx: { le: max },
          })
        : withInput({ msg: `Input should be less than ${max}`, type: 'less_than', ctx: { lt: max } });
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return withInput({
          msg: `String should have at least ${min} character${min === 1 ? '' : 's'}`,
          type: 'string_too_short',
          ctx: { min_length: min },
        });
      }
      if (issue.origin === 'array') {
        return withInput({
          msg: `List should have at least ${min} items`,
          type: 'too_short',
          ctx: { min_length: min },
        });
      }
      return issue.inclusive
        ? withInput({
            msg: `Input should be greater than or equal to ${min}`,
            type: 'greater_than_equal',
            ctx: { ge: min },
          })
        : withInput({ msg: `Input should be greater than ${min}`, type: 'greater_than', ctx: { gt: min } });
    }
    case 'invalid_value': {
      const expected = quoteList(issue.values);
      return withInput({ msg: `Input should be ${expected}`, type: 'enum', ctx: { expected } });
    }
    case 'invalid_format': {
      if (issue.format === 'date') {
        return withInput({
          msg: 'Input should be a valid date in the format YYYY-MM-DD',
          type: 'date_parsing',
        });
      }
      return withInput({
        msg: `Input should match the ${issue.format} format`,
        type: 'string_pattern_mismatch',
        ctx: { pattern: issue.format },
      });
    }
    case 'custom': {
      const params = issue.params ?? {};
      const type = typeof params['type'] === 'string' ? params['type'] : 'value_error';
      const ctx = params['ctx'] as Record<string, unknown> | undefined;
      return withInput({ msg: issue.message, type, ...(ctx ? { ctx } : {}) });
    }
    default:
      return withInput({ msg: issue.message, type: 'value_error' });
  }
}

const CONTEXT_LOC: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
};

/** The loc prefix for a Fastify validation context (`querystring` → `query`, `params` → `path`). */
export function locPrefix(context: string | undefined): string {
  return CONTEXT_LOC[context ?? ''] ?? context ?? 'request';
}

export class RequestValidationError extends Error {
  readonly code = 'API_VALIDATION';
  readonly statusCode = 422;
  constructor(readonly details: ValidationDetail[]) {
    super(details.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; '));
  }
}

/** Validates `data` with zod, keeping each issue's input; the issues as 422 entries under `prefix`. */
export function validate<T extends z.ZodType>(
  schema: T,
  data: unknown,
  prefix: string,
): { value: z.output<T> } | { details: ValidationDetail[] } {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { value: result.data };
  return { details: result.error.issues.map((i) => detailOf(i as Issue, prefix)) };
}

/**
 * The Fastify validator: zod with each issue's input kept; the error handler turns the issues into
 * the 422 body with the right loc prefix.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = validate(schema, data, locPrefix(httpPart));
    return 'value' in result ? result : { error: new RequestValidationError(result.details) };
  };
