import { opendir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { NormalisedDecision } from '../../../contracts/events/index.ts';
import { type DecisionSource, type RawItem, SourceItemError } from '../../source.port.ts';
import { entscheidsucheJobSchema } from './entscheidsuche.schema.ts';
import { parseEntscheidsucheItem } from './entscheidsuche.parser.ts';

export interface EntscheidsucheDirectoryOptions {
  /** Folder that holds `docs/` (the portal's open-data layout). */
  readonly root: string;
  /** Source name in provenance and health events. */
  readonly name?: string;
}

/** Folders under `docs/` that are not spiders. */
const NOT_SPIDERS = new Set(['Jobs', 'Index', 'Sitemaps']);

async function sortedEntries(
  dir: string,
  wanted: (name: string, isDir: boolean) => boolean,
): Promise<string[]> {
  const names: string[] = [];
  const handle = await opendir(dir);
  for await (const entry of handle) {
    if (wanted(entry.name, entry.isDirectory())) names.push(entry.name);
  }
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * A local copy of entscheidsuche.ch open data: `{root}/docs/{Spider}/{name}.json` plus the HTML
 * named in the record (`HTML.Datei`, relative to `docs/`) or beside it with the same base name.
 */
export class EntscheidsucheDirectorySource implements DecisionSource {
  readonly name: string;
  private readonly docs: string;

  constructor(options: EntscheidsucheDirectoryOptions) {
    this.name = options.name ?? 'entscheidsuche';
    this.docs = resolve(options.root, 'docs');
  }

  /** Every `docs/{Spider}/*.json` (Jobs and other non-spider folders skipped), in sorted order, one at a time. */
  async *items(): AsyncIterable<RawItem> {
    let spiders: string[];
    try {
      spiders = await sortedEntries(
        this.docs,
        (name, isDir) => isDir && !NOT_SPIDERS.has(name) && !name.startsWith('.'),
      );
    } catch (error) {
      if (isMissing(error))
        throw new Error(`entscheidsuche source: no docs folder at ${this.docs}`, { cause: error });
      throw error;
    }
    for (const spider of spiders) {
      const dir = join(this.docs, spider);
      const files = await sortedEntries(dir, (name, isDir) => !isDir && name.endsWith('.json'));
      for (const file of files) yield { id: `${spider}/${file}`, location: join(dir, file) };
    }
  }

  /** Reads the JSON record and its HTML; unreadable, invalid or incomplete items become SourceItemError. */
  async parse(item: RawItem, scrapedAt: string): Promise<NormalisedDecision> {
    let text: string;
    try {
      text = await readFile(item.location, 'utf8');
    } catch (error) {
      throw new SourceItemError(item.id, `JSON: cannot read ${item.location}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new SourceItemError(item.id, `JSON: invalid JSON in ${item.id}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const html = await this.readHtml(item, json);
    return parseEntscheidsucheItem(json, html, { itemId: item.id, sourceName: this.name, scrapedAt });
  }

  /** Number of decisions (JSON files) the job files list with a status other than `nicht_mehr_da`; null without job files. */
  async portalCount(): Promise<number | null> {
    const jobs = join(this.docs, 'Jobs');
    let spiders: string[];
    try {
      spiders = await sortedEntries(jobs, (_name, isDir) => isDir);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    let count = 0;
    let found = false;
    for (const spider of spiders) {
      const file = join(jobs, spider, 'last');
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      const job = entscheidsucheJobSchema.safeParse(JSON.parse(text));
      if (!job.success) throw new Error(`entscheidsuche job file ${file} is malformed: ${job.error.message}`);
      found = true;
      for (const [path, entry] of Object.entries(job.data.dateien)) {
        if (path.endsWith('.json') && entry.status !== 'nicht_mehr_da') count++;
      }
    }
    return found ? count : null;
  }

  private async readHtml(item: RawItem, json: unknown): Promise<string | null> {
    const declared =
      typeof json === 'object' && json !== null
        ? (json as { HTML?: { Datei?: unknown } }).HTML?.Datei
        : undefined;
    const candidates: string[] = [];
    if (typeof declared === 'string' && declared.trim()) {
      const name = declared.trim();
      candidates.push(name.includes('/') ? resolve(this.docs, name) : resolve(dirname(item.location), name));
    }
    candidates.push(join(dirname(item.location), `${basename(item.location, '.json')}.html`));
    for (const path of candidates) {
      const inside = relative(this.docs, path);
      if (inside.startsWith(`..${sep}`) || inside === '..' || resolve(path) !== path) {
        throw new SourceItemError(
          item.id,
          `HTML.Datei: '${String(declared)}' points outside the docs folder`,
        );
      }
      try {
        return await readFile(path, 'utf8');
      } catch (error) {
        if (isMissing(error)) continue;
        throw new SourceItemError(item.id, `HTML: cannot read ${path}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    return null;
  }
}
