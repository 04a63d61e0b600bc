/**
 * Decision versions, source precedence and withdrawal through the real projections, on any
 * database kind and search backend: `decision_versions` (what changed, when seen, the full
 * record), GET /decisions/{id} with `versions` and `?version=N`, a bger record that never replaces
 * an entscheidsuche one, and a withdrawal that leaves search, the court feed, the court counts and
 * the saved-search alerts while the decision stays retrievable; a rebuild reproduces the versions.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.ts';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import type { DecisionSearchIndex } from '../../infra/search/search.port.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections, type SearchBackend } from '../../projector/projections.ts';
import { rebuildProjection } from '../../projector/rebuild.ts';
import { parseQuery } from '../../contracts/search/query-parser.ts';
import { decisionEvent, makeDecision, withdrawalEvent, type DecisionInput } from './decisions.ts';
import { TEST_PUBLIC_BASE } from './read-models.ts';

/** The search index a suite runs against: its writer for the projector and its reader for the API. */
export interface VersionsSearch {
  readonly backend: SearchBackend;
  readonly index: DecisionSearchIndex;
  close(): Promise<void>;
}

/** A record of a decision as `source` publishes it, seen at `occurredAt`. */
function fromSource(input: DecisionInput, source: string, occurredAt: string): OutgoingEvent {
  const d = makeDecision(input);
  const event = decisionEvent({ ...d, provenance: { ...d.provenance, source } });
  return { ...event, envelope: { ...event.envelope, occurredAt, source } };
}

const V1: DecisionInput = {
  court: 'bger',
  docket_number: '4A_100/2025',
  decision_date: '2025-03-04',
  language: 'de',
  title: 'Mietrecht; Kündigung',
  regeste: 'Art. 271 OR; Anfechtung der Kündigung.',
  full_text:
    'Sachverhalt:\n\nA. Die Vermieterin kündigte.\n\nErwägungen:\n\n1. Die Kündigung ist treuwidrig (Zitronenfalter).\n\n2. Die Beschwerde ist begründet.',
};
const V2: DecisionInput = {
  ...V1,
  full_text:
    'Sachverhalt:\n\nA. Die Vermieterin kündigte.\n\nErwägungen:\n\n1. Die Kündigung ist treuwidrig (Kohlweissling).\n\n2. Die Beschwerde ist begründet.',
};
const ID = 'bger_4A_100_2025';

/** A bger decision first published by the court's site, then by entscheidsuche. */
const GAP: DecisionInput = {
  court: 'bger',
  docket_number: '5A_200/2025',
  decision_date: '2025-04-01',
  language: 'fr',
  title: 'Droit de la famille',
  regeste: null,
  full_text: 'Faits:\n\nA. Résumé provisoire.',
};
const GAP_ID = 'bger_5A_200_2025';

/** The version behaviour on a database `open` gives and a search backend (null: no engine, skip). */
export function decisionVersionsBehaviour(
  name: string,
  open: () => Promise<DatabaseHandle | null>,
  searchOver: (handle: DatabaseHandle) => Promise<VersionsSearch>,
): void {
  const quiet = { info() {}, warn() {}, error() {} };
  let handle: DatabaseHandle;
  let log: TableEventLog;
  let host: ProjectorHost;
  let app: FastifyInstance;
  let search: VersionsSearch;

  const hostDeps = () => ({ db: handle.db, log, now: () => new Date().toISOString(), logger: quiet });
  const publish = async (events: readonly OutgoingEvent[]) => {
    await log.append(events);
    await host.waitUntilCaughtUp(undefined, 10);
  };
  const get = async (path: string) => {
    const res = await app.inject(path);
    return { status: res.statusCode, body: res.json() };
  };
  const searchIds = async (query: string) =>
    (
      (await get(`/decisions?query=${encodeURIComponent(query)}`)).body.results as { decision_id: string }[]
    ).map((r) => r.decision_id);
  const versionRows = () =>
    handle.db
      .selectFrom('decision_versions')
      .select(['decision_id', 'version', 'content_hash', 'changed', 'source', 'seen_at', 'record'])
      .orderBy('decision_id')
      .orderBy('version')
      .execute();

  beforeAll(async () => {
    const opened = await open();
    if (!opened) return;
    handle = opened;
    search = await searchOver(handle);
    log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
    host = new ProjectorHost(hostDeps(), allProjections(search.backend), {
      batchSize: 3,
      watchIntervalMs: 0,
    });
    await host.start();
    app = await buildApp({
      db: handle.db,
      search: search.index,
      settings: {
        basePath: '',
        publicBaseUrl: TEST_PUBLIC_BASE,
        staleAfterHours: 48,
        maxSearchResponseChars: 1_000_000,
        feedCacheTtlMs: 0,
      },
      today: () => '2026-01-15',
      now: () => new Date('2026-01-15T12:00:00Z'),
    });
    // created before the events' time, so that every decision published here is eligible
    const parsed = parseQuery('Zitronenfalter');
    const alertQuery = parsed.ok ? parsed.ast : null;
    await handle.db
      .insertInto('alerts')
      .values({
        alert_id: 'alert-versions',
        secret: 'x'.repeat(32),
        search: JSON.stringify({ query: 'Zitronenfalter' }),
        query_ast: JSON.stringify(alertQuery),
        filters: JSON.stringify({}),
        webhook_url: null,
        created_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
  });

  beforeEach((ctx) => {
    if (!handle) ctx.skip();
  });

  afterAll(async () => {
    await app?.close();
    await host?.stop();
    await log?.close();
    await search?.close();
    await handle?.close();
  });

  describe(`decision versions and withdrawal (${name})`, () => {
    it('a changed text is version 2; the same content again adds no version, also as a second event', async () => {
      await publish([fromSource(V1, 'entscheidsuche', '2026-01-02T08:00:00.000Z')]);
      await publish([
        fromSource(V2, 'entscheidsuche', '2026-01-05T08:00:00.000Z'),
        fromSource(V2, 'entscheidsuche', '2026-01-06T08:00:00.000Z'),
      ]);
      await publish([fromSource(V2, 'entscheidsuche', '2026-01-07T08:00:00.000Z')]);
      const rows = (await versionRows()).filter((r) => r.decision_id === ID);
      expect(rows.map((r) => [r.version, r.changed, r.source, r.seen_at])).toEqual([
        [1, [], 'entscheidsuche', '2026-01-02T08:00:00.000Z'],
        [2, ['full_text'], 'entscheidsuche', '2026-01-05T08:00:00.000Z'],
      ]);
      expect((rows[1]!.record as NormalisedDecision).full_text).toBe(V2.full_text);
      expect(rows[0]!.content_hash).not.toBe(rows[1]!.content_hash);
    });

    it('GET /decisions/{id} serves the newest and lists the versions; ?version=1 the first, same citation strings', async () => {
      const newest = await get(`/decisions/${ID}`);
      expect(newest.status).toBe(200);
      expect(newest.body.version).toBe(2);
      expect(newest.body.full_text).toBe(V2.full_text);
      expect(newest.body.withdrawn).toBe(false);
      expect(newest.body.versions).toEqual([
        {
          version: 1,
          seen_at: '2026-01-02T08:00:00.000Z',
          changed: [],
          content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          source: 'entscheidsuche',
        },
        {
          version: 2,
          seen_at: '2026-01-05T08:00:00.000Z',
          changed: ['full_text'],
          content_hash: newest.body.provenance.content_hash,
          source: 'entscheidsuche',
        },
      ]);
      const first = await get(`/decisions/${ID}?version=1`);
      expect(first.status).toBe(200);
      expect(first.body.version).toBe(1);
      expect(first.body.full_text).toBe(V1.full_text);
      expect(first.body.provenance.content_hash).toBe(newest.body.versions[0].content_hash);
      expect(first.body.provenance.version).toBe(1);
      for (const field of ['citation_string_de', 'citation_string_fr', 'citation_string_it', 'canonical_url'])
        expect(first.body[field], field).toBe(newest.body[field]);
      expect(newest.body.citation_string_de).toBe('BGer 4A_100/2025 vom 4. März 2025');
      // the docket form reaches the same versions
      expect((await get('/decisions/4A_100%2F2025?version=1')).body.full_text).toBe(V1.full_text);
      // pinpoint anchors come from the structure of the newest text, numbered as before
      const erwaegung = await get(`/erwaegung/${ID}/1`);
      expect(erwaegung.status).toBe(200);
      expect(JSON.stringify(erwaegung.body)).toContain('Kohlweissling');
    });

    it('version is checked: 422 with the validation body for a non-integer or < 1, 404 for a version not held', async () => {
      for (const bad of ['0', '-1', 'abc', '1.5', '']) {
        const res = await get(`/decisions/${ID}?version=${bad}`);
        expect(res.status, bad).toBe(422);
        expect(res.body.detail[0].loc, bad).toEqual(['query', 'version']);
      }
      const missing = await get(`/decisions/${ID}?version=3`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        detail: `No version 3 of decision '${ID}'; it has versions 1 to 2`,
        code: 'API_NOT_FOUND',
      });
    });

    it('a bger record never replaces an entscheidsuche one; entscheidsuche replaces bger (new version)', async () => {
      await publish([
        fromSource(
          { ...V2, full_text: `${V2.full_text}\n\nKurzfassung des Gerichts.` },
          'bger',
          '2026-01-08T08:00:00.000Z',
        ),
      ]);
      const held = await get(`/decisions/${ID}`);
      expect(held.body.version).toBe(2);
      expect(held.body.provenance.source).toBe('entscheidsuche');
      expect(held.body.full_text).toBe(V2.full_text);
      expect(await searchIds('Kurzfassung')).toEqual([]);

      await publish([fromSource(GAP, 'bger', '2026-01-03T08:00:00.000Z')]);
      expect((await get(`/decisions/${GAP_ID}`)).body.provenance.source).toBe('bger');
      await publish([
        fromSource(
          {
            ...GAP,
            title: 'Droit de la famille; entretien',
            full_text: 'Faits:\n\nA. Texte intégral des archives.',
          },
          'entscheidsuche',
          '2026-01-09T08:00:00.000Z',
        ),
      ]);
      const replaced = await get(`/decisions/${GAP_ID}`);
      expect(replaced.body.version).toBe(2);
      expect(replaced.body.provenance.source).toBe('entscheidsuche');
      expect(
        replaced.body.versions.map((v: { source: string; changed: string[] }) => [v.source, v.changed]),
      ).toEqual([
        ['bger', []],
        ['entscheidsuche', ['full_text', 'title']],
      ]);
      expect(await searchIds('archives')).toEqual([GAP_ID]);
      expect(await searchIds('provisoire')).toEqual([]);

      // the replacement's source is what later batches compare with: bger again changes nothing
      await publish([
        fromSource(
          { ...GAP, full_text: 'Faits:\n\nA. Nachtrag des Bundesgerichts.' },
          'bger',
          '2026-01-10T08:00:00.000Z',
        ),
      ]);
      const kept = await get(`/decisions/${GAP_ID}`);
      expect(kept.body.version).toBe(2);
      expect(kept.body.provenance.source).toBe('entscheidsuche');
      expect(await searchIds('Nachtrag')).toEqual([]);
    });

    it('a withdrawal leaves search, the court feed, the court counts and alerts; the decision stays retrievable', async () => {
      expect(await searchIds('Kohlweissling')).toEqual([ID]);
      const feedBefore = (await app.inject('/atom/bger.xml')).body;
      expect(feedBefore).toContain(ID);
      const countOf = async () =>
        ((await get('/courts')).body.courts as { court: string; decision_count: number }[]).find(
          (c) => c.court === 'bger',
        )?.decision_count;
      expect(await countOf()).toBe(2);
      expect((await app.inject('/alerts/alert-versions.xml')).body).toContain(ID);

      await publish([
        withdrawalEvent(ID, '2026-01-10T08:00:00.000Z', { reason: 'entscheidsuche job file: nicht_mehr_da' }),
      ]);
      const detail = await get(`/decisions/${ID}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        withdrawn: true,
        withdrawn_at: '2026-01-10T08:00:00.000Z',
        withdrawal_reason: 'entscheidsuche job file: nicht_mehr_da',
        version: 2,
      });
      expect((await get('/decisions/4A_100%2F2025')).body.withdrawn).toBe(true);
      expect((await get(`/cite?reference=${encodeURIComponent('4A_100/2025')}`)).body.exists).toBe(true);
      expect(await searchIds('Kohlweissling')).toEqual([]);
      expect(await searchIds('4A_100/2025')).toEqual([]);
      const feedAfter = (await app.inject('/atom/bger.xml')).body;
      expect(feedAfter).not.toContain(ID);
      expect(feedAfter).toContain(GAP_ID);
      expect(await countOf()).toBe(1);
      expect((await app.inject('/alerts/alert-versions.xml')).body).not.toContain(ID);
    });

    it('a later publication brings it back (new version only when the content changed)', async () => {
      await publish([fromSource(V2, 'entscheidsuche', '2026-01-11T08:00:00.000Z')]);
      const back = await get(`/decisions/${ID}`);
      expect(back.body).toMatchObject({
        withdrawn: false,
        withdrawn_at: null,
        withdrawal_reason: null,
        version: 2,
      });
      expect(await searchIds('Kohlweissling')).toEqual([ID]);
      expect((await app.inject('/atom/bger.xml')).body).toContain(ID);
    });

    it('a publication and a withdrawal in one batch: never alerted, never searchable', async () => {
      const input: DecisionInput = {
        ...V1,
        docket_number: '4A_300/2025',
        full_text: 'Zitronenfalter im Garten.',
      };
      await publish([
        fromSource(input, 'entscheidsuche', '2026-01-12T08:00:00.000Z'),
        withdrawalEvent('bger_4A_300_2025', '2026-01-12T09:00:00.000Z', {
          source: 'entscheidsuche',
          reason: 'gone',
        }),
      ]);
      const hits = await handle.db
        .selectFrom('alert_hits')
        .select('decision_id')
        .where('decision_id', '=', 'bger_4A_300_2025')
        .execute();
      expect(hits).toEqual([]);
      expect(await searchIds('Garten')).toEqual([]);
      expect((await get('/decisions/bger_4A_300_2025')).body.withdrawn).toBe(true);
    });

    it('withdrawing an unknown decision, or by bger what entscheidsuche holds, changes nothing and dead-letters nothing', async () => {
      const before = await versionRows();
      await publish([
        withdrawalEvent('bger_9C_999_2025', '2026-01-13T08:00:00.000Z', {
          source: 'entscheidsuche',
          reason: 'gone',
        }),
        withdrawalEvent(ID, '2026-01-13T08:00:00.000Z', { source: 'bger', reason: 'no longer on the list' }),
      ]);
      expect(await versionRows()).toEqual(before);
      expect((await get('/decisions/bger_9C_999_2025')).status).toBe(404);
      expect((await get(`/decisions/${ID}`)).body.withdrawn).toBe(false);
      expect(await searchIds('Kohlweissling')).toEqual([ID]);
      expect(await handle.db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);
    });

    it('a rebuild from the log reproduces the decisions, their versions and the search', async () => {
      const decisions = () => handle.db.selectFrom('decisions').selectAll().orderBy('decision_id').execute();
      const strip = <T extends { updated_at: string }>(rows: T[]) =>
        rows.map(({ updated_at: _u, ...r }) => r);
      const before = { decisions: strip(await decisions()), versions: await versionRows() };
      const projections = allProjections(search.backend);
      for (const name of ['decisions', 'decision-search', 'court-feeds', 'courts']) {
        const result = await rebuildProjection(
          hostDeps(),
          projections.find((p) => p.name === name)!,
          {
            batchSize: 2,
          },
        );
        expect(result.generation, name).toBeGreaterThan(1);
      }
      expect({ decisions: strip(await decisions()), versions: await versionRows() }).toEqual(before);
      expect(await searchIds('Kohlweissling')).toEqual([ID]);
      expect(await searchIds('Garten')).toEqual([]);
      expect((await app.inject('/atom/bger.xml')).body).not.toContain('bger_4A_300_2025');
    });
  });
}
