/**
 * The sample's cantonal legislation: acts with texts at the (mirrored) cantonal portals in seven
 * cantons, the spec's example ZH 211.1 among them, and catalogue-only entries (active and
 * repealed) across further cantons. Titles are plausible, abbreviations chosen so that the
 * resolution rules have cantonal candidates to show (StG in ZH and BE; NWG; AZG).
 */
import type { CantonCode } from '../../../contracts/courts/cantons.ts';
import type { Domain, Lang } from './wording.ts';

export interface CantonalPlan {
  readonly catalogId: number;
  readonly canton: CantonCode;
  readonly sr: string;
  readonly languages: readonly Lang[];
  readonly title: Partial<Record<Lang, string>>;
  readonly abbreviation: Partial<Record<Lang, string>> | null;
  /** Consolidation dates, oldest first; empty for catalogue-only entries. */
  readonly versions: readonly string[];
  readonly domain: Domain;
  /** `§ 12` (most German-speaking cantons) or `Art. 12`. */
  readonly sign: '§' | 'Art.';
  readonly keywords: readonly string[];
  /** Repealed: the date from which it no longer applies. */
  readonly repealedOn?: string;
  /** In the catalogue only (no text at the portal mirror). */
  readonly catalogueOnly?: { readonly activeSince: string };
}

const P = (p: CantonalPlan): CantonalPlan => p;

// prettier-ignore
export const CANTONAL_PLANS: readonly CantonalPlan[] = [
  P({ catalogId: 20001, canton: 'ZH', sr: '211.1', languages: ['de'], title: { de: 'Gesetz über die Gerichts- und Behördenorganisation im Zivil- und Strafprozess' }, abbreviation: { de: 'GOG' }, versions: ['2011-01-01', '2024-01-01'], domain: 'procedure', sign: '§', keywords: ['Gerichtsorganisation', 'Zivilprozess', 'Strafprozess'] }),
  P({ catalogId: 20002, canton: 'ZH', sr: '631.1', languages: ['de'], title: { de: 'Steuergesetz' }, abbreviation: { de: 'StG' }, versions: ['2020-01-01', '2025-01-01'], domain: 'tax', sign: '§', keywords: ['Steuern', 'Einkommenssteuer'] }),
  P({ catalogId: 20003, canton: 'ZH', sr: '175.2', languages: ['de'], title: { de: 'Verwaltungsrechtspflegegesetz' }, abbreviation: { de: 'VRG' }, versions: ['2024-01-01'], domain: 'administrative', sign: '§', keywords: ['Verwaltungsverfahren', 'Rekurs'] }),
  P({ catalogId: 20101, canton: 'BE', sr: '661.11', languages: ['de', 'fr'], title: { de: 'Steuergesetz', fr: 'Loi sur les impôts' }, abbreviation: { de: 'StG', fr: 'LI' }, versions: ['2021-01-01', '2024-01-01'], domain: 'tax', sign: 'Art.', keywords: ['Steuern', 'impôts'] }),
  P({ catalogId: 20102, canton: 'BE', sr: '161.1', languages: ['de', 'fr'], title: { de: 'Gesetz über die Organisation der Gerichtsbehörden und der Staatsanwaltschaft', fr: 'Loi sur l\'organisation des autorités judiciaires et du Ministère public' }, abbreviation: { de: 'GSOG', fr: 'LOJM' }, versions: ['2011-01-01', '2024-01-01'], domain: 'procedure', sign: 'Art.', keywords: ['Gerichtsorganisation', 'organisation judiciaire'] }),
  P({ catalogId: 22501, canton: 'GE', sr: 'E 2 05', languages: ['fr'], title: { fr: 'Loi sur l\'organisation judiciaire' }, abbreviation: { fr: 'LOJ' }, versions: ['2011-01-01', '2024-07-01'], domain: 'procedure', sign: 'Art.', keywords: ['organisation judiciaire', 'tribunaux'] }),
  P({ catalogId: 22502, canton: 'GE', sr: 'D 3 08', languages: ['fr'], title: { fr: 'Loi sur l\'imposition des personnes physiques' }, abbreviation: { fr: 'LIPP' }, versions: ['2024-01-01'], domain: 'tax', sign: 'Art.', keywords: ['impôt sur le revenu'] }),
  P({ catalogId: 22201, canton: 'VD', sr: '173.01', languages: ['fr'], title: { fr: 'Loi d\'organisation judiciaire' }, abbreviation: { fr: 'LOJV' }, versions: ['2023-01-01'], domain: 'procedure', sign: 'Art.', keywords: ['organisation judiciaire'] }),
  P({ catalogId: 22101, canton: 'TI', sr: '177.100', languages: ['it'], title: { it: 'Legge sull\'organizzazione giudiziaria' }, abbreviation: { it: 'LOG' }, versions: ['2020-01-01', '2024-01-01'], domain: 'procedure', sign: 'Art.', keywords: ['organizzazione giudiziaria', 'tribunali'] }),
  P({ catalogId: 21201, canton: 'BS', sr: '154.100', languages: ['de'], title: { de: 'Gesetz über die Organisation der Gerichte und der Staatsanwaltschaft' }, abbreviation: { de: 'GOG' }, versions: ['2016-07-01'], domain: 'procedure', sign: '§', keywords: ['Gerichtsorganisation'] }),
  P({ catalogId: 21202, canton: 'BS', sr: '162.200', languages: ['de'], title: { de: 'Arbeitszeitgesetz für das Staatspersonal' }, abbreviation: { de: 'AZG' }, versions: ['2022-01-01'], domain: 'labour', sign: '§', keywords: ['Arbeitszeit', 'Staatspersonal'] }),
  P({ catalogId: 20901, canton: 'ZG', sr: '731.1', languages: ['de'], title: { de: 'Gesetz über die Nutzung und den Schutz der Gewässer' }, abbreviation: { de: 'NWG' }, versions: ['2019-01-01'], domain: 'environment', sign: '§', keywords: ['Gewässer', 'Wassernutzung'] }),
  // Catalogue only: active texts without a mirrored portal text, and repealed texts.
  P({ catalogId: 20004, canton: 'ZH', sr: '211.11', languages: ['de'], title: { de: 'Gerichtsverfassungsgesetz' }, abbreviation: { de: 'GVG' }, versions: [], domain: 'procedure', sign: '§', keywords: ['Gerichtsverfassung'], repealedOn: '2011-01-01', catalogueOnly: { activeSince: '1995-01-01' } }),
  P({ catalogId: 20103, canton: 'BE', sr: '271.1', languages: ['de', 'fr'], title: { de: 'Gesetz betreffend die Zivilprozessordnung', fr: 'Code de procédure civile du canton de Berne' }, abbreviation: { de: 'ZPO BE', fr: 'CPC BE' }, versions: [], domain: 'procedure', sign: 'Art.', keywords: ['Zivilprozess'], repealedOn: '2011-01-01', catalogueOnly: { activeSince: '1998-01-01' } }),
  P({ catalogId: 22503, canton: 'GE', sr: 'E 3 05', languages: ['fr'], title: { fr: 'Loi de procédure civile' }, abbreviation: { fr: 'LPC' }, versions: [], domain: 'procedure', sign: 'Art.', keywords: ['procédure civile'], repealedOn: '2011-01-01', catalogueOnly: { activeSince: '1988-01-01' } }),
  P({ catalogId: 20301, canton: 'LU', sr: '260', languages: ['de'], title: { de: 'Einführungsgesetz zur Schweizerischen Zivilprozessordnung' }, abbreviation: { de: 'EGZPO' }, versions: [], domain: 'procedure', sign: '§', keywords: ['Zivilprozess', 'Einführungsgesetz'], catalogueOnly: { activeSince: '2011-01-01' } }),
  P({ catalogId: 21701, canton: 'SG', sr: '941.1', languages: ['de'], title: { de: 'Gastwirtschaftsgesetz' }, abbreviation: { de: 'GWG' }, versions: [], domain: 'administrative', sign: 'Art.', keywords: ['Gastwirtschaft', 'Bewilligung'], catalogueOnly: { activeSince: '2022-01-01' } }),
  P({ catalogId: 22301, canton: 'VS', sr: '173.1', languages: ['de', 'fr'], title: { de: 'Gesetz über die Rechtspflege', fr: 'Loi sur l\'organisation de la Justice' }, abbreviation: { de: 'RPflG', fr: 'LOJ' }, versions: [], domain: 'procedure', sign: 'Art.', keywords: ['Rechtspflege', 'Justice'], catalogueOnly: { activeSince: '2010-01-01' } }),
  P({ catalogId: 21001, canton: 'FR', sr: '130.1', languages: ['de', 'fr'], title: { de: 'Justizgesetz', fr: 'Loi sur la justice' }, abbreviation: { de: 'JG', fr: 'LJ' }, versions: [], domain: 'procedure', sign: 'Art.', keywords: ['Justiz', 'justice'], catalogueOnly: { activeSince: '2011-01-01' } }),
  P({ catalogId: 22401, canton: 'NE', sr: '161.1', languages: ['fr'], title: { fr: 'Loi d\'organisation judiciaire neuchâteloise' }, abbreviation: { fr: 'OJN' }, versions: [], domain: 'procedure', sign: 'Art.', keywords: ['organisation judiciaire'], catalogueOnly: { activeSince: '2011-01-01' } }),
  P({ catalogId: 21901, canton: 'AG', sr: '155.200', languages: ['de'], title: { de: 'Gerichtsorganisationsgesetz' }, abbreviation: { de: 'GOG' }, versions: [], domain: 'procedure', sign: '§', keywords: ['Gerichtsorganisation'], catalogueOnly: { activeSince: '2013-01-01' } }),
  P({ catalogId: 21801, canton: 'GR', sr: '173.000', languages: ['de', 'it'], title: { de: 'Gerichtsorganisationsgesetz', it: 'Legge sull\'organizzazione giudiziaria' }, abbreviation: { de: 'GOG', it: 'LOG' }, versions: [], domain: 'procedure', sign: 'Art.', keywords: ['Gerichtsorganisation'], catalogueOnly: { activeSince: '2011-01-01' } }),
];
