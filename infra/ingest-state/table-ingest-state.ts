import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { IngestRecord, IngestStateStore } from './ingest-state.port.ts';

/** Ingest state in a table of the embedded or server database. */
export class TableIngestState implements IngestStateStore {
  constructor(private readonly db: Database) {}

  async get(source: string, itemIds: readonly string[]): Promise<Map<string, IngestRecord>> {
    if (itemIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ingest_state')
      .select(['item_id', 'entity_key', 'content_hash', 'source_checksum'])
      .where('source', '=', source)
      .where('item_id', 'in', itemIds)
      .execute();
    return new Map(
      rows.map((r) => [
        r.item_id,
        {
          source,
          itemId: r.item_id,
          entityKey: r.entity_key,
          contentHash: r.content_hash,
          sourceChecksum: r.source_checksum,
        },
      ]),
    );
  }

  async put(records: readonly IngestRecord[], seenAt: string): Promise<void> {
    for (let i = 0; i < records.length; i += 500) {
      const rows = records.slice(i, i + 500).map((r) => ({
        source: r.source,
        item_id: r.itemId,
        entity_key: r.entityKey,
        content_hash: r.contentHash,
        source_checksum: r.sourceChecksum ?? null,
        first_seen_at: seenAt,
        last_seen_at: seenAt,
      }));
      await this.db
        .insertInto('ingest_state')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['source', 'item_id']).doUpdateSet({
            entity_key: (eb) => eb.ref('excluded.entity_key'),
            content_hash: (eb) => eb.ref('excluded.content_hash'),
            source_checksum: (eb) => eb.ref('excluded.source_checksum'),
            last_seen_at: (eb) => eb.ref('excluded.last_seen_at'),
          }),
        )
        .execute();
    }
  }

  async count(source: string): Promise<number> {
    const row = await this.db
      .selectFrom('ingest_state')
      .select(sql<number>`count(distinct entity_key)::int`.as('n'))
      .where('source', '=', source)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async markComplete(source: string, completedAt: string): Promise<void> {
    await this.db
      .insertInto('ingest_completions')
      .values({ source, completed_at: completedAt })
      .onConflict((oc) =>
        oc.column('source').doUpdateSet({ completed_at: (eb) => eb.ref('excluded.completed_at') }),
      )
      .execute();
  }

  async lastComplete(source: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('ingest_completions')
      .select('completed_at')
      .where('source', '=', source)
      .executeTakeFirst();
    return row?.completed_at ?? null;
  }
}
