/**
 * Saved-search alerts end to end, shared by the embedded and the PostgreSQL test: POST /alerts through the API, decisions
 * appended to the event log and projected by the real projector, webhook deliveries received by a
 * local HTTP server (signed, exactly the matching decisions, once each — also across a projector
 * restart and a failing receiver), the Atom feed of a feed alert, DELETE with the secret.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAlertSignature } from '../../contracts/alerts/alert-signature.ts';
import { parseAtom } from './export-readers.ts';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import { AlertDelivery, DEFAULT_ALERT_DELIVERY } from '../../projector/alerts/alert-delivery.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';
import { decisionEvent, makeDecision } from './decisions.ts';
import { type DatabaseKind, openTestDatabase } from './engines.ts';
import { type RecordedRequest, startFakeHttp } from './fake-http.ts';
import { appOver, TEST_PUBLIC_BASE } from './read-models.ts';

const silent = { info() {}, warn() {}, error() {} };

/** A DecisionPublished event published now (alerts see decisions published after their creation). */
function publishedNow(d: NormalisedDecision): OutgoingEvent {
  const e = decisionEvent(d);
  return { ...e, envelope: { ...e.envelope, occurredAt: new Date().toISOString() } };
}

const decision = (court: string, docket: string, text: string, extra: Partial<NormalisedDecision> = {}) =>
  makeDecision({ court, docket_number: docket, full_text: text, ...extra });

const MIETE_BGER_1 = decision('bger', '4A_101/2026', 'Die Kündigung des Mietvertrags war missbräuchlich.');
const MIETE_BGER_2 = decision('bger', '4A_102/2026', 'Mietvertrag über Geschäftsräume; Kündigung.', {
  language: 'de',
});
const MIETE_ZH = decision('zh_obergericht', 'LB260001', 'Kündigung eines Mietvertrags in Zürich.');
const ARBEIT_BGER = decision('bger', '4A_103/2026', 'Fristlose Entlassung eines Arbeitnehmers.');
const BAIL_BGER = decision('bger', '4A_104/2026', 'La résiliation du bail était abusive.', {
  language: 'fr',
});
const OLD_MIETE = decision('bger', '4A_1/2020', 'Mietvertrag alt: Kündigung.');

/** The alerts behaviour on a database of `kind` (PGlite in memory, or a fresh schema on the server at `url`). */
export function alertsBehaviour(kind: DatabaseKind, url: string | null = null): void {
  describe.skipIf(kind === 'postgres' && url === null)(`saved-search alerts (${kind})`, () => {
    let handle: DatabaseHandle;
    let log: TableEventLog;
    let projector: ProjectorHost;
    let app: FastifyInstance;
    let delivery: AlertDelivery;
    let failFirst = 0;
    let receiver: Awaited<ReturnType<typeof startFakeHttp>>;

    const startProjector = async () => {
      const search = new PostgresSearchIndex(handle.db);
      projector = new ProjectorHost(
        { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
        allProjections({ writer: search }),
        { batchSize: 3, watchIntervalMs: 0 },
      );
      await projector.start();
    };
    const publish = async (...decisions: NormalisedDecision[]) => {
      await log.append(decisions.map(publishedNow));
      await projector.waitUntilCaughtUp(undefined, 10);
    };
    /** Delivery passes until nothing is due (retries wait their back-off). */
    const deliverAll = async () => {
      for (let i = 0; i < 50; i++) {
        await delivery.deliverDue();
        const due = await handle.db
          .selectFrom('alert_hits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('delivery', '=', 'pending')
          .executeTakeFirstOrThrow();
        if (Number(due.n) === 0) return;
        await new Promise((r) => setTimeout(r, 30));
      }
      throw new Error('deliveries still pending');
    };
    const received = (alertId: string): RecordedRequest[] =>
      receiver.requests.filter((r) => r.headers['x-alert-id'] === alertId);
    const deliveredIds = (alertId: string) =>
      received(alertId)
        .filter((r) => r.headers['x-delivery-outcome'] !== 'failed')
        .map((r) => (JSON.parse(r.body) as { decision: { decision_id: string } }).decision.decision_id)
        .sort();

    let webhookAlert: { alert_id: string; secret: string };
    let feedAlert: { alert_id: string; secret: string; feed_url: string };

    beforeAll(async () => {
      receiver = await startFakeHttp((request, response) => {
        if (failFirst > 0) {
          failFirst--;
          (request.headers as Record<string, string>)['x-delivery-outcome'] = 'failed';
          response.writeHead(503).end();
          return;
        }
        response.writeHead(204).end();
      });
      handle = await openTestDatabase(kind, url);
      log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
      await log.append([decisionEvent(OLD_MIETE)]);
      await startProjector();
      await projector.waitUntilCaughtUp(undefined, 10);
      // the receiver listens on 127.0.0.1: webhooks to any host
      app = await appOver(
        { handle, search: new PostgresSearchIndex(handle.db) },
        { settings: { webhookTargets: 'any' } },
      );
      delivery = new AlertDelivery(
        { db: handle.db, logger: silent },
        {
          ...DEFAULT_ALERT_DELIVERY,
          retryBaseMs: 20,
          retryMaxMs: 100,
          timeoutMs: 2_000,
          publicTargetsOnly: false,
        },
      );
    });
    afterAll(async () => {
      await projector.stop();
      await log.close();
      await app.close();
      await handle.close();
      await receiver.close();
    });

    it('creates a webhook alert and a feed alert with the /decisions parameters', async () => {
      const created = await app.inject({
        method: 'POST',
        url: '/alerts',
        payload: { query: 'Mietvertrag AND Kündigung', court: 'BGER', webhook_url: `${receiver.url}/hook` },
      });
      expect(created.statusCode).toBe(201);
      const body = created.json<{
        alert_id: string;
        secret: string;
        feed_url: null;
        webhook_url: string;
        search: object;
      }>();
      expect(body).toMatchObject({
        webhook_url: `${receiver.url}/hook`,
        feed_url: null,
        search: { query: 'Mietvertrag AND Kündigung', court: 'bger' },
      });
      expect(body.secret.length).toBeGreaterThanOrEqual(40);
      webhookAlert = body;

      const feed = await app.inject({
        method: 'POST',
        url: '/alerts',
        payload: { q: 'Kündigung', canton: 'zh' },
      });
      expect(feed.statusCode).toBe(201);
      feedAlert = feed.json();
      expect(feedAlert.feed_url).toBe(`${TEST_PUBLIC_BASE}/alerts/${feedAlert.alert_id}.xml`);
    });

    it('delivers exactly the newly published matching decisions, signed, once each', async () => {
      await publish(MIETE_BGER_1, MIETE_ZH, ARBEIT_BGER, BAIL_BGER, MIETE_BGER_2);
      await deliverAll();
      expect(deliveredIds(webhookAlert.alert_id)).toEqual(
        [MIETE_BGER_1.decision_id, MIETE_BGER_2.decision_id].sort(),
      );
      for (const r of received(webhookAlert.alert_id)) {
        expect(r.method).toBe('POST');
        expect(r.path).toBe('/hook');
        expect(r.headers['content-type']).toBe('application/json');
        const signature = String(r.headers['x-alert-signature']);
        expect(
          verifyAlertSignature(webhookAlert.secret, signature, r.body, Math.floor(Date.now() / 1000)),
        ).toBe(true);
        expect(verifyAlertSignature('another secret', signature, r.body, Math.floor(Date.now() / 1000))).toBe(
          false,
        );
        expect(
          verifyAlertSignature(webhookAlert.secret, signature, `${r.body} `, Math.floor(Date.now() / 1000)),
        ).toBe(false);
        const payload = JSON.parse(r.body) as {
          alert_id: string;
          delivery_id: string;
          decision: { decision_id: string; court: string };
        };
        expect(payload.alert_id).toBe(webhookAlert.alert_id);
        expect(payload.delivery_id).toBe(r.headers['x-alert-delivery']);
        expect(payload.decision.court).toBe('bger');
      }
      // the decision published before the alert existed is not matched
      expect(deliveredIds(webhookAlert.alert_id)).not.toContain(OLD_MIETE.decision_id);
    });

    it('matches like /decisions does for the same parameters', async () => {
      const search = await app.inject({
        method: 'GET',
        url: '/decisions?query=Mietvertrag%20AND%20K%C3%BCndigung&court=bger',
      });
      const found = search
        .json<{ results: { decision_id: string }[] }>()
        .results.map((r) => r.decision_id)
        .filter((id) => id !== OLD_MIETE.decision_id)
        .sort();
      expect(found).toEqual(deliveredIds(webhookAlert.alert_id));
    });

    it('does not deliver again across a projector restart, a replay of the same events or a re-publication', async () => {
      await projector.stop();
      await startProjector();
      const republished = makeDecision({
        ...MIETE_BGER_1,
        docket_number: MIETE_BGER_1.docket_number,
        title: 'Berichtigt',
      });
      const newOne = decision('bger', '4A_105/2026', 'Kündigung Mietvertrag Wohnung.');
      await publish(republished, newOne);
      // the same events again (a redelivery)
      await log.append([publishedNow(newOne)]);
      await projector.waitUntilCaughtUp(undefined, 10);
      await deliverAll();
      expect(deliveredIds(webhookAlert.alert_id)).toEqual(
        [MIETE_BGER_1.decision_id, MIETE_BGER_2.decision_id, newOne.decision_id].sort(),
      );
    });

    it('retries a failing receiver with back-off until it answers 2xx', async () => {
      failFirst = 2;
      const before = received(webhookAlert.alert_id).length;
      const next = decision('bger', '4A_106/2026', 'Mietvertrag: Kündigung wegen Eigenbedarf.');
      await publish(next);
      await deliverAll();
      const attempts = received(webhookAlert.alert_id).slice(before);
      expect(attempts).toHaveLength(3);
      expect(attempts.map((a) => a.headers['x-delivery-outcome'])).toEqual(['failed', 'failed', undefined]);
      // Back-off of 20 ms, then 40 ms (retryBaseMs doubled): lower bounds only, a busy machine only adds to them.
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(20 - 2);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(40 - 2);
      expect(deliveredIds(webhookAlert.alert_id)).toContain(next.decision_id);
      const row = await handle.db
        .selectFrom('alert_hits')
        .selectAll()
        .where('decision_id', '=', next.decision_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ delivery: 'delivered', attempts: 3, last_error: null });
    });

    it('gives up after the last attempt and records why', async () => {
      const giveUp = new AlertDelivery(
        { db: handle.db, logger: silent },
        {
          ...DEFAULT_ALERT_DELIVERY,
          retryBaseMs: 10,
          retryMaxMs: 10,
          maxAttempts: 2,
          publicTargetsOnly: false,
        },
      );
      const dead = await app.inject({
        method: 'POST',
        url: '/alerts',
        payload: { query: 'Entlassung', webhook_url: 'http://127.0.0.1:9/closed' },
      });
      const alertId = dead.json<{ alert_id: string }>().alert_id;
      const target = decision('bger', '4A_107/2026', 'Entlassung wegen Diebstahls.');
      await publish(target);
      for (let i = 0; i < 20; i++) {
        await giveUp.deliverDue();
        await new Promise((r) => setTimeout(r, 20));
      }
      const row = await handle.db
        .selectFrom('alert_hits')
        .selectAll()
        .where('alert_id', '=', alertId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ delivery: 'failed', attempts: 2, next_attempt_at: null });
      expect(row.last_error).toMatch(/fetch failed|ECONNREFUSED/);
    });

    it('lists a feed alert’s matches in its Atom feed', async () => {
      const res = await app.inject({ method: 'GET', url: `/alerts/${feedAlert.alert_id}.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      // Read back with an XML parser: the RFC 4287 elements of the feed and of its one entry.
      const feed = parseAtom(res.body)['feed'] as {
        '@_xmlns': string;
        id: string;
        title: string;
        updated: string;
        entry: {
          id: string;
          title: string | { '#text': string };
          updated: string;
          link: { '@_href': string }[];
          category: { '@_term': string }[];
        }[];
      };
      expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(feed.id).toBe(`${TEST_PUBLIC_BASE}/alerts/${feedAlert.alert_id}.xml`);
      expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
      expect(feed.entry).toHaveLength(1);
      const [entry] = feed.entry;
      expect(entry!.id).toBe(`${TEST_PUBLIC_BASE}/entscheid/${MIETE_ZH.decision_id}`);
      expect(entry!.link[0]!['@_href']).toBe(entry!.id);
      const title = entry!.title;
      expect(typeof title === 'string' ? title : title['#text']).toMatch(/^LB260001: /);
      expect(entry!.category.map((c) => c['@_term'])).toEqual([MIETE_ZH.court]);
      // webhook alerts have no feed; unknown ids are 404
      expect((await app.inject(`/alerts/${webhookAlert.alert_id}.xml`)).statusCode).toBe(404);
      expect((await app.inject('/alerts/00000000-0000-0000-0000-000000000000.xml')).statusCode).toBe(404);
      const noSuffix = await app.inject(`/alerts/${feedAlert.alert_id}`);
      expect(noSuffix.statusCode).toBe(422);
      expect(noSuffix.json()).toMatchObject({ detail: [{ loc: ['path', 'alert_feed'] }] });
    });

    it('deletes an alert only with its secret; a deleted alert matches nothing more', async () => {
      const url = `/alerts/${webhookAlert.alert_id}`;
      expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(422);
      const wrong = await app.inject({
        method: 'DELETE',
        url,
        headers: { 'x-alert-secret': feedAlert.secret },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({
        detail: 'The secret does not match this alert',
        code: 'API_ALERT_SECRET',
      });
      const ok = await app.inject({
        method: 'DELETE',
        url,
        headers: { 'x-alert-secret': webhookAlert.secret },
      });
      expect(ok.statusCode).toBe(204);
      expect(ok.body).toBe('');
      const again = await app.inject({
        method: 'DELETE',
        url,
        headers: { 'x-alert-secret': webhookAlert.secret },
      });
      expect(again.statusCode).toBe(404);
      const before = receiver.requests.length;
      await publish(decision('bger', '4A_108/2026', 'Mietvertrag und Kündigung.'));
      await deliverAll();
      expect(receiver.requests.length).toBe(before);
    });

    it.each([
      [{}, ['body', 'query']],
      [{ query: '   ' }, ['body', 'query']],
      [{ query: 'Miete', webhook_url: 'ftp://example.ch/x' }, ['body', 'webhook_url']],
      [{ query: 'Miete', webhook_url: 'not a url' }, ['body', 'webhook_url']],
      [{ query: 'Miete', unknown: 1 }, ['body']],
      [{ query: '"unclosed' }, ['query', 'query']],
      [{ query: 'Miete', date_from: '2024-02-01', date_to: '2024-01-01' }, ['body', 'date_to']],
      [{ query: 'Miete', canton: 'XX' }, ['body', 'canton']],
      [{ query: 7 }, ['body', 'query']],
      ['[1,2', ['body']],
    ])('refuses %j with 422 at %j', async (payload, loc) => {
      const res = await app.inject({
        method: 'POST',
        url: '/alerts',
        ...(typeof payload === 'string'
          ? { payload, headers: { 'content-type': 'application/json' } }
          : { payload }),
      });
      expect(res.statusCode).toBe(422);
      const detail = res.json<{ detail: { loc: string[] }[] }>().detail;
      expect(detail[0]!.loc.slice(0, loc.length)).toEqual(loc);
    });

    it('refuses webhooks to localhost and private addresses unless any target is allowed', async () => {
      const publicOnly = await appOver({ handle, search: new PostgresSearchIndex(handle.db) });
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://localhost/x',
        'http://[::1]/x',
        'http://169.254.169.254/latest',
        'http://10.0.0.5/',
      ]) {
        const res = await publicOnly.inject({
          method: 'POST',
          url: '/alerts',
          payload: { query: 'Miete', webhook_url: url },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          detail: [{ loc: ['body', 'webhook_url'], type: 'url_not_public' }],
        });
      }
      await publicOnly.close();

      // a name resolving to a private address is refused when the delivery resolves it
      const alert = await app.inject({
        method: 'POST',
        url: '/alerts',
        payload: { query: 'Verwaltungsgerichtsbeschwerde', webhook_url: 'http://localhost:9/x' },
      });
      const alertId = alert.json<{ alert_id: string }>().alert_id;
      await publish(decision('bger', '4A_109/2026', 'Verwaltungsgerichtsbeschwerde gutgeheissen.'));
      const strict = new AlertDelivery(
        { db: handle.db, logger: silent },
        { ...DEFAULT_ALERT_DELIVERY, maxAttempts: 1 },
      );
      await strict.deliverDue();
      const row = await handle.db
        .selectFrom('alert_hits')
        .selectAll()
        .where('alert_id', '=', alertId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        delivery: 'failed',
        last_error: expect.stringMatching(/non-public address 127\.0\.0\.1|::1/),
      });
    });

    it('answers an unknown court with the same 404 as /decisions', async () => {
      const res = await app.inject({ method: 'POST', url: '/alerts', payload: { court: 'xx_nowhere' } });
      const search = await app.inject({ method: 'GET', url: '/decisions?court=xx_nowhere' });
      expect(res.statusCode).toBe(search.statusCode);
      expect(res.json()).toEqual(search.json());
    });
  });
}
