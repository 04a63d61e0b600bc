import { z } from 'zod';
import { normaliseLawKey } from './law-key.ts';

/**
 * The federal acts and treaties the service knows by name: SR number, the stored abbreviation per
 * language (Fedlex `FRBRname@shortForm`) and the title per language. Resolution rule 2 (spec
 * api.md, "Law alias table"): a name equal to the stored abbreviation in any of de, fr, it resolves
 * without the alias table, with or without dots and spaces.
 *
 * Every SR number named by the alias table is here (asserted by the tests). An act the alias table
 * gives kind `act` ("act without a usable stored abbreviation": 956.1, 641.71) has no stored
 * abbreviation here, so it is reached by its aliases only. A treaty without a customary
 * abbreviation in the systematic collection likewise has none.
 *
 * Provenance (`source`):
 * - 'domain.md': the abbreviation triple is stated in shared/docs/domain.md (OR/CO/CO, ZGB/CC/CC,
 *   StGB/CP/CP, BGG/LTF/LTF, BV/Cst./Cost.).
 * - 'brief': the triple was given in the task brief of this module.
 * - 'fedlex (unverified)': written from the Fedlex short forms as known to the author; verify
 *   against `FRBRname@shortForm` of the consolidated XML before relying on it.
 * Titles are the short official titles (without the date of enactment); verify likewise.
 */

export const LAW_LANGUAGES = ['de', 'fr', 'it'] as const;
export type LawLanguage = (typeof LAW_LANGUAGES)[number];

export type PerLanguage<T> = { readonly de: T; readonly fr: T; readonly it: T };

export const FEDERAL_ACT_INSTRUMENTS = ['constitution', 'act', 'ordinance', 'treaty'] as const;
export type FederalActInstrument = (typeof FEDERAL_ACT_INSTRUMENTS)[number];

export const FEDERAL_ACT_SOURCES = ['domain.md', 'brief', 'fedlex (unverified)'] as const;
export type FederalActSource = (typeof FEDERAL_ACT_SOURCES)[number];

export interface FederalAct {
  readonly sr_number: string;
  readonly instrument: FederalActInstrument;
  /** Stored abbreviation per language; null where the act has none (or none usable). */
  readonly abbreviation: PerLanguage<string | null>;
  readonly title: PerLanguage<string>;
  readonly source: FederalActSource;
}

const perLanguage = <T extends z.ZodType>(inner: T) => z.object({ de: inner, fr: inner, it: inner }).strict();

export const FederalActSchema = z
  .object({
    sr_number: z.string().regex(/^\d{1,4}(?:\.\d{1,4}){0,5}$/),
    instrument: z.enum(FEDERAL_ACT_INSTRUMENTS),
    abbreviation: perLanguage(z.string().min(1).nullable()),
    title: perLanguage(z.string().min(3)),
    source: z.enum(FEDERAL_ACT_SOURCES),
  })
  .strict();

type Abbr = string | null;
const act = (
  sr_number: string,
  instrument: FederalActInstrument,
  [de, fr, it]: readonly [Abbr, Abbr, Abbr],
  [tde, tfr, tit]: readonly [string, string, string],
  source: FederalActSource,
): FederalAct => ({
  sr_number,
  instrument,
  abbreviation: { de, fr, it },
  title: { de: tde, fr: tfr, it: tit },
  source,
});

export const FEDERAL_ACTS: readonly FederalAct[] = [
  // Constitution and codes
  act(
    '101',
    'constitution',
    ['BV', 'Cst.', 'Cost.'],
    [
      'Bundesverfassung der Schweizerischen Eidgenossenschaft',
      'Constitution fédérale de la Confédération suisse',
      'Costituzione federale della Confederazione Svizzera',
    ],
    'domain.md',
  ),
  act(
    '210',
    'act',
    ['ZGB', 'CC', 'CC'],
    ['Schweizerisches Zivilgesetzbuch', 'Code civil suisse', 'Codice civile svizzero'],
    'domain.md',
  ),
  act(
    '220',
    'act',
    ['OR', 'CO', 'CO'],
    [
      'Bundesgesetz betreffend die Ergänzung des Schweizerischen Zivilgesetzbuches (Fünfter Teil: Obligationenrecht)',
      'Loi fédérale complétant le Code civil suisse (Livre cinquième: Droit des obligations)',
      'Legge federale di complemento del Codice civile svizzero (Libro quinto: Diritto delle obbligazioni)',
    ],
    'domain.md',
  ),
  act(
    '311.0',
    'act',
    ['StGB', 'CP', 'CP'],
    ['Schweizerisches Strafgesetzbuch', 'Code pénal suisse', 'Codice penale svizzero'],
    'domain.md',
  ),
  act(
    '173.110',
    'act',
    ['BGG', 'LTF', 'LTF'],
    ['Bundesgesetz über das Bundesgericht', 'Loi sur le Tribunal fédéral', 'Legge sul Tribunale federale'],
    'domain.md',
  ),
  act(
    '312.0',
    'act',
    ['StPO', 'CPP', 'CPP'],
    [
      'Schweizerische Strafprozessordnung',
      'Code de procédure pénale suisse',
      'Codice di diritto processuale penale svizzero',
    ],
    'brief',
  ),
  act(
    '272',
    'act',
    ['ZPO', 'CPC', 'CPC'],
    [
      'Schweizerische Zivilprozessordnung',
      'Code de procédure civile',
      'Codice di diritto processuale civile svizzero',
    ],
    'brief',
  ),
  act(
    '281.1',
    'act',
    ['SchKG', 'LP', 'LEF'],
    [
      'Bundesgesetz über Schuldbetreibung und Konkurs',
      'Loi fédérale sur la poursuite pour dettes et la faillite',
      'Legge federale sulla esecuzione e sul fallimento',
    ],
    'brief',
  ),
  act(
    '291',
    'act',
    ['IPRG', 'LDIP', 'LDIP'],
    [
      'Bundesgesetz über das Internationale Privatrecht',
      'Loi fédérale sur le droit international privé',
      'Legge federale sul diritto internazionale privato',
    ],
    'brief',
  ),
  act(
    '235.1',
    'act',
    ['DSG', 'LPD', 'LPD'],
    [
      'Bundesgesetz über den Datenschutz',
      'Loi fédérale sur la protection des données',
      'Legge federale sulla protezione dei dati',
    ],
    'brief',
  ),
  act(
    '142.20',
    'act',
    ['AIG', 'LEI', 'LStrI'],
    [
      'Bundesgesetz über die Ausländerinnen und Ausländer und über die Integration',
      "Loi fédérale sur les étrangers et l'intégration",
      'Legge federale sugli stranieri e la loro integrazione',
    ],
    'brief',
  ),
  act(
    '142.31',
    'act',
    ['AsylG', 'LAsi', 'LAsi'],
    ['Asylgesetz', "Loi sur l'asile", "Legge sull'asilo"],
    'brief',
  ),
  act(
    '831.40',
    'act',
    ['BVG', 'LPP', 'LPP'],
    [
      'Bundesgesetz über die berufliche Alters-, Hinterlassenen- und Invalidenvorsorge',
      'Loi fédérale sur la prévoyance professionnelle vieillesse, survivants et invalidité',
      "Legge federale sulla previdenza professionale per la vecchiaia, i superstiti e l'invalidità",
    ],
    'brief',
  ),
  act(
    '831.441.1',
    'ordinance',
    ['BVV 2', 'OPP 2', 'OPP 2'],
    [
      'Verordnung über die berufliche Alters-, Hinterlassenen- und Invalidenvorsorge',
      'Ordonnance sur la prévoyance professionnelle vieillesse, survivants et invalidité',
      "Ordinanza sulla previdenza professionale per la vecchiaia, i superstiti e l'invalidità",
    ],
    'brief',
  ),
  act(
    '822.11',
    'act',
    ['ArG', 'LTr', 'LL'],
    [
      'Bundesgesetz über die Arbeit in Industrie, Gewerbe und Handel (Arbeitsgesetz)',
      "Loi fédérale sur le travail dans l'industrie, l'artisanat et le commerce (Loi sur le travail)",
      "Legge federale sul lavoro nell'industria, nell'artigianato e nel commercio (Legge sul lavoro)",
    ],
    'brief',
  ),
  act(
    '241',
    'act',
    ['UWG', 'LCD', 'LCSl'],
    [
      'Bundesgesetz gegen den unlauteren Wettbewerb',
      'Loi fédérale contre la concurrence déloyale',
      'Legge federale contro la concorrenza sleale',
    ],
    'brief',
  ),
  act(
    '251',
    'act',
    ['KG', 'LCart', 'LCart'],
    [
      'Bundesgesetz über Kartelle und andere Wettbewerbsbeschränkungen (Kartellgesetz)',
      'Loi fédérale sur les cartels et autres restrictions à la concurrence (Loi sur les cartels)',
      'Legge federale sui cartelli e altre limitazioni della concorrenza (Legge sui cartelli)',
    ],
    'brief',
  ),
  act(
    '641.20',
    'act',
    ['MWSTG', 'LTVA', 'LIVA'],
    [
      'Bundesgesetz über die Mehrwertsteuer (Mehrwertsteuergesetz)',
      'Loi fédérale régissant la taxe sur la valeur ajoutée (Loi sur la TVA)',
      "Legge federale concernente l'imposta sul valore aggiunto (Legge sull'IVA)",
    ],
    'brief',
  ),
  act(
    '642.11',
    'act',
    ['DBG', 'LIFD', 'LIFD'],
    [
      'Bundesgesetz über die direkte Bundessteuer',
      "Loi fédérale sur l'impôt fédéral direct",
      "Legge federale sull'imposta federale diretta",
    ],
    'brief',
  ),
  act(
    '741.01',
    'act',
    ['SVG', 'LCR', 'LCStr'],
    [
      'Strassenverkehrsgesetz',
      'Loi fédérale sur la circulation routière',
      'Legge federale sulla circolazione stradale',
    ],
    'brief',
  ),
  act(
    '955.0',
    'act',
    ['GwG', 'LBA', 'LRD'],
    [
      'Bundesgesetz über die Bekämpfung der Geldwäscherei und der Terrorismusfinanzierung (Geldwäschereigesetz)',
      "Loi fédérale concernant la lutte contre le blanchiment d'argent et le financement du terrorisme (Loi sur le blanchiment d'argent)",
      'Legge federale relativa alla lotta contro il riciclaggio di denaro e il finanziamento del terrorismo (Legge sul riciclaggio di denaro)',
    ],
    'brief',
  ),
  act(
    '832.10',
    'act',
    ['KVG', 'LAMal', 'LAMal'],
    [
      'Bundesgesetz über die Krankenversicherung',
      "Loi fédérale sur l'assurance-maladie",
      "Legge federale sull'assicurazione malattie",
    ],
    'brief',
  ),
  // Kind `act` in the alias table: no usable stored abbreviation (reached by aliases only).
  act(
    '956.1',
    'act',
    [null, null, null],
    [
      'Bundesgesetz über die Eidgenössische Finanzmarktaufsicht (Finanzmarktaufsichtsgesetz)',
      "Loi fédérale sur l'Autorité fédérale de surveillance des marchés financiers (Loi sur la surveillance des marchés financiers)",
      "Legge federale concernente l'Autorità federale di vigilanza sui mercati finanziari (Legge sulla vigilanza dei mercati finanziari)",
    ],
    'brief',
  ),
  act(
    '641.71',
    'act',
    [null, null, null],
    [
      'Bundesgesetz über die Reduktion der CO2-Emissionen (CO2-Gesetz)',
      'Loi fédérale sur la réduction des émissions de CO2 (Loi sur le CO2)',
      'Legge federale sulla riduzione delle emissioni di CO2 (Legge sul CO2)',
    ],
    'fedlex (unverified)',
  ),
  // Further federal acts commonly cited (abbreviations as stored in Fedlex; verify).
  act(
    '172.021',
    'act',
    ['VwVG', 'PA', 'PA'],
    [
      'Bundesgesetz über das Verwaltungsverfahren',
      'Loi fédérale sur la procédure administrative',
      'Legge federale sulla procedura amministrativa',
    ],
    'fedlex (unverified)',
  ),
  act(
    '173.32',
    'act',
    ['VGG', 'LTAF', 'LTAF'],
    [
      'Bundesgesetz über das Bundesverwaltungsgericht',
      'Loi sur le Tribunal administratif fédéral',
      'Legge sul Tribunale amministrativo federale',
    ],
    'fedlex (unverified)',
  ),
  act(
    '935.61',
    'act',
    ['BGFA', 'LLCA', 'LLCA'],
    [
      'Bundesgesetz über die Freizügigkeit der Anwältinnen und Anwälte (Anwaltsgesetz)',
      'Loi fédérale sur la libre circulation des avocats (Loi sur les avocats)',
      'Legge federale sulla libera circolazione degli avvocati (Legge sugli avvocati)',
    ],
    'fedlex (unverified)',
  ),
  act(
    '830.1',
    'act',
    ['ATSG', 'LPGA', 'LPGA'],
    [
      'Bundesgesetz über den Allgemeinen Teil des Sozialversicherungsrechts',
      'Loi fédérale sur la partie générale du droit des assurances sociales',
      'Legge federale sulla parte generale del diritto delle assicurazioni sociali',
    ],
    'fedlex (unverified)',
  ),
  act(
    '831.10',
    'act',
    ['AHVG', 'LAVS', 'LAVS'],
    [
      'Bundesgesetz über die Alters- und Hinterlassenenversicherung',
      "Loi fédérale sur l'assurance-vieillesse et survivants",
      "Legge federale sull'assicurazione per la vecchiaia e per i superstiti",
    ],
    'fedlex (unverified)',
  ),
  act(
    '831.20',
    'act',
    ['IVG', 'LAI', 'LAI'],
    [
      'Bundesgesetz über die Invalidenversicherung',
      "Loi fédérale sur l'assurance-invalidité",
      "Legge federale sull'assicurazione per l'invalidità",
    ],
    'fedlex (unverified)',
  ),
  act(
    '832.20',
    'act',
    ['UVG', 'LAA', 'LAINF'],
    [
      'Bundesgesetz über die Unfallversicherung',
      "Loi fédérale sur l'assurance-accidents",
      "Legge federale sull'assicurazione contro gli infortuni",
    ],
    'fedlex (unverified)',
  ),
  act(
    '221.229.1',
    'act',
    ['VVG', 'LCA', 'LCA'],
    [
      'Bundesgesetz über den Versicherungsvertrag',
      "Loi fédérale sur le contrat d'assurance",
      "Legge federale sul contratto d'assicurazione",
    ],
    'fedlex (unverified)',
  ),
  act(
    '231.1',
    'act',
    ['URG', 'LDA', 'LDA'],
    [
      'Bundesgesetz über das Urheberrecht und verwandte Schutzrechte',
      "Loi fédérale sur le droit d'auteur et les droits voisins",
      "Legge federale sul diritto d'autore e sui diritti di protezione affini",
    ],
    'fedlex (unverified)',
  ),
  act(
    '700',
    'act',
    ['RPG', 'LAT', 'LPT'],
    [
      'Bundesgesetz über die Raumplanung',
      "Loi fédérale sur l'aménagement du territoire",
      'Legge federale sulla pianificazione del territorio',
    ],
    'fedlex (unverified)',
  ),
  act(
    '814.01',
    'act',
    ['USG', 'LPE', 'LPAmb'],
    [
      'Bundesgesetz über den Umweltschutz',
      "Loi fédérale sur la protection de l'environnement",
      "Legge federale sulla protezione dell'ambiente",
    ],
    'fedlex (unverified)',
  ),
  act(
    '642.14',
    'act',
    ['StHG', 'LHID', 'LAID'],
    [
      'Bundesgesetz über die Harmonisierung der direkten Steuern der Kantone und Gemeinden',
      "Loi fédérale sur l'harmonisation des impôts directs des cantons et des communes",
      "Legge federale sull'armonizzazione delle imposte dirette dei Cantoni e dei Comuni",
    ],
    'fedlex (unverified)',
  ),
  act(
    '311.1',
    'act',
    ['JStG', 'DPMin', 'DPMin'],
    [
      'Bundesgesetz über das Jugendstrafrecht',
      'Loi fédérale régissant la condition pénale des mineurs',
      'Legge federale sul diritto penale minorile',
    ],
    'fedlex (unverified)',
  ),
  act(
    '812.121',
    'act',
    ['BetmG', 'LStup', 'LStup'],
    [
      'Bundesgesetz über die Betäubungsmittel und die psychotropen Stoffe',
      'Loi fédérale sur les stupéfiants et les substances psychotropes',
      'Legge federale sugli stupefacenti e sulle sostanze psicotrope',
    ],
    'fedlex (unverified)',
  ),
  act(
    '351.1',
    'act',
    ['IRSG', 'EIMP', 'AIMP'],
    [
      'Bundesgesetz über internationale Rechtshilfe in Strafsachen',
      "Loi fédérale sur l'entraide internationale en matière pénale",
      "Legge federale sull'assistenza internazionale in materia penale",
    ],
    'fedlex (unverified)',
  ),
  // Treaties (0.x). Stored abbreviations only where the collection carries one.
  act(
    '0.101',
    'treaty',
    ['EMRK', 'CEDH', 'CEDU'],
    [
      'Konvention zum Schutze der Menschenrechte und Grundfreiheiten',
      "Convention de sauvegarde des droits de l'homme et des libertés fondamentales",
      "Convenzione per la salvaguardia dei diritti dell'uomo e delle libertà fondamentali",
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.103.1',
    'treaty',
    [null, null, null],
    [
      'Internationaler Pakt über wirtschaftliche, soziale und kulturelle Rechte',
      'Pacte international relatif aux droits économiques, sociaux et culturels',
      'Patto internazionale relativo ai diritti economici, sociali e culturali',
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.103.2',
    'treaty',
    [null, null, null],
    [
      'Internationaler Pakt über bürgerliche und politische Rechte',
      'Pacte international relatif aux droits civils et politiques',
      'Patto internazionale relativo ai diritti civili e politici',
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.104',
    'treaty',
    [null, null, null],
    [
      'Internationales Übereinkommen zur Beseitigung jeder Form von Rassendiskriminierung',
      "Convention internationale sur l'élimination de toutes les formes de discrimination raciale",
      "Convenzione internazionale sull'eliminazione di ogni forma di discriminazione razziale",
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.105',
    'treaty',
    [null, null, null],
    [
      'Übereinkommen gegen Folter und andere grausame, unmenschliche oder erniedrigende Behandlung oder Strafe',
      'Convention contre la torture et autres peines ou traitements cruels, inhumains ou dégradants',
      'Convenzione contro la tortura ed altre pene o trattamenti crudeli, inumani o degradanti',
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.107',
    'treaty',
    [null, null, null],
    [
      'Übereinkommen über die Rechte des Kindes',
      "Convention relative aux droits de l'enfant",
      'Convenzione sui diritti del fanciullo',
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.108',
    'treaty',
    [null, null, null],
    [
      'Übereinkommen zur Beseitigung jeder Form von Diskriminierung der Frau',
      "Convention sur l'élimination de toutes les formes de discrimination à l'égard des femmes",
      "Convenzione sull'eliminazione di ogni forma di discriminazione nei confronti della donna",
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.109',
    'treaty',
    [null, null, null],
    [
      'Übereinkommen über die Rechte von Menschen mit Behinderungen',
      'Convention relative aux droits des personnes handicapées',
      'Convenzione sui diritti delle persone con disabilità',
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.142.112.681',
    'treaty',
    ['FZA', 'ALCP', 'ALC'],
    [
      'Abkommen zwischen der Schweizerischen Eidgenossenschaft einerseits und der Europäischen Gemeinschaft und ihren Mitgliedstaaten andererseits über die Freizügigkeit',
      "Accord entre la Confédération suisse, d'une part, et la Communauté européenne et ses États membres, d'autre part, sur la libre circulation des personnes",
      "Accordo tra la Confederazione Svizzera, da una parte, e la Comunità europea ed i suoi Stati membri, dall'altra, sulla libera circolazione delle persone",
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.211.230.02',
    'treaty',
    [null, null, null],
    [
      'Übereinkommen über die zivilrechtlichen Aspekte internationaler Kindesentführung',
      "Convention sur les aspects civils de l'enlèvement international d'enfants",
      'Convenzione sugli aspetti civili del rapimento internazionale di minori',
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.221.211.1',
    'treaty',
    [null, null, null],
    [
      'Übereinkommen der Vereinten Nationen über Verträge über den internationalen Warenkauf',
      'Convention des Nations Unies sur les contrats de vente internationale de marchandises',
      'Convenzione delle Nazioni Unite sui contratti di compravendita internazionale di merci',
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.275.12',
    'treaty',
    ['LugÜ', 'CL', 'CLug'],
    [
      'Übereinkommen über die gerichtliche Zuständigkeit und die Anerkennung und Vollstreckung von Entscheidungen in Zivil- und Handelssachen',
      "Convention concernant la compétence judiciaire, la reconnaissance et l'exécution des décisions en matière civile et commerciale",
      "Convenzione concernente la competenza giurisdizionale, il riconoscimento e l'esecuzione delle decisioni in materia civile e commerciale",
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.312.1',
    'treaty',
    [null, null, null],
    [
      'Römer Statut des Internationalen Strafgerichtshofs',
      'Statut de Rome de la Cour pénale internationale',
      'Statuto di Roma della Corte penale internazionale',
    ],
    'fedlex (unverified)',
  ),
  act(
    '0.351.1',
    'treaty',
    [null, null, null],
    [
      'Europäisches Übereinkommen über die Rechtshilfe in Strafsachen',
      "Convention européenne d'entraide judiciaire en matière pénale",
      'Convenzione europea di assistenza giudiziaria in materia penale',
    ],
    'fedlex (unverified)',
  ),
];

const BY_SR = new Map<string, FederalAct>(FEDERAL_ACTS.map((a) => [a.sr_number, a]));

export function federalActBySr(srNumber: string): FederalAct | undefined {
  return BY_SR.get(srNumber);
}

export interface StoredAbbreviationHit {
  readonly act: FederalAct;
  /** The languages whose stored abbreviation has this key. */
  readonly languages: readonly LawLanguage[];
}

/**
 * Index of stored abbreviations by normalised key. Built eagerly; a key held by two different SR
 * numbers would be ambiguous, which the tests rule out for this data (the first act wins).
 */
const STORED_INDEX: ReadonlyMap<string, StoredAbbreviationHit> = (() => {
  const index = new Map<string, { act: FederalAct; languages: LawLanguage[] }>();
  for (const a of FEDERAL_ACTS) {
    for (const lang of LAW_LANGUAGES) {
      const abbr = a.abbreviation[lang];
      if (abbr === null) continue;
      const key = normaliseLawKey(abbr);
      const hit = index.get(key);
      if (!hit) index.set(key, { act: a, languages: [lang] });
      else if (hit.act === a && !hit.languages.includes(lang)) hit.languages.push(lang);
    }
  }
  return index;
})();

/** Rule 2: the act whose stored abbreviation (de, fr or it) has this normalised key. */
export function federalActByStoredAbbreviation(normalisedKey: string): StoredAbbreviationHit | undefined {
  return STORED_INDEX.get(normalisedKey);
}

/** All normalised stored-abbreviation keys (for tests and collision checks). */
export function storedAbbreviationKeys(): readonly string[] {
  return [...STORED_INDEX.keys()];
}
