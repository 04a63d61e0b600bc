import { describe, expect, it } from 'vitest';
import { excerptAtSentence, ruleStatement } from './rule-statement.ts';

const long = (n: number, word = 'Wort') => Array.from({ length: n }, () => word).join(' ');

describe('rule statement', () => {
  it('prefers the pinpointed paragraph, then the regeste, then the first paragraph', () => {
    expect(
      ruleStatement({ pinpointText: 'Pinpoint.', regeste: 'Regeste.', fullText: 'Erster Absatz.' }),
    ).toBe('Pinpoint.');
    expect(ruleStatement({ regeste: '  Regeste.  ', fullText: 'Erster Absatz.' })).toBe('Regeste.');
    expect(ruleStatement({ regeste: null, fullText: '\n\nErster Absatz.\n\nZweiter.' })).toBe(
      'Erster Absatz.',
    );
    expect(ruleStatement({})).toBe('');
  });

  it('takes the first paragraph of the body, not the letterhead, when there is no Regeste', () => {
    const fullText = [
      'Bundesgericht',
      'Tribunal fédéral',
      '4A_1/2020',
      'Urteil vom 3. Mai 2021',
      'Sachverhalt:',
      'A. Die Vermieterin kündigte.',
      'Erwägungen:',
      '1. Die Beschwerde ist zulässig. Sie richtet sich gegen einen Endentscheid.',
      '2. Weiter.',
      'Demnach erkennt das Bundesgericht:',
      '1. Abgewiesen.',
    ].join('\n\n');
    expect(ruleStatement({ regeste: null, fullText })).toBe(
      'Die Beschwerde ist zulässig. Sie richtet sich gegen einen Endentscheid.',
    );
    expect(ruleStatement({ fullText: 'Bundesgericht\n\nSachverhalt:\n\nA. Nur Tatsachen.' })).toBe(
      'A. Nur Tatsachen.',
    );
  });

  it.each([
    // Cuts after the last real sentence end within 500 characters.
    [`${long(40)}. ${long(40)}. ${long(60)}.`, `${long(40)}. ${long(40)}.`],
    // "Art." / "Abs." / "E." / numbers with a dot are not sentence ends.
    [
      `Nach Art. 8 Abs. 2 BV und E. 3.1 gilt dies. ${long(120)}.`,
      'Nach Art. 8 Abs. 2 BV und E. 3.1 gilt dies.',
    ],
    [`Le recours est rejeté (consid. 2). ${long(150, 'Mot')}.`, 'Le recours est rejeté (consid. 2).'],
    // A date "vom 3. Mai" does not end the sentence.
    [`Urteil vom 3. Mai 2022 bestätigt. ${long(120)}.`, 'Urteil vom 3. Mai 2022 bestätigt.'],
    // Short text is returned whole, whitespace collapsed.
    ['Kurz.\n  Zweiter   Satz.', 'Kurz. Zweiter Satz.'],
  ])('excerptAtSentence %#', (input, expected) => {
    expect(excerptAtSentence(input)).toBe(expected);
  });

  it('keeps a single over-long first sentence whole up to 1000 characters, else cuts with an ellipsis', () => {
    const sentence = `${long(120)}.`;
    expect(excerptAtSentence(`${sentence} Weiter.`)).toBe(sentence);
    const huge = long(400);
    const cut = excerptAtSentence(huge);
    expect(cut.endsWith(' …')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(502);
    expect(huge.startsWith(cut.slice(0, -2))).toBe(true);
  });
});
