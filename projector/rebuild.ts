import { GenerationRegistry } from './generations.ts';
import { CaughtUpSignal, type ProjectionLag, waitUntilCaughtUp } from './lag.ts';
import type { Projection } from './projection.ts';
import { ProjectionRunner } from './projection-runner.ts';
import type { HostDeps } from './projector-host.ts';

export interface RebuildOptions {
  readonly batchSize?: number;
  readonly onProgress?: (lags: readonly ProjectionLag[]) => void;
  /** Drop the previous generation after the swap, once running projectors had time to switch. */
  readonly dropPrevious?: boolean;
  /** How long to wait before dropping the previous generation (ms): a few watch intervals. */
  readonly dropAfterMs?: number;
}

export interface RebuildResult {
  readonly projection: string;
  readonly generation: number;
  readonly previous: number | null;
  /** From the start until the new generation went live (a later drop of the previous one not included). */
  readonly seconds: number;
}

/**
 * Rebuilds a projection from the start of the log into a new generation and activates it once it
 * has caught up. Readers see the previous generation until the swap; running projector hosts
 * follow the activation and continue from the new generation's checkpoint. The indexes only
 * readers use are built once the replay has caught up (`ProjectionStorage.complete`, which also
 * vacuums and analyses), not maintained through it.
 */
export async function rebuildProjection(
  deps: HostDeps,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const started = performance.now();
  const registry = await GenerationRegistry.open(deps.db);
  const previous = await registry.liveGeneration(projection.name);
  const gen = await registry.startRebuild(projection);
  const catchUp = async () => {
    const caughtUp = new CaughtUpSignal();
    const runner = new ProjectionRunner(deps, {
      batchSize: options.batchSize ?? 500,
      onCaughtUp: () => caughtUp.notify(),
    });
    await runner.start([gen]);
    try {
      // the progress every 2 s; the end as soon as the runner has read the log to its end
      await waitUntilCaughtUp(deps.db, deps.log, [gen], options.onProgress, 2000, caughtUp);
    } finally {
      await runner.stop();
    }
  };
  await catchUp();
  // the readers' indexes, built in bulk now that the replay is done, and the tables' statistics;
  // then the events that came in meanwhile, so that readers switch to a generation as current as
  // the one they leave
  await registry.complete(projection, gen.generation);
  await catchUp();
  await registry.activate(projection, gen.generation);
  const seconds = (performance.now() - started) / 1000;
  if (options.dropPrevious && previous !== null) {
    await new Promise((r) => setTimeout(r, options.dropAfterMs ?? 15_000));
    await registry.drop(projection, previous);
  }
  return {
    projection: projection.name,
    generation: gen.generation,
    previous,
    seconds,
  };
}

/** What a rebuild of several projections gives: each one's result or why it failed. */
export type RebuildOutcome =
  | { readonly projection: string; readonly ok: true; readonly result: RebuildResult }
  | { readonly projection: string; readonly ok: false; readonly error: unknown };

/**
 * Rebuilds several projections at once, each into its own new generation with its own runner and
 * swapped over as soon as it has caught up, as a projector host runs them side by side: the whole
 * takes about as long as the slowest, not the sum. One that fails leaves the others running to
 * their end and keeps its previous generation live; every outcome is returned, in the order given.
 * `onDone` hears of each as it ends.
 */
export async function rebuildProjections(
  deps: HostDeps,
  projections: readonly Projection[],
  options: RebuildOptions & { readonly onDone?: (outcome: RebuildOutcome) => void } = {},
): Promise<RebuildOutcome[]> {
  const { onDone, ...each } = options;
  return Promise.all(
    projections.map(async (projection): Promise<RebuildOutcome> => {
      let outcome: RebuildOutcome;
      try {
        outcome = {
          projection: projection.name,
          ok: true,
          result: await rebuildProjection(deps, projection, each),
        };
      } catch (error) {
        outcome = { projection: projection.name, ok: false, error };
      }
      onDone?.(outcome);
      return outcome;
    }),
  );
}
