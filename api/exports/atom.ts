import { Feed } from 'feed';
import { canonicalUrl, citationStrings } from '../../contracts/citation/citation-strings.ts';
import type { CourtFeedEntry } from '../../infra/db/schema.ts';
import { xmlSafe } from './export-document.ts';

/** A court's feed snapshot as the projection keeps it. */
export interface CourtFeedSnapshot {
  readonly court: string;
  readonly courtName: string;
  readonly canton: string;
  readonly entries: readonly CourtFeedEntry[];
  /** Latest entry update; null for a court without decisions. */
  readonly updated: string | null;
}

export interface AtomContext {
  /** Base of canonical URLs and of the feed's own address (includes the base path). */
  readonly publicBaseUrl: string;
  readonly today: string;
}

/** Before any decision: the `updated` of an empty feed. */
const NEVER = '1970-01-01T00:00:00.000Z';

/** Plain text for an element the `feed` library marks `type="html"`: escaped so readers show it as written. */
export const atomHtml = (text: string) =>
  xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The feed's own address. */
export function courtFeedUrl(publicBaseUrl: string, court: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/atom/${encodeURIComponent(court)}.xml`;
}

/**
 * The Atom 1.0 document (RFC 4287) of a court's snapshot: feed id/title/updated/author, self and
 * alternate links; per entry the canonical URL as id and link, the German citation string plus
 * title, updated/published, the Regeste (else the start of the text) and court, canton and
 * language as categories.
 */
export function renderCourtAtom(snapshot: CourtFeedSnapshot, ctx: AtomContext): string {
  const base = ctx.publicBaseUrl.replace(/\/+$/, '');
  const self = courtFeedUrl(base, snapshot.court);
  const feed = new Feed({
    id: self,
    title: xmlSafe(snapshot.courtName),
    description: xmlSafe(`${snapshot.courtName}: the ${snapshot.entries.length} most recent decisions`),
    updated: new Date(snapshot.updated ?? NEVER),
    generator: 'Swiss Case-Law and Legislation Research API',
    link: `${base}/decisions?court=${encodeURIComponent(snapshot.court)}&sort=date_desc`,
    feedLinks: { atom: self },
    author: { name: xmlSafe(snapshot.courtName) },
  });
  for (const e of snapshot.entries) {
    const url = canonicalUrl(base, e.decision_id);
    const citation = citationStrings(e, ctx.today).citation_string_de;
    const title = e.title && e.title !== citation ? `${citation} – ${e.title}` : citation;
    feed.addItem({
      id: url,
      link: url,
      title: atomHtml(title),
      date: new Date(e.updated),
      ...(e.decision_date ? { published: new Date(`${e.decision_date}T00:00:00.000Z`) } : {}),
      description: atomHtml(e.summary),
      category: [
        { term: e.court, label: xmlSafe(snapshot.courtName), scheme: `${base}/courts` },
        { term: e.canton, scheme: `${base}/courts#canton` },
        { term: e.language, scheme: `${base}/courts#language` },
      ].map(({ term, label, scheme }) => ({ term, scheme, ...(label ? { name: label } : {}) })),
    });
  }
  return feed.atom1();
}
