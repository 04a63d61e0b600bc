/** The catalogue and cantonal-text sources over HTTP, against a local fake LexFind and portal. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../infra/db/database.ts';
import { TableEventLog } from '../../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../../infra/ingest-state/table-ingest-state.ts';
import { openTestDatabase } from '../../../test/support/engines.ts';
import { startFakeHttp } from '../../../test/support/fake-http.ts';
import { cantonalStatuteHtml } from '../../../test/support/portal-fixtures.ts';
import { runEventSource } from '../../ingest-runner.ts';
import { PoliteHttpClient } from '../../http/polite-http.client.ts';
import { CantonalTextSource } from './cantonal-text.source.ts';
import { LexfindCatalogue } from './lexfind-catalogue.client.ts';
import { LexfindCatalogueSource } from './lexfind.source.ts';

const html = cantonalStatuteHtml;

describe('LexFind catalogue and cantonal texts over HTTP (fake server)', () => {
  let server: Awaited<ReturnType<typeof startFakeHttp>>;
  let handle: DatabaseHandle;
  let log: TableEventLog;

  beforeAll(async () => {
    server = await startFakeHttp((req, res) => {
      const portal = `${server.url}/portal`;
      const ge = (language: string) => ({
        entity: { id: 25, abbreviation: 'GE' },
        language,
        texts_of_law: [
          {
            id: 501,
            systematic_number: 'E 2 05',
            title: "Loi d'essai",
            abbreviation: 'LE',
            is_active: true,
            version_active_since: '01.07.2024',
            entity: { id: 25, abbreviation: 'GE' },
            original_url: `${portal}/E_2_05-2024.html`,
            versions: [
              {
                version_active_since: '01.01.2011',
                version_inactive_since: '30.06.2024',
                original_url: `${portal}/E_2_05-2011.html`,
              },
              { version_active_since: '01.07.2024', original_url: `${portal}/E_2_05-2024.html` },
            ],
          },
          {
            id: 502,
            systematic_number: 'E 3 05',
            title: 'Loi abrogée',
            is_active: false,
            version_active_since: '01.01.1988',
            version_inactive_since: '31.12.2010',
            entity: { id: 25, abbreviation: 'GE' },
            original_url: `${portal}/gone.html`,
          },
          {
            id: 503,
            systematic_number: 'E 9 99',
            title: 'Entrée cassée',
            is_active: 'yes',
            entity: { id: 25, abbreviation: 'GE' },
          },
        ],
      });
      const routes: Record<string, string> = {
        '/api/fe/fr/entities/25/texts-of-law': JSON.stringify(ge('fr')),
        '/api/fe/fr/entities/27/texts-of-law': '{"this is": "not a catalogue"}',
        '/portal/E_2_05-2011.html': html('E 2 05', 'État au 1er janvier 2011'),
        '/portal/E_2_05-2024.html': html('E 2 05', 'État au 1er juillet 2024'),
      };
      const body = routes[req.path];
      if (body === undefined) {
        res.writeHead(404);
        return void res.end();
      }
      res.end(body);
    });
    handle = await openTestDatabase('pglite');
    log = new TableEventLog(handle.db);
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const catalogue = () =>
    new LexfindCatalogue(new PoliteHttpClient({ minIntervalMs: 5 }), {
      baseUrl: `${server.url}/api/fe`,
      entities: ['GE', 'CH', 'TI'],
      languages: ['fr'],
    });
  const deps = () => ({
    log,
    state: new TableIngestState(handle.db),
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger: { info: () => {}, warn: () => {} },
  });

  it('publishes every readable entry and reports a broken entry, a file that is not a catalogue and a missing file', async () => {
    const run = await runEventSource(new LexfindCatalogueSource(catalogue(), 'lexfind-test'), deps());
    expect(run).toMatchObject({
      success: true,
      items_seen: 5,
      decisions_added: 2,
      items_failed: 3,
      portal_count: 3,
    });
    const messages = run.errors.map((e) => e.message).join('\n');
    expect(messages).toMatch(/entry 503/);
    expect(messages).toMatch(/not a LexFind catalogue file/);
    expect(messages).toMatch(/entities\/21\/texts-of-law: not|answered 404/);
    const keys = await handle.db
      .selectFrom('event_log')
      .select('key')
      .where('type', '=', 'LegislationCatalogEntryPublished')
      .orderBy('position')
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['501:fr', '502:fr']);
  });

  it('fetches every listed version of a cantonal text from its portal, and reports the missing page', async () => {
    const run = await runEventSource(
      new CantonalTextSource(catalogue(), new PoliteHttpClient({ minIntervalMs: 5 }), 'cantonal-test'),
      deps(),
    );
    expect(run).toMatchObject({ success: true, items_seen: 3, decisions_added: 2, items_failed: 1 });
    expect(run.errors[0]!.message).toMatch(/gone\.html/);
    const events = await handle.db
      .selectFrom('event_log')
      .select(['key', 'payload'])
      .where('source', '=', 'cantonal-test')
      .where('type', '=', 'StatuteVersionPublished')
      .orderBy('position')
      .execute();
    const versions = events.map(
      (e) =>
        (
          e.payload as {
            data: {
              consolidation_date: string;
              jurisdiction: string;
              sr_number: string;
              articles: unknown[];
            };
          }
        ).data,
    );
    expect(
      versions.map((v) => [v.jurisdiction, v.sr_number, v.consolidation_date, v.articles.length]),
    ).toEqual([
      ['GE', 'E 2 05', '2024-07-01', 1],
      ['GE', 'E 2 05', '2011-01-01', 1],
    ]);
    expect(events[0]!.key).toBe('GE:E 2 05:fr');
  });
});
