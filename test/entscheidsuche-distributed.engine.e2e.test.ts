/**
 * SOURCE=entscheidsuche in the distributed mode, as deployed: the ingest process reads a local copy
 * of the portal (real records, a PDF-only record, job files in the portal's format) into Kafka, a
 * projector process fills Postgres and OpenSearch, the API process serves the decisions. A second
 * night with an `update` and a `nicht_mehr_da` publishes a new version and a withdrawal (asserted on
 * the decisions topic, the ingest state and the API: version 2 served, version 1 on request, the
 * withdrawn decision served marked and gone from search).
 */
import { describe, expect, it } from 'vitest';
import { distributedHarness } from './support/distributed-stack.ts';
import { esFixturesPresent, FakeEntscheidsuche, PDF_RECORD } from './support/entscheidsuche-portal.ts';

if (!esFixturesPresent) console.log('skipped: the real entscheidsuche records (../shared/fixtures/entscheidsuche) are not here');

const harness = distributedHarness();
const SPIDERS = ['CH_BGer', 'CH_EDOEB', 'SH_OG', 'TI_Gerichte', 'VD_Omni', 'ZH_Obergericht'];
const VD_HTML = 'VD_Omni/VD_TC_031_FI-2026-0167_2026-08-12.html';
const ZH_JSON = 'ZH_Obergericht/ZH_OG_999_DG240019_2025-06-12.json';

interface Envelope {
  type: string;
  key: string;
  eventId: string;
  data: Record<string, unknown>;
}

describe.skipIf(!esFixturesPresent)('entscheidsuche over HTTP, distributed mode', () => {
  it('serves the portal decisions, then publishes a new version and a withdrawal', async (ctx) => {
    await harness.withStack(ctx, async (stack) => {
      const portal = await (await new FakeEntscheidsuche().loadFixtures()).start();
      try {
        stack.startProjector();
        await stack.startApi();
        await stack.waitForApi();
        const ingest = (night: number) =>
          stack
            .spawn(`ingest#${night}`, 'ingest/ingest.main.ts', [], {
              SOURCE: 'entscheidsuche',
              ENTSCHEIDSUCHE_BASE_URL: portal.url,
              ENTSCHEIDSUCHE_SPIDERS: SPIDERS.join(','),
              HTTP_MIN_INTERVAL_MS: '10',
            })
            .finished();
        await ingest(1);
        await stack.waitForSearchTotal(6);
        const bger = await stack.get<Record<string, unknown>>('/decisions/bger_5A_459_2025');
        expect(bger.body).toMatchObject({ court: 'bger', docket_number: '5A_459/2025', decision_date: '2025-06-17', language: 'de' });
        expect(bger.body.full_text).toContain('Demnach erkennt der Präsident:');
        const vd = await stack.get<Record<string, unknown>>('/decisions/vd_findinfo_FI.2026.0167');
        expect(vd.body).toMatchObject({ court: 'vd_findinfo', docket_number: 'FI.2026.0167', decision_date: '2026-08-12', language: 'fr' });
        const search = await stack.get<{ results: { decision_id: string; language: string }[] }>(
          `/decisions?query=${encodeURIComponent('"Considerando in diritto"')}&fields=compact`,
        );
        expect(search.body.results.map((r) => r.language)).toContain('it');

        // The next night: one record changed, one gone.
        portal.files.set(VD_HTML, Buffer.from(portal.files.get(VD_HTML)!.toString('utf8').replace('</body>', '<p>Rectification du 20 novembre 2026.</p></body>')));
        const vdJson = VD_HTML.replace(/\.html$/, '.json');
        const record = JSON.parse(portal.files.get(vdJson)!.toString('utf8')) as { HTML: Record<string, string> };
        record.HTML.Checksum = 'changed';
        portal.files.set(vdJson, Buffer.from(JSON.stringify(record)));
        portal.files.delete(ZH_JSON);
        portal.files.delete(ZH_JSON.replace(/\.json$/, '.html'));
        portal.publishJobs();
        await ingest(2);
        await stack.waitUntilCaughtUp();

        const decisions = (await stack.readTopic(`${stack.topicPrefix}decisions`, 8)).map((m) => JSON.parse(m.value) as Envelope);
        expect(decisions).toHaveLength(8);
        expect(new Set(decisions.map((e) => e.eventId)).size).toBe(8);
        const vdVersions = decisions.filter((e) => e.type === 'DecisionPublished' && e.key === 'vd_findinfo_FI.2026.0167');
        expect(vdVersions).toHaveLength(2);
        expect(new Set(vdVersions.map((e) => (e.data.provenance as { content_hash: string }).content_hash)).size).toBe(2);
        const withdrawn = decisions.filter((e) => e.type === 'DecisionWithdrawn');
        expect(withdrawn.map((e) => e.key)).toEqual(['zh_obergericht_DG240019']);
        const pdf = decisions.find(
          (e) => (e.data.provenance as { source_item_id?: string } | undefined)?.source_item_id === PDF_RECORD,
        );
        expect(pdf?.data).toMatchObject({ docket_number: '52.2024.12', language: 'it', decision_date: '2025-03-04' });

        const state = await (await stack.db())
          .selectFrom('ingest_state')
          .select(['item_id', 'entity_key', 'source_checksum'])
          .where('source', '=', 'entscheidsuche')
          .execute();
        expect(state).toHaveLength(6);
        expect(state.find((r) => r.item_id === ZH_JSON)?.source_checksum).toMatch(/^nicht_mehr_da:/);
        const health = await stack.get<{ sources: Record<string, unknown>[] }>('/scraper-health');
        expect(health.body.sources.find((s) => s.source === 'entscheidsuche')).toMatchObject({
          success: true,
          decisions_updated: 1,
        });
        const vd2 = (await stack.get<Record<string, unknown>>('/decisions/vd_findinfo_FI.2026.0167')).body;
        expect(vd2.full_text).toContain('Rectification du 20 novembre 2026.');
        expect(vd2.version).toBe(2);
        expect((vd2.versions as { version: number }[]).map((v) => v.version)).toEqual([1, 2]);
        const vd1 = (await stack.get<Record<string, unknown>>('/decisions/vd_findinfo_FI.2026.0167?version=1')).body;
        expect(vd1.full_text).not.toContain('Rectification du 20 novembre 2026.');
        // The withdrawn decision stays served, marked, and has left the OpenSearch index.
        expect((await stack.get<Record<string, unknown>>('/decisions/zh_obergericht_DG240019')).body).toMatchObject({
          withdrawn: true,
        });
        await stack.waitForSearchTotal(5);
        expect(portal.maxInFlight).toBe(1);
      } finally {
        await portal.stop();
      }
    });
  }, 600_000);
});
