/**
 * Behaviour of GET /atom/{court}.xml over the `court-feeds` projection, on any database kind: RFC 4287 elements read back with an
 * XML parser, the 50 most recent decisions kept as decisions arrive and are corrected, conditional
 * GET, a rebuild that reproduces the feed, and bad court keys.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.ts';
import { courtByKey } from '../../contracts/courts/court-registry.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';
import { rebuildProjection } from '../../projector/rebuild.ts';
import { decisionEvent, makeDecision, type DecisionInput } from './decisions.ts';
import { parseAtom } from './export-readers.ts';
import { encodeLoosely, HOSTILE_STRINGS } from './hostile-input.ts';
import { TEST_PUBLIC_BASE } from './read-models.ts';

/** The court-feeds behaviour on a database `open` gives (null: no engine here, the tests skip). */
export function courtFeedsBehaviour(name: string, open: () => Promise<DatabaseHandle | null>): void {
  const quiet = { info() {}, warn() {}, error() {} };
  const UNICODE = 'ä ö ü ß é è à ç « » „ “ ’ – §';

  let handle: DatabaseHandle;
  let log: TableEventLog;
  let host: ProjectorHost;
  let app: FastifyInstance;

  const hostDeps = () => ({ db: handle.db, log, now: () => new Date().toISOString(), logger: quiet });

  async function publish(inputs: readonly DecisionInput[]): Promise<void> {
    await log.append(inputs.map((i) => decisionEvent(makeDecision(i))));
    await host.waitUntilCaughtUp(undefined, 10);
  }

  /** A BVGer decision of day `n` after 2020-01-01. */
  const bvger = (n: number, extra: Partial<DecisionInput> = {}): DecisionInput => {
    const date = new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);
    return {
      court: 'bvger',
      docket_number: `A-${1000 + n}/2020`,
      decision_date: date,
      language: 'de',
      title: `Asyl; Wegweisung ${n}`,
      regeste: n % 2 === 0 ? `Art. 83 AIG; Regeste ${n}.` : null,
      full_text: `Sachverhalt:\n\nA. Text des Entscheids ${n} mit\fSeitenumbruch.\n\nErwägungen:\n\n1. Die Beschwerde ist zulässig.`,
      ...extra,
    };
  };

  beforeAll(async () => {
    const opened = await open();
    if (!opened) return;
    handle = opened;
    log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
    host = new ProjectorHost(hostDeps(), allProjections({ writer: new PostgresSearchIndex(handle.db) }), {
      batchSize: 20,
      watchIntervalMs: 0,
    });
    await host.start();
    await publish([
      ...Array.from({ length: 55 }, (_, i) => bvger(i)),
      {
        court: 'ge_gerichte',
        docket_number: 'ACJC/866/2019',
        decision_date: '2019-06-21',
        language: 'fr',
        title: `Bail à loyer « résiliation » ${UNICODE}`,
        regeste: null,
        full_text: `Arrêt du 21 juin 2019. ${UNICODE} `.repeat(60),
      },
      {
        court: 'ti_gerichte',
        docket_number: '12.2020.1',
        decision_date: '2020-03-02',
        language: 'it',
        title: 'Contratto di locazione',
        regeste: 'Art. 271 CO; disdetta.',
        full_text: 'Sentenza del 2 marzo 2020.',
      },
    ]);
    app = await buildApp({
      db: handle.db,
      search: new PostgresSearchIndex(handle.db),
      settings: {
        basePath: '',
        publicBaseUrl: TEST_PUBLIC_BASE,
        staleAfterHours: 48,
        maxSearchResponseChars: 1_000_000,
        // Every request sees the snapshot as the projection left it.
        feedCacheTtlMs: 0,
      },
      today: () => '2026-01-15',
      now: () => new Date('2026-01-15T12:00:00Z'),
    });
  });

  // Without an engine (outside CI) every test is reported as skipped, not passed.
  beforeEach((ctx) => {
    if (!handle) ctx.skip();
  });

  afterAll(async () => {
    await app?.close();
    await host?.stop();
    await log?.close();
    await handle?.close();
  });

  type AtomEntry = {
    id: string;
    title: string | { '#text': string; '@_type': string };
    updated: string;
    published?: string;
    link: { '@_href': string }[];
    summary: string | { '#text': string };
    category: { '@_term': string; '@_scheme': string; '@_label'?: string }[];
  };
  type AtomFeed = {
    id: string;
    title: string;
    updated: string;
    author: { name: string };
    link: { '@_rel': string; '@_href': string }[];
    entry?: AtomEntry[];
  };

  const textOf = (v: string | { '#text': string }) => (typeof v === 'string' ? v : v['#text']);

  async function feedOf(court: string, headers: Record<string, string> = {}) {
    const res = await app.inject({ method: 'GET', url: `/atom/${court}.xml`, headers });
    return { res, feed: res.statusCode === 200 ? ((parseAtom(res.body)['feed'] as AtomFeed) ?? null) : null };
  }

  describe(`GET /atom/{court}.xml (${name})`, () => {
    it('is an Atom 1.0 document with every element RFC 4287 requires', async () => {
      const { res, feed } = await feedOf('bvger');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(parseAtom(res.body)['feed']).toMatchObject({ '@_xmlns': 'http://www.w3.org/2005/Atom' });
      expect(feed!.id).toBe(`${TEST_PUBLIC_BASE}/atom/bvger.xml`);
      expect(feed!.title).toBe('Bundesverwaltungsgericht');
      expect(feed!.author.name).toBe('Bundesverwaltungsgericht');
      expect(Number.isNaN(Date.parse(feed!.updated))).toBe(false);
      expect(feed!.link).toEqual(
        expect.arrayContaining([
          { '@_rel': 'self', '@_href': `${TEST_PUBLIC_BASE}/atom/bvger.xml` },
          { '@_rel': 'alternate', '@_href': `${TEST_PUBLIC_BASE}/decisions?court=bvger&sort=date_desc` },
        ]),
      );
      for (const e of feed!.entry!) {
        expect(e.id).toMatch(/^https:\/\/research\.example\.ch\/entscheid\/bvger_A-1\d{3}_2020$/);
        expect(e.link[0]!['@_href']).toBe(e.id);
        expect(Number.isNaN(Date.parse(e.updated))).toBe(false);
        expect(e.published).toMatch(/^2020-\d\d-\d\dT00:00:00.000Z$/);
        expect(textOf(e.summary).length).toBeGreaterThan(0);
        expect(e.category.map((c) => c['@_term'])).toEqual(['bvger', 'CH', 'de']);
        expect(e.category[0]!['@_label']).toBe('Bundesverwaltungsgericht');
      }
      // Feed updated = the latest entry update.
      expect(feed!.updated).toBe(
        feed!
          .entry!.map((e) => e.updated)
          .sort()
          .at(-1),
      );
    });

    it('holds the 50 most recent decisions, newest first, titled by citation string and title', async () => {
      const { feed } = await feedOf('bvger');
      expect(feed!.entry).toHaveLength(50);
      const ids = feed!.entry!.map((e) => e.id.split('/').at(-1));
      expect(ids[0]).toBe('bvger_A-1054_2020');
      expect(ids.at(-1)).toBe('bvger_A-1005_2020');
      const detail = (await app.inject('/decisions/bvger_A-1054_2020?full_text=false')).json();
      expect(textOf(feed!.entry![0]!.title)).toBe(`${detail.citation_string_de} – Asyl; Wegweisung 54`);
      expect(textOf(feed!.entry![0]!.summary)).toBe('Art. 83 AIG; Regeste 54.');
      // Without a Regeste: the start of the text, whitespace and control characters gone.
      expect(textOf(feed!.entry![1]!.summary)).toBe(
        'Sachverhalt: A. Text des Entscheids 53 mit Seitenumbruch. Erwägungen: 1. Die Beschwerde ist zulässig.',
      );
    });

    it('keeps Unicode intact and cuts a long text to its start', async () => {
      const { feed } = await feedOf('ge_gerichte');
      // Named in the language of the court's decisions.
      expect(feed!.title).toBe(`${courtByKey('ge_gerichte')!.name.fr} (GE)`);
      const [entry] = feed!.entry!;
      expect(textOf(entry!.title)).toContain(`Bail à loyer « résiliation » ${UNICODE}`);
      const summary = textOf(entry!.summary);
      expect(summary.startsWith(`Arrêt du 21 juin 2019. ${UNICODE}`)).toBe(true);
      expect(summary.length).toBeLessThanOrEqual(602);
      expect(summary.endsWith(' …')).toBe(true);
      expect(entry!.category.map((c) => c['@_term'])).toEqual(['ge_gerichte', 'GE', 'fr']);
    });

    it('answers a conditional GET with 304 by ETag and by Last-Modified', async () => {
      const { res } = await feedOf('ti_gerichte');
      const etag = res.headers['etag'] as string;
      const lastModified = res.headers['last-modified'] as string;
      expect(etag).toMatch(/^"[\w-]{32}"$/);
      expect(new Date(lastModified).toUTCString()).toBe(lastModified);
      const byTag = await app.inject({ url: '/atom/ti_gerichte.xml', headers: { 'if-none-match': etag } });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.body).toBe('');
      const byDate = await app.inject({
        url: '/atom/ti_gerichte.xml',
        headers: { 'if-modified-since': lastModified },
      });
      expect(byDate.statusCode).toBe(304);
      const stale = await app.inject({
        url: '/atom/ti_gerichte.xml',
        headers: { 'if-none-match': '"other"' },
      });
      expect(stale.statusCode).toBe(200);
    });

    it('shows a newer decision first and still holds exactly 50; a correction to an older date lets the 51st back in', async () => {
      const before = await feedOf('bvger');
      await publish([bvger(400, { title: `Neuester Entscheid ${UNICODE}` })]);
      const after = await feedOf('bvger');
      expect(after.feed!.entry).toHaveLength(50);
      expect(after.feed!.entry![0]!.id).toBe(`${TEST_PUBLIC_BASE}/entscheid/bvger_A-1400_2020`);
      expect(textOf(after.feed!.entry![0]!.title)).toContain(`Neuester Entscheid ${UNICODE}`);
      expect(after.feed!.entry!.at(-1)!.id).toBe(`${TEST_PUBLIC_BASE}/entscheid/bvger_A-1006_2020`);
      expect(after.res.headers['etag']).not.toBe(before.res.headers['etag']);
      expect(
        (
          await app.inject({
            url: '/atom/bvger.xml',
            headers: { 'if-none-match': before.res.headers['etag'] as string },
          })
        ).statusCode,
      ).toBe(200);

      // The newest decision is corrected to an old date: it leaves the snapshot, the 51st comes back.
      await publish([bvger(400, { decision_date: '2001-01-01', title: `Neuester Entscheid ${UNICODE}` })]);
      const corrected = await feedOf('bvger');
      expect(corrected.feed!.entry).toHaveLength(50);
      expect(corrected.feed!.entry![0]!.id).toBe(`${TEST_PUBLIC_BASE}/entscheid/bvger_A-1054_2020`);
      expect(corrected.feed!.entry!.at(-1)!.id).toBe(`${TEST_PUBLIC_BASE}/entscheid/bvger_A-1005_2020`);
    });

    it('a republication without change keeps the entry and the feed as they were', async () => {
      const before = (await feedOf('ti_gerichte')).res;
      await publish([
        {
          court: 'ti_gerichte',
          docket_number: '12.2020.1',
          decision_date: '2020-03-02',
          language: 'it',
          title: 'Contratto di locazione',
          regeste: 'Art. 271 CO; disdetta.',
          full_text: 'Sentenza del 2 marzo 2020.',
        },
      ]);
      const after = (await feedOf('ti_gerichte')).res;
      expect(after.body).toBe(before.body);
      expect(after.headers['etag']).toBe(before.headers['etag']);
    });

    it('a rebuild of the projection from the log gives the same feed, byte for byte', async () => {
      const before = await Promise.all(
        ['bvger', 'ge_gerichte', 'ti_gerichte'].map(async (c) => (await feedOf(c)).res.body),
      );
      const projection = allProjections({ writer: new PostgresSearchIndex(handle.db) }).find(
        (p) => p.name === 'court-feeds',
      )!;
      const result = await rebuildProjection(hostDeps(), projection, { batchSize: 7 });
      expect(result.generation).toBeGreaterThan(1);
      const after = await Promise.all(
        ['bvger', 'ge_gerichte', 'ti_gerichte'].map(async (c) => (await feedOf(c)).res.body),
      );
      expect(after).toEqual(before);
    });

    it('a registered court without decisions has an empty, valid feed', async () => {
      const { res, feed } = await feedOf('bpatger');
      expect(res.statusCode).toBe(200);
      expect(feed!.title).toBe('Bundespatentgericht');
      expect(feed!.entry).toBeUndefined();
      expect(feed!.updated).toBe('1970-01-01T00:00:00.000Z');
    });

    it('an unknown court is a 404 naming /courts; a key that is not a court key is a 422', async () => {
      const unknown = await app.inject('/atom/xx_nirgendwo.xml');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        detail: "No court 'xx_nirgendwo'; list the courts via /courts",
        code: 'API_UNKNOWN_COURT',
      });
      for (const bad of ['BGer', 'b', '1bger', 'bger-x', '%C3%A4rger', 'x'.repeat(65)]) {
        const res = await app.inject(`/atom/${bad}.xml`);
        expect(res.statusCode, bad).toBe(422);
        expect(res.json().detail[0].loc).toEqual(['path', 'court']);
      }
    });

    it('hostile court keys never give a 5xx', async () => {
      for (const s of [
        ...HOSTILE_STRINGS.map(encodeLoosely),
        '%00',
        '..%2F..%2Fetc%2Fpasswd',
        'x'.repeat(10_000),
      ]) {
        const res = await app.inject(`/atom/${s}.xml`);
        expect(res.statusCode, s.slice(0, 40)).toBeLessThan(500);
      }
    });
  });
}
