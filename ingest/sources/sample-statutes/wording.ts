/**
 * The project's own synthetic statute wording (de/fr/it): sentence templates filled with the
 * vocabulary of a legal domain. Real structure, invented text: nothing here is quoted from an act.
 */
import type { Rng } from '../sample/prng.ts';

export type Lang = 'de' | 'fr' | 'it';
export type Tri = Readonly<Record<Lang, string>>;
export const tri = (de: string, fr: string, it: string): Tri => ({ de, fr, it });

export type Domain =
  | 'constitution'
  | 'civil'
  | 'obligations'
  | 'criminal'
  | 'procedure'
  | 'administrative'
  | 'social'
  | 'tax'
  | 'data'
  | 'migration'
  | 'finance'
  | 'transport'
  | 'environment'
  | 'labour'
  | 'treaty';

/** Plural noun phrases per domain: German without article, French and Italian with it. */
// prettier-ignore
const NOUNS: Readonly<Record<Domain, readonly Tri[]>> = {
  constitution: [tri('Grundrechte', 'les droits fondamentaux', 'i diritti fondamentali'), tri('Verfahrensgarantien', 'les garanties de procédure', 'le garanzie procedurali'), tri('Behörden des Bundes', 'les autorités fédérales', 'le autorità federali'), tri('politische Rechte', 'les droits politiques', 'i diritti politici')],
  civil: [tri('Grundstücke', 'les immeubles', 'i fondi'), tri('Erbschaften', 'les successions', 'le successioni'), tri('Dienstbarkeiten', 'les servitudes', 'le servitù'), tri('Vormundschaften', 'les curatelles', 'le curatele'), tri('Eheverträge', 'les contrats de mariage', 'le convenzioni matrimoniali')],
  obligations: [tri('Verträge', 'les contrats', 'i contratti'), tri('Forderungen', 'les créances', 'i crediti'), tri('Schadenersatzansprüche', 'les prétentions en dommages-intérêts', 'le pretese di risarcimento'), tri('Mietverhältnisse', 'les baux à loyer', 'le locazioni'), tri('Arbeitsverhältnisse', 'les rapports de travail', 'i rapporti di lavoro'), tri('Kündigungen', 'les résiliations', 'le disdette')],
  criminal: [tri('Straftaten', 'les infractions', 'i reati'), tri('Strafen', 'les peines', 'le pene'), tri('Massnahmen', 'les mesures', 'le misure'), tri('Vermögenswerte aus Verbrechen', 'les valeurs patrimoniales provenant d\'un crime', 'i valori patrimoniali provenienti da un crimine')],
  procedure: [tri('Klagen', 'les actions', 'le azioni'), tri('Beschwerden', 'les recours', 'i ricorsi'), tri('Beweismittel', 'les moyens de preuve', 'i mezzi di prova'), tri('Verfahrenskosten', 'les frais de procédure', 'le spese procedurali'), tri('Entscheide', 'les décisions', 'le decisioni')],
  administrative: [tri('Verfügungen', 'les décisions administratives', 'le decisioni amministrative'), tri('Gesuche', 'les requêtes', 'le istanze'), tri('Aufsichtsbehörden', 'les autorités de surveillance', 'le autorità di vigilanza'), tri('Gebühren', 'les émoluments', 'gli emolumenti')],
  social: [tri('Versicherte', 'les assurés', 'gli assicurati'), tri('Leistungen', 'les prestations', 'le prestazioni'), tri('Beiträge', 'les cotisations', 'i contributi'), tri('Renten', 'les rentes', 'le rendite'), tri('Vorsorgeeinrichtungen', 'les institutions de prévoyance', 'gli istituti di previdenza')],
  tax: [tri('Steuern', 'les impôts', 'le imposte'), tri('Einkünfte', 'les revenus', 'i redditi'), tri('Abzüge', 'les déductions', 'le deduzioni'), tri('Veranlagungen', 'les taxations', 'le tassazioni')],
  data: [tri('Personendaten', 'les données personnelles', 'i dati personali'), tri('Bearbeitungen', 'les traitements', 'i trattamenti'), tri('betroffene Personen', 'les personnes concernées', 'le persone interessate'), tri('Auskunftsbegehren', 'les demandes d\'accès', 'le domande d\'accesso')],
  migration: [tri('Aufenthaltsbewilligungen', 'les autorisations de séjour', 'i permessi di dimora'), tri('Asylgesuche', 'les demandes d\'asile', 'le domande d\'asilo'), tri('Wegweisungen', 'les renvois', 'gli allontanamenti'), tri('Integrationsmassnahmen', 'les mesures d\'intégration', 'le misure d\'integrazione')],
  finance: [tri('Finanzinstitute', 'les établissements financiers', 'gli istituti finanziari'), tri('Finanzintermediäre', 'les intermédiaires financiers', 'gli intermediari finanziari'), tri('Sorgfaltspflichten', 'les obligations de diligence', 'gli obblighi di diligenza'), tri('Meldungen', 'les communications', 'le comunicazioni')],
  transport: [tri('Fahrzeuge', 'les véhicules', 'i veicoli'), tri('Verkehrsregeln', 'les règles de la circulation', 'le norme della circolazione'), tri('Führerausweise', 'les permis de conduire', 'le licenze di condurre')],
  environment: [tri('Emissionen', 'les émissions', 'le emissioni'), tri('Bauzonen', 'les zones à bâtir', 'le zone edificabili'), tri('Abfälle', 'les déchets', 'i rifiuti'), tri('Gewässer', 'les eaux', 'le acque')],
  labour: [tri('Arbeitnehmer', 'les travailleurs', 'i lavoratori'), tri('Arbeitszeiten', 'les durées du travail', 'le durate del lavoro'), tri('Ruhezeiten', 'les temps de repos', 'i periodi di riposo')],
  treaty: [tri('Rechte', 'les droits', 'i diritti'), tri('Verpflichtungen', 'les obligations', 'gli obblighi'), tri('Ersuchen', 'les demandes', 'le domande'), tri('Mitteilungen', 'les communications', 'le comunicazioni')],
};

/** Who issues implementing rules: the Federal Council, a cantonal government, or the parties. */
export type Issuer = 'federal' | 'cantonal' | 'treaty';
// prettier-ignore
const ISSUER: Readonly<Record<Issuer, Tri>> = {
  federal: tri('Der Bundesrat', 'Le Conseil fédéral', 'Il Consiglio federale'),
  cantonal: tri('Der Regierungsrat', 'Le Conseil d\'Etat', 'Il Consiglio di Stato'),
  treaty: tri('Die Vertragsstaaten', 'Les Etats parties', 'Gli Stati parte'),
};

// prettier-ignore
const TEMPLATES: Readonly<Record<Lang, readonly string[]>> = {
  de: [
    'Dieser Erlass regelt {a} und {b}.',
    'Die zuständige Behörde entscheidet über {a} innert angemessener Frist.',
    'Wer {a} geltend macht, hat die erforderlichen Angaben zu machen.',
    '{I} erlässt die Ausführungsbestimmungen über {a}.',
    'Vorbehalten bleiben die besonderen Bestimmungen über {a}.',
    'Die Kantone vollziehen die Vorschriften über {a}, soweit nichts anderes bestimmt ist.',
    'Die Angaben über {a} sind während zehn Jahren aufzubewahren.',
    'Für {a} gelten die Grundsätze der Verhältnismässigkeit und von Treu und Glauben.',
  ],
  fr: [
    'Le présent acte règle {a} et {b}.',
    'L\'autorité compétente statue sur {a} dans un délai raisonnable.',
    'Quiconque invoque {a} fournit les indications nécessaires.',
    '{I} édicte les dispositions d\'exécution concernant {a}.',
    'Sont réservées les dispositions particulières concernant {a}.',
    'Les cantons exécutent les prescriptions concernant {a}, sauf disposition contraire.',
    'Les indications concernant {a} sont conservées pendant dix ans.',
    'Les principes de la proportionnalité et de la bonne foi s\'appliquent à l\'égard de {a}.',
  ],
  it: [
    'Il presente atto disciplina {a} e {b}.',
    'L\'autorità competente decide le questioni concernenti {a} entro un termine adeguato.',
    'Chi fa valere {a} fornisce le indicazioni necessarie.',
    '{I} emana le disposizioni d\'esecuzione concernenti {a}.',
    'Sono fatte salve le disposizioni particolari concernenti {a}.',
    'I Cantoni eseguono le prescrizioni concernenti {a}, salvo diversa disposizione.',
    'Le indicazioni concernenti {a} sono conservate per dieci anni.',
    'Per quanto concerne {a} si applicano i principi della proporzionalità e della buona fede.',
  ],
};

/** One invented sentence in the domain's vocabulary. */
export function sentence(rng: Rng, domain: Domain, lang: Lang, issuer: Issuer): string {
  const nouns = NOUNS[domain];
  const a = rng.pick(nouns)[lang];
  let b = rng.pick(nouns)[lang];
  if (b === a) b = (nouns[(nouns.findIndex((n) => n[lang] === a) + 1) % nouns.length] ?? nouns[0]!)[lang];
  return rng.pick(TEMPLATES[lang]).replace('{a}', a).replace('{b}', b).replace('{I}', ISSUER[issuer][lang]);
}

/** Generic article headings (invented, in the usual style). */
// prettier-ignore
export const GENERIC_HEADINGS: readonly Tri[] = [
  tri('Zweck', 'But', 'Scopo'), tri('Geltungsbereich', 'Champ d\'application', 'Campo d\'applicazione'),
  tri('Begriffe', 'Définitions', 'Definizioni'), tri('Zuständigkeit', 'Compétence', 'Competenza'),
  tri('Verfahren', 'Procédure', 'Procedura'), tri('Fristen', 'Délais', 'Termini'),
  tri('Rechtsmittel', 'Voies de droit', 'Rimedi giuridici'), tri('Aufsicht', 'Surveillance', 'Vigilanza'),
  tri('Gebühren', 'Emoluments', 'Emolumenti'), tri('Auskunftspflicht', 'Obligation de renseigner', 'Obbligo d\'informare'),
  tri('Zusammenarbeit', 'Collaboration', 'Collaborazione'), tri('Meldepflicht', 'Obligation d\'annoncer', 'Obbligo di notifica'),
  tri('Schweigepflicht', 'Secret de fonction', 'Segreto d\'ufficio'), tri('Ausnahmen', 'Exceptions', 'Eccezioni'),
  tri('Strafbestimmungen', 'Dispositions pénales', 'Disposizioni penali'), tri('Vollzug', 'Exécution', 'Esecuzione'),
];
export const FINAL_HEADINGS: readonly Tri[] = [
  tri('Übergangsbestimmung', 'Disposition transitoire', 'Disposizione transitoria'),
  tri('Inkrafttreten', 'Entrée en vigueur', 'Entrata in vigore'),
];

/** Chapter headings (invented). */
// prettier-ignore
export const CHAPTERS: readonly Tri[] = [
  tri('Allgemeine Bestimmungen', 'Dispositions générales', 'Disposizioni generali'),
  tri('Rechte und Pflichten', 'Droits et obligations', 'Diritti e obblighi'),
  tri('Verfahren und Zuständigkeit', 'Procédure et compétence', 'Procedura e competenza'),
  tri('Aufsicht und Sanktionen', 'Surveillance et sanctions', 'Vigilanza e sanzioni'),
  tri('Schlussbestimmungen', 'Dispositions finales', 'Disposizioni finali'),
];

export const CHAPTER_NUM: Tri = tri('{n}. Kapitel', 'Chapitre {n}', 'Capitolo {n}');
export const AMENDED_NOTE: Tri = tri(
  'Fassung gemäss Ziff. I des BG vom {d}, in Kraft seit {d2}',
  'Nouvelle teneur selon le ch. I de la LF du {d}, en vigueur depuis le {d2}',
  'Nuovo testo giusta la cifra I della LF del {d}, in vigore dal {d2}',
);
export const INSERTED_NOTE: Tri = tri(
  'Eingefügt durch Ziff. I des BG vom {d}, in Kraft seit {d2}',
  'Introduit par le ch. I de la LF du {d}, en vigueur depuis le {d2}',
  'Introdotto dalla cifra I della LF del {d}, in vigore dal {d2}',
);
export const LIST_INTRO: Tri = tri(
  'Als solche gelten insbesondere:',
  'Sont notamment considérés comme tels:',
  'Sono considerati tali segnatamente:',
);
export const STAND: Tri = tri('Stand am {d}', 'Etat le {d}', 'Stato {d}');
