import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { NormalisedDecision } from '../../../contracts/events/index.ts';
import type { IngestRecord, IngestStateStore } from '../../../infra/ingest-state/ingest-state.port.ts';
import type { EventSource, SourceRecord } from '../../event-source.port.ts';
import { HttpFetchError, type HttpTextClient } from '../../http/http-text.port.ts';
import { decisionRecord } from '../../ingest-runner.ts';
import { type RawItem, SourceItemError } from '../../source.port.ts';
import { parseEntscheidsucheItem, parseEntscheidsuchePdfItem } from './entscheidsuche.parser.ts';
import {
  actionFor,
  isWithdrawnMark,
  type JobFile,
  JobFileError,
  parseJobFile,
  withdrawnChecksum,
} from './job-file.ts';
import { PdfTextError, pdfTextLines } from './pdf-text.ts';

export const ENTSCHEIDSUCHE_BASE_URL = 'https://entscheidsuche.ch';

export interface EntscheidsucheHttpOptions {
  /** The portal's client (one polite request at a time); `getBytes` is needed for PDF-only records. */
  readonly http: HttpTextClient;
  /** What ingest holds: the checksum each record was last read with, and the decision it became. */
  readonly state: Pick<IngestStateStore, 'get'>;
  /** Root of the site (`https://entscheidsuche.ch`); the open data lies under `{baseUrl}/docs/`. */
  readonly baseUrl?: string;
  /** Spiders to read (`CH_BGer`, `VD_Omni`); default every spider of the portal's court tree. */
  readonly spiders?: readonly string[];
  /** Source name in provenance, ingest state and health events. */
  readonly name?: string;
  /** Where the source says what it skipped and why (records gone that were never held, …). */
  readonly onNote?: (message: string) => void;
  /** Failed requests in a row after which the portal counts as gone and the run stops (default 3). */
  readonly maxConsecutiveFailures?: number;
}

/** One job-file entry that needs work, or a spider that could not be read (reported as a failed item). */
export interface EntscheidsucheItem extends RawItem {
  readonly action: 'fetch' | 'withdraw' | 'problem';
  readonly checksum: string | null;
  /** What ingest held for the record before this run. */
  readonly known?: IngestRecord;
  readonly problem?: string;
}

const LOOKUP_BATCH = 2000;
/** A text shorter than this that does not even name its docket is a page without a decision. */
const MIN_UNNAMED_TEXT = 500;
const SPIDER_NAME = /^[A-Za-z0-9_]+$/;
const facetsSchema = z.record(
  z.string(),
  z
    .object({
      gerichte: z.record(
        z.string(),
        z.object({ kammern: z.record(z.string(), z.object({ spider: z.string().optional() }).loose()) }).loose(),
      ),
    })
    .loose(),
);

/**
 * entscheidsuche.ch open data over HTTP. Per spider the job file (`docs/Jobs/{Spider}/last`) is the
 * change feed: a record whose checksum ingest already holds is not fetched (a quiet night costs one
 * request per spider), a new or changed one is fetched with its HTML or PDF and parsed by the
 * portal parser, and one marked `nicht_mehr_da` becomes a DecisionWithdrawn of the decision ingest
 * holds for it. The ingest state remembers each record's checksum only once its event is in the
 * log, so a run that stops anywhere resumes with what is still missing and publishes nothing twice.
 */
export class EntscheidsucheHttpSource implements EventSource<EntscheidsucheItem> {
  readonly name: string;
  /** A record costs two polite requests: what was fetched is published and remembered every 20. */
  readonly batchSize = 20;
  private readonly baseUrl: string;
  private readonly maxConsecutive: number;
  private portalTotal: number | null = null;
  private planned = 0;
  private consecutiveFailures = 0;
  private fetchFailures = 0;
  private unreadSpiders: string[] = [];

  constructor(private readonly options: EntscheidsucheHttpOptions) {
    this.name = options.name ?? 'entscheidsuche';
    this.baseUrl = (options.baseUrl ?? ENTSCHEIDSUCHE_BASE_URL).replace(/\/+$/, '');
    this.maxConsecutive = options.maxConsecutiveFailures ?? 3;
    for (const spider of options.spiders ?? []) {
      if (!SPIDER_NAME.test(spider)) throw new Error(`entscheidsuche: '${spider}' is not a spider name`);
    }
  }

  /** Records this run has found to need work so far (grows as each spider's job file is read). */
  plannedItems(): number {
    return this.planned;
  }

  httpErrors(): number {
    return this.options.http.failedRequests ?? 0;
  }

  /** The count of decisions the job files of this run publish (`gesamt`); null when a spider could not be read. */
  async portalCount(): Promise<number | null> {
    return this.unreadSpiders.length > 0 ? null : this.portalTotal;
  }

  async *items(): AsyncIterable<EntscheidsucheItem> {
    this.planned = 0;
    this.portalTotal = null;
    this.fetchFailures = 0;
    this.consecutiveFailures = 0;
    this.unreadSpiders = [];
    const spiders = this.options.spiders ?? (await this.listSpiders());
    for (const spider of spiders) {
      const jobUrl = this.docsUrl(`Jobs/${spider}/last`);
      let job: JobFile;
      try {
        job = parseJobFile(await this.options.http.getText(jobUrl, 'application/json'), spider);
      } catch (error) {
        if (!(error instanceof HttpFetchError || error instanceof JobFileError)) throw error;
        if (error instanceof HttpFetchError && error.isMissing) {
          this.options.onNote?.(`${spider}: no job file on the portal (${error.status}), nothing to read`);
          continue;
        }
        this.unreadSpiders.push(spider);
        yield { id: `Jobs/${spider}/last`, location: jobUrl, action: 'problem', checksum: null, problem: error.message };
        continue;
      }
      this.portalTotal = (this.portalTotal ?? 0) + job.publishedCount;
      yield* this.spiderItems(job);
    }
    const failures = [
      ...(this.unreadSpiders.length > 0 ? [`the job files of ${this.unreadSpiders.join(', ')} could not be read`] : []),
      ...(this.fetchFailures > 0
        ? [`${this.fetchFailures} record(s) could not be fetched (server errors or timeouts)`]
        : []),
    ];
    // What could be read is published; the run still failed, and the next one fetches the rest.
    if (failures.length > 0) throw new Error(`entscheidsuche: ${failures.join('; ')}`);
  }

  private async *spiderItems(job: JobFile): AsyncIterable<EntscheidsucheItem> {
    const work: EntscheidsucheItem[] = [];
    const skipped = { unknownWithdrawals: 0, unusable: 0 };
    for (let i = 0; i < job.entries.length; i += LOOKUP_BATCH) {
      const slice = job.entries.slice(i, i + LOOKUP_BATCH);
      const known = await this.options.state.get(
        this.name,
        slice.map((e) => e.path),
      );
      for (const entry of slice) {
        const held = known.get(entry.path);
        const action = actionFor(entry, held);
        if (action === 'unknown-withdrawal') skipped.unknownWithdrawals++;
        else if (action === 'unusable') skipped.unusable++;
        else if (action === 'fetch' || action === 'withdraw') {
          work.push({
            id: entry.path,
            location: this.docsUrl(entry.path),
            action,
            checksum: entry.checksum,
            ...(held ? { known: held } : {}),
          });
        }
      }
    }
    this.planned += work.length;
    const note = this.options.onNote;
    if (note) {
      if (skipped.unknownWithdrawals > 0)
        note(`${job.spider}: ${skipped.unknownWithdrawals} record(s) gone from the portal were never held here (nothing to withdraw)`);
      if (skipped.unusable > 0) note(`${job.spider}: ${skipped.unusable} record(s) with a status naming no usable file skipped`);
      if (job.rejected.length > 0)
        note(`${job.spider}: ${job.rejected.length} job-file key(s) outside the spider's folder ignored (${job.rejected.slice(0, 3).join(', ')})`);
    }
    yield* work;
  }

  async records(item: EntscheidsucheItem, scrapedAt: string): Promise<readonly SourceRecord[]> {
    if (item.action === 'problem') throw new SourceItemError(item.id, item.problem ?? 'unreadable');
    if (item.action === 'withdraw') return [this.withdrawal(item, scrapedAt)];
    const decision = await this.fetchDecision(item, scrapedAt);
    const record = decisionRecord(item.id, decision);
    const known = item.known;
    return [
      {
        ...record,
        // Back after a withdrawal with the text it had before: a new event all the same.
        ...(known && isWithdrawnMark(known.sourceChecksum)
          ? { contentHash: sha256(`${record.contentHash}\0restored\0${known.contentHash}`) }
          : {}),
        ...(item.checksum ? { sourceChecksum: item.checksum } : {}),
      },
    ];
  }

  private withdrawal(item: EntscheidsucheItem, scrapedAt: string): SourceRecord {
    const decisionId = item.known!.entityKey;
    return {
      recordId: item.id,
      entityKey: decisionId,
      contentHash: sha256(`DecisionWithdrawn\0${decisionId}\0${item.checksum ?? ''}`),
      sourceChecksum: withdrawnChecksum(item.checksum),
      type: 'DecisionWithdrawn',
      schemaVersion: 1,
      data: {
        decision_id: decisionId,
        withdrawn_at: scrapedAt,
        reason: 'entscheidsuche job file: nicht_mehr_da',
        provenance: { source: this.name, source_item_id: item.id },
      },
    };
  }

  private async fetchDecision(item: EntscheidsucheItem, scrapedAt: string): Promise<NormalisedDecision> {
    const ctx = { itemId: item.id, sourceName: this.name, scrapedAt };
    const text = await this.fetch(item, item.location, (url) => this.options.http.getText(url, 'application/json'));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new SourceItemError(item.id, `JSON: invalid JSON in ${item.id}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const html = declaredFile(json, 'HTML', item.id);
    const pdf = declaredFile(json, 'PDF', item.id);
    let decision: NormalisedDecision;
    if (html) {
      const page = await this.fetch(item, this.docsUrl(html), (url) => this.options.http.getText(url, 'text/html'));
      decision = parseEntscheidsucheItem(json, page, ctx);
    } else if (pdf) {
      const getBytes = this.options.http.getBytes?.bind(this.options.http);
      if (!getBytes) throw new Error('entscheidsuche: the HTTP client cannot fetch PDFs');
      const bytes = await this.fetch(item, this.docsUrl(pdf), (url) => getBytes(url, 'application/pdf'));
      let lines: string[];
      try {
        lines = await pdfTextLines(bytes);
      } catch (error) {
        if (!(error instanceof PdfTextError)) throw error;
        throw new SourceItemError(item.id, `PDF: ${pdf}: ${error.message}`, { cause: error });
      }
      decision = parseEntscheidsuchePdfItem(json, lines, ctx);
    } else {
      throw new SourceItemError(item.id, 'HTML, PDF: the record names neither an HTML nor a PDF file');
    }
    if (!holdsDecision(decision))
      throw new SourceItemError(
        item.id,
        `${html ? 'HTML' : 'PDF'}: ${html ?? pdf} holds no decision (${decision.full_text.length} characters, docket ${decision.docket_number} not named)`,
      );
    return decision;
  }

  /**
   * One request of an item: a missing file is the item's problem; any other failure (server error,
   * timeout, no answer) too, unless several in a row say the portal is gone, which ends the run.
   */
  private async fetch<T>(item: EntscheidsucheItem, url: string, get: (url: string) => Promise<T>): Promise<T> {
    try {
      const result = await get(url);
      this.consecutiveFailures = 0;
      return result;
    } catch (error) {
      if (!(error instanceof HttpFetchError)) throw error;
      if (error.isMissing) throw new SourceItemError(item.id, `${url}: not on the portal (${error.status})`, { cause: error });
      this.fetchFailures++;
      if (++this.consecutiveFailures >= this.maxConsecutive)
        throw new Error(`entscheidsuche: ${this.consecutiveFailures} requests in a row failed, the portal is not answering (last: ${error.message})`, {
          cause: error,
        });
      throw new SourceItemError(item.id, error.message, { cause: error });
    }
  }

  /** Every spider of the portal's court tree (`docs/Facetten_alle.json`), sorted. */
  private async listSpiders(): Promise<string[]> {
    const url = this.docsUrl('Facetten_alle.json');
    const parsed = facetsSchema.safeParse(JSON.parse(await this.options.http.getText(url, 'application/json')));
    if (!parsed.success) throw new Error(`entscheidsuche: ${url} is not the court tree: ${parsed.error.message}`);
    const spiders = new Set<string>();
    for (const canton of Object.values(parsed.data))
      for (const court of Object.values(canton.gerichte))
        for (const chamber of Object.values(court.kammern))
          if (chamber.spider && SPIDER_NAME.test(chamber.spider)) spiders.add(chamber.spider);
    return [...spiders].sort();
  }

  private docsUrl(path: string): string {
    return `${this.baseUrl}/docs/${path.split('/').map(encodeURIComponent).join('/')}`;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `HTML.Datei` / `PDF.Datei` of a record: a path under `docs/` (a path leaving it is the item's error). */
function declaredFile(json: unknown, field: 'HTML' | 'PDF', itemId: string): string | null {
  const ref = typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[field] : undefined;
  const name = typeof ref === 'object' && ref !== null ? (ref as { Datei?: unknown }).Datei : undefined;
  if (typeof name !== 'string' || name.trim() === '') return null;
  const path = name.trim();
  const segments = path.split('/');
  if (path.startsWith('/') || path.includes('\\') || path.includes(':') || segments.some((s) => s === '' || s === '.' || s === '..'))
    throw new SourceItemError(itemId, `${field}.Datei: '${path}' is not a file under docs/`);
  return path;
}

const compact = (text: string) => text.toLowerCase().replace(/[\s_./\\-]+/g, '');

/** A decision's text is long, or at least names its docket; an error or maintenance page does neither. */
function holdsDecision(decision: NormalisedDecision): boolean {
  if (decision.full_text.length >= MIN_UNNAMED_TEXT) return true;
  return compact(decision.full_text).includes(compact(decision.docket_number));
}
