/**
 * OnlineKommentar (open-access Swiss commentaries, CC BY 4.0) as its public API returns it:
 * `GET /api/commentaries?language=&page=` lists 50 records a page (`data`, `meta.last_page`);
 * `GET /api/commentaries/{id}` returns one record (`data`) with `content` (the commentary as HTML,
 * margin numbers in `<span class="paragraph-nr">`), `legal_text`, `authors` / `editors`
 * (`{ id, name }`), `date` (edition), `legislative_act` (`{ id, title }`), `html_link`, `pdf_link`.
 * A translation is its own record. The title names the article and the act as the record's
 * language writes it: "Art. 41 OR", "Art. 41 CO", "Vorb. zu Art. 13-14a StHG".
 */
import * as cheerio from 'cheerio';
import { z } from 'zod';
import {
  COMMENTARY_KINDS,
  STATUTE_LANGUAGES,
  type Commentary,
  type CommentaryParagraph,
} from '../../../contracts/events/index.ts';
import { normaliseArticleNum } from '../../../contracts/laws/article-numbers.ts';
import { resolveLawName } from '../../../contracts/laws/resolve-law.ts';

export const ONLINEKOMMENTAR_API = 'https://onlinekommentar.ch/api';
export const ONLINEKOMMENTAR_LICENCE = 'CC BY 4.0';
export const ONLINEKOMMENTAR_LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/';

/**
 * The source's act ids (the same on every language's records) and the SR numbers they denote; a
 * record of another act is placed by the abbreviation in its title.
 */
export const ONLINEKOMMENTAR_ACTS: Readonly<Record<string, string>> = {
  '8223e697-4ffc-4c9b-974b-96836bbbca4f': '101',
  'f04c23a0-391f-41c4-9385-35faf7230f90': '210',
  'd2870610-6720-4037-be1c-d870b3189c0f': '220',
  '1ecd0f17-8299-4ab0-8e0c-42fd50fa526d': '235.1',
  '0bc52020-2c96-4c97-8410-8e44ac370dd5': '251',
  '2cdeaaed-30b6-416e-a6ca-7eaef78dfd69': '272',
  'cf1153b8-58b2-47eb-a7a3-ec280166bd0d': '281.1',
  '0e999038-1e85-4b97-b912-4d216f850fdc': '291',
  '9e7f5589-45b9-48c3-a19d-05ffe54f3e41': '311.0',
  '191d45d8-ed6a-47ab-9fb9-17c0744effda': '312.0',
  'e6629fbc-4495-4942-93a5-609f08501cba': '642.11',
  '8585ec22-f3d5-4d69-9fdf-b291e2f21a81': '642.14',
  'd673263a-b469-42eb-af67-7c01a19779d7': '952.0',
  '8cc7e9b6-eff3-4400-8463-ff14db576ca7': '955.0',
};

const person = z.union([z.string(), z.object({ name: z.string().nullish() }).loose()]);

/** A row of the listing. */
export const listingRowSchema = z
  .object({
    id: z.string().min(1).max(200),
    language: z.string().nullish(),
    date: z.string().nullish(),
  })
  .loose();

export const listingPageSchema = z
  .object({
    data: z.array(z.unknown()),
    meta: z
      .object({ last_page: z.coerce.number().int().min(1).max(10_000).nullish() })
      .loose()
      .nullish(),
  })
  .loose();

const detailSchema = z
  .object({
    id: z.string().min(1).max(200),
    title: z.string().min(1).max(2000),
    language: z.string().nullish(),
    date: z.string().nullish(),
    authors: z.array(person).nullish(),
    editors: z.array(person).nullish(),
    legislative_act: z.object({ id: z.string().nullish(), title: z.string().nullish() }).loose().nullish(),
    content: z.string().nullish(),
    legal_text: z.string().nullish(),
    html_link: z.string().nullish(),
    link: z.string().nullish(),
    pdf_link: z.string().nullish(),
    suggested_citation_long: z.string().nullish(),
    suggested_citation_short: z.string().nullish(),
    licence: z.string().nullish(),
    licence_url: z.string().nullish(),
  })
  .loose();

export type CommentaryContent = Omit<Commentary, 'provenance'>;
type Kind = (typeof COMMENTARY_KINDS)[number];

const ARTICLE_TITLE = /^\s*Art\.?\s*(\d+[a-z]*)\b/i;
const PRELIMINARY_TITLE = /^\s*(Vorb\.|Vorbemerkung|Remarques|Osservazioni|Preliminary)/i;
const INTRODUCTION_TITLE = /^\s*(Einleitung|Introduction|Introduzione)\b/i;
const CONNECTORS = new Set(['und', 'et', 'e', 'and', 'zu', 'à', 'a', 'al', 'abs', 'abs.', 'cpv', 'cpv.']);

/** What the title says: the kind, the article (kind `article`) and the act's abbreviation (the last word before a parenthesis). */
export function parseCommentaryTitle(title: string): {
  kind: Kind;
  article_num: string | null;
  abbreviation: string | null;
} {
  const head = (title.split('(', 1)[0] ?? '').trim().replace(/[,;:]+$/, '');
  const last = head.split(/\s+/).pop() ?? '';
  const abbreviation =
    last.length > 0 && !/^[\d\-–—]+[a-z]?$/.test(last) && !CONNECTORS.has(last.toLowerCase()) ? last : null;
  if (PRELIMINARY_TITLE.test(title)) return { kind: 'preliminary', article_num: null, abbreviation };
  if (INTRODUCTION_TITLE.test(title)) return { kind: 'introduction', article_num: null, abbreviation };
  const m = ARTICLE_TITLE.exec(title);
  const num = m ? normaliseArticleNum(m[1]!) : undefined;
  if (num !== undefined) return { kind: 'article', article_num: num, abbreviation };
  return { kind: 'other', article_num: null, abbreviation };
}

const clean = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();
const BLOCK = 'p, li, h1, h2, h3, h4, h5, h6, blockquote';
const MARGIN = '.paragraph-nr, .paragraph-number, .randziffer, .margin-number';

/**
 * The paragraphs of the commentary HTML, in order: the text of every innermost block element
 * (whitespace runs collapsed), with the margin number the block carries.
 */
export function commentaryParagraphs(html: string): CommentaryParagraph[] {
  const $ = cheerio.load(`<div id="ok-root">${html}</div>`);
  const out: CommentaryParagraph[] = [];
  let margin: string | null = null;
  $('#ok-root')
    .find(BLOCK)
    .each((_, el) => {
      const block = $(el);
      if (block.find(BLOCK).length > 0) return;
      const marker = block.find(MARGIN).first();
      let own: string | null = null;
      if (marker.length > 0) {
        own = clean(marker.text()).replace(/^N\.\s*/, '') || null;
        marker.remove();
      }
      const text = clean(block.text());
      if (text.length === 0) {
        // A margin number printed in a block of its own belongs to the next paragraph.
        if (own !== null) margin = own;
        return;
      }
      out.push({ margin: own ?? margin, text });
      margin = null;
    });
  return out;
}

/** Plain text of an HTML fragment (the provision as the commentary prints it), one block a line. */
function htmlText(html: string): string {
  const $ = cheerio.load(`<div id="ok-root">${html}</div>`);
  $('#ok-root').find(BLOCK).append('\n');
  return $('#ok-root')
    .text()
    .split('\n')
    .map(clean)
    .filter((l) => l.length > 0)
    .join('\n');
}

const names = (people: readonly z.infer<typeof person>[] | null | undefined): string[] =>
  (people ?? []).map((p) => clean(typeof p === 'string' ? p : (p.name ?? ''))).filter((n) => n.length > 0);

/** The federal act a record is about: its act id, else the title's abbreviation through the alias table. */
function srNumberOf(
  actId: string | null | undefined,
  abbreviation: string | null,
  language: 'de' | 'fr' | 'it',
) {
  if (actId && ONLINEKOMMENTAR_ACTS[actId]) return ONLINEKOMMENTAR_ACTS[actId];
  if (abbreviation === null) return null;
  const r = resolveLawName({ abbreviation, language });
  return r.status === 'resolved' && r.canton === 'CH' ? r.sr_number : null;
}

export type DetailOutcome = { ok: true; content: CommentaryContent } | { ok: false; reason: string };

/** One detail answer (the body text) as a commentary; a reason when it is not one. */
export function parseCommentaryDetail(body: string, listedLanguage: string, sample = false): DetailOutcome {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message.slice(0, 200)}` };
  }
  const inner = typeof json === 'object' && json !== null && 'data' in json ? json.data : json;
  const parsed = detailSchema.safeParse(inner);
  if (!parsed.success)
    return { ok: false, reason: `not a commentary record: ${z.prettifyError(parsed.error).slice(0, 300)}` };
  const d = parsed.data;
  const language = (d.language ?? listedLanguage).toLowerCase();
  if (!(STATUTE_LANGUAGES as readonly string[]).includes(language))
    return { ok: false, reason: `language ${language} is not served (de, fr, it)` };
  const lang = language as 'de' | 'fr' | 'it';
  const title = clean(d.title);
  const t = parseCommentaryTitle(title);
  const paragraphs = commentaryParagraphs(d.content ?? '');
  if (paragraphs.length === 0) return { ok: false, reason: `commentary ${d.id} has no text` };
  const date = d.date && /^\d{4}-\d{2}-\d{2}/.test(d.date) ? d.date.slice(0, 10) : null;
  const legal = d.legal_text ? htmlText(d.legal_text) : '';
  return {
    ok: true,
    content: {
      commentary_id: d.id,
      language: lang,
      title,
      kind: t.kind,
      article_num: t.article_num,
      abbreviation: t.abbreviation,
      sr_number: srNumberOf(d.legislative_act?.id, t.abbreviation, lang),
      act: d.legislative_act?.id
        ? { source_id: d.legislative_act.id, title: d.legislative_act.title ?? '' }
        : null,
      authors: names(d.authors),
      editors: names(d.editors),
      edition_date: date,
      suggested_citation: d.suggested_citation_long ?? d.suggested_citation_short ?? null,
      licence: d.licence ?? ONLINEKOMMENTAR_LICENCE,
      licence_url: d.licence_url ?? ONLINEKOMMENTAR_LICENCE_URL,
      url: d.html_link ?? d.link ?? `${ONLINEKOMMENTAR_API}/commentaries/${d.id}`,
      pdf_url: d.pdf_link ?? null,
      legal_text: legal.length > 0 ? legal : null,
      paragraphs,
      sample,
    },
  };
}
