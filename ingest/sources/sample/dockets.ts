import type { DocketPattern } from './court-profiles.ts';
import type { Rng } from './prng.ts';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Fills a docket pattern such as `4A_{n}/{y}`, `LB{yy}{n4}`, `ACJC/{n}/{y}` for a docket year. */
export function fillDocket(pattern: string, docketYear: number, n: number): string {
  return pattern
    .replace('{yy}', pad(docketYear % 100, 2))
    .replace('{y}', String(docketYear))
    .replace('{n3}', pad(n, 3))
    .replace('{n4}', pad(n, 4))
    .replace('{n5}', pad(n, 5))
    .replace('{n}', String(n));
}

export function patternValid(p: { readonly from?: number; readonly until?: number }, year: number): boolean {
  return (p.from === undefined || year >= p.from) && (p.until === undefined || year <= p.until);
}

/**
 * A docket of one of the patterns valid in `year` that is not in `used` (the court's dockets so
 * far). The docket year is the decision year or, for a third of the cases, the year before (a case
 * filed in December is decided in January). Widens the number range when it runs out.
 */
export function drawDocket(
  patterns: readonly DocketPattern[],
  year: number,
  rng: Rng,
  used: ReadonlySet<string>,
): string | null {
  const valid = patterns.filter((p) => patternValid(p, year));
  if (valid.length === 0) return null;
  const pattern = rng.weighted(valid.map((p) => [p, p.weight] as const));
  const hasYear = pattern.pattern.includes('{y');
  let max = pattern.max ?? 999;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (attempt > 0 && attempt % 20 === 0) max *= 2;
    const docketYear = hasYear && year > (pattern.from ?? 1995) && rng.chance(0.3) ? year - 1 : year;
    const docket = fillDocket(pattern.pattern, docketYear, rng.int(1, max));
    if (!used.has(docket)) return docket;
  }
  return null;
}
