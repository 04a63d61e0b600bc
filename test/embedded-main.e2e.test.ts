/** The one command a new user runs: the embedded process starts, serves, and restarts warm. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function start(dataDir: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/deploy/embedded.main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SAMPLE_SIZE: '250', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let buffer = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('serving on')) resolve({ child, output: () => buffer });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${buffer}`)));
  });
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return exited;
}

describe('embedded main process', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('first start ingests and serves; a restart reuses the data folder; SIGTERM exits cleanly', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'e2e-main-'));
    const port = await freePort();
    const first = await start(dataDir, port);
    expect(first.output()).toMatch(/generating the sample corpus \(250 decisions/);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    const res = await fetch(`http://127.0.0.1:${port}/decisions?limit=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(((await res.json()) as { total: number }).total).toBe(250);
    expect(await stop(first.child)).toBe(0);

    const second = await start(dataDir, port);
    expect(second.output()).toMatch(/reusing 250 ingested sample decisions/);
    const docs = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.0.3');
    expect(await stop(second.child)).toBe(0);
  }, 240_000);
});
