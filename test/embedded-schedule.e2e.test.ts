/**
 * `npm start` with SCHEDULE: the embedded process runs the named source on its cron expression
 * (here a local portal) next to serving, /scraper-health shows the runs and the schedule, SIGTERM
 * exits cleanly; a bad SCHEDULE stops start-up naming it.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeHttp } from './support/fake-http.ts';
import { freePort, startDeployable, waitFor } from './support/processes.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'fixtures/onlinekommentar', name), 'utf8');
const ID = 'd8b6a7c6-3b4e-4b0e-9f7e-4f1a2b3c4d0';

describe('embedded mode with SCHEDULE', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('a bad SCHEDULE stops start-up naming it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-sched-bad-'));
    dirs.push(dataDir);
    const proc = startDeployable('embedded-bad', 'infra/deploy/embedded.main.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SCHEDULE: 'fedlex=0 3 * * *;portal=0 4 * * *',
    });
    expect((await proc.exited).code).toBe(1);
    expect(proc.output()).toMatch(/SCHEDULE: unknown source 'portal'/);
  }, 120_000);

  it('runs the scheduled source while serving and reports it in /scraper-health', async () => {
    const server = await startFakeHttp((req, res) => {
      const url = new URL(req.path, 'http://x');
      const bodies: Record<string, string> = {
        '/api/commentaries':
          url.searchParams.get('page') === '2' ? fixture('listing-de-2.json') : fixture('listing-de-1.json'),
        [`/api/commentaries/${ID}1`]: fixture('detail-or41.json'),
        [`/api/commentaries/${ID}2`]: fixture('detail-bv8.json'),
      };
      const body = bodies[url.pathname];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(body ?? '{"message":"Not Found"}');
    });
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-sched-'));
    dirs.push(dataDir);
    const port = await freePort();
    const proc = startDeployable('embedded-scheduled', 'infra/deploy/embedded.main.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(port),
      INGEST_ON_START: 'never',
      LOG_LEVEL: 'warn',
      SCHEDULE: 'onlinekommentar=*/3 * * * * *',
      SCHEDULE_TIMEZONE: 'UTC',
      SCHEDULE_JITTER_MS: '0',
      ONLINEKOMMENTAR_BASE_URL: `${server.url}/api`,
      STATUTE_LANGUAGES: 'de',
      HTTP_MIN_INTERVAL_MS: '1',
    });
    try {
      await proc.waitForOutput(/serving on/).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${proc.tail()}`);
      });
      expect(proc.output()).toMatch(/scheduled: onlinekommentar, next run \S+ \(UTC\)/);
      type Health = { sources: { source: string; [k: string]: unknown }[] };
      const health = await waitFor(
        'a scheduled run in /scraper-health',
        async () => (await (await fetch(`http://127.0.0.1:${port}/scraper-health`)).json()) as Health,
        (h) => h.sources.some((s) => s.source === 'onlinekommentar' && s['success'] === true),
        90_000,
        500,
      );
      expect(health.sources.find((s) => s.source === 'onlinekommentar')).toMatchObject({
        never_run: false,
        scheduled: true,
        schedule: '*/3 * * * * *',
        schedule_timezone: 'UTC',
        http_errors: expect.any(Number),
        consecutive_failures: 0,
        stale: false,
      });
      expect(await proc.stop('SIGTERM', 30_000)).toMatchObject({ code: 0 });
    } finally {
      if (proc.alive()) await proc.stop('SIGKILL').catch(() => {});
      await server.close();
    }
  }, 240_000);
});
