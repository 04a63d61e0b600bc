import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { HEADING_MARK } from './document.ts';

/** The entscheidsuche.ch open-data layout: files, JSON records and job files. */

export const PORTAL_BASE_URL = 'https://entscheidsuche.ch/docs';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** One `div.para` per paragraph inside `div.content`, as on the Federal Supreme Court's site. */
export function renderHtml(title: string, lang: string, paragraphs: readonly string[]): string {
  const body = paragraphs
    .map((p) =>
      p.startsWith(HEADING_MARK)
        ? `<div class="para"><b>${escapeHtml(p.slice(1))}</b></div>`
        : `<div class="para">${escapeHtml(p)}</div>`,
    )
    .join('\n');
  return `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><div class="content">\n${body}\n</div></body></html>\n`;
}

/** File base name: signature, underscore, docket with slashes and spaces replaced by hyphens. */
export function fileBase(signature: string, docket: string): string {
  return `${signature}_${docket.trim().replace(/[\s/\\]+/g, '-')}`;
}

export interface PortalEntry {
  readonly Sprachen: string[];
  readonly Text: string;
}

export interface PortalRecord {
  readonly Signatur: string;
  readonly Spider: string;
  readonly Sprache: string;
  readonly Datum: string;
  readonly HTML: { readonly Datei: string; readonly URL: string; readonly Checksum: string };
  readonly Scrapedate: string;
  readonly Num: string[];
  readonly Kopfzeile: PortalEntry[];
  readonly Meta: PortalEntry[];
  readonly Abstract: PortalEntry[];
}

/** The JSON text with its `Checksum` (sha256 of the record without it), fields in portal order. */
export function portalJson(record: PortalRecord): { text: string; checksum: string } {
  const withoutChecksum = JSON.stringify(record);
  const checksum = sha256(withoutChecksum);
  return { text: JSON.stringify({ ...record, Checksum: checksum }), checksum };
}

/**
 * Streams one job file per spider (`docs/Jobs/{Spider}/last`): every written file with its
 * checksum and status `neu`, then per-signature and total counts, without keeping the list.
 */
export class JobFiles {
  private readonly streams = new Map<
    string,
    { stream: WriteStream; first: boolean; signatures: Map<string, number>; total: number }
  >();

  constructor(
    private readonly docsDir: string,
    private readonly job: string,
    private readonly time: string,
  ) {}

  async add(
    spider: string,
    signature: string,
    files: readonly { path: string; checksum: string; scrapedate: string }[],
  ): Promise<void> {
    let entry = this.streams.get(spider);
    if (!entry) {
      const dir = join(this.docsDir, 'Jobs', spider);
      await mkdir(dir, { recursive: true });
      const stream = createWriteStream(join(dir, 'last'), { encoding: 'utf8' });
      stream.write(
        `{"spider":${JSON.stringify(spider)},"job":${JSON.stringify(this.job)},"jobtyp":"neu","time":${JSON.stringify(this.time)},"dateien":{`,
      );
      entry = { stream, first: true, signatures: new Map(), total: 0 };
      this.streams.set(spider, entry);
    }
    let chunk = '';
    for (const f of files) {
      chunk += `${entry.first ? '' : ','}${JSON.stringify(f.path)}:${JSON.stringify({ checksum: f.checksum, status: 'neu', scrapedate: f.scrapedate })}`;
      entry.first = false;
    }
    entry.signatures.set(signature, (entry.signatures.get(signature) ?? 0) + 1);
    entry.total++;
    if (!entry.stream.write(chunk)) await once(entry.stream, 'drain');
  }

  /** Closes every job file; returns how many were written. */
  async close(): Promise<number> {
    for (const entry of this.streams.values()) {
      const signaturen = Object.fromEntries(
        [...entry.signatures.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([s, n]) => [s, { gesamt: n, aktuell_neu: n }]),
      );
      entry.stream.end(
        `},"signaturen":${JSON.stringify(signaturen)},"gesamt":${JSON.stringify({ gesamt: entry.total, aktuell_neu: entry.total })}}\n`,
      );
      await once(entry.stream, 'finish');
    }
    return this.streams.size;
  }
}

/** Runs at most `limit` writes at a time. */
export class WritePool {
  private readonly running = new Set<Promise<void>>();
  private failure: Error | null = null;

  constructor(private readonly limit: number) {}

  async run(task: () => Promise<void>): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.running.size >= this.limit) await Promise.race(this.running);
    const p: Promise<void> = task()
      .catch((error: unknown) => {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure) throw this.failure;
  }
}
