/**
 * Which federal acts the sample holds, in which consolidations, under which names and with which
 * structure. Every act of contracts/laws/federal-acts.ts (every SR number of the alias table and
 * every example act of the spec, OPP 2 among them) in de/fr/it.
 */
import { FEDERAL_ACTS, type FederalAct } from '../../../contracts/laws/federal-acts.ts';
import { tri, type Domain, type Tri } from './wording.ts';

/** A former name the act carried up to (excluding) `until` (the alias table's former kinds). */
export interface Edition {
  readonly until: string;
  readonly title: Tri;
  readonly abbreviation: Tri | null;
}

export interface ChapterPlan {
  readonly id: string;
  readonly num: Tri | null;
  readonly heading: Tri;
  /** Article numbers in this chapter (famous ones are merged in). */
  readonly numbers: readonly string[];
  readonly parent?: string;
}

export interface FederalPlan {
  readonly act: FederalAct;
  readonly domain: Domain;
  /** Consolidation dates, oldest first. */
  readonly versions: readonly string[];
  readonly editions: readonly Edition[];
  /** Explicit layout (large codes); otherwise generated. */
  readonly chapters?: readonly ChapterPlan[];
  /** The Civil Code's final title, block disp_u1. */
  readonly finalTitle?: boolean;
}

export const range = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const letters = (n: number, upTo: string): string[] =>
  Array.from({ length: upTo.charCodeAt(0) - 96 }, (_, i) => `${n}${String.fromCharCode(97 + i)}`);

// prettier-ignore
const VERSIONS: Readonly<Record<string, readonly string[]>> = {
  '101': ['1999-01-01', '2000-01-01', '2024-03-03'],
  '173.110': ['2006-01-01', '2007-01-01', '2024-01-01'],
  '312.0': ['2010-01-01', '2011-01-01', '2024-01-01'],
  '142.20': ['2007-01-01', '2008-01-01', '2019-01-01', '2024-06-01'],
  '832.10': ['1995-01-01', '1996-01-01', '2024-01-01'],
  '235.1': ['1993-07-01', '2019-03-01', '2023-09-01', '2024-09-01'],
  '210': ['2006-01-01', '2024-01-01'],
  '220': ['2011-01-01', '2024-01-01'],
  '311.0': ['2006-01-01', '2024-01-01'],
  '291': ['2017-01-01', '2021-01-01'],
  '272': ['2011-01-01', '2025-01-01'],
  '281.1': ['2016-01-01', '2024-01-01'],
  '831.441.1': ['2020-01-01', '2024-01-01'],
  '0.101': ['2018-08-01'],
};

// prettier-ignore
const EDITIONS: Readonly<Record<string, readonly Edition[]>> = {
  '101': [{ until: '2000-01-01', title: tri('Bundesverfassung der Schweizerischen Eidgenossenschaft vom 29. Mai 1874', 'Constitution fédérale de la Confédération suisse du 29 mai 1874', 'Costituzione federale della Confederazione Svizzera del 29 maggio 1874'), abbreviation: tri('BV', 'Cst.', 'Cost.') }],
  '173.110': [{ until: '2007-01-01', title: tri('Bundesgesetz über die Organisation der Bundesrechtspflege', 'Loi fédérale d\'organisation judiciaire', 'Legge federale sull\'organizzazione giudiziaria'), abbreviation: tri('OG', 'OJ', 'OG') }],
  '312.0': [{ until: '2011-01-01', title: tri('Bundesgesetz über die Bundesstrafrechtspflege', 'Loi fédérale sur la procédure pénale', 'Legge federale sulla procedura penale'), abbreviation: tri('BStP', 'PPF', 'PP') }],
  '142.20': [
    { until: '2008-01-01', title: tri('Bundesgesetz über Aufenthalt und Niederlassung der Ausländer', 'Loi fédérale sur le séjour et l\'établissement des étrangers', 'Legge federale concernente la dimora e il domicilio degli stranieri'), abbreviation: tri('ANAG', 'LSEE', 'LDDS') },
    { until: '2019-01-01', title: tri('Bundesgesetz über die Ausländerinnen und Ausländer', 'Loi fédérale sur les étrangers', 'Legge federale sugli stranieri'), abbreviation: tri('AuG', 'LEtr', 'LStr') },
  ],
  '832.10': [{ until: '1996-01-01', title: tri('Bundesgesetz über die Kranken- und Unfallversicherung', 'Loi fédérale sur l\'assurance en cas de maladie et d\'accidents', 'Legge federale sull\'assicurazione contro le malattie e gli infortuni'), abbreviation: tri('KUVG', 'LAMA', 'LAMI') }],
};

function domainOf(sr: string): Domain {
  if (sr.startsWith('0.')) return 'treaty';
  const table: readonly (readonly [RegExp, Domain])[] = [
    [/^101$/, 'constitution'],
    [/^142\./, 'migration'],
    [/^17[23]\./, 'procedure'],
    [/^2(10|11)/, 'civil'],
    [/^2(2|3[01]|4|5)/, 'obligations'],
    [/^235\./, 'data'],
    [/^2(7|8|9)/, 'procedure'],
    [/^31/, 'criminal'],
    [/^3(12|51)/, 'procedure'],
    [/^6/, 'tax'],
    [/^641\.71/, 'environment'],
    [/^7[0-3]/, 'environment'],
    [/^74/, 'transport'],
    [/^81/, 'environment'],
    [/^812/, 'criminal'],
    [/^822/, 'labour'],
    [/^83/, 'social'],
    [/^9[35]/, 'finance'],
  ];
  let found: Domain = 'administrative';
  for (const [re, d] of table) if (re.test(sr)) found = d;
  return found;
}

const CH = (n: number): Tri => tri(`${n}. Kapitel`, `Chapitre ${n}`, `Capitolo ${n}`);

// prettier-ignore
const LAYOUTS: Readonly<Record<string, readonly ChapterPlan[]>> = {
  '210': [
    { id: 'intro', num: null, heading: tri('Einleitung', 'Introduction', 'Introduzione'), numbers: range(1, 10) },
    { id: 'part_1', num: tri('Erster Teil:', 'Livre premier:', 'Libro primo:'), heading: tri('Das Personenrecht', 'Du droit des personnes', 'Del diritto delle persone'), numbers: [...range(11, 27), '28', ...letters(28, 'g'), ...range(29, 34)] },
    { id: 'part_4', num: tri('Vierter Teil:', 'Livre quatrième:', 'Libro quarto:'), heading: tri('Das Sachenrecht', 'Des droits réels', 'Dei diritti reali'), numbers: range(641, 654) },
  ],
  '220': [
    { id: 'div_1', num: tri('Erste Abteilung:', 'Division première:', 'Divisione prima:'), heading: tri('Allgemeine Bestimmungen', 'Dispositions générales', 'Disposizioni generali'), numbers: range(1, 12) },
    { id: 'div_1/tit_2', num: tri('Zweiter Abschnitt:', 'Chapitre II:', 'Capo secondo:'), heading: tri('Die Entstehung durch unerlaubte Handlungen', 'Des obligations résultant d\'actes illicites', 'Delle obbligazioni derivanti da atti illeciti'), numbers: [...range(41, 61)], parent: 'div_1' },
    { id: 'div_1/tit_3', num: tri('Zweiter Titel:', 'Titre deuxième:', 'Titolo secondo:'), heading: tri('Die Wirkung der Obligationen', 'De l\'effet des obligations', 'Degli effetti delle obbligazioni'), numbers: range(97, 109), parent: 'div_1' },
    { id: 'div_2', num: tri('Zweite Abteilung:', 'Division deuxième:', 'Divisione seconda:'), heading: tri('Die einzelnen Vertragsverhältnisse', 'Des diverses espèces de contrats', 'Dei singoli contratti'), numbers: [] },
    { id: 'div_2/tit_8', num: tri('Achter Titel:', 'Titre huitième:', 'Titolo ottavo:'), heading: tri('Die Miete', 'Du bail à loyer', 'Della locazione'), numbers: [...range(253, 266), ...letters(266, 'o'), ...range(267, 274)], parent: 'div_2' },
    { id: 'div_2/tit_10', num: tri('Zehnter Titel:', 'Titre dixième:', 'Titolo decimo:'), heading: tri('Der Arbeitsvertrag', 'Du contrat de travail', 'Del contratto di lavoro'), numbers: [...range(319, 335), ...letters(335, 'c'), ...range(336, 337), ...letters(337, 'd')], parent: 'div_2' },
  ],
  '311.0': [
    { id: 'book_1', num: tri('Erstes Buch:', 'Livre 1:', 'Libro primo:'), heading: tri('Allgemeine Bestimmungen', 'Dispositions générales', 'Disposizioni generali'), numbers: [...range(1, 6), ...range(7, 20)] },
    { id: 'book_2', num: tri('Zweites Buch:', 'Livre 2:', 'Libro secondo:'), heading: tri('Besondere Bestimmungen', 'Dispositions spéciales', 'Disposizioni speciali'), numbers: [...range(111, 117), ...range(137, 148), '305', '305ter'] },
  ],
  '291': [
    { id: 'chap_1', num: CH(1), heading: tri('Gemeinsame Bestimmungen', 'Dispositions communes', 'Disposizioni comuni'), numbers: range(1, 12) },
    { id: 'chap_12', num: CH(12), heading: tri('Internationale Schiedsgerichtsbarkeit', 'Arbitrage international', 'Arbitrato internazionale'), numbers: range(176, 194) },
  ],
};

const FINAL_TITLE_NUMBERS: readonly string[] = (() => {
  // 104 articles: 1-61 plus lettered ones, as the spec says the block holds.
  const extra: Readonly<Record<number, string>> = {
    6: 'b',
    7: 'b',
    8: 'b',
    9: 'g',
    10: 'e',
    12: 'f',
    13: 'd',
    14: 'a',
    19: 'h',
    20: 'b',
    21: 'a',
    22: 'a',
    33: 'b',
  };
  const out: string[] = [];
  for (let n = 1; n <= 61; n++) {
    out.push(String(n));
    const last = extra[n];
    if (last) out.push(...letters(n, last));
  }
  return out;
})();

/** The Civil Code's final title: three sections inside block disp_u1. */
// prettier-ignore
export const FINAL_TITLE_SECTIONS: readonly ChapterPlan[] = [
  { id: 'disp_u1/lvl_1', num: tri('Erster Abschnitt:', 'Chapitre premier:', 'Capo primo:'), heading: tri('Die Anwendung bisherigen und neuen Rechts', 'De l\'application de l\'ancien et du nouveau droit', 'Dell\'applicazione del diritto antico e del nuovo'), numbers: FINAL_TITLE_NUMBERS.slice(0, 60), parent: 'disp_u1' },
  { id: 'disp_u1/lvl_2', num: tri('Zweiter Abschnitt:', 'Chapitre II:', 'Capo secondo:'), heading: tri('Einführungs- und Übergangsbestimmungen', 'Dispositions d\'introduction et transitoires', 'Disposizioni introduttive e transitorie'), numbers: FINAL_TITLE_NUMBERS.slice(60, 100), parent: 'disp_u1' },
  { id: 'disp_u1/lvl_3', num: tri('Dritter Abschnitt:', 'Chapitre III:', 'Capo terzo:'), heading: tri('Schlussbestimmungen', 'Dispositions finales', 'Disposizioni finali'), numbers: FINAL_TITLE_NUMBERS.slice(100), parent: 'disp_u1' },
];

/** Every federal act of the sample with its plan. */
export function federalPlans(): FederalPlan[] {
  return FEDERAL_ACTS.map((act, i) => ({
    act,
    domain: domainOf(act.sr_number),
    // Several acts carry two consolidations even without a rename: every third one.
    versions: VERSIONS[act.sr_number] ?? (i % 3 === 0 ? ['2020-01-01', '2024-01-01'] : ['2024-01-01']),
    editions: EDITIONS[act.sr_number] ?? [],
    ...(LAYOUTS[act.sr_number] ? { chapters: LAYOUTS[act.sr_number]! } : {}),
    ...(act.sr_number === '210' ? { finalTitle: true } : {}),
  }));
}

/** The title and abbreviation the act carried on a consolidation date. */
export function namesOn(plan: FederalPlan, date: string): { title: Tri; abbreviation: Tri | null } {
  const edition = plan.editions.find((e) => date < e.until);
  if (edition) return { title: edition.title, abbreviation: edition.abbreviation };
  const a = plan.act.abbreviation;
  return {
    title: plan.act.title,
    abbreviation: a.de !== null && a.fr !== null && a.it !== null ? tri(a.de, a.fr, a.it) : null,
  };
}
