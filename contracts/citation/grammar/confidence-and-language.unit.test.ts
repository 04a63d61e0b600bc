import { describe, expect, it } from 'vitest';
import { find } from './grammar-test-support.ts';
import {
  CANTONAL_CONFIDENCE,
  CONFIDENCE,
  CONTRADICTION_CAP,
  STATUTE_CONFIDENCE,
  findCitations,
} from './find-citations.ts';

/** The first case citation of a text. */
function first(text: string, language?: 'de' | 'fr' | 'it') {
  const m = find(text, language ? { language } : {}).find((x) => x.kind !== 'statute');
  if (!m) throw new Error(`no case citation in ${text}`);
  return m;
}

describe('confidence rules', () => {
  it.each([
    // explicit prefix + full form: high
    ['BGE 140 III 86', 0.95],
    ['ATF 140 III 86 consid. 2', 0.95],
    ['BVGE 2013/10', 0.95],
    ['MKGE 14 Nr. 3', 0.95],
    // federal dockets with a court or decision word: high
    ['Urteil 4A_1/2020', 0.95],
    ['BGer 4A_1/2020', 0.95],
    ['arrêt 2A.123/2005', 0.95],
    ['TF 6B 1234/2025', 0.9],
    ['TAF A-1234/2020', 0.95],
    ['Entscheid des Bundesstrafgerichts SK.2019.42', 0.95],
    ['Beschluss des Bundesstrafgerichts XY.2019.42', 0.85],
    ['BPatGer O2018_001', 0.95],
    // bare dockets: lower, a stated date or a list raises them a little
    ['4A_1/2020', 0.9],
    ['4A_1/2020 vom 3. Mai 2021', 0.95],
    ['2A.123/2005', 0.85],
    ['2A.123/2005 du 3 mai 2005', 0.9],
    ['6B 1234/2025', 0.8],
    ['A-1234/2020', 0.8],
    ['SK.2019.42', 0.8],
    ['O2018_001', 0.85],
    // former insurance court: ambiguous on its own
    ['I 594/01', 0.4],
    ['I 594/01 vom 3. Mai 2002', 0.6],
    ['Urteil I 594/01', 0.85],
    ['EVG I 594/01', 0.85],
    ['TFA I 594/01', 0.85],
    // cantonal with a named court: medium
    ['Obergericht ZH LA210005', 0.7],
    ['Urteil des Bezirksgerichts Zürich GG210012', 0.6],
    ['Urteil des Obergerichts LB220012', 0.45],
    ['WEKO 22-0123', 0.7],
    // a named court that contradicts the docket's court
    ['Urteil des Bundesverwaltungsgerichts 4A_1/2020', CONTRADICTION_CAP],
    ['BGer A-1234/2020', CONTRADICTION_CAP],
  ])('%s → %s', (text, confidence) => {
    expect(first(text).confidence).toBe(confidence);
  });

  it('rates list members by the list: bare BGE 0.85, insurance-court dockets 0.75', () => {
    const [, bare] = find('BGE 139 III 1; 140 III 86');
    expect(bare!.confidence).toBe(0.85);
    const [, evg] = find('Urteile I 594/01 und U 12/05');
    expect(evg!.confidence).toBe(0.75);
    const [, docket] = find('BGE 139 III 1; 4A_1/2020');
    expect(docket!.confidence).toBe(0.95);
  });

  it('rates statutes by what names the act', () => {
    expect(find('Art. 8 BV')[0]!.confidence).toBe(STATUTE_CONFIDENCE.federalAct);
    expect(find('§ 12 StG ZH')[0]!.confidence).toBe(STATUTE_CONFIDENCE.cantonalAct);
    expect(find('§ 12 StG')[0]!.confidence).toBe(STATUTE_CONFIDENCE.otherAct);
    expect(find('Art. 12quater')[0]!.confidence).toBe(STATUTE_CONFIDENCE.noAct);
  });

  it('keeps every rule within 0..1 and ordered: named ≥ list/dated ≥ lone', () => {
    for (const [form, [lone, dated, list, named]] of Object.entries(CONFIDENCE)) {
      for (const v of [lone, dated, list, named]) expect(v, form).toBeGreaterThan(0);
      expect(named, form).toBeLessThanOrEqual(1);
      expect(Math.min(dated, list), form).toBeGreaterThanOrEqual(lone);
      expect(named, form).toBeGreaterThanOrEqual(Math.max(dated, list) - 0.1);
    }
    expect(CANTONAL_CONFIDENCE.registryCourt).toBeGreaterThan(CANTONAL_CONFIDENCE.noCanton);
  });
});

describe('language hint', () => {
  it.each([
    ['BGE 140 III 86', undefined, 'de'],
    ['ATF 140 III 86', undefined, 'fr'],
    ['DTF 140 III 86', undefined, 'it'],
    ['4A_1/2020', undefined, null],
    ['4A_1/2020', 'fr', 'fr'],
    ['4A_1/2020 vom 3. Mai 2021', 'fr', 'de'],
    ['TF 4A_1/2020', undefined, null],
    ['TF 4A_1/2020', 'it', 'it'],
    ['TF 4A_1/2020', 'de', null],
    ['TF 4A_1/2020 du 3 mai 2021', undefined, 'fr'],
    ['TF 4A_1/2020 del 3 maggio 2021', undefined, 'it'],
    ['TF 4A_1/2020 consid. 2', undefined, null],
    ['Urteil 4A_1/2020', undefined, 'de'],
    ['arrêt 4A_1/2020', undefined, 'fr'],
    ['sentenza 4A_1/2020', undefined, 'it'],
    ['4A_1/2020 E. 2', undefined, 'de'],
    ['A-1234/2020 consid. 2 p. 5', undefined, null],
    ['ATF 140 III 86 consid. 2 pag. 89', undefined, 'fr'],
    ['Obergericht ZH LA210005', undefined, 'de'],
    ['Tribunal supérieur ZH LA210005', undefined, 'fr'],
    ['Tribunale superiore ZH LA210005', undefined, 'it'],
  ] as const)('%s (option %s) → %s', (text, option, language) => {
    expect(first(text, option).language).toBe(language);
  });

  it('lets a bare list member inherit the language of the list', () => {
    const [, member] = find('ATF 139 III 1 consid. 2; 140 III 86 consid. 3');
    expect(member!.language).toBe('fr');
  });

  it('hints statutes by their words and abbreviation', () => {
    expect(find('Art. 8 Abs. 2 BV')[0]!.language).toBe('de');
    expect(find('art. 8 al. 2 Cst.')[0]!.language).toBe('fr');
    expect(find('art. 8 cpv. 2 Cost.')[0]!.language).toBe('it');
    expect(find('art. 8 CO')[0]!.language).toBeNull();
    expect(find('art. 8 CO', { language: 'it' })[0]!.language).toBe('it');
    expect(find('art. 8 CO', { language: 'de' })[0]!.language).toBeNull();
  });
});

describe('pinpoint details', () => {
  it('reports page pin-cites and following markers', () => {
    expect(first('BGE 140 III 86 S. 89')).toMatchObject({
      pagePinpoint: 89,
      pinpoints: [],
      pinpointsFollowing: false,
    });
    expect(first('ATF 140 III 86 consid. 2 ss')).toMatchObject({
      pinpoints: ['2'],
      pinpointsFollowing: true,
    });
    expect(first('DTF 140 III 86 consid. 2 segg.')).toMatchObject({
      pinpoints: ['2'],
      pinpointsFollowing: true,
    });
    expect(first('BGE 140 III 86 E. 2 f.')).toMatchObject({ pinpoints: ['2'], pinpointsFollowing: true });
    expect(first('BGE 140 III 86').pagePinpoint).toBeUndefined();
  });

  it('bounds BGE volumes by the current year', () => {
    expect(findCitations('BGE 153 I 1', { currentYear: 2027 })).toHaveLength(1);
    expect(findCitations('BGE 153 I 1', { currentYear: 2026 })).toHaveLength(0);
    expect(find('BGE 152 I 1')).toHaveLength(1);
    expect(find('BGE 153 I 1')).toHaveLength(0);
  });
});
