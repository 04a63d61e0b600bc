import type { EventSource, SourceRecord } from '../../event-source.port.ts';
import { HttpFetchError, type HttpTextClient } from '../../http/http-text.port.ts';
import { type RawItem, SourceItemError } from '../../source.port.ts';
import { statuteRecord } from '../statute-record.ts';
import { CantonalTextError, parseCantonalText } from './cantonal-portal.parser.ts';
import type { LexfindCatalogue } from './lexfind-catalogue.client.ts';
import { parseCatalogueEntry, type CatalogueContent } from './lexfind.parser.ts';
import { httpErrorCount } from '../../http/http-error-count.ts';

export interface CantonalTextItem extends RawItem {
  readonly entry: CatalogueContent;
  readonly consolidation_date: string;
}

/**
 * Cantonal statute texts: for every cantonal catalogue entry, every listed version's text at the
 * cantonal portal (`original_url`), parsed into one StatuteVersionPublished event per version and
 * language. Catalogue entries that cannot be read are the catalogue source's to report.
 */
export class CantonalTextSource implements EventSource<CantonalTextItem> {
  readonly name: string;
  /** Failed portal requests so far (the client's count); absent when the client keeps none. */
  readonly httpErrors?: () => number;
  private listed: number | null = null;

  constructor(
    private readonly catalogue: LexfindCatalogue,
    private readonly http: HttpTextClient,
    name = 'cantonal',
  ) {
    this.name = name;
    const httpErrors = httpErrorCount(http);
    if (httpErrors) this.httpErrors = httpErrors;
  }

  async *items(): AsyncIterable<CantonalTextItem> {
    let count = 0;
    for await (const file of this.catalogue.files()) {
      if (!file.ok || file.jurisdiction === 'CH') continue;
      for (const raw of file.entries) {
        const parsed = parseCatalogueEntry(raw, file.language);
        if (!parsed.ok) continue;
        const entry = parsed.entry;
        const versions =
          entry.versions.length > 0
            ? entry.versions
            : entry.version_active_since !== null
              ? [
                  {
                    active_since: entry.version_active_since,
                    active_until: null,
                    original_url: entry.original_url,
                  },
                ]
              : [];
        for (const v of versions) {
          if (v.original_url === null) continue;
          count++;
          yield {
            id: `${entry.jurisdiction}/${entry.systematic_number}/${v.active_since}/${entry.language}`,
            location: v.original_url,
            entry,
            consolidation_date: v.active_since,
          };
        }
      }
    }
    this.listed = count;
  }

  async records(item: CantonalTextItem, scrapedAt: string): Promise<readonly SourceRecord[]> {
    let html: string;
    try {
      html = await this.http.getText(item.location, 'text/html');
    } catch (error) {
      if (error instanceof HttpFetchError && error.isMissing)
        throw new SourceItemError(item.id, error.message, { cause: error });
      throw error;
    }
    let text;
    try {
      text = parseCantonalText(html);
    } catch (error) {
      if (error instanceof CantonalTextError)
        throw new SourceItemError(item.id, `${item.location}: ${error.message}`, { cause: error });
      throw error;
    }
    const { entry } = item;
    if (text.systematic_number !== null && text.systematic_number !== entry.systematic_number) {
      throw new SourceItemError(
        item.id,
        `${item.location}: systematic number ${text.systematic_number} differs from the catalogue's ${entry.systematic_number}`,
      );
    }
    return [
      statuteRecord(
        {
          jurisdiction: entry.jurisdiction,
          sr_number: entry.systematic_number,
          language: entry.language,
          // The catalogue's version date is authoritative; the page's "Stand" only fills a gap.
          consolidation_date: item.consolidation_date ?? text.consolidation_date,
          title: text.title ?? entry.title,
          abbreviation: text.abbreviation ?? entry.abbreviation,
          eli: null,
          entry_into_force: null,
          blocks: text.blocks,
          articles: text.articles,
          gazette_refs: [],
          source_url: item.location,
        },
        { source: this.name, itemId: item.id, scrapedAt },
      ),
    ];
  }

  async portalCount(): Promise<number | null> {
    return this.listed;
  }
}
