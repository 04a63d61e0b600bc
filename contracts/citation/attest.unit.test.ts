import { describe, expect, it } from 'vitest';
import {
  assessDraft,
  scanDraft,
  type AttestDecision,
  type AttestFacts,
  type AttestOutcome,
  type AttestSources,
} from './attest.ts';
import { citationStrings } from './citation-strings.ts';
import { isNegated, lexicalVerdict, rankSentences } from './lexical-match.ts';
import { findQuotations, isVerbatimExcerpt, quotedVerbatim } from './quotations.ts';

const BGE: AttestDecision = {
  decision_id: 'bge_BGE_140_III_86',
  court: 'bge',
  docket_number: 'BGE 140 III 86',
  decision_date: '2014-05-22',
  erwaegungen: ['1', '2', '2.1', '2.2', '3'],
  pages: { start: 86, end: 95 },
};
const BGER: AttestDecision = {
  decision_id: 'bger_4A_714_2014',
  court: 'bger',
  docket_number: '4A_714/2014',
  decision_date: '2015-05-22',
  erwaegungen: null,
  pages: null,
};
const BGE_TEXT =
  'Aus den Erwägungen:\n\n2.1 Eine Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst. Dies ist namentlich der Fall, wenn sie ohne schützenswertes Interesse ausgesprochen wird.';

/** Facts as the route would fetch them: the BGE and the BGer decision exist, nothing else. */
function factsFor(draft: string, overrides: Partial<AttestFacts> = {}) {
  const scan = scanDraft(draft, { currentYear: 2026 });
  const outcomes = new Map<number, AttestOutcome>();
  scan.references.forEach((ref, i) => {
    if (!ref) return;
    const id = ref.keys.includes('bge 140 iii 86')
      ? BGE.decision_id
      : ref.keys.includes('4a_714/2014')
        ? BGER.decision_id
        : null;
    const closeMatches =
      id === null && ref.bge?.volume === 140 && ref.bge.page > 86 && ref.bge.page <= 95
        ? [{ decision: BGE, reason: 'page_range' as const }]
        : id === null && ref.keys.includes('4a_741/2014')
          ? [{ decision: BGER, reason: 'same_register_year' as const }]
          : [];
    outcomes.set(i, { decisionId: id, closeMatches });
  });
  const sources = new Map<string, AttestSources>([
    [
      BGE.decision_id,
      {
        fullText: BGE_TEXT,
        erwaegungen: [{ number: '2.1', label: '2.1', text: BGE_TEXT.split('2.1 ')[1]! }],
      },
    ],
  ]);
  const facts: AttestFacts = {
    outcomes,
    decisions: new Map([
      [BGE.decision_id, BGE],
      [BGER.decision_id, BGER],
    ]),
    sources,
    cite: (d, lang, pin) => citationStrings(d, '2026-01-01', pin)[`citation_string_${lang}`],
    canonicalUrl: (d, pin) =>
      `https://x.test/entscheid/${d.decision_id}${pin ? `#e-${pin.replace(/\./g, '-')}` : ''}`,
    today: '2026-01-01',
    ...overrides,
  };
  return { scan, facts };
}

function attest(draft: string, overrides: Partial<AttestFacts> = {}, auditGrounding = false) {
  const { scan, facts } = factsFor(draft, overrides);
  return assessDraft(draft, scan, facts, { auditGrounding });
}

describe('assessDraft', () => {
  it('passes correct citations, pinpoints, pages, dates, statutes and quotations', () => {
    const draft =
      'Die Kündigung ist anfechtbar (BGE 140 III 86 E. 2.1 S. 88; Urteil 4A_714/2014 vom 22. Mai 2015). ' +
      'Das Bundesgericht hielt fest: „Eine Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst.“ (BGE 140 III 86 E. 2.1). ' +
      'Massgebend ist Art. 271 Abs. 1 OR.';
    const r = attest(draft);
    expect(r.issues).toEqual([]);
    expect(r).toMatchObject({
      ok: true,
      citations_found: 3,
      citations_ok: 3,
      statute_references_found: 1,
      statute_references_ok: 1,
      issues_count: 0,
      language: 'de',
    });
    expect(r.annotated_text).toBe(
      draft
        .replace('S. 88;', 'S. 88 [✓];')
        .replace('Mai 2015)', 'Mai 2015 [✓])')
        .replace('E. 2.1).', 'E. 2.1 [✓]).')
        .replace('Abs. 1 OR.', 'Abs. 1 OR [✓].'),
    );
  });

  it('reports a missing pinpoint with the numbers that exist', () => {
    const r = attest('Siehe BGE 140 III 86 E. 2.3.');
    expect(r.ok).toBe(false);
    expect(r.issues).toEqual([
      expect.objectContaining({
        kind: 'pinpoint',
        severity: 'error',
        text: 'BGE 140 III 86 E. 2.3',
        position: { start: 6, end: 27 },
        problem: 'BGE 140 III 86 has no Erwägung 2.3; Erwägung 2 has 2.1, 2.2.',
      }),
    ]);
    expect(r.annotated_text).toBe('Siehe BGE 140 III 86 E. 2.3 [✗ 1].');
  });

  it('counts a parent pinpoint whose children exist; warns when the Erwägungen are unknown', () => {
    expect(attest('BGE 140 III 86 E. 2').issues).toEqual([]);
    const r = attest('Urteil 4A_714/2014 E. 3.1');
    expect(r.issues).toEqual([expect.objectContaining({ kind: 'pinpoint', severity: 'warning' })]);
    expect(r.ok).toBe(true);
    expect(r.citations_ok).toBe(0);
  });

  it('reports a page outside the BGE and a wrong date, with the correct citation', () => {
    const r = attest('BGE 140 III 86 S. 120. Urteil 4A_714/2014 vom 21. Mai 2015.');
    expect(r.issues.map((i) => [i.kind, i.severity])).toEqual([
      ['page', 'error'],
      ['date', 'error'],
    ]);
    expect(r.issues[0]!.problem).toBe('Page 120 is outside BGE 140 III 86, which runs from page 86 to 95.');
    expect(r.issues[1]!.suggestion).toBe('BGer 4A_714/2014 vom 22. Mai 2015');
  });

  it('points an inner-page citation at the BGE holding the page, and a typo at its close match', () => {
    const r = attest('Vgl. BGE 140 III 90 und Urteil 4A_741/2014.');
    expect(r.issues[0]).toMatchObject({
      kind: 'citation',
      problem: 'No decision starts at page 90: that page lies within BGE 140 III 86 (pages 86–95).',
      suggestion: 'BGE 140 III 86 S. 90',
    });
    expect(r.issues[1]).toMatchObject({
      kind: 'citation',
      suggestion: 'Did you mean BGer 4A_714/2014 vom 22. Mai 2015?',
    });
    expect(r.citations_found).toBe(2);
    expect(r.citations_ok).toBe(0);
  });

  it('reports an unknown decision; a low-confidence reference only as a warning', () => {
    const r = attest('Vgl. BGE 150 II 1. Die Akte I 12/99 fehlt.');
    expect(r.issues.map((i) => [i.text, i.severity])).toEqual([
      ['BGE 150 II 1', 'error'],
      ['I 12/99', 'warning'],
    ]);
  });

  it('checks quotations of 30+ characters against the decision they are attributed to', () => {
    const wrong =
      'Das Bundesgericht hielt fest: „Eine Kündigung ist immer anfechtbar, wenn sie gegen Treu und Glauben verstösst.“ (BGE 140 III 86 E. 2.1).';
    const r = attest(wrong);
    expect(r.issues).toEqual([
      expect.objectContaining({
        kind: 'quotation',
        severity: 'error',
        problem: 'The quotation does not appear verbatim in BGE 140 III 86 (E. 2.1).',
        suggestion:
          '«Eine Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst.»'.replace(
            '«',
            'The closest passage reads: «',
          ),
      }),
    ]);
    expect(r.citations_ok).toBe(1); // the citation itself is fine
    // omissions are allowed; short quotations are not checked
    expect(
      attest(
        '„Eine Kündigung ist anfechtbar, […] wenn sie ohne schützenswertes Interesse ausgesprochen wird.“ (BGE 140 III 86 E. 2.1)',
      ).issues,
    ).toEqual([]);
    expect(attest('Ein „kurzes Zitat“ (BGE 140 III 86).').issues).toEqual([]);
    // a quotation attributed to no citation is looked for in the cited decisions
    expect(
      attest(
        'BGE 140 III 86. Später: «Dies ist namentlich der Fall, wenn sie ohne schützenswertes Interesse ausgesprochen wird.»',
      ).issues,
    ).toEqual([]);
  });

  it('checks statute references: known acts, acts unknown to the tables, unmapped names, articles', () => {
    const r = attest('Art. 8 BV; Art. 3 OJF; Art. 5 XYZG; § 12 StG ZH; Art. 9999 OR.', {
      article: (sr, article) => (sr === '220' ? (article === '9999' ? 'missing' : 'exists') : 'unknown'),
    });
    expect(r.issues.map((i) => [i.text, i.kind, i.severity])).toEqual([
      ['Art. 3 OJF', 'statute', 'error'],
      ['Art. 5 XYZG', 'statute', 'warning'],
      ['§ 12 StG ZH', 'statute', 'warning'],
      ['Art. 9999 OR', 'statute', 'error'],
    ]);
    expect(r.issues[3]!.problem).toBe('Art. 9999 does not exist in OR (SR 220).');
    expect(r.citations_found).toBe(0);
    expect(r.statute_references_found).toBe(5);
    expect(r.statute_references_ok).toBe(1);
  });

  it('reports a reference in the form of the collection whose volume does not exist', () => {
    const r = attest('Siehe BGE 999 II 1 E. 2 und ATF 160 III 5; ferner BGE 140 III 86 E. 2.1.');
    expect(r.ok).toBe(false);
    expect(r.citations_found).toBe(3);
    expect(r.citations_ok).toBe(1);
    expect(r.issues.map((i) => [i.text, i.kind, i.severity])).toEqual([
      ['BGE 999 II 1', 'citation', 'error'],
      ['ATF 160 III 5', 'citation', 'error'],
    ]);
    expect(r.issues[0]!.problem).toBe(
      'BGE 999 II 1 does not exist: the official collection runs from volume 1 (1875) to volume 152 (2026).',
    );
    expect(r.annotated_text).toContain('BGE 999 II 1 [✗ 1]');
  });

  it('with audit_grounding lists every reference and what it was checked against', () => {
    const r = attest('BGE 140 III 86 E. 2.1 und Art. 8 BV.', {}, true);
    expect(r.citations).toEqual([
      {
        text: 'BGE 140 III 86 E. 2.1',
        kind: 'bge',
        position: { start: 0, end: 21 },
        ok: true,
        decision_id: 'bge_BGE_140_III_86',
        pinpoints: ['2.1'],
        citation_string_de: 'BGE 140 III 86, E. 2.1',
        canonical_url: 'https://x.test/entscheid/bge_BGE_140_III_86#e-2-1',
        grounding:
          'Eine Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst. Dies ist namentlich der Fall, wenn sie ohne schützenswertes Interesse ausgesprochen wird.',
      },
      expect.objectContaining({ text: 'Art. 8 BV', kind: 'statute', ok: true, decision_id: null }),
    ]);
  });

  it('reads French and Italian drafts', () => {
    expect(
      attest("Voir l'arrêt 4A_714/2014 du 22 mai 2015 consid. 2 et l'ATF 140 III 86 consid. 2.2."),
    ).toMatchObject({
      ok: true,
      language: 'fr',
      citations_found: 2,
    });
    expect(
      attest('Cfr. la sentenza 4A_714/2014 del 22 maggio 2015 e la DTF 140 III 86 consid. 9.').issues,
    ).toEqual([expect.objectContaining({ kind: 'pinpoint', text: 'DTF 140 III 86 consid. 9' })]);
  });
});

describe('quotations', () => {
  it.each([
    [
      '„Ein Satz, der lang genug ist, um geprüft zu werden.“',
      'Ein Satz, der lang genug ist, um geprüft zu werden.',
    ],
    [
      '« Une phrase assez longue pour être contrôlée ici. »',
      'Une phrase assez longue pour être contrôlée ici.',
    ],
    [
      '«Una frase abbastanza lunga da essere controllata.»',
      'Una frase abbastanza lunga da essere controllata.',
    ],
    [
      '"A straight-quoted sentence, long enough to count."',
      'A straight-quoted sentence, long enough to count.',
    ],
    ['“Curly English quotes around thirty characters.”', 'Curly English quotes around thirty characters.'],
  ])('%s', (text, inner) => {
    expect(findQuotations(`Er sagte ${text} Danach.`).map((q) => q.text)).toEqual([inner]);
  });

  it('skips short quotations and does not run across a paragraph', () => {
    expect(findQuotations('Der Begriff „Treu und Glauben“ ist zentral.')).toEqual([]);
    expect(findQuotations('„Ein Satz ohne Ende, der nicht geschlossen wird\n\nNeuer Absatz.“')).toEqual([]);
  });

  it('compares verbatim modulo whitespace, apostrophes, inner quotation marks and omissions', () => {
    const source =
      'L’autorité   a retenu que le "principe" s\'applique — sans exception — aux contrats conclus.';
    expect(
      quotedVerbatim(
        "L'autorité a retenu que le «principe» s’applique - sans exception - aux contrats conclus.",
        source,
      ),
    ).toBe(true);
    expect(quotedVerbatim("L'autorité a retenu que […] aux contrats conclus.", source)).toBe(true);
    expect(quotedVerbatim("L'autorité a retenu que le principe ne s'applique pas.", source)).toBe(false);
    expect(isVerbatimExcerpt('le "principe"   s\'applique', source)).toBe(true);
    expect(isVerbatimExcerpt("le principe s'applique", source)).toBe(false);
  });
});

describe('lexical comparison', () => {
  const text =
    'Die Beschwerde ist zulässig. Eine Kündigung ist anfechtbar, wenn sie gegen Treu und Glauben verstösst. Dies gilt jedoch nur, sofern der Mieter ein schützenswertes Interesse hat. Die Gerichtskosten trägt der Beschwerdeführer.';

  it('ranks the sentences by the share of the claim they hold', () => {
    const best = rankSentences('Eine Kündigung gegen Treu und Glauben ist anfechtbar.', text)[0]!;
    expect(best.text).toBe('Eine Kündigung ist anfechtbar, wenn sie gegen Treu und Glauben verstösst.');
    expect(text.slice(best.start, best.end)).toBe(best.text);
  });

  it.each([
    ['Eine Kündigung gegen Treu und Glauben ist anfechtbar.', 'partial'], // qualified by the next sentence
    ['Eine Kündigung gegen Treu und Glauben ist nicht anfechtbar.', 'contradicts'],
    ['Die Gerichtskosten trägt der Beschwerdeführer.', 'yes'],
    ['Kündigung wegen Eigenbedarf im Familienrecht.', 'no'],
    ['Das Steuerrecht des Bundes kennt keine Erbschaftssteuer.', 'unrelated'],
  ])('%s → %s', (claim, supports) => {
    const v = lexicalVerdict(claim, text);
    expect(v.supports).toBe(supports);
    expect(v.confidence).toBeLessThanOrEqual(0.7);
    if (v.supporting_excerpt) expect(text).toContain(v.supporting_excerpt);
    if (v.qualifying_excerpt) expect(text).toContain(v.qualifying_excerpt);
    expect(v.reasoning).toMatch(/^Lexical comparison/);
  });

  it('reads negation in de, fr and it', () => {
    expect(isNegated('Die Beschwerde ist nicht zulässig.')).toBe(true);
    expect(isNegated("Le recours n'est pas recevable.")).toBe(true);
    expect(isNegated('Le recours ne doit pas être admis.')).toBe(true);
    expect(isNegated('Le recours est recevable.')).toBe(false);
    expect(isNegated('Il ricorso non è ammissibile.')).toBe(true);
  });
});
