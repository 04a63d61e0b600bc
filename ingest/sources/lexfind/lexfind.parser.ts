import { z } from 'zod';
import { CANTONS, type Jurisdiction } from '../../../contracts/courts/cantons.ts';
import type { GazetteRef, LegislationCatalogEntry } from '../../../contracts/events/index.ts';
import {
  eliFromHref,
  parseGazetteCitation,
  REF_TYPE_INFO,
  refTypeFor,
} from '../../../contracts/laws/gazette-refs.ts';
import {
  lexfindCatalogueFileSchema,
  lexfindTextOfLawSchema,
  type LexfindTextOfLaw,
} from './lexfind.schema.ts';

/** LexFind entity ids: the cantons in the constitution's order (ZH = 1 ... JU = 26), CH = 27. */
export const LEXFIND_ENTITY_ORDER: readonly Jurisdiction[] = [
  'ZH',
  'BE',
  'LU',
  'UR',
  'SZ',
  'OW',
  'NW',
  'GL',
  'ZG',
  'FR',
  'SO',
  'BS',
  'BL',
  'SH',
  'AR',
  'AI',
  'SG',
  'GR',
  'AG',
  'TG',
  'TI',
  'VD',
  'VS',
  'NE',
  'GE',
  'JU',
  'CH',
];

export function entityIdOf(jurisdiction: Jurisdiction): number {
  return LEXFIND_ENTITY_ORDER.indexOf(jurisdiction) + 1;
}

/** The jurisdiction of an entity: its abbreviation first, the id as the fallback. */
export function jurisdictionOfEntity(entity: { id: number; abbreviation: string }): Jurisdiction | undefined {
  const abbr = entity.abbreviation.toUpperCase();
  if (abbr === 'CH' || abbr === 'BUND') return 'CH';
  if ((CANTONS as readonly string[]).includes(abbr)) return abbr as Jurisdiction;
  return LEXFIND_ENTITY_ORDER[entity.id - 1];
}

/** `01.07.2023` -> `2023-07-01`; undefined for impossible dates. */
export function swissDateToIso(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value === null ? null : undefined;
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export type CatalogueContent = Omit<LegislationCatalogEntry, 'provenance'>;

export type EntryParse = { ok: true; entry: CatalogueContent } | { ok: false; id: string; reason: string };

function dateOrFail(value: string | null | undefined, field: string): string | null {
  const iso = swissDateToIso(value);
  if (iso === undefined && value !== undefined) throw new Error(`${field}: '${String(value)}' is not a date`);
  return iso ?? null;
}

function amendmentRefs(text: LexfindTextOfLaw, language: 'de' | 'fr' | 'it'): GazetteRef[] {
  const refs: GazetteRef[] = [];
  for (const a of text.amendments ?? []) {
    const citation = parseGazetteCitation(a.reference);
    const eli = eliFromHref(a.url);
    if (!citation || !eli) continue;
    const collection = REF_TYPE_INFO[citation.ref_type].collection;
    if (!eli.startsWith(`eli/${collection}/`)) continue;
    refs.push({
      ref_type: refTypeFor(collection, language),
      year: citation.year,
      page: citation.page,
      eli,
      language,
    });
  }
  return refs;
}

/** One catalogue entry in the file's language, or why it cannot be used. */
export function parseCatalogueEntry(raw: unknown, language: 'de' | 'fr' | 'it'): EntryParse {
  const id = typeof raw === 'object' && raw !== null && 'id' in raw ? String(raw.id) : '?';
  const parsed = lexfindTextOfLawSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, id, reason: z.prettifyError(parsed.error).replace(/\s+/g, ' ').slice(0, 400) };
  const t = parsed.data;
  const jurisdiction = jurisdictionOfEntity(t.entity);
  if (!jurisdiction)
    return { ok: false, id, reason: `unknown entity ${t.entity.id}/${t.entity.abbreviation}` };
  try {
    const versions = (t.versions ?? []).map((v, i) => ({
      active_since: dateOrFail(v.version_active_since, `versions[${i}].version_active_since`)!,
      active_until: dateOrFail(v.version_inactive_since, `versions[${i}].version_inactive_since`),
      original_url: v.original_url ?? null,
    }));
    versions.sort((a, b) => (a.active_since < b.active_since ? 1 : a.active_since > b.active_since ? -1 : 0));
    const abbreviation = t.abbreviation?.replace(/^\((.*)\)$/, '$1').trim();
    return {
      ok: true,
      entry: {
        catalog_id: t.id,
        jurisdiction,
        language,
        systematic_number: t.systematic_number,
        title: t.title,
        abbreviation: abbreviation !== undefined && abbreviation.length > 0 ? abbreviation : null,
        is_active: t.is_active,
        version_active_since: dateOrFail(t.version_active_since, 'version_active_since'),
        inactive_since: dateOrFail(t.version_inactive_since, 'version_inactive_since'),
        keywords: (t.keywords ?? []).map((k) => k.trim()).filter((k) => k.length > 0),
        original_url: t.original_url ?? null,
        source_url: t.url ?? null,
        versions,
        gazette_refs: amendmentRefs(t, language),
      },
    };
  } catch (error) {
    return { ok: false, id, reason: (error as Error).message };
  }
}

/** A catalogue file's header and raw entries; throws on a file that is not a catalogue. */
export function readCatalogueFile(json: unknown): {
  jurisdiction: Jurisdiction;
  language: 'de' | 'fr' | 'it';
  entries: unknown[];
} {
  const parsed = lexfindCatalogueFileSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `not a LexFind catalogue file: ${z.prettifyError(parsed.error).replace(/\s+/g, ' ').slice(0, 300)}`,
    );
  const jurisdiction = jurisdictionOfEntity(parsed.data.entity);
  if (!jurisdiction) throw new Error(`unknown entity ${parsed.data.entity.id}`);
  return { jurisdiction, language: parsed.data.language, entries: parsed.data.texts_of_law };
}
