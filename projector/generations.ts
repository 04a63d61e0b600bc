import { sql } from 'kysely';
import type { Database } from '../infra/db/database.ts';
import { checkpointName, type Projection, type ProjectionGeneration } from './projection.ts';

const LOCK_KEY = 72_616_002;

export interface GenerationRow {
  readonly projection: string;
  readonly generation: number;
  readonly status: 'building' | 'live' | 'retired';
  readonly created_at: string;
  readonly activated_at: string | null;
}

/**
 * Which generation of each projection readers see. A rebuild creates generation n+1 beside the
 * live one, fills it from the start of the log, and activates it in one step; readers keep the
 * old generation until then. Changes are serialised with an advisory lock, so several processes
 * can start at once.
 */
export class GenerationRegistry {
  private constructor(
    private readonly db: Database,
    readonly base: string,
  ) {}

  static async open(db: Database): Promise<GenerationRegistry> {
    const row = await sql<{ base: string }>`select current_schema() as base`.execute(db);
    const base = row.rows[0]?.base;
    if (!base) throw new Error('PROJ_NO_SCHEMA: the database has no current schema');
    return new GenerationRegistry(db, base);
  }

  /** The schema holding one generation of a projection. */
  schemaFor(name: string, generation: number): string {
    return `${this.base}__${name.replace(/[^a-z0-9]+/g, '_')}_g${generation}`;
  }

  generationOf(projection: Projection, generation: number): ProjectionGeneration {
    return { projection, generation, schema: this.schemaFor(projection.name, generation), base: this.base };
  }

  private async locked<T>(work: (db: Database) => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${LOCK_KEY})`.execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
      }
    });
  }

  private ctx(db: Database, projection: Projection, generation: number) {
    return { db, base: this.base, schema: this.schemaFor(projection.name, generation), generation };
  }

  /** The live generation of each projection, creating and activating generation 1 where there is none. */
  async ensureLive(projections: readonly Projection[]): Promise<ProjectionGeneration[]> {
    return this.locked(async (db) => {
      const out: ProjectionGeneration[] = [];
      for (const projection of projections) {
        const live = await this.liveGeneration(projection.name, db);
        if (live !== null) {
          // Storage may be missing after a partial set-up, or older than this release: create is
          // idempotent and brings it up to date.
          await projection.storage.create(this.ctx(db, projection, live));
          out.push(this.generationOf(projection, live));
          continue;
        }
        const generation = (await this.maxGeneration(projection.name, db)) + 1;
        const now = new Date().toISOString();
        await db
          .insertInto('projection_generations')
          .values({
            projection: projection.name,
            generation,
            status: 'building',
            created_at: now,
            activated_at: null,
          })
          .execute();
        await projection.storage.create(this.ctx(db, projection, generation));
        await projection.storage.activate(this.ctx(db, projection, generation));
        await db
          .updateTable('projection_generations')
          .set({ status: 'live', activated_at: now })
          .where('projection', '=', projection.name)
          .where('generation', '=', generation)
          .execute();
        out.push(this.generationOf(projection, generation));
      }
      return out;
    });
  }

  /** Creates the next generation of a projection, empty and not yet visible to readers. */
  async startRebuild(projection: Projection): Promise<ProjectionGeneration> {
    return this.locked(async (db) => {
      const generation = (await this.maxGeneration(projection.name, db)) + 1;
      await db
        .insertInto('projection_generations')
        .values({
          projection: projection.name,
          generation,
          status: 'building',
          created_at: new Date().toISOString(),
          activated_at: null,
        })
        .execute();
      await projection.storage.create(this.ctx(db, projection, generation), { forRebuild: true });
      return this.generationOf(projection, generation);
    });
  }

  /**
   * Builds what a rebuilt generation deferred (its readers' indexes, its statistics), once it has
   * caught up. Not under the registry's lock: it takes as long as the indexes take, and only this
   * rebuild writes to a generation that is building.
   */
  async complete(projection: Projection, generation: number): Promise<void> {
    await projection.storage.complete?.(this.ctx(this.db, projection, generation));
  }

  /** Makes a generation the one readers see; the previous live one is retired. */
  async activate(projection: Projection, generation: number): Promise<void> {
    await this.locked(async (db) => {
      await projection.storage.activate(this.ctx(db, projection, generation));
      const now = new Date().toISOString();
      await db
        .updateTable('projection_generations')
        .set({ status: 'retired' })
        .where('projection', '=', projection.name)
        .where('status', '=', 'live')
        .execute();
      await db
        .updateTable('projection_generations')
        .set({ status: 'live', activated_at: now })
        .where('projection', '=', projection.name)
        .where('generation', '=', generation)
        .execute();
    });
  }

  /** Deletes the storage and checkpoints of a generation that is not live. */
  async drop(projection: Projection, generation: number): Promise<void> {
    await this.locked(async (db) => {
      const row = await db
        .selectFrom('projection_generations')
        .select('status')
        .where('projection', '=', projection.name)
        .where('generation', '=', generation)
        .executeTakeFirst();
      if (row?.status === 'live')
        throw new Error(`PROJ_DROP_LIVE: generation ${generation} of ${projection.name} is live`);
      await projection.storage.drop(this.ctx(db, projection, generation));
      await db
        .deleteFrom('projection_checkpoints')
        .where('projection', '=', checkpointName(projection, generation))
        .execute();
      await db
        .deleteFrom('projection_generations')
        .where('projection', '=', projection.name)
        .where('generation', '=', generation)
        .execute();
    });
  }

  async liveGeneration(name: string, db: Database = this.db): Promise<number | null> {
    const row = await db
      .selectFrom('projection_generations')
      .select('generation')
      .where('projection', '=', name)
      .where('status', '=', 'live')
      .executeTakeFirst();
    return row ? row.generation : null;
  }

  private async maxGeneration(name: string, db: Database): Promise<number> {
    const row = await db
      .selectFrom('projection_generations')
      .select(sql<number | null>`max(generation)`.as('g'))
      .where('projection', '=', name)
      .executeTakeFirst();
    return Number(row?.g ?? 0);
  }

  async list(): Promise<GenerationRow[]> {
    return this.db
      .selectFrom('projection_generations')
      .selectAll()
      .orderBy('projection')
      .orderBy('generation')
      .execute();
  }
}
