import { describe, expect, it } from 'vitest';
import { spellDate } from '../dates.ts';
import { find } from './grammar-test-support.ts';
import { dateAt, datePhraseAt, isoDate } from './stated-dates.ts';

describe('stated dates', () => {
  it.each([
    // de
    ['vom 3. Mai 2022', '2022-05-03'],
    ['vom 03. Mai 2022', '2022-05-03'],
    ['vom 3.Mai 2022', '2022-05-03'],
    ['vom 1. Januar 2020', '2020-01-01'],
    ['vom 1. März 2021', '2021-03-01'],
    ['vom 1. Maerz 2021', '2021-03-01'],
    ['vom 15. Jänner 2019', '2019-01-15'],
    ['vom 29. Februar 2020', '2020-02-29'],
    ['vom 31. Dezember 1999', '1999-12-31'],
    ['vom 3. Okt. 2020', '2020-10-03'],
    ['vom 3. Sept. 2020', '2020-09-03'],
    ['vom 03.05.2022', '2022-05-03'],
    ['vom 3.5.2022', '2022-05-03'],
    ['vom 3. 5. 2022', '2022-05-03'],
    ['v. 3. Mai 2022', '2022-05-03'],
    ['vom\u00a03.\u00a0Mai\u00a02022', '2022-05-03'],
    // fr
    ['du 19 janvier 2021', '2021-01-19'],
    ['du 1er mars 2021', '2021-03-01'],
    ['du 1re mars 2021', '2021-03-01'],
    ['du 1 mars 2021', '2021-03-01'],
    ['du 22 mai 2015', '2015-05-22'],
    ['du 11 août 2019', '2019-08-11'],
    ['du 11 aout 2019', '2019-08-11'],
    ['du 8 décembre 2020', '2020-12-08'],
    ['du 3 février 2021', '2021-02-03'],
    ['du 3 févr. 2021', '2021-02-03'],
    ['du 3 janv. 2021', '2021-01-03'],
    ['du 14 juillet 2021', '2021-07-14'],
    ['du 19.01.2021', '2021-01-19'],
    // it
    ['del 19 gennaio 2021', '2021-01-19'],
    ['del 1° marzo 2021', '2021-03-01'],
    ['del 1º marzo 2021', '2021-03-01'],
    ["dell'8 maggio 2020", '2020-05-08'],
    ['dell’8 maggio 2020', '2020-05-08'],
    ["dell'11 marzo 2020", '2020-03-11'],
    ['del 22 maggio 2015', '2015-05-22'],
    ['del 30 ottobre 2019', '2019-10-30'],
    ['del 3 dicembre 2019', '2019-12-03'],
    ['del 15 giugno 2021', '2021-06-15'],
    ['del 19.01.2021', '2021-01-19'],
  ])('%s → %s', (text, iso) => {
    expect(datePhraseAt(text, 0)?.iso).toBe(iso);
    expect(datePhraseAt(text, 0)?.end).toBe(text.length);
  });

  it.each([
    'vom 31. April 2021',
    'vom 29. Februar 2021',
    'vom 32. Mai 2021',
    'vom 3. Mayo 2021',
    'vom 3. Mai 21',
    'vom 3. Mai 20211',
    'vom 13.13.2021',
    'vom 3.5.22',
    'du 1er mai',
    'du mai 2021',
    'del 2° marzo 2021',
    "dell'8 mai 2020",
    'vom 3 mai 2021',
    'vom 3. mars 2021',
    'vom 3. Mai 1700',
    'du 3. Mai 2021',
    'vom Mai 2021',
    'vom',
  ])('%s is no date phrase', (text) => {
    expect(datePhraseAt(text, 0)).toBeNull();
  });

  it('reads the dates that citation strings spell, in every language and month', () => {
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 8, 11, 28]) {
        const iso = `2021-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        for (const lang of ['de', 'fr', 'it'] as const) {
          const spelled = spellDate(iso, lang);
          expect(dateAt(spelled, 0)?.iso, `${lang} ${spelled}`).toBe(iso);
        }
      }
    }
  });

  it('validates calendar dates', () => {
    expect(isoDate(2020, 2, 29)).toBe('2020-02-29');
    expect(isoDate(1900, 2, 29)).toBeNull();
    expect(isoDate(2000, 2, 29)).toBe('2000-02-29');
    expect(isoDate(2021, 4, 31)).toBeNull();
    expect(isoDate(2021, 0, 1)).toBeNull();
  });

  it('is attached to the citation it follows (statedDate), not to a later one', () => {
    const [a, b] = find('Urteil 4A_1/2020 vom 3. Mai 2021 und BGE 140 III 86');
    expect(a!.statedDate).toBe('2021-05-03');
    expect(b!.statedDate).toBeUndefined();
    expect(find('4A_1/2020. Am 3. Mai 2021 entschied')[0]!.statedDate).toBeUndefined();
  });
});
