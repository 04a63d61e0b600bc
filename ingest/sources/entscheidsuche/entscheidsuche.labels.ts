/**
 * Labels of the entscheidsuche.ch court tree (facets): canton names, court names and chamber names
 * in German, French and Italian, keyed by signature (from `portal-tree.generated.ts`). The portal
 * writes `Meta` texts as "{canton} {court} {chamber}" in each language; the parser strips the
 * canton and court to find the chamber, and falls back on this table for the signature's chamber.
 */
import type { LabelTriple } from '../../../contracts/courts/portal-keys.ts';
import { PORTAL_CANTONS, PORTAL_COURTS } from '../../../contracts/courts/portal-tree.generated.ts';

export type { LabelTriple } from '../../../contracts/courts/portal-keys.ts';

/** Canton names in their usual spelling (`CH` = the Confederation); the tree's own spellings are in {@link CANTON_SPELLINGS}. */
// prettier-ignore
export const CANTON_LABELS: Readonly<Record<string, LabelTriple>> = {
  CH: ['Eidgenossenschaft', 'Confédération', 'Confederazione'],
  AG: ['Aargau', 'Argovie', 'Argovia'],
  AI: ['Appenzell Innerrhoden', 'Appenzell Rhodes-Intérieures', 'Appenzello Interno'],
  AR: ['Appenzell Ausserrhoden', 'Appenzell Rhodes-Extérieures', 'Appenzello Esterno'],
  BE: ['Bern', 'Berne', 'Berna'],
  BL: ['Basel-Landschaft', 'Bâle-Campagne', 'Basilea Campagna'],
  BS: ['Basel-Stadt', 'Bâle-Ville', 'Basilea Città'],
  FR: ['Freiburg', 'Fribourg', 'Friburgo'],
  GE: ['Genf', 'Genève', 'Ginevra'],
  GL: ['Glarus', 'Glaris', 'Glarona'],
  GR: ['Graubünden', 'Grisons', 'Grigioni'],
  JU: ['Jura', 'Jura', 'Giura'],
  LU: ['Luzern', 'Lucerne', 'Lucerna'],
  NE: ['Neuenburg', 'Neuchâtel', 'Neuchâtel'],
  NW: ['Nidwalden', 'Nidwald', 'Nidvaldo'],
  OW: ['Obwalden', 'Obwald', 'Obvaldo'],
  SG: ['St. Gallen', 'Saint-Gall', 'San Gallo'],
  SH: ['Schaffhausen', 'Schaffhouse', 'Sciaffusa'],
  SO: ['Solothurn', 'Soleure', 'Soletta'],
  SZ: ['Schwyz', 'Schwytz', 'Svitto'],
  TG: ['Thurgau', 'Thurgovie', 'Turgovia'],
  TI: ['Tessin', 'Tessin', 'Ticino'],
  UR: ['Uri', 'Uri', 'Uri'],
  VD: ['Waadt', 'Vaud', 'Vaud'],
  VS: ['Wallis', 'Valais', 'Vallese'],
  ZG: ['Zug', 'Zoug', 'Zugo'],
  ZH: ['Zürich', 'Zurich', 'Zurigo'],
};

/** Every spelling of each canton's name: the usual one and the tree's (`St.Gallen`, `Conféderation`). */
export const CANTON_SPELLINGS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(CANTON_LABELS).map(([code, usual]) => [
    code,
    [...new Set([...usual, ...(PORTAL_CANTONS[code] ?? [])])],
  ]),
);

/** Court names of the portal's tree, keyed by court signature. */
export const COURT_LABELS: Readonly<Record<string, LabelTriple>> = Object.fromEntries(
  PORTAL_COURTS.map((c) => [c.code, c.names]),
);

/** Chamber names of the portal's tree, keyed by full signature (`CH_BGer_004`). */
export const CHAMBER_LABELS: Readonly<Record<string, LabelTriple>> = Object.fromEntries(
  PORTAL_COURTS.flatMap((c) => c.chambers.flatMap((ch) => (ch.names ? [[ch.code, ch.names] as const] : []))),
);
