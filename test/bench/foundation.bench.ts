/**
 * Foundation benchmark (prints figures, asserts nothing):
 *  - first start to serving with the default sample (fresh data folder),
 *  - warm restart (same data folder),
 *  - GET /decisions p50/p95 at 4 concurrent clients for five query kinds.
 * Usage: npm run bench [-- --size 3000 --requests 100]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Proc, startDeployable } from '../support/processes.ts';
import { printSearchLatency } from './http-load.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '3000' },
    requests: { type: 'string', default: '100' },
    port: { type: 'string', default: '18931' },
  },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

async function start(dataDir: string): Promise<{ server: Proc; seconds: number }> {
  const t = performance.now();
  const server = startDeployable('embedded', 'infra/deploy/embedded.main.ts', [], {
    DATA_DIR: dataDir,
    PORT: String(port),
    SAMPLE_SIZE: values.size,
    LOG_LEVEL: 'warn',
  });
  await server.waitForOutput(/serving on/);
  return { server, seconds: (performance.now() - t) / 1000 };
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-embedded-'));
try {
  const first = await start(dataDir);
  console.log(`first start to serving (${values.size} decisions): ${first.seconds.toFixed(1)} s`);
  await first.server.stop();
  const warm = await start(dataDir);
  console.log(`warm restart to serving: ${warm.seconds.toFixed(1)} s`);

  const requests = Number(values.requests);
  console.log(`\nGET /decisions, 4 concurrent clients, ${requests * 4} requests per kind:`);
  await printSearchLatency(base, 4, requests);
  await warm.server.stop();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
