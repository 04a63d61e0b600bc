import { opendir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSampleCorpus, SAMPLE_DEFAULTS } from './sample-generator.ts';

/**
 * Generates the synthetic sample corpus:
 *   tsx ingest/sources/sample/generate.main.ts --dir data/sample-corpus --size 3000 --seed 1 [--today 2026-11-01] [--clean]
 *     [--citations-per-decision 28]   (benchmark corpora: 200,000 decisions × 28 ≈ 5.6 million references)
 */
async function diskUsage(dir: string): Promise<number> {
  let bytes = 0;
  for await (const entry of await opendir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += await diskUsage(path);
    else bytes += (await stat(path)).size;
  }
  return bytes;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      size: { type: 'string', default: String(SAMPLE_DEFAULTS.size) },
      seed: { type: 'string', default: String(SAMPLE_DEFAULTS.seed) },
      today: { type: 'string', default: SAMPLE_DEFAULTS.today },
      clean: { type: 'boolean', default: false },
      'citations-per-decision': { type: 'string' },
    },
  });
  if (!values.dir) throw new Error('--dir is required (the folder that will hold docs/)');
  const size = Number(values.size);
  const seed = Number(values.seed);
  if (!Number.isInteger(size) || size < 1) throw new Error(`--size: a positive integer, got ${values.size}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed: an integer, got ${values.seed}`);
  const perDecisionText = values['citations-per-decision'];
  const perDecision = perDecisionText === undefined ? undefined : Number(perDecisionText);
  if (perDecision !== undefined && !(perDecision >= 1 && perDecision <= 500))
    throw new Error(`--citations-per-decision: a number between 1 and 500, got ${perDecisionText}`);
  const dir = resolve(values.dir);
  const started = performance.now();
  let lastShown = 0;
  const result = await generateSampleCorpus({
    dir,
    size,
    seed,
    today: values.today,
    clean: values.clean,
    ...(perDecision !== undefined ? { citationsPerDecision: perDecision } : {}),
    onProgress: (done, total) => {
      const now = performance.now();
      if (now - lastShown > 1000 || done === total) {
        lastShown = now;
        process.stderr.write(`\r  ${done}/${total} decisions`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write('\n');
  const bytes = await diskUsage(join(dir, 'docs'));
  console.log(`sample corpus in ${join(dir, 'docs')}`);
  console.log(`  decisions   ${result.decisions}`);
  console.log(`  courts      ${result.courts}`);
  console.log(`  files       ${result.files}`);
  console.log(
    `  size        ${(bytes / 1024 / 1024).toFixed(1)} MiB (${Math.round(bytes / result.decisions / 1024)} KiB per decision)`,
  );
  console.log(
    `  time        ${seconds.toFixed(2)} s (${Math.round(result.decisions / seconds)} decisions/s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
