/**
 * The OnlineKommentar source over HTTP, against a local server replaying recorded-shaped answers
 * (test/fixtures/onlinekommentar): paging, margin numbers, failed records, and failed runs (server
 * error, timeout, malformed JSON) that publish a failed health event and lose nothing held.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScraperRun } from '../../../contracts/events/index.ts';
import type { DatabaseHandle } from '../../../infra/db/database.ts';
import { TableEventLog } from '../../../infra/event-log/table-event-log.ts';
import { TableIngestState } from '../../../infra/ingest-state/table-ingest-state.ts';
import { openTestDatabase } from '../../../test/support/engines.ts';
import { publishedCommentaries } from '../../../test/support/commentaries.ts';
import { startFakeHttp } from '../../../test/support/fake-http.ts';
import { PoliteHttpClient } from '../../http/polite-http.client.ts';
import { runEventSource } from '../../ingest-runner.ts';
import { OnlineKommentarSource } from './onlinekommentar.source.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../../test/fixtures/onlinekommentar', name), 'utf8');
const ID = 'd8b6a7c6-3b4e-4b0e-9f7e-4f1a2b3c4d0';

type Mode = 'ok' | 'page2-500' | 'listing-timeout' | 'listing-malformed';

describe('OnlineKommentar over HTTP (local server, recorded answers)', () => {
  let server: Awaited<ReturnType<typeof startFakeHttp>>;
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let mode: Mode = 'ok';
  const MIN_INTERVAL = 40;

  beforeAll(async () => {
    server = await startFakeHttp((req, res) => {
      const url = new URL(req.path, 'http://x');
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      };
      if (url.pathname === '/api/commentaries') {
        const page = url.searchParams.get('page');
        const language = url.searchParams.get('language');
        if (mode === 'listing-timeout') return; // never answers
        if (mode === 'listing-malformed') return send(200, '{"data": [');
        if (language !== 'de') return send(200, '{"data":[],"meta":{"current_page":1,"last_page":1}}');
        if (page === '1') return send(200, fixture('listing-de-1.json'));
        if (page === '2')
          return mode === 'page2-500' ? send(500, 'Server Error') : send(200, fixture('listing-de-2.json'));
      }
      const details: Record<string, () => void> = {
        [`/api/commentaries/${ID}1`]: () => send(200, fixture('detail-or41.json')),
        [`/api/commentaries/${ID}2`]: () => send(200, fixture('detail-bv8.json')),
        [`/api/commentaries/${ID}3`]: () => send(200, '{"data": {"id": "broken",'),
      };
      const detail = details[url.pathname];
      if (detail) return detail();
      send(404, '{"message":"Not Found"}');
    });
    handle = await openTestDatabase('pglite');
    log = new TableEventLog(handle.db);
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });
  beforeEach(() => {
    mode = 'ok';
  });

  const source = () =>
    new OnlineKommentarSource({
      name: 'onlinekommentar-test',
      http: new PoliteHttpClient({ minIntervalMs: MIN_INTERVAL, timeoutMs: 500, retries: 1 }),
      baseUrl: `${server.url}/api`,
      languages: ['de', 'fr'],
    });
  const deps = () => ({
    log,
    state: new TableIngestState(handle.db),
    now: () => new Date().toISOString(),
    newId: randomUUID,
    logger: { info: () => {}, warn: () => {} },
  });
  const commentaries = () => publishedCommentaries(handle.db);
  const lastHealth = async () =>
    (
      (
        await handle.db
          .selectFrom('event_log')
          .select('payload')
          .where('type', '=', 'ScraperRunCompleted')
          .orderBy('position', 'desc')
          .executeTakeFirstOrThrow()
      ).payload as { data: ScraperRun }
    ).data;

  it('reads every page in every language, politely, and publishes each readable record with its margin numbers', async () => {
    const before = server.requests.length;
    const run = await runEventSource(source(), deps());
    expect(run).toMatchObject({
      success: true,
      items_seen: 5,
      decisions_added: 2,
      items_failed: 3,
      portal_count: 4,
    });
    const messages = run.errors.map((e) => e.message).join('\n');
    expect(messages).toMatch(/row 2: no id/);
    expect(messages).toMatch(/4d03: not JSON/);
    expect(messages).toMatch(/4d04.*(404|not found)/i);

    const requests = server.requests.slice(before);
    expect(requests.map((r) => r.path)).toEqual([
      '/api/commentaries?language=de&page=1',
      `/api/commentaries/${ID}1`,
      `/api/commentaries/${ID}2`,
      '/api/commentaries?language=de&page=2',
      `/api/commentaries/${ID}3`,
      `/api/commentaries/${ID}4`,
      '/api/commentaries?language=fr&page=1',
    ]);
    // One request at a time, spaced: over the run, at least the minimum interval per request
    // (arrival times at the server jitter by a few ms around each interval).
    expect(requests.at(-1)!.at - requests[0]!.at).toBeGreaterThanOrEqual(
      (requests.length - 1) * MIN_INTERVAL * 0.9,
    );

    const [or41, bv8] = await commentaries();
    expect(or41).toMatchObject({
      commentary_id: `${ID}1`,
      language: 'de',
      title: 'Art. 41 OR',
      kind: 'article',
      article_num: '41',
      abbreviation: 'OR',
      sr_number: '220',
      authors: ['Anna Muster'],
      editors: ['Peter Beispiel'],
      edition_date: '2025-03-14',
      licence: 'CC BY 4.0',
      licence_url: 'https://creativecommons.org/licenses/by/4.0/',
      url: 'https://onlinekommentar.ch/de/kommentare/or41',
      pdf_url: 'https://onlinekommentar.ch/de/kommentare/or41/print',
      suggested_citation:
        'Muster Anna, Art. 41 OR, in: Onlinekommentar zum Obligationenrecht, Version vom 14.3.2025',
      sample: false,
    });
    expect(or41!.legal_text).toBe(
      '1 Wer einem andern widerrechtlich Schaden zufügt, sei es mit Absicht, sei es aus Fahrlässigkeit, wird ihm zum Ersatze verpflichtet.',
    );
    expect(or41!.paragraphs).toEqual([
      { margin: null, text: 'I. Allgemeines' },
      { margin: '1', text: 'Art. 41 Abs. 1 OR ist die Grundnorm der ausservertraglichen Haftung.' },
      {
        margin: '2',
        text: 'Vorausgesetzt sind Schaden, Widerrechtlichkeit, natürlicher und adäquater Kausalzusammenhang sowie Verschulden.',
      },
      { margin: '3', text: 'Zum Schadensbegriff vgl. BGE 132 III 359 E. 4.' },
    ]);
    expect(bv8).toMatchObject({ sr_number: '101', article_num: '8', abbreviation: 'BV' });
  });

  it('a second run publishes nothing for unchanged records', async () => {
    const run = await runEventSource(source(), deps());
    expect(run).toMatchObject({ success: true, decisions_added: 0, decisions_updated: 0 });
    expect(await commentaries()).toHaveLength(2);
  });

  it.each([
    ['page2-500' as const, /answered 500|500/],
    ['listing-timeout' as const, /timed out|timeout|abort/i],
    ['listing-malformed' as const, /not JSON/],
  ])(
    'a failed run (%s) publishes a failed health event and loses nothing held',
    async (m, message) => {
      mode = m;
      await expect(runEventSource(source(), deps())).rejects.toThrow(message);
      const health = await lastHealth();
      expect(health).toMatchObject({ source: 'onlinekommentar-test', success: false, total_held: 2 });
      expect(health.errors.map((e) => e.message).join('\n')).toMatch(/run aborted/);
      expect((await commentaries()).map((c) => c.commentary_id)).toEqual([`${ID}1`, `${ID}2`]);
    },
    20_000,
  );
});
