import type { CantonCode } from '../courts/cantons.ts';
import { caseKeptLawKey, normaliseLawKey } from './law-key.ts';

/**
 * Systematic-collection labels (spec api.md, "Law alias table", resolution rule 6). A label that
 * names exactly one canton is read as a canton code plus SR number: abbreviation `LS` with article
 * `211.1` is canton ZH, sr_number 211.1.
 *
 * Case. The spec lists `bGS` (AR) and `sGS` (SG) with a lower-case first letter, and separately
 * the labels `BGS` and `SGS`, which repeat across cantons and are not mapped. Rule 3 matches names
 * case-insensitively, under which `bGS` and `BGS` (`sGS` and `SGS`) would be one key, so the table
 * could not hold both. Resolution: these two labels are matched with their case kept (after
 * removing dots, spaces, hyphens, underscores and slashes): exactly `bGS` is AR and exactly `sGS`
 * is SG; exactly `BGS`/`SGS` is the repeating, unmapped label; any other casing (`bgs`, `Bgs`,
 * `SGs`, ...) is ambiguous and a miss that explains both readings. All other labels are matched
 * case-insensitively like any name (`ls`, `Ls` are ZH).
 */

export interface CollectionLabel {
  readonly label: string;
  readonly canton: CantonCode;
  /** Matched with the case kept (bGS, sGS); see the module comment. */
  readonly case_sensitive: boolean;
}

export const COLLECTION_LABELS: readonly CollectionLabel[] = [
  { label: 'LS', canton: 'ZH', case_sensitive: false },
  { label: 'BSG', canton: 'BE', case_sensitive: false },
  { label: 'SRL', canton: 'LU', case_sensitive: false },
  { label: 'SRSZ', canton: 'SZ', case_sensitive: false },
  { label: 'GDB', canton: 'OW', case_sensitive: false },
  { label: 'NG', canton: 'NW', case_sensitive: false },
  { label: 'BDLF', canton: 'FR', case_sensitive: false },
  { label: 'SHR', canton: 'SH', case_sensitive: false },
  { label: 'bGS', canton: 'AR', case_sensitive: true },
  { label: 'sGS', canton: 'SG', case_sensitive: true },
  { label: 'BR', canton: 'GR', case_sensitive: false },
  { label: 'SAR', canton: 'AG', case_sensitive: false },
  { label: 'RL', canton: 'TI', case_sensitive: false },
  { label: 'RSV', canton: 'VD', case_sensitive: false },
  { label: 'RSN', canton: 'NE', case_sensitive: false },
  { label: 'RSG', canton: 'GE', case_sensitive: false },
  { label: 'RSJU', canton: 'JU', case_sensitive: false },
];

/** Labels that repeat across cantons and are not mapped (rule 6). */
export const REPEATING_COLLECTION_LABELS = ['GS', 'BGS', 'SGS', 'RB'] as const;

export type CollectionLabelMatch =
  | { readonly status: 'label'; readonly label: CollectionLabel }
  | { readonly status: 'repeating'; readonly label: string }
  /** The name differs from a case-sensitive label only by case: `bgs` could be bGS (AR) or BGS. */
  | { readonly status: 'ambiguous_case'; readonly label: CollectionLabel; readonly repeating: string }
  | { readonly status: 'none' };

const CASE_INSENSITIVE = new Map<string, CollectionLabel>(
  COLLECTION_LABELS.filter((l) => !l.case_sensitive).map((l) => [normaliseLawKey(l.label), l]),
);
const CASE_SENSITIVE = new Map<string, CollectionLabel>(
  COLLECTION_LABELS.filter((l) => l.case_sensitive).map((l) => [caseKeptLawKey(l.label), l]),
);
const CASE_SENSITIVE_BY_UPPER = new Map<string, CollectionLabel>(
  COLLECTION_LABELS.filter((l) => l.case_sensitive).map((l) => [normaliseLawKey(l.label), l]),
);
const REPEATING = new Set<string>(REPEATING_COLLECTION_LABELS);

/** Classifies a name (as written) against the collection-label table. */
export function matchCollectionLabel(name: string): CollectionLabelMatch {
  const kept = caseKeptLawKey(name);
  const upper = normaliseLawKey(name);
  const exact = CASE_SENSITIVE.get(kept);
  if (exact) return { status: 'label', label: exact };
  if (REPEATING.has(kept)) return { status: 'repeating', label: kept };
  const sameLetters = CASE_SENSITIVE_BY_UPPER.get(upper);
  if (sameLetters) return { status: 'ambiguous_case', label: sameLetters, repeating: upper };
  if (REPEATING.has(upper)) return { status: 'repeating', label: upper };
  const label = CASE_INSENSITIVE.get(upper);
  if (label) return { status: 'label', label };
  return { status: 'none' };
}
