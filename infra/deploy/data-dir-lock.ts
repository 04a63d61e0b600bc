/**
 * One process at a time per embedded data folder: PGlite keeps the database in files that two
 * processes writing at once would corrupt. The lock is `DATA_DIR/.lock`, created exclusively and
 * holding the owner's pid; a lock whose process no longer runs (killed, machine restarted) is
 * taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = '.lock';

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dir: string,
    readonly pid: number,
    message: string,
  ) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The lock file. */
  readonly path: string;
  /** Removes the lock file (once; later calls do nothing). */
  release(): void;
}

interface LockContent {
  readonly pid: number;
  readonly started_at?: string;
  readonly command?: string;
}

/** Whether a process with this pid runs (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | null {
  try {
    const content = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number' && Number.isInteger(content.pid) && content.pid > 0
      ? (content as LockContent)
      : null;
  } catch {
    return null;
  }
}

/** Folders this process holds: a second open of one of them in the same process is refused too. */
const held = new Set<string>();

/**
 * Takes the lock of `dir` (created when missing) for this process, or throws DataDirLockedError
 * naming the process that holds it. The lock is also removed when the process exits.
 */
export function acquireDataDirLock(
  dir: string,
  options: { readonly isAlive?: (pid: number) => boolean } = {},
): DataDirLock {
  const folder = resolve(dir);
  const path = join(folder, LOCK_FILE);
  const isAlive = options.isAlive ?? processAlive;
  if (held.has(folder))
    throw new DataDirLockedError(folder, process.pid, `${folder} is already open in this process`);
  mkdirSync(folder, { recursive: true });
  const content: LockContent = {
    pid: process.pid,
    started_at: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${JSON.stringify(content)}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLock(path);
      // Our own pid in a lock we do not hold: a previous life of this container, restarted.
      if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
        const since = owner.started_at ? ` since ${owner.started_at}` : '';
        const command = owner.command ? ` (${owner.command})` : '';
        throw new DataDirLockedError(
          folder,
          owner.pid,
          `the data folder ${folder} is in use by process ${owner.pid}${since}${command}. ` +
            `One process at a time can open the embedded database: stop that process first, ` +
            `or set DATA_DIR to another folder. (If no such process runs, delete ${path}.)`,
        );
      }
      // A stale or unreadable lock: remove it and try again (another starter may win the race).
      if (attempt >= 2) throw error;
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  held.add(folder);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(folder);
    process.off('exit', release);
    // Only our own lock: a folder whose lock was taken over since is not ours to unlock.
    if (readLock(path)?.pid !== process.pid) return;
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  process.on('exit', release);
  return { path, release };
}
