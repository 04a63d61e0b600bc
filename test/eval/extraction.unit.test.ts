import { describe, expect, it } from 'vitest';
import { evaluateExtraction, ratio, sumBy } from './extraction.ts';

const result = await evaluateExtraction();
if (!result) console.log('skipped: ../shared/fixtures/entscheidsuche (real decisions) is not here');

describe.skipIf(!result)('extraction on real published decisions (../shared/fixtures, hand annotations)', () => {
  const { items, documents } = result!;

  it('accepts every record the portal publishes with text', () => {
    expect(items.failed).toEqual([]);
    expect(items.accepted).toBe(items.seen);
    expect(documents.every((d) => d.error === null)).toBe(true);
  });

  it('reads court, canton, docket, date and language as the decisions state them', () => {
    const wrong = documents.flatMap((d) => d.metadata.filter((m) => m.actual !== m.expected).map((m) => `${d.file} ${m.field}`));
    expect(wrong).toEqual([]);
  });

  it('finds every section heading and no section that is not there', () => {
    const wrong = documents.flatMap((d) => d.sections.filter((s) => s.actual !== s.expected).map((s) => `${d.file} ${s.section}`));
    expect(wrong).toEqual([]);
    for (const d of documents) expect(d.erwaegungen.actual, d.file).toEqual(d.erwaegungen.expected);
  });

  it('case citations: precision ≥ 98 %, recall ≥ 95 %; statute references ≥ 95 % both', () => {
    const totals = sumBy(documents, (_d, c) => (c === 'statute' ? 'statute' : 'case'));
    const cases = totals.get('case')!;
    const statutes = totals.get('statute')!;
    expect(ratio(cases.tp, cases.tp + cases.fp)).toBeGreaterThanOrEqual(0.98);
    expect(ratio(cases.tp, cases.tp + cases.fn)).toBeGreaterThanOrEqual(0.95);
    expect(ratio(statutes.tp, statutes.tp + statutes.fp)).toBeGreaterThanOrEqual(0.95);
    expect(ratio(statutes.tp, statutes.tp + statutes.fn)).toBeGreaterThanOrEqual(0.95);
  });
});
