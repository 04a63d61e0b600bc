import { describe, expect, it } from 'vitest';
import { B, D, findProjected, type Projection } from './grammar-test-support.ts';

/**
 * Cross products of the ways a citation is written, per language: introduction × docket ×
 * date × pinpoint, and prefix × part × pinpoint for BGE, each row with its exact expectation.
 */

type Lang = 'de' | 'fr' | 'it';

const INTROS: Readonly<Record<Lang, readonly string[]>> = {
  de: [
    'Urteil',
    'Urteil des Bundesgerichts',
    'BGer',
    'Entscheid',
    'Urteil des Schweizerischen Bundesgerichts',
  ],
  fr: ['arrêt', 'arrêt du Tribunal fédéral', 'TF', 'arrêt du TF', 'décision du Tribunal fédéral suisse'],
  it: ['sentenza', 'sentenza del Tribunale federale', 'TF', 'decisione del TF'],
};

/** Docket as written → key. */
const DOCKETS: readonly (readonly [string, string])[] = [
  ['4A_714/2014', '4A_714/2014'],
  ['6B 1234/2025', '6B_1234/2025'],
  ['2A.123/2005', '2A.123/2005'],
  ['12T_1/2020', '12T_1/2020'],
  ['9C_533/2024', '9C_533/2024'],
];

/** Date phrase → ISO. */
const DATES: Readonly<Record<Lang, readonly (readonly [string, string | null])[]>> = {
  de: [
    ['', null],
    ['vom 22. Mai 2015', '2015-05-22'],
    ['vom 1. März 2021', '2021-03-01'],
    ['vom 03.05.2022', '2022-05-03'],
  ],
  fr: [
    ['', null],
    ['du 22 mai 2015', '2015-05-22'],
    ['du 1er mars 2021', '2021-03-01'],
    ['du 11 août 2019', '2019-08-11'],
  ],
  it: [
    ['', null],
    ['del 22 maggio 2015', '2015-05-22'],
    ['del 1° marzo 2021', '2021-03-01'],
    ["dell'8 dicembre 2020", '2020-12-08'],
  ],
};

/** Pinpoint phrase → pinpoints. */
const PINS: Readonly<Record<Lang, readonly (readonly [string, readonly string[]])[]>> = {
  de: [
    ['', []],
    ['E. 2.3', ['2.3']],
    [', E. 1.2, 1.3 und 3', ['1.2', '1.3', '3']],
    ['E. 5aa', ['5aa']],
    ['Erw. 2b', ['2b']],
  ],
  fr: [
    ['', []],
    ['consid. 2.3', ['2.3']],
    [', consid. 2.1 et 2.3', ['2.1', '2.3']],
    ['c. 4', ['4']],
  ],
  it: [
    ['', []],
    ['consid. 2.3', ['2.3']],
    [', consid. 2 e 3', ['2', '3']],
    ['consid. 4.1 segg.', ['4.1']],
  ],
};

function join(...parts: string[]): string {
  return parts
    .filter((p) => p !== '')
    .join(' ')
    .replace(/ ,/g, ',');
}

const dockets: (readonly [string, Projection])[] = [];
for (const lang of ['de', 'fr', 'it'] as const) {
  INTROS[lang].forEach((intro, k) => {
    DOCKETS.forEach(([written, key], d) => {
      // one pinpoint form per intro and docket keeps the table at a few hundred rows
      const [pinPhrase, pins] = PINS[lang][(k + d) % PINS[lang].length]!;
      for (const [datePhrase, iso] of DATES[lang]) {
        const citation = join(intro, written, datePhrase, pinPhrase);
        dockets.push([`${lang}: ${citation}`, D(citation, key, 'bger', pins, iso)]);
      }
    });
  });
}

describe('generated long forms of federal dockets', () => {
  it('has hundreds of rows', () => {
    expect(dockets.length).toBeGreaterThan(250);
  });

  it.each(dockets)('%s', (label, expected) => {
    const text = `Siehe ${expected.text}. Danach`;
    expect(findProjected(text), label).toEqual([expected]);
  });
});

const PREFIXES: readonly (readonly [string, Lang])[] = [
  ['BGE', 'de'],
  ['ATF', 'fr'],
  ['DTF', 'it'],
];
const PARTS = ['I', 'Ia', 'Ib', 'II', 'III', 'IV', 'V'];
const BGE_PINS: Readonly<Record<Lang, readonly (readonly [string, readonly string[]])[]>> = {
  de: [
    ['', []],
    ['E. 2.3', ['2.3']],
    ['S. 89 E. 2', ['2']],
    ['E. 2 ff.', ['2']],
  ],
  fr: [
    ['', []],
    ['consid. 2.3', ['2.3']],
    ['p. 89 consid. 2', ['2']],
    ['consid. 2 ss', ['2']],
  ],
  it: [
    ['', []],
    ['consid. 2.3', ['2.3']],
    ['pag. 89 consid. 2', ['2']],
    ['consid. 2 segg.', ['2']],
  ],
};

const bges: (readonly [string, Projection, Projection])[] = [];
for (const [prefix, lang] of PREFIXES) {
  PARTS.forEach((part, k) => {
    for (const [pinPhrase, pins] of BGE_PINS[lang]) {
      const volume = 101 + ((k * 7) % 50);
      const key = `BGE ${volume} ${part} ${10 + k}`;
      const citation = join(`${prefix} ${volume} ${part} ${10 + k}`, pinPhrase);
      // the same reference again, bare, inside a list
      const bare = join(`${volume + 1} ${part} ${20 + k}`, pinPhrase);
      bges.push([citation, B(citation, key, pins), B(bare, `BGE ${volume + 1} ${part} ${20 + k}`, pins)]);
    }
  });
}

describe('generated BGE references and lists', () => {
  it.each(bges)('%s', (_label, expected, listed) => {
    expect(findProjected(expected.text)).toEqual([expected]);
    expect(findProjected(`${expected.text}; ${listed.text}`)).toEqual([expected, listed]);
  });
});
