import type { EventSource, SourceRecord } from '../../event-source.port.ts';
import { HttpFetchError, type HttpTextClient } from '../../http/http-text.port.ts';
import { type RawItem, SourceItemError } from '../../source.port.ts';
import { statuteRecord } from '../statute-record.ts';
import { AkomaNtosoError, parseAkomaNtoso } from './akoma-ntoso.parser.ts';
import type { FedlexVersion, FedlexVersionLister } from './fedlex-sparql.client.ts';
import { XmlSyntaxError } from './xml-tree.ts';
import { httpErrorCount } from '../../http/http-error-count.ts';

export interface FedlexItem extends RawItem {
  readonly version?: FedlexVersion;
  /** A listing row that could not be read: reported as a failed item. */
  readonly problem?: string;
}

export interface FedlexSourceOptions {
  readonly name?: string;
  /** Lists the versions (the SPARQL endpoint, or recorded results). */
  readonly lister: FedlexVersionLister;
  /** Fetches the Akoma Ntoso files (polite HTTP, or a directory mirror). */
  readonly http: HttpTextClient;
}

/**
 * Federal acts from Fedlex: every consolidated version in every language is one item and one
 * StatuteVersionPublished event (so every version is kept). A malformed XML file is a failed item
 * reported in the run's health event; the run goes on.
 */
export class FedlexSource implements EventSource<FedlexItem> {
  readonly name: string;
  /** Failed portal requests so far (the client's count); absent when the client keeps none. */
  readonly httpErrors?: () => number;
  private listed: number | null = null;

  constructor(private readonly options: FedlexSourceOptions) {
    this.name = options.name ?? 'fedlex';
    const httpErrors = httpErrorCount(options.http);
    if (httpErrors) this.httpErrors = httpErrors;
  }

  async *items(): AsyncIterable<FedlexItem> {
    const listing = await this.options.lister.listVersions();
    this.listed = listing.versions.length;
    for (const [i, problem] of listing.skipped.entries())
      yield { id: `listing/${i}`, location: 'SPARQL results', problem };
    for (const version of listing.versions) {
      yield {
        id: `${version.sr_number}/${version.consolidation_date}/${version.language}`,
        location: version.file_url,
        version,
      };
    }
  }

  async records(item: FedlexItem, scrapedAt: string): Promise<readonly SourceRecord[]> {
    if (!item.version) throw new SourceItemError(item.id, item.problem ?? 'listing row without a version');
    const { version } = item;
    let xml: string;
    try {
      xml = await this.options.http.getText(item.location, 'application/xml');
    } catch (error) {
      // A missing file is this item's problem; anything else (portal down) stops the run.
      if (error instanceof HttpFetchError && error.isMissing)
        throw new SourceItemError(item.id, error.message, { cause: error });
      throw error;
    }
    let act;
    try {
      act = parseAkomaNtoso(xml, { language: version.language, srNumber: version.sr_number });
    } catch (error) {
      if (error instanceof XmlSyntaxError || error instanceof AkomaNtosoError) {
        throw new SourceItemError(item.id, `${item.location}: ${error.message}`, { cause: error });
      }
      throw error;
    }
    if (act.consolidation_date !== version.consolidation_date) {
      throw new SourceItemError(
        item.id,
        `${item.location}: consolidation date ${act.consolidation_date} differs from the listed ${version.consolidation_date}`,
      );
    }
    return [
      statuteRecord(
        {
          jurisdiction: 'CH',
          sr_number: act.sr_number,
          language: act.language,
          consolidation_date: act.consolidation_date,
          title: act.title,
          abbreviation: act.abbreviation,
          eli: act.eli,
          entry_into_force: act.entry_into_force,
          blocks: act.blocks,
          articles: act.articles,
          gazette_refs: act.gazette_refs,
          source_url: item.location,
        },
        { source: this.name, itemId: item.id, scrapedAt },
      ),
    ];
  }

  /** The number of versions the listing named (known after items() ran). */
  async portalCount(): Promise<number | null> {
    return this.listed;
  }
}
