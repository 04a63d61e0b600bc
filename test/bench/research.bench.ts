/**
 * Research routes benchmark (prints figures, asserts nothing): p50/p95 and requests/s of
 * /commentaries/search, /commentaries/{abbreviation}, /materialien, /materialien/{law_code},
 * /doctrine, /exam-question and /mock-decision (GET) at 4 concurrent connections (autocannon) over
 * the embedded deployable with the default sample, deterministic (no language model), next to a
 * Fastify hello-world measured in the same run (the machine is shared: compare the ratios).
 * Usage: npm run bench:research [-- --size 1000 --seconds 8]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { startDeployable } from '../support/processes.ts';
import { type AutocannonFigures, MOCK_FACTS as FACTS, autocannonLoad } from './http-load.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '8' },
    port: { type: 'string', default: '18941' },
  },
});
const CONNECTIONS = 4;
const enc = encodeURIComponent;

/** Paths per route, cycled through by every connection. */
const WORKLOADS: Record<string, string[]> = {
  'GET /commentaries/search': [
    'Widerrechtlichkeit',
    'Beweis',
    'bonne foi',
    'arbitrio',
    '"rechtliches Gehör"',
  ].map((q) => `/commentaries/search?query=${enc(q)}`),
  'GET /commentaries/{abbreviation}': [
    'OR?article=41',
    'CO?article=97&language=fr',
    '220?article=336',
    'ZGB?article=2',
    'BV',
  ].map((p) => `/commentaries/${p}`),
  'GET /materialien': ['Rechtssicherheit', 'Rechtsprechung', '"droit cantonal"', 'giurisprudenza'].map(
    (q) => `/materialien?query=${enc(q)}`,
  ),
  'GET /materialien/{law_code}': ['BV?article=8', 'OR?article=41', 'CO?article=41&language=fr', 'ZGB'].map(
    (p) => `/materialien/${p}`,
  ),
  'GET /doctrine': ['Art. 41 OR', 'art. 271 CO', 'Treu und Glauben', 'bonne foi', 'Kündigung', 'Haftung'].map(
    (q) => `/doctrine?query=${enc(q)}`,
  ),
  'GET /exam-question': ['Eigenbedarf', 'Kündigung', 'Arbeitsvertrag', 'résiliation'].map(
    (t) => `/exam-question?topic=${enc(t)}`,
  ),
  'GET /mock-decision': FACTS.map((f) => `/mock-decision?facts=${enc(f)}`),
};

type Figures = AutocannonFigures;

/** One autocannon run over `paths` of `base` at this benchmark's connections. */
const measure = (base: string, paths: readonly string[], seconds: number): Promise<Figures> =>
  autocannonLoad(base, paths, seconds, CONNECTIONS);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-research-'));
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
try {
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  const server = startDeployable('embedded', 'infra/deploy/embedded.main.ts', [], {
    DATA_DIR: dataDir,
    PORT: values.port,
    SAMPLE_SIZE: values.size,
    LOG_LEVEL: 'warn',
  });
  await server.waitForOutput(/serving on/);
  const base = `http://127.0.0.1:${values.port}`;
  const seconds = Number(values.seconds);
  // Every workload answers 200 before it is measured (a 4xx would measure an error path).
  for (const [name, paths] of Object.entries(WORKLOADS)) {
    const statuses = await Promise.all(paths.map(async (p) => (await fetch(`${base}${p}`)).status));
    const bad = paths.flatMap((p, i) =>
      statuses[i] === 200 ? [] : [`${decodeURIComponent(p)}: ${statuses[i]}`],
    );
    if (bad.length > 0) console.log(`${name}: not 200: ${bad.join('; ')}`);
  }
  await measure(helloUrl, ['/'], 2); // warm-up
  const ref = await measure(helloUrl, ['/'], seconds);
  console.log(
    `${values.size} sample decisions, ${CONNECTIONS} connections, ${seconds} s per route (autocannon); ratio = route req/s ÷ hello-world req/s\n`,
  );
  const row = (name: string, f: Figures) =>
    `| ${name.padEnd(34)} | ${f.p50.toFixed(1).padStart(7)} | ${f.p95.toFixed(1).padStart(7)} | ${f.rps.toFixed(1).padStart(8)} | ${(f.rps / ref.rps).toFixed(4).padStart(7)} | ${String(f.non2xx + f.errors).padStart(6)} |`;
  console.log('| route                              | p50 ms  | p95 ms  | req/s    | ratio   | errors |');
  console.log('|------------------------------------|---------|---------|----------|---------|--------|');
  console.log(row('Fastify hello-world', ref));
  for (const [name, paths] of Object.entries(WORKLOADS)) {
    await measure(base, paths, 1); // warm-up
    console.log(row(name, await measure(base, paths, seconds)));
  }
  await server.stop();
} finally {
  await hello.close();
  await rm(dataDir, { recursive: true, force: true });
}
