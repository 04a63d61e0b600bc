import { describe, expect, it } from 'vitest';
import { findLowerCourtReferences, type LowerCourtInput, type LowerCourtReference } from './appeal-chain.ts';

type Expected = Partial<LowerCourtReference>;

const header = (line: string): string =>
  ['Bundesgericht', 'Tribunal fédéral', '4A_123/2022', 'Urteil vom 3. Mai 2022', line].join('\n\n');

describe('findLowerCourtReferences: the header', () => {
  const rows: readonly [string, LowerCourtInput['language'], string, Expected][] = [
    [
      'de: Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich … (docket)',
      'de',
      'Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich, II. Zivilkammer, vom 3. März 2021 (LB210005).',
      { key: 'lb210005', docket: 'LB210005', court: 'zh_obergericht', canton: 'ZH', statedDate: '2021-03-03', confidence: 0.7, level: 1, origin: 'header' },
    ],
    [
      'de: gegen den Entscheid des Verwaltungsgerichts, chamber, date, docket',
      'de',
      'Beschwerde in öffentlich-rechtlichen Angelegenheiten gegen den Entscheid des Verwaltungsgerichts des Kantons Bern, Verwaltungsrechtliche Abteilung, vom 17. Dezember 2004 (100.2004.311).',
      { key: '100.2004.311', court: 'be_verwaltungsgericht', canton: 'BE', statedDate: '2004-12-17', confidence: 0.7 },
    ],
    [
      'de: St. Gallen does not end the sentence',
      'de',
      'Beschwerde in Strafsachen gegen den Entscheid des Kantonsgerichts St. Gallen, Strafkammer, vom 8. Oktober 2018 (ST.2018.37).',
      { key: 'st.2018.37', court: 'sg_kantonsgericht', canton: 'SG', statedDate: '2018-10-08' },
    ],
    [
      'de: a court outside the registry, canton named: docket and canton',
      'de',
      'Berufung gegen das Urteil des Kreisgerichts St. Gallen vom 24. Januar 1995 (CG950165).',
      { key: 'cg950165', court: null, canton: 'SG', statedDate: '1995-01-24', confidence: 0.6 },
    ],
    [
      'de: no docket: kept for display, cannot be resolved',
      'de',
      'Beschwerde gegen den Entscheid des Regierungsrates des Kantons Zürich vom 8. Juli 2025.',
      { key: null, docket: null, statedDate: '2025-07-08', confidence: 0.3, kind: 'lower' },
    ],
    [
      "fr: recours contre l'arrêt de la Cour de justice … (docket)",
      'fr',
      "Recours contre l'arrêt de la Chambre civile de la Cour de justice du canton de Genève du 15 janvier 2021 (ACJC/55/2021).",
      { key: 'acjc/55/2021', canton: 'GE', statedDate: '2021-01-15' },
    ],
    [
      'fr: Tribunal cantonal du Valais',
      'fr',
      'Recours en matière pénale contre l’arrêt du Tribunal cantonal du canton du Valais, Cour pénale, du 5 mars 1999 (P1 98 162).',
      { key: 'p1 98 162', court: 'vs_kantonsgericht', canton: 'VS', statedDate: '1999-03-05', confidence: 0.7 },
    ],
    [
      'fr: contre la décision, no docket',
      'fr',
      'Recours contre la décision de la Direction des travaux publics du canton de Berne du 28 septembre 2007.',
      { key: null, statedDate: '2007-09-28', confidence: 0.3 },
    ],
    [
      'it: ricorso contro la sentenza del Tribunale cantonale amministrativo … (docket)',
      'it',
      'Ricorso in materia di diritto pubblico contro la sentenza del Tribunale cantonale amministrativo del Cantone Ticino del 17 giugno 2019 (52.2019.566).',
      { key: '52.2019.566', court: 'ti_tribunale_amministrativo', canton: 'TI', statedDate: '2019-06-17', confidence: 0.7 },
    ],
    [
      'it: contro la decisione, elided date',
      'it',
      "Ricorso contro la decisione del Tribunale d'appello del Cantone Ticino dell'8 maggio 2020 (12.2019.88).",
      { key: '12.2019.88', canton: 'TI', statedDate: '2020-05-08' },
    ],
  ];
  it.each(rows)('%s', (_name, language, line, expected) => {
    const found = findLowerCourtReferences({ header: header(line), facts: null, ...(language ? { language } : {}) });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ level: 1, origin: 'header', ...expected });
  });

  it('a header without an appeal line names nothing', () => {
    expect(findLowerCourtReferences({ header: header('Gegenstand: Mietrecht'), facts: null, language: 'de' })).toEqual([]);
  });
});

describe('findLowerCourtReferences: the facts', () => {
  const rows: readonly [string, string, Expected][] = [
    [
      'de: Mit Urteil vom … (docket) wies das Obergericht … ab',
      'B. Mit Urteil vom 3. März 2021 (LB210005) wies das Obergericht des Kantons Zürich die Berufung ab.',
      { key: 'lb210005', court: 'zh_obergericht', canton: 'ZH', statedDate: '2021-03-03', confidence: 0.7 },
    ],
    [
      'de: Mit Entscheid vom …, no court named',
      'B. Mit Entscheid vom 12. Juli 2016 (VB.2016.00123) wies die Vorinstanz die Beschwerde ab.',
      { key: 'vb.2016.00123', court: null, canton: null, statedDate: '2016-07-12', confidence: 0.45 },
    ],
    [
      'fr: Par jugement du … (docket), le Tribunal …',
      "B. Par jugement du 4 février 2020 (JTPI/1234/2020), le Tribunal de première instance du canton de Genève a rejeté la demande.",
      { key: 'jtpi/1234/2020', canton: 'GE', statedDate: '2020-02-04' },
    ],
    [
      'it: Con sentenza del … (docket), il Pretore …',
      'B. Con sentenza del 1° novembre 2014 (OA.2014.73), la Pretura del Distretto di Lugano ha respinto la petizione.',
      { key: 'oa.2014.73', statedDate: '2014-11-01' },
    ],
  ];
  it.each(rows)('%s', (_name, facts, expected) => {
    const found = findLowerCourtReferences({ header: null, facts });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ level: 1, origin: 'facts', ...expected });
  });

  it('a decision of the facts named in the header too is not repeated', () => {
    const found = findLowerCourtReferences({
      header: header('Berufung gegen das Urteil des Kreisgerichts St. Gallen vom 24. Januar 1995 (CG950165).'),
      facts: 'B. Mit Urteil vom 24. Januar 1995 (CG950165) wies die erste Instanz die Klage ab.',
      language: 'de',
    });
    expect(found.map((f) => [f.origin, f.key])).toEqual([['header', 'cg950165']]);
  });

  it('an earlier instance in the facts is level 2 and takes the canton of the header court', () => {
    const found = findLowerCourtReferences({
      header: header(
        'Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich, II. Zivilkammer, vom 3. März 2021 (LB210005).',
      ),
      facts: 'A. Mit Urteil vom 5. Mai 2020 (FV190012) hiess das Bezirksgericht die Klage teilweise gut.',
      language: 'de',
    });
    expect(found).toHaveLength(2);
    expect(found[1]).toMatchObject({ origin: 'facts', level: 2, key: 'fv190012', canton: 'ZH', confidence: 0.6 });
  });

  it('the facts give the docket of the decision the header names without one', () => {
    const found = findLowerCourtReferences({
      header: header('Beschwerde gegen den Entscheid des Verwaltungsgerichts des Kantons Zürich vom 8. Juli 2025.'),
      facts: 'B. Mit Entscheid vom 8. Juli 2025 (VB.2025.00321) wies das Verwaltungsgericht die Beschwerde ab.',
      language: 'de',
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ origin: 'header', level: 1, key: 'vb.2025.00321', statedDate: '2025-07-08' });
  });

  it('a decision of the facts without a docket is dropped when the header names the instance', () => {
    const found = findLowerCourtReferences({
      header: header('Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich vom 3. März 2021 (LB210005).'),
      facts: 'B. Mit Urteil vom 3. März 2021 wies das Obergericht des Kantons Zürich die Berufung ab.',
      language: 'de',
    });
    expect(found).toHaveLength(1);
  });

  it('without a header, a decision of the facts without a docket is shown (unresolvable)', () => {
    const found = findLowerCourtReferences({
      header: null,
      facts: 'B. Par décision du 12 juillet 2016, l’autorité inférieure a rejeté la demande.',
      language: 'fr',
    });
    expect(found).toEqual([expect.objectContaining({ key: null, statedDate: '2016-07-12', confidence: 0.3, level: 1 })]);
  });
});
