import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { find } from './grammar-test-support.ts';

/**
 * The Federal Supreme Court's real "Neuheiten" list page (shared fixtures, public domain): with
 * the tags stripped, every docket listed on the page is found, each exactly as listed, and
 * nothing else is taken for a case citation. The folder exists in CI; elsewhere the test says
 * that it was skipped and why.
 */
const FIXTURE = fileURLToPath(
  new URL('../../../../shared/fixtures/bger/neuheiten-2026-07-02.html', import.meta.url),
);
const present = existsSync(FIXTURE);

function stripTags(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[^<]*<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

describe('real fixture: bger Neuheiten 2026-07-02', () => {
  if (!present) {
    it.skip(`skipped: fixture folder not found (${FIXTURE}); it exists in CI`, () => {});
    return;
  }
  // The page is ISO-8859-1; dockets are ASCII either way.
  const html = readFileSync(FIXTURE, 'latin1');
  const text = stripTags(html);
  /** The dockets as the page lists them: the text of each decision link. */
  const linked = [...html.matchAll(/>\s*(\d{1,2}[A-Z]_\d{1,5}\/\d{4})\s*</g)].map((m) => m[1]!);
  /** Every docket written on the page (links and prose such as "(1C_733/2025, … und 1C_61/2026)"). */
  const written = [...text.matchAll(/(?<![\w/])\d{1,2}[A-Z]_\d{1,5}\/\d{4}(?![\w/])/g)].map((m) => m[0]);

  it('lists dockets (sanity check of the fixture itself)', () => {
    expect(linked.length).toBeGreaterThanOrEqual(40);
    expect(written.length).toBeGreaterThan(linked.length);
  });

  it('finds every docket written on the page, once per occurrence, as a Federal Supreme Court docket', () => {
    const found = find(text).filter((m) => m.kind !== 'statute');
    expect(found.map((m) => m.key).sort()).toEqual([...written].sort());
    for (const key of linked) expect(found.some((m) => m.key === key)).toBe(true);
    for (const m of found) {
      expect(m).toMatchObject({ kind: 'docket', court: 'bger', canton: 'CH' });
      expect(m.decisionId).toBe(`bger_${m.key.replace('/', '_')}`);
      expect(m.confidence).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('reads the long form of the prose reference with its date', () => {
    const first = find(text).find((m) => m.key === '1C_733/2025');
    expect(first).toMatchObject({
      text: 'Urteil des Schweizerischen Bundesgerichts vom 17. Juni 2026 (1C_733/2025',
      statedDate: '2026-06-17',
      confidence: 0.95,
    });
  });

  it('does not read the dates, times or numbers of the page as citations', () => {
    const noise = find(text).filter((m) => !m.text.endsWith(m.key));
    expect(noise).toEqual([]);
  });
});
