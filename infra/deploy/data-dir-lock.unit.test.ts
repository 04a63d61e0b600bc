import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock.ts';

function startChild(script: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

/** A pid that certainly ran and no longer does: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = await startChild('');
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const lockOf = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number };

describe('data folder lock', () => {
  let dir = '';
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lock-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the lock file with this pid (and the folder), and release removes it', () => {
    const folder = join(dir, 'data');
    const lock = acquireDataDirLock(folder);
    expect(lock.path).toBe(join(folder, LOCK_FILE));
    expect(lockOf(folder).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lock.release();
    // Free again: the next process (here: the same one) takes it.
    acquireDataDirLock(folder).release();
  });

  it('refuses a folder held by a running process, naming the pid and the folder', async () => {
    const owner = await startChild('setTimeout(() => {}, 120000)');
    children.push(owner);
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: owner.pid, started_at: '2026-05-01T08:00:00.000Z', command: 'embedded.main.ts' }),
    );
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as DataDirLockedError).pid).toBe(owner.pid);
    const message = (error as Error).message;
    expect(message).toContain(`process ${owner.pid!}`);
    expect(message).toContain(dir);
    expect(message).toContain('stop that process first');
    expect(lockOf(dir).pid).toBe(owner.pid);
  });

  it('refuses a second open of a folder this process holds', () => {
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/);
    lock.release();
  });

  it('takes over the lock of a process that no longer runs, and of an unreadable lock file', async () => {
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: await deadPid() }));
    const lock = acquireDataDirLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    lock.release();

    writeFileSync(join(dir, LOCK_FILE), 'half-writ');
    const again = acquireDataDirLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    again.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('leaves a lock another process took over in place on release', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid + 1 }));
    lock.release();
    expect(lockOf(dir).pid).toBe(process.pid + 1);
  });
});
