import type { Tri } from './areas.ts';

/**
 * Sentence templates of the synthetic decisions. Slots: {T}/{T2} legal concept (nominative with
 * article), {S}/{S2} statute reference, {C}/{C2} citation, {LC} the lower instance, {P} the
 * appellant; a capitalised slot ({Tcap}, {LCcap}, {Pcap}) starts a sentence. Inline statutes
 * {S:ACT:ART[:PARA]} are formatted in the decision's language. French and Italian templates only
 * use statutes after an elided article ("l'{S}", "dell'{S}") and concepts where no preposition
 * contracts with their article.
 */
// prettier-ignore
export const REASONING: Readonly<Record<'de' | 'fr' | 'it', readonly string[]>> = {
  de: [
    'Nach der Rechtsprechung setzt {T} voraus, dass die Voraussetzungen von {S} erfüllt sind ({C}).',
    'Massgebend ist, ob {T} im konkreten Fall den Anforderungen von {S} genügt.',
    '{LCcap} hat erwogen, {T} sei mit {S} vereinbar.',
    '{Pcap} rügt, {LC} habe {S} verletzt, weil {T} zu Unrecht bejaht worden sei.',
    'Diese Rüge ist unbegründet.',
    'Es ist nicht ersichtlich, inwiefern {T} gegen {S} verstossen sollte.',
    'Willkür liegt nach ständiger Rechtsprechung nicht schon dann vor, wenn eine andere Lösung ebenfalls vertretbar erscheint ({C}).',
    'Der Anspruch auf rechtliches Gehör ({S:BV:29:2}) verlangt, dass die Behörde die Vorbringen der Parteien tatsächlich hört, prüft und in der Entscheidfindung berücksichtigt ({C}).',
    'Daran ändert nichts, dass {T} in der Lehre teilweise kritisiert wird ({C}).',
    'Ob {T} vorliegt, ist eine Rechtsfrage, die mit freier Kognition geprüft wird ({C}).',
    '{LCcap} durfte ohne Verletzung von Bundesrecht annehmen, dass {T} im vorliegenden Fall gegeben ist.',
    'Im Übrigen setzt sich {P} nicht hinreichend mit den Erwägungen im angefochtenen Entscheid auseinander.',
    'Wie {LC} zutreffend ausgeführt hat, ist {T} nach {S} zu beurteilen ({C}; {C2}).',
    'Gemäss {S} ist zudem {T2} zu berücksichtigen.',
    'Dies entspricht der bisherigen Praxis ({C}; {C2}).',
    'Der Sachverhalt ist insoweit unbestritten.',
    'Soweit {P} geltend macht, {T} sei nicht gegeben, kann dem nicht gefolgt werden.',
    'Die Auslegung von {S} hat vom Wortlaut der Bestimmung auszugehen ({C}).',
    'In {S} wird {T} nicht ausdrücklich geregelt; die Frage ist daher nach Sinn und Zweck der Norm zu beantworten.',
    'Zusammenfassend ergibt sich, dass {T} zu Recht bejaht wurde.',
    'Nach {S} in Verbindung mit {S2} ist von Amtes wegen zu prüfen, ob {T2} vorliegt.',
    'Die Beweiswürdigung der Vorinstanz ist nicht offensichtlich unrichtig ({C}).',
  ],
  fr: [
    'Selon la jurisprudence, {T} suppose que les conditions de l’{S} soient réunies ({C}).',
    'Il convient d’examiner si {T} répond aux exigences de l’{S}.',
    '{LCcap} a considéré que {T} était compatible avec l’{S}.',
    '{Pcap} reproche à {LC} d’avoir violé l’{S} en admettant {T}.',
    'Ce grief est mal fondé.',
    'On ne voit pas en quoi {T} violerait l’{S}.',
    'Selon la jurisprudence constante, l’arbitraire ne résulte pas du seul fait qu’une autre solution serait concevable, voire préférable ({C}).',
    'Le droit d’être entendu ({S:BV:29:2}) impose à l’autorité d’examiner les arguments des parties et d’en tenir compte dans sa décision ({C}).',
    'Les critiques formulées par une partie de la doctrine n’y changent rien ({C}).',
    'La question de savoir si les conditions de l’{S} sont remplies relève du droit et est examinée librement ({C}).',
    '{LCcap} pouvait admettre sans violer le droit fédéral que {T} entrait en ligne de compte en l’espèce.',
    'Pour le surplus, {P} ne discute pas de manière suffisante la motivation de la décision attaquée.',
    'Comme l’a relevé à juste titre {LC}, {T} s’apprécie au regard de l’{S} ({C}; {C2}).',
    'L’{S} impose en outre de prendre en considération l’ensemble des circonstances.',
    'Cette solution correspond à la pratique constante ({C}; {C2}).',
    'Les faits ne sont pas contestés sur ce point.',
    'Dans la mesure où {P} soutient que {T} ferait défaut, son argumentation ne peut être suivie.',
    'L’interprétation de l’{S} part de la lettre de la disposition ({C}).',
    'L’{S} ne règle pas expressément cette question, qui doit dès lors être résolue selon le sens et le but de la norme.',
    'Il s’ensuit que la décision attaquée ne viole pas le droit fédéral sur ce point.',
    'En vertu de l’{S} en relation avec l’{S2}, il y a lieu d’examiner d’office {T2}.',
    'L’appréciation des preuves par l’autorité précédente n’est pas manifestement inexacte ({C}).',
  ],
  it: [
    'Secondo la giurisprudenza, {T} presuppone che siano adempiute le condizioni dell’{S} ({C}).',
    'Occorre esaminare se {T} soddisfa i requisiti dell’{S}.',
    '{LCcap} ha ritenuto che {T} fosse compatibile con l’{S}.',
    '{Pcap} sostiene che {LC} abbia violato l’{S} ammettendo {T}.',
    'La censura è infondata.',
    'Non si vede in che misura {T} violerebbe l’{S}.',
    'Secondo costante giurisprudenza, l’arbitrio non si realizza già qualora un’altra soluzione sia immaginabile o addirittura preferibile ({C}).',
    'Il diritto di essere sentito ({S:BV:29:2}) impone all’autorità di esaminare le argomentazioni delle parti e di tenerne conto nella decisione ({C}).',
    'Le critiche espresse da parte della dottrina non mutano questa conclusione ({C}).',
    'La questione di sapere se le condizioni dell’{S} siano adempiute è una questione di diritto esaminata liberamente ({C}).',
    '{LCcap} poteva ammettere senza violare il diritto federale che {T} entrasse in considerazione nella fattispecie.',
    'Per il resto, {P} non si confronta in modo sufficiente con la motivazione della decisione impugnata.',
    'Come ha rilevato a ragione {LC}, {T} si valuta alla luce dell’{S} ({C}; {C2}).',
    'L’{S} impone inoltre di considerare tutte le circostanze del caso.',
    'Tale soluzione corrisponde alla prassi costante ({C}; {C2}).',
    'I fatti non sono contestati su questo punto.',
    'Nella misura in cui {P} sostiene che {T} farebbe difetto, la sua argomentazione non può essere seguita.',
    'L’interpretazione dell’{S} parte dal tenore letterale della norma ({C}).',
    'L’{S} non disciplina espressamente tale questione, che va pertanto risolta secondo il senso e lo scopo della norma.',
    'Ne consegue che la decisione impugnata non viola il diritto federale su questo punto.',
    'In virtù dell’{S} in relazione con l’{S2}, occorre esaminare d’ufficio {T2}.',
    'L’apprezzamento delle prove dell’autorità inferiore non è manifestamente inesatto ({C}).',
  ],
};

/** A sentence that only carries further citations, for citations left over. */
/** Templates that presuppose an appeal against a lower instance (not for first-instance decisions). */
export const APPEAL_ONLY =
  /Vorinstanz|angefochtenen|autorité précédente|décision attaquée|autorità inferiore|decisione impugnata|\{LC/;

export const SEE_ALSO: Tri = ['Vgl. auch {C}.', 'Voir également {C}.', 'Cfr. anche {C}.'];
export const CITE_PREFIX: Tri = ['vgl. ', 'cf. ', 'cfr. '];

/** First Erwägung (admissibility) per procedure kind. */
// prettier-ignore
export const ADMISSIBILITY: Readonly<Record<'federalModern' | 'federalOld' | 'civilAppeal' | 'appeal' | 'criminalTrial' | 'regulator', readonly Tri[]>> = {
  federalModern: [
    ['Das Bundesgericht prüft seine Zuständigkeit und die weiteren Eintretensvoraussetzungen von Amtes wegen und mit freier Kognition ({C}).', 'Le Tribunal fédéral examine d’office et librement sa compétence et la recevabilité des recours qui lui sont soumis ({C}).', 'Il Tribunale federale esamina d’ufficio e con piena cognizione la sua competenza e l’ammissibilità dei ricorsi che gli sono sottoposti ({C}).'],
    ['Der angefochtene Entscheid ist ein Endentscheid ({S:BGG:90}) einer letzten kantonalen Instanz ({S:BGG:75:1}).', 'La décision attaquée est une décision finale ({S:BGG:90}) rendue par une autorité cantonale de dernière instance ({S:BGG:75:1}).', 'La decisione impugnata è una decisione finale ({S:BGG:90}) emanata da un’autorità cantonale di ultima istanza ({S:BGG:75:1}).'],
    ['Das Bundesgericht legt seinem Urteil den Sachverhalt zugrunde, den die Vorinstanz festgestellt hat ({S:BGG:105:1}).', 'Le Tribunal fédéral statue sur la base des faits établis par l’autorité précédente ({S:BGG:105:1}).', 'Il Tribunale federale fonda il suo giudizio sui fatti accertati dall’autorità inferiore ({S:BGG:105:1}).'],
    ['Es wendet das Recht von Amtes wegen an ({S:BGG:106:1}), prüft aber grundsätzlich nur die geltend gemachten Rügen ({S:BGG:42:2}).', 'Il applique le droit d’office ({S:BGG:106:1}), mais n’examine en principe que les griefs invoqués ({S:BGG:42:2}).', 'Esso applica d’ufficio il diritto ({S:BGG:106:1}), ma esamina di regola solo le censure sollevate ({S:BGG:42:2}).'],
  ],
  federalOld: [
    ['Das Bundesgericht prüft die Zulässigkeit des Rechtsmittels von Amtes wegen und mit freier Kognition ({C}).', 'Le Tribunal fédéral examine d’office et librement la recevabilité du recours ({C}).', 'Il Tribunale federale esamina d’ufficio e liberamente l’ammissibilità del ricorso ({C}).'],
    ['Die Rechtsschrift genügt den gesetzlichen Begründungsanforderungen nur teilweise.', 'Le mémoire ne satisfait que partiellement aux exigences légales de motivation.', 'L’allegato soddisfa solo in parte le esigenze legali di motivazione.'],
  ],
  civilAppeal: [
    ['Das Rechtsmittel ist innert der gesetzlichen Frist und formgerecht eingereicht worden.', 'Le recours a été interjeté en temps utile et dans les formes prescrites.', 'Il rimedio è stato interposto tempestivamente e nelle forme prescritte.'],
    ['Mit der Berufung können die unrichtige Rechtsanwendung und die unrichtige Feststellung des Sachverhalts geltend gemacht werden ({S:ZPO:310}).', 'L’appel peut être formé pour violation du droit et constatation inexacte des faits ({S:ZPO:310}).', 'Con l’appello si possono far valere l’errata applicazione del diritto e l’errato accertamento dei fatti ({S:ZPO:310}).'],
  ],
  appeal: [
    ['Die Beschwerde ist frist- und formgerecht eingereicht worden; auf sie ist einzutreten.', 'Le recours a été déposé en temps utile et dans les formes prescrites; il est recevable.', 'Il ricorso è stato presentato tempestivamente e nelle forme prescritte; esso è quindi ricevibile.'],
    ['Das Gericht prüft den angefochtenen Entscheid auf Rechtsverletzungen einschliesslich Ermessensmissbrauch sowie auf unrichtige Sachverhaltsfeststellung.', 'Le Tribunal examine la décision attaquée sous l’angle de la violation du droit, y compris l’abus du pouvoir d’appréciation, et de la constatation inexacte des faits.', 'Il Tribunale esamina la decisione impugnata sotto il profilo della violazione del diritto, compreso l’abuso del potere di apprezzamento, e dell’accertamento inesatto dei fatti.'],
  ],
  criminalTrial: [
    ['Die Zuständigkeit des Gerichts ist gegeben und wurde von den Parteien nicht bestritten.', 'La compétence de la Cour est donnée et n’a pas été contestée par les parties.', 'La competenza della Corte è data e non è stata contestata dalle parti.'],
  ],
  regulator: [
    ['Die Behörde ist für den Erlass dieser Verfügung sachlich zuständig.', 'L’autorité est compétente à raison de la matière pour rendre la présente décision.', 'L’autorità è competente per materia a emanare la presente decisione.'],
  ],
};

/** Regeste sentences; {e} is a paragraph number, {S} a statute, {T} a concept. */
// prettier-ignore
export const REGESTE: readonly Tri[] = [
  ['{Tcap} setzt voraus, dass die Voraussetzungen von {S} erfüllt sind (E. {e}).', '{Tcap} suppose que les conditions de l’{S} soient réunies (consid. {e}).', '{Tcap} presuppone che siano adempiute le condizioni dell’{S} (consid. {e}).'],
  ['Zusammenfassung der Rechtsprechung (E. {e}).', 'Résumé de la jurisprudence (consid. {e}).', 'Riassunto della giurisprudenza (consid. {e}).'],
  ['Die Vorinstanz durfte ohne Willkür annehmen, dass die Voraussetzungen von {S} erfüllt sind (E. {e}).', 'L’autorité précédente pouvait admettre sans arbitraire que les conditions de l’{S} étaient remplies (consid. {e}).', 'L’autorità inferiore poteva ammettere senza arbitrio che le condizioni dell’{S} fossero adempiute (consid. {e}).'],
  ['Frage offengelassen, ob {T} auch im Anwendungsbereich von {S} eine Rolle spielt (E. {e}).', 'Question laissée ouverte de savoir si {T} joue également un rôle dans le champ d’application de l’{S} (consid. {e}).', 'Lasciata aperta la questione di sapere se {T} abbia un ruolo anche nel campo d’applicazione dell’{S} (consid. {e}).'],
  ['Präzisierung der Rechtsprechung zu {S} (E. {e}).', 'Précision de la jurisprudence relative à l’{S} (consid. {e}).', 'Precisazione della giurisprudenza relativa all’{S} (consid. {e}).'],
  ['Auslegung von {S}; {T} ist nach objektiven Kriterien zu beurteilen (E. {e}).', 'Interprétation de l’{S}; {T} s’apprécie selon des critères objectifs (consid. {e}).', 'Interpretazione dell’{S}; {T} si valuta secondo criteri oggettivi (consid. {e}).'],
];

export type Outcome = 'dismissed' | 'partly' | 'granted' | 'inadmissible';

// prettier-ignore
export const OUTCOME_ITEMS: Readonly<Record<'appeal' | 'civilAppeal', Readonly<Record<Outcome, Tri>>>> = {
  appeal: {
    dismissed: ['Die Beschwerde wird abgewiesen, soweit darauf einzutreten ist.', 'Le recours est rejeté dans la mesure où il est recevable.', 'Nella misura in cui è ammissibile, il ricorso è respinto.'],
    partly: ['Die Beschwerde wird teilweise gutgeheissen und die Sache zu neuer Entscheidung an die Vorinstanz zurückgewiesen. Im Übrigen wird die Beschwerde abgewiesen.', 'Le recours est partiellement admis et la cause renvoyée à l’autorité précédente pour nouvelle décision. Il est rejeté pour le surplus.', 'Il ricorso è parzialmente accolto e la causa è rinviata all’autorità inferiore per nuova decisione. Per il resto il ricorso è respinto.'],
    granted: ['Die Beschwerde wird gutgeheissen und der angefochtene Entscheid aufgehoben.', 'Le recours est admis et la décision attaquée est annulée.', 'Il ricorso è accolto e la decisione impugnata è annullata.'],
    inadmissible: ['Auf die Beschwerde wird nicht eingetreten.', 'Le recours est irrecevable.', 'Il ricorso è inammissibile.'],
  },
  civilAppeal: {
    dismissed: ['Die Berufung wird abgewiesen, und der angefochtene Entscheid wird bestätigt.', 'L’appel est rejeté et le jugement attaqué est confirmé.', 'L’appello è respinto e la sentenza impugnata è confermata.'],
    partly: ['Die Berufung wird teilweise gutgeheissen.', 'L’appel est partiellement admis.', 'L’appello è parzialmente accolto.'],
    granted: ['Die Berufung wird gutgeheissen, und der angefochtene Entscheid wird aufgehoben.', 'L’appel est admis et le jugement attaqué est annulé.', 'L’appello è accolto e la sentenza impugnata è annullata.'],
    inadmissible: ['Auf die Berufung wird nicht eingetreten.', 'L’appel est irrecevable.', 'L’appello è irricevibile.'],
  },
};

// prettier-ignore
export const SECTION: Readonly<Record<string, Tri>> = {
  composition: ['Besetzung', 'Composition', 'Composizione'],
  parties: ['Verfahrensbeteiligte', 'Participants à la procédure', 'Parti'],
  against: ['gegen', 'contre', 'contro'],
  subject: ['Gegenstand', 'Objet', 'Oggetto'],
  regeste: ['Regeste', 'Regeste', 'Regesto'],
  facts: ['Sachverhalt:', 'Faits :', 'Fatti:'],
  considerations: ['Erwägungen:', 'Considérant en droit :', 'Considerando in diritto:'],
  considerationsOld: ['Das Bundesgericht zieht in Erwägung:', 'Considérant en droit :', 'Considerando in diritto:'],
  considerationsBge: ['Aus den Erwägungen:', 'Extrait des considérants:', 'Dai considerandi:'],
  inCase: ['in Sachen', 'dans la cause', 'nella causa'],
  represented: ['vertreten durch', 'représenté par', 'patrocinato da'],
  page: ['Seite', 'Page', 'Pagina'],
};

/** Decision type words; the German key selects the French and Italian word. */
// prettier-ignore
export const TYPE_WORDS: Readonly<Record<'Urteil' | 'Beschluss' | 'Verfügung' | 'Entscheid', Tri>> = {
  Urteil: ['Urteil', 'Arrêt', 'Sentenza'],
  Beschluss: ['Beschluss', 'Décision', 'Decisione'],
  Verfügung: ['Verfügung', 'Ordonnance', 'Decreto'],
  Entscheid: ['Entscheid', 'Décision', 'Decisione'],
};

/** Verb of the operative clause per decision type. */
// prettier-ignore
export const OPERATIVE_VERB: Readonly<Record<'Urteil' | 'Beschluss' | 'Verfügung' | 'Entscheid', Tri>> = {
  Urteil: ['erkennt', 'prononce', 'pronuncia'],
  Beschluss: ['beschliesst', 'décide', 'decide'],
  Verfügung: ['verfügt', 'ordonne', 'decreta'],
  Entscheid: ['entscheidet', 'décide', 'decide'],
};

/** First names per language: [male, female]. */
// prettier-ignore
export const FIRST_NAMES: Readonly<Record<'de' | 'fr' | 'it', readonly [readonly string[], readonly string[]]>> = {
  de: [['Daniel', 'Thomas', 'Martin', 'Stefan', 'Peter', 'Andreas', 'Urs', 'Beat'], ['Sandra', 'Barbara', 'Claudia', 'Monika', 'Regula', 'Nicole', 'Corinne']],
  fr: [['Philippe', 'Jean-Marc', 'Laurent', 'Pierre', 'Olivier', 'Yves'], ['Nathalie', 'Sophie', 'Isabelle', 'Valérie', 'Sandrine', 'Anne-Claude']],
  it: [['Marco', 'Luca', 'Giorgio', 'Stefano', 'Andrea', 'Fabio'], ['Paola', 'Chiara', 'Francesca', 'Elena', 'Silvia', 'Raffaella']],
};

// prettier-ignore
export const SURNAMES: Readonly<Record<'de' | 'fr' | 'it', readonly string[]>> = {
  de: ['Meier', 'Keller', 'Huber', 'Brunner', 'Gerber', 'Frey', 'Moser', 'Bühler', 'Widmer', 'Steiner', 'Baumann', 'Graf', 'Zimmermann', 'Schmid', 'Wyss', 'Kälin', 'Ammann', 'Lüthi'],
  fr: ['Favre', 'Rochat', 'Perrin', 'Dubois', 'Monnier', 'Jaquier', 'Chappuis', 'Berset', 'Pasche', 'Python', 'Cuendet', 'Vuilleumier', 'Rey', 'Gillard'],
  it: ['Bernasconi', 'Rossi', 'Ferrari', 'Galli', 'Pedrazzini', 'Bianchi', 'Fontana', 'Lepori', 'Quadri', 'Crivelli', 'Bottinelli', 'Soldati'],
};

// prettier-ignore
export const CITIES: Readonly<Record<string, readonly string[]>> = {
  de: ['Zürich', 'Winterthur', 'Bern', 'Thun', 'Luzern', 'Aarau', 'Baden', 'Basel', 'St. Gallen', 'Chur', 'Olten', 'Zug'],
  fr: ['Genève', 'Lausanne', 'Neuchâtel', 'Fribourg', 'Sion', 'Delémont', 'Yverdon-les-Bains', 'Montreux', 'Bienne', 'La Chaux-de-Fonds'],
  it: ['Lugano', 'Bellinzona', 'Locarno', 'Mendrisio', 'Chiasso', 'Biasca', 'Roveredo', 'Poschiavo'],
};

/** First-instance courts per canton (genitive) and the cantonal administrative authority. */
// prettier-ignore
export const LOWER_INSTANCES: Readonly<Record<string, { readonly civil: Tri; readonly admin: Tri }>> = {
  ZH: { civil: ['des Bezirksgerichts Zürich', 'du Tribunal de district de Zurich', 'del Tribunale distrettuale di Zurigo'], admin: ['des Regierungsrates des Kantons Zürich', 'du Conseil d’Etat du canton de Zurich', 'del Consiglio di Stato del Cantone di Zurigo'] },
  BE: { civil: ['des Regionalgerichts Bern-Mittelland', 'du Tribunal régional Jura bernois-Seeland', 'del Tribunale regionale Berna-Mittelland'], admin: ['der Bau- und Verkehrsdirektion des Kantons Bern', 'de la Direction des travaux publics du canton de Berne', 'della Direzione dei lavori pubblici del Cantone di Berna'] },
  LU: { civil: ['des Bezirksgerichts Luzern', 'du Tribunal de district de Lucerne', 'del Tribunale distrettuale di Lucerna'], admin: ['des Regierungsrates des Kantons Luzern', 'du Conseil d’Etat du canton de Lucerne', 'del Consiglio di Stato del Cantone di Lucerna'] },
  AG: { civil: ['des Bezirksgerichts Baden', 'du Tribunal de district de Baden', 'del Tribunale distrettuale di Baden'], admin: ['des Departements Bau, Verkehr und Umwelt', 'du Département des constructions, des transports et de l’environnement', 'del Dipartimento costruzioni, trasporti e ambiente'] },
  BS: { civil: ['des Zivilgerichts Basel-Stadt', 'du Tribunal civil de Bâle-Ville', 'del Tribunale civile di Basilea Città'], admin: ['des Regierungsrates des Kantons Basel-Stadt', 'du Conseil d’Etat du canton de Bâle-Ville', 'del Consiglio di Stato del Cantone di Basilea Città'] },
  SG: { civil: ['des Kreisgerichts St. Gallen', 'du Tribunal d’arrondissement de Saint-Gall', 'del Tribunale circondariale di San Gallo'], admin: ['des Baudepartements des Kantons St. Gallen', 'du Département des constructions du canton de Saint-Gall', 'del Dipartimento delle costruzioni del Cantone di San Gallo'] },
  GR: { civil: ['des Regionalgerichts Plessur', 'du Tribunal régional de la Plessur', 'del Tribunale regionale Plessur'], admin: ['der Regierung des Kantons Graubünden', 'du Gouvernement du canton des Grisons', 'del Governo del Cantone dei Grigioni'] },
  GE: { civil: ['des Tribunal de première instance', 'du Tribunal de première instance', 'del Tribunale di prima istanza'], admin: ['des Département du territoire', 'du Département du territoire', 'del Dipartimento del territorio'] },
  VD: { civil: ['des Tribunal d’arrondissement de Lausanne', 'du Tribunal d’arrondissement de Lausanne', 'del Tribunale circondariale di Losanna'], admin: ['der Municipalité de Lausanne', 'de la Municipalité de Lausanne', 'del Municipio di Losanna'] },
  NE: { civil: ['des Tribunal régional du Littoral', 'du Tribunal régional du Littoral et du Val-de-Travers', 'del Tribunale regionale del Littoral'], admin: ['des Département du développement territorial', 'du Département du développement territorial et de l’environnement', 'del Dipartimento dello sviluppo territoriale'] },
  FR: { civil: ['des Zivilgerichts des Saanebezirks', 'du Tribunal civil de l’arrondissement de la Sarine', 'del Tribunale civile del distretto della Sarine'], admin: ['der Raumplanungs-, Umwelt- und Baudirektion', 'de la Direction de l’aménagement, de l’environnement et des constructions', 'della Direzione della pianificazione, dell’ambiente e delle costruzioni'] },
  VS: { civil: ['des Bezirksgerichts Brig', 'du Tribunal du district de Sion', 'del Tribunale distrettuale di Sion'], admin: ['des Staatsrates des Kantons Wallis', 'du Conseil d’Etat du canton du Valais', 'del Consiglio di Stato del Cantone Vallese'] },
  JU: { civil: ['des Tribunal de première instance', 'du Tribunal de première instance', 'del Tribunale di prima istanza'], admin: ['des Département de l’environnement', 'du Département de l’environnement', 'del Dipartimento dell’ambiente'] },
  TI: { civil: ['der Pretura di Lugano', 'de la Pretura de Lugano', 'della Pretura di Lugano'], admin: ['des Staatsrates des Kantons Tessin', 'du Conseil d’Etat du canton du Tessin', 'del Consiglio di Stato del Cantone Ticino'] },
};
