import { describe, expect, it } from 'vitest';
import { practiceChangeMarkers, practiceChangeOfReference } from './practice-change.ts';

/** text, reference as written, expected marker (null: no change of practice) */
const CASES: readonly [string, string, string, string | null][] = [
  // de
  [
    'de',
    'An der in BGE 130 III 182 E. 5 begründeten Rechtsprechung ist nicht festzuhalten (Praxisänderung).',
    'BGE 130 III 182 E. 5',
    'Rechtsprechung ist nicht festzuhalten',
  ],
  [
    'de',
    'Praxisänderung: Die in BGE 130 III 182 vertretene Auffassung wird aufgegeben.',
    'BGE 130 III 182',
    'Praxisänderung',
  ],
  [
    'de',
    'Die mit BGE 120 II 1 eingeleitete Rechtsprechung wird daher aufgegeben.',
    'BGE 120 II 1',
    'Rechtsprechung wird daher aufgegeben',
  ],
  [
    'de',
    'Dies rechtfertigt eine Änderung der Rechtsprechung (BGE 120 II 1 E. 3).',
    'BGE 120 II 1 E. 3',
    'Änderung der Rechtsprechung',
  ],
  [
    'de',
    'Es besteht kein Anlass zu einer Praxisänderung (BGE 130 III 182 E. 5).',
    'BGE 130 III 182 E. 5',
    null,
  ],
  ['de', 'Dies entspricht der bisherigen Praxis (BGE 130 III 182 E. 5).', 'BGE 130 III 182 E. 5', null],
  ['de', 'Die Rechtsprechung wird präzisiert (BGE 130 III 182).', 'BGE 130 III 182', null],
  [
    'de',
    'An der in BGE 128 III 10 E. 2 begründeten Rechtsprechung, wonach ein Schaden nie widerrechtlich sei, ist nicht festzuhalten (Praxisänderung).',
    'BGE 128 III 10 E. 2',
    'Praxisänderung',
  ],
  // fr
  [
    'fr',
    'Il se justifie dès lors de procéder à un changement de jurisprudence (ATF 130 III 182 consid. 5).',
    'ATF 130 III 182 consid. 5',
    'changement de jurisprudence',
  ],
  [
    'fr',
    'Le Tribunal fédéral a décidé de modifier sa jurisprudence publiée aux ATF 120 II 1.',
    'ATF 120 II 1',
    'modifier sa jurisprudence',
  ],
  [
    'fr',
    "Un revirement de jurisprudence s'impose par rapport à l'ATF 120 II 1.",
    'ATF 120 II 1',
    'revirement de jurisprudence',
  ],
  ['fr', "Il n'y a pas lieu à un changement de jurisprudence (ATF 130 III 182).", 'ATF 130 III 182', null],
  ['fr', 'Cette solution correspond à la pratique constante (ATF 130 III 182).', 'ATF 130 III 182', null],
  // it
  [
    'it',
    'Si impone pertanto un cambiamento di giurisprudenza rispetto alla DTF 130 III 182.',
    'DTF 130 III 182',
    'cambiamento di giurisprudenza',
  ],
  [
    'it',
    'Il Tribunale federale ha deciso di modificare la propria giurisprudenza (DTF 120 II 1 consid. 3).',
    'DTF 120 II 1 consid. 3',
    'modificare la propria giurisprudenza',
  ],
  ['it', 'Non si giustifica un mutamento di giurisprudenza (DTF 130 III 182).', 'DTF 130 III 182', null],
  ['it', 'Tale soluzione corrisponde alla prassi costante (DTF 130 III 182).', 'DTF 130 III 182', null],
];

describe('practiceChangeOfReference', () => {
  it.each(CASES)('%s: %s', (_language, text, raw, marker) => {
    const change = practiceChangeOfReference(text, raw);
    expect(change?.marker ?? null).toBe(marker);
    if (change) {
      expect(text).toContain(change.excerpt);
      expect(change.excerpt).toContain(raw);
      expect(change.excerpt).toContain(change.marker);
    }
  });

  it('counts a marker only in the paragraph of the reference and within the window', () => {
    const otherParagraph = 'Praxisänderung.\nDies entspricht BGE 130 III 182 E. 5.';
    expect(practiceChangeOfReference(otherParagraph, 'BGE 130 III 182')).toBeNull();
    const far = `Praxisänderung. ${'Weitere Ausführungen folgen hier. '.repeat(12)}Vgl. BGE 130 III 182.`;
    expect(practiceChangeOfReference(far, 'BGE 130 III 182')).toBeNull();
  });

  it('reads every place the reference is written', () => {
    const text = 'Vgl. BGE 130 III 182.\n\nEine Praxisänderung drängt sich auf (BGE 130 III 182 E. 2).';
    expect(practiceChangeOfReference(text, 'BGE 130 III 182')?.marker).toBe('Praxisänderung');
    expect(practiceChangeOfReference(text, 'BGE 999 I 1')).toBeNull();
    expect(practiceChangeOfReference(text, '')).toBeNull();
  });

  it('lists markers by language in text order', () => {
    const markers = practiceChangeMarkers(
      'Praxisänderung; changement de jurisprudence; cambiamento di giurisprudenza; keine Praxisänderung.',
    );
    expect(markers.map((m) => m.language)).toEqual(['de', 'fr', 'it']);
  });
});
