import type { NormalisedDecision } from './decision-events.ts';

/**
 * Sources that carry the archive record of a decision (the portal's metadata and the complete
 * text). The directory mirror and the live open-data tree both publish as `entscheidsuche`.
 */
export const ARCHIVE_SOURCES: ReadonlySet<string> = new Set(['entscheidsuche']);

/**
 * Sources that only fill the gap until an archive source has the decision: the Federal Supreme
 * Court's own newest-decisions pages.
 */
export const GAP_FILLING_SOURCES: ReadonlySet<string> = new Set(['bger']);

/**
 * Source precedence: may a record (or a withdrawal) from `incoming` replace the current record of
 * the same decision, which came from `current`? A gap-filling source never replaces an archive
 * source's record (withdrawn or not); everything else replaces what is there (newest wins).
 */
export function replacesCurrentRecord(current: string, incoming: string): boolean {
  return !(GAP_FILLING_SOURCES.has(incoming) && ARCHIVE_SOURCES.has(current));
}

/** The fields of a decision whose differences a new version lists, in this order. */
export const VERSIONED_FIELDS = [
  'full_text',
  'regeste',
  'title',
  'decision_date',
  'docket_number',
  'decision_type',
  'publication_date',
  'chamber',
  'language',
  'court',
  'canton',
  'source_url',
] as const satisfies readonly (keyof NormalisedDecision)[];
export type VersionedField = (typeof VERSIONED_FIELDS)[number];

/** The fields that differ between two records of one decision (none for a first record). */
export function changedFields(
  previous: { readonly [F in VersionedField]: string | null } | null,
  next: { readonly [F in VersionedField]: string | null },
): VersionedField[] {
  if (!previous) return [];
  return VERSIONED_FIELDS.filter((field) => (previous[field] ?? null) !== (next[field] ?? null));
}
