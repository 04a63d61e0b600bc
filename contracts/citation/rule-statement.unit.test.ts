import { describe, expect, it } from 'vitest';
import { segmentDecision } from '../structure/segment-decision.ts';
import { decisiveSentence, excerptAtSentence, regesteHolding, ruleStatement } from './rule-statement.ts';

const long = (n: number, word = 'Wort') => Array.from({ length: n }, () => word).join(' ');

describe('the holding of a Regeste: its rule sentences without the heading of provisions and topic', () => {
  it.each([
    [
      'de, one provision',
      'Art. 271 Abs. 1 OR; Anfechtbarkeit der Kündigung. Eine Kündigung ist anfechtbar, wenn sie gegen Treu und Glauben verstösst.',
      'Eine Kündigung ist anfechtbar, wenn sie gegen Treu und Glauben verstösst.',
    ],
    [
      'de, two headings',
      'Art. 8 ZGB; Beweislast. Art. 97 OR; Haftung des Schuldners. Wer einen Schaden geltend macht, hat ihn zu beweisen. Dies gilt auch im Vertragsrecht.',
      'Wer einen Schaden geltend macht, hat ihn zu beweisen. Dies gilt auch im Vertragsrecht.',
    ],
    [
      'de, topic items only',
      'Verfahrensrecht; Legitimation; Parteientschädigung. Die Beschwerdeführerin ist zur Beschwerde legitimiert.',
      'Die Beschwerdeführerin ist zur Beschwerde legitimiert.',
    ],
    [
      'fr',
      "Art. 271 al. 1 CO; annulabilité du congé. Le congé est annulable lorsqu'il contrevient aux règles de la bonne foi.",
      "Le congé est annulable lorsqu'il contrevient aux règles de la bonne foi.",
    ],
    [
      'it',
      'Art. 29 cpv. 2 Cost.; diritto di essere sentito. Il diritto di essere sentito impone all’autorità di motivare la decisione.',
      'Il diritto di essere sentito impone all’autorità di motivare la decisione.',
    ],
    [
      'cantonal §',
      '§ 5 StG; Steuerpflicht. Steuerpflichtig ist, wer im Kanton Wohnsitz hat.',
      'Steuerpflichtig ist, wer im Kanton Wohnsitz hat.',
    ],
    [
      'no heading',
      'Eine Kündigung ist anfechtbar. Das gilt immer.',
      'Eine Kündigung ist anfechtbar. Das gilt immer.',
    ],
    ['only a heading', 'Art. 41 OR; Haftung aus unerlaubter Handlung.', null],
  ])('%s', (_name, regeste, holding) => {
    expect(regesteHolding(regeste)).toBe(holding);
  });

  it('is the rule statement of a decision with a Regeste, verbatim', () => {
    expect(
      ruleStatement({
        regeste:
          'Art. 41 OR; Haftung. Wer einem andern widerrechtlich Schaden zufügt, wird ihm zum Ersatze verpflichtet.',
      }),
    ).toBe('Wer einem andern widerrechtlich Schaden zufügt, wird ihm zum Ersatze verpflichtet.');
  });
});

describe('the decisive sentence of a decision without a Regeste', () => {
  it.each([
    [
      'de',
      [
        'Die Beschwerde ist zulässig.',
        'Nach ständiger Rechtsprechung gilt dies. Zusammenfassend ergibt sich, dass die Kündigung missbräuchlich war. Im Übrigen bleibt es dabei.',
        'Demnach sind die Gerichtskosten der Beschwerdeführerin aufzuerlegen.',
      ],
      'Zusammenfassend ergibt sich, dass die Kündigung missbräuchlich war.',
    ],
    [
      'fr',
      [
        'Le recours est recevable.',
        "Il s'ensuit que la décision attaquée ne viole pas le droit fédéral sur ce point.",
        'Les frais sont mis à la charge du recourant.',
      ],
      "Il s'ensuit que la décision attaquée ne viole pas le droit fédéral sur ce point.",
    ],
    [
      'it',
      [
        'Il ricorso è ammissibile.',
        'Ne consegue che la decisione impugnata non viola il diritto federale su questo punto.',
      ],
      'Ne consegue che la decisione impugnata non viola il diritto federale su questo punto.',
    ],
    ['none', ['Die Beschwerde ist zulässig.', 'Sie ist begründet.'], null],
  ])('%s', (_name, erwaegungen, sentence) => {
    expect(decisiveSentence(erwaegungen)).toBe(sentence);
  });

  it('is the rule statement when the Regeste is missing or only a heading', () => {
    const erwaegungen = ['Die Beschwerde ist zulässig.', 'Somit ist die Beschwerde begründet.'];
    expect(ruleStatement({ regeste: null, erwaegungen })).toBe('Somit ist die Beschwerde begründet.');
    expect(ruleStatement({ regeste: 'Art. 41 OR; Haftung.', erwaegungen })).toBe(
      'Somit ist die Beschwerde begründet.',
    );
    expect(ruleStatement({ regeste: 'Art. 41 OR; Haftung.', erwaegungen: ['Nichts.'] })).toBe(
      'Art. 41 OR; Haftung.',
    );
  });
});

describe('rule statement', () => {
  it('reads the structure it is given, and asks for it only when the Regeste holds no holding', () => {
    const fullText =
      'Erwägungen:\n\n1.\nDie Beschwerde ist zulässig.\n\n2.\nSomit ist die Beschwerde begründet.';
    const structure = segmentDecision({ fullText, language: 'de', regeste: null });
    let asked = 0;
    const structureOf = () => {
      asked++;
      return structure;
    };
    expect(
      ruleStatement({ regeste: 'Wer widerrechtlich Schaden zufügt, haftet.', fullText, structureOf }),
    ).toBe('Wer widerrechtlich Schaden zufügt, haftet.');
    expect(asked).toBe(0);
    expect(ruleStatement({ regeste: null, fullText, structureOf })).toBe(
      'Somit ist die Beschwerde begründet.',
    );
    expect(asked).toBe(1);
    // the structure given is read, not the text
    expect(ruleStatement({ regeste: null, fullText: 'Anderes.', structureOf })).toBe(
      'Somit ist die Beschwerde begründet.',
    );
  });

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
