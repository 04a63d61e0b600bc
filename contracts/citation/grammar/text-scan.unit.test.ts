import { describe, expect, it } from 'vitest';
import { fold, isLetterAt, isWordAt } from './text-scan.ts';

/** The fold as a whole word: lower case, canonical decomposition, marks dropped, apostrophes plain. */
const foldedWhole = (word: string): string =>
  word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2019\u02bc]/g, "'");

describe('fold: character by character, as the whole word folds', () => {
  it.each([
    ['ASCII', 'Bundesgericht', 'bundesgericht'],
    ['German umlauts and ß', 'Übergangsbestimmungen', 'ubergangsbestimmungen'],
    ['ß stays', 'Gerichtsstraße', 'gerichtsstraße'],
    ['French accents', 'Prud’hommes', "prud'hommes"],
    ['Italian accents', 'Città', 'citta'],
    ['modifier apostrophe', 'dʼappel', "d'appel"],
    ['a combining mark already decomposed', 'Gu\u0308ltigkeit', 'gultigkeit'],
    ['marks in another order', 'a\u0323\u0302', 'a'],
    ['a ligature (no canonical decomposition)', 'Œuvre', 'œuvre'],
    ['Greek final sigma, lower-cased as a word', 'ΟΔΟΣ', 'οδος'],
    ['Hangul syllables', '법원', foldedWhole('법원')],
    ['an astral letter (a surrogate pair)', '𝐀bc', foldedWhole('𝐀bc')],
    ['a lone surrogate', 'a\ud800b', foldedWhole('a\ud800b')],
    ['Romansh', 'Dretgira', 'dretgira'],
  ])('%s: %s → %s', (_, word, folded) => {
    expect(fold(word)).toBe(folded);
    expect(fold(word)).toBe(foldedWhole(word));
  });

  it('folds every character of the Latin, Greek and Cyrillic blocks as the whole word does', () => {
    for (let c = 0x80; c < 0x530; c++) {
      const word = `a${String.fromCharCode(c)}b`;
      expect(fold(word), `U+${c.toString(16)}`).toBe(foldedWhole(word));
    }
  });
});

describe('isLetterAt and isWordAt: each code unit by its Unicode class', () => {
  it.each([
    ['an ASCII letter', 'a', true, true],
    ['a digit', '7', false, true],
    ['an umlaut', 'ü', true, true],
    ['a combining mark', '\u0308', false, true],
    ['a superscript digit', '²', false, true],
    ['a no-break space', '\u00a0', false, false],
    ['a section sign', '§', false, false],
    ['a typographic apostrophe', '’', false, false],
    ['a lone high surrogate', '\ud835', false, false],
  ])('%s (%s): letter %s, word %s', (_, ch, letter, word) => {
    // asked twice: the second answer comes from the kept class
    for (let round = 0; round < 2; round++) {
      expect(isLetterAt(`x${ch}`, 1)).toBe(letter);
      expect(isWordAt(`x${ch}`, 1)).toBe(word);
    }
  });

  it('is false outside the text', () => {
    expect(isLetterAt('ü', -1)).toBe(false);
    expect(isWordAt('ü', 1)).toBe(false);
    expect(isLetterAt('', 0)).toBe(false);
  });
});
