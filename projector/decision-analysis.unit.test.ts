import { describe, expect, it } from 'vitest';
import { findCitations } from '../contracts/citation/grammar/find-citations.ts';
import { ruleStatement } from '../contracts/citation/rule-statement.ts';
import { statuteSearchKeys, statuteSearchKeysOf } from '../contracts/search/statute-keys.ts';
import { segmentDecision } from '../contracts/structure/segment-decision.ts';
import { makeDecision } from '../test/support/decisions.ts';
import { decisionCitationsOf, decisionRuleStatementOf, decisionStructureOf } from './decision-analysis.ts';

const cases: readonly {
  readonly language: 'de' | 'fr' | 'it' | 'rm';
  readonly court: string;
  readonly text: string;
}[] = [
  {
    language: 'de',
    court: 'bger',
    text: 'Sachverhalt:\n\nA.\nDie Beschwerdeführerin klagte.\n\nErwägungen:\n\n1.\nNach Art. 41 Abs. 1 OR und BGE 140 III 86 E. 2 haftet, wer widerrechtlich Schaden zufügt (Urteil 4A_12/2019 vom 3. Mai 2019).\n\n2.\nSomit ist die Beschwerde abzuweisen.\n\nDemnach erkennt das Bundesgericht:\n\n1.\nDie Beschwerde wird abgewiesen.',
  },
  {
    // a running head of the BGE collection on a line of its own, and a cantonal court named without its canton
    language: 'de',
    court: 'zh_obergericht',
    text: 'Erwägungen:\n\n1.\nWie das Urteil des Obergerichts LB190012-O festhält, gilt Art. 271 OR.\n\nBGE 145 II 32 S. 35\n\n2.\nDie Kündigung ist anfechtbar.',
  },
  {
    language: 'fr',
    court: 'bger',
    text: 'Faits:\n\nA.\nLe recourant a agi.\n\nConsidérant en droit:\n\n1.\nSelon l’art. 8 CC et l’ATF 141 III 569 consid. 2.3, il appartient au demandeur de prouver (arrêt 5A_1/2018).\n\n2.\nPartant, le recours doit être rejeté.\n\nPar ces motifs, le Tribunal fédéral prononce:\n\n1.\nLe recours est rejeté.',
  },
  {
    language: 'it',
    court: 'bger',
    text: 'Fatti:\n\nA.\nIl ricorrente ha agito.\n\nDiritto:\n\n1.\nGiusta l’art. 9 Cost. e la DTF 144 I 113 consid. 7.1 è arbitraria una decisione insostenibile.\n\n2.\nPertanto il ricorso va respinto.\n\nPer questi motivi, il Tribunale federale pronuncia:\n\n1.\nIl ricorso è respinto.',
  },
  {
    language: 'rm',
    court: 'gr_kg',
    text: 'Tenor da l’art. 29 al. 2 BV ha mintgin il dretg da vegnir tadlà.',
  },
];

describe('what several projections read from a decision, computed once per decision', () => {
  it.each(cases)(
    '$language: the structure and the citations are those of the segmenter and the grammar',
    (c) => {
      const d = makeDecision({
        court: c.court,
        docket_number: '4A_7/2020',
        language: c.language,
        full_text: c.text,
      });
      const language = c.language === 'rm' ? {} : { language: c.language };
      const options = { decisionText: true, canton: d.canton, ...language };
      expect(decisionStructureOf(d)).toEqual(
        segmentDecision({ fullText: d.full_text, language: d.language, regeste: d.regeste }),
      );
      expect(decisionCitationsOf(d)).toEqual(findCitations(d.full_text, options));
      expect(decisionCitationsOf(d).length).toBeGreaterThan(0);
      expect(statuteSearchKeysOf(decisionCitationsOf(d))).toEqual(statuteSearchKeys(d.full_text, options));
      // kept: the same objects for the same decision, computed anew for another decision object
      expect(decisionStructureOf(d)).toBe(decisionStructureOf(d));
      expect(decisionCitationsOf(d)).toBe(decisionCitationsOf(d));
      const copy = { ...d };
      expect(decisionStructureOf(copy)).not.toBe(decisionStructureOf(d));
      expect(decisionStructureOf(copy)).toEqual(decisionStructureOf(d));
      expect(decisionCitationsOf(copy)).not.toBe(decisionCitationsOf(d));
    },
  );

  it.each(cases)(
    '$language: the rule statement is the one of the Regeste and the text, with a Regeste and without',
    (c) => {
      for (const regeste of ['Art. 41 OR; Haftung.', 'Wer widerrechtlich Schaden zufügt, haftet.', null]) {
        const d = makeDecision({
          court: c.court,
          docket_number: '4A_7/2020',
          language: c.language,
          full_text: c.text,
          regeste,
        });
        const expected = ruleStatement({ regeste, fullText: d.full_text, language: d.language });
        expect(expected).not.toBe('');
        expect(decisionRuleStatementOf(d)).toBe(expected);
        expect(decisionRuleStatementOf({ ...d })).toBe(expected);
      }
    },
  );
});
