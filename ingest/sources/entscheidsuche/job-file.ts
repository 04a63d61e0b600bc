/**
 * The per-spider job file of entscheidsuche.ch (`docs/Jobs/{Spider}/last`, the newest
 * `Job_{time}_{job}.json` the portal's scraper wrote): `spider`, `job`, `jobtyp` (`komplett`,
 * `update`, `neu`, `unvollständig`), `time`, and `dateien`, every file the spider holds keyed by its
 * path under `docs/` (`CH_BGer/CH_BGer_005_5A-459-2025_2025-06-17.json`) with `checksum` (md5 of the
 * file), `status` and, for files carried over from an earlier run, `quelle`; then per-signature and
 * total counts (`signaturen`, `gesamt`). A decision is its `.json` file; the `.html` / `.pdf` beside
 * it are named in the record, and a changed text changes the record's checksum too (the record
 * holds the text file's checksum).
 */
import { z } from 'zod';

/** Statuses of a file the spider still holds (`…_wieder_da`: back after having gone). */
const PRESENT = new Set(['neu', 'update', 'identisch', 'identisch_wieder_da', 'anders_wieder_da']);
export const WITHDRAWN_STATUS = 'nicht_mehr_da';

const jobFileSchema = z.object({
  spider: z.string().optional(),
  job: z.union([z.string(), z.number()]).nullish(),
  jobtyp: z.string().nullish(),
  time: z.string().nullish(),
  // Absent in the portal's answer for a spider that never ran: `{"spider": …, "job": "nojob"}`.
  // Entries are checked one by one below: a schema over hundreds of thousands of them costs seconds.
  dateien: z.record(z.string(), z.unknown()).optional(),
  gesamt: z.object({ gesamt: z.number().int().nonnegative().optional() }).loose().nullish(),
});

/** One decision record (`.json`) of a job file. */
export interface JobEntry {
  /** Path under `docs/`, spider folder first: also the item id in the ingest state. */
  readonly path: string;
  /** `present` (neu, update, identisch, …_wieder_da), `withdrawn` (nicht_mehr_da) or `other` (kaputt, unknown). */
  readonly state: 'present' | 'withdrawn' | 'other';
  readonly status: string;
  readonly checksum: string | null;
}

export interface JobFile {
  readonly spider: string;
  readonly job: string | null;
  readonly jobType: string | null;
  readonly time: string | null;
  /** The decision records, sorted by path (a resumed run meets them in the same order). */
  readonly entries: readonly JobEntry[];
  /** Decisions the spider holds as the portal counts them (`gesamt.gesamt`, else the records present). */
  readonly publishedCount: number;
  /** Keys that are not a record of this spider (another folder, `..`, not a `.json` name), kept for the report. */
  readonly rejected: readonly string[];
}

export class JobFileError extends Error {
  readonly code = 'INGEST_JOB_FILE_INVALID';
}

/** A file name inside the spider's folder: no further folders, no `..`, no control characters. */
const SAFE_NAME = /^[^/\\\p{Cc}]+\.json$/u;

/**
 * Reads a job file's text. Keys are taken with or without the spider folder; anything that would
 * name a file outside the spider's folder is rejected (listed in `rejected`), never fetched.
 */
export function parseJobFile(text: string, spider: string): JobFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new JobFileError(`job file of ${spider} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = jobFileSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ');
    throw new JobFileError(`job file of ${spider} is malformed: ${detail}`, { cause: parsed.error });
  }
  if (parsed.data.spider !== undefined && parsed.data.spider !== spider)
    throw new JobFileError(`job file of ${spider} names spider '${parsed.data.spider}'`);
  if (!parsed.data.dateien && parsed.data.job !== 'nojob')
    throw new JobFileError(`job file of ${spider} is malformed: dateien: missing`);
  const entries: JobEntry[] = [];
  const rejected: string[] = [];
  for (const [key, value] of Object.entries(parsed.data.dateien ?? {})) {
    // The text files are named by their record.
    if (/\.(html|pdf)$/i.test(key)) continue;
    if (!key.endsWith('.json')) {
      rejected.push(key);
      continue;
    }
    const name = key.startsWith(`${spider}/`) ? key.slice(spider.length + 1) : key;
    if (!SAFE_NAME.test(name) || name === '.json' || name.startsWith('..')) {
      rejected.push(key);
      continue;
    }
    const file = fileEntry(value);
    if (!file) {
      rejected.push(key);
      continue;
    }
    const status = file.status;
    entries.push({
      path: `${spider}/${name}`,
      state: PRESENT.has(status) ? 'present' : status === WITHDRAWN_STATUS ? 'withdrawn' : 'other',
      status,
      checksum: file.checksum?.trim() || null,
    });
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    spider,
    job: parsed.data.job == null ? null : String(parsed.data.job),
    jobType: parsed.data.jobtyp ?? null,
    time: parsed.data.time ?? null,
    entries,
    publishedCount: parsed.data.gesamt?.gesamt ?? entries.filter((e) => e.state === 'present').length,
    rejected,
  };
}

/** `{status, checksum}` of one file, or null when the entry is not an object of strings. */
function fileEntry(value: unknown): { status: string; checksum: string | null } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { status, checksum } = value as { status?: unknown; checksum?: unknown };
  if ((status !== undefined && typeof status !== 'string') || (checksum != null && typeof checksum !== 'string'))
    return null;
  return { status: (status ?? '').trim(), checksum: checksum ?? null };
}

/** What ingest remembers of a record: its portal checksum, and whether it was withdrawn. */
export interface KnownRecord {
  readonly sourceChecksum?: string | null;
}

/** The remembered checksum of a withdrawn record: the file's last checksum behind this mark. */
export const withdrawnChecksum = (checksum: string | null): string => `${WITHDRAWN_STATUS}:${checksum ?? ''}`;

export const isWithdrawnMark = (sourceChecksum: string | null | undefined): boolean =>
  sourceChecksum?.startsWith(`${WITHDRAWN_STATUS}:`) === true;

export type JobAction =
  /** Fetch the record and its text, publish what changed. */
  | 'fetch'
  /** Publish a withdrawal of the decision ingest holds for this record. */
  | 'withdraw'
  /** Nothing to do: the record is as ingest last read it (or already withdrawn). */
  | 'unchanged'
  /** Gone from the portal, but ingest never held it: nothing to withdraw. */
  | 'unknown-withdrawal'
  /** A status that names no usable file (`kaputt`, or one this reader does not know). */
  | 'unusable';

/**
 * The decision for one entry. The checksum decides, the status only tells present from gone: a
 * record ingest never read is fetched whatever its status (a first run over a quiet night's job
 * file lists everything as `identisch`), one it read with the same checksum is not.
 */
export function actionFor(entry: JobEntry, known: KnownRecord | undefined): JobAction {
  if (entry.state === 'other') return 'unusable';
  if (entry.state === 'withdrawn') {
    if (!known) return 'unknown-withdrawal';
    return isWithdrawnMark(known.sourceChecksum) ? 'unchanged' : 'withdraw';
  }
  if (!known || isWithdrawnMark(known.sourceChecksum)) return 'fetch';
  if (entry.checksum === null) return entry.status === 'identisch' ? 'unchanged' : 'fetch';
  return known.sourceChecksum === entry.checksum ? 'unchanged' : 'fetch';
}
