import { sql } from 'kysely';
import type { Database } from '../../infra/db/database.ts';

/**
 * Where the read models stand: every projection checkpoint and the live generation of every
 * projection, as one string. Projections commit their rows and their checkpoint in one
 * transaction and checkpoints only move forward, so the read models are unchanged for as long as
 * this string is (a rebuild changes the live generation, hence the string).
 */
export async function readModelState(db: Database): Promise<string> {
  const result = await sql<{ state: string }>`select
      coalesce((select string_agg(projection || ':' || stream || ':' || partition || '=' || position, ','
                  order by projection, stream, partition) from projection_checkpoints), '')
      || '|' ||
      coalesce((select string_agg(projection || ':' || generation, ',' order by projection)
                  from projection_generations where status = 'live'), '') as state`.execute(db);
  return result.rows[0]?.state ?? '';
}
