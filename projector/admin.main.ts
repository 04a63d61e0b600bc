/**
 * Operator commands for the read models:
 *   status                      live/building/retired generations and consumer lag per projection
 *   rebuild <name...|all> [--drop-previous]
 *                               replay the log from the start into a new generation, swap readers
 *                               over when it has caught up (the API serves the old one until then);
 *                               several (`all`: every projection) side by side, the log read once
 *                               for all of them
 *   drop <name> <generation>    delete a retired generation
 *   dead-letters [--limit N]    the latest dead-lettered events with their reasons
 * Embedded mode: the data folder must exist (it is never created here) and is locked like the
 * server locks it, so a running `npm start` on the same folder makes these commands refuse.
 */
import { parseArgs } from 'node:util';
import { parseEnv } from '../infra/config/env.ts';
import { projectorEnv } from '../infra/deploy/config.ts';
import { createLogger } from '../infra/deploy/logger.ts';
import { openInfra } from '../infra/deploy/wiring.ts';
import { GenerationRegistry } from './generations.ts';
import { projectionLag } from './lag.ts';
import { allProjections } from './projections.ts';
import { rebuildProjections } from './rebuild.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);

const COMMANDS = ['status', 'rebuild', 'drop', 'dead-letters'];
const USAGE =
  'usage: npm run admin -- status | rebuild <projection...|all> [--drop-previous] | drop <projection> <generation> | dead-letters [--limit N]';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'drop-previous': { type: 'boolean', default: false },
      limit: { type: 'string', default: '20' },
    },
  });
  const [command, target, generationArg] = positionals;
  const targets = positionals.slice(1);
  if (!command || !COMMANDS.includes(command)) {
    out(USAGE);
    process.exitCode = 2;
    return;
  }
  const env = parseEnv(projectorEnv);
  const logger = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL, 'admin');
  const infra = await openInfra(env, 'admin', logger, { existingData: true });
  const projections = allProjections({
    writer: infra.searchWriter,
    generations: infra.searchGenerations,
    commentaries: infra.commentaryIndex,
  });
  const registry = await GenerationRegistry.open(infra.db);
  const deps = {
    db: infra.db,
    log: infra.eventLog,
    now: () => new Date().toISOString(),
    logger,
    ...(infra.deadLetters ? { deadLetters: infra.deadLetters } : {}),
  };
  const pick = (name: string | undefined) => {
    if (name === 'all') return projections;
    const found = projections.filter((p) => p.name === name);
    if (found.length === 0)
      throw new Error(
        `unknown projection '${name ?? ''}'; one of: ${projections.map((p) => p.name).join(', ')}, all`,
      );
    return found;
  };
  /** The projections several names (or `all`) pick, each once, in the order named. */
  const pickEach = (names: readonly string[]) => [
    ...new Set((names.length > 0 ? names : ['']).flatMap(pick)),
  ];
  try {
    switch (command) {
      case 'status': {
        const rows = await registry.list();
        const live = rows
          .filter((r) => r.status === 'live')
          .map((r) =>
            registry.generationOf(
              projections.find((p) => p.name === r.projection)!,
              r.generation,
            ),
          );
        const lags = await projectionLag(
          infra.db,
          infra.eventLog,
          live.filter((g) => g.projection),
        );
        out('projection         gen  status    activated_at              lag');
        for (const r of rows) {
          const lag = lags
            .filter((l) => l.projection === r.projection && l.generation === r.generation)
            .reduce((n, l) => n + l.lag, 0);
          out(
            `${r.projection.padEnd(18)} ${String(r.generation).padStart(3)}  ${r.status.padEnd(8)}  ${(r.activated_at ?? '-').padEnd(24)}  ${r.status === 'live' ? lag : '-'}`,
          );
        }
        break;
      }
      case 'rebuild': {
        // several (`all`) are rebuilt side by side, each swapped over once it has caught up
        const last = new Map<string, string>();
        const outcomes = await rebuildProjections(deps, pickEach(targets), {
          batchSize: env.PROJECTOR_BATCH_SIZE * 2,
          dropPrevious: values['drop-previous'],
          dropAfterMs: env.PROJECTOR_WATCH_MS * 3,
          onProgress: (lags) => {
            const name = lags[0]?.projection;
            if (name === undefined) return;
            const line = `  ${name}: ${lags.reduce((n, l) => n + l.lag, 0)} events to go`;
            if (line !== last.get(name)) process.stderr.write(`${line}\n`);
            last.set(name, line);
          },
          onDone: (outcome) => {
            if (!outcome.ok) {
              const reason = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
              out(`${outcome.projection}: rebuild failed, previous generation stays live: ${reason}`);
              return;
            }
            const { result } = outcome;
            out(
              `${result.projection}: generation ${result.generation} live after ${result.seconds.toFixed(1)} s (previous ${result.previous ?? 'none'}${values['drop-previous'] && result.previous ? ', dropped' : ''})`,
            );
          },
        });
        if (outcomes.some((o) => !o.ok)) process.exitCode = 1;
        break;
      }
      case 'drop': {
        const generation = Number(generationArg);
        if (!Number.isInteger(generation) || generation < 1)
          throw new Error('usage: drop <projection> <generation>');
        for (const projection of pick(target)) await registry.drop(projection, generation);
        out(`dropped generation ${generation} of ${target ?? ''}`);
        break;
      }
      case 'dead-letters': {
        const rows = await infra.db
          .selectFrom('dead_letters')
          .select([
            'projection',
            'stream',
            'partition',
            'position',
            'event_id',
            'event_type',
            'reason',
            'failed_at',
          ])
          .orderBy('id', 'desc')
          .limit(Number(values.limit))
          .execute();
        for (const r of rows)
          out(
            `${r.failed_at}  ${r.projection}  ${r.stream}[${r.partition}]@${r.position}  ${r.event_type ?? '?'} ${r.event_id ?? '?'}\n    ${r.reason.split('\n')[0]}`,
          );
        if (rows.length === 0) out('no dead letters');
        break;
      }
      default:
        out(USAGE);
        process.exitCode = 2;
    }
  } finally {
    await infra.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`admin: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
