/**
 * Canonical decision ids: court key, underscore, docket with separators replaced by underscores.
 * `bger` + `6B_1234/2025` → `bger_6B_1234_2025`; `mkg` + `MKGE 16 Nr. 1` → `mkg_MKGE_16_Nr_1`.
 * Dots and hyphens inside a docket (`1A.122/2005`, `A-1234/2025`, `RR.2025.198`) are kept.
 */
export function decisionIdFor(courtKey: string, docket: string): string {
  const body = docket
    .trim()
    .replace(/\.?[\s/\\,;:]+/g, '_')
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .replace(/_+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '');
  return `${courtKey.toLowerCase()}_${body}`;
}

/**
 * The docket as courts write it, with the whitespace variant of federal dockets normalised:
 * `6B 1234/2025` → `6B_1234/2025`. Other forms are trimmed and their inner whitespace collapsed.
 */
export function normaliseDocket(docket: string): string {
  const collapsed = docket.trim().replace(/\s+/g, ' ');
  const modern = /^(\d{1,2}[A-Z])[ _](\d{1,5}\/\d{4})$/i.exec(collapsed);
  if (modern?.[1] && modern[2]) return `${modern[1].toUpperCase()}_${modern[2]}`;
  return collapsed;
}
