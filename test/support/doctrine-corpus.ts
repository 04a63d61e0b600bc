/**
 * A small line of decisions on the liability in tort of Art. 41 OR / art. 41 CO, in de, fr and it,
 * for the doctrine tests: a first decision, decisions following it, and a later decision that
 * announces a change of practice next to its reference to the first one (Praxisänderung).
 * Invented wording; real structure and citation forms.
 */
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import { makeDecision } from './decisions.ts';

const text = (...paragraphs: string[]): string => paragraphs.join('\n\n');

/** Sentences the doctrine tests quote. */
export const DOCTRINE_QUOTES = {
  change:
    'An der in BGE 128 III 10 E. 2 begründeten Rechtsprechung, wonach ein reiner Vermögensschaden nie widerrechtlich sei, ist nicht festzuhalten (Praxisänderung).',
} as const;

export const BGE_128_III_10 = makeDecision({
  court: 'bge',
  docket_number: 'BGE 128 III 10',
  decision_date: '2002-02-12',
  language: 'de',
  title: 'Haftpflicht; reiner Vermögensschaden',
  regeste: 'Art. 41 OR; Widerrechtlichkeit eines reinen Vermögensschadens.',
  full_text: text(
    'Urteilskopf',
    '128 III 10',
    '3. Auszug aus dem Urteil der I. Zivilabteilung i.S. X. gegen Y. AG (Berufung)',
    '4C.150/2001 vom 12. Februar 2002',
    'Regeste (de)',
    'Art. 41 OR; Widerrechtlichkeit eines reinen Vermögensschadens. Ein reiner Vermögensschaden ist nur widerrechtlich, wenn eine Schutznorm verletzt ist (E. 2).',
    'Regeste (fr)',
    "Art. 41 CO; illicéité d'un dommage purement économique. Un dommage purement économique n'est illicite que si une norme de protection est violée (consid. 2).",
    'Regesto (it)',
    'Art. 41 CO; illiceità di un danno puramente patrimoniale. Un danno puramente patrimoniale è illecito solo se è violata una norma di protezione (consid. 2).',
    'Sachverhalt ab Seite 11',
    'A. Die Klägerin verlangte von der Beklagten Schadenersatz für einen Vermögensschaden aus einer falschen Auskunft.',
    'Aus den Erwägungen:',
    '1. Die Berufung ist zulässig.',
    '2. Nach Art. 41 Abs. 1 OR haftet, wer einem andern widerrechtlich Schaden zufügt. Ein reiner Vermögensschaden ist nur widerrechtlich, wenn eine Schutznorm verletzt ist, die den Geschädigten vor solchen Schäden bewahren soll.',
    '3. Die Berufung ist abzuweisen.',
    'Demnach erkennt das Bundesgericht:',
    '1. Die Berufung wird abgewiesen.',
  ),
});

export const BGER_4A_100_2008 = makeDecision({
  court: 'bger',
  docket_number: '4A_100/2008',
  decision_date: '2008-06-20',
  language: 'fr',
  chamber: 'Ire Cour de droit civil',
  title: 'Responsabilité civile; dommage purement économique',
  full_text: text(
    'Bundesgericht',
    'Tribunal fédéral',
    '4A_100/2008',
    'Arrêt du 20 juin 2008',
    'Ire Cour de droit civil',
    'Faits:',
    "A. Le demandeur a réclamé des dommages-intérêts pour la perte subie à la suite d'un renseignement erroné.",
    'Considérant en droit:',
    '1. Le recours est recevable.',
    "2. Selon l'art. 41 al. 1 CO, celui qui cause d'une manière illicite un dommage à autrui est tenu de le réparer. Un dommage purement économique n'est illicite que si une norme de protection est violée (ATF 128 III 10 consid. 2).",
    '3. Le recours doit être rejeté.',
    'Par ces motifs, le Tribunal fédéral prononce:',
    '1. Le recours est rejeté.',
  ),
});

export const BGE_135_III_20 = makeDecision({
  court: 'bge',
  docket_number: 'BGE 135 III 20',
  decision_date: '2009-03-05',
  language: 'de',
  title: 'Haftpflicht; Vertrauenshaftung',
  regeste: 'Art. 41 OR; reiner Vermögensschaden aus falscher Auskunft; Praxisänderung.',
  full_text: text(
    'Urteilskopf',
    '135 III 20',
    '4. Auszug aus dem Urteil der I. zivilrechtlichen Abteilung i.S. A. gegen B. (Beschwerde in Zivilsachen)',
    '4A_300/2008 vom 5. März 2009',
    'Regeste (de)',
    'Art. 41 OR; reiner Vermögensschaden aus falscher Auskunft. Wer wider besseres Wissen falsch Auskunft gibt, handelt widerrechtlich, auch ohne Verletzung einer Schutznorm (E. 3).',
    'Regeste (fr)',
    'Art. 41 CO; dommage purement économique causé par un renseignement erroné (consid. 3).',
    'Regesto (it)',
    'Art. 41 CO; danno puramente patrimoniale causato da un’informazione errata (consid. 3).',
    'Sachverhalt ab Seite 21',
    'A. Die Beschwerdeführerin erlitt einen Vermögensschaden, weil ihr die Beschwerdegegnerin wider besseres Wissen eine falsche Auskunft erteilt hatte.',
    'Aus den Erwägungen:',
    '1. Die Beschwerde in Zivilsachen ist zulässig.',
    '2. Streitig ist, ob der Vermögensschaden nach Art. 41 Abs. 1 OR widerrechtlich zugefügt wurde.',
    `3. ${DOCTRINE_QUOTES.change} Wer wider besseres Wissen falsch Auskunft gibt, handelt widerrechtlich, auch ohne Verletzung einer Schutznorm.`,
    '4. Die Beschwerde ist gutzuheissen.',
    'Demnach erkennt das Bundesgericht:',
    '1. Die Beschwerde wird gutgeheissen.',
  ),
});

export const BGER_4A_200_2012 = makeDecision({
  court: 'bger',
  docket_number: '4A_200/2012',
  decision_date: '2012-09-14',
  language: 'it',
  chamber: 'I Corte di diritto civile',
  title: 'Responsabilità civile; informazione errata',
  full_text: text(
    'Bundesgericht',
    'Tribunale federale',
    '4A_200/2012',
    'Sentenza del 14 settembre 2012',
    'I Corte di diritto civile',
    'Fatti:',
    'A. La ricorrente ha chiesto il risarcimento del danno causato da un’informazione errata.',
    'Diritto:',
    '1. Il ricorso è ammissibile.',
    '2. Secondo l’art. 41 cpv. 1 CO chi cagiona illecitamente un danno ad altri è tenuto a ripararlo. Chi fornisce scientemente un’informazione errata agisce illecitamente (DTF 135 III 20 consid. 3).',
    '3. Il ricorso è respinto.',
    'Per questi motivi, il Tribunale federale pronuncia:',
    '1. Il ricorso è respinto.',
  ),
});

export const BGER_4A_400_2019 = makeDecision({
  court: 'bger',
  docket_number: '4A_400/2019',
  decision_date: '2019-11-28',
  language: 'de',
  chamber: 'I. zivilrechtliche Abteilung',
  title: 'Haftpflicht; falsche Auskunft',
  full_text: text(
    'Bundesgericht',
    'Tribunal fédéral',
    '4A_400/2019',
    'Urteil vom 28. November 2019',
    'I. zivilrechtliche Abteilung',
    'Sachverhalt:',
    'A. Der Kläger verlangte Schadenersatz für eine falsche Auskunft seiner Bank.',
    'Erwägungen:',
    '1. Die Beschwerde ist zulässig.',
    '2. Nach Art. 41 Abs. 1 OR haftet, wer einem andern widerrechtlich Schaden zufügt. Wer wider besseres Wissen falsch Auskunft gibt, handelt widerrechtlich (BGE 135 III 20 E. 3; vgl. noch BGE 128 III 10 E. 2).',
    '3. Die Beschwerde ist abzuweisen.',
    'Demnach erkennt das Bundesgericht:',
    '1. Die Beschwerde wird abgewiesen.',
  ),
});

export const DOCTRINE_CORPUS: readonly NormalisedDecision[] = [
  BGE_128_III_10,
  BGER_4A_100_2008,
  BGE_135_III_20,
  BGER_4A_200_2012,
  BGER_4A_400_2019,
];
