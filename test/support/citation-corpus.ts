/**
 * A small hand-written corpus for the structure and citation-integrity tests: one decision of
 * every court family, in de, fr and it, with the numbering styles the segmenter must read (BGE
 * without trailing dot, trailing dots, lettered, stray numbers, children only, none at all) and
 * the references `/cite` and `/attest` must resolve or reject.
 */
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import { makeDecision } from './decisions.ts';

const text = (...paragraphs: string[]): string => paragraphs.join('\n\n');

/** Sentences other tests quote verbatim. */
export const QUOTES = {
  bge2_1:
    'Eine Kündigung ist anfechtbar, wenn sie gegen den Grundsatz von Treu und Glauben verstösst.',
  bger2_1: 'Der Mieter kann die Kündigung innert dreissig Tagen anfechten.',
} as const;

export const BGE_140_III_86 = makeDecision({
  court: 'bge',
  docket_number: 'BGE 140 III 86',
  decision_date: '2014-05-22',
  language: 'de',
  title: 'Mietrecht; Anfechtung der Kündigung',
  regeste: 'Art. 271 OR; Anfechtung der Kündigung.',
  full_text: text(
    'Urteilskopf',
    '140 III 86',
    '12. Auszug aus dem Urteil der I. zivilrechtlichen Abteilung i.S. A. gegen B. AG (Beschwerde in Zivilsachen)',
    '4A_714/2013 vom 22. Mai 2014',
    'Regeste (de)',
    'Art. 271 OR; Anfechtung der Kündigung. Eine Kündigung ist anfechtbar, wenn sie gegen Treu und Glauben verstösst (E. 2.1). Die Beweislast trägt der Mieter (E. 3).',
    'Regeste (fr)',
    "Art. 271 CO; contestation du congé. Le congé est annulable lorsqu'il contrevient aux règles de la bonne foi (consid. 2.1). Le fardeau de la preuve incombe au locataire (consid. 3).",
    'Regesto (it)',
    "Art. 271 CO; contestazione della disdetta. La disdetta è annullabile se contraria alla buona fede (consid. 2.1). L'onere della prova incombe al conduttore (consid. 3).",
    'Sachverhalt ab Seite 87',
    'A. Die Vermieterin kündigte das Mietverhältnis auf den nächsten Termin.',
    'B. Das Obergericht des Kantons Zürich wies die Berufung ab.',
    'Aus den Erwägungen:',
    '1. Die Beschwerde in Zivilsachen ist zulässig.',
    '2. Streitig ist, ob die Kündigung missbräuchlich ist.',
    `2.1 ${QUOTES.bge2_1} Dies ist namentlich der Fall, wenn sie ohne schützenswertes Interesse ausgesprochen wird.`,
    'Seite 88',
    '2.2 Die Vorinstanz hat festgestellt, dass die Vermieterin ein schützenswertes Interesse hatte.',
    '3. Die Beweislast für die Missbräuchlichkeit trägt der Mieter. Art. 8 ZGB ist nicht verletzt.',
    'Seite 89',
    '4. Die Beschwerde ist abzuweisen.',
    'Demnach erkennt das Bundesgericht:',
    '1. Die Beschwerde wird abgewiesen.',
    '2. Die Gerichtskosten werden dem Beschwerdeführer auferlegt.',
  ),
});

export const BGE_140_III_96 = makeDecision({
  court: 'bge',
  docket_number: 'BGE 140 III 96',
  decision_date: '2014-06-10',
  language: 'fr',
  title: 'Bail; résiliation',
  full_text: text(
    'Chapeau',
    '140 III 96',
    "13. Extrait de l'arrêt de la Ire Cour de droit civil dans la cause X. contre Y. SA (recours en matière civile)",
    '4A_20/2014 du 10 juin 2014',
    'Regeste (fr)',
    'Art. 266l CO; forme du congé. Le congé doit être donné sur formule officielle (consid. 3.1).',
    'Faits à partir de page 97',
    'A. Le bailleur a résilié le bail par lettre simple.',
    'Page 98',
    'Extrait des considérants:',
    '3.1 Le congé qui ne respecte pas la forme prescrite est nul.',
    '3.2 La nullité peut être invoquée en tout temps.',
    'Page 101',
    'Par ces motifs, le Tribunal fédéral prononce :',
    '1. Le recours est rejeté.',
  ),
});

export const BGE_131_III_121 = makeDecision({
  court: 'bge',
  docket_number: 'BGE 131 III 121',
  decision_date: '2005-03-01',
  language: 'de',
  title: 'Sperrfrist',
  full_text: text(
    'Urteilskopf',
    '131 III 121',
    'Regeste',
    'Art. 271a OR; die Sperrfrist beginnt mit dem Abschluss des Schlichtungsverfahrens (E. 2).',
    'Aus den Erwägungen:',
    '2. Die Sperrfrist beginnt mit dem Abschluss des Schlichtungsverfahrens.',
    'Demnach erkennt das Bundesgericht:',
    '1. Die Berufung wird abgewiesen.',
  ),
});

export const BGER_4A_714_2014 = makeDecision({
  court: 'bger',
  docket_number: '4A_714/2014',
  decision_date: '2015-05-22',
  language: 'de',
  chamber: 'I. zivilrechtliche Abteilung',
  title: 'Mietvertrag; Kündigung',
  full_text: text(
    'Bundesgericht',
    'Tribunal fédéral',
    '4A_714/2014',
    'Urteil vom 22. Mai 2015',
    'I. zivilrechtliche Abteilung',
    'Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich vom 15. September 2022 (LB220012).',
    'Regeste',
    'Art. 273 OR; Frist zur Anfechtung der Kündigung (E. 2.1).',
    'Sachverhalt:',
    'A. Die Vermieterin kündigte den Mietvertrag.',
    'B. Das Obergericht wies die Berufung ab.',
    'Erwägungen:',
    '1. Die Beschwerde ist zulässig.',
    '1.1. Das angefochtene Urteil ist ein Endentscheid.',
    '1.2. Die Beschwerdefrist ist eingehalten.',
    '2. Streitig ist die Anfechtungsfrist.',
    `2.1. ${QUOTES.bger2_1} Dies ergibt sich aus Art. 273 Abs. 1 OR (BGE 140 III 86 E. 2.1).`,
    '2.2. Die Frist ist eine Verwirkungsfrist.',
    '3. Die Beschwerde ist abzuweisen.',
    'Demnach erkennt das Bundesgericht:',
    '1. Die Beschwerde wird abgewiesen.',
    'Lausanne, 22. Mai 2015',
    'Im Namen der I. zivilrechtlichen Abteilung des Schweizerischen Bundesgerichts',
  ),
});

export const BGER_4A_741_2014 = makeDecision({
  court: 'bger',
  docket_number: '4A_741/2014',
  decision_date: '2015-02-03',
  language: 'de',
  full_text: text('Bundesgericht', '4A_741/2014', 'Erwägungen:', '1. Auf die Beschwerde ist nicht einzutreten.', 'Demnach erkennt das Bundesgericht:', '1. Auf die Beschwerde wird nicht eingetreten.'),
});

export const BGER_4A_714_2013 = makeDecision({
  court: 'bger',
  docket_number: '4A_714/2013',
  decision_date: '2014-05-22',
  language: 'de',
  full_text: text('Bundesgericht', '4A_714/2013', 'Erwägungen:', '1. Die Beschwerde ist zulässig.', 'Demnach erkennt das Bundesgericht:', '1. Die Beschwerde wird abgewiesen.'),
});

export const BGER_2A_123_2005 = makeDecision({
  court: 'bger',
  docket_number: '2A.123/2005',
  decision_date: '2005-06-01',
  language: 'fr',
  chamber: 'IIe Cour de droit public',
  title: 'Égalité de traitement',
  full_text: text(
    'Tribunal fédéral',
    '2A.123/2005',
    'Arrêt du 1er juin 2005',
    'IIe Cour de droit public',
    'Regeste',
    "Art. 8 Cst.; égalité de traitement. Notion de situations comparables (consid. 2a). Portée de la jurisprudence (consid. 4).",
    'Faits :',
    'A. X. a requis une autorisation.',
    'B. Le Tribunal administratif a rejeté le recours.',
    'Considérant en droit :',
    '1. Le recours de droit administratif est recevable.',
    "2. Le recourant invoque une violation de l'égalité de traitement.",
    "a) Selon la jurisprudence, une décision viole le principe de l'égalité lorsqu'elle établit des distinctions juridiques qui ne se justifient par aucun motif raisonnable.",
    "aa) Le principe ne s'applique qu'aux situations comparables.",
    "bb) En l'espèce, les situations ne sont pas comparables.",
    'b) Partant, le grief doit être rejeté.',
    '3. Le recours est mal fondé.',
    'Par ces motifs, le Tribunal fédéral prononce :',
    '1. Le recours est rejeté.',
    '2. Les frais judiciaires sont mis à la charge du recourant.',
    'Lausanne, 1er juin 2005',
    'Au nom de la IIe Cour de droit public du Tribunal fédéral suisse',
  ),
});

export const BGER_I_594_01 = makeDecision({
  court: 'bger',
  docket_number: 'I 594/01',
  decision_date: '2002-03-04',
  language: 'de',
  chamber: 'Eidgenössisches Versicherungsgericht',
  full_text: text('Eidgenössisches Versicherungsgericht', 'I 594/01', 'Urteil vom 4. März 2002', 'Erwägungen:', '1. Streitig ist der Anspruch auf eine Invalidenrente.', '2. Die Verwaltungsgerichtsbeschwerde ist abzuweisen.', 'Demnach erkennt das Eidg. Versicherungsgericht:', '1. Die Verwaltungsgerichtsbeschwerde wird abgewiesen.'),
});

export const BVGER_A_1234_2020 = makeDecision({
  court: 'bvger',
  docket_number: 'A-1234/2020',
  decision_date: '2021-03-03',
  language: 'de',
  chamber: 'Abteilung I',
  full_text: text(
    'Bundesverwaltungsgericht',
    'Abteilung I',
    'A-1234/2020',
    'Urteil vom 3. März 2021',
    'Publiziert als BVGE 2021 I/5',
    'Regeste',
    'Datenschutz; Auskunftsrecht (E. 1.2).',
    'Sachverhalt:',
    'A. Der Beschwerdeführer verlangte Auskunft.',
    'Erwägungen:',
    '1. Das Bundesverwaltungsgericht ist zuständig.',
    '1.1 Die Beschwerde ist fristgerecht.',
    '1.2 Das Auskunftsrecht umfasst alle Daten über die betroffene Person.',
    '2. Die Beschwerde ist gutzuheissen.',
    'Demnach erkennt das Bundesverwaltungsgericht:',
    '1. Die Beschwerde wird gutgeheissen.',
  ),
});

export const BSTGER_SK_2019_42 = makeDecision({
  court: 'bstger',
  docket_number: 'SK.2019.42',
  decision_date: '2019-11-12',
  language: 'it',
  chamber: 'Corte penale',
  full_text: text(
    'Tribunale penale federale',
    'SK.2019.42',
    'Sentenza del 12 novembre 2019',
    'Regesto',
    'Art. 305bis CP; riciclaggio di denaro (consid. 2.1).',
    'Fatti:',
    "A. Il Ministero pubblico della Confederazione ha promosso l'accusa.",
    'Considerando in diritto:',
    '1. La Corte è competente.',
    "2. L'imputato ha compiuto atti idonei a vanificare la confisca.",
    '2.1 Il riciclaggio di denaro presuppone un crimine a monte.',
    'Per questi motivi, la Corte pronuncia:',
    "1. L'imputato è riconosciuto colpevole.",
  ),
});

export const BPATGER_O2018_001 = makeDecision({
  court: 'bpatger',
  docket_number: 'O2018_001',
  decision_date: '2019-04-02',
  language: 'de',
  full_text: text('Bundespatentgericht', 'O2018_001', 'Urteil vom 2. April 2019', 'Sachverhalt:', 'A. Die Klägerin ist Inhaberin eines Patents.', 'Erwägungen:', '1. Das Bundespatentgericht ist zuständig.', '2. Das Patent ist nichtig.', '2.1 Die Erfindung ist naheliegend.', 'Demnach erkennt das Bundespatentgericht:', '1. Die Klage wird gutgeheissen.'),
});

export const MKG_14_3 = makeDecision({
  court: 'mkg',
  docket_number: 'MKGE 14 Nr. 3',
  decision_date: '2012-10-01',
  language: 'fr',
  full_text: text(
    'Tribunal militaire de cassation',
    'MKGE 14 Nr. 3',
    'Arrêt du 1er octobre 2012',
    'Regeste',
    'Refus de servir; motifs de conscience (consid. 2).',
    'Faits :',
    "A. L'accusé a refusé de servir.",
    'Considérant en droit :',
    '1. Le pourvoi est recevable.',
    "2. Les motifs de conscience n'ont pas été établis.",
    'Par ces motifs, le Tribunal militaire de cassation prononce :',
    '1. Le pourvoi est rejeté.',
  ),
});

export const ZH_LB220012 = makeDecision({
  court: 'zh_obergericht',
  docket_number: 'LB220012',
  decision_date: '2022-09-15',
  language: 'de',
  chamber: 'I. Zivilkammer',
  full_text: text(
    'Obergericht des Kantons Zürich',
    'I. Zivilkammer',
    'Geschäfts-Nr.: LB220012',
    'Urteil vom 15. September 2022',
    'Regeste',
    'Art. 269 OR; missbräuchlicher Mietzins (E. 2.1).',
    'Sachverhalt:',
    'A. Die Mieterin focht den Anfangsmietzins an.',
    'Erwägungen:',
    '1. Die Berufung ist zulässig.',
    '2. Die Parteien streiten über den Mietzins.',
    '2.1 Der Mietzins ist missbräuchlich, wenn er übersetzt ist.',
    '140 Wohnungen der Überbauung wurden gleichzeitig vermietet.',
    '12. Mai 2021 war der Stichtag der Vergleichsberechnung.',
    '7. Die Vergleichsmieten sind massgebend.',
    '2.1 Die Vorinstanz hat dies zutreffend dargelegt.',
    '3. Die Berufung ist abzuweisen.',
    'Demnach erkennt das Obergericht:',
    '1. Die Berufung wird abgewiesen.',
    'Zürich, 15. September 2022',
    'Im Namen des Obergerichts des Kantons Zürich',
  ),
});

export const GE_ACJC_123_2021 = makeDecision({
  court: 'ge_gerichte',
  docket_number: 'ACJC/123/2021',
  decision_date: '2021-09-01',
  language: 'fr',
  full_text: text(
    'Cour de justice du canton de Genève',
    'ACJC/123/2021',
    'Arrêt du 1er septembre 2021',
    'Faits :',
    'A. Le contrat de travail a été résilié avec effet immédiat.',
    'Considérant en droit :',
    "Le licenciement immédiat suppose de justes motifs. En l'espèce, de tels motifs font défaut.",
    "L'appel est donc bien fondé.",
    'Par ces motifs, la Cour prononce :',
    "1. L'appel est admis.",
  ),
});

export const TI_12_2020_1 = makeDecision({
  court: 'ti_gerichte',
  docket_number: '12.2020.1',
  decision_date: '2020-02-20',
  language: 'it',
  full_text: text(
    "Tribunale d'appello del Cantone Ticino",
    'Incarto n. 12.2020.1',
    'Sentenza del 20 febbraio 2020',
    'Fatti:',
    'A. Il convenuto ha danneggiato il veicolo della parte attrice.',
    'B. Il pretore ha respinto la petizione.',
    '1. Il ricorso è tempestivo.',
    '2. Nel merito occorre esaminare la responsabilità del convenuto.',
    '2.1 Il diritto al risarcimento presuppone la responsabilità del convenuto.',
    "3. Ne segue che l'appello va respinto.",
    "1. L'appello è respinto.",
    "2. Le spese giudiziarie sono poste a carico dell'appellante.",
    'Lugano, 20 febbraio 2020',
  ),
});

export const CITATION_CORPUS: readonly NormalisedDecision[] = [
  BGE_140_III_86,
  BGE_140_III_96,
  BGE_131_III_121,
  BGER_4A_714_2014,
  BGER_4A_741_2014,
  BGER_4A_714_2013,
  BGER_2A_123_2005,
  BGER_I_594_01,
  BVGER_A_1234_2020,
  BSTGER_SK_2019_42,
  BPATGER_O2018_001,
  MKG_14_3,
  ZH_LB220012,
  GE_ACJC_123_2021,
  TI_12_2020_1,
];
