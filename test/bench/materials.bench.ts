/**
 * Preparatory materials benchmark on the bundled sample (statutes and materials ingested through
 * the real sources, projected into in-memory PGlite, the API listening on a local port):
 * GET /materialien and /materialien/{law_code} p50/p95 at 4 concurrent clients.
 * Run: npx tsx test/bench/materials.bench.ts
 */
import type { AddressInfo } from 'node:net';
import { openStatuteWorld } from '../support/statutes.ts';
import { runLoad } from './http-load.ts';

const CLIENTS = 4;
const PER_CLIENT = 100;

async function main(): Promise<void> {
  const world = await openStatuteWorld();
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
  const workloads: Record<string, string[]> = {
    '/materialien': ['Rechtssicherheit', 'Rechtsprechung', '"droit cantonal"', 'Berufsregeln', 'giurisprudenza', 'Alternativen OR Varianten'].map(
      (q) => `${base}/materialien?query=${encodeURIComponent(q)}`,
    ),
    '/materialien?law_code=': ['OR', 'CO', 'BV', 'StGB'].map((c) => `${base}/materialien?query=Art&law_code=${c}&limit=20`),
    '/materialien/{law_code}': ['BV', 'OR', 'ZGB', 'BGFA', 'StGB'].map((c) => `${base}/materialien/${c}`),
    '/materialien/{law_code}?article=': ['BV?article=8', 'OR?article=41', 'CO?article=41&language=fr', 'BGFA?article=12', 'ZGB?article=2'].map(
      (p) => `${base}/materialien/${p}`,
    ),
  };
  for (const [name, urls] of Object.entries(workloads)) {
    await runLoad(urls, CLIENTS, 10); // warm-up
    const r = await runLoad(urls, CLIENTS, PER_CLIENT);
    process.stdout.write(
      `GET ${name}, ${CLIENTS} clients, ${r.count} requests: p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  errors ${r.errors}\n`,
    );
  }
  await world.close();
}

await main();
