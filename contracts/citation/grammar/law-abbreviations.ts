/**
 * Federal acts by their abbreviation in German, French and Italian, each mapped to ONE number of
 * the classified compilation (SR), so that `Art. 41 OR`, `art. 41 CO` and `art. 41 CO` count for
 * the same act. Spellings are matched exactly (case-sensitive), with or without their dots
 * (`Cst.` / `Cst`). Only abbreviations that are unambiguous in a statute reference are listed:
 * `StG` (cantonal tax acts), `PBG` (cantonal building acts), `ZG` (canton Zug) and the former
 * `OG` (same SR number as the BGG) are left out on purpose.
 */
import { DE, FR, IT } from './text-scan.ts';

export interface LawAbbreviation {
  /** SR number, e.g. `220`, `0.101`. */
  readonly sr: string;
  readonly de: readonly string[];
  readonly fr: readonly string[];
  readonly it: readonly string[];
}

const L = (
  sr: string,
  de: string | readonly string[],
  fr: string | readonly string[],
  it: string | readonly string[],
): LawAbbreviation => ({
  sr,
  de: typeof de === 'string' ? [de] : de,
  fr: typeof fr === 'string' ? [fr] : fr,
  it: typeof it === 'string' ? [it] : it,
});

// prettier-ignore
export const LAW_ABBREVIATIONS: readonly LawAbbreviation[] = [
  // Constitution, international law
  L('101', 'BV', 'Cst.', 'Cost.'),
  L('0.101', 'EMRK', 'CEDH', 'CEDU'),
  L('0.107', 'KRK', 'CDE', 'CDF'),
  L('0.142.112.681', 'FZA', 'ALCP', 'ALC'),
  L('0.275.12', 'LugÜ', 'CL', 'CLug'),
  // State, authorities, procedure
  L('141.0', 'BüG', 'LN', 'LCit'),
  L('142.20', ['AIG', 'AuG'], ['LEI', 'LEtr'], ['LStrI', 'LStr']),
  L('142.201', 'VZAE', 'OASA', 'OASA'),
  L('142.31', 'AsylG', 'LAsi', 'LAsi'),
  L('151.1', 'GlG', 'LEg', 'LPar'),
  L('151.3', 'BehiG', 'LHand', 'LDis'),
  L('152.3', 'BGÖ', 'LTrans', 'LTras'),
  L('152.31', 'VBGÖ', 'OTrans', 'OTras'),
  L('161.1', 'BPR', 'LDP', 'LDP'),
  L('170.32', 'VG', 'LRCF', 'LResp'),
  L('171.10', 'ParlG', 'LParl', 'LParl'),
  L('172.010', 'RVOG', 'LOGA', 'LOGA'),
  L('172.021', 'VwVG', 'PA', 'PA'),
  L('172.056.1', 'BöB', 'LMP', 'LAPub'),
  L('173.110', 'BGG', 'LTF', 'LTF'),
  L('173.110.29', 'ReRBGer', 'RCETF', 'RCETF'),
  L('173.32', 'VGG', 'LTAF', 'LTAF'),
  L('173.41', 'PatGG', 'LTFB', 'LTFB'),
  L('173.71', 'StBOG', 'LOAP', 'LOAP'),
  // Private law
  L('210', 'ZGB', 'CC', 'CC'),
  L('211.112.2', 'ZStV', 'OEC', 'OSC'),
  L('211.412.11', 'BGBB', 'LDFR', 'LDFR'),
  L('211.412.41', 'BewG', 'LFAIE', 'LAFE'),
  L('211.432.1', 'GBV', 'ORF', 'RFF'),
  L('220', 'OR', 'CO', 'CO'),
  L('221.213.11', 'VMWG', 'OBLF', 'OLAL'),
  L('221.229.1', 'VVG', 'LCA', 'LCA'),
  L('221.411', 'HRegV', 'ORC', 'ORC'),
  L('231.1', 'URG', 'LDA', 'LDA'),
  L('232.11', 'MSchG', 'LPM', 'LPM'),
  L('232.12', 'DesG', 'LDes', 'LDes'),
  L('232.14', 'PatG', 'LBI', 'LBI'),
  L('235.1', 'DSG', 'LPD', 'LPD'),
  L('241', 'UWG', 'LCD', 'LCSl'),
  L('251', 'KG', 'LCart', 'LCart'),
  L('272', 'ZPO', 'CPC', 'CPC'),
  L('281.1', 'SchKG', 'LP', 'LEF'),
  L('291', 'IPRG', 'LDIP', 'LDIP'),
  // Criminal law
  L('311.0', 'StGB', 'CP', 'CP'),
  L('311.1', 'JStG', 'DPMin', 'DPMin'),
  L('312.0', 'StPO', 'CPP', 'CPP'),
  L('312.1', 'JStPO', 'PPMin', 'PPMin'),
  L('312.5', 'OHG', 'LAVI', 'LAV'),
  L('313.0', 'VStrR', 'DPA', 'DPA'),
  L('321.0', 'MStG', 'CPM', 'CPM'),
  L('322.1', 'MStP', 'PPM', 'PPM'),
  L('351.1', 'IRSG', 'EIMP', 'AIMP'),
  // Education, culture, defence
  L('412.10', 'BBG', 'LFPr', 'LFPr'),
  L('451', 'NHG', 'LPN', 'LPN'),
  L('455', 'TSchG', 'LPA', 'LPAn'),
  L('510.10', 'MG', 'LAAM', 'LM'),
  L('514.54', 'WG', 'LArm', 'LArm'),
  // Finance and tax
  L('641.20', 'MWSTG', 'LTVA', 'LIVA'),
  L('642.11', 'DBG', 'LIFD', 'LIFD'),
  L('642.14', 'StHG', 'LHID', 'LAID'),
  L('642.21', 'VStG', 'LIA', 'LIP'),
  // Public works, transport, environment, health, labour
  L('700', 'RPG', 'LAT', 'LPT'),
  L('711', 'EntG', 'LEx', 'LEspr'),
  L('741.01', 'SVG', 'LCR', 'LCStr'),
  L('741.11', 'VRV', 'OCR', 'ONC'),
  L('741.21', 'SSV', 'OSR', 'OSStr'),
  L('741.41', 'VTS', 'OETV', 'OETV'),
  L('741.51', 'VZV', 'OAC', 'OAC'),
  L('742.101', 'EBG', 'LCdF', 'Lferr'),
  L('780.1', 'BÜPF', 'LSCPT', 'LSCPT'),
  L('784.10', 'FMG', 'LTC', 'LTC'),
  L('784.40', 'RTVG', 'LRTV', 'LRTV'),
  L('812.121', 'BetmG', 'LStup', 'LStup'),
  L('812.21', 'HMG', 'LPTh', 'LATer'),
  L('814.01', 'USG', 'LPE', 'LPAmb'),
  L('814.20', 'GSchG', 'LEaux', 'LPAc'),
  L('817.0', 'LMG', 'LDAl', 'LDerr'),
  L('818.101', 'EpG', 'LEp', 'LEp'),
  L('822.11', 'ArG', 'LTr', 'LL'),
  L('823.11', 'AVG', 'LSE', 'LC'),
  L('946.202.1', 'GKV', 'OCB', 'OCB'),
  // Social insurance
  L('830.1', 'ATSG', 'LPGA', 'LPGA'),
  L('831.10', 'AHVG', 'LAVS', 'LAVS'),
  L('831.101', 'AHVV', 'RAVS', 'OAVS'),
  L('831.20', 'IVG', 'LAI', 'LAI'),
  L('831.201', 'IVV', 'RAI', 'OAI'),
  L('831.30', 'ELG', 'LPC', 'LPC'),
  L('831.40', 'BVG', 'LPP', 'LPP'),
  L('831.42', 'FZG', 'LFLP', 'LFLP'),
  L('831.441.1', 'BVV 2', 'OPP 2', 'OPP 2'),
  L('832.10', 'KVG', 'LAMal', 'LAMal'),
  L('832.102', 'KVV', 'OAMal', 'OAMal'),
  L('832.20', 'UVG', 'LAA', 'LAINF'),
  L('832.202', 'UVV', 'OLAA', 'OAINF'),
  L('833.1', 'MVG', 'LAM', 'LAM'),
  L('834.1', 'EOG', 'LAPG', 'LIPG'),
  L('836.2', 'FamZG', 'LAFam', 'LAFam'),
  L('837.0', 'AVIG', 'LACI', 'LADI'),
  // Economy, agriculture, professions, financial markets
  L('921.0', 'WaG', 'LFo', 'LFo'),
  L('922.0', 'JSG', 'LChP', 'LCP'),
  L('935.61', 'BGFA', 'LLCA', 'LLCA'),
  L('950.1', 'FIDLEG', 'LSFin', 'LSerFi'),
  L('951.31', 'KAG', 'LPCC', 'LICol'),
  L('952.0', 'BankG', 'LB', 'LBCR'),
  L('955.0', 'GwG', 'LBA', 'LRD'),
  L('956.1', 'FINMAG', 'LFINMA', 'LFINMA'),
  L('958.1', 'FinfraG', 'LIMF', 'LInFi'),
  L('961.01', 'VAG', 'LSA', 'LSA'),
];

export interface LawSpelling {
  readonly law: LawAbbreviation;
  /** Languages in which this spelling names the act (bit mask of DE / FR / IT). */
  readonly languages: number;
}

const BY_SPELLING = new Map<string, LawSpelling>();
/** Spellings that carry a final dot as part of the abbreviation (`Cst.`), without it. */
const DOTTED = new Set<string>();

function undotted(spelling: string): string {
  return spelling.replaceAll('.', '');
}

for (const law of LAW_ABBREVIATIONS) {
  const entries: readonly (readonly [readonly string[], number])[] = [
    [law.de, DE],
    [law.fr, FR],
    [law.it, IT],
  ];
  for (const [spellings, bit] of entries) {
    for (const spelling of spellings) {
      const key = undotted(spelling);
      if (spelling.endsWith('.')) DOTTED.add(key);
      const known = BY_SPELLING.get(key);
      if (known && known.law !== law) throw new Error(`law abbreviation ${spelling} maps to two acts`);
      BY_SPELLING.set(key, { law, languages: (known?.languages ?? 0) | bit });
    }
  }
}

/** The act of an abbreviation as written (`OR`, `CO`, `Cst.`, `Cst`, `LAMal`), or undefined. */
export function lawBySpelling(spelling: string): LawSpelling | undefined {
  return BY_SPELLING.get(undotted(spelling.trim()));
}

/** SR number of an abbreviation (`CO` → `220`), or undefined. */
export function srForLaw(spelling: string): string | undefined {
  return lawBySpelling(spelling)?.law.sr;
}

/** Whether the official spelling of this abbreviation ends in a dot (`Cst.`, `Cost.`). */
export function spellingHasDot(spelling: string): boolean {
  return DOTTED.has(undotted(spelling));
}

const BY_SR = new Map(LAW_ABBREVIATIONS.map((l) => [l.sr, l]));

/** The table row of an SR number, or undefined. */
export function lawBySr(sr: string): LawAbbreviation | undefined {
  return BY_SR.get(sr);
}
