import { z } from 'zod';

/** Raised at start-up for a bad environment variable; the message names the variable. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
}

export const port = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number().int().min(0).max(65535),
);
export const positiveInt = (fallback: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.number().int().positive(),
    )
    .default(fallback);
export const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');
export const basePath = z
  .string()
  .default('')
  .transform((s) => s.trim().replace(/\/+$/, ''))
  .refine((s) => s === '' || /^\/[A-Za-z0-9._~\-/]*$/.test(s), 'must be empty or a path starting with /');
/**
 * Which proxies Fastify believes about the client address (`X-Forwarded-For`): `false` (default,
 * the socket's peer is the client), `true` (any proxy), or a comma-separated list of the proxies'
 * addresses and CIDR ranges.
 */
export const trustProxy = z
  .string()
  .default('false')
  .transform((s): boolean | string => {
    const v = s.trim();
    if (v === 'true') return true;
    if (v === 'false') return false;
    return v;
  })
  .refine(
    (v) => typeof v !== 'string' || v.split(',').every((a) => /^[0-9A-Fa-f.:]+(?:\/\d{1,3})?$/.test(a.trim())),
    'must be true, false or a comma-separated list of addresses / CIDR ranges',
  );
export const mode = z.enum(['embedded', 'postgres', 'distributed']).default('embedded');

/**
 * Parses the environment once with the deployable's schema into a frozen object. Throws a
 * ConfigError naming each bad variable.
 */
export function parseEnv<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): Readonly<z.infer<S>> {
  const empty = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(empty);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration: ${lines.join('; ')}`);
  }
  return Object.freeze(result.data);
}
