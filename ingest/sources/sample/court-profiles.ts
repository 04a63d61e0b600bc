import type { AreaId, Tri } from './areas.ts';

/**
 * How each court of the registry appears in the sample corpus: its share, languages, chambers
 * (entscheidsuche signature suffix, legal areas, docket patterns per era) and the wording of its
 * decisions. Docket patterns: {n} number, {n3}/{n4}/{n5} zero-padded, {y} year, {yy} two digits.
 */
export type ProcKind = 'appeal' | 'civilAppeal' | 'criminalTrial' | 'regulator';
export type DecisionTypeDe = 'Urteil' | 'Beschluss' | 'Verfügung' | 'Entscheid';

export interface DocketPattern {
  readonly pattern: string;
  readonly weight: number;
  readonly from?: number;
  readonly until?: number;
  /** Upper bound of {n}. */
  readonly max?: number;
}

export interface ChamberProfile {
  readonly suffix: string;
  /** Chamber name written as the portal's extra `Meta` entry (courts whose tree has no chambers). */
  readonly label?: Tri;
  readonly areas: readonly AreaId[];
  readonly weight: number;
  readonly from?: number;
  readonly until?: number;
  readonly dockets: readonly DocketPattern[];
  /** Decision types (German key) with weights; defaults to the court's. */
  readonly types?: readonly (readonly [DecisionTypeDe, number])[];
  readonly proc?: ProcKind;
  /** Seat, when it differs from the court's (social-law divisions sit in Lucerne). */
  readonly place?: Tri;
}

export interface CourtProfile {
  readonly key: string;
  readonly weight: number;
  /** Language shares de / fr / it. */
  readonly langs: readonly [number, number, number];
  readonly from: number;
  readonly chambers: readonly ChamberProfile[];
  /** Nominative ("das Obergericht des Kantons Zürich") and genitive ("des Obergerichts ..."). */
  readonly nom: Tri;
  readonly gen: Tri;
  /** Short subject for the operative part ("das Obergericht", "la Cour", "il Tribunale"). */
  readonly short: Tri;
  readonly place: Tri;
  /** Judge title, masculine / feminine per language. */
  readonly judge: readonly [Tri, Tri];
  readonly proc: ProcKind;
  readonly types: readonly (readonly [DecisionTypeDe, number])[];
  /** Trailing dot after sub-level numbers ("1.1." as at the Federal Supreme Court). */
  readonly trailingDot: boolean;
  /** "A.________" or "A. ________". */
  readonly anonSpace: boolean;
  readonly citationWeight: number;
}

const P = (pattern: string, weight = 1, from?: number, until?: number, max?: number): DocketPattern => ({
  pattern,
  weight,
  ...(from !== undefined ? { from } : {}),
  ...(until !== undefined ? { until } : {}),
  ...(max !== undefined ? { max } : {}),
});

const FED_JUDGE: readonly [Tri, Tri] = [
  ['Bundesrichter', 'juge fédéral', 'giudice federale'],
  ['Bundesrichterin', 'juge fédérale', 'giudice federale'],
];
const JUDGE: readonly [Tri, Tri] = [
  ['Richter', 'juge', 'giudice'],
  ['Richterin', 'juge', 'giudice'],
];
const OBER: readonly [Tri, Tri] = [
  ['Oberrichter', "juge d'appel", "giudice d'appello"],
  ['Oberrichterin', "juge d'appel", "giudice d'appello"],
];
const KANTON: readonly [Tri, Tri] = [
  ['Kantonsrichter', 'juge cantonal', 'giudice cantonale'],
  ['Kantonsrichterin', 'juge cantonale', 'giudice cantonale'],
];
const CANT_TYPES: readonly (readonly [DecisionTypeDe, number])[] = [
  ['Urteil', 60],
  ['Beschluss', 15],
  ['Entscheid', 20],
  ['Verfügung', 5],
];
const LUCERNE: Tri = ['Luzern', 'Lucerne', 'Lucerna'];

function cantonal(
  key: string,
  weight: number,
  langs: readonly [number, number, number],
  nom: Tri,
  gen: Tri,
  short: Tri,
  place: Tri,
  judge: readonly [Tri, Tri],
  chambers: readonly ChamberProfile[],
  proc: ProcKind = 'civilAppeal',
): CourtProfile {
  return {
    key,
    weight,
    langs,
    from: 1995,
    chambers,
    nom,
    gen,
    short,
    place,
    judge,
    proc,
    types: CANT_TYPES,
    trailingDot: false,
    anonSpace: key.startsWith('g') || key.startsWith('v') || key.startsWith('t'),
    citationWeight: 0.5,
  };
}

const C = (
  suffix: string,
  areas: readonly AreaId[],
  dockets: readonly DocketPattern[],
  extra: Partial<ChamberProfile> = {},
): ChamberProfile => ({
  suffix,
  areas,
  dockets,
  weight: 1,
  ...extra,
});

// prettier-ignore
export const COURT_PROFILES: readonly CourtProfile[] = [
  {
    key: 'bger', weight: 0.3, langs: [0.5, 0.37, 0.13], from: 1995, trailingDot: true, anonSpace: false, citationWeight: 2, proc: 'appeal',
    nom: ['das Bundesgericht', 'le Tribunal fédéral', 'il Tribunale federale'],
    gen: ['des Bundesgerichts', 'du Tribunal fédéral', 'del Tribunale federale'],
    short: ['das Bundesgericht', 'le Tribunal fédéral', 'il Tribunale federale'],
    place: ['Lausanne', 'Lausanne', 'Losanna'], judge: FED_JUDGE,
    types: [['Urteil', 94], ['Verfügung', 4], ['Beschluss', 2]],
    chambers: [
      C('001', ['building', 'dataprot', 'crimproc'], [P('1C_{n}/{y}', 6, 2007, undefined, 700), P('1B_{n}/{y}', 3, 2007, 2022, 600), P('1A.{n}/{y}', 2, 1995, 2006, 300), P('1P.{n}/{y}', 4, 1995, 2006, 800)], { weight: 3 }),
      C('002', ['tax', 'migration', 'procurement', 'competition', 'finmarket'], [P('2C_{n}/{y}', 8, 2007, undefined, 1100), P('2D_{n}/{y}', 1, 2007, undefined, 80), P('2A.{n}/{y}', 3, 1995, 2006, 700), P('2P.{n}/{y}', 2, 1995, 2006, 300)], { weight: 3 }),
      C('004', ['contracts', 'employment', 'tenancy', 'liability', 'patents'], [P('4A_{n}/{y}', 8, 2007, undefined, 650), P('4D_{n}/{y}', 1, 2007, undefined, 90), P('4C.{n}/{y}', 4, 1995, 2006, 450), P('4P.{n}/{y}', 2, 1995, 2006, 320)], { weight: 3 }),
      C('005', ['family', 'debt'], [P('5A_{n}/{y}', 8, 2007, undefined, 1050), P('5D_{n}/{y}', 1, 2007, undefined, 200), P('5C.{n}/{y}', 4, 1995, 2006, 300), P('5P.{n}/{y}', 3, 1995, 2006, 500)], { weight: 3 }),
      C('006', ['criminal', 'crimproc'], [P('6B_{n}/{y}', 9, 2007, undefined, 1500), P('6S.{n}/{y}', 4, 1995, 2006, 600), P('6P.{n}/{y}', 2, 1995, 2006, 250)], { weight: 4 }),
      C('011', ['crimproc', 'criminal'], [P('7B_{n}/{y}', 1, 2023, undefined, 1200)], { weight: 2, from: 2023 }),
      C('008', ['social'], [P('8C_{n}/{y}', 1, 2007, undefined, 900)], { weight: 2.5, from: 2007, place: LUCERNE }),
      C('009', ['social'], [P('9C_{n}/{y}', 1, 2007, undefined, 900)], { weight: 2.5, from: 2007, place: LUCERNE }),
      C('010', ['debt'], [P('7B.{n}/{y}', 1, 1995, 2006, 250)], { weight: 1, until: 2006 }),
      C('012', ['crimproc'], [P('8G.{n}/{y}', 1, 1995, 2004, 130)], { weight: 0.4, until: 2004 }),
      C('016', ['social'], [P('I {n}/{yy}', 6, 1995, 2006, 900), P('U {n}/{yy}', 3, 1995, 2006, 500), P('H {n}/{yy}', 2, 1995, 2006, 350), P('K {n}/{yy}', 1, 1995, 2006, 180), P('C {n}/{yy}', 1, 1995, 2006, 300), P('B {n}/{yy}', 1, 1995, 2006, 120)], { weight: 5, until: 2006, place: LUCERNE }),
    ],
  },
  {
    key: 'bge', weight: 0.085, langs: [0.56, 0.35, 0.09], from: 1995, trailingDot: false, anonSpace: false, citationWeight: 6, proc: 'appeal',
    nom: ['das Bundesgericht', 'le Tribunal fédéral', 'il Tribunale federale'],
    gen: ['des Bundesgerichts', 'du Tribunal fédéral', 'del Tribunale federale'],
    short: ['das Bundesgericht', 'le Tribunal fédéral', 'il Tribunale federale'],
    place: ['Lausanne', 'Lausanne', 'Losanna'], judge: FED_JUDGE, types: [['Urteil', 1]],
    // Part of the official collection = chamber; the docket (BGE vol part page) is assigned after planning.
    chambers: [
      C('001', ['building', 'tax', 'migration', 'procurement', 'dataprot', 'competition', 'finmarket', 'crimproc'], [], { weight: 3 }),
      C('002', ['building', 'crimproc', 'dataprot'], [], { weight: 1.5, until: 2006 }),
      C('003', ['tax', 'migration', 'building'], [], { weight: 1.5, until: 2006 }),
      C('004', ['family', 'debt'], [], { weight: 1.5 }),
      C('005', ['contracts', 'tenancy', 'employment', 'liability', 'debt', 'patents'], [], { weight: 2.5 }),
      C('006', ['criminal', 'crimproc'], [], { weight: 2 }),
      C('007', ['social'], [], { weight: 2 }),
    ],
  },
  {
    key: 'bvger', weight: 0.08, langs: [0.6, 0.32, 0.08], from: 2007, trailingDot: false, anonSpace: false, citationWeight: 1, proc: 'appeal',
    nom: ['das Bundesverwaltungsgericht', 'le Tribunal administratif fédéral', 'il Tribunale amministrativo federale'],
    gen: ['des Bundesverwaltungsgerichts', 'du Tribunal administratif fédéral', 'del Tribunale amministrativo federale'],
    short: ['das Bundesverwaltungsgericht', 'le Tribunal administratif fédéral', 'il Tribunale amministrativo federale'],
    place: ['St. Gallen', 'Saint-Gall', 'San Gallo'], judge: JUDGE, types: [['Urteil', 88], ['Verfügung', 8], ['Entscheid', 4]],
    chambers: [
      C('001', ['dataprot', 'procurement', 'tax'], [P('A-{n}/{y}', 1, 2007, undefined, 7000)], { label: ['Abteilung I', 'Cour I', 'Corte I'] }),
      C('001', ['competition', 'finmarket', 'procurement'], [P('B-{n}/{y}', 1, 2007, undefined, 7000)], { label: ['Abteilung II', 'Cour II', 'Corte II'] }),
      C('001', ['social', 'migration'], [P('C-{n}/{y}', 1, 2007, undefined, 7000)], { label: ['Abteilung III', 'Cour III', 'Corte III'] }),
      C('001', ['asylum'], [P('D-{n}/{y}', 1, 2007, undefined, 7000)], { label: ['Abteilung IV', 'Cour IV', 'Corte IV'], weight: 1.5 }),
      C('001', ['asylum'], [P('E-{n}/{y}', 1, 2007, undefined, 7000)], { label: ['Abteilung V', 'Cour V', 'Corte V'], weight: 1.5 }),
      C('001', ['migration', 'asylum'], [P('F-{n}/{y}', 1, 2012, undefined, 7000)], { label: ['Abteilung VI', 'Cour VI', 'Corte VI'], from: 2012 }),
    ],
  },
  {
    key: 'bstger', weight: 0.03, langs: [0.45, 0.28, 0.27], from: 2004, trailingDot: false, anonSpace: false, citationWeight: 1, proc: 'appeal',
    nom: ['das Bundesstrafgericht', 'le Tribunal pénal fédéral', 'il Tribunale penale federale'],
    gen: ['des Bundesstrafgerichts', 'du Tribunal pénal fédéral', 'del Tribunale penale federale'],
    short: ['die Kammer', 'la Cour', 'la Corte'],
    place: ['Bellinzona', 'Bellinzone', 'Bellinzona'], judge: [['Bundesstrafrichter', 'juge pénal fédéral', 'giudice penale federale'], ['Bundesstrafrichterin', 'juge pénale fédérale', 'giudice penale federale']],
    types: [['Beschluss', 1]],
    chambers: [
      C('001', ['criminal'], [P('SK.{y}.{n}', 1, 2004, undefined, 80)], { label: ['Strafkammer', 'Cour des affaires pénales', 'Corte penale'], types: [['Urteil', 1]], proc: 'criminalTrial' }),
      C('001', ['crimproc'], [P('BB.{y}.{n}', 3, 2004, undefined, 250), P('BG.{y}.{n}', 1, 2004, undefined, 50), P('BH.{y}.{n}', 1, 2004, undefined, 60)], { label: ['Beschwerdekammer', 'Cour des plaintes', 'Corte dei reclami penali'], weight: 2 }),
      C('001', ['crimproc'], [P('RR.{y}.{n}', 1, 2004, undefined, 300)], { label: ['Beschwerdekammer (Rechtshilfe)', 'Cour des plaintes (entraide)', 'Corte dei reclami penali (assistenza)'], weight: 1.5 }),
      C('001', ['criminal'], [P('CA.{y}.{n}', 1, 2019, undefined, 40)], { label: ['Berufungskammer', "Cour d'appel", "Corte d'appello"], from: 2019, types: [['Urteil', 1]] }),
    ],
  },
  {
    key: 'bpatger', weight: 0.01, langs: [0.72, 0.22, 0.06], from: 2012, trailingDot: false, anonSpace: false, citationWeight: 1, proc: 'civilAppeal',
    nom: ['das Bundespatentgericht', 'le Tribunal fédéral des brevets', 'il Tribunale federale dei brevetti'],
    gen: ['des Bundespatentgerichts', 'du Tribunal fédéral des brevets', 'del Tribunale federale dei brevetti'],
    short: ['das Bundespatentgericht', 'le Tribunal fédéral des brevets', 'il Tribunale federale dei brevetti'],
    place: ['St. Gallen', 'Saint-Gall', 'San Gallo'], judge: JUDGE, types: [['Urteil', 70], ['Entscheid', 15], ['Verfügung', 15]],
    chambers: [C('001', ['patents'], [P('O{y}_{n3}', 3, 2012, undefined, 40), P('S{y}_{n3}', 1, 2012, undefined, 15)])],
  },
  {
    key: 'mkg', weight: 0.006, langs: [0.6, 0.3, 0.1], from: 1995, trailingDot: false, anonSpace: false, citationWeight: 1, proc: 'appeal',
    nom: ['das Militärkassationsgericht', 'le Tribunal militaire de cassation', 'il Tribunale militare di cassazione'],
    gen: ['des Militärkassationsgerichts', 'du Tribunal militaire de cassation', 'del Tribunale militare di cassazione'],
    short: ['das Militärkassationsgericht', 'le Tribunal militaire de cassation', 'il Tribunale militare di cassazione'],
    place: ['Bern', 'Berne', 'Berna'], judge: JUDGE, types: [['Urteil', 1]],
    chambers: [C('001', ['military'], [])],
  },
  {
    key: 'finma', weight: 0.01, langs: [0.8, 0.17, 0.03], from: 2009, trailingDot: false, anonSpace: false, citationWeight: 0.5, proc: 'regulator',
    nom: ['die Eidgenössische Finanzmarktaufsicht FINMA', 'l’Autorité fédérale de surveillance des marchés financiers FINMA', "l'Autorità federale di vigilanza sui mercati finanziari FINMA"],
    gen: ['der Eidgenössischen Finanzmarktaufsicht FINMA', 'de l’Autorité fédérale de surveillance des marchés financiers FINMA', "dell'Autorità federale di vigilanza sui mercati finanziari FINMA"],
    short: ['die FINMA', 'la FINMA', 'la FINMA'],
    place: ['Bern', 'Berne', 'Berna'], judge: [['Enforcementausschuss', "Comité d'enforcement", 'Comitato di enforcement'], ['Enforcementausschuss', "Comité d'enforcement", 'Comitato di enforcement']],
    types: [['Verfügung', 1]],
    chambers: [C('001', ['finmarket'], [P('FINMA {y}/{n}', 1, 2009, undefined, 60)])],
  },
  {
    key: 'weko', weight: 0.01, langs: [0.75, 0.22, 0.03], from: 1996, trailingDot: false, anonSpace: false, citationWeight: 0.5, proc: 'regulator',
    nom: ['die Wettbewerbskommission', 'la Commission de la concurrence', 'la Commissione della concorrenza'],
    gen: ['der Wettbewerbskommission', 'de la Commission de la concurrence', 'della Commissione della concorrenza'],
    short: ['die Wettbewerbskommission', 'la Commission de la concurrence', 'la Commissione della concorrenza'],
    place: ['Bern', 'Berne', 'Berna'], judge: [['Kommission', 'Commission', 'Commissione'], ['Kommission', 'Commission', 'Commissione']],
    types: [['Verfügung', 1]],
    chambers: [C('001', ['competition'], [P('22-{n4}', 1, 1996, undefined, 600), P('32-{n4}', 2, 1996, undefined, 600), P('41-{n4}', 1, 1996, undefined, 900), P('51-{n4}', 1, 1996, undefined, 900)])],
  },
  cantonal('zh_obergericht', 0.05, [1, 0, 0],
    ['das Obergericht des Kantons Zürich', 'le Tribunal supérieur du canton de Zurich', 'il Tribunale superiore del Cantone di Zurigo'],
    ['des Obergerichts des Kantons Zürich', 'du Tribunal supérieur du canton de Zurich', 'del Tribunale superiore del Cantone di Zurigo'],
    ['das Obergericht', 'le Tribunal supérieur', 'il Tribunale superiore'], ['Zürich', 'Zurich', 'Zurigo'], OBER, [
      C('001', ['tenancy', 'employment', 'contracts', 'family', 'debt', 'liability'], [P('LB{yy}{n4}', 4, 1995, undefined, 250), P('LA{yy}{n4}', 1, 1995, undefined, 80), P('LE{yy}{n4}', 2, 1995, undefined, 120), P('PS{yy}{n4}', 1, 1995, undefined, 260), P('RT{yy}{n4}', 1, 1995, undefined, 200)], { weight: 3 }),
      C('002', ['criminal', 'crimproc'], [P('SB{yy}{n4}', 3, 1995, undefined, 600), P('UE{yy}{n4}', 2, 1995, undefined, 450)], { weight: 2 }),
    ]),
  cantonal('zh_verwaltungsgericht', 0.03, [1, 0, 0],
    ['das Verwaltungsgericht des Kantons Zürich', 'le Tribunal administratif du canton de Zurich', 'il Tribunale amministrativo del Cantone di Zurigo'],
    ['des Verwaltungsgerichts des Kantons Zürich', 'du Tribunal administratif du canton de Zurich', 'del Tribunale amministrativo del Cantone di Zurigo'],
    ['das Verwaltungsgericht', 'le Tribunal administratif', 'il Tribunale amministrativo'], ['Zürich', 'Zurich', 'Zurigo'],
    [['Verwaltungsrichter', 'juge administratif', 'giudice amministrativo'], ['Verwaltungsrichterin', 'juge administrative', 'giudice amministrativa']], [
      C('001', ['building', 'migration', 'procurement', 'dataprot'], [P('VB.{y}.{n5}', 1, 1995, undefined, 900)], { weight: 3 }),
      C('001', ['tax'], [P('SB.{y}.{n5}', 1, 1995, undefined, 150)]),
    ], 'appeal'),
  cantonal('zh_sozialversicherungsgericht', 0.025, [1, 0, 0],
    ['das Sozialversicherungsgericht des Kantons Zürich', 'le Tribunal des assurances sociales du canton de Zurich', 'il Tribunale delle assicurazioni sociali del Cantone di Zurigo'],
    ['des Sozialversicherungsgerichts des Kantons Zürich', 'du Tribunal des assurances sociales du canton de Zurich', 'del Tribunale delle assicurazioni sociali del Cantone di Zurigo'],
    ['das Sozialversicherungsgericht', 'le Tribunal', 'il Tribunale'], ['Winterthur', 'Winterthour', 'Winterthur'], JUDGE, [
      C('001', ['social'], [P('IV.{y}.{n5}', 4, 1995, undefined, 1500), P('UV.{y}.{n5}', 2, 1995, undefined, 500), P('AB.{y}.{n5}', 1, 1995, undefined, 200), P('KV.{y}.{n5}', 1, 1995, undefined, 150)]),
    ], 'appeal'),
  cantonal('be_obergericht', 0.03, [0.9, 0.1, 0],
    ['das Obergericht des Kantons Bern', 'la Cour suprême du canton de Berne', 'il Tribunale superiore del Cantone di Berna'],
    ['des Obergerichts des Kantons Bern', 'de la Cour suprême du canton de Berne', 'del Tribunale superiore del Cantone di Berna'],
    ['das Obergericht', 'la Cour', 'il Tribunale superiore'], ['Bern', 'Berne', 'Berna'], OBER, [
      C('001', ['tenancy', 'employment', 'contracts', 'liability'], [P('ZK {yy} {n}', 1, 1995, undefined, 600)], { weight: 2 }),
      C('002', ['contracts', 'patents'], [P('HG {yy} {n}', 1, 1995, undefined, 150)], { weight: 0.5 }),
      C('003', ['family'], [P('KES {yy} {n}', 1, 2013, undefined, 900)], { from: 2013 }),
      C('005', ['criminal'], [P('SK {yy} {n}', 1, 1995, undefined, 500)], { weight: 1.5 }),
      C('007', ['debt'], [P('ABS {yy} {n}', 1, 1995, undefined, 400)], { weight: 0.5 }),
      C('008', ['crimproc'], [P('BK {yy} {n}', 1, 2011, undefined, 500)], { from: 2011 }),
    ]),
  cantonal('be_verwaltungsgericht', 0.02, [0.88, 0.12, 0],
    ['das Verwaltungsgericht des Kantons Bern', 'le Tribunal administratif du canton de Berne', 'il Tribunale amministrativo del Cantone di Berna'],
    ['des Verwaltungsgerichts des Kantons Bern', 'du Tribunal administratif du canton de Berne', 'del Tribunale amministrativo del Cantone di Berna'],
    ['das Verwaltungsgericht', 'le Tribunal administratif', 'il Tribunale amministrativo'], ['Bern', 'Berne', 'Berna'],
    [['Verwaltungsrichter', 'juge administratif', 'giudice amministrativo'], ['Verwaltungsrichterin', 'juge administrative', 'giudice amministrativa']], [
      C('001', ['building', 'migration', 'tax'], [P('100.{y}.{n}', 1, 1995, undefined, 450)], { weight: 2 }),
      C('001', ['social'], [P('200.{y}.{n}', 1, 1995, undefined, 900)]),
    ], 'appeal'),
  cantonal('lu_kantonsgericht', 0.02, [1, 0, 0],
    ['das Kantonsgericht Luzern', 'le Tribunal cantonal de Lucerne', 'il Tribunale cantonale di Lucerna'],
    ['des Kantonsgerichts Luzern', 'du Tribunal cantonal de Lucerne', 'del Tribunale cantonale di Lucerna'],
    ['das Kantonsgericht', 'le Tribunal cantonal', 'il Tribunale cantonale'], ['Luzern', 'Lucerne', 'Lucerna'], KANTON, [
      C('001', ['contracts', 'tenancy', 'employment', 'family'], [P('1B {yy} {n}', 1, 1995, undefined, 70)]),
      C('002', ['criminal', 'crimproc'], [P('2M {yy} {n}', 1, 1995, undefined, 60)]),
      C('003', ['debt', 'family'], [P('3B {yy} {n}', 1, 1995, undefined, 90)], { weight: 0.5 }),
      C('004', ['building', 'migration', 'tax'], [P('7H {yy} {n}', 1, 1995, undefined, 300)]),
      C('005', ['social'], [P('5V {yy} {n}', 1, 1995, undefined, 450)]),
    ]),
  cantonal('ag_obergericht', 0.02, [1, 0, 0],
    ['das Obergericht des Kantons Aargau', "le Tribunal supérieur du canton d'Argovie", 'il Tribunale superiore del Cantone Argovia'],
    ['des Obergerichts des Kantons Aargau', "du Tribunal supérieur du canton d'Argovie", 'del Tribunale superiore del Cantone Argovia'],
    ['das Obergericht', 'le Tribunal supérieur', 'il Tribunale superiore'], ['Aarau', 'Aarau', 'Aarau'], OBER, [
      C('001', ['contracts', 'tenancy', 'employment', 'family', 'debt'], [P('ZOR.{y}.{n}', 2, 1995, undefined, 80), P('ZSU.{y}.{n}', 1, 1995, undefined, 300), P('ZVE.{y}.{n}', 1, 1995, undefined, 60)], { weight: 2 }),
      C('003', ['criminal', 'crimproc'], [P('SST.{y}.{n}', 2, 1995, undefined, 300), P('SBK.{y}.{n}', 1, 1995, undefined, 400)]),
      C('004', ['social'], [P('VBE.{y}.{n}', 1, 1995, undefined, 900)]),
    ]),
  cantonal('ag_verwaltungsgericht', 0.015, [1, 0, 0],
    ['das Verwaltungsgericht des Kantons Aargau', "le Tribunal administratif du canton d'Argovie", 'il Tribunale amministrativo del Cantone Argovia'],
    ['des Verwaltungsgerichts des Kantons Aargau', "du Tribunal administratif du canton d'Argovie", 'del Tribunale amministrativo del Cantone Argovia'],
    ['das Verwaltungsgericht', 'le Tribunal administratif', 'il Tribunale amministrativo'], ['Aarau', 'Aarau', 'Aarau'],
    [['Verwaltungsrichter', 'juge administratif', 'giudice amministrativo'], ['Verwaltungsrichterin', 'juge administrative', 'giudice amministrativa']], [
      C('001', ['building', 'migration', 'tax', 'procurement'], [P('WBE.{y}.{n}', 3, 1995, undefined, 500), P('WPR.{y}.{n}', 1, 1995, undefined, 150), P('WNO.{y}.{n}', 1, 1995, undefined, 30)]),
    ], 'appeal'),
  cantonal('bs_appellationsgericht', 0.015, [1, 0, 0],
    ['das Appellationsgericht des Kantons Basel-Stadt', "la Cour d'appel du canton de Bâle-Ville", "la Corte d'appello del Cantone di Basilea Città"],
    ['des Appellationsgerichts des Kantons Basel-Stadt', "de la Cour d'appel du canton de Bâle-Ville", "della Corte d'appello del Cantone di Basilea Città"],
    ['das Appellationsgericht', "la Cour d'appel", "la Corte d'appello"], ['Basel', 'Bâle', 'Basilea'], JUDGE, [
      C('001', ['contracts', 'tenancy', 'employment', 'family'], [P('ZB.{y}.{n}', 1, 1995, undefined, 60)]),
      C('001', ['criminal', 'crimproc'], [P('SB.{y}.{n}', 2, 1995, undefined, 250), P('BES.{y}.{n}', 1, 2011, undefined, 250)]),
      C('001', ['building', 'migration', 'tax', 'social'], [P('VD.{y}.{n}', 1, 1995, undefined, 250)]),
    ]),
  cantonal('sg_kantonsgericht', 0.02, [1, 0, 0],
    ['das Kantonsgericht St. Gallen', 'le Tribunal cantonal de Saint-Gall', 'il Tribunale cantonale di San Gallo'],
    ['des Kantonsgerichts St. Gallen', 'du Tribunal cantonal de Saint-Gall', 'del Tribunale cantonale di San Gallo'],
    ['das Kantonsgericht', 'le Tribunal cantonal', 'il Tribunale cantonale'], ['St. Gallen', 'Saint-Gall', 'San Gallo'], KANTON, [
      C('001', ['criminal', 'crimproc'], [P('ST.{y}.{n}', 2, 1995, undefined, 150), P('AK.{y}.{n}', 1, 1995, undefined, 100)]),
      C('002', ['contracts', 'tenancy', 'employment', 'family', 'debt', 'liability'], [P('BO.{y}.{n}', 2, 1995, undefined, 90), P('BZ.{y}.{n}', 1, 1995, undefined, 100), P('FO.{y}.{n}', 1, 1995, undefined, 40)], { weight: 2 }),
    ]),
  cantonal('gr_kantonsgericht', 0.015, [0.82, 0, 0.18],
    ['das Kantonsgericht von Graubünden', 'le Tribunal cantonal des Grisons', 'il Tribunale cantonale dei Grigioni'],
    ['des Kantonsgerichts von Graubünden', 'du Tribunal cantonal des Grisons', 'del Tribunale cantonale dei Grigioni'],
    ['das Kantonsgericht', 'le Tribunal cantonal', 'il Tribunale cantonale'], ['Chur', 'Coire', 'Coira'], KANTON, [
      C('003', ['debt'], [P('KSK {yy} {n}', 1, 1995, undefined, 80)], { weight: 0.5 }),
      C('004', ['criminal', 'crimproc'], [P('SK1 {yy} {n}', 1, 1995, undefined, 70)]),
      C('005', ['criminal', 'crimproc'], [P('SK2 {yy} {n}', 1, 1995, undefined, 90)]),
      C('006', ['contracts', 'tenancy', 'employment', 'liability'], [P('ZK1 {yy} {n}', 1, 1995, undefined, 150)]),
      C('007', ['family', 'debt'], [P('ZK2 {yy} {n}', 1, 1995, undefined, 70)]),
    ]),
  cantonal('ge_gerichte', 0.05, [0, 1, 0],
    ['die Cour de justice des Kantons Genf', 'la Cour de justice du canton de Genève', 'la Corte di giustizia del Cantone di Ginevra'],
    ['der Cour de justice des Kantons Genf', 'de la Cour de justice du canton de Genève', 'della Corte di giustizia del Cantone di Ginevra'],
    ['die Cour de justice', 'la Cour', 'la Corte'], ['Genf', 'Genève', 'Ginevra'], JUDGE, [
      C('001', ['contracts', 'family', 'liability'], [P('ACJC/{n}/{y}', 1, 1995, undefined, 1700)], { weight: 2 }),
      C('003', ['employment'], [P('CAPH/{n}/{y}', 1, 2011, undefined, 230)], { from: 2011 }),
      C('004', ['tenancy'], [P('ACJC/{n}/{y}', 1, 1995, undefined, 1700)], { weight: 1.5 }),
      C('007', ['debt'], [P('DCSO/{n}/{y}', 1, 1995, undefined, 600)], { weight: 0.5 }),
      C('009', ['criminal'], [P('AARP/{n}/{y}', 1, 2011, undefined, 450)], { from: 2011 }),
      C('011', ['crimproc'], [P('ACPR/{n}/{y}', 1, 2011, undefined, 900)], { from: 2011 }),
      C('013', ['building', 'migration', 'tax', 'procurement', 'dataprot'], [P('ATA/{n}/{y}', 1, 1995, undefined, 1400)], { weight: 2 }),
      C('014', ['social'], [P('ATAS/{n}/{y}', 1, 2011, undefined, 1200)], { from: 2011 }),
    ]),
  cantonal('ge_tapi', 0.015, [0, 1, 0],
    ['das Verwaltungsgericht erster Instanz des Kantons Genf', 'le Tribunal administratif de première instance du canton de Genève', 'il Tribunale amministrativo di prima istanza del Cantone di Ginevra'],
    ['des Verwaltungsgerichts erster Instanz des Kantons Genf', 'du Tribunal administratif de première instance du canton de Genève', 'del Tribunale amministrativo di prima istanza del Cantone di Ginevra'],
    ['das Verwaltungsgericht', 'le Tribunal administratif de première instance', 'il Tribunale amministrativo di prima istanza'], ['Genf', 'Genève', 'Ginevra'], JUDGE, [
      C('001', ['tax', 'building', 'migration'], [P('JTAPI/{n}/{y}', 1, 2009, undefined, 1300)]),
    ], 'appeal'),
  cantonal('vd_findinfo', 0.045, [0, 1, 0],
    ['das Kantonsgericht des Kantons Waadt', 'le Tribunal cantonal du canton de Vaud', 'il Tribunale cantonale del Cantone di Vaud'],
    ['des Kantonsgerichts des Kantons Waadt', 'du Tribunal cantonal du canton de Vaud', 'del Tribunale cantonale del Cantone di Vaud'],
    ['das Kantonsgericht', 'la Cour', 'la Corte'], ['Lausanne', 'Lausanne', 'Losanna'], KANTON, [
      C('001', ['building', 'migration', 'tax', 'procurement'], [P('PE.{y}.{n4}', 1, 1995, undefined, 600), P('AC.{y}.{n4}', 1, 1995, undefined, 400), P('FI.{y}.{n4}', 1, 1995, undefined, 200)], { weight: 2 }),
      C('002', ['contracts', 'tenancy', 'employment', 'family', 'liability'], [P('HC/{y}/{n}', 1, 2011, undefined, 900)], { from: 2011, weight: 2 }),
      C('003', ['criminal'], [P('CAPE/{y}/{n}', 1, 2011, undefined, 500)], { from: 2011 }),
      C('004', ['social'], [P('PS.{y}.{n}', 1, 1995, undefined, 250)]),
      C('009', ['debt'], [P('CPF/{y}/{n}', 1, 1995, undefined, 200)], { weight: 0.5 }),
      C('013', ['crimproc'], [P('CREP/{y}/{n}', 1, 2011, undefined, 900)], { from: 2011 }),
      C('007', ['contracts', 'liability'], [P('CCIV/{y}/{n}', 1, 1995, 2010, 300)], { until: 2010 }),
    ]),
  cantonal('ne_tribunal_cantonal', 0.015, [0, 1, 0],
    ['das Kantonsgericht des Kantons Neuenburg', 'le Tribunal cantonal du canton de Neuchâtel', 'il Tribunale cantonale del Cantone di Neuchâtel'],
    ['des Kantonsgerichts des Kantons Neuenburg', 'du Tribunal cantonal du canton de Neuchâtel', 'del Tribunale cantonale del Cantone di Neuchâtel'],
    ['das Kantonsgericht', 'la Cour', 'la Corte'], ['Neuenburg', 'Neuchâtel', 'Neuchâtel'], KANTON, [
      C('002', ['contracts', 'tenancy', 'employment', 'family'], [P('CACIV.{y}.{n}', 1, 2011, undefined, 120)], { from: 2011, weight: 2 }),
      C('008', ['crimproc'], [P('ARMP.{y}.{n}', 1, 2011, undefined, 180)], { from: 2011 }),
      C('009', ['criminal'], [P('CPEN.{y}.{n}', 1, 2011, undefined, 90)], { from: 2011 }),
      C('005', ['contracts', 'liability', 'family'], [P('CCC.{y}.{n}', 1, 1995, 2010, 200)], { until: 2010 }),
      C('003', ['criminal', 'crimproc'], [P('CPEN.{y}.{n}', 1, 1995, 2010, 150)], { until: 2010 }),
      C('012', ['building', 'migration', 'tax', 'social'], [P('CDP.{y}.{n}', 1, 1995, undefined, 350)], { weight: 2 }),
    ]),
  cantonal('fr_kantonsgericht', 0.02, [0.35, 0.65, 0],
    ['das Kantonsgericht Freiburg', 'le Tribunal cantonal du canton de Fribourg', 'il Tribunale cantonale del Cantone di Friburgo'],
    ['des Kantonsgerichts Freiburg', 'du Tribunal cantonal du canton de Fribourg', 'del Tribunale cantonale del Cantone di Friburgo'],
    ['der Hof', 'la Cour', 'la Corte'], ['Freiburg', 'Fribourg', 'Friburgo'], KANTON, [
      C('001', ['contracts', 'tenancy', 'employment', 'family', 'liability'], [P('101 {y} {n}', 2, 1995, undefined, 400), P('102 {y} {n}', 1, 1995, undefined, 300)], { weight: 2 }),
      C('006', ['criminal', 'crimproc'], [P('501 {y} {n}', 1, 1995, undefined, 250)]),
      C('007', ['building', 'migration'], [P('602 {y} {n}', 1, 1995, undefined, 300)]),
      C('010', ['tax'], [P('604 {y} {n}', 1, 1995, undefined, 150)], { weight: 0.5 }),
      C('011', ['social'], [P('605 {y} {n}', 1, 1995, undefined, 400)]),
    ]),
  cantonal('vs_kantonsgericht', 0.015, [0.4, 0.6, 0],
    ['das Kantonsgericht des Kantons Wallis', 'le Tribunal cantonal du canton du Valais', 'il Tribunale cantonale del Cantone Vallese'],
    ['des Kantonsgerichts des Kantons Wallis', 'du Tribunal cantonal du canton du Valais', 'del Tribunale cantonale del Cantone Vallese'],
    ['das Kantonsgericht', 'la Cour', 'la Corte'], ['Sitten', 'Sion', 'Sion'], KANTON, [
      C('001', ['contracts', 'tenancy', 'employment', 'family', 'liability'], [P('C1 {yy} {n}', 1, 1995, undefined, 300)], { label: ['Zivilrechtliche Abteilung', 'Cour civile', 'Corte civile'], weight: 2 }),
      C('001', ['criminal', 'crimproc'], [P('P1 {yy} {n}', 1, 1995, undefined, 200)], { label: ['Strafrechtliche Abteilung', 'Cour pénale', 'Corte penale'] }),
      C('001', ['building', 'migration', 'tax'], [P('A1 {yy} {n}', 1, 1995, undefined, 250)], { label: ['Öffentlichrechtliche Abteilung', 'Cour de droit public', 'Corte di diritto pubblico'] }),
      C('001', ['social'], [P('S1 {yy} {n}', 1, 1995, undefined, 300)], { label: ['Sozialversicherungsrechtliche Abteilung', 'Cour des assurances sociales', 'Corte delle assicurazioni sociali'] }),
    ]),
  cantonal('ju_tribunal_cantonal', 0.01, [0, 1, 0],
    ['das Kantonsgericht des Kantons Jura', 'le Tribunal cantonal de la République et Canton du Jura', 'il Tribunale cantonale della Repubblica e Cantone del Giura'],
    ['des Kantonsgerichts des Kantons Jura', 'du Tribunal cantonal de la République et Canton du Jura', 'del Tribunale cantonale della Repubblica e Cantone del Giura'],
    ['das Kantonsgericht', 'la Cour', 'la Corte'], ['Pruntrut', 'Porrentruy', 'Porrentruy'], KANTON, [
      C('002', ['contracts', 'tenancy', 'employment', 'family', 'liability'], [P('CC {n} / {y}', 1, 1995, undefined, 150)], { weight: 2 }),
      C('003', ['criminal'], [P('CP {n} / {y}', 1, 1995, undefined, 60)]),
      C('004', ['crimproc'], [P('CPR {n} / {y}', 1, 2011, undefined, 120)], { from: 2011 }),
      C('005', ['building', 'migration', 'tax'], [P('ADM {n} / {y}', 1, 1995, undefined, 150)]),
      C('006', ['social'], [P('AS {n} / {y}', 1, 1995, undefined, 200)]),
    ]),
  cantonal('ti_gerichte', 0.02, [0, 0, 1],
    ["das Appellationsgericht des Kantons Tessin", "le Tribunal d'appel du canton du Tessin", "il Tribunale d'appello del Cantone Ticino"],
    ["des Appellationsgerichts des Kantons Tessin", "du Tribunal d'appel du canton du Tessin", "del Tribunale d'appello del Cantone Ticino"],
    ['die Kammer', 'la Chambre', 'la Camera'], ['Lugano', 'Lugano', 'Lugano'], JUDGE, [
      C('001', ['contracts', 'liability', 'employment'], [P('11.{y}.{n}', 1, 1995, undefined, 150)], { weight: 2 }),
      C('002', ['tenancy', 'family'], [P('12.{y}.{n}', 1, 1995, undefined, 150)], { weight: 2 }),
      C('004', ['contracts', 'tenancy', 'family'], [P('15.{y}.{n}', 1, 1995, undefined, 250)]),
      C('006', ['debt'], [P('14.{y}.{n}', 1, 1995, undefined, 200)]),
    ]),
  cantonal('ti_tribunale_amministrativo', 0.015, [0, 0, 1],
    ['das Kantonale Verwaltungsgericht des Kantons Tessin', 'le Tribunal cantonal administratif du canton du Tessin', 'il Tribunale cantonale amministrativo del Cantone Ticino'],
    ['des Kantonalen Verwaltungsgerichts des Kantons Tessin', 'du Tribunal cantonal administratif du canton du Tessin', 'del Tribunale cantonale amministrativo del Cantone Ticino'],
    ['das Verwaltungsgericht', 'le Tribunal', 'il Tribunale'], ['Lugano', 'Lugano', 'Lugano'], JUDGE, [
      C('001', ['building', 'migration', 'procurement', 'tax'], [P('52.{y}.{n}', 1, 1995, undefined, 600)]),
    ], 'appeal'),
];

export function profileByKey(key: string): CourtProfile {
  const p = COURT_PROFILES.find((c) => c.key === key);
  if (!p) throw new Error(`no sample profile for court ${key}`);
  return p;
}
