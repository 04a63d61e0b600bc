import type { EventSource, SourceRecord } from '../../event-source.port.ts';
import { HttpFetchError, type HttpTextClient } from '../../http/http-text.port.ts';
import { type RawItem, SourceItemError } from '../../source.port.ts';
import { commentaryRecord } from '../statute-record.ts';
import {
  listingPageSchema,
  listingRowSchema,
  ONLINEKOMMENTAR_API,
  parseCommentaryDetail,
} from './onlinekommentar.parser.ts';
import { httpErrorCount } from '../../http/http-error-count.ts';

export interface CommentaryItem extends RawItem {
  readonly language?: 'de' | 'fr' | 'it';
  /** A listing row that could not be read: reported as a failed item. */
  readonly problem?: string;
}

export interface OnlineKommentarSourceOptions {
  readonly name?: string;
  /** Polite HTTP (one request at a time, spaced, retried), or recorded answers. */
  readonly http: HttpTextClient;
  /** API root; default the public one. */
  readonly baseUrl?: string;
  readonly languages?: readonly ('de' | 'fr' | 'it')[];
  /** The records are bundled sample text (marked so in every event). */
  readonly sample?: boolean;
}

/** The listing URL of one page in one language. */
export function listingUrl(base: string, language: string, page: number): string {
  return `${base}/commentaries?language=${language}&page=${page}`;
}

/**
 * Commentaries from OnlineKommentar: every record in every served language is one item and one
 * CommentaryPublished event (unchanged content is not published again). A listing that fails
 * (server error, timeout, not JSON) stops the run, which publishes a failed health event; what the
 * log already holds stays. A record that is missing or malformed is a failed item; the run goes on.
 */
export class OnlineKommentarSource implements EventSource<CommentaryItem> {
  readonly name: string;
  /** Failed portal requests so far (the client's count); absent when the client keeps none. */
  readonly httpErrors?: () => number;
  private listed: number | null = null;
  private readonly base: string;

  constructor(private readonly options: OnlineKommentarSourceOptions) {
    this.name = options.name ?? 'onlinekommentar';
    const httpErrors = httpErrorCount(options.http);
    if (httpErrors) this.httpErrors = httpErrors;
    this.base = (options.baseUrl ?? ONLINEKOMMENTAR_API).replace(/\/+$/, '');
  }

  private async page(language: string, page: number) {
    const url = listingUrl(this.base, language, page);
    const body = await this.options.http.getText(url, 'application/json');
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new Error(`${url}: the listing is not JSON`);
    }
    const parsed = listingPageSchema.safeParse(json);
    if (!parsed.success) throw new Error(`${url}: not an OnlineKommentar listing`);
    return { url, rows: parsed.data.data, last: parsed.data.meta?.last_page ?? 1 };
  }

  async *items(): AsyncIterable<CommentaryItem> {
    let count = 0;
    for (const language of this.options.languages ?? (['de', 'fr', 'it'] as const)) {
      let last = 1;
      for (let n = 1; n <= last; n++) {
        const page = await this.page(language, n);
        last = page.last;
        for (const [i, raw] of page.rows.entries()) {
          const row = listingRowSchema.safeParse(raw);
          if (!row.success) {
            yield {
              id: `${language}/page-${n}/${i}`,
              location: page.url,
              problem: `${page.url} row ${i}: no id`,
            };
            continue;
          }
          count++;
          yield {
            id: `${language}/${row.data.id}`,
            location: `${this.base}/commentaries/${encodeURIComponent(row.data.id)}`,
            language,
          };
        }
      }
    }
    this.listed = count;
  }

  async records(item: CommentaryItem, scrapedAt: string): Promise<readonly SourceRecord[]> {
    if (item.language === undefined)
      throw new SourceItemError(item.id, item.problem ?? 'listing row without a record');
    let body: string;
    try {
      body = await this.options.http.getText(item.location, 'application/json');
    } catch (error) {
      // A missing record is this item's problem; anything else (API down) stops the run.
      if (error instanceof HttpFetchError && error.isMissing)
        throw new SourceItemError(item.id, error.message, { cause: error });
      throw error;
    }
    const parsed = parseCommentaryDetail(body, item.language, this.options.sample ?? false);
    if (!parsed.ok) throw new SourceItemError(item.id, `${item.location}: ${parsed.reason}`);
    return [
      commentaryRecord(
        parsed.content,
        { source: this.name, itemId: item.id, scrapedAt },
        parsed.content.commentary_id,
      ),
    ];
  }

  /** The number of records the listing named (known after items() ran). */
  async portalCount(): Promise<number | null> {
    return this.listed;
  }
}
