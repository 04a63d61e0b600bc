import { z } from 'zod';
import { ARTICLE_NUM } from '../laws/article-numbers.ts';
import { eventSchema, isoDate, isoDateTime } from './envelope.ts';
import { STATUTE_LANGUAGES } from './statute-events.ts';

/** What a commentary is about: one article, the remarks before a group of articles, an introduction, else other. */
export const COMMENTARY_KINDS = ['article', 'preliminary', 'introduction', 'other'] as const;

/** One paragraph of a commentary, verbatim, with its margin number (N.) as the source prints it. */
export const commentaryParagraphSchema = z.object({
  /** Margin number (`12`); null for a paragraph the source prints without one (a heading). */
  margin: z.string().min(1).max(20).nullable(),
  text: z.string().min(1).max(50_000),
});
export type CommentaryParagraph = z.infer<typeof commentaryParagraphSchema>;

/**
 * One scholarly commentary in one language (OnlineKommentar: one record per provision and
 * language), with everything an excerpt must carry: authors, title, edition date, licence, URL.
 */
export const commentarySchema = z.object({
  /** The source's id of the record (a translation is its own record). */
  commentary_id: z.string().min(1).max(200),
  language: z.enum(STATUTE_LANGUAGES),
  title: z.string().min(1).max(2000),
  kind: z.enum(COMMENTARY_KINDS),
  /** The article commented, normalised (`41`, `6bis`), for kind `article`. */
  article_num: z.string().regex(ARTICLE_NUM).nullable(),
  /** The act's abbreviation as the title writes it (`OR`, `CO`, `Cst.`). */
  abbreviation: z.string().min(1).max(100).nullable(),
  /** The federal act's SR number, when known. */
  sr_number: z.string().min(1).max(60).nullable(),
  act: z.object({ source_id: z.string().max(200), title: z.string().max(2000) }).nullable(),
  authors: z.array(z.string().min(1).max(300)).max(100),
  editors: z.array(z.string().min(1).max(300)).max(100),
  /** Date of the edition (the source's last revision of the text). */
  edition_date: isoDate.nullable(),
  suggested_citation: z.string().max(2000).nullable(),
  licence: z.string().min(1).max(200),
  licence_url: z.string().max(2000),
  /** The commentary's page at the source. */
  url: z.string().min(1).max(2000),
  pdf_url: z.string().max(2000).nullable(),
  /** The provision's text as the commentary prints it, when it does. */
  legal_text: z.string().max(100_000).nullable(),
  paragraphs: z.array(commentaryParagraphSchema).max(5000),
  /** Bundled sample text (invented wording), not a real commentary. */
  sample: z.boolean(),
  provenance: z.object({
    source: z.string().min(1),
    source_item_id: z.string().min(1),
    scraped_at: isoDateTime,
    content_hash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type Commentary = z.infer<typeof commentarySchema>;

export function commentaryKey(c: Pick<Commentary, 'commentary_id'>): string {
  return c.commentary_id;
}

export const commentaryPublishedV1 = eventSchema('CommentaryPublished', 1, commentarySchema);
export type CommentaryPublished = z.infer<typeof commentaryPublishedV1>;
