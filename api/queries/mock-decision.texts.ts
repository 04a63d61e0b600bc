/** The fixed wording of the deterministic mock-decision outline, per language. */
import type { TeachingLanguage } from '../../contracts/api/teaching.schema.ts';

export interface OutlineTexts {
  readonly notice: string;
  readonly issueOf: (provision: string) => string;
  readonly generalIssue: string;
  readonly formalHeading: string;
  readonly formalText: (court: string | null) => string;
  readonly provisionText: string;
  readonly caseLawText: string;
  readonly noCaseLaw: string;
  readonly resultHeading: string;
  readonly resultText: string;
  readonly dispositiv: (court: string | null) => string[];
  readonly askFacts: string;
  readonly askQuestion: string;
  readonly askStatutes: string;
  readonly askDecisions: string;
}

export const OUTLINE_TEXTS: Record<TeachingLanguage, OutlineTexts> = {
  de: {
    notice:
      'Nur für Recherche und Ausbildung: ein Entwurfsgerüst aus gespeicherten Entscheiden und Erlassen, kein Urteil und keine Rechtsberatung.',
    issueOf: (p) => `Sind die Voraussetzungen von ${p} erfüllt, und welche Rechtsfolge ergibt sich daraus?`,
    generalIssue: 'Welche Rechtsfolgen ergeben sich aus dem Sachverhalt?',
    formalHeading: 'Eintreten',
    formalText: (c) =>
      `Zuständigkeit${c ? ` (${c})` : ''}, Legitimation, Frist und Form der Eingabe sind von Amtes wegen zu prüfen.`,
    provisionText: 'Massgebende Bestimmung',
    caseLawText: 'Rechtsprechung',
    noCaseLaw: 'Keine gespeicherte Rechtsprechung zu dieser Bestimmung gefunden.',
    resultHeading: 'Ergebnis',
    resultText:
      'Je nach Subsumtion des Sachverhalts unter die vorstehenden Erwägungen ist das Rechtsmittel gutzuheissen oder abzuweisen.',
    dispositiv: (c) => [
      '1. Die Beschwerde wird [gutgeheissen | abgewiesen], soweit darauf einzutreten ist.',
      '2. Die Gerichtskosten werden der unterliegenden Partei auferlegt.',
      '3. Die unterliegende Partei hat der Gegenpartei eine Parteientschädigung zu bezahlen.',
      `4. Dieses Urteil wird den Parteien schriftlich mitgeteilt${c ? ` (${c})` : ''}.`,
    ],
    askFacts:
      'Der Sachverhalt ist knapp: Welche Tatsachen (Daten, Fristen, Beteiligte, Verträge) stehen fest?',
    askQuestion: 'Welche Rechtsfrage soll entschieden werden, und welche Anträge stellen die Parteien?',
    askStatutes: 'Welche Bestimmungen sind anwendbar (z. B. Art. 271 OR)?',
    askDecisions: 'Keine einschlägigen Entscheide gefunden: Welches Rechtsgebiet betrifft der Fall?',
  },
  fr: {
    notice:
      "Uniquement pour la recherche et l'enseignement : une trame tirée des arrêts et des actes enregistrés, ni un jugement ni un conseil juridique.",
    issueOf: (p) =>
      `Les conditions de l'${p} sont-elles remplies, et quelle en est la conséquence juridique ?`,
    generalIssue: 'Quelles conséquences juridiques découlent des faits ?',
    formalHeading: 'Recevabilité',
    formalText: (c) =>
      `La compétence${c ? ` (${c})` : ''}, la qualité pour agir, le délai et la forme sont examinés d'office.`,
    provisionText: 'Disposition applicable',
    caseLawText: 'Jurisprudence',
    noCaseLaw: 'Aucune jurisprudence enregistrée sur cette disposition.',
    resultHeading: 'Résultat',
    resultText:
      'Selon la subsomption des faits sous les considérants qui précèdent, le recours doit être admis ou rejeté.',
    dispositiv: (c) => [
      '1. Le recours est [admis | rejeté], dans la mesure où il est recevable.',
      '2. Les frais judiciaires sont mis à la charge de la partie qui succombe.',
      '3. La partie qui succombe versera une indemnité de dépens à la partie adverse.',
      `4. Le présent arrêt est communiqué aux parties${c ? ` (${c})` : ''}.`,
    ],
    askFacts: 'Les faits sont succincts : quels faits (dates, délais, parties, contrats) sont établis ?',
    askQuestion: 'Quelle question juridique faut-il trancher, et quelles sont les conclusions des parties ?',
    askStatutes: 'Quelles dispositions sont applicables (par exemple art. 271 CO) ?',
    askDecisions: 'Aucun arrêt pertinent trouvé : quel domaine du droit le cas concerne-t-il ?',
  },
  it: {
    notice:
      'Solo per ricerca e formazione: una traccia tratta da sentenze e atti registrati, né una sentenza né una consulenza giuridica.',
    issueOf: (p) => `Sono adempiuti i presupposti dell'${p}, e quale conseguenza giuridica ne deriva?`,
    generalIssue: 'Quali conseguenze giuridiche derivano dai fatti?',
    formalHeading: 'Ammissibilità',
    formalText: (c) =>
      `La competenza${c ? ` (${c})` : ''}, la legittimazione, il termine e la forma sono esaminati d'ufficio.`,
    provisionText: 'Disposizione applicabile',
    caseLawText: 'Giurisprudenza',
    noCaseLaw: 'Nessuna giurisprudenza registrata su questa disposizione.',
    resultHeading: 'Risultato',
    resultText:
      'A seconda della sussunzione dei fatti sotto i considerandi che precedono, il ricorso va accolto o respinto.',
    dispositiv: (c) => [
      '1. Il ricorso è [accolto | respinto], nella misura in cui è ammissibile.',
      '2. Le spese giudiziarie sono poste a carico della parte soccombente.',
      '3. La parte soccombente rifonderà alla controparte ripetibili.',
      `4. Comunicazione alle parti${c ? ` (${c})` : ''}.`,
    ],
    askFacts: 'I fatti sono scarni: quali fatti (date, termini, parti, contratti) sono accertati?',
    askQuestion: 'Quale questione giuridica va decisa, e quali sono le conclusioni delle parti?',
    askStatutes: 'Quali disposizioni sono applicabili (ad esempio art. 271 CO)?',
    askDecisions: 'Nessuna sentenza pertinente trovata: quale ramo del diritto riguarda il caso?',
  },
};
