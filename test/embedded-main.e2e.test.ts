/**
 * The one command a new user runs: the embedded process starts, serves, keeps its data folder to
 * itself, and restarts warm.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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

  it('first start ingests and serves; a second process on the folder refuses; a restart reuses it; SIGTERM exits cleanly', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'e2e-main-'));
    const port = await freePort();
    const first = await start(dataDir, port);
    expect(first.output()).toMatch(/sample corpus \(250 decisions/);
    expect(first.output()).toMatch(/^ {2}projecting events: 0 of \d+ \(0%\)$/m);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    // Not a terminal: progress comes as plain lines, never redrawn in place.
    expect(first.output()).not.toContain('\r');

    // The data folder belongs to the running process: a second start and the admin command refuse.
    const pid = String(first.child.pid);
    const second = startDeployable('embedded-2', 'infra/deploy/embedded.main.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    });
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(`the data folder ${dataDir} is in use by process ${pid}`);
    const admin = startDeployable('admin', 'projector/admin.main.ts', ['status'], { DATA_DIR: dataDir });
    expect((await admin.exited).code).toBe(1);
    expect(admin.output()).toContain(`is in use by process ${pid}`);

    const res = await fetch(`http://127.0.0.1:${port}/decisions?limit=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(((await res.json()) as { total: number }).total).toBe(250);
    expect(await first.stop()).toMatchObject({ code: 0 });

    expect(existsSync(join(dataDir, '.lock'))).toBe(false);

    const restarted = await start(dataDir, port);
    expect(restarted.output()).toMatch(/reusing 250 ingested sample decisions/);
    const docs = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.0.3');
    const research = await fetch(`http://127.0.0.1:${port}/research/openapi.json`);
    expect(((await research.json()) as { paths: object }).paths).toHaveProperty('/cite');

    // An AI assistant through the SDK's own MCP client: the tool gives the route's answer.
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('search_decisions');
    const tool = await client.callTool({ name: 'search_decisions', arguments: { limit: 2 } });
    const route = await fetch(`http://127.0.0.1:${port}/decisions?limit=2`);
    expect(tool.structuredContent).toEqual(await route.json());
    await client.close();
    expect(await restarted.stop()).toMatchObject({ code: 0 });
  }, 240_000);

  it('a first start interrupted with Ctrl-C stops cleanly, and the next start serves the whole sample', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'e2e-main-interrupted-'));
    try {
      const port = await freePort();
      const env = { DATA_DIR: folder, PORT: String(port), SAMPLE_SIZE: '600', LOG_LEVEL: 'warn' };
      const first = startDeployable('embedded', 'infra/deploy/embedded.main.ts', [], env);
      await first.waitForOutput(/^ {2}ingest: \d+ of 600/m);
      first.child.kill('SIGINT');
      expect((await first.exited).code).toBe(0);
      expect(first.output()).toContain('SIGINT: stopping after the current step');
      expect(first.output()).toContain('stopped before serving; the next start carries on from here');
      expect(first.output()).not.toMatch(/serving on/);
      expect(existsSync(join(folder, '.lock'))).toBe(false);

      const again = startDeployable('embedded', 'infra/deploy/embedded.main.ts', [], env);
      await again.waitForOutput(/serving on/);
      // Usually stopped during the ingest; on a fast machine perhaps only while projecting.
      expect(again.output()).toMatch(
        /resuming the sample load: \d+ of 600 held|reusing 600 ingested sample decisions/,
      );
      const res = await fetch(`http://127.0.0.1:${port}/decisions?limit=1`);
      expect(((await res.json()) as { total: number }).total).toBe(600);
      expect(await again.stop()).toMatchObject({ code: 0 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 300_000);
});
