import { describe, expect, it } from 'vitest';
import type { QueryNode } from '../../../contracts/search/query-ast.ts';
import { parseQuery } from '../../../contracts/search/query-parser.ts';
import type { SearchFilters } from '../search.port.ts';
import {
  type Analyse,
  type Dsl,
  type TextGroup,
  TEXT_GROUPS,
  analysisTexts,
  compileFilters,
  compileQueryDsl,
  escapeWildcard,
  groupsFor,
  positiveRefKeys,
} from './query-dsl-compiler.ts';

// A stand-in for the index analysers: lower-case, split on non-word characters, drop the group's
// stop words, then a tiny stem table.
const STOP: Record<TextGroup, readonly string[]> = {
  de: ['der', 'die', 'das', 'des'],
  fr: ['la', 'le', 'l', 'de'],
  it: ['la', 'di', 'il'],
  xx: [],
};
const STEMS: Record<TextGroup, Readonly<Record<string, string>>> = {
  de: { kündigungen: 'kundig', kündigung: 'kundig' },
  fr: { contrats: 'contrat' },
  it: { diritto: 'diritt' },
  xx: {},
};
const analyse: Analyse = (group, text) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && !STOP[group].includes(w))
    .map((w) => STEMS[group][w] ?? w);

// Expected shapes
const parts = (g: TextGroup, clause: (field: string, boost: number) => Dsl): Dsl => ({
  bool: { should: [clause(`t_${g}.title`, 5), clause(`t_${g}.regeste`, 2), clause(`t_${g}.body`, 1)] },
});
const term = (g: TextGroup, token: string) =>
  parts(g, (f, boost) => ({ term: { [f]: { value: token, boost } } }));
const prefix = (g: TextGroup, token: string) =>
  parts(g, (f, boost) => ({ prefix: { [f]: { value: token, boost } } }));
const phrase = (g: TextGroup, text: string) =>
  parts(g, (f, boost) => ({ match_phrase: { [f]: { query: text, slop: 0, boost } } }));
const own = (key: string): Dsl => ({ bool: { filter: [{ term: { ref_keys: key } }] } });
const not = (q: Dsl): Dsl => ({ bool: { filter: [{ match_all: {} }], must_not: [q] } });
const and = (...must: Dsl[]): Dsl => ({ bool: { must } });
const or = (...should: Dsl[]): Dsl => ({ bool: { should, minimum_should_match: 1 } });
const lang = (g: TextGroup): Dsl =>
  g === 'xx'
    ? { bool: { must_not: [{ terms: { language: ['de', 'fr', 'it'] } }] } }
    : { term: { language: g } };
const arm = (g: TextGroup, q: Dsl): Dsl => ({ bool: { filter: [lang(g)], must: [q] } });
const arms = (...a: Dsl[]): Dsl =>
  a.length === 1 ? a[0]! : { bool: { should: a, minimum_should_match: 1 } };
const NONE: Dsl = { match_none: {} };

function ast(query: string): QueryNode {
  const parsed = parseQuery(query);
  if (!parsed.ok || parsed.ast === null) throw new Error(`no query: ${query}`);
  return parsed.ast;
}

const DE: readonly TextGroup[] = ['de'];

describe('compileQueryDsl', () => {
  it.each<[string, string, readonly TextGroup[], Dsl]>([
    // rules 1–2: per-language analysis, terms as analysed tokens in any text part
    ['term, one group', 'Kündigungen', DE, arm('de', term('de', 'kundig'))],
    [
      'term, every group analyses it its own way',
      'Kündigungen',
      TEXT_GROUPS,
      arms(
        arm('de', term('de', 'kundig')),
        arm('fr', term('fr', 'kündigungen')),
        arm('it', term('it', 'kündigungen')),
        arm('xx', term('xx', 'kündigungen')),
      ),
    ],
    ['AND', 'Kündigung Vertrag', DE, arm('de', and(term('de', 'kundig'), term('de', 'vertrag')))],
    ['OR', 'Kündigung OR Vertrag', DE, arm('de', or(term('de', 'kundig'), term('de', 'vertrag')))],
    // rule 3: the prefix is analysed (stemmed) too
    ['prefix', 'diritto*', ['it'], arm('it', prefix('it', 'diritt'))],
    // rule 4: phrases keep their text (the engine analyses it with positions)
    ['phrase', '"Kündigung des Vertrags"', DE, arm('de', phrase('de', 'Kündigung des Vertrags'))],
    [
      'phrase with inner punctuation',
      '"l\'arrêt attaqué"',
      ['fr'],
      arm('fr', phrase('fr', "l'arrêt attaqué")),
    ],
    // rule 6: NOT
    ['NOT only', 'NOT Kündigung', DE, arm('de', not(term('de', 'kundig')))],
    [
      'AND with NOTs: must + must_not',
      'Kündigung -Vertrag -Miete',
      DE,
      arm('de', {
        bool: { must: [term('de', 'kundig')], must_not: [term('de', 'vertrag'), term('de', 'miete')] },
      }),
    ],
    [
      'only NOTs in an AND',
      'NOT Kündigung NOT Vertrag',
      DE,
      arm('de', {
        bool: { filter: [{ match_all: {} }], must_not: [term('de', 'kundig'), term('de', 'vertrag')] },
      }),
    ],
    [
      'NOT inside OR',
      'Vertrag OR NOT Miete',
      DE,
      arm('de', or(term('de', 'vertrag'), not(term('de', 'miete')))),
    ],
    // rule 7: stop words are removed per group, and operators left without operands with them
    ['stop word in AND', 'der Vertrag', DE, arm('de', term('de', 'vertrag'))],
    ['stop word in OR', 'der OR Vertrag', DE, arm('de', term('de', 'vertrag'))],
    ['negated stop word', 'Vertrag NOT die', DE, arm('de', term('de', 'vertrag'))],
    ['stop-word prefix', 'Vertrag die*', DE, arm('de', term('de', 'vertrag'))],
    ['stop-word phrase', 'Vertrag "der die"', DE, arm('de', term('de', 'vertrag'))],
    ['only stop words', 'der die das', DE, NONE],
    ['NOT of only stop words', 'NOT (der OR die)', DE, NONE],
    [
      'a stop word of one language is a word in another',
      'la Vertrag',
      TEXT_GROUPS,
      arms(
        arm('de', and(term('de', 'la'), term('de', 'vertrag'))),
        arm('fr', term('fr', 'vertrag')),
        arm('it', term('it', 'vertrag')),
        arm('xx', and(term('xx', 'la'), term('xx', 'vertrag'))),
      ),
    ],
    [
      'NOT stop word: removed in German, a negation elsewhere',
      'NOT der',
      TEXT_GROUPS,
      arms(
        arm('fr', not(term('fr', 'der'))),
        arm('it', not(term('it', 'der'))),
        arm('xx', not(term('xx', 'der'))),
      ),
    ],
    // rule 5: references
    [
      'docket: own key or its citation phrase',
      '4A_100/2020',
      DE,
      arm('de', or(own('4A_100/2020'), phrase('de', '4A_100/2020'))),
    ],
    [
      'BGE: the bare citation',
      'ATF 140 III 86',
      ['fr'],
      arm('fr', or(own('BGE 140 III 86'), phrase('fr', '140 III 86'))),
    ],
    [
      'BVGE: every language form',
      'BVGE 2013/10',
      DE,
      arm(
        'de',
        or(
          own('BVGE 2013/10'),
          phrase('de', 'BVGE 2013/10'),
          phrase('de', 'ATAF 2013/10'),
          phrase('de', 'DTAF 2013/10'),
        ),
      ),
    ],
    ['decision id: own key only', 'bger_4A_100_2020', DE, arm('de', own('bger_4A_100_2020'))],
    [
      'reference AND stop word',
      'der 4A_100/2020',
      DE,
      arm('de', or(own('4A_100/2020'), phrase('de', '4A_100/2020'))),
    ],
    [
      'NOT reference',
      'Kündigung NOT bger_4A_100_2020',
      DE,
      arm('de', { bool: { must: [term('de', 'kundig')], must_not: [own('bger_4A_100_2020')] } }),
    ],
  ])('%s: %s', (_what, query, groups, expected) => {
    expect(compileQueryDsl(ast(query), groups, analyse).query).toEqual(expected);
  });

  it('requires every token of a word that analyses to several tokens', () => {
    const split: Analyse = () => ['ab', 'cd'];
    expect(compileQueryDsl({ kind: 'term', text: 'x' }, DE, split).query).toEqual(
      arm('de', and(term('de', 'ab'), term('de', 'cd'))),
    );
    expect(compileQueryDsl({ kind: 'prefix', text: 'x' }, DE, split).query).toEqual(
      arm('de', and(prefix('de', 'ab'), prefix('de', 'cd'))),
    );
  });

  it('boosts only the non-negated references', () => {
    expect(compileQueryDsl(ast('4A_100/2020 OR BGE 140 III 86'), DE, analyse).ownRefKeys).toEqual([
      '4A_100/2020',
      'BGE 140 III 86',
    ]);
    expect(positiveRefKeys(ast('Kündigung NOT 4A_100/2020'))).toEqual([]);
    const ref: QueryNode = { kind: 'reference', refKind: 'docket', display: '4A_1/2020', key: '4A_1/2020' };
    expect(positiveRefKeys({ kind: 'not', child: { kind: 'not', child: ref } })).toEqual(['4A_1/2020']);
    expect(positiveRefKeys(ast('4A_100/2020 4A_100/2020 Miete'))).toEqual(['4A_100/2020']);
  });

  it('lists every text to analyse once', () => {
    expect(
      analysisTexts(ast('Miete "fristlose Kündigung" Arbeits* BVGE 2013/10 bger_4A_1_2020 Miete')),
    ).toEqual(['Miete', 'fristlose Kündigung', 'Arbeits', 'BVGE 2013/10', 'ATAF 2013/10', 'DTAF 2013/10']);
  });

  it('keeps user text inside JSON string values', () => {
    const hostile: QueryNode = {
      kind: 'or',
      children: [
        { kind: 'phrase', words: ['"}},{"match_all":{}}', '\\'] },
        { kind: 'term', text: 'a"b' },
      ],
    };
    const raw = (_g: TextGroup, t: string) => [t];
    const dsl = compileQueryDsl(hostile, DE, raw).query;
    expect(JSON.parse(JSON.stringify(dsl))).toEqual(
      arm('de', or(phrase('de', '"}},{"match_all":{}} \\'), term('de', 'a"b'))),
    );
  });
});

describe('compileFilters', () => {
  it.each<[string, SearchFilters, Dsl[]]>([
    ['none', {}, []],
    ['empty strings are no filter', { court: '', chamber: '', decisionType: '' }, []],
    [
      'exact keywords',
      { court: 'bger', canton: 'CH', language: 'de' },
      [{ term: { court: 'bger' } }, { term: { canton: 'CH' } }, { term: { language: 'de' } }],
    ],
    [
      'inclusive date range',
      { dateFrom: '2020-01-01', dateTo: '2020-12-31' },
      [{ range: { decision_date: { format: 'strict_date', gte: '2020-01-01', lte: '2020-12-31' } } }],
    ],
    [
      'open-ended date',
      { dateTo: '2020-12-31' },
      [{ range: { decision_date: { format: 'strict_date', lte: '2020-12-31' } } }],
    ],
    [
      'chamber: lower-cased substring',
      { chamber: 'ÖFFENTLICH-Rechtliche' },
      [{ wildcard: { chamber_lc: { value: '*öffentlich-rechtliche*' } } }],
    ],
    [
      'chamber: % and _ are literal, * ? \\ escaped',
      { chamber: '50%_*?\\' },
      [{ wildcard: { chamber_lc: { value: '*50%_\\*\\?\\\\*' } } }],
    ],
    [
      'decision type: lower-cased exact',
      { decisionType: 'ARRÊT' },
      [{ term: { decision_type_lc: 'arrêt' } }],
    ],
  ])('%s', (_what, filters, expected) => {
    expect(compileFilters(filters)).toEqual(expected);
  });

  it('escapes exactly the wildcard syntax', () => {
    expect(escapeWildcard('a*b?c\\d%e_f')).toBe('a\\*b\\?c\\\\d%e_f');
  });

  it('searches only the group of a language filter', () => {
    expect(groupsFor({})).toEqual(TEXT_GROUPS);
    expect(groupsFor({ language: 'fr' })).toEqual(['fr']);
    expect(groupsFor({ language: 'rm' })).toEqual(['xx']);
  });
});
