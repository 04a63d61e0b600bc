import type { StatuteSpec } from './laws.ts';

/** Legal areas of the synthetic corpus with aligned vocabulary in German, French and Italian. */
export type AreaId =
  | 'tenancy'
  | 'employment'
  | 'contracts'
  | 'liability'
  | 'family'
  | 'debt'
  | 'patents'
  | 'criminal'
  | 'crimproc'
  | 'military'
  | 'tax'
  | 'asylum'
  | 'migration'
  | 'procurement'
  | 'dataprot'
  | 'building'
  | 'competition'
  | 'finmarket'
  | 'social';

export type AreaGroup = 'civil' | 'criminal' | 'public' | 'social';

/** A phrase in the three languages; list entries with the same index translate each other. */
export type Tri = readonly [de: string, fr: string, it: string];

export interface Area {
  readonly id: AreaId;
  readonly group: AreaGroup;
  /** Legal-area label (Sachgebiet). */
  readonly name: Tri;
  /** Subject lines for "Gegenstand / Objet / Oggetto". */
  readonly subjects: readonly Tri[];
  /** Noun phrases in the nominative with their article, used as sentence subjects. */
  readonly terms: readonly Tri[];
  readonly statutes: readonly StatuteSpec[];
  /** Opponent party: `{B}` = anonymised private party, `{canton}` = canton name in the language. */
  readonly opponent: Tri;
  /** Fact sentences: {A}, {B}, {date}, {amount}, {city}. */
  readonly facts: readonly Tri[];
  /** Cantonal act topic cited with § / art. in cantonal decisions. */
  readonly cantonalTopic?: 'tax' | 'building' | 'procedure' | 'courts';
}

// prettier-ignore
export const AREAS: Readonly<Record<AreaId, Area>> = {
  tenancy: {
    id: 'tenancy', group: 'civil',
    name: ['Mietrecht', 'Droit du bail', 'Diritto di locazione'],
    subjects: [
      ['Mietvertrag; ausserordentliche Kündigung', 'Bail à loyer; résiliation extraordinaire', 'Contratto di locazione; disdetta straordinaria'],
      ['Mietvertrag; Anfechtung des Anfangsmietzinses', 'Bail à loyer; contestation du loyer initial', 'Locazione; contestazione della pigione iniziale'],
      ['Mieterstreckung', 'Prolongation du bail', 'Protrazione della locazione'],
      ['Ausweisung', 'Expulsion du locataire', 'Sfratto'],
    ],
    terms: [
      ['die ausserordentliche Kündigung', 'la résiliation extraordinaire', 'la disdetta straordinaria'],
      ['der Zahlungsverzug des Mieters', 'la demeure du locataire', 'la mora del conduttore'],
      ['die Anfechtbarkeit der Kündigung', "l'annulabilité du congé", "l'annullabilità della disdetta"],
      ['der missbräuchliche Mietzins', 'le loyer abusif', 'la pigione abusiva'],
      ['die Erstreckung des Mietverhältnisses', 'la prolongation du bail', 'la protrazione della locazione'],
      ['der Eigenbedarf der Vermieterin', 'le besoin propre de la bailleresse', 'il bisogno personale della locatrice'],
    ],
    statutes: [['OR', '253'], ['OR', '257d', 2], ['OR', '257f', 3], ['OR', '266l', 2], ['OR', '266n'], ['OR', '269'], ['OR', '269a', 1, true], ['OR', '270', 2], ['OR', '271', 2], ['OR', '271a', 3, true], ['OR', '272', 2], ['ZPO', '243', 2, true], ['ZPO', '257', 1, true]],
    opponent: ['{B} AG', '{B} SA', '{B} SA'],
    facts: [
      ['Mit Vertrag vom {date} mietete {A} von der {B} AG eine 4½-Zimmerwohnung in {city} zu einem monatlichen Mietzins von {amount}.', 'Par contrat du {date}, {A} a pris à bail un appartement de 4 pièces et demie à {city} appartenant à {B} SA, pour un loyer mensuel de {amount}.', 'Con contratto del {date}, {A} ha preso in locazione da {B} SA un appartamento di 4 locali e mezzo a {city} per una pigione mensile di {amount}.'],
      ['Am {date} kündigte die Vermieterin das Mietverhältnis wegen Zahlungsrückständen auf Ende des folgenden Monats.', 'Le {date}, la bailleresse a résilié le bail pour défaut de paiement du loyer avec effet à la fin du mois suivant.', 'Il {date} la locatrice ha disdetto la locazione per mora nel pagamento della pigione con effetto alla fine del mese successivo.'],
      ['{A} focht die Kündigung bei der Schlichtungsbehörde an und verlangte eventualiter die Erstreckung des Mietverhältnisses.', "{A} a contesté le congé devant l'autorité de conciliation et a requis subsidiairement une prolongation du bail.", "{A} ha contestato la disdetta davanti all'autorità di conciliazione e ha chiesto in via subordinata la protrazione della locazione."],
    ],
  },
  employment: {
    id: 'employment', group: 'civil',
    name: ['Arbeitsrecht', 'Droit du travail', 'Diritto del lavoro'],
    subjects: [
      ['Arbeitsvertrag; fristlose Entlassung', 'Contrat de travail; licenciement immédiat', 'Contratto di lavoro; licenziamento immediato'],
      ['Arbeitsvertrag; missbräuchliche Kündigung', 'Contrat de travail; congé abusif', 'Contratto di lavoro; disdetta abusiva'],
      ['Forderung aus Arbeitsvertrag; Überstunden', 'Prétentions découlant du contrat de travail; heures supplémentaires', 'Pretese derivanti dal contratto di lavoro; ore supplementari'],
    ],
    terms: [
      ['die fristlose Entlassung', 'le licenciement immédiat', 'il licenziamento immediato'],
      ['die missbräuchliche Kündigung', 'le congé abusif', 'la disdetta abusiva'],
      ['der wichtige Grund', 'le juste motif', 'il motivo grave'],
      ['die Lohnfortzahlungspflicht der Arbeitgeberin', "l'obligation de l'employeuse de verser le salaire", "l'obbligo della datrice di lavoro di continuare a pagare il salario"],
      ['die Entschädigung für Überstunden', "l'indemnisation des heures supplémentaires", "l'indennità per ore supplementari"],
      ['die Sorgfaltspflicht des Arbeitnehmers', "le devoir de diligence du travailleur", "il dovere di diligenza del lavoratore"],
    ],
    statutes: [['OR', '319', 2], ['OR', '321c', 3], ['OR', '321e', 2], ['OR', '324a', 4], ['OR', '335c', 3], ['OR', '336', 2, true], ['OR', '336a', 3], ['OR', '337', 3], ['OR', '337c', 3], ['OR', '339', 2], ['ZGB', '8'], ['ZPO', '55', 2]],
    opponent: ['{B} AG', '{B} SA', '{B} SA'],
    facts: [
      ['{A} war seit dem {date} bei der {B} AG als Projektleiter angestellt; der Bruttolohn betrug zuletzt {amount} pro Monat.', "{A} a été engagé dès le {date} par {B} SA en qualité de chef de projet; son salaire mensuel brut s'élevait en dernier lieu à {amount}.", '{A} era impiegato dal {date} presso {B} SA quale capoprogetto; il salario mensile lordo ammontava da ultimo a {amount}.'],
      ['Mit Schreiben vom {date} löste die Arbeitgeberin das Arbeitsverhältnis fristlos auf.', "Par courrier du {date}, l'employeuse a résilié le contrat de travail avec effet immédiat.", 'Con lettera del {date} la datrice di lavoro ha disdetto il rapporto di lavoro con effetto immediato.'],
      ['{A} klagte in der Folge auf Zahlung von {amount} nebst Zins.', '{A} a ensuite ouvert action en paiement de {amount} plus intérêts.', '{A} ha in seguito promosso azione per il pagamento di {amount} oltre interessi.'],
    ],
  },
  contracts: {
    id: 'contracts', group: 'civil',
    name: ['Vertragsrecht', 'Droit des contrats', 'Diritto contrattuale'],
    subjects: [
      ['Werkvertrag; Mängelrechte', "Contrat d'entreprise; garantie pour les défauts", "Contratto d'appalto; garanzia per i difetti"],
      ['Kaufvertrag; Grundlagenirrtum', 'Contrat de vente; erreur essentielle', 'Contratto di compravendita; errore essenziale'],
      ['Auftrag; Honorarforderung', "Mandat; prétention en paiement d'honoraires", 'Mandato; pretesa di onorario'],
      ['Vertragsauslegung; Forderung', 'Interprétation du contrat; prétention pécuniaire', 'Interpretazione del contratto; pretesa pecuniaria'],
    ],
    terms: [
      ['die Auslegung des Vertrags nach dem Vertrauensprinzip', "l'interprétation du contrat selon le principe de la confiance", "l'interpretazione del contratto secondo il principio dell'affidamento"],
      ['der Grundlagenirrtum', "l'erreur essentielle", "l'errore essenziale"],
      ['die rechtzeitige Mängelrüge', "l'avis des défauts en temps utile", "la tempestiva notifica dei difetti"],
      ['der Schuldnerverzug', 'la demeure du débiteur', 'la mora del debitore'],
      ['der tatsächliche Konsens der Parteien', 'la réelle et commune intention des parties', 'la reale e concorde volontà delle parti'],
      ['die jederzeitige Auflösbarkeit des Auftrags', 'la révocabilité du mandat en tout temps', 'la revocabilità del mandato in ogni tempo'],
    ],
    statutes: [['OR', '1', 2], ['OR', '6a', 2], ['OR', '18', 2], ['OR', '23'], ['OR', '24', 2], ['OR', '28', 2], ['OR', '97', 2], ['OR', '102', 2], ['OR', '107', 2], ['OR', '184', 3], ['OR', '197', 2], ['OR', '201', 3], ['OR', '363'], ['OR', '368', 3], ['OR', '394', 3], ['OR', '404', 2], ['ZGB', '2', 2]],
    opponent: ['{B} GmbH', '{B} Sàrl', '{B} Sagl'],
    facts: [
      ['Am {date} schlossen {A} und die {B} GmbH einen Vertrag über die Lieferung und Montage einer Produktionsanlage zum Preis von {amount}.', "Le {date}, {A} et {B} Sàrl ont conclu un contrat portant sur la livraison et le montage d'une installation de production pour le prix de {amount}.", "Il {date} {A} e {B} Sagl hanno concluso un contratto per la fornitura e il montaggio di un impianto di produzione al prezzo di {amount}."],
      ['In der Folge machte {A} geltend, das Werk weise erhebliche Mängel auf, und verweigerte die Zahlung des Restbetrags.', "{A} a ensuite fait valoir que l'ouvrage présentait des défauts importants et a refusé de payer le solde du prix.", "{A} ha in seguito fatto valere che l'opera presentava difetti rilevanti e ha rifiutato il pagamento del saldo."],
      ['Die Parteien verhandelten bis im Frühjahr über eine aussergerichtliche Einigung, jedoch ohne Erfolg.', "Les parties ont négocié jusqu'au printemps en vue d'un accord extrajudiciaire, sans succès.", 'Le parti hanno trattato fino alla primavera in vista di un accordo extragiudiziale, senza successo.'],
    ],
  },
  liability: {
    id: 'liability', group: 'civil',
    name: ['Haftpflichtrecht', 'Responsabilité civile', 'Responsabilità civile'],
    subjects: [
      ['Haftpflicht; Schadenersatz und Genugtuung', 'Responsabilité civile; dommages-intérêts et tort moral', 'Responsabilità civile; risarcimento e riparazione morale'],
      ['Haftung des Werkeigentümers', "Responsabilité du propriétaire d'ouvrage", "Responsabilità del proprietario dell'opera"],
      ['Motorfahrzeughaftpflicht', 'Responsabilité civile du détenteur de véhicule automobile', 'Responsabilità civile del detentore di veicoli a motore'],
    ],
    terms: [
      ['der adäquate Kausalzusammenhang', 'le lien de causalité adéquate', 'il nesso di causalità adeguata'],
      ['der Haushaltschaden', 'le préjudice ménager', 'il danno domestico'],
      ['die Haftung des Werkeigentümers', "la responsabilité du propriétaire d'ouvrage", "la responsabilità del proprietario dell'opera"],
      ['das Selbstverschulden des Geschädigten', 'la faute concomitante du lésé', 'la colpa concomitante del danneggiato'],
      ['die Bemessung der Genugtuung', "la fixation de l'indemnité pour tort moral", "la determinazione della riparazione morale"],
    ],
    statutes: [['OR', '41', 2], ['OR', '42', 3], ['OR', '43', 2], ['OR', '44', 2], ['OR', '47'], ['OR', '55', 2], ['OR', '58', 2], ['SVG', '58', 4], ['SVG', '65', 3], ['ZGB', '8']],
    opponent: ['{B} Versicherungen AG', '{B} Assurances SA', '{B} Assicurazioni SA'],
    facts: [
      ['Am {date} wurde {A} in {city} als Fussgänger von einem Personenwagen erfasst und erheblich verletzt.', 'Le {date}, {A} a été happé par une voiture à {city} alors qu’il circulait à pied et a été grièvement blessé.', 'Il {date}, a {city}, {A} è stato investito da un’automobile mentre camminava ed è rimasto gravemente ferito.'],
      ['Die Haftpflichtversicherung des Halters anerkannte ihre Haftung grundsätzlich, bestritt aber den Umfang des Schadens.', "L'assurance responsabilité civile du détenteur a reconnu sa responsabilité dans son principe, mais a contesté l'étendue du dommage.", "L'assicurazione di responsabilità civile del detentore ha riconosciuto la propria responsabilità nel principio, contestando tuttavia l'entità del danno."],
      ['{A} verlangte Schadenersatz von {amount} sowie eine Genugtuung.', '{A} a réclamé des dommages-intérêts de {amount} ainsi qu’une indemnité pour tort moral.', '{A} ha chiesto un risarcimento di {amount} e una riparazione morale.'],
    ],
  },
  family: {
    id: 'family', group: 'civil',
    name: ['Familienrecht', 'Droit de la famille', 'Diritto di famiglia'],
    subjects: [
      ['Ehescheidung; nachehelicher Unterhalt', 'Divorce; contribution d’entretien post-divorce', 'Divorzio; contributo di mantenimento dopo il divorzio'],
      ['Eheschutz; Kindesunterhalt', 'Mesures protectrices de l’union conjugale; entretien de l’enfant', "Misure a protezione dell'unione coniugale; mantenimento del figlio"],
      ['Elterliche Sorge und persönlicher Verkehr', 'Autorité parentale et relations personnelles', 'Autorità parentale e relazioni personali'],
    ],
    terms: [
      ['der gebührende Unterhalt', "l'entretien convenable", 'il debito mantenimento'],
      ['die Leistungsfähigkeit des Unterhaltspflichtigen', 'la capacité contributive du débirentier', 'la capacità contributiva del debitore alimentare'],
      ['das hypothetische Einkommen', 'le revenu hypothétique', 'il reddito ipotetico'],
      ['das Kindeswohl', "le bien de l'enfant", 'il bene del figlio'],
      ['die alternierende Obhut', 'la garde alternée', 'la custodia alternata'],
      ['die zweistufige Methode mit Überschussverteilung', "la méthode en deux étapes avec répartition de l'excédent", "il metodo bifase con ripartizione dell'eccedenza"],
    ],
    statutes: [['ZGB', '111'], ['ZGB', '114'], ['ZGB', '125', 3], ['ZGB', '133', 3], ['ZGB', '176', 3], ['ZGB', '273', 3], ['ZGB', '276', 3], ['ZGB', '285', 3], ['ZGB', '296', 2], ['ZGB', '298', 3], ['ZPO', '276', 3], ['ZPO', '296', 3]],
    opponent: ['{B}', '{B}', '{B}'],
    facts: [
      ['{A} und {B} heirateten am {date}; aus der Ehe gingen zwei Kinder hervor.', '{A} et {B} se sont mariés le {date}; deux enfants sont issus de leur union.', '{A} e {B} si sono sposati il {date}; dall’unione sono nati due figli.'],
      ['Seit dem Frühjahr leben die Ehegatten getrennt; die Kinder wohnen bei der Mutter in {city}.', 'Les époux vivent séparés depuis le printemps; les enfants vivent auprès de leur mère à {city}.', 'I coniugi vivono separati dalla primavera; i figli vivono presso la madre a {city}.'],
      ['Strittig ist vor allem der Unterhaltsbeitrag von monatlich {amount}.', "Seule demeure litigieuse, pour l'essentiel, la contribution d'entretien mensuelle de {amount}.", 'È litigioso soprattutto il contributo di mantenimento mensile di {amount}.'],
    ],
  },
  debt: {
    id: 'debt', group: 'civil',
    name: ['Schuldbetreibungs- und Konkursrecht', 'Poursuite pour dettes et faillite', 'Esecuzione e fallimenti'],
    subjects: [
      ['Provisorische Rechtsöffnung', 'Mainlevée provisoire de l’opposition', "Rigetto provvisorio dell'opposizione"],
      ['Pfändung; Existenzminimum', 'Saisie; minimum vital', 'Pignoramento; minimo esistenziale'],
      ['Konkurseröffnung', 'Ouverture de la faillite', 'Dichiarazione di fallimento'],
    ],
    terms: [
      ['die Schuldanerkennung', 'la reconnaissance de dette', 'il riconoscimento di debito'],
      ['die provisorische Rechtsöffnung', "la mainlevée provisoire", 'il rigetto provvisorio'],
      ['das betreibungsrechtliche Existenzminimum', 'le minimum vital du droit des poursuites', 'il minimo esistenziale del diritto esecutivo'],
      ['die Zahlungsunfähigkeit der Schuldnerin', "l'insolvabilité de la débitrice", "l'insolvenza della debitrice"],
      ['die Beschwerde an die Aufsichtsbehörde', "la plainte à l'autorité de surveillance", "il ricorso all'autorità di vigilanza"],
    ],
    statutes: [['SchKG', '17', 3], ['SchKG', '67', 3], ['SchKG', '74', 3], ['SchKG', '80', 2], ['SchKG', '82', 2], ['SchKG', '83', 2], ['SchKG', '84', 2], ['SchKG', '93', 3], ['SchKG', '149', 4], ['SchKG', '265a', 4], ['SchKG', '171'], ['SchKG', '174', 3]],
    opponent: ['{B} AG', '{B} SA', '{B} SA'],
    facts: [
      ['Die {B} AG betrieb {A} mit Zahlungsbefehl vom {date} für {amount} nebst Zins.', "{B} SA a fait notifier à {A} un commandement de payer le {date} portant sur {amount} plus intérêts.", '{B} SA ha fatto notificare a {A} un precetto esecutivo il {date} per {amount} oltre interessi.'],
      ['{A} erhob Rechtsvorschlag.', '{A} a formé opposition.', '{A} ha interposto opposizione.'],
      ['Die Gläubigerin stützte ihr Rechtsöffnungsbegehren auf einen Darlehensvertrag.', 'La créancière a fondé sa requête de mainlevée sur un contrat de prêt.', "La creditrice ha fondato l'istanza di rigetto su un contratto di mutuo."],
    ],
  },
  patents: {
    id: 'patents', group: 'civil',
    name: ['Patentrecht', 'Droit des brevets', 'Diritto dei brevetti'],
    subjects: [
      ['Patentverletzung; vorsorgliche Massnahmen', 'Violation de brevet; mesures provisionnelles', 'Violazione di brevetto; provvedimenti cautelari'],
      ['Nichtigkeit eines Patents', "Nullité d'un brevet", 'Nullità di un brevetto'],
    ],
    terms: [
      ['die erfinderische Tätigkeit', "l'activité inventive", "l'attività inventiva"],
      ['die Neuheit der Erfindung', "la nouveauté de l'invention", "la novità dell'invenzione"],
      ['der Schutzbereich des Patents', "l'étendue de la protection du brevet", "l'ambito di protezione del brevetto"],
      ['die Nachahmung mit äquivalenten Mitteln', "l'imitation par des moyens équivalents", "l'imitazione con mezzi equivalenti"],
    ],
    statutes: [['PatG', '1', 2], ['PatG', '7', 2], ['PatG', '26', 1, true], ['PatG', '66', 1, true], ['PatG', '72', 2], ['PatG', '77', 3], ['ZPO', '261', 2, true]],
    opponent: ['{B} AG', '{B} SA', '{B} SA'],
    facts: [
      ['Die {A} AG ist Inhaberin des europäischen Patents EP 2 345 678, das mit Wirkung für die Schweiz erteilt wurde.', "{A} SA est titulaire du brevet européen EP 2 345 678, délivré avec effet pour la Suisse.", '{A} SA è titolare del brevetto europeo EP 2 345 678, rilasciato con effetto per la Svizzera.'],
      ['Sie wirft der {B} AG vor, seit dem {date} ein patentverletzendes Verfahren anzuwenden.', "Elle reproche à {B} SA d'utiliser depuis le {date} un procédé qui viole son brevet.", 'Essa rimprovera a {B} SA di utilizzare dal {date} un procedimento lesivo del brevetto.'],
    ],
  },
  criminal: {
    id: 'criminal', group: 'criminal',
    name: ['Strafrecht', 'Droit pénal', 'Diritto penale'],
    subjects: [
      ['Mehrfacher Betrug; Strafzumessung', 'Escroquerie par métier; fixation de la peine', 'Truffa ripetuta; commisurazione della pena'],
      ['Qualifizierte Widerhandlung gegen das Betäubungsmittelgesetz', 'Infraction grave à la loi sur les stupéfiants', 'Infrazione aggravata alla legge sugli stupefacenti'],
      ['Landesverweisung', 'Expulsion', 'Espulsione'],
      ['Schwere Körperverletzung; Notwehr', 'Lésions corporelles graves; légitime défense', 'Lesioni gravi; legittima difesa'],
    ],
    terms: [
      ['die arglistige Täuschung', "l'astuce", "l'inganno astuto"],
      ['die Strafzumessung', 'la fixation de la peine', 'la commisurazione della pena'],
      ['der Eventualvorsatz', 'le dol éventuel', 'il dolo eventuale'],
      ['die obligatorische Landesverweisung', "l'expulsion obligatoire", "l'espulsione obbligatoria"],
      ['der persönliche Härtefall', 'le cas de rigueur', 'il caso di rigore'],
      ['die rechtfertigende Notwehr', 'la légitime défense', 'la legittima difesa'],
    ],
    statutes: [['StGB', '12', 2], ['StGB', '19', 2], ['StGB', '47', 2], ['StGB', '49', 1], ['StGB', '50'], ['StGB', '66a', 2, true], ['StGB', '15'], ['StGB', '122'], ['StGB', '123', 2], ['StGB', '139', 2], ['StGB', '146', 2], ['StGB', '187', 1], ['StGB', '260ter', 1, true], ['StGB', '305bis', 2, true], ['BetmG', '19', 2, true], ['EMRK', '8', 2]],
    opponent: ['Oberstaatsanwaltschaft des Kantons {canton}', 'Ministère public du canton de {canton}', 'Ministero pubblico del Cantone {canton}'],
    facts: [
      ['Das Bezirksgericht {city} sprach {A} am {date} des mehrfachen Betrugs schuldig.', 'Le Tribunal de police de {city} a reconnu {A} coupable d’escroquerie par métier le {date}.', 'Il {date} la Corte delle assise correzionali di {city} ha riconosciuto {A} autore colpevole di truffa ripetuta.'],
      ['Es bestrafte ihn mit einer Freiheitsstrafe von 30 Monaten, teilweise bedingt, und ordnete eine Landesverweisung von sieben Jahren an.', "Il l'a condamné à une peine privative de liberté de 30 mois, partiellement avec sursis, et a ordonné son expulsion pour sept ans.", 'Lo ha condannato a una pena detentiva di 30 mesi, parzialmente sospesa, e ha ordinato la sua espulsione per sette anni.'],
      ['Der Deliktsbetrag beläuft sich gemäss Anklage auf {amount}.', "Selon l'acte d'accusation, le montant du préjudice s'élève à {amount}.", "Secondo l'atto d'accusa, il danno ammonta a {amount}."],
    ],
  },
  crimproc: {
    id: 'crimproc', group: 'criminal',
    name: ['Strafprozess', 'Procédure pénale', 'Procedura penale'],
    subjects: [
      ['Untersuchungshaft', 'Détention provisoire', 'Carcerazione preventiva'],
      ['Einstellung des Strafverfahrens', 'Classement de la procédure pénale', 'Abbandono del procedimento penale'],
      ['Entsiegelung; Beschlagnahme', 'Levée des scellés; séquestre', 'Dissigillamento; sequestro'],
      ['Internationale Rechtshilfe in Strafsachen', 'Entraide judiciaire internationale en matière pénale', 'Assistenza giudiziaria internazionale in materia penale'],
    ],
    terms: [
      ['der dringende Tatverdacht', 'les forts soupçons', 'i gravi indizi di colpevolezza'],
      ['die Fluchtgefahr', 'le risque de fuite', 'il pericolo di fuga'],
      ['das Beschleunigungsgebot', 'le principe de célérité', 'il principio di celerità'],
      ['der Grundsatz "in dubio pro duriore"', 'le principe "in dubio pro duriore"', 'il principio "in dubio pro duriore"'],
      ['die Verwertbarkeit der Beweismittel', "l'exploitabilité des moyens de preuve", "l'utilizzabilità dei mezzi di prova"],
      ['die Verhältnismässigkeit der Zwangsmassnahme', 'la proportionnalité de la mesure de contrainte', 'la proporzionalità del provvedimento coercitivo'],
    ],
    statutes: [['StPO', '5', 2], ['StPO', '6', 2], ['StPO', '141', 5], ['StPO', '197', 2, true], ['StPO', '221', 2, true], ['StPO', '226', 5], ['StPO', '248', 4], ['StPO', '319', 2, true], ['StPO', '382', 3], ['StPO', '393', 2, true], ['BV', '29', 3], ['BV', '31', 4], ['EMRK', '5', 5], ['IRSG', '1a'], ['IRSG', '74', 4]],
    opponent: ['Staatsanwaltschaft des Kantons {canton}', 'Ministère public du canton de {canton}', 'Ministero pubblico del Cantone {canton}'],
    facts: [
      ['Die Staatsanwaltschaft führt gegen {A} eine Strafuntersuchung wegen Verdachts auf gewerbsmässigen Betrug.', "Le Ministère public conduit une instruction pénale contre {A} pour escroquerie par métier.", "Il Ministero pubblico conduce un'istruzione penale nei confronti di {A} per truffa per mestiere."],
      ['{A} wurde am {date} festgenommen und befindet sich seither in Untersuchungshaft.', '{A} a été arrêté le {date} et se trouve depuis lors en détention provisoire.', '{A} è stato arrestato il {date} e da allora si trova in carcerazione preventiva.'],
      ['Anlässlich einer Hausdurchsuchung in {city} wurden Datenträger sichergestellt.', 'Lors d’une perquisition effectuée à {city}, des supports de données ont été saisis.', 'In occasione di una perquisizione a {city} sono stati sequestrati supporti di dati.'],
    ],
  },
  military: {
    id: 'military', group: 'criminal',
    name: ['Militärstrafrecht', 'Droit pénal militaire', 'Diritto penale militare'],
    subjects: [
      ['Dienstverweigerung', 'Refus de servir', 'Rifiuto del servizio'],
      ['Ungehorsam; Wachtvergehen', 'Insoumission; violation des devoirs de garde', 'Disobbedienza; violazione dei doveri di guardia'],
    ],
    terms: [
      ['die Dienstverweigerung aus Gewissensgründen', 'le refus de servir pour des motifs de conscience', 'il rifiuto del servizio per motivi di coscienza'],
      ['der Ungehorsam gegen eine Dienstvorschrift', "l'insoumission à une prescription de service", "la disobbedienza a una prescrizione di servizio"],
      ['die Missachtung der Wachtvorschriften', 'la violation des prescriptions de garde', 'la violazione delle prescrizioni di guardia'],
    ],
    statutes: [['MStG', '61', 2], ['MStG', '81', 2], ['MStG', '82'], ['MStG', '84'], ['MStG', '115'], ['MStP', '184', 1, true], ['EMRK', '6', 3, true]],
    opponent: ['Oberauditor', "Auditeur en chef", 'Uditore in capo'],
    facts: [
      ['{A} leistete am {date} den Einrückungsbefehl für den Wiederholungskurs nicht Folge.', "{A} n'a pas donné suite, le {date}, à l'ordre de marche pour le cours de répétition.", '{A} non ha dato seguito, il {date}, all’ordine di marcia per il corso di ripetizione.'],
      ['Das Militärgericht verurteilte ihn zu einer bedingten Geldstrafe.', 'Le Tribunal militaire l’a condamné à une peine pécuniaire avec sursis.', 'Il Tribunale militare lo ha condannato a una pena pecuniaria sospesa condizionalmente.'],
    ],
  },
  tax: {
    id: 'tax', group: 'public', cantonalTopic: 'tax',
    name: ['Steuerrecht', 'Droit fiscal', 'Diritto tributario'],
    subjects: [
      ['Staats- und Gemeindesteuern sowie direkte Bundessteuer', "Impôts cantonal et communal et impôt fédéral direct", 'Imposte cantonale e comunale e imposta federale diretta'],
      ['Verdeckte Gewinnausschüttung', 'Distribution dissimulée de bénéfice', 'Distribuzione dissimulata di utili'],
      ['Steuerhinterziehung', "Soustraction d'impôt", 'Sottrazione d’imposta'],
    ],
    terms: [
      ['die verdeckte Gewinnausschüttung', 'la distribution dissimulée de bénéfice', 'la distribuzione dissimulata di utili'],
      ['der steuerrechtliche Wohnsitz', 'le domicile fiscal', 'il domicilio fiscale'],
      ['die Abzugsfähigkeit der Liegenschaftsunterhaltskosten', "la déductibilité des frais d'entretien d'immeubles", 'la deducibilità delle spese di manutenzione degli immobili'],
      ['die gewerbsmässige Liegenschaftenhändlerei', "le commerce professionnel d'immeubles", 'il commercio professionale di immobili'],
      ['die Nachsteuer', "le rappel d'impôt", 'il ricupero d’imposta'],
      ['die Steuerumgehung', "l'évasion fiscale", "l'elusione fiscale"],
    ],
    statutes: [['DBG', '16', 3], ['DBG', '18', 2], ['DBG', '20', 1, true], ['DBG', '22'], ['DBG', '33', 1, true], ['DBG', '37bis', 1], ['DBG', '58', 1, true], ['DBG', '127', 1, true], ['DBG', '151', 1], ['DBG', '175', 2], ['StHG', '7', 1], ['StHG', '23', 1, true], ['BV', '127', 2], ['BV', '8', 2]],
    opponent: ['Kantonales Steueramt {canton}', "Administration fiscale cantonale de {canton}", 'Divisione delle contribuzioni del Cantone {canton}'],
    facts: [
      ['{A} ist Alleinaktionär der {B} AG mit Sitz in {city}.', "{A} est l'actionnaire unique de {B} SA, dont le siège est à {city}.", '{A} è l’azionista unico di {B} SA, con sede a {city}.'],
      ['Mit Veranlagungsverfügung vom {date} rechnete die Steuerbehörde ein steuerbares Einkommen von {amount} auf.', "Par décision de taxation du {date}, l'autorité fiscale a repris un revenu imposable de {amount}.", "Con decisione di tassazione del {date} l'autorità fiscale ha ripreso un reddito imponibile di {amount}."],
      ['Die dagegen erhobene Einsprache wurde abgewiesen.', 'La réclamation formée contre cette décision a été rejetée.', 'Il reclamo interposto contro tale decisione è stato respinto.'],
    ],
  },
  asylum: {
    id: 'asylum', group: 'public',
    name: ['Asylrecht', "Droit d'asile", "Diritto d'asilo"],
    subjects: [
      ['Asyl und Wegweisung', "Asile et renvoi", 'Asilo e allontanamento'],
      ['Wegweisung (Dublin-Verfahren)', 'Non-entrée en matière et renvoi (procédure Dublin)', 'Non entrata nel merito e allontanamento (procedura Dublino)'],
    ],
    terms: [
      ['die Flüchtlingseigenschaft', 'la qualité de réfugié', 'la qualità di rifugiato'],
      ['die Glaubhaftmachung der Verfolgung', 'la vraisemblance des persécutions', 'la verosimiglianza delle persecuzioni'],
      ['die Zumutbarkeit des Wegweisungsvollzugs', "l'exigibilité de l'exécution du renvoi", "l'esigibilità dell'esecuzione dell'allontanamento"],
      ['die Zuständigkeit des Dublin-Staates', "la compétence de l'Etat Dublin", 'la competenza dello Stato Dublino'],
    ],
    statutes: [['AsylG', '3', 2], ['AsylG', '7', 3], ['AsylG', '31a', 1, true], ['AsylG', '44'], ['AsylG', '54'], ['AIG', '83', 4], ['EMRK', '3'], ['BV', '25', 3], ['VwVG', '49', 1, true], ['VGG', '31']],
    opponent: ['Staatssekretariat für Migration (SEM)', "Secrétariat d'Etat aux migrations (SEM)", 'Segreteria di Stato della migrazione (SEM)'],
    facts: [
      ['{A} suchte am {date} in der Schweiz um Asyl nach.', "{A} a déposé une demande d'asile en Suisse le {date}.", "{A} ha presentato una domanda d'asilo in Svizzera il {date}."],
      ['Er machte geltend, in seinem Heimatstaat wegen seiner politischen Tätigkeit verfolgt worden zu sein.', "Il a allégué avoir été persécuté dans son pays d'origine en raison de ses activités politiques.", "Ha fatto valere di essere stato perseguitato nel suo Paese d'origine a causa delle sue attività politiche."],
      ['Das SEM lehnte das Asylgesuch ab und ordnete die Wegweisung an.', "Le SEM a rejeté la demande d'asile et prononcé le renvoi.", "La SEM ha respinto la domanda d'asilo e ordinato l'allontanamento."],
    ],
  },
  migration: {
    id: 'migration', group: 'public',
    name: ['Ausländerrecht', 'Droit des étrangers', 'Diritto degli stranieri'],
    subjects: [
      ['Widerruf der Niederlassungsbewilligung', "Révocation de l'autorisation d'établissement", "Revoca del permesso di domicilio"],
      ['Familiennachzug', 'Regroupement familial', 'Ricongiungimento familiare'],
      ['Nichtverlängerung der Aufenthaltsbewilligung', "Non-renouvellement de l'autorisation de séjour", 'Mancato rinnovo del permesso di dimora'],
    ],
    terms: [
      ['der Widerruf der Niederlassungsbewilligung', "la révocation de l'autorisation d'établissement", 'la revoca del permesso di domicilio'],
      ['die Verhältnismässigkeit der Wegweisung', 'la proportionnalité du renvoi', "la proporzionalità dell'allontanamento"],
      ['der Anspruch auf Familiennachzug', 'le droit au regroupement familial', 'il diritto al ricongiungimento familiare'],
      ['die erfolgreiche Integration', "l'intégration réussie", "l'integrazione riuscita"],
      ['die Sozialhilfeabhängigkeit', "la dépendance à l'aide sociale", "la dipendenza dall'aiuto sociale"],
    ],
    statutes: [['AIG', '30', 1, true], ['AIG', '42', 4], ['AIG', '43', 5], ['AIG', '50', 2, true], ['AIG', '62', 2, true], ['AIG', '63', 3, true], ['AIG', '96', 2], ['EMRK', '8', 2], ['FZA', '3'], ['BV', '13', 2]],
    opponent: ['Migrationsamt des Kantons {canton}', 'Service de la population du canton de {canton}', 'Sezione della popolazione del Cantone {canton}'],
    facts: [
      ['{A}, Staatsangehöriger eines Drittstaats, reiste am {date} in die Schweiz ein und erhielt im Rahmen des Familiennachzugs eine Aufenthaltsbewilligung.', "{A}, ressortissant d'un Etat tiers, est entré en Suisse le {date} et a obtenu une autorisation de séjour au titre du regroupement familial.", "{A}, cittadino di uno Stato terzo, è entrato in Svizzera il {date} e ha ottenuto un permesso di dimora nell’ambito del ricongiungimento familiare."],
      ['Er wurde in der Folge mehrfach straffällig und bezog Sozialhilfe im Umfang von {amount}.', "Il a par la suite été condamné à plusieurs reprises et a perçu des prestations d'aide sociale à hauteur de {amount}.", 'In seguito è stato condannato a più riprese e ha percepito prestazioni d’aiuto sociale per {amount}.'],
      ['Das Migrationsamt widerrief die Bewilligung und wies ihn aus der Schweiz weg.', "L'autorité cantonale a révoqué l'autorisation et prononcé son renvoi de Suisse.", "L'autorità cantonale ha revocato il permesso e pronunciato il suo allontanamento dalla Svizzera."],
    ],
  },
  procurement: {
    id: 'procurement', group: 'public',
    name: ['Öffentliches Beschaffungswesen', 'Marchés publics', 'Commesse pubbliche'],
    subjects: [
      ['Öffentliches Beschaffungswesen; Zuschlag', 'Marchés publics; adjudication', 'Commesse pubbliche; aggiudicazione'],
      ['Ausschluss vom Vergabeverfahren', "Exclusion de la procédure d'adjudication", "Esclusione dalla procedura d'aggiudicazione"],
    ],
    terms: [
      ['der Zuschlag an die Mitbewerberin', "l'adjudication à la concurrente", "l'aggiudicazione alla concorrente"],
      ['die Bewertung der Zuschlagskriterien', "l'évaluation des critères d'adjudication", "la valutazione dei criteri d'aggiudicazione"],
      ['der Ausschluss eines Angebots', "l'exclusion d'une offre", "l'esclusione di un'offerta"],
      ['die Gleichbehandlung der Anbieterinnen', 'l’égalité de traitement entre soumissionnaires', 'la parità di trattamento degli offerenti'],
    ],
    statutes: [['BöB', '8', 2], ['BöB', '29', 4], ['BöB', '41'], ['BöB', '44', 2, true], ['BöB', '51', 2], ['BV', '8', 1], ['BV', '27']],
    opponent: ['Bundesamt für Strassen (ASTRA)', 'Office fédéral des routes (OFROU)', 'Ufficio federale delle strade (USTRA)'],
    facts: [
      ['Die Vergabestelle schrieb am {date} die Erneuerung eines Autobahnabschnitts bei {city} im offenen Verfahren aus.', "Le pouvoir adjudicateur a mis au concours le {date}, en procédure ouverte, la réfection d'un tronçon autoroutier près de {city}.", "Il committente ha messo a concorso il {date}, in procedura libera, il rinnovo di una tratta autostradale presso {city}."],
      ['Die {A} AG reichte ein Angebot über {amount} ein, erhielt den Zuschlag jedoch nicht.', "{A} SA a déposé une offre de {amount}, mais n'a pas obtenu le marché.", "{A} SA ha inoltrato un'offerta di {amount}, senza tuttavia ottenere la commessa."],
    ],
  },
  dataprot: {
    id: 'dataprot', group: 'public',
    name: ['Datenschutz', 'Protection des données', 'Protezione dei dati'],
    subjects: [
      ['Datenschutz; Auskunftsrecht', 'Protection des données; droit d’accès', 'Protezione dei dati; diritto d’accesso'],
      ['Videoüberwachung; Persönlichkeitsschutz', 'Vidéosurveillance; protection de la personnalité', 'Videosorveglianza; protezione della personalità'],
    ],
    terms: [
      ['das datenschutzrechtliche Auskunftsrecht', "le droit d'accès aux données personnelles", "il diritto d'accesso ai dati personali"],
      ['die Verhältnismässigkeit der Datenbearbeitung', 'la proportionnalité du traitement des données', 'la proporzionalità del trattamento dei dati'],
      ['die Einwilligung der betroffenen Person', 'le consentement de la personne concernée', 'il consenso della persona interessata'],
      ['die Persönlichkeitsverletzung', "l'atteinte à la personnalité", 'la lesione della personalità'],
    ],
    statutes: [['DSG', '4', 5], ['DSG', '8', 3], ['DSG', '12', 2, true], ['DSG', '13', 2, true], ['DSG', '25', 3], ['BV', '13', 2], ['ZGB', '28', 2], ['ZGB', '28b', 2], ['EMRK', '8', 2]],
    opponent: ['Eidgenössischer Datenschutz- und Öffentlichkeitsbeauftragter (EDÖB)', 'Préposé fédéral à la protection des données et à la transparence (PFPDT)', 'Incaricato federale della protezione dei dati e della trasparenza (IFPDT)'],
    facts: [
      ['{A} verlangte am {date} von der {B} AG Auskunft über sämtliche ihn betreffenden Personendaten.', "Le {date}, {A} a demandé à {B} SA l'accès à toutes les données personnelles le concernant.", "Il {date} {A} ha chiesto a {B} SA l'accesso a tutti i dati personali che lo riguardano."],
      ['Die Gesellschaft erteilte nur teilweise Auskunft.', "La société n'a donné suite que partiellement à cette demande.", 'La società ha dato seguito solo parzialmente alla richiesta.'],
    ],
  },
  building: {
    id: 'building', group: 'public', cantonalTopic: 'building',
    name: ['Raumplanung und Baurecht', "Aménagement du territoire et droit des constructions", 'Pianificazione del territorio e diritto edilizio'],
    subjects: [
      ['Baubewilligung', 'Permis de construire', 'Licenza edilizia'],
      ['Bauen ausserhalb der Bauzone', 'Construction hors de la zone à bâtir', 'Costruzione fuori della zona edificabile'],
      ['Nutzungsplanung; Einzonung', "Plan d'affectation; classement en zone à bâtir", 'Piano di utilizzazione; attribuzione alla zona edificabile'],
    ],
    terms: [
      ['die Zonenkonformität des Bauvorhabens', 'la conformité du projet à la zone', 'la conformità di zona del progetto'],
      ['die Ausnahmebewilligung', "l'autorisation dérogatoire", "l'autorizzazione eccezionale"],
      ['die Einordnung in das Orts- und Landschaftsbild', "l'intégration dans le site", "l'inserimento nel paesaggio"],
      ['die Beschwerdelegitimation des Nachbarn', 'la qualité pour recourir du voisin', 'la legittimazione a ricorrere del vicino'],
      ['die Besitzstandsgarantie', 'la garantie de la situation acquise', 'la garanzia della situazione acquisita'],
    ],
    statutes: [['RPG', '15', 4], ['RPG', '16a', 3], ['RPG', '22', 3, true], ['RPG', '24', 1, true], ['RPG', '24c', 5], ['RPG', '33', 3, true], ['BV', '26', 2], ['BV', '75', 2], ['BV', '29', 2]],
    opponent: ['Baudirektion des Kantons {canton}', 'Département du territoire du canton de {canton}', 'Dipartimento del territorio del Cantone {canton}'],
    facts: [
      ['Die {A} AG ersuchte am {date} um die Bewilligung für den Neubau eines Mehrfamilienhauses in {city}.', "{A} SA a sollicité le {date} l'autorisation de construire un immeuble d'habitation à {city}.", "{A} SA ha chiesto il {date} il rilascio della licenza per la costruzione di una casa plurifamiliare a {city}."],
      ['Gegen das Bauvorhaben erhoben mehrere Nachbarn Einsprache.', 'Plusieurs voisins ont formé opposition au projet.', 'Diversi vicini si sono opposti al progetto.'],
      ['Die kommunale Baubehörde erteilte die Bewilligung unter Auflagen.', "L'autorité communale a délivré l'autorisation assortie de charges.", "L'autorità comunale ha rilasciato la licenza con oneri."],
    ],
  },
  competition: {
    id: 'competition', group: 'public',
    name: ['Wettbewerbsrecht', 'Droit de la concurrence', 'Diritto della concorrenza'],
    subjects: [
      ['Unzulässige Wettbewerbsabrede; Sanktion', 'Accord illicite; sanction', 'Accordo illecito; sanzione'],
      ['Missbrauch einer marktbeherrschenden Stellung', "Abus de position dominante", 'Abuso di posizione dominante'],
    ],
    terms: [
      ['die harte horizontale Abrede', "l'accord horizontal rigide", "l'accordo orizzontale rigido"],
      ['die Erheblichkeit der Wettbewerbsbeeinträchtigung', "la notabilité de l'atteinte à la concurrence", "la notevolezza del pregiudizio alla concorrenza"],
      ['die marktbeherrschende Stellung', 'la position dominante', 'la posizione dominante'],
      ['die Bemessung der Verwaltungssanktion', 'le calcul de la sanction administrative', 'il calcolo della sanzione amministrativa'],
    ],
    statutes: [['KG', '2', 2], ['KG', '4', 3], ['KG', '5', 4], ['KG', '7', 2, true], ['KG', '49a', 3], ['BV', '96', 2]],
    opponent: ['Wettbewerbskommission (WEKO)', 'Commission de la concurrence (COMCO)', 'Commissione della concorrenza (COMCO)'],
    facts: [
      ['Das Sekretariat der Wettbewerbskommission eröffnete am {date} eine Untersuchung gegen mehrere Bauunternehmen in der Region {city}.', 'Le secrétariat de la Commission de la concurrence a ouvert le {date} une enquête contre plusieurs entreprises de construction de la région de {city}.', 'Il segretariato della Commissione della concorrenza ha aperto il {date} un’inchiesta nei confronti di diverse imprese di costruzione della regione di {city}.'],
      ['Es bestand der Verdacht, dass die Unternehmen Preise und Offerten abgesprochen hatten.', 'Les entreprises étaient soupçonnées d’avoir coordonné leurs prix et leurs offres.', 'Le imprese erano sospettate di avere concordato prezzi e offerte.'],
      ['Gegen die {A} AG wurde eine Sanktion von {amount} verhängt.', 'Une sanction de {amount} a été infligée à {A} SA.', 'A {A} SA è stata inflitta una sanzione di {amount}.'],
    ],
  },
  finmarket: {
    id: 'finmarket', group: 'public',
    name: ['Finanzmarktaufsicht', 'Surveillance des marchés financiers', 'Vigilanza sui mercati finanziari'],
    subjects: [
      ['Unerlaubte Entgegennahme von Publikumseinlagen', "Acceptation illicite de dépôts du public", 'Accettazione illecita di depositi del pubblico'],
      ['Berufsverbot; Gewähr für einwandfreie Geschäftstätigkeit', "Interdiction d'exercer; garantie d'une activité irréprochable", "Divieto di esercizio della professione; garanzia di un'attività irreprensibile"],
    ],
    terms: [
      ['die Gewähr für eine einwandfreie Geschäftstätigkeit', "la garantie d'une activité irréprochable", "la garanzia di un'attività irreprensibile"],
      ['die bewilligungspflichtige Tätigkeit', "l'activité soumise à autorisation", "l'attività soggetta ad autorizzazione"],
      ['das Berufsverbot', "l'interdiction d'exercer", 'il divieto di esercizio della professione'],
      ['die Einziehung des widerrechtlich erzielten Gewinns', 'la confiscation du gain acquis illicitement', 'la confisca dell’utile conseguito illecitamente'],
    ],
    statutes: [['FINMAG', '31'], ['FINMAG', '32'], ['FINMAG', '33', 2], ['FINMAG', '35', 3], ['BankG', '1', 2], ['BankG', '3', 2, true], ['BankG', '23ter', 2], ['GwG', '6', 2], ['BV', '5', 2], ['BV', '5a']],
    opponent: ['Eidgenössische Finanzmarktaufsicht FINMA', 'Autorité fédérale de surveillance des marchés financiers FINMA', 'Autorità federale di vigilanza sui mercati finanziari FINMA'],
    facts: [
      ['Die {A} AG nahm zwischen dem {date} und dem Ende des Folgejahres von über 200 Anlegern Gelder im Umfang von {amount} entgegen.', "{A} SA a accepté entre le {date} et la fin de l'année suivante des fonds de plus de 200 investisseurs pour un montant de {amount}.", "{A} SA ha accettato tra il {date} e la fine dell'anno successivo fondi di oltre 200 investitori per un importo di {amount}."],
      ['Sie verfügte über keine Bewilligung als Bank.', "Elle ne disposait d'aucune autorisation en tant que banque.", 'Non disponeva di alcuna autorizzazione quale banca.'],
    ],
  },
  social: {
    id: 'social', group: 'social',
    name: ['Sozialversicherungsrecht', 'Droit des assurances sociales', 'Diritto delle assicurazioni sociali'],
    subjects: [
      ['Invalidenversicherung (Invalidenrente)', "Assurance-invalidité (rente d'invalidité)", "Assicurazione per l'invalidità (rendita d'invalidità)"],
      ['Unfallversicherung (Kausalzusammenhang)', 'Assurance-accidents (lien de causalité)', 'Assicurazione contro gli infortuni (nesso di causalità)'],
      ['Alters- und Hinterlassenenversicherung (Beitragspflicht)', "Assurance-vieillesse et survivants (obligation de cotiser)", "Assicurazione vecchiaia e superstiti (obbligo contributivo)"],
    ],
    terms: [
      ['die Arbeitsunfähigkeit', "l'incapacité de travail", "l'incapacità lavorativa"],
      ['der Invaliditätsgrad', "le taux d'invalidité", "il grado d'invalidità"],
      ['der Beweiswert des medizinischen Gutachtens', "la valeur probante de l'expertise médicale", 'il valore probatorio della perizia medica'],
      ['der natürliche Kausalzusammenhang', 'le lien de causalité naturelle', 'il nesso di causalità naturale'],
      ['das strukturierte Beweisverfahren', 'la procédure probatoire structurée', 'la procedura probatoria strutturata'],
      ['die Schadenminderungspflicht', "l'obligation de réduire le dommage", "l'obbligo di ridurre il danno"],
    ],
    statutes: [['ATSG', '6'], ['ATSG', '7', 2], ['ATSG', '8', 3], ['ATSG', '16'], ['ATSG', '17', 2], ['ATSG', '43', 3], ['ATSG', '61', 1, true], ['IVG', '4', 2], ['IVG', '7', 2], ['IVG', '28', 2], ['IVG', '28a', 3], ['UVG', '6', 2], ['UVG', '18', 2], ['AHVG', '5', 2], ['BV', '29', 2]],
    opponent: ['IV-Stelle des Kantons {canton}', "Office de l'assurance-invalidité du canton de {canton}", "Ufficio dell'assicurazione invalidità del Cantone {canton}"],
    facts: [
      ['{A} meldete sich am {date} unter Hinweis auf Rückenbeschwerden bei der Invalidenversicherung zum Leistungsbezug an.', "{A} s'est annoncé le {date} auprès de l'assurance-invalidité en invoquant des douleurs dorsales.", "{A} si è annunciato il {date} all'assicurazione per l'invalidità adducendo dolori alla schiena."],
      ['Die IV-Stelle holte ein polydisziplinäres Gutachten ein.', "L'office AI a mis en œuvre une expertise pluridisciplinaire.", "L'Ufficio AI ha disposto una perizia pluridisciplinare."],
      ['Gestützt darauf verneinte sie einen Rentenanspruch, da der Invaliditätsgrad unter 40 % liege.', "Sur cette base, il a nié le droit à une rente, le taux d'invalidité étant inférieur à 40 %.", "Su questa base ha negato il diritto a una rendita, essendo il grado d'invalidità inferiore al 40 %."],
    ],
  },
};

export const AREA_IDS = Object.keys(AREAS) as AreaId[];
