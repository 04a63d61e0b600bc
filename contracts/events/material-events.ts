import { z } from 'zod';
import { ARTICLE_NUM } from '../laws/article-numbers.ts';
import { eventSchema, isoDate, isoDateTime } from './envelope.ts';
import { STATUTE_LANGUAGES } from './statute-events.ts';

/** Federal Council message (Botschaft / message / messaggio), or the parliamentary changes to a bill. */
export const MATERIAL_KINDS = ['botschaft', 'parliamentary_change'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/**
 * What a passage of a message is about, read from the heading of its section: the legislative
 * intent, the arguments for the rule, its design choices, the alternatives rejected, the
 * modifications parliament made. `other` when the heading says none of these.
 */
export const MATERIAL_TOPICS = ['intent', 'arguments', 'design', 'alternatives', 'modifications', 'other'] as const;
export type MaterialTopic = (typeof MATERIAL_TOPICS)[number];

export const materialPassageSchema = z.object({
  /** Position of the passage in the document (0-based, unique within it). */
  ordinal: z.number().int().nonnegative(),
  /** The gazette page the passage stands on (BBl/FF page; from 2021 the page within the document). */
  page: z.number().int().positive(),
  /** Number and heading of the enclosing section as printed (`2.1 Grundzüge der Vorlage`). */
  section: z.string().max(2000).nullable(),
  topic: z.enum(MATERIAL_TOPICS),
  /** Articles of the act the passage discusses (normalised numbers: `12`, `41a`). */
  articles: z.array(z.string().regex(ARTICLE_NUM)).max(200),
  /** The passage verbatim, as the gazette prints it (footnotes left out). */
  text: z.string().min(1).max(50_000),
});
export type MaterialPassage = z.infer<typeof materialPassageSchema>;

/** One preparatory document about one federal act in one language, with its passages. */
export const materialSchema = z.object({
  /** ELI of the gazette document (`eli/fga/2022/1560`). */
  eli: z.string().regex(/^eli\/fga\/\d{4}\/[A-Za-z0-9_.-]+$/),
  kind: z.enum(MATERIAL_KINDS),
  language: z.enum(STATUTE_LANGUAGES),
  /** The act the document prepares or changes. */
  sr_number: z.string().min(1).max(60),
  title: z.string().min(1).max(2000),
  /** Date of the document (the message's date, or the parliamentary decision's). */
  date: isoDate.nullable(),
  /** BBl (de) or FF (fr, it), year and first page: the gazette citation of the document. */
  gazette: z.object({
    ref_type: z.enum(['BBl', 'FF']),
    year: z.number().int().min(1849).max(2200),
    page: z.number().int().positive(),
  }),
  passages: z.array(materialPassageSchema).max(20_000),
  source_url: z.string().max(2000).nullable(),
  /** True for the bundled sample's synthetic text (never a real message). */
  sample: z.boolean(),
  provenance: z.object({
    source: z.string().min(1),
    source_item_id: z.string().min(1),
    scraped_at: isoDateTime,
    content_hash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type Material = z.infer<typeof materialSchema>;

/** Entity key: one gazette document in one language (BBl and FF pages differ per language). */
export function materialKey(m: Pick<Material, 'eli' | 'language'>): string {
  return `${m.eli}:${m.language}`;
}

export const materialPublishedV1 = eventSchema('MaterialPublished', 1, materialSchema);
export type MaterialPublished = z.infer<typeof materialPublishedV1>;
