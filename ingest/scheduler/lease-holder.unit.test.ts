import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MemoryLeases } from '../../test/support/memory-leases.ts';
import { acquireLease, localHolder, localHolderPid } from './lease-holder.ts';

const host = hostname();

describe('lease holders of this host', () => {
  it.each([
    [`ingest:${host}:4242`, 4242],
    [`scheduler:${host}:17`, 17],
    [`ingest:elsewhere-${host}:4242`, null],
    [`${host}:4242:ab12cd34`, null],
    ['ingest:4242', null],
    ['', null],
  ])('%s names pid %s', (holder, pid) => {
    expect(localHolderPid(holder)).toBe(pid);
  });

  it('names this process', () => {
    expect(localHolderPid(localHolder('ingest'))).toBe(process.pid);
  });
});

describe('acquireLease', () => {
  const TTL = 60_000;

  it('takes a free lease', async () => {
    const leases = new MemoryLeases();
    expect(await acquireLease(leases, 'src', 'ingest:me:1', TTL, () => true)).not.toBeNull();
    expect(await leases.holderOf('src')).toBe('ingest:me:1');
  });

  it('takes over the lease of a process of this host that is gone', async () => {
    const leases = new MemoryLeases();
    await leases.acquire('src', `ingest:${host}:999`, TTL);
    const taken = await acquireLease(leases, 'src', `ingest:${host}:1000`, TTL, (pid) => pid !== 999);
    expect(taken).not.toBeNull();
    expect(await leases.holderOf('src')).toBe(`ingest:${host}:1000`);
  });

  it('leaves the lease of a live process, and of another host, alone', async () => {
    const leases = new MemoryLeases();
    await leases.acquire('a', `ingest:${host}:999`, TTL);
    await leases.acquire('b', 'ingest:another-host:999', TTL);
    expect(await acquireLease(leases, 'a', `ingest:${host}:1000`, TTL, () => true)).toBeNull();
    expect(await acquireLease(leases, 'b', `ingest:${host}:1000`, TTL, () => false)).toBeNull();
    expect(await leases.holderOf('a')).toBe(`ingest:${host}:999`);
    expect(await leases.holderOf('b')).toBe('ingest:another-host:999');
  });
});
