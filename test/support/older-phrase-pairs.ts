import { sql } from 'kysely';
import type { Database } from '../../infra/db/database.ts';

/**
 * Turns the phrase pairs of the search generation in `schema` into those an older release wrote:
 * the keys matching `without` (a regular expression) left out, the pairs column marked `mark`
 * (null: unmarked, as before the marks).
 */
export async function olderPhrasePairs(
  db: Database,
  schema: string,
  without: string,
  mark: string | null,
): Promise<void> {
  await sql`update ${sql.id(schema)}.decision_search_pairs
    set tsv_pairs = array(select k from unnest(tsv_pairs) k where k !~ ${without})`.execute(db);
  await sql`comment on column ${sql.id(schema)}.decision_search_pairs.tsv_pairs is ${sql.lit(mark)}`.execute(
    db,
  );
}
