import type { EventSource, SourceRecord } from '../../event-source.port.ts';
import { HttpFetchError, type HttpTextClient } from '../../http/http-text.port.ts';
import { type RawItem, SourceItemError } from '../../source.port.ts';
import { XmlSyntaxError } from '../fedlex/xml-tree.ts';
import { materialRecord } from '../statute-record.ts';
import { GazetteDocumentError, parseGazetteDocument } from './gazette-document.parser.ts';
import type { GazetteLister, GazetteListing } from './gazette-listing.client.ts';
import { httpErrorCount } from '../../http/http-error-count.ts';

export interface MaterialItem extends RawItem {
  readonly listing?: GazetteListing;
  /** A listing row that could not be read: reported as a failed item. */
  readonly problem?: string;
}

export interface FedlexMaterialsOptions {
  readonly name?: string;
  /** Lists the documents (the SPARQL endpoint, or a recorded listing). */
  readonly lister: GazetteLister;
  /** Fetches the Akoma Ntoso files (polite HTTP, or a directory mirror). */
  readonly http: HttpTextClient;
  /** The bundled sample's synthetic documents are marked as such in every event. */
  readonly sample?: boolean;
}

/**
 * Preparatory materials from the Federal Gazette (Fedlex): every message of the Federal Council
 * and every set of parliamentary changes about a listed act, in each language, is one item and one
 * MaterialPublished event with its verbatim passages. A malformed or missing file is a failed item
 * in the run's health event; the run goes on. An unchanged document is not published again.
 */
export class FedlexMaterialsSource implements EventSource<MaterialItem> {
  readonly name: string;
  /** Failed portal requests so far (the client's count); absent when the client keeps none. */
  readonly httpErrors?: () => number;
  private listed: number | null = null;

  constructor(private readonly options: FedlexMaterialsOptions) {
    this.name = options.name ?? 'fedlex-materials';
    const httpErrors = httpErrorCount(options.http);
    if (httpErrors) this.httpErrors = httpErrors;
  }

  async *items(): AsyncIterable<MaterialItem> {
    const listing = await this.options.lister.listDocuments();
    this.listed = listing.documents.length;
    for (const [i, problem] of listing.skipped.entries())
      yield { id: `listing/${i}`, location: 'SPARQL results', problem };
    for (const doc of listing.documents)
      yield { id: `${doc.eli}/${doc.language}/${doc.sr_number}`, location: doc.file_url, listing: doc };
  }

  async records(item: MaterialItem, scrapedAt: string): Promise<readonly SourceRecord[]> {
    if (!item.listing) throw new SourceItemError(item.id, item.problem ?? 'listing row without a document');
    const doc = item.listing;
    let xml: string;
    try {
      xml = await this.options.http.getText(item.location, 'application/xml');
    } catch (error) {
      // A missing file is this item's problem; anything else (portal down) stops the run.
      if (error instanceof HttpFetchError && error.isMissing)
        throw new SourceItemError(item.id, error.message, { cause: error });
      throw error;
    }
    let parsed;
    try {
      parsed = parseGazetteDocument(xml, {
        firstPage: doc.page,
        defaultTopic: doc.kind === 'parliamentary_change' ? 'modifications' : 'other',
      });
    } catch (error) {
      if (error instanceof XmlSyntaxError || error instanceof GazetteDocumentError)
        throw new SourceItemError(item.id, `${item.location}: ${error.message}`, { cause: error });
      throw error;
    }
    if (parsed.eli !== null && parsed.eli !== doc.eli)
      throw new SourceItemError(item.id, `${item.location}: document ${parsed.eli} differs from the listed ${doc.eli}`);
    return [
      materialRecord(
        {
          eli: doc.eli,
          kind: doc.kind,
          language: doc.language,
          sr_number: doc.sr_number,
          title: parsed.title,
          date: parsed.date,
          gazette: { ref_type: doc.language === 'de' ? 'BBl' : 'FF', year: doc.year, page: doc.page },
          passages: parsed.passages,
          source_url: item.location,
          sample: this.options.sample ?? false,
        },
        { source: this.name, itemId: item.id, scrapedAt },
      ),
    ];
  }

  /** The number of documents the listing named (known after items() ran). */
  async portalCount(): Promise<number | null> {
    return this.listed;
  }
}
