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

/** Whether a statement is marked {@link PLAN_PER_EXECUTION}, so never kept prepared. */
export function isPlannedPerExecution(text: string): boolean {
  return text.startsWith(PLAN_PER_EXECUTION);
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
