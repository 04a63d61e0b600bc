/**
 * Two API processes (api/server.ts, in postgres mode and in distributed mode with Kafka and
 * OpenSearch) on one PostgreSQL database enforce one per-client rate limit: the counters live in
 * the database, so a client alternating between the instances gets the burst once, then 429 with
 * Retry-After from both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemaTree, postgresTestUrl, uniqueName } from './support/engines.ts';
import { kafkaTestBrokers, uniqueTopicPrefix } from './support/kafka-engine.ts';
import { openSearchTestUrl, uniqueIndexPrefix } from './support/opensearch-engine.ts';
import { freePort, type Proc, sleep, startDeployable, waitForReady } from './support/processes.ts';
import { openPostgres } from '../infra/db/database.ts';

const url = await postgresTestUrl();
const brokers = await kafkaTestBrokers();
const openSearch = await openSearchTestUrl();
const BURST = 30;

/** What each mode's API process needs besides the database. */
const MODES = [
  { mode: 'postgres', env: {} as Record<string, string>, skip: url === null },
  {
    mode: 'distributed',
    env: {
      KAFKA_BROKERS: (brokers ?? []).join(','),
      KAFKA_TOPIC_PREFIX: uniqueTopicPrefix('ratelimit'),
      OPENSEARCH_URL: openSearch ?? '',
      OPENSEARCH_INDEX_PREFIX: uniqueIndexPrefix('ratelimit'),
    },
    skip: url === null || brokers === null || openSearch === null,
  },
] as const;

// skipped (not an empty suite, which vitest fails) where a mode's engines are not configured
for (const { mode, env, skip } of MODES)
  describe.skipIf(skip)(`rate limit shared by API instances (${mode} mode)`, () => {
    const schema = uniqueName('t');
    const instances: { proc: Proc; base: string }[] = [];

    beforeAll(async () => {
      for (const name of ['api-1', 'api-2']) {
        const port = await freePort();
        const proc = startDeployable(name, 'api/server.ts', [], {
          SERVICE_MODE: mode,
          ...env,
          DATABASE_URL: url!,
          DATABASE_SCHEMA: schema,
          DATABASE_POOL_SIZE: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
          RATE_LIMIT: 'on',
          RATE_LIMIT_PER_SECOND: '1',
          RATE_LIMIT_BURST: String(BURST),
          TRUST_PROXY: '127.0.0.1',
          LOG_LEVEL: 'error',
        });
        const base = `http://127.0.0.1:${port}`;
        instances.push({ proc, base });
        await waitForReady(base);
      }
    });
    afterAll(async () => {
      for (const { proc } of instances) await proc.stop();
      const handle = await openPostgres({ url: url!, schema });
      await dropSchemaTree(handle.db, schema);
      await handle.close();
    });

    it('gives a client its burst once across both instances, then 429 with Retry-After from each', async () => {
      // Windows are aligned to the clock (BURST seconds): start early in one.
      const windowMs = BURST * 1000;
      const left = windowMs - (Date.now() % windowMs);
      if (left < windowMs / 2) await sleep(left + 200);
      const get = (i: number, client: string) =>
        fetch(`${instances[i % 2]!.base}/openapi.json`, { headers: { 'x-forwarded-for': client } });

      const statuses: number[] = [];
      for (let i = 0; i < BURST; i++) statuses.push((await get(i, '203.0.113.50')).status);
      expect(statuses).toEqual(Array.from({ length: BURST }, () => 200));
      for (const i of [0, 1]) {
        const over = await get(i, '203.0.113.50');
        expect(over.status).toBe(429);
        const retryAfter = Number(over.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(BURST);
        expect(await over.json()).toEqual({
          code: 'API_RATE_LIMITED',
          detail: expect.stringMatching(/^Too many requests: at most 30 requests per 30 s from one address/),
        });
      }
      // another client is not affected; probes are not limited
      expect((await get(1, '203.0.113.51')).status).toBe(200);
      for (const { base } of instances) {
        expect((await fetch(`${base}/ready`)).status).toBe(200);
        const metrics = await (await fetch(`${base}/metrics`)).text();
        expect(metrics).toMatch(/http_requests_total\{method="GET",route="\/openapi\.json",status="429"\} 1/);
      }
    });
  });
