/**
 * Sections of decisions as the courts write them (headings in every common form, de/fr/it) and the
 * traps of real texts: party initials, quoted numbered lists, inline headings, Roman main parts,
 * excerpts, decisions without structure. The texts are our own; the forms are the courts'.
 */
import { describe, expect, it } from 'vitest';
import { segmentDecision, type DecisionStructure } from './segment-decision.ts';
import { headingKind } from './section-headings.ts';

const seg = (language: string, ...paragraphs: string[]): DecisionStructure =>
  segmentDecision({ fullText: paragraphs.join('\n\n'), language });

describe('headings in every common form', () => {
  it.each([
    // facts
    ['Sachverhalt:', 'facts'],
    ['Sachverhalt', 'facts'],
    ['Aus den Akten ergibt sich:', 'facts'],
    ['Es hat sich ergeben:', 'facts'],
    ['Das Obergericht entnimmt den Akten:', 'facts'],
    ['I Der Beauftragte stellt fest:', 'facts'],
    ['Vu les faits suivants :', 'facts'],
    ['En fait :', 'facts'],
    ['Faits :', 'facts'],
    ['Fatti:', 'facts'],
    ['Ritenuto in fatto', 'facts'],
    ['Ritenuto in fatto:', 'facts'],
    // considerations
    ['Erwägungen:', 'considerations'],
    ['In Erwägung:', 'considerations'],
    ['Aus den Erwägungen', 'considerations'],
    ['Das Verwaltungsgericht zieht in Erwägung:', 'considerations'],
    ['Die Kammer erwägt:', 'considerations'],
    ['II Der Beauftragte zieht in Erwägung:', 'considerations'],
    ['Considérant en droit :', 'considerations'],
    ['En droit :', 'considerations'],
    ['Extrait des considérants :', 'considerations'],
    ['Considerando in diritto:', 'considerations'],
    ['Diritto:', 'considerations'],
    ['Dai considerandi:', 'considerations'],
    // operative part
    ['Demnach erkennt das Bundesgericht:', 'operative'],
    ['Demnach erkennt die Präsidentin:', 'operative'],
    ['Das Obergericht erkennt:', 'operative'],
    ['Die Kammer beschliesst:', 'operative'],
    ['Der Einzelrichter verfügt:', 'operative'],
    ['Es wird erkannt:', 'operative'],
    ['Es wird beschlossen:', 'operative'],
    ['III Aufgrund dieser Erwägungen empfiehlt der Beauftragte:', 'operative'],
    ['Par ces motifs, le Tribunal fédéral prononce :', 'operative'],
    ['Par ces motifs', 'operative'],
    ['la Cour arrête :', 'operative'],
    ['Per questi motivi, il Tribunale federale pronuncia:', 'operative'],
    ['Il Tribunale decide:', 'operative'],
    // not headings
    ['Die Vorinstanz erkannte am 3. Mai 2020, die Beschwerde sei abzuweisen.', null],
    ['A. Müller', null],
    ['1. Die Beschwerde wird abgewiesen.', null],
    ['Sachverhaltsfeststellung der Vorinstanz', null],
  ] as const)('%s → %s', (paragraph, kind) => {
    expect(headingKind(paragraph)).toBe(kind);
  });
});

describe('sections of real layouts', () => {
  it('Federal Supreme Court (de): headings, facts A./B., Erwägungen, operative part', () => {
    const s = seg(
      'de',
      'Bundesgericht',
      '5A_1/2025',
      'Urteil vom 17. Juni 2025',
      'Besetzung',
      'Bundesrichter Muster, Präsident,',
      'Verfahrensbeteiligte',
      'A.________,',
      'Beschwerdeführer,',
      'Sachverhalt:',
      'A.',
      'Am 11. März 2025 erliess das Bezirksgericht einen Entscheid.',
      'B.',
      'Mit Eingabe vom 11. Juni 2025 wendet sich der Beschwerdeführer an das Bundesgericht.',
      'Erwägungen:',
      '1.',
      'Die Eingabe ist verspätet.',
      '2.',
      'Die Kosten trägt der Beschwerdeführer.',
      'Demnach erkennt der Präsident:',
      '1.',
      'Auf die Beschwerde wird nicht eingetreten.',
      'Lausanne, 17. Juni 2025',
    );
    expect(s.sources).toEqual({ facts: 'heading', considerations: 'heading', operative: 'heading' });
    expect(s.header).toContain('Besetzung');
    expect(s.facts).not.toContain('Besetzung');
    expect(s.facts).toMatch(/^A\.\n\nAm 11\. März 2025/);
    expect(s.erwaegungen.map((e) => e.number)).toEqual(['1', '2']);
    expect(s.operative).toBe(
      'Demnach erkennt der Präsident:\n\n1.\n\nAuf die Beschwerde wird nicht eingetreten.',
    );
  });

  it.each([
    [
      'fr',
      'Faits : A. Par décision du 3 mars 2024, l’autorité a refusé le permis.',
      'Considérant en droit : 1. Le recours est recevable.',
      'Par ces motifs, la Cour prononce :',
      'A. Par décision du 3 mars 2024',
    ],
    [
      'it',
      'Fatti: A. Con sentenza del 3 marzo 2024 il Pretore ha respinto la petizione.',
      'Diritto: 1. Il ricorso è ricevibile.',
      'Per questi motivi, la Camera pronuncia:',
      'A. Con sentenza del 3 marzo 2024',
    ],
    [
      'de',
      'Sachverhalt: A. Mit Verfügung vom 3. März 2024 wies die Gemeinde das Gesuch ab.',
      'Erwägungen: 1. Die Beschwerde ist zulässig.',
      'Demnach erkennt das Verwaltungsgericht:',
      'A. Mit Verfügung vom 3. März 2024',
    ],
  ] as const)(
    '%s: headings written inline at a paragraph start count as headings',
    (language, facts, considerations, operative, factsStart) => {
      const s = seg(language, 'Kopf', facts, considerations, operative, '1. Abweisung.');
      expect(s.sources).toEqual({ facts: 'heading', considerations: 'heading', operative: 'heading' });
      expect(s.facts).toMatch(new RegExp(`^${factsStart}`));
      expect(s.erwaegungen.map((e) => e.number)).toEqual(['1']);
    },
  );

  it('Vaud (fr): "Vu les faits suivants", unnumbered considerations, operative part with Roman items', () => {
    const s = seg(
      'fr',
      'TRIBUNAL CANTONAL',
      'Arrêt du 12 août 2026',
      'Vu les faits suivants :',
      '- vu le recours formé le 7 juillet 2026;',
      'Considérant en droit :',
      '- que l’avance de frais n’a pas été effectuée;',
      'Par ces motifs',
      'la Cour arrête :',
      'I. Le recours est irrecevable.',
      'Lausanne, le 12 août 2026',
    );
    expect(s.sources).toEqual({ facts: 'heading', considerations: 'heading', operative: 'heading' });
    expect(s.considerationsIntro).toBe('- que l’avance de frais n’a pas été effectuée;');
    expect(s.operative).toBe('Par ces motifs\n\nla Cour arrête :\n\nI. Le recours est irrecevable.');
  });

  it('Zurich: Roman main parts and lettered parts number the considerations (I.A.1, II.B.2.1)', () => {
    const s = seg(
      'de',
      'Bezirksgericht',
      'Urteil vom 12. Juni 2025',
      'Erwägungen:',
      'I. Prozessuales',
      'A. Prozessgeschichte',
      '1. Die Anklage ging am 2. Oktober 2024 ein.',
      '2. Die Hauptverhandlung fand am 12. Juni 2025 statt.',
      'B. Vorfragen',
      '1. Ergänzung der Anklage',
      '1.1 Die Staatsanwaltschaft beantragte eine Ergänzung.',
      '1.2 Dem Antrag ist stattzugeben.',
      'II. Sachverhalt',
      'A. Ausgangslage',
      '1. Der Beschuldigte bestreitet den Vorwurf.',
      'B. Beweismittel',
      '1. Videoaufnahmen',
      '1.1 Die Aufnahmen sind verwertbar.',
    );
    expect(s.sources.facts).toBe('none'); // "II. Sachverhalt" is a part of the considerations
    expect(s.erwaegungen.map((e) => e.number)).toEqual([
      'I',
      'I.A',
      'I.A.1',
      'I.A.2',
      'I.B',
      'I.B.1',
      'I.B.1.1',
      'I.B.1.2',
      'II',
      'II.A',
      'II.A.1',
      'II.B',
      'II.B.1',
      'II.B.1.1',
    ]);
    expect(s.erwaegungen.find((e) => e.number === 'II.B.1.1')).toMatchObject({
      parent: 'II.B.1',
      label: '1.1',
    });
  });

  it('an excerpt of the considerations starts at any number and leaves gaps', () => {
    const s = seg(
      'de',
      'Regeste.',
      'Aus den Erwägungen',
      '2.3. Erster Auszug.',
      '2.4. Zweiter.',
      '[…]',
      '3.4. Dritter.',
      '3.5. Vierter.',
    );
    expect(s.erwaegungen.map((e) => e.number)).toEqual(['2.3', '2.4', '3.4', '3.5']);
  });

  it.each([
    [
      'de',
      [
        'Sachverhalt:',
        'A. Müller, geboren 1970, klagte.',
        'B. AG bestritt die Forderung.',
        'Erwägungen:',
        '1. Die Klage ist zulässig.',
      ],
    ],
    [
      'fr',
      [
        'En fait :',
        'X. SA a résilié le bail.',
        'A. Dupont, locataire, a recouru.',
        'En droit :',
        '1. Le recours est recevable.',
      ],
    ],
  ] as const)('%s: a party initial is never a heading or a section start', (language, paragraphs) => {
    const s = seg(language, ...paragraphs);
    expect(s.sources).toMatchObject({ facts: 'heading', considerations: 'heading' });
    expect(s.erwaegungen.map((e) => e.number)).toEqual(['1']);
  });

  it('without headings, a party initial in the header does not open the facts', () => {
    const s = seg(
      'de',
      'Mitwirkend: Gerichtspräsidentin F. Muster, Richterin',
      'A. Beispiel sowie Gerichtsschreiberin N. Muster',
      'in Sachen',
    );
    expect(s.facts).toBeNull();
  });

  it('a numbered list quoted from a party before the considerations heading never starts them', () => {
    const s = seg(
      'de',
      'Anträge:',
      '1. Die Beschwerde sei gutzuheissen.',
      '2. Die Kosten seien dem Staat aufzuerlegen.',
      'Erwägungen:',
      '1. Das Gericht ist zuständig.',
      '2. Die Beschwerde ist unbegründet.',
    );
    expect(s.sources.considerations).toBe('heading');
    expect(s.erwaegungen.map((e) => [e.number, e.text])).toEqual([
      ['1', 'Das Gericht ist zuständig.'],
      ['2', 'Die Beschwerde ist unbegründet.'],
    ]);
  });

  it('numbers that break the sequence stay in the consideration they belong to', () => {
    const s = seg(
      'de',
      'Erwägungen:',
      '1. Erstens.',
      '1.1 Dazu.',
      '7. Personen erschienen (kein Absatz).',
      '2. Zweitens.',
    );
    expect(s.erwaegungen.map((e) => e.number)).toEqual(['1', '1.1', '2']);
    expect(s.erwaegungen[1]!.text).toContain('7. Personen erschienen');
  });

  it('a decision without recognisable structure is one section, flagged', () => {
    const s = seg(
      'de',
      'Der Gemeinderat hat am 3. Mai 2024 beschlossen, das Gesuch abzulehnen.',
      'Die Begründung stützt sich auf Art. 22 RPG und BGE 140 II 1.',
    );
    expect(s.structured).toBe(false);
    expect(s.erwaegungen).toEqual([]);
    expect([s.facts, s.operative, s.header]).toEqual([null, null, null]);
  });
});
