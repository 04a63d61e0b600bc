import { describe, expect, it } from 'vitest';
import { isLineBroken, normaliseLayout, reflowLines } from './page-layout.ts';

/** Printed lines of a made-up decision page: justified lines of about 70 characters. */
const GERMAN_PAGES = [
  '- 2 -',
  '2.1 Die Beschwerdeführerin macht geltend, die Vorinstanz habe den Sach-',
  'verhalt unvollständig festgestellt und ihr das rechtliche Gehör verwei-',
  'gert. Sie habe weder die Akten einsehen noch sich zu den Berechnungen',
  'äussern können.',
  '2.2 Nach der Rechtsprechung umfasst der Anspruch auf rechtliches Gehör',
  'das Recht, vor dem Erlass eines Entscheids gehört zu werden (BGE 140 I',
  '99 E. 3.4). Ein- und Ausfuhr sind davon nicht betroffen, wohl aber die',
  '- 3 -',
  'Frage, ob die Behörde ihre Verfügung hinreichend begründet hat.',
  '3. Kosten',
  '3.1 Die Kosten sind der unterliegenden Partei aufzuerlegen.',
  'Demnach erkennt das Gericht:',
  '1. Die Beschwerde wird abgewiesen.',
];

describe('reflowLines: printed lines back into paragraphs', () => {
  it('joins lines, removes line-end hyphens, keeps suspended hyphens, moves page numbers after the paragraph', () => {
    expect(reflowLines(GERMAN_PAGES, 'de')).toEqual([
      'Seite 2',
      '2.1 Die Beschwerdeführerin macht geltend, die Vorinstanz habe den Sachverhalt unvollständig festgestellt und ihr das rechtliche Gehör verweigert. Sie habe weder die Akten einsehen noch sich zu den Berechnungen äussern können.',
      '2.2 Nach der Rechtsprechung umfasst der Anspruch auf rechtliches Gehör das Recht, vor dem Erlass eines Entscheids gehört zu werden (BGE 140 I 99 E. 3.4). Ein- und Ausfuhr sind davon nicht betroffen, wohl aber die Frage, ob die Behörde ihre Verfügung hinreichend begründet hat.',
      'Seite 3',
      '3. Kosten',
      '3.1 Die Kosten sind der unterliegenden Partei aufzuerlegen.',
      'Demnach erkennt das Gericht:',
      '1. Die Beschwerde wird abgewiesen.',
    ]);
  });

  it('drops a running head repeated beside every page number (a year above the page number)', () => {
    const lines = [
      ...['2026', '1', 'Die Gemeinde ordnete gegenüber den Eigentümern ein Benützungsverbot an, weil'],
      ...['die Nutzung ohne die notwendige Bewilligung aufgenommen worden war. Den Re-'],
      ...['2026', '2', 'kurs wies der Regierungsrat mit Beschluss vom 28. Juni 2022 ab, wogegen die'],
      ...['Eigentümer kein Rechtsmittel ergriffen.'],
      ...['2026', '3', 'Die Verfügung wurde damit vollstreckbar.'],
    ];
    expect(reflowLines(lines, 'de')).toEqual([
      'Seite 1',
      'Die Gemeinde ordnete gegenüber den Eigentümern ein Benützungsverbot an, weil die Nutzung ohne die notwendige Bewilligung aufgenommen worden war. Den Rekurs wies der Regierungsrat mit Beschluss vom 28. Juni 2022 ab, wogegen die Eigentümer kein Rechtsmittel ergriffen.',
      'Seite 2',
      'Seite 3',
      'Die Verfügung wurde damit vollstreckbar.',
    ]);
  });

  it.each([
    [
      'fr',
      [
        'Vu les faits suivants :',
        'A. Par décision du 3 mars 2024, l’autorité a refusé l’au-',
        'torisation requise par le recourant, qui a recouru.',
        '- 2 -',
        'Considérant en droit :',
        '1. Le recours est recevable.',
      ],
      [
        'Vu les faits suivants :',
        'A. Par décision du 3 mars 2024, l’autorité a refusé l’autorisation requise par le recourant, qui a recouru.',
        'Page 2',
        'Considérant en droit :',
        '1. Le recours est recevable.',
      ],
    ],
    [
      'it',
      [
        'Ritenuto in fatto:',
        'A. Con decisione del 3 marzo 2024 il Municipio ha respinto la do-',
        'manda di costruzione e sia il ricorrente sia il vicino hanno ricorso.',
        '2/3',
        'Considerando in diritto:',
        '1. Il ricorso è ricevibile.',
      ],
      [
        'Ritenuto in fatto:',
        'A. Con decisione del 3 marzo 2024 il Municipio ha respinto la domanda di costruzione e sia il ricorrente sia il vicino hanno ricorso.',
        'Pagina 2',
        'Considerando in diritto:',
        '1. Il ricorso è ricevibile.',
      ],
    ],
  ] as const)(
    '%s: headings stay paragraphs of their own, page markers in the language',
    (language, lines, expected) => {
      expect(reflowLines(lines, language)).toEqual(expected);
    },
  );

  it('a number at a line start inside a sentence is no item (`vom` / `25. November 2021`)', () => {
    expect(
      reflowLines(
        [
          'Die Vollstreckungsverfügung stützte sich im Zeitpunkt ihres Erlasses auf die Verfügung vom',
          '25. November 2021. Dass diese später ersetzt worden sein könnte, ändert daran nichts.',
        ],
        'de',
      ),
    ).toHaveLength(1);
  });

  it('a numbered heading line and its first sub-item are two paragraphs', () => {
    expect(
      reflowLines(
        [
          '3. Polizeiliche Einvernahme des Beschuldigten vom 29. November 2021',
          '3.1 Im Rahmen der Vorfragen beantragte die Verteidigung die Wiederholung.',
        ],
        'de',
      ),
    ).toEqual([
      '3. Polizeiliche Einvernahme des Beschuldigten vom 29. November 2021',
      '3.1 Im Rahmen der Vorfragen beantragte die Verteidigung die Wiederholung.',
    ]);
  });
});

describe('isLineBroken / normaliseLayout', () => {
  const html = [
    'Bundesgericht',
    '5A_1/2025',
    'Urteil vom 17. Juni 2025',
    'Sachverhalt:',
    'Am 11. März 2025 erliess das Bezirksgericht einen Entscheid.',
    'Dagegen erhob der Beschwerdeführer Berufung.',
    'Erwägungen:',
    '1.',
    'Die Eingabe ist nicht rechtzeitig erfolgt.',
    '2.',
    'Die Gerichtskosten sind dem Beschwerdeführer aufzuerlegen (Art. 66 Abs. 1 BGG).',
    'Demnach erkennt die Präsidentin:',
    '1.',
    'Auf die Beschwerde wird nicht eingetreten.',
  ];

  it('leaves text that is already in paragraphs unchanged', () => {
    expect(isLineBroken(html)).toBe(false);
    expect(normaliseLayout(html, 'de')).toEqual(html);
  });

  it('recognises printed lines', () => {
    expect(isLineBroken([...GERMAN_PAGES, ...GERMAN_PAGES])).toBe(true);
  });

  it('whole paragraphs of a PDF lose their page numbers and line-end hyphens only', () => {
    const paragraphs = [
      '1. Am 8. April 2024 stellte der Gesuchsteller ein Zugangsge- such bei der Behörde.',
      '2. Die Behörde hörte die betroffenen Unternehmen an.',
      '2/11',
      '3. Die Unternehmen widersetzten sich der Zugangsgewährung, Geschäfts- oder Fabrikationsgeheimnisse seien betroffen.',
      '3/11',
      '4. Der Beauftragte führte das Schlichtungsverfahren schriftlich durch.',
    ];
    expect(normaliseLayout(paragraphs, 'de')).toEqual([
      '1. Am 8. April 2024 stellte der Gesuchsteller ein Zugangsgesuch bei der Behörde.',
      '2. Die Behörde hörte die betroffenen Unternehmen an.',
      'Seite 2',
      '3. Die Unternehmen widersetzten sich der Zugangsgewährung, Geschäfts- oder Fabrikationsgeheimnisse seien betroffen.',
      'Seite 3',
      '4. Der Beauftragte führte das Schlichtungsverfahren schriftlich durch.',
    ]);
  });
});
