import { describe, expect, it } from 'vitest';
import { statedDecisionDate, statedDocket } from './stated-metadata.ts';

describe('statedDecisionDate: the date the decision itself states', () => {
  it.each([
    [
      'de, header line',
      ['Bundesgericht', '5A_1/2025', 'Urteil vom 17. Juni 2025', 'Sachverhalt:', 'A. Text'],
      '5A_1/2025',
      '2025-06-17',
    ],
    [
      'de, reasoned version',
      ['Bezirksgericht', 'Urteil vom 12. Juni 2025 (begründete Fassung)', 'in Sachen'],
      null,
      '2025-06-12',
    ],
    ['fr', ['TRIBUNAL CANTONAL', 'Arrêt du 12 août 2026', 'Composition'], null, '2026-08-12'],
    [
      'fr, first of the month',
      ['Tribunal fédéral', 'Arrêt du 1er mars 2021', 'Ire Cour de droit civil'],
      null,
      '2021-03-01',
    ],
    [
      'it',
      ['Tribunale federale', 'Sentenza del 3 marzo 2024', 'II Corte di diritto civile'],
      null,
      '2024-03-03',
    ],
    ['it, elided', ["Sentenza dell'8 maggio 2020"], null, '2020-05-08'],
    [
      'BGE excerpt line (not the volume year)',
      [
        'Regeste',
        'Art. 8 BV.',
        'Auszug aus dem Urteil der II. zivilrechtlichen Abteilung i.S. A. gegen B. (Beschwerde in Zivilsachen) 5A_12/2024 vom 3. Mai 2024',
        'Aus den Erwägungen:',
      ],
      '5A_12/2024',
      '2024-05-03',
    ],
    [
      'the own docket with a date',
      ['Regeste …', 'OGE 60/2025/5 vom 28. Juli 2026', 'Aus den Erwägungen'],
      '60/2025/5',
      '2026-07-28',
    ],
    [
      'place and date in the header',
      ['Eidgenössischer Beauftragter', 'Bern, 30. Juni 2025', 'Empfehlung'],
      'x',
      '2025-06-30',
    ],
    ['place and date (fr)', ['Autorité', 'Lausanne, le 12 août 2026', 'Décision'], null, '2026-08-12'],
  ] as const)('%s', (_name, paragraphs, docket, expected) => {
    expect(statedDecisionDate(paragraphs, docket)).toBe(expected);
  });

  it.each([
    [
      "the lower court's date is not the decision's",
      [
        'Bundesgericht',
        'Gegenstand',
        'Beschwerde gegen den Beschluss des Obergerichts des Kantons Zürich vom 20. Mai 2025 (LF250028-O/U).',
        'Sachverhalt:',
      ],
    ],
    [
      'a date in the facts is not read',
      ['Bundesgericht', 'Sachverhalt:', 'Urteil vom 3. Mai 2020 des Bezirksgerichts'],
    ],
    ['no date at all', ['Obergericht', 'Urteil', 'Erwägungen:']],
  ] as const)('%s → null', (_name, paragraphs) => {
    expect(statedDecisionDate(paragraphs, '4A_1/2025')).toBeNull();
  });
});

describe('statedDocket: the number the decision states when the record names another', () => {
  it.each([
    [
      'the record docket is in the header: it stands',
      ['Bezirksgericht', 'Geschäfts-Nr.: DG240019-M / U'],
      'DG240019',
      null,
    ],
    [
      'a portal number the header does not know',
      ['Obergericht', 'Geschäfts-Nr.: SA 25 3', 'Urteil vom 3. Mai 2025'],
      'SA.2025.3',
      'SA 25 3',
    ],
    ['fr', ['Tribunal cantonal', 'Dossier : PE21.012345', 'Arrêt du 3 mai 2025'], 'X-1', 'PE21.012345'],
    [
      'it',
      ['Tribunale di appello', 'Incarto n. 12.2024.45', 'Sentenza del 3 maggio 2025'],
      'X-1',
      '12.2024.45',
    ],
    ['no labelled number', ['Obergericht', 'Urteil vom 3. Mai 2025'], 'SA.2025.3', null],
    ['a label without a number', ['Geschäfts-Nr.: siehe unten'], 'X-1', null],
  ] as const)('%s', (_name, paragraphs, record, expected) => {
    expect(statedDocket(paragraphs, record)).toBe(expected);
  });
});
