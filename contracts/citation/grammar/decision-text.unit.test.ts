import { describe, expect, it } from 'vitest';
import { find } from './grammar-test-support.ts';

/**
 * Decision-like texts (written for this test in the style of Federal Supreme Court judgments:
 * header, facts, reasoning, operative part): every citation is found with its exact span, and
 * nothing else (names, amounts, postcodes, dates, paragraph numbers) is.
 */

const GERMAN = `Bundesgericht
Tribunal fédéral
Tribunale federale
6B_1518/2021
Urteil vom 3. Mai 2022
Strafrechtliche Abteilung
Besetzung
Bundesrichterin Jacquemoud-Rossari, Präsidentin,
Bundesrichter Denys, Muschietti,
Gerichtsschreiberin Arnold.
Verfahrensbeteiligte
A.________,
vertreten durch Rechtsanwalt B.________,
Beschwerdeführer,
gegen
Oberstaatsanwaltschaft des Kantons Zürich, Florhofgasse 2, Postfach, 8090 Zürich,
Beschwerdegegnerin.
Gegenstand
Mehrfache qualifizierte Widerhandlung gegen das Betäubungsmittelgesetz; Willkür,
Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich, II. Strafkammer, vom 15. September 2021 (SB210012-O/U/cwo).
Sachverhalt:
A.
Das Bezirksgericht Zürich sprach A.________ am 3. Dezember 2020 der mehrfachen Widerhandlung gegen Art. 19 Abs. 1 lit. b und d i.V.m. Abs. 2 lit. a BetmG schuldig.
B.
Mit Urteil vom 15. September 2021 bestätigte das Obergericht des Kantons Zürich den Schuldspruch.
C.
A.________ führt Beschwerde in Strafsachen. Er beantragt, das Urteil sei aufzuheben.
Erwägungen:
1.
1.1. Der Beschwerdeführer rügt eine willkürliche Beweiswürdigung (Art. 9 BV; Art. 10 Abs. 2 StPO).
1.2. Die Sachverhaltsfeststellung der Vorinstanz kann nur gerügt werden, wenn sie offensichtlich unrichtig ist (Art. 97 Abs. 1 BGG; BGE 147 IV 73 E. 4.1.2; 146 IV 88 E. 1.3.1; je mit Hinweisen). Offensichtlich unrichtig bedeutet willkürlich (BGE 143 IV 241 E. 2.3.1). Vgl. auch Urteile 6B_1031/2020 vom 4. März 2021 E. 2.2 und 6B_285/2020 vom 21. Januar 2021 E. 1.1.
2.
Die Beschwerde ist abzuweisen. Die Gerichtskosten von Fr. 3'000.-- werden dem Beschwerdeführer auferlegt (Art. 66 Abs. 1 BGG).
Demnach erkennt das Bundesgericht:
1. Die Beschwerde wird abgewiesen.
2. Die Gerichtskosten von Fr. 3'000.-- werden dem Beschwerdeführer auferlegt.
3. Dieses Urteil wird den Parteien und dem Obergericht des Kantons Zürich, II. Strafkammer, schriftlich mitgeteilt.
Lausanne, 3. Mai 2022
Im Namen der Strafrechtlichen Abteilung
des Schweizerischen Bundesgerichts`;

const FRENCH = `Faits :
A. Par jugement du 12 mars 2020, le Tribunal de police de l'arrondissement de Lausanne a condamné X. Par arrêt du 3 août 2020 (n° 245), la Cour d'appel pénale du Tribunal cantonal vaudois a rejeté l'appel.
Considérant en droit :
1. Le recourant invoque une violation de l'art. 6 par. 1 CEDH et de l'art. 29 al. 2 Cst. (cf. ATF 145 IV 154 consid. 1.1; arrêt 6B_1404/2019 du 17 août 2020 consid. 1.1). Le grief est irrecevable (art. 106 al. 2 LTF; ATF 146 IV 88 consid. 1.3.1 p. 92).
2. Les frais judiciaires, arrêtés à 3000 fr., sont mis à la charge du recourant (art. 66 al. 1 LTF). Tél. 021 318 91 11.
Lausanne, le 1er mars 2021`;

const ITALIAN = `Fatti:
A. Con sentenza del 5 maggio 2021 la Corte di appello e di revisione penale del Cantone Ticino (CARP) ha confermato la condanna (inc. 17.2020.123).
Diritto:
1. Il ricorrente lamenta una violazione dell'art. 9 Cost. (DTF 146 IV 88 consid. 1.3.1; sentenza 6B_1404/2019 del 17 agosto 2020 consid. 1.1). Le spese giudiziarie di fr. 3'000.-- sono poste a carico del ricorrente (art. 66 cpv. 1 LTF).`;

type Row = readonly [kind: string, text: string, key: string, statedDate?: string];

function summary(text: string, language: 'de' | 'fr' | 'it'): Row[] {
  return find(text, { language }).map((m) =>
    m.statedDate ? [m.kind, m.text, m.key, m.statedDate] : [m.kind, m.text, m.key],
  );
}

describe('citations in decision-like text', () => {
  it('German judgment', () => {
    expect(summary(GERMAN, 'de')).toEqual([
      ['docket', '6B_1518/2021', '6B_1518/2021'],
      [
        'cantonal',
        'Urteil des Obergerichts des Kantons Zürich, II. Strafkammer, vom 15. September 2021 (SB210012-O/U/cwo)',
        'SB210012-O/U/cwo',
        '2021-09-15',
      ],
      ['statute', 'Art. 19 Abs. 1 lit. b und d i.V.m. Abs. 2 lit. a BetmG', '812.121:19'],
      ['statute', 'Art. 9 BV', '101:9'],
      ['statute', 'Art. 10 Abs. 2 StPO', '312.0:10'],
      ['statute', 'Art. 97 Abs. 1 BGG', '173.110:97'],
      ['bge', 'BGE 147 IV 73 E. 4.1.2', 'BGE 147 IV 73'],
      ['bge', '146 IV 88 E. 1.3.1', 'BGE 146 IV 88'],
      ['bge', 'BGE 143 IV 241 E. 2.3.1', 'BGE 143 IV 241'],
      ['docket', 'Urteile 6B_1031/2020 vom 4. März 2021 E. 2.2', '6B_1031/2020', '2021-03-04'],
      ['docket', '6B_285/2020 vom 21. Januar 2021 E. 1.1', '6B_285/2020', '2021-01-21'],
      ['statute', 'Art. 66 Abs. 1 BGG', '173.110:66'],
    ]);
  });

  it('French judgment', () => {
    expect(summary(FRENCH, 'fr')).toEqual([
      ['statute', 'art. 6 par. 1 CEDH', '0.101:6'],
      ['statute', 'art. 29 al. 2 Cst.', '101:29'],
      ['bge', 'ATF 145 IV 154 consid. 1.1', 'BGE 145 IV 154'],
      ['docket', 'arrêt 6B_1404/2019 du 17 août 2020 consid. 1.1', '6B_1404/2019', '2020-08-17'],
      ['statute', 'art. 106 al. 2 LTF', '173.110:106'],
      ['bge', 'ATF 146 IV 88 consid. 1.3.1 p. 92', 'BGE 146 IV 88'],
      ['statute', 'art. 66 al. 1 LTF', '173.110:66'],
    ]);
  });

  it('Italian judgment', () => {
    expect(summary(ITALIAN, 'it')).toEqual([
      ['statute', 'art. 9 Cost.', '101:9'],
      ['bge', 'DTF 146 IV 88 consid. 1.3.1', 'BGE 146 IV 88'],
      ['docket', 'sentenza 6B_1404/2019 del 17 agosto 2020 consid. 1.1', '6B_1404/2019', '2020-08-17'],
      ['statute', 'art. 66 cpv. 1 LTF', '173.110:66'],
    ]);
  });

  it('reads the header docket bare, not as a long form across the header lines', () => {
    const [header] = find(GERMAN);
    expect(header).toMatchObject({ text: '6B_1518/2021', confidence: 0.9 });
  });
});
