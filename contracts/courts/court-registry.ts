import { isJurisdiction, type Jurisdiction } from './cantons.ts';
import { courtLevel, portalCourtKey, slugify, type CourtLevel, type LabelTriple } from './portal-keys.ts';
import { PORTAL_COURTS } from './portal-tree.generated.ts';

export type { CourtLevel } from './portal-keys.ts';

/** Which family a court belongs to; drives citation-string formats and docket grammar. */
export type CourtFamily =
  'bger' | 'bge' | 'bvger' | 'bstger' | 'bpatger' | 'mkg' | 'cantonal' | 'regulator' | 'unknown';

export interface CourtLabels {
  readonly de: string;
  readonly fr: string;
  readonly it: string;
}

export interface Court {
  /** Lower-case court key, e.g. `bger`, `zh_obergericht`. */
  readonly key: string;
  readonly canton: Jurisdiction;
  readonly family: CourtFamily;
  /** Full name per language. */
  readonly name: CourtLabels;
  /** Short label used in citation strings (`BGer`/`TF`/`TF`, `Obergericht ZH`/...). */
  readonly citationLabel: CourtLabels;
  /** entscheidsuche.ch court signature prefix (`CH_BGer`, `ZH_OG`) and spider name. */
  readonly signature: string;
  readonly spider: string;
  /** Where the court stands (federal, cantonal, first instance, authority, collection, unknown). */
  readonly level: CourtLevel;
  /** Every signature of the portal filed under this court (the primary one first). */
  readonly signatures: readonly string[];
  /** False for a court the portal's tree does not list yet (kept, never rejected). */
  readonly known: boolean;
}

type CuratedCourt = Omit<Court, 'level' | 'signatures' | 'known'>;

function federal(
  key: string,
  family: CourtFamily,
  name: CourtLabels,
  citationLabel: CourtLabels,
  signature: string,
  spider: string,
): CuratedCourt {
  return { key, canton: 'CH', family, name, citationLabel, signature, spider };
}

function cantonal(
  key: string,
  canton: Jurisdiction,
  name: CourtLabels,
  signature: string,
  spider: string,
): CuratedCourt {
  const label = (l: string): string => `${l} ${canton}`;
  return {
    key,
    canton,
    family: 'cantonal',
    name,
    citationLabel: { de: label(name.de), fr: label(name.fr), it: label(name.it) },
    signature,
    spider,
  };
}

/**
 * Courts whose names, citation labels and keys were set by hand (translations the portal's tree
 * lacks, keys older than the tree). Cantonal citation labels are the court name followed by the
 * canton code (`Obergericht ZH`), in each language.
 */
export const CURATED_COURTS: readonly CuratedCourt[] = [
  federal(
    'bger',
    'bger',
    { de: 'Bundesgericht', fr: 'Tribunal fédéral', it: 'Tribunale federale' },
    { de: 'BGer', fr: 'TF', it: 'TF' },
    'CH_BGer',
    'CH_BGer',
  ),
  federal(
    'bge',
    'bge',
    { de: 'Bundesgericht (BGE)', fr: 'Tribunal fédéral (ATF)', it: 'Tribunale federale (DTF)' },
    { de: 'BGE', fr: 'ATF', it: 'DTF' },
    'CH_BGE',
    'CH_BGE',
  ),
  federal(
    'bvger',
    'bvger',
    {
      de: 'Bundesverwaltungsgericht',
      fr: 'Tribunal administratif fédéral',
      it: 'Tribunale amministrativo federale',
    },
    { de: 'BVGer', fr: 'TAF', it: 'TAF' },
    'CH_BVGE',
    'CH_BVGer',
  ),
  federal(
    'bstger',
    'bstger',
    { de: 'Bundesstrafgericht', fr: 'Tribunal pénal fédéral', it: 'Tribunale penale federale' },
    { de: 'BStGer', fr: 'TPF', it: 'TPF' },
    'CH_BSTG',
    'CH_BSTG',
  ),
  federal(
    'bpatger',
    'bpatger',
    { de: 'Bundespatentgericht', fr: 'Tribunal fédéral des brevets', it: 'Tribunale federale dei brevetti' },
    { de: 'BPatGer', fr: 'TFB', it: 'TFB' },
    'CH_BPatG',
    'CH_BPatG',
  ),
  federal(
    'mkg',
    'mkg',
    {
      de: 'Militärkassationsgericht',
      fr: 'Tribunal militaire de cassation',
      it: 'Tribunale militare di cassazione',
    },
    { de: 'MKG', fr: 'TMC', it: 'TMC' },
    'CH_MKG',
    'CH_MKG',
  ),
  {
    key: 'finma',
    canton: 'CH',
    family: 'regulator',
    name: {
      de: 'Eidgenössische Finanzmarktaufsicht',
      fr: 'Autorité fédérale de surveillance des marchés financiers',
      it: 'Autorità federale di vigilanza sui mercati finanziari',
    },
    citationLabel: { de: 'FINMA', fr: 'FINMA', it: 'FINMA' },
    signature: 'CH_FINMA',
    spider: 'CH_FINMA',
  },
  {
    key: 'weko',
    canton: 'CH',
    family: 'regulator',
    name: {
      de: 'Wettbewerbskommission',
      fr: 'Commission de la concurrence',
      it: 'Commissione della concorrenza',
    },
    citationLabel: { de: 'WEKO', fr: 'COMCO', it: 'COMCO' },
    signature: 'CH_WEKO',
    spider: 'CH_WEKO',
  },
  cantonal(
    'zh_obergericht',
    'ZH',
    { de: 'Obergericht', fr: 'Tribunal supérieur', it: 'Tribunale superiore' },
    'ZH_OG',
    'ZH_Obergericht',
  ),
  cantonal(
    'zh_verwaltungsgericht',
    'ZH',
    { de: 'Verwaltungsgericht', fr: 'Tribunal administratif', it: 'Tribunale amministrativo' },
    'ZH_VG',
    'ZH_Verwaltungsgericht',
  ),
  cantonal(
    'zh_sozialversicherungsgericht',
    'ZH',
    {
      de: 'Sozialversicherungsgericht',
      fr: 'Tribunal des assurances sociales',
      it: 'Tribunale delle assicurazioni sociali',
    },
    'ZH_SVG',
    'ZH_Sozialversicherungsgericht',
  ),
  cantonal(
    'be_obergericht',
    'BE',
    { de: 'Obergericht', fr: 'Cour suprême', it: 'Tribunale superiore' },
    'BE_OG',
    'BE_ZivilStraf',
  ),
  cantonal(
    'be_verwaltungsgericht',
    'BE',
    { de: 'Verwaltungsgericht', fr: 'Tribunal administratif', it: 'Tribunale amministrativo' },
    'BE_VG',
    'BE_Verwaltungsgericht',
  ),
  cantonal(
    'lu_kantonsgericht',
    'LU',
    { de: 'Kantonsgericht', fr: 'Tribunal cantonal', it: 'Tribunale cantonale' },
    'LU_KG',
    'LU_Gerichte',
  ),
  cantonal(
    'ag_obergericht',
    'AG',
    { de: 'Obergericht', fr: 'Tribunal supérieur', it: 'Tribunale superiore' },
    'AG_OG',
    'AG_Gerichte',
  ),
  cantonal(
    'ag_verwaltungsgericht',
    'AG',
    { de: 'Verwaltungsgericht', fr: 'Tribunal administratif', it: 'Tribunale amministrativo' },
    'AG_VG',
    'AG_Gerichte',
  ),
  cantonal(
    'bs_appellationsgericht',
    'BS',
    { de: 'Appellationsgericht', fr: "Cour d'appel", it: "Corte d'appello" },
    'BS_APG',
    'BS_Omni',
  ),
  cantonal(
    'sg_kantonsgericht',
    'SG',
    { de: 'Kantonsgericht', fr: 'Tribunal cantonal', it: 'Tribunale cantonale' },
    'SG_KG',
    'SG_Gerichte',
  ),
  cantonal(
    'gr_kantonsgericht',
    'GR',
    { de: 'Kantonsgericht', fr: 'Tribunal cantonal', it: 'Tribunale cantonale' },
    'GR_KG',
    'GR_Gerichte',
  ),
  cantonal(
    'ge_gerichte',
    'GE',
    { de: 'Cour de justice', fr: 'Cour de justice', it: 'Corte di giustizia' },
    'GE_CJ',
    'GE_Gerichte',
  ),
  cantonal(
    'ge_tapi',
    'GE',
    {
      de: 'Verwaltungsgericht erster Instanz',
      fr: 'Tribunal administratif de première instance',
      it: 'Tribunale amministrativo di prima istanza',
    },
    'GE_TAPI',
    'GE_Gerichte',
  ),
  cantonal(
    'vd_findinfo',
    'VD',
    { de: 'Kantonsgericht', fr: 'Tribunal cantonal', it: 'Tribunale cantonale' },
    'VD_TC',
    'VD_FindInfo',
  ),
  cantonal(
    'ne_tribunal_cantonal',
    'NE',
    { de: 'Kantonsgericht', fr: 'Tribunal cantonal', it: 'Tribunale cantonale' },
    'NE_TC',
    'NE_Omni',
  ),
  cantonal(
    'fr_kantonsgericht',
    'FR',
    { de: 'Kantonsgericht', fr: 'Tribunal cantonal', it: 'Tribunale cantonale' },
    'FR_TC',
    'FR_Gerichte',
  ),
  cantonal(
    'vs_kantonsgericht',
    'VS',
    { de: 'Kantonsgericht', fr: 'Tribunal cantonal', it: 'Tribunale cantonale' },
    'VS_TC',
    'VS_Gerichte',
  ),
  cantonal(
    'ju_tribunal_cantonal',
    'JU',
    { de: 'Kantonsgericht', fr: 'Tribunal cantonal', it: 'Tribunale cantonale' },
    'JU_TC',
    'JU_Gerichte',
  ),
  cantonal(
    'ti_gerichte',
    'TI',
    { de: 'Berufungsgericht', fr: "Tribunal d'appel", it: "Tribunale d'appello" },
    'TI_TRAC',
    'TI_Gerichte',
  ),
  cantonal(
    'ti_tribunale_amministrativo',
    'TI',
    {
      de: 'Kantonales Verwaltungsgericht',
      fr: 'Tribunal cantonal administratif',
      it: 'Tribunale cantonale amministrativo',
    },
    'TI_TCA',
    'TI_Gerichte',
  ),
];

const names = (t: LabelTriple): CourtLabels => ({ de: t[0], fr: t[1], it: t[2] });

/**
 * Every court the service knows: the curated ones, then every other court of the portal's tree
 * (names and canton from the tree; several signatures of one court fold into one entry).
 */
export const COURTS: readonly Court[] = (() => {
  const out = new Map<string, Court>();
  const signaturesOf = new Map<string, string[]>();
  for (const p of PORTAL_COURTS) signaturesOf.set(p.key, [...(signaturesOf.get(p.key) ?? []), p.code]);
  for (const c of CURATED_COURTS) {
    const portal = PORTAL_COURTS.find((p) => p.code === c.signature);
    const level =
      c.family === 'regulator'
        ? 'authority'
        : c.canton === 'CH'
          ? 'federal'
          : portal
            ? courtLevel(portal.canton, portal.names)
            : 'cantonal';
    const signatures = [c.signature, ...(signaturesOf.get(c.key) ?? []).filter((s) => s !== c.signature)];
    out.set(c.key, { ...c, level, signatures, known: true });
  }
  for (const p of PORTAL_COURTS) {
    if (out.has(p.key) || !isJurisdiction(p.canton)) continue;
    const name = names(p.names);
    const level = courtLevel(p.canton, p.names);
    const federal = p.canton === 'CH';
    out.set(p.key, {
      key: p.key,
      canton: p.canton,
      family: federal ? (level === 'authority' ? 'regulator' : 'unknown') : 'cantonal',
      name,
      citationLabel: federal
        ? name
        : { de: `${name.de} ${p.canton}`, fr: `${name.fr} ${p.canton}`, it: `${name.it} ${p.canton}` },
      signature: p.code,
      spider: p.chambers.find((ch) => ch.spider)?.spider ?? p.code,
      level,
      signatures: signaturesOf.get(p.key) ?? [p.code],
      known: true,
    });
  }
  return [...out.values()];
})();

const BY_KEY = new Map(COURTS.map((c) => [c.key, c]));
const BY_SIGNATURE = new Map(COURTS.flatMap((c) => c.signatures.map((s) => [s.toUpperCase(), c] as const)));

/** The court with this key, or undefined. */
export function courtByKey(key: string): Court | undefined {
  return BY_KEY.get(key.toLowerCase());
}

/**
 * The court of an entscheidsuche signature such as `CH_BGer_005` or `ZH_OG_001`: the longest
 * registered signature prefix wins.
 */
export function courtBySignature(signature: string): Court | undefined {
  const parts = signature.toUpperCase().split('_');
  for (let n = parts.length; n >= 2; n--) {
    const court = BY_SIGNATURE.get(parts.slice(0, n).join('_'));
    if (court) return court;
  }
  return undefined;
}

/**
 * The court of a signature the registry does not know (`CH_EDÖB_006`): kept under a key made of
 * its canton prefix and court code (`ch_edoeb`), canton from the prefix (`CH` when the prefix is
 * none), `known: false`. Never throws: records of new courts are ingested, not rejected.
 */
export function unknownCourt(signature: string): Court {
  const parts = signature
    .trim()
    .split(/[_\s]+/)
    .filter((p) => p.length > 0);
  const prefix = (parts[0] ?? '').toUpperCase();
  const canton: Jurisdiction = isJurisdiction(prefix) ? prefix : 'CH';
  const code = parts.slice(0, 2).join('_') || 'XX';
  const label = (isJurisdiction(prefix) ? parts[1] : parts.slice(0, 2).join(' ')) ?? code;
  const key = portalCourtKey(canton, code, slugify(label).length > 0 ? label : code).slice(0, 64);
  const name = { de: label, fr: label, it: label };
  return {
    key,
    canton,
    family: 'unknown',
    name,
    citationLabel:
      canton === 'CH'
        ? name
        : { de: `${label} ${canton}`, fr: `${label} ${canton}`, it: `${label} ${canton}` },
    signature: code,
    spider: code,
    level: 'unknown',
    signatures: [code],
    known: false,
  };
}

/** Is the key a well-formed court key (lower-case letters, digits, underscores)? */
export function isCourtKeyShape(key: string): boolean {
  return /^[a-z][a-z0-9_]{1,63}$/.test(key);
}
