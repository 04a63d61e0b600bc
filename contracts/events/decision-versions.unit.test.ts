import { describe, expect, it } from 'vitest';
import { changedFields, replacesCurrentRecord, VERSIONED_FIELDS } from './decision-versions.ts';

describe('source precedence', () => {
  it.each([
    // current, incoming, replaces
    ['entscheidsuche', 'bger', false],
    ['entscheidsuche', 'entscheidsuche', true],
    ['bger', 'entscheidsuche', true],
    ['bger', 'bger', true],
    ['sample', 'bger', true],
    ['bger', 'sample', true],
    ['entscheidsuche', 'sample', true],
  ] as const)('a record from %s replaced by one from %s: %s', (current, incoming, replaces) => {
    expect(replacesCurrentRecord(current, incoming)).toBe(replaces);
  });
});

describe('changed fields of a new version', () => {
  const base = Object.fromEntries(VERSIONED_FIELDS.map((f) => [f, `${f} value`])) as Record<
    (typeof VERSIONED_FIELDS)[number],
    string | null
  >;

  it('a first version lists nothing', () => {
    expect(changedFields(null, base)).toEqual([]);
  });

  it.each([
    ['text (de)', { full_text: 'Erwägungen: 1. Die Beschwerde ist begründet.' }, ['full_text']],
    ['Regeste removed (fr)', { regeste: null }, ['regeste']],
    [
      'title and date (it)',
      { title: 'Sentenza del 2 marzo 2020', decision_date: '2020-03-02' },
      ['title', 'decision_date'],
    ],
    ['docket corrected', { docket_number: '4A_714/2014' }, ['docket_number']],
    ['nothing', {}, []],
  ] as const)('%s', (_label, change, expected) => {
    expect(changedFields(base, { ...base, ...change })).toEqual(expected);
  });

  it('null and a missing value are the same', () => {
    expect(changedFields({ ...base, regeste: null }, { ...base, regeste: null })).toEqual([]);
  });
});
