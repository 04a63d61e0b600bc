import { sql } from 'kysely';
import type { Database } from '../infra/db/database.ts';

/** One engine an instance needs to answer: its name and a probe that throws when it is down. */
export interface EngineCheck {
  readonly name: string;
  check(): Promise<void>;
}

export interface Readiness {
  readonly status: 'ready' | 'starting' | 'not_ready';
  /** Per engine: up, or down with the reason. */
  readonly engines: Record<string, { status: 'up' } | { status: 'down'; reason: string }>;
  /** The engines that are down. */
  readonly down: string[];
}

/** The read-model database answers a query. */
export const databaseCheck = (db: Database): EngineCheck => ({
  name: 'database',
  async check() {
    await sql`select 1`.execute(db);
  },
});

/** Rejects after `ms` unless `promise` settles first. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes every engine at once (each within `timeoutMs`); ready when the instance has started and
 * all are up.
 */
export async function readiness(
  started: boolean,
  checks: readonly EngineCheck[],
  timeoutMs: number,
): Promise<Readiness> {
  const results = await Promise.all(
    checks.map(async (c) => {
      try {
        await within(c.check(), timeoutMs);
        return [c.name, { status: 'up' as const }] as const;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return [c.name, { status: 'down' as const, reason }] as const;
      }
    }),
  );
  const down = results.filter(([, r]) => r.status === 'down').map(([name]) => name);
  return {
    status: !started ? 'starting' : down.length > 0 ? 'not_ready' : 'ready',
    engines: Object.fromEntries(results) as Readiness['engines'],
    down,
  };
}
