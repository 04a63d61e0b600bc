import type { EventSource, SourceRecord } from '../../event-source.port.ts';
import { type RawItem, SourceItemError } from '../../source.port.ts';
import { catalogRecord } from '../statute-record.ts';
import type { LexfindCatalogue } from './lexfind-catalogue.client.ts';
import { parseCatalogueEntry } from './lexfind.parser.ts';
import { httpErrorCount } from '../../http/http-error-count.ts';

export interface CatalogueItem extends RawItem {
  readonly raw?: unknown;
  readonly language?: 'de' | 'fr' | 'it';
  readonly problem?: string;
}

/**
 * The legislation catalogue (LexFind: federal and cantonal texts of law, active and repealed):
 * one LegislationCatalogEntryPublished event per entry and language. A malformed entry or file is
 * a failed item in the run's health event; the rest is still read.
 */
export class LexfindCatalogueSource implements EventSource<CatalogueItem> {
  readonly name: string;
  /** Failed portal requests so far (the client's count); absent when the client keeps none. */
  readonly httpErrors?: () => number;
  private entries: number | null = null;

  constructor(
    private readonly catalogue: LexfindCatalogue,
    name = 'lexfind',
  ) {
    this.name = name;
    const httpErrors = httpErrorCount(catalogue);
    if (httpErrors) this.httpErrors = httpErrors;
  }

  async *items(): AsyncIterable<CatalogueItem> {
    let count = 0;
    for await (const file of this.catalogue.files()) {
      if (!file.ok) {
        yield { id: file.url, location: file.url, problem: file.reason };
        continue;
      }
      for (const [i, raw] of file.entries.entries()) {
        count++;
        const id = typeof raw === 'object' && raw !== null && 'id' in raw ? String(raw.id) : `#${i}`;
        yield {
          id: `${file.jurisdiction}/${file.language}/${id}`,
          location: file.url,
          raw,
          language: file.language,
        };
      }
    }
    this.entries = count;
  }

  async records(item: CatalogueItem, scrapedAt: string): Promise<readonly SourceRecord[]> {
    if (item.problem !== undefined || item.language === undefined) {
      throw new SourceItemError(item.id, item.problem ?? 'catalogue item without an entry');
    }
    const parsed = parseCatalogueEntry(item.raw, item.language);
    if (!parsed.ok)
      throw new SourceItemError(item.id, `${item.location} entry ${parsed.id}: ${parsed.reason}`);
    const recordId = `${parsed.entry.catalog_id}:${parsed.entry.language}`;
    return [catalogRecord(parsed.entry, { source: this.name, itemId: item.id, scrapedAt }, recordId)];
  }

  /** The number of entries the catalogue listed (known after items() ran). */
  async portalCount(): Promise<number | null> {
    return this.entries;
  }
}
