import { Feed } from 'feed';
import { canonicalUrl } from '../../contracts/citation/citation-strings.ts';
import { atomHtml } from '../exports/atom.ts';
import { xmlSafe } from '../exports/export-document.ts';

/** A recorded hit of an alert as the feed lists it. */
export interface FeedHit {
  readonly matched_at: string;
  readonly decision: {
    readonly decision_id: string;
    readonly court: string;
    readonly decision_date: string | null;
    readonly docket_number: string;
    readonly title: string;
    readonly regeste: string | null;
  };
}

/** The Atom 1.0 feed of an alert: its matches, newest first; the entry links the decision's canonical URL. */
export function alertFeed(
  alert: { readonly alert_id: string; readonly created_at: string; readonly description: string },
  hits: readonly FeedHit[],
  publicBaseUrl: string,
): string {
  const self = `${publicBaseUrl}/alerts/${alert.alert_id}.xml`;
  const feed = new Feed({
    id: self,
    title: xmlSafe(`Alert ${alert.alert_id}: ${alert.description}`),
    description: xmlSafe(`Newly published decisions matching ${alert.description}`),
    link: self,
    feedLinks: { atom: self },
    updated: new Date(hits[0]?.matched_at ?? alert.created_at),
    generator: false,
    copyright: 'Swiss court decisions are public documents',
  });
  for (const hit of hits) {
    const d = hit.decision;
    const url = canonicalUrl(publicBaseUrl, d.decision_id);
    feed.addItem({
      id: url,
      link: url,
      title: atomHtml(`${d.docket_number}: ${d.title}`),
      date: new Date(hit.matched_at),
      ...(d.decision_date ? { published: new Date(`${d.decision_date}T00:00:00Z`) } : {}),
      ...(d.regeste ? { description: atomHtml(d.regeste) } : {}),
      category: [{ term: d.court }],
    });
  }
  return feed.atom1();
}
