import type { Rng } from './prng.ts';

export type Lang = 'de' | 'fr' | 'it';

/** A federal act with its abbreviation per language and the years it was in force (if limited). */
interface Act {
  readonly abbr: Readonly<Record<Lang, string>>;
  readonly from?: number;
  readonly until?: number;
  /** The act that replaced it, used when a decision predates/postdates the act. */
  readonly other?: string;
}

const A = (de: string, fr: string, it: string, from?: number, until?: number, other?: string): Act => ({
  abbr: { de, fr, it },
  ...(from !== undefined ? { from } : {}),
  ...(until !== undefined ? { until } : {}),
  ...(other !== undefined ? { other } : {}),
});

// prettier-ignore
export const ACTS: Readonly<Record<string, Act>> = {
  BV: A('BV', 'Cst.', 'Cost.'),
  OR: A('OR', 'CO', 'CO'),
  ZGB: A('ZGB', 'CC', 'CC'),
  StGB: A('StGB', 'CP', 'CP'),
  BGG: A('BGG', 'LTF', 'LTF', 2007, undefined, 'OG'),
  OG: A('OG', 'OJ', 'OG', undefined, 2006, 'BGG'),
  StPO: A('StPO', 'CPP', 'CPP', 2011),
  ZPO: A('ZPO', 'CPC', 'CPC', 2011),
  SchKG: A('SchKG', 'LP', 'LEF'),
  DSG: A('DSG', 'LPD', 'LPD'),
  AIG: A('AIG', 'LEI', 'LStrI', 2019, undefined, 'AuG'),
  AuG: A('AuG', 'LEtr', 'LStr', 2008, 2018, 'ANAG'),
  ANAG: A('ANAG', 'LSEE', 'LDDS', undefined, 2007, 'AuG'),
  ATSG: A('ATSG', 'LPGA', 'LPGA', 2003),
  IVG: A('IVG', 'LAI', 'LAI'),
  UVG: A('UVG', 'LAA', 'LAINF'),
  AHVG: A('AHVG', 'LAVS', 'LAVS'),
  AsylG: A('AsylG', 'LAsi', 'LAsi'),
  DBG: A('DBG', 'LIFD', 'LIFD'),
  StHG: A('StHG', 'LHID', 'LAID'),
  BöB: A('BöB', 'LMP', 'LAPub'),
  KG: A('KG', 'LCart', 'LCart'),
  PatG: A('PatG', 'LBI', 'LBI'),
  FINMAG: A('FINMAG', 'LFINMA', 'LFINMA', 2009),
  BankG: A('BankG', 'LB', 'LBCR'),
  GwG: A('GwG', 'LBA', 'LRD'),
  MStG: A('MStG', 'CPM', 'CPM'),
  MStP: A('MStP', 'PPM', 'PPM'),
  RPG: A('RPG', 'LAT', 'LPT'),
  VwVG: A('VwVG', 'PA', 'PA'),
  VGG: A('VGG', 'LTAF', 'LTAF', 2007),
  EMRK: A('EMRK', 'CEDH', 'CEDU'),
  SVG: A('SVG', 'LCR', 'LCStr'),
  BetmG: A('BetmG', 'LStup', 'LStup'),
  FZA: A('FZA', 'ALCP', 'ALC', 2002),
  IRSG: A('IRSG', 'EIMP', 'AIMP'),
};

/** One article that a topic refers to: `[act, article, max paragraph, has letters]`. */
export type StatuteSpec = readonly [act: string, article: string, paragraphs?: number, letters?: boolean];

/** A concrete reference, e.g. Art. 8 Abs. 2 lit. a BV. */
export interface StatuteRef {
  readonly act: string;
  readonly article: string;
  readonly paragraph?: number;
  readonly letter?: string;
  /** Cantonal act abbreviation (language-independent) with § (true) or Art. (false). */
  readonly cantonal?: { readonly abbr: Readonly<Record<Lang, string>>; readonly paragraphSign: boolean };
}

/** The act in force in `year`: replaced acts map to their predecessor or successor. */
export function actInForce(act: string, year: number): string {
  let current = act;
  for (let hops = 0; hops < 3; hops++) {
    const a = ACTS[current];
    if (!a) return current;
    if (a.from !== undefined && year < a.from && a.other) current = a.other;
    else if (a.until !== undefined && year > a.until && a.other) current = a.other;
    else return current;
  }
  return current;
}

export function drawStatute(spec: StatuteSpec, year: number, rng: Rng): StatuteRef | null {
  const [act, article, paragraphs, letters] = spec;
  const a = ACTS[act];
  if (a?.from !== undefined && year < a.from && !a.other) return null;
  const inForce = actInForce(act, year);
  const roll = rng.next();
  const paragraph = paragraphs && roll < 0.55 ? rng.int(1, paragraphs) : undefined;
  const letter =
    paragraph !== undefined && letters && rng.chance(0.4) ? rng.pick(['a', 'b', 'c', 'd']) : undefined;
  return {
    act: inForce,
    article,
    ...(paragraph !== undefined ? { paragraph } : {}),
    ...(letter !== undefined ? { letter } : {}),
  };
}

const WORDS = {
  de: { art: 'Art.', para: 'Abs.', lit: 'lit.' },
  fr: { art: 'art.', para: 'al.', lit: 'let.' },
  it: { art: 'art.', para: 'cpv.', lit: 'lett.' },
} as const;

/** `Art. 8 Abs. 2 lit. a BV` / `art. 8 al. 2 let. a Cst.` / `art. 8 cpv. 2 lett. a Cost.` / `§ 12 StG`. */
export function formatStatute(ref: StatuteRef, lang: Lang): string {
  const w = WORDS[lang];
  const abbr = ref.cantonal ? ref.cantonal.abbr[lang] : (ACTS[ref.act]?.abbr[lang] ?? ref.act);
  const head = ref.cantonal?.paragraphSign ? `§ ${ref.article}` : `${w.art} ${ref.article}`;
  const para =
    ref.paragraph !== undefined ? ` ${ref.cantonal?.paragraphSign ? 'Abs.' : w.para} ${ref.paragraph}` : '';
  const lit = ref.letter !== undefined ? ` ${w.lit} ${ref.letter}` : '';
  return `${head}${para}${lit} ${abbr}`;
}

/** Cantonal acts per canton: abbreviation per language, § or Art., typical articles. */
// prettier-ignore
export const CANTONAL_ACTS: Readonly<Record<string, readonly { abbr: Readonly<Record<Lang, string>>; sign: boolean; arts: readonly string[]; topic: 'procedure' | 'tax' | 'building' | 'courts' }[]>> = {
  ZH: [
    { abbr: { de: 'VRG', fr: 'VRG', it: 'VRG' }, sign: true, arts: ['5a', '7', '8', '13', '20', '50', '65a'], topic: 'procedure' },
    { abbr: { de: 'StG', fr: 'StG', it: 'StG' }, sign: true, arts: ['12', '18', '25', '31', '47', '216'], topic: 'tax' },
    { abbr: { de: 'PBG', fr: 'PBG', it: 'PBG' }, sign: true, arts: ['234', '238', '309', '357'], topic: 'building' },
    { abbr: { de: 'GOG', fr: 'GOG', it: 'GOG' }, sign: true, arts: ['24', '48', '128', '199'], topic: 'courts' },
  ],
  BE: [
    { abbr: { de: 'VRPG', fr: 'LPJA', it: 'VRPG' }, sign: false, arts: ['20a', '49', '65', '108'], topic: 'procedure' },
    { abbr: { de: 'StG', fr: 'LI', it: 'StG' }, sign: false, arts: ['19', '21', '38', '52'], topic: 'tax' },
    { abbr: { de: 'BauG', fr: 'LC', it: 'BauG' }, sign: false, arts: ['1a', '9', '24', '46'], topic: 'building' },
  ],
  LU: [
    { abbr: { de: 'VRG', fr: 'VRG', it: 'VRG' }, sign: true, arts: ['37', '46', '110', '144'], topic: 'procedure' },
    { abbr: { de: 'StG', fr: 'StG', it: 'StG' }, sign: true, arts: ['25', '40', '70'], topic: 'tax' },
    { abbr: { de: 'PBG', fr: 'PBG', it: 'PBG' }, sign: true, arts: ['36', '184', '195'], topic: 'building' },
  ],
  AG: [
    { abbr: { de: 'VRPG', fr: 'VRPG', it: 'VRPG' }, sign: true, arts: ['17', '22', '31', '41'], topic: 'procedure' },
    { abbr: { de: 'StG', fr: 'StG', it: 'StG' }, sign: true, arts: ['26', '33', '40', '62'], topic: 'tax' },
    { abbr: { de: 'BauG', fr: 'BauG', it: 'BauG' }, sign: true, arts: ['6', '59', '67'], topic: 'building' },
  ],
  BS: [
    { abbr: { de: 'VRPG', fr: 'VRPG', it: 'VRPG' }, sign: true, arts: ['8', '13', '16', '30'], topic: 'procedure' },
    { abbr: { de: 'StG', fr: 'StG', it: 'StG' }, sign: true, arts: ['18', '29', '36'], topic: 'tax' },
    { abbr: { de: 'BPG', fr: 'BPG', it: 'BPG' }, sign: true, arts: ['7', '25', '58'], topic: 'building' },
  ],
  SG: [
    { abbr: { de: 'VRP', fr: 'VRP', it: 'VRP' }, sign: false, arts: ['12', '45', '64', '97'], topic: 'procedure' },
    { abbr: { de: 'StG', fr: 'StG', it: 'StG' }, sign: false, arts: ['28', '45', '58'], topic: 'tax' },
    { abbr: { de: 'PBG', fr: 'PBG', it: 'PBG' }, sign: false, arts: ['99', '136', '153'], topic: 'building' },
  ],
  GR: [
    { abbr: { de: 'VRG', fr: 'VRG', it: 'LGA' }, sign: false, arts: ['38', '50', '72'], topic: 'procedure' },
    { abbr: { de: 'StG', fr: 'StG', it: 'LIC' }, sign: false, arts: ['17', '23', '38'], topic: 'tax' },
    { abbr: { de: 'KRG', fr: 'KRG', it: 'LPTC' }, sign: false, arts: ['22', '32', '86'], topic: 'building' },
  ],
  GE: [
    { abbr: { de: 'LPA', fr: 'LPA', it: 'LPA' }, sign: false, arts: ['19', '20', '60', '61', '65', '87'], topic: 'procedure' },
    { abbr: { de: 'LIPP', fr: 'LIPP', it: 'LIPP' }, sign: false, arts: ['17', '27', '36', '56'], topic: 'tax' },
    { abbr: { de: 'LCI', fr: 'LCI', it: 'LCI' }, sign: false, arts: ['1', '14', '59', '129'], topic: 'building' },
    { abbr: { de: 'LOJ', fr: 'LOJ', it: 'LOJ' }, sign: false, arts: ['120', '121', '132'], topic: 'courts' },
  ],
  VD: [
    { abbr: { de: 'LPA-VD', fr: 'LPA-VD', it: 'LPA-VD' }, sign: false, arts: ['28', '75', '79', '98'], topic: 'procedure' },
    { abbr: { de: 'LI', fr: 'LI', it: 'LI' }, sign: false, arts: ['19', '37', '42'], topic: 'tax' },
    { abbr: { de: 'LATC', fr: 'LATC', it: 'LATC' }, sign: false, arts: ['47', '80', '104'], topic: 'building' },
  ],
  NE: [
    { abbr: { de: 'LPJA', fr: 'LPJA', it: 'LPJA' }, sign: false, arts: ['4', '32', '46'], topic: 'procedure' },
    { abbr: { de: 'LCdir', fr: 'LCdir', it: 'LCdir' }, sign: false, arts: ['20', '24', '56'], topic: 'tax' },
    { abbr: { de: 'LCAT', fr: 'LCAT', it: 'LCAT' }, sign: false, arts: ['16', '45', '51'], topic: 'building' },
  ],
  FR: [
    { abbr: { de: 'VRG', fr: 'CPJA', it: 'CPJA' }, sign: false, arts: ['8', '57', '77', '106'], topic: 'procedure' },
    { abbr: { de: 'DStG', fr: 'LICD', it: 'LICD' }, sign: false, arts: ['20', '34', '46'], topic: 'tax' },
    { abbr: { de: 'RPBG', fr: 'LATeC', it: 'LATeC' }, sign: false, arts: ['58', '135', '167'], topic: 'building' },
  ],
  VS: [
    { abbr: { de: 'VVRG', fr: 'LPJA', it: 'LPJA' }, sign: false, arts: ['28', '44', '80'], topic: 'procedure' },
    { abbr: { de: 'StG', fr: 'LF', it: 'LF' }, sign: false, arts: ['12', '33', '150'], topic: 'tax' },
    { abbr: { de: 'BauG', fr: 'LC', it: 'LC' }, sign: false, arts: ['2', '21', '46'], topic: 'building' },
  ],
  JU: [
    { abbr: { de: 'Cpa', fr: 'Cpa', it: 'Cpa' }, sign: false, arts: ['44', '120', '160'], topic: 'procedure' },
    { abbr: { de: 'LI', fr: 'LI', it: 'LI' }, sign: false, arts: ['16', '27', '59'], topic: 'tax' },
    { abbr: { de: 'LCAT', fr: 'LCAT', it: 'LCAT' }, sign: false, arts: ['9', '24', '40'], topic: 'building' },
  ],
  TI: [
    { abbr: { de: 'LPAmm', fr: 'LPAmm', it: 'LPAmm' }, sign: false, arts: ['4', '21', '65', '69'], topic: 'procedure' },
    { abbr: { de: 'LT', fr: 'LT', it: 'LT' }, sign: false, arts: ['16', '20', '32', '314'], topic: 'tax' },
    { abbr: { de: 'LE', fr: 'LE', it: 'LE' }, sign: false, arts: ['2', '8', '43'], topic: 'building' },
  ],
};
