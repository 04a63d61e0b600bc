import { createHash } from 'node:crypto';
import type { NormalisedDecision } from '../../../contracts/events/index.ts';
import type { IngestStateStore } from '../../../infra/ingest-state/ingest-state.port.ts';
import type { EventSource, SourceRecord } from '../../event-source.port.ts';
import { HttpFetchError, type HttpTextClient } from '../../http/http-text.port.ts';
import { decisionEventSource } from '../../ingest-runner.ts';
import { type DecisionSource, type RawItem, SourceItemError } from '../../source.port.ts';
import { parseBgerDecision } from './bger-decision.parser.ts';
import { BgerListError, type BgerListEntry, parseBgerList } from './bger-list.parser.ts';

/** The public site. */
export const BGER_DEFAULT_BASE_URL = 'https://search.bger.ch';
const LIST_PATH = '/ext/eurospider/live/de/php/aza/http/index_aza.php';

export interface BgerSourceOptions {
  /** The polite client every request goes through (one at a time, spaced). */
  readonly http: HttpTextClient;
  /** Site root; lists and decision pages are requested from this host. */
  readonly baseUrl?: string;
  /** Neuheiten lists to read, in this order; default: the lists of the last `days` days. */
  readonly listUrls?: readonly string[];
  /** How many days of lists to read, today included (default 7): a missed night is caught up. */
  readonly days?: number;
  /** Today (ISO date), for the default lists. */
  readonly today?: () => string;
  /**
   * The ingest state, to skip entries already published with the same list content without
   * fetching their pages. Without it every listed page is fetched (the runner still publishes
   * only changed content).
   */
  readonly state?: Pick<IngestStateStore, 'get'>;
  /** Fetch failures of pages in a row after which the portal counts as down and the run stops (default 3). */
  readonly maxConsecutiveFailures?: number;
  /** Source name in provenance, ingest state and health events (default `bger`). */
  readonly name?: string;
}

/** One listed decision to fetch; `problem` marks a list row that could not be read. */
export interface BgerItem extends RawItem {
  readonly entry: BgerListEntry | null;
  /** Fingerprint of everything the list says about the decision (see {@link listFingerprint}). */
  readonly fingerprint: string;
  readonly listDate: string | null;
  readonly problem?: string;
}

/**
 * The Federal Supreme Court's newest decisions: each Neuheiten list, then the page of every
 * listed decision not yet held. Item id = the site's decision id (`aza://17-06-2025-5A_459-2025`);
 * the content hash the ingest state keeps for it is the list entry's fingerprint, a dot and the
 * decision's content hash, so that an entry the state holds with the same fingerprint is skipped
 * before its page is fetched, and a changed entry (e.g. newly marked `*`) is read again.
 *
 * Faults: a list that cannot be fetched or is no list ends the run (what was read before stays
 * published); a page that fails (HTTP error, timeout, no decision text) is a failed item, read
 * again next run; `maxConsecutiveFailures` page failures in a row end the run (the portal is down).
 */
export class BgerSource implements DecisionSource<BgerItem>, EventSource<BgerItem> {
  readonly name: string;
  private readonly base: URL;
  private consecutiveFailures = 0;
  private readonly decisions: EventSource;

  constructor(private readonly options: BgerSourceOptions) {
    this.name = options.name ?? 'bger';
    this.base = new URL(options.baseUrl ?? BGER_DEFAULT_BASE_URL);
    this.decisions = decisionEventSource(this);
  }

  /** The list URLs of this run: the configured ones, else one per day, oldest first. */
  listUrls(): string[] {
    if (this.options.listUrls && this.options.listUrls.length > 0) return [...this.options.listUrls];
    const today = this.options.today?.() ?? new Date().toISOString().slice(0, 10);
    const days = this.options.days ?? 7;
    const urls: string[] = [];
    for (let back = days - 1; back >= 0; back--) {
      const day = new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
      const url = new URL(LIST_PATH, this.base);
      url.search = `date=${day.replace(/-/g, '')}&lang=de&mode=news`;
      urls.push(url.toString());
    }
    return urls;
  }

  /** Reads each list in turn and yields its entries not yet held; a failing or malformed list throws. */
  async *items(): AsyncIterable<BgerItem> {
    this.consecutiveFailures = 0;
    const yielded = new Set<string>();
    for (const listUrl of this.listUrls()) {
      let html: string;
      try {
        html = await this.options.http.getText(listUrl, 'text/html');
      } catch (error) {
        throw new Error(`bger list ${listUrl}: ${(error as Error).message}`, { cause: error });
      }
      let list;
      try {
        list = parseBgerList(html);
      } catch (error) {
        if (error instanceof BgerListError)
          throw new Error(`bger list ${listUrl}: ${error.message}`, { cause: error });
        throw error;
      }
      for (const problem of list.problems) {
        const id = problem.docId ?? listUrl;
        yield {
          id,
          location: listUrl,
          entry: null,
          fingerprint: '',
          listDate: list.listDate,
          problem: problem.message,
        };
      }
      const fresh = list.entries.filter((e) => !yielded.has(e.docId));
      const held = this.options.state
        ? await this.options.state.get(
            this.name,
            fresh.map((e) => e.docId),
          )
        : new Map<string, { contentHash: string }>();
      for (const entry of fresh) {
        yielded.add(entry.docId);
        const fingerprint = listFingerprint(entry);
        if (held.get(entry.docId)?.contentHash.startsWith(`${fingerprint}.`)) continue;
        const location = this.pageUrl(entry.href);
        yield { id: entry.docId, location, entry, fingerprint, listDate: list.listDate };
      }
    }
  }

  /** The decision of an item as its DecisionPublished record; its content hash also carries the list fingerprint. */
  async records(item: BgerItem, scrapedAt: string): Promise<readonly SourceRecord[]> {
    const records = await this.decisions.records(item, scrapedAt);
    return records.map((r) => ({ ...r, contentHash: `${item.fingerprint}.${r.contentHash}` }));
  }

  /** Fetches the decision page and parses it; a failed fetch or an unreadable page is a SourceItemError. */
  async parse(item: BgerItem, scrapedAt: string): Promise<NormalisedDecision> {
    if (!item.entry) throw new SourceItemError(item.id, item.problem ?? 'unreadable list entry');
    let html: string;
    try {
      html = await this.options.http.getText(item.location, 'text/html');
    } catch (error) {
      if (!(error instanceof HttpFetchError)) throw error;
      this.consecutiveFailures++;
      if (this.consecutiveFailures >= (this.options.maxConsecutiveFailures ?? 3))
        throw new Error(
          `bger: ${this.consecutiveFailures} decision pages in a row failed, the last: ${error.message}`,
          {
            cause: error,
          },
        );
      throw new SourceItemError(item.id, `${item.entry.docket}: ${error.message}`, { cause: error });
    }
    this.consecutiveFailures = 0;
    return parseBgerDecision(html, item.entry, {
      itemId: item.id,
      sourceName: this.name,
      scrapedAt,
      url: item.location,
      listDate: item.listDate,
    });
  }

  /** The site publishes no count of its decisions. */
  async portalCount(): Promise<number | null> {
    return null;
  }

  /** Failed requests of the HTTP client so far. */
  httpErrors(): number {
    return this.options.http.failedRequests ?? 0;
  }

  /** The decision page on the configured host (the list links the public one). */
  private pageUrl(href: string): string {
    const link = new URL(href, this.base);
    return new URL(`${link.pathname}${link.search}`, this.base).toString();
  }
}

/** A short hash of everything the list says about a decision: docket, date, legal area, subject, `*`. */
export function listFingerprint(entry: BgerListEntry): string {
  const listed = [
    entry.docket,
    entry.decisionDate,
    entry.legalArea ?? '',
    entry.subject ?? '',
    entry.forPublication ? '*' : '',
  ];
  return createHash('sha256').update(listed.join('\u0000')).digest('hex').slice(0, 16);
}
