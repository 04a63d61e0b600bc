/**
 * Teaching and drafting benchmark (prints figures, asserts nothing): `/exam-question` and
 * `/mock-decision` (GET form; POST answers the same) p50/p95 at 4 concurrent clients over the
 * embedded deployable with the default sample, deterministic (no language model).
 * Usage: npx tsx test/bench/teaching.bench.ts [-- --size 1000 --requests 25]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDeployable } from '../support/processes.ts';
import { MOCK_FACTS as FACTS, runLoad } from './http-load.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '25' },
    port: { type: 'string', default: '18937' },
  },
});
const base = `http://127.0.0.1:${values.port}`;
const enc = encodeURIComponent;

const workloads: Record<string, string[]> = {
  'GET /exam-question': ['Eigenbedarf', 'Kündigung', 'Arbeitsvertrag', 'Erstreckung', 'résiliation'].map(
    (t) => `${base}/exam-question?topic=${enc(t)}`,
  ),
  'GET /mock-decision (facts only)': FACTS.map((f) => `${base}/mock-decision?facts=${enc(f)}`),
  'GET /mock-decision (statutes, limit 8)': FACTS.map(
    (f, i) =>
      `${base}/mock-decision?facts=${enc(f)}&preferred_language=${i === 1 ? 'fr' : 'de'}&statute_references=${enc(
        JSON.stringify([{ law: i === 2 ? 'OR' : 'CO', article: i === 2 ? '337' : '271' }]),
      )}`,
  ),
};

const dataDir = await mkdtemp(join(tmpdir(), 'bench-teaching-'));
try {
  const server = startDeployable('embedded', 'infra/deploy/embedded.main.ts', [], {
    DATA_DIR: dataDir,
    PORT: values.port,
    SAMPLE_SIZE: values.size,
    LOG_LEVEL: 'warn',
  });
  await server.waitForOutput(/serving on/);
  const requests = Number(values.requests);
  console.log(`${values.size} sample decisions, 4 concurrent clients, ${requests * 4} requests per route:`);
  for (const [name, urls] of Object.entries(workloads)) {
    // Warm-up, and the status of each URL (a topic without a usable leading decision is a 404).
    const statuses = await Promise.all(urls.map(async (u) => (await fetch(u)).status));
    const misses = urls
      .map((u, i) => ({ u, status: statuses[i] }))
      .filter((x) => x.status !== 200)
      .map((x) => `${decodeURIComponent(x.u.slice(base.length))}: ${x.status}`);
    if (misses.length > 0) console.log(`  not 200: ${misses.join('; ')}`);
    const r = await runLoad(urls, 4, requests);
    console.log(
      `${name.padEnd(40)} p50 ${r.p50.toFixed(0)} ms  p95 ${r.p95.toFixed(0)} ms  max ${r.max.toFixed(0)} ms  ${r.rps.toFixed(1)} req/s  errors ${r.errors}`,
    );
  }
  await server.stop();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
