/**
 * Marks a statement to be planned again with every execution, on the embedded database and on a
 * PostgreSQL server, which otherwise keep queries prepared (its first words; PostgreSQL reads it
 * as a comment). For a statement whose best plan depends on its values in a way a generic plan
 * cannot know: a walk of the date index for a page of many full-text matches, say, which a generic
 * plan (costed for an unknown query, so for few matches) replaces by collecting and sorting every
 * match: 8.6 ms where the planned walk takes under 1 ms, for a phrase matching 1,161 of 3,000
 * decisions.
 */
export const PLAN_PER_EXECUTION = '/* planned per execution */';

/**
 * Marks a statement to be planned again with every execution on a PostgreSQL server, and kept
 * prepared with a generic plan that reads no table sequentially on the embedded database, where
 * planning costs more than such a plan loses: counting a phrase's matches from its phrase pairs
 * (a union of one index scan per language arm) was planned in 10–17 ms of the embedded database's
 * time and ran in under 1 ms. Left to its costs, a generic plan may read every row's pairs
 * sequentially (it costs the table's pages, not the pairs in TOAST behind them: 58 ms against
 * 2–6 ms for "rechtliches Gehör" on the 3,000-decision sample); the embedded database plans it
 * without sequential scans.
 */
export const PLAN_PER_EXECUTION_ON_SERVER = '/* planned per execution on a server */';

/**
 * Marks a statement to be kept prepared with a generic plan on a PostgreSQL server too
 * (`plan_cache_mode = force_generic_plan` while it is bound), as the embedded database keeps every
 * statement not marked otherwise. Left to choose, PostgreSQL kept planning several of the decision
 * search's statements again with every execution (a plan for the words at hand is costed below one
 * for unknown words) and got the same plan: a prefix's statement was planned in 1.4–3.7 ms at
 * 100,000 decisions. One client, alternating builds: keyword 6.0 → 5.5 ms, prefix 12.2 → 10.8 ms
 * per request. Only for statements whose plan does not depend on their values: a statement that
 * needs a plan for its values is marked {@link PLAN_PER_EXECUTION} or
 * {@link PLAN_PER_EXECUTION_ON_SERVER} instead.
 */
export const GENERIC_PLAN = '/* generic plan */';

/** Whether a statement is marked {@link GENERIC_PLAN}. */
export function keepsGenericPlan(text: string): boolean {
  return text.startsWith(GENERIC_PLAN);
}

/**
 * Whether a PostgreSQL server plans a statement with each execution, so never keeps it prepared:
 * marked {@link PLAN_PER_EXECUTION} or {@link PLAN_PER_EXECUTION_ON_SERVER}.
 */
export function isPlannedPerExecution(text: string): boolean {
  return text.startsWith(PLAN_PER_EXECUTION) || text.startsWith(PLAN_PER_EXECUTION_ON_SERVER);
}

/**
 * How the embedded database plans a statement: with each execution, for its values
 * ({@link PLAN_PER_EXECUTION}); kept, without sequential scans
 * ({@link PLAN_PER_EXECUTION_ON_SERVER}); or kept as any other.
 */
export function embeddedPlanning(text: string): 'per-execution' | 'kept-index-scans' | 'kept' {
  if (text.startsWith(PLAN_PER_EXECUTION)) return 'per-execution';
  if (text.startsWith(PLAN_PER_EXECUTION_ON_SERVER)) return 'kept-index-scans';
  return 'kept';
}

/**
 * The SQLSTATE of "cached plan must not change result type": a prepared statement outlived its
 * table's shape (a migration or a projection's storage replaced by another process).
 */
export const CACHED_PLAN_CHANGED = '0A000';

/**
 * Statements worth keeping prepared: queries and row changes (after a leading comment such as
 * {@link PLAN_PER_EXECUTION}), not DDL, transaction control or VACUUM.
 */
const PREPARABLE = /^\s*(?:\/\*[^*]*\*\/\s*)?(?:select|with|insert|update|delete|values)\b/i;

/** Whether a statement is a query or a row change, which a database may keep prepared. */
export function isPreparable(text: string): boolean {
  return PREPARABLE.test(text);
}
