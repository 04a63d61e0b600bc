/** The one command a new user runs: the embedded process starts, serves, and restarts warm. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Proc, freePort, startDeployable } from './support/processes.ts';

async function start(dataDir: string, port: number): Promise<Proc> {
  const server = startDeployable('embedded', 'infra/deploy/embedded.main.ts', [], {
    DATA_DIR: dataDir,
    PORT: String(port),
    SAMPLE_SIZE: '250',
    LOG_LEVEL: 'warn',
  });
  await server.waitForOutput(/serving on/);
  return server;
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
    expect(await first.stop()).toMatchObject({ code: 0 });

    const second = await start(dataDir, port);
    expect(second.output()).toMatch(/reusing 250 ingested sample decisions/);
    const docs = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.0.3');
    expect(await second.stop()).toMatchObject({ code: 0 });
  }, 240_000);
});
