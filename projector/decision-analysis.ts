import { type CitationMatch, findCitations } from '../contracts/citation/grammar/find-citations.ts';
import { ruleStatement } from '../contracts/citation/rule-statement.ts';
import type { GrammarLanguage } from '../contracts/citation/grammar/text-scan.ts';
import type { NormalisedDecision } from '../contracts/events/index.ts';
import { type DecisionStructure, segmentDecision } from '../contracts/structure/segment-decision.ts';

/**
 * What several projections read from the same decision's text, computed once per decision: a
 * runner sharing its reads (the projector process, a rebuild) hands the same event objects to
 * every projection of the stream. The structure is read by decision-structure,
 * decision-identifiers and the citation graph, and by the rule statement that the citation graph
 * and the search projection write when the Regeste holds no holding; the citations of the text by
 * the citation graph and the search projection. Kept per decision object, weakly (gone with the
 * event), and never changed by those who read them.
 */
const structures = new WeakMap<NormalisedDecision, DecisionStructure>();
const citations = new WeakMap<NormalisedDecision, readonly CitationMatch[]>();

/** The grammar's language of a decision's language (none for Romansh, English and others). */
export const grammarLanguage = (language: string): GrammarLanguage | undefined =>
  language === 'de' || language === 'fr' || language === 'it' ? language : undefined;

/** The decision's structure (`segmentDecision` of its text, language and Regeste). */
export function decisionStructureOf(d: NormalisedDecision): DecisionStructure {
  let structure = structures.get(d);
  if (structure === undefined) {
    structure = segmentDecision({ fullText: d.full_text, language: d.language, regeste: d.regeste });
    structures.set(d, structure);
  }
  return structure;
}

/**
 * The citations of the decision's text as the grammar reads a decision (`decisionText`, its
 * canton, its language when the grammar has one).
 */
export function decisionCitationsOf(d: NormalisedDecision): readonly CitationMatch[] {
  let found = citations.get(d);
  if (found === undefined) {
    const language = grammarLanguage(d.language);
    found = findCitations(d.full_text, {
      decisionText: true,
      canton: d.canton,
      ...(language ? { language } : {}),
    });
    citations.set(d, found);
  }
  return found;
}

/**
 * The decision's rule statement (`ruleStatement` of its Regeste and text), from its kept structure
 * when the Regeste holds no holding.
 */
export function decisionRuleStatementOf(d: NormalisedDecision): string {
  return ruleStatement({
    regeste: d.regeste,
    fullText: d.full_text,
    language: d.language,
    structureOf: () => decisionStructureOf(d),
  });
}
