/**
 * Shapes and naming rules for the courts of entscheidsuche.ch's court tree (see
 * `portal-tree.generated.ts`): court keys, levels, and the court of a signature the tree does not
 * know yet.
 */

export type LabelTriple = readonly [de: string, fr: string, it: string];

export interface PortalChamber {
  /** Full signature, e.g. `CH_BGer_005`. */
  readonly code: string;
  readonly spider: string;
  /** de/fr/it label, null when the portal gives none. */
  readonly names: LabelTriple | null;
}

export interface PortalCourt {
  /** Court signature, e.g. `CH_BGer`, `ZH_OG`. */
  readonly code: string;
  /** Canton of the tree branch (`CH` for the Confederation). */
  readonly canton: string;
  /** Lower-case court key used in decision ids. */
  readonly key: string;
  readonly names: LabelTriple;
  readonly chambers: readonly PortalChamber[];
}

/**
 * Where a court stands: federal courts; cantonal courts of appeal or last instance (and special
 * courts at that level); first-instance courts; administrative authorities and commissions that
 * decide (regulators included); collections and mixed buckets of the portal; courts not known.
 */
export type CourtLevel = 'federal' | 'cantonal' | 'first_instance' | 'authority' | 'collection' | 'unknown';

const MAX_NAME_SLUG = 28;

/** `Öffentlichkeits-Beauftragter (EDÖB)` → `oeffentlichkeits_beauftragter_edoeb`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * The key of a court of the tree: canton and German name (`sh_obergericht`); a name too long for
 * a readable key gives way to the signature (`OW_VG` → `ow_vg`).
 */
export function portalCourtKey(canton: string, code: string, nameDe: string): string {
  const name = slugify(nameDe);
  const part =
    name.length > 0 && name.length <= MAX_NAME_SLUG
      ? name
      : slugify(code.split('_').slice(1).join('_')) || 'court';
  const key = `${canton.toLowerCase()}_${part}`;
  return /^[a-z]/.test(key) ? key : `c_${key}`;
}

const COLLECTION =
  /unbekannt|inconnu|sconosciut|sonstig|diversi|^autres|sammelwerk|bericht|entscheide|\bgerichte$/i;
const FIRST_INSTANCE =
  /bezirksgericht|erstinstanzlich|premi[eè]re instance|prima istanza|régional|regional|pretura|zwangsmassnahmen|arbeitsgericht|prud.?hommes|tribunal du travail|tribunal p[ée]nal$|tribunale penale cantonale|provvedimenti coercitivi|istruzione e dell.arresto|tribunal du district/i;
const AUTHORITY =
  /regierungsrat|departement|behörde|kommission|aufsicht|autorit[ée]|conseil d.[ée]tat|statthalter|ufficio|beauftragte|préposé|incaricato/i;

/** The level of a court from its canton and names (see {@link CourtLevel}). */
export function courtLevel(canton: string, names: LabelTriple): CourtLevel {
  const all = names.join(' | ');
  if (COLLECTION.test(names[0])) return 'collection';
  if (AUTHORITY.test(all)) return 'authority';
  if (canton === 'CH') return 'federal';
  if (FIRST_INSTANCE.test(all)) return 'first_instance';
  return 'cantonal';
}
