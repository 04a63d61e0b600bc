import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COURTS, courtByKey, courtBySignature, CURATED_COURTS, unknownCourt } from './court-registry.ts';
import { courtLevel, portalCourtKey } from './portal-keys.ts';

const FACETS = join(import.meta.dirname, '../../../shared/fixtures/entscheidsuche/facets.json');
const present = existsSync(FACETS);
if (!present) console.log(`skipped: the portal's court tree ${FACETS} is not here`);

interface Labels {
  de?: string;
  fr?: string;
  it?: string;
}
type Facets = Record<
  string,
  Labels & { gerichte: Record<string, Labels & { kammern?: Record<string, Labels> }> }
>;

describe('court registry', () => {
  it('keeps every curated court and its key (decision ids depend on them)', () => {
    for (const c of CURATED_COURTS)
      expect(courtByKey(c.key), c.key).toMatchObject({ key: c.key, signature: c.signature, known: true });
  });

  it('has unique keys, well-formed and with names in three languages', () => {
    const keys = COURTS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of COURTS) {
      expect(c.key, c.key).toMatch(/^[a-z][a-z0-9_]{1,63}$/);
      expect(
        [c.name.de, c.name.fr, c.name.it].every((n) => n.length > 0),
        c.key,
      ).toBe(true);
    }
  });

  it.skipIf(!present)(
    'maps every court and chamber code of the portal tree, with canton, level and names',
    () => {
      const facets = JSON.parse(readFileSync(FACETS, 'utf8')) as Facets;
      let courts = 0;
      let chambers = 0;
      for (const [canton, branch] of Object.entries(facets)) {
        for (const [code, court] of Object.entries(branch.gerichte)) {
          courts++;
          const c = courtBySignature(code);
          expect(c, code).toBeDefined();
          expect(c!.canton, code).toBe(canton);
          expect(c!.known).toBe(true);
          expect(['federal', 'cantonal', 'first_instance', 'authority', 'collection']).toContain(c!.level);
          for (const chamber of Object.keys(court.kammern ?? {})) {
            chambers++;
            expect(courtBySignature(chamber)?.key, chamber).toBe(c!.key);
          }
        }
      }
      expect(courts).toBeGreaterThanOrEqual(130);
      expect(chambers).toBeGreaterThanOrEqual(300);
    },
  );

  it.each([
    ['NW_OG_001', 'nw_gerichte', 'NW'],
    ['SH_OG_001', 'sh_obergericht', 'SH'],
    ['SZ_KG_999', 'sz_kantonsgericht', 'SZ'],
    ['GE_CJ_014', 'ge_gerichte', 'GE'],
    ['TI_TRAC_003', 'ti_gerichte', 'TI'],
    ['AR_KG_005', 'ar_kantonsgericht', 'AR'],
    ['SG_OG_001', 'so_obergericht', 'SO'],
    ['CH_BGer_005', 'bger', 'CH'],
  ])('%s → %s (%s)', (signature, key, canton) => {
    expect(courtBySignature(signature)).toMatchObject({ key, canton });
  });

  it.each([
    ['CH_EDÖB_006', 'ch_edoeb', 'CH'],
    ['ZH_NEU_001', 'zh_neu', 'ZH'],
    ['XX_ABC_001', 'ch_xx_abc', 'CH'],
    ['GE', 'ge_ge', 'GE'],
  ])('a code the tree does not know: %s is kept as %s (%s), marked unknown', (signature, key, canton) => {
    expect(courtBySignature(signature)).toBeUndefined();
    expect(unknownCourt(signature)).toMatchObject({
      key,
      canton,
      known: false,
      level: 'unknown',
      family: 'unknown',
    });
  });

  it.each([
    [['Bundesgericht', 'Tribunal fédéral', 'Tribunale federale'], 'CH', 'federal'],
    [['Obergericht', 'Obergericht', 'Obergericht'], 'ZH', 'cantonal'],
    [['Bezirksgericht', 'Tribunal du district', 'Bezirksgericht'], 'VS', 'first_instance'],
    [
      ['Tribunal de première instance', 'Tribunal de première instance', 'Tribunal de première instance'],
      'JU',
      'first_instance',
    ],
    [['Regierungsrat', 'Regierungsrat', 'Regierungsrat'], 'AR', 'authority'],
    [
      ['Steuerrekurskommission', 'Commission des recours en matière fiscale', 'Steuerrekurskommission'],
      'BE',
      'authority',
    ],
    [['unbekanntes Gericht', 'tribunal inconnu', 'corte sconosciuta'], 'ZH', 'collection'],
    [['Rechenschaftsbericht über die Rechtspflege', 'x', 'x'], 'UR', 'collection'],
  ] as const)('level of %j in %s: %s', (names, canton, level) => {
    expect(courtLevel(canton, names)).toBe(level);
  });

  it.each([
    ['SH', 'SH_OG', 'Obergericht', 'sh_obergericht'],
    ['AG', 'AG_LWRK', 'Landwirtschaftliche Rekurskommission', 'ag_lwrk'],
    ['NE', 'NE_ASL', 'Autorité de surveillance LP', 'ne_autorite_de_surveillance_lp'],
    ['ZH', 'ZH_SVG', 'Sozialversicherungsgericht', 'zh_sozialversicherungsgericht'],
  ])('key of %s %s "%s": %s', (canton, code, name, key) => {
    expect(portalCourtKey(canton, code, name)).toBe(key);
  });
});
