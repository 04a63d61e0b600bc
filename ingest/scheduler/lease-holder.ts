import { hostname } from 'node:os';
import type { BackoffState, SourceLeaseStore } from '../../infra/scheduler/source-lease.port.ts';

/** A lease holder name of a process on this host: `{role}:{host}:{pid}`. */
export function localHolder(role: string): string {
  return `${role}:${hostname()}:${process.pid}`;
}

/** The pid of a holder named by {@link localHolder} on this host; null for any other holder. */
export function localHolderPid(holder: string): number | null {
  const match = /^[a-z]+:(.+):(\d+)$/.exec(holder);
  if (!match || match[1] !== hostname()) return null;
  return Number(match[2]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lease; when a process of this host holds it and is gone (killed, crashed), the lease
 * is freed first instead of waiting for it to expire, so a restart after a crash starts at once.
 * Null when a live holder has it.
 */
export async function acquireLease(
  leases: SourceLeaseStore,
  key: string,
  holder: string,
  ttlMs: number,
  alive: (pid: number) => boolean = isAlive,
): Promise<BackoffState | null> {
  const taken = await leases.acquire(key, holder, ttlMs);
  if (taken) return taken;
  const current = await leases.holderOf(key);
  const pid = current === null ? null : localHolderPid(current);
  if (current === null || pid === null || alive(pid)) return null;
  await leases.release(key, current, null);
  return leases.acquire(key, holder, ttlMs);
}
