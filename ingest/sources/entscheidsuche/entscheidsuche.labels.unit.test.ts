import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COURTS } from '../../../contracts/courts/court-registry.ts';
import { CHAMBER_LABELS, COURT_LABELS } from './entscheidsuche.labels.ts';

const FACETS = join(import.meta.dirname, '../../../../shared/fixtures/entscheidsuche/facets.json');
const present = existsSync(FACETS);
if (!present) console.log(`skipped: the portal's court tree ${FACETS} is not here`);

interface Facets {
  [canton: string]: {
    gerichte: Record<
      string,
      { de: string; kammern: Record<string, { de?: string; fr?: string; it?: string }> }
    >;
  };
}

describe('entscheidsuche labels', () => {
  it('cover every court signature of the registry that has chambers in the portal tree', () => {
    for (const key of Object.keys(CHAMBER_LABELS)) {
      expect(
        COURTS.some((c) => c.signatures.some((s) => key.startsWith(`${s}_`))),
        key,
      ).toBe(true);
    }
  });

  it.skipIf(!present)('agree with the real court tree (shared fixture)', () => {
    const facets = JSON.parse(readFileSync(FACETS, 'utf8')) as Facets;
    const chambers = new Map<string, { de?: string; fr?: string; it?: string }>();
    const courts = new Map<string, string>();
    for (const canton of Object.values(facets)) {
      for (const [signature, court] of Object.entries(canton.gerichte)) {
        courts.set(signature, court.de.trim());
        for (const [k, v] of Object.entries(court.kammern)) chambers.set(k, v);
      }
    }
    for (const [signature, [de, fr, it]] of Object.entries(CHAMBER_LABELS)) {
      const real = chambers.get(signature);
      expect(real, signature).toBeDefined();
      expect([
        real!.de?.trim().replace(/\s+/g, ' '),
        (real!.fr ?? real!.de)?.trim().replace(/\s+/g, ' '),
        (real!.it ?? real!.de)?.trim().replace(/\s+/g, ' '),
      ]).toEqual([de, fr, it]);
    }
    for (const [signature, [de]] of Object.entries(COURT_LABELS))
      expect(courts.get(signature), signature).toBe(de);
  });
});
