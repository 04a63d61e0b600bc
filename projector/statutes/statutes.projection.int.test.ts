import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { openTestDatabase } from '../../test/support/engines.ts';
import { entryEvent, makeEntry, makeVersion, versionEvent } from '../../test/support/statutes-events.ts';
import { gazetteIndexProjection } from '../gazette-index/gazette-index.projection.ts';
import { legislationCatalogProjection } from '../legislation-catalog/legislation-catalog.projection.ts';
import type { PositionedEvent } from '../projection.ts';
import { ProjectorHost } from '../projector-host.ts';
import { blockPath, statutesProjection } from './statutes.projection.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('statute projections', () => {
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let host: ProjectorHost | null = null;

  beforeEach(async () => {
    handle = await openTestDatabase('pglite');
    log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  });
  afterEach(async () => {
    await host?.stop();
    host = null;
    await handle.close();
  });

  async function project() {
    host ??= new ProjectorHost(
      { db: handle.db, log, now: () => '2026-01-02T00:00:00.000Z', logger: quiet },
      [statutesProjection, legislationCatalogProjection, gazetteIndexProjection],
      { batchSize: 3, watchIntervalMs: 0 },
    );
    if (host.generations().length === 0) await host.start();
    await host.waitUntilCaughtUp(undefined, 10);
  }

  const versions = () =>
    handle.db
      .selectFrom('statute_versions')
      .select(['sr_number', 'consolidation_date', 'is_latest', 'title'])
      .orderBy('sr_number')
      .orderBy('consolidation_date')
      .execute();

  it('keeps every version, marks the newest as latest whatever the arrival order, and indexes articles with their block path', async () => {
    const blocks = [
      {
        id: 'disp_u1',
        kind: 'title',
        num: 'Schlusstitel:',
        heading: 'Anwendungs- und Einführungsbestimmungen',
        parent: null,
      },
      { id: 'disp_u1/lvl_1', kind: 'level', num: null, heading: 'Erster Abschnitt', parent: 'disp_u1' },
    ];
    await log.append([
      versionEvent(makeVersion({ sr_number: '210', consolidation_date: '2024-01-01' })),
      versionEvent(makeVersion({ sr_number: '210', consolidation_date: '2006-01-01', title: 'Alt' })),
      versionEvent(
        makeVersion({
          sr_number: '210',
          consolidation_date: '2025-01-01',
          blocks,
          articles: [
            { article_num: '1', eid: 'art_1', heading: 'Anwendung', text: 'Haupttext.', block: null },
            {
              article_num: '1',
              eid: 'disp_u1/art_1',
              heading: 'Regel',
              text: 'Schlusstitel.',
              block: 'disp_u1/lvl_1',
            },
          ],
        }),
      ),
    ]);
    await project();
    expect(await versions()).toEqual([
      { sr_number: '210', consolidation_date: '2006-01-01', is_latest: false, title: 'Alt' },
      { sr_number: '210', consolidation_date: '2024-01-01', is_latest: false, title: 'Gesetz 210' },
      { sr_number: '210', consolidation_date: '2025-01-01', is_latest: true, title: 'Gesetz 210' },
    ]);
    const articles = await handle.db
      .selectFrom('statute_articles')
      .select(['eid', 'block_path', 'main_body', 'is_latest'])
      .where('consolidation_date', '=', '2025-01-01')
      .orderBy('ordinal')
      .execute();
    expect(articles).toEqual([
      { eid: 'art_1', block_path: [], main_body: true, is_latest: true },
      { eid: 'disp_u1/art_1', block_path: ['disp_u1', 'disp_u1/lvl_1'], main_body: false, is_latest: true },
    ]);
    const stale = await handle.db
      .selectFrom('statute_articles')
      .select('eid')
      .where('is_latest', '=', true)
      .where('consolidation_date', '<>', '2025-01-01')
      .execute();
    expect(stale).toEqual([]);
  });

  it('is idempotent per position: a redelivered batch and a re-published identical version change nothing', async () => {
    const v = makeVersion({ sr_number: '220', consolidation_date: '2024-01-01' });
    await log.append([versionEvent(v)]);
    await project();
    const before = await handle.db.selectFrom('statute_articles').selectAll().execute();
    // Redelivery of the same position, straight into the generation's tables.
    const schema = await sql<{
      schema_name: string;
    }>`select schema_name from information_schema.schemata where schema_name like '%statutes_g1'`.execute(
      handle.db,
    );
    // Read before the transaction: the embedded database has one connection.
    const event = (await log.head('statutes')).get(0)!;
    await handle.db.transaction().execute(async (tx) => {
      await sql`select set_config('search_path', ${`"${schema.rows[0]!.schema_name}", public`}, true)`.execute(
        tx,
      );
      const batch: PositionedEvent[] = [
        {
          event: {
            type: 'StatuteVersionPublished',
            schemaVersion: 1,
            eventId: 'again',
            occurredAt: '2026-01-01T00:00:00.000Z',
            source: 'test',
            key: 'CH:220:de',
            data: v,
          },
          stream: 'statutes',
          partition: 0,
          position: event,
        },
      ];
      await statutesProjection.handle(batch, { tx, now: '2026-02-02T00:00:00.000Z', generation: 1 });
    });
    await log.append([versionEvent(v)]);
    await project();
    expect(await handle.db.selectFrom('statute_articles').selectAll().execute()).toEqual(before);
    const row = await handle.db.selectFrom('statute_versions').select('updated_at').executeTakeFirstOrThrow();
    expect(row.updated_at).toBe('2026-01-02T00:00:00.000Z');
  });

  it('replaces a corrected version (new content at a later position)', async () => {
    await log.append([versionEvent(makeVersion({ sr_number: '220', consolidation_date: '2024-01-01' }))]);
    await log.append([
      versionEvent(
        makeVersion({
          sr_number: '220',
          consolidation_date: '2024-01-01',
          articles: [
            { article_num: '41a', eid: 'art_41_a', heading: null, text: 'Berichtigt.', block: null },
          ],
        }),
      ),
    ]);
    await project();
    const rows = await handle.db.selectFrom('statute_articles').select(['article_num', 'text']).execute();
    expect(rows).toEqual([{ article_num: '41a', text: 'Berichtigt.' }]);
  });

  it('dead-letters a malformed version with the reason and carries on', async () => {
    const good = makeVersion({ sr_number: '101', consolidation_date: '2024-01-01' });
    await log.append([
      versionEvent({
        ...good,
        articles: [{ article_num: 'x-1', eid: 'a', heading: null, text: '', block: null }],
      }),
      versionEvent(good),
    ]);
    await project();
    const letters = await handle.db.selectFrom('dead_letters').select(['projection', 'reason']).execute();
    expect(letters.map((l) => l.projection).sort()).toEqual([
      'projection.gazette-index.g1',
      'projection.statutes.g1',
    ]);
    expect(letters[0]!.reason).toMatch(/invalid StatuteVersionPublished v1/);
    expect(await versions()).toHaveLength(1);
  });

  it('keeps every catalogue version ever listed and indexes gazette references from footnotes and the catalogue, first finder kept', async () => {
    const ref = {
      ref_type: 'AS' as const,
      year: 2006,
      page: 5299,
      eli: 'eli/oc/2006/818',
      language: 'de' as const,
    };
    await log.append([
      entryEvent(
        makeEntry({
          catalog_id: 1,
          versions: [{ active_since: '2011-01-01', active_until: '2023-12-31', original_url: null }],
          gazette_refs: [{ ...ref, ref_type: 'RO', language: 'fr' }],
        }),
      ),
      entryEvent(
        makeEntry({
          catalog_id: 1,
          version_active_since: '2024-01-01',
          versions: [{ active_since: '2024-01-01', active_until: null, original_url: 'u' }],
        }),
      ),
      versionEvent(
        makeVersion({
          sr_number: '210',
          consolidation_date: '2024-01-01',
          gazette_refs: [
            ref,
            { ref_type: 'BBl', year: 2005, page: 7, eli: 'eli/fga/2005/1', language: 'de' },
          ],
        }),
      ),
    ]);
    await project();
    const catalogVersions = await handle.db
      .selectFrom('legislation_catalog_versions')
      .select(['active_since', 'active_until'])
      .orderBy('active_since')
      .execute();
    expect(catalogVersions).toEqual([
      { active_since: '2011-01-01', active_until: '2023-12-31' },
      { active_since: '2024-01-01', active_until: null },
    ]);
    const pages = await handle.db
      .selectFrom('gazette_first_pages')
      .select(['collection', 'edition', 'year', 'page', 'eli', 'found_by'])
      .orderBy('collection')
      .orderBy('page')
      .execute();
    // AS 2006 5299 (de footnote) and RO 2006 5299 (fr catalogue) are one page of one pagination:
    // one row, kept from whichever stream was read first.
    expect(pages).toEqual([
      {
        collection: 'fga',
        edition: 'de',
        year: 2005,
        page: 7,
        eli: 'eli/fga/2005/1',
        found_by: 'statute-footnote',
      },
      {
        collection: 'oc',
        edition: '*',
        year: 2006,
        page: 5299,
        eli: 'eli/oc/2006/818',
        found_by: expect.stringMatching(/^(catalogue|statute-footnote)$/),
      },
    ]);
  });

  it('computes block paths outermost first and survives a cycle', () => {
    const blocks = [
      { id: 'a', kind: 'part', num: null, heading: null, parent: null },
      { id: 'b', kind: 'title', num: null, heading: null, parent: 'a' },
      { id: 'x', kind: 'title', num: null, heading: null, parent: 'y' },
      { id: 'y', kind: 'title', num: null, heading: null, parent: 'x' },
    ];
    expect(blockPath('b', blocks)).toEqual(['a', 'b']);
    expect(blockPath(null, blocks)).toEqual([]);
    expect(blockPath('x', blocks)).toEqual(['y', 'x']);
  });
});
