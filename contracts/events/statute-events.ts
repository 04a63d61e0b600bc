import { z } from 'zod';
import { JURISDICTIONS } from '../courts/cantons.ts';
import { ARTICLE_NUM } from '../laws/article-numbers.ts';
import { GAZETTE_REF_TYPES } from '../laws/gazette-refs.ts';
import { eventSchema, isoDate, isoDateTime } from './envelope.ts';

export const STATUTE_LANGUAGES = ['de', 'fr', 'it'] as const;

const provenanceSchema = z.object({
  source: z.string().min(1),
  source_item_id: z.string().min(1),
  scraped_at: isoDateTime,
  content_hash: z.string().regex(/^[0-9a-f]{64}$/),
});

/** A block of the act (Fedlex book/part/title/chapter/section/level, the final title `disp_u1`). */
export const statuteBlockSchema = z.object({
  /** Identifier within the version (Fedlex eId: `disp_u1`, `tit_1/chap_2`). */
  id: z.string().min(1).max(300),
  /** Element kind as the source names it (`title`, `chapter`, `level`, ...). */
  kind: z.string().min(1).max(40),
  num: z.string().max(500).nullable(),
  heading: z.string().max(2000).nullable(),
  /** The enclosing block's id; null at the top. */
  parent: z.string().max(300).nullable(),
});
export type StatuteBlock = z.infer<typeof statuteBlockSchema>;

export const statuteArticleSchema = z.object({
  /** Normalised number: `41`, `41a`, `266l`, `6bis`. Not unique: final titles repeat numbers. */
  article_num: z.string().regex(ARTICLE_NUM),
  /** Identifier within the version (`art_41_a`, `disp_u1/art_1`); unique. */
  eid: z.string().min(1).max(300),
  heading: z.string().max(2000).nullable(),
  /** The article's text without footnotes: paragraphs and list items one per line. */
  text: z.string(),
  /** Innermost enclosing block id, or null for an article directly in the body. */
  block: z.string().max(300).nullable(),
  /**
   * The article is repealed (its text is the repeal note, `Aufgehoben`): when it took effect and
   * the official-compilation reference of the repealing act, as the footnote states them.
   */
  repealed: z
    .object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(), by: z.string().max(200).nullable() })
    .optional(),
  /** The article's footnotes, verbatim, apart from its text (their markers removed from it). */
  footnotes: z
    .array(z.object({ marker: z.string().max(20).nullable(), text: z.string().max(5000) }))
    .max(500)
    .optional(),
});
export type StatuteArticle = z.infer<typeof statuteArticleSchema>;

/** A page reference to the official compilation or the Federal Gazette found in the text (footnotes). */
export const gazetteRefSchema = z.object({
  ref_type: z.enum(GAZETTE_REF_TYPES),
  year: z.number().int().min(1848).max(2200),
  page: z.number().int().positive(),
  /** The ELI the reference links to (`eli/oc/2007/785`). */
  eli: z.string().regex(/^eli\/(oc|fga)\/\d{4}\/[A-Za-z0-9_.-]+$/),
  /** The language of the document the reference was written in (BBl/FF pages differ per language). */
  language: z.enum(STATUTE_LANGUAGES),
});
export type GazetteRef = z.infer<typeof gazetteRefSchema>;

/**
 * One consolidated version of one act in one language: every version is its own event, so the
 * read model keeps every version and `as_of` works for every date.
 */
export const statuteVersionSchema = z
  .object({
    /** CH for federal law, else the canton. */
    jurisdiction: z.enum(JURISDICTIONS),
    /** Federal SR number, or the canton's systematic number (opaque). */
    sr_number: z.string().min(1).max(60),
    language: z.enum(STATUTE_LANGUAGES),
    /** Consolidation date ("Stand am ..."; Fedlex `jolux:dateApplicability`). */
    consolidation_date: isoDate,
    title: z.string().min(1).max(2000),
    abbreviation: z.string().min(1).max(100).nullable(),
    /** Classified-compilation ELI of the act (`eli/cc/2007/885`), when known. */
    eli: z.string().max(200).nullable(),
    entry_into_force: isoDate.nullable(),
    blocks: z.array(statuteBlockSchema).max(20_000),
    articles: z.array(statuteArticleSchema).max(20_000),
    gazette_refs: z.array(gazetteRefSchema).max(20_000),
    source_url: z.string().max(2000).nullable(),
    provenance: provenanceSchema,
  })
  .superRefine((v, ctx) => {
    const eids = new Set<string>();
    for (const [i, a] of v.articles.entries()) {
      if (eids.has(a.eid))
        ctx.addIssue({ code: 'custom', path: ['articles', i, 'eid'], message: `duplicate eid ${a.eid}` });
      eids.add(a.eid);
    }
  });
export type StatuteVersion = z.infer<typeof statuteVersionSchema>;

/** The entity key of a statute version's stream entry: all versions of one act-language stay in order. */
export function statuteKey(v: Pick<StatuteVersion, 'jurisdiction' | 'sr_number' | 'language'>): string {
  return `${v.jurisdiction}:${v.sr_number}:${v.language}`;
}

export const statuteVersionPublishedV1 = eventSchema('StatuteVersionPublished', 1, statuteVersionSchema);
export type StatuteVersionPublished = z.infer<typeof statuteVersionPublishedV1>;

/** One version of a catalogue entry as the catalogue lists it. */
export const catalogVersionSchema = z.object({
  active_since: isoDate,
  active_until: isoDate.nullable(),
  original_url: z.string().max(2000).nullable(),
});

/**
 * One text of law in the legislation catalogue (LexFind: federal and all cantons), in one
 * language. Repealed texts stay with `is_active` false.
 */
export const legislationCatalogEntrySchema = z.object({
  catalog_id: z.number().int().positive(),
  jurisdiction: z.enum(JURISDICTIONS),
  language: z.enum(STATUTE_LANGUAGES),
  systematic_number: z.string().min(1).max(60),
  title: z.string().min(1).max(2000),
  abbreviation: z.string().min(1).max(100).nullable(),
  is_active: z.boolean(),
  /** Start of the version in force (or of the last version, for a repealed text). */
  version_active_since: isoDate.nullable(),
  /** When a repealed text ceased to apply, when the catalogue says. */
  inactive_since: isoDate.nullable(),
  keywords: z.array(z.string().max(200)).max(100),
  /** The text at the official portal. */
  original_url: z.string().max(2000).nullable(),
  /** The catalogue's own page of the entry. */
  source_url: z.string().max(2000).nullable(),
  versions: z.array(catalogVersionSchema).max(1000),
  gazette_refs: z.array(gazetteRefSchema).max(1000),
  provenance: provenanceSchema,
});
export type LegislationCatalogEntry = z.infer<typeof legislationCatalogEntrySchema>;

export function catalogEntryKey(e: Pick<LegislationCatalogEntry, 'catalog_id' | 'language'>): string {
  return `${e.catalog_id}:${e.language}`;
}

export const legislationCatalogEntryPublishedV1 = eventSchema(
  'LegislationCatalogEntryPublished',
  1,
  legislationCatalogEntrySchema,
);
export type LegislationCatalogEntryPublished = z.infer<typeof legislationCatalogEntryPublishedV1>;
