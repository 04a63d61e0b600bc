import { describe, expect, it } from 'vitest';
import {
  directEli,
  editionOf,
  eliFromHref,
  parseGazetteCitation,
  parseRefType,
  refTypeFor,
} from './gazette-refs.ts';

describe('gazette references', () => {
  it.each([
    ['AS', 2021, 310, 'eli/oc/2021/310'],
    ['RO', 2022, 5, 'eli/oc/2022/5'],
    ['RU', 2023, 141, 'eli/oc/2023/141'],
    ['BBl', 2021, 1234, 'eli/fga/2021/1234'],
    ['FF', 2024, 77, 'eli/fga/2024/77'],
  ] as const)('%s %i %i is the ELI %s from 2021 on', (type, year, page, eli) => {
    expect(directEli(type, year, page)).toBe(eli);
  });

  it('needs the index before 2021', () => {
    expect(directEli('AS', 2020, 310)).toBeUndefined();
    expect(directEli('FF', 1999, 1)).toBeUndefined();
  });

  it('paginates the official compilation once and the Federal Gazette per language', () => {
    expect(editionOf('AS', 'de')).toBe('*');
    expect(editionOf('RO', 'fr')).toBe('*');
    expect(editionOf('BBl', 'de')).toBe('de');
    expect(editionOf('FF', 'fr')).toBe('fr');
    expect(editionOf('FF', 'it')).toBe('it');
    expect(refTypeFor('oc', 'it')).toBe('RU');
    expect(refTypeFor('fga', 'it')).toBe('FF');
    expect(refTypeFor('fga', 'de')).toBe('BBl');
  });

  it.each([
    ['AS 2007 5765', undefined, { ref_type: 'AS', year: 2007, page: 5765 }],
    ['AS  1998   79', undefined, { ref_type: 'AS', year: 1998, page: 79 }],
    ['2000 187 ', 'AS', { ref_type: 'AS', year: 2000, page: 187 }],
    ['BBl 2005 4001', undefined, { ref_type: 'BBl', year: 2005, page: 4001 }],
    ['FF 2005 3891', undefined, { ref_type: 'FF', year: 2005, page: 3891 }],
  ] as const)('reads the footnote text %j', (text, previous, expected) => {
    expect(parseGazetteCitation(text, previous)).toEqual(expected);
  });

  it('reads no citation from other texts', () => {
    expect(parseGazetteCitation('2000 187')).toBeUndefined();
    expect(parseGazetteCitation('SR 901.0')).toBeUndefined();
    expect(parseGazetteCitation('AS 1700 5')).toBeUndefined();
  });

  it('takes the ELI from a Fedlex link', () => {
    expect(eliFromHref('https://fedlex.data.admin.ch/eli/oc/1998/79_79_79')).toBe('eli/oc/1998/79_79_79');
    expect(eliFromHref('https://fedlex.data.admin.ch/eli/fga/2018/456/de')).toBe('eli/fga/2018/456');
    expect(eliFromHref('/eli/cc/2007/136')).toBe('eli/cc/2007/136');
    expect(eliFromHref('https://example.org/other')).toBeUndefined();
  });

  it('reads ref types in any case', () => {
    expect(parseRefType('bbl')).toBe('BBl');
    expect(parseRefType(' ff ')).toBe('FF');
    expect(parseRefType('XX')).toBeUndefined();
  });
});
