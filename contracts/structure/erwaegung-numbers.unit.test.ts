import { describe, expect, it } from 'vitest';
import {
  anchorOf,
  composeErwaegung,
  depthOf,
  normaliseErwaegungNumber,
  parentNumber,
  pinpointExists,
  writtenNumberAt,
  type ErwaegungText,
} from './erwaegung-numbers.ts';

describe('writtenNumberAt', () => {
  it.each([
    ['1. Die Beschwerde ist zulässig.', '1', 'modern', '1.'],
    ['1.1 Text (BGE style)', '1.1', 'modern', '1.1'],
    ['1.1. Text (BGer style)', '1.1', 'modern', '1.1.'],
    ['4.1.2.3 Tief', '4.1.2.3', 'modern', '4.1.2.3'],
    ['b) Partant, le grief est rejeté.', 'b', 'letter', 'b)'],
    ['aa) Le principe', 'aa', 'double-letter', 'aa)'],
  ] as const)('%s', (paragraph, value, kind, label) => {
    expect(writtenNumberAt(paragraph)).toMatchObject({ value, kind, label });
  });

  it.each([
    '3 Personen waren anwesend.', // a lone top-level number needs its dot
    '140 III 86 ist massgebend.',
    '12. Mai 2021 war der Stichtag.',
    '3 mars 2020, le recours a été déposé.',
    '1.05 Mio. Franken',
    'ab) nicht doppelt',
    'Text ohne Nummer.',
  ])('no number: %s', (paragraph) => {
    expect(writtenNumberAt(paragraph)).toBeNull();
  });
});

describe('normaliseErwaegungNumber', () => {
  it.each([
    ['2.3', '2.3'],
    ['2.3.', '2.3'],
    ['E. 2.3', '2.3'],
    ['Erw. 2b', '2b'],
    ['consid. 4.1.2', '4.1.2'],
    ['c. 4', '4'],
    ['5aa', '5a/aa'],
    ['5bb', '5b/bb'],
    ['5a/aa', '5a/aa'],
    ['5b/aa', '5b/aa'],
    ['5 a/aa', '5a/aa'],
    ['2B', '2b'],
    [' 7 ', '7'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseErwaegungNumber(input)).toBe(expected);
  });

  it.each(['', 'abc', 'E.', '0', '2.03', 'x1', '2..3'])('rejects %j', (input) => {
    expect(normaliseErwaegungNumber(input)).toBeNull();
  });
});

describe('tree', () => {
  it.each([
    ['2', null, 1],
    ['2.3', '2', 2],
    ['4.1.2', '4.1', 3],
    ['2b', '2', 2],
    ['2b/aa', '2b', 3],
    ['2.1a', '2.1', 3],
  ] as const)('%s: parent %s, depth %i', (n, parent, depth) => {
    expect(parentNumber(n)).toBe(parent);
    expect(depthOf(n)).toBe(depth);
  });

  it('builds URL anchors', () => {
    expect(anchorOf('2.3')).toBe('2-3');
    expect(anchorOf('5a/aa')).toBe('5a-aa');
  });
});

describe('composeErwaegung: a parent composes its children', () => {
  const rows: ErwaegungText[] = [
    { number: '1', label: '1.', text: 'Eins.' },
    { number: '4.1', label: '4.1', text: 'Vier eins.' },
    { number: '4.2', label: '4.2', text: 'Vier zwei.' },
    { number: '4.2.1', label: '4.2.1', text: 'Vier zwei eins.' },
    { number: '5', label: '5.', text: 'Fünf.' },
    { number: '5a', label: 'a)', text: 'Fünf a.' },
    { number: '5a/aa', label: 'aa)', text: 'Fünf a aa.' },
    { number: '5b', label: 'b)', text: 'Fünf b.' },
    { number: '41', label: '41.', text: 'Einundvierzig.' },
  ];

  it('returns a paragraph with its descendants, each led by its label', () => {
    expect(composeErwaegung(rows, '5')).toEqual({
      number: '5',
      own: true,
      parts: ['5', '5a', '5a/aa', '5b'],
      text: 'Fünf.\n\na) Fünf a.\n\naa) Fünf a aa.\n\nb) Fünf b.',
    });
    expect(composeErwaegung(rows, '4.2')?.text).toBe('Vier zwei.\n\n4.2.1 Vier zwei eins.');
  });

  it('composes the children of a number that has no paragraph of its own', () => {
    expect(composeErwaegung(rows, '4')).toEqual({
      number: '4',
      own: false,
      parts: ['4.1', '4.2', '4.2.1'],
      text: '4.1 Vier eins.\n\n4.2 Vier zwei.\n\n4.2.1 Vier zwei eins.',
    });
  });

  it('never matches a prefix: 4 is not 41, 1 is not 1x', () => {
    expect(composeErwaegung(rows, '4')?.parts).not.toContain('41');
    expect(composeErwaegung(rows, '3')).toBeNull();
    expect(composeErwaegung(rows, '4.3')).toBeNull();
    expect(
      pinpointExists(
        rows.map((r) => r.number),
        '4',
      ),
    ).toBe(true);
    expect(
      pinpointExists(
        rows.map((r) => r.number),
        '4.2.2',
      ),
    ).toBe(false);
    expect(
      pinpointExists(
        rows.map((r) => r.number),
        '5a',
      ),
    ).toBe(true);
    expect(
      pinpointExists(
        rows.map((r) => r.number),
        '5c',
      ),
    ).toBe(false);
  });
});
