import { sql, type Transaction } from 'kysely';
import type { StatuteBlock, StatuteVersion, StatuteVersionPublished } from '../../contracts/events/index.ts';
import { normaliseLawKey } from '../../contracts/laws/law-key.ts';
import { isOutsideMainBody } from '../../contracts/laws/statute-structure.ts';
import type { DB } from '../../infra/db/schema.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { statutesStorage } from './statutes.storage.ts';

/** Text-search configuration per statute language. */
export const STATUTE_TS_CONFIG: Readonly<Record<string, string>> = {
  de: 'german',
  fr: 'french',
  it: 'italian',
};
// Rows per insert statement: 9 bind parameters each, well below Postgres' 65535.
const CHUNK = 500;

/** Ids of a block and its ancestors, outermost first. */
export function blockPath(blockId: string | null, blocks: readonly StatuteBlock[]): string[] {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const path: string[] = [];
  const seen = new Set<string>();
  for (let id = blockId; id !== null && !seen.has(id); id = byId.get(id)?.parent ?? null) {
    seen.add(id);
    path.unshift(id);
  }
  return path;
}

async function writeArticles(tx: Transaction<DB>, v: StatuteVersion, latest: boolean): Promise<void> {
  const cfg = sql.lit(STATUTE_TS_CONFIG[v.language] ?? 'simple');
  const actWords = `${v.title} ${v.abbreviation ?? ''}`;
  for (let start = 0; start < v.articles.length; start += CHUNK) {
    const rows = v.articles.slice(start, start + CHUNK).map((a, i) => {
      const path = blockPath(a.block, v.blocks);
      return {
        jurisdiction: v.jurisdiction,
        sr_number: v.sr_number,
        language: v.language,
        consolidation_date: v.consolidation_date,
        ordinal: start + i,
        article_num: a.article_num,
        eid: a.eid,
        heading: a.heading,
        text: a.text,
        block_id: a.block,
        block_path: path,
        main_body: !isOutsideMainBody(path),
        is_latest: latest,
        repealed: a.repealed ? JSON.stringify(a.repealed) : null,
        footnotes: JSON.stringify(a.footnotes ?? []),
        // Heading above text above the act's name: a match in the heading ranks first.
        tsv: sql`setweight(to_tsvector(${cfg}::regconfig, ${a.heading ?? ''}), 'A') || setweight(to_tsvector(${cfg}::regconfig, ${a.text}), 'B') || setweight(to_tsvector(${cfg}::regconfig, ${actWords}), 'D')`,
      };
    });
    await tx.insertInto('statute_articles').values(rows).execute();
  }
}

/** What the read model holds of an act-language: the newest date, and this version's hash and position. */
async function holding(tx: Transaction<DB>, v: StatuteVersion) {
  const row = await tx
    .selectFrom('statute_versions')
    .select([
      sql<string | null>`max(consolidation_date)`.as('newest'),
      sql<string | null>`max(content_hash) filter (where consolidation_date = ${v.consolidation_date})`.as(
        'hash',
      ),
      sql<number | null>`max(event_position) filter (where consolidation_date = ${v.consolidation_date})`.as(
        'position',
      ),
    ])
    .where('jurisdiction', '=', v.jurisdiction)
    .where('sr_number', '=', v.sr_number)
    .where('language', '=', v.language)
    .executeTakeFirst();
  return { newest: row?.newest ?? null, hash: row?.hash ?? null, position: row?.position ?? null };
}

/** The previous latest consolidation gives up `is_latest` to a newer one. */
async function demote(tx: Transaction<DB>, v: StatuteVersion, date: string): Promise<void> {
  for (const table of ['statute_versions', 'statute_articles'] as const) {
    await tx
      .updateTable(table)
      .set({ is_latest: false })
      .where('jurisdiction', '=', v.jurisdiction)
      .where('sr_number', '=', v.sr_number)
      .where('language', '=', v.language)
      .where('consolidation_date', '=', date)
      .execute();
  }
}

/**
 * The statutes read model: one row per act, language and consolidation date, with its articles.
 * A redelivered event (position not newer) and a re-publication with the same content hash change
 * nothing; a corrected version (new hash, newer position) replaces that version's rows.
 */
export const statutesProjection: Projection = {
  name: 'statutes',
  storage: statutesStorage,
  streams: ['statutes'],
  handles: ['StatuteVersionPublished'],
  async handle(batch: readonly PositionedEvent[], { tx, now }: ProjectionContext): Promise<void> {
    for (const { event, position } of batch as readonly PositionedEvent<StatuteVersionPublished>[]) {
      const v = event.data;
      // One read decides everything: skip (redelivered or unchanged), replace, and is_latest
      // (versions may arrive out of order; only the newest consolidation carries the flag).
      const held = await holding(tx, v);
      if (
        held.hash !== null &&
        (Number(held.position) >= position || held.hash === v.provenance.content_hash)
      )
        continue;
      if (held.hash !== null) {
        await tx
          .deleteFrom('statute_articles')
          .where('jurisdiction', '=', v.jurisdiction)
          .where('sr_number', '=', v.sr_number)
          .where('language', '=', v.language)
          .where('consolidation_date', '=', v.consolidation_date)
          .execute();
      }
      const latest = held.newest === null || held.newest <= v.consolidation_date;
      if (held.newest !== null && held.newest < v.consolidation_date) await demote(tx, v, held.newest);
      const row = {
        jurisdiction: v.jurisdiction,
        sr_number: v.sr_number,
        language: v.language,
        consolidation_date: v.consolidation_date,
        title: v.title,
        abbreviation: v.abbreviation,
        abbreviation_key: v.abbreviation !== null ? normaliseLawKey(v.abbreviation) : null,
        title_key: normaliseLawKey(v.title),
        eli: v.eli,
        entry_into_force: v.entry_into_force,
        blocks: JSON.stringify(v.blocks),
        article_count: v.articles.length,
        is_latest: latest,
        source: v.provenance.source,
        source_url: v.source_url,
        content_hash: v.provenance.content_hash,
        event_position: position,
        updated_at: now,
      };
      await tx
        .insertInto('statute_versions')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['jurisdiction', 'sr_number', 'language', 'consolidation_date']).doUpdateSet(row),
        )
        .execute();
      await writeArticles(tx, v, latest);
    }
  },
};
