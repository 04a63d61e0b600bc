import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  OpenSearchSearchIndex,
  type OpenSearchLogger,
} from '../../infra/search/opensearch/opensearch-search-index.ts';
import type { SearchWriteContext } from '../../infra/search/search.port.ts';
import type { SearchFixture, SearchLimits } from './search.suite.ts';
import { dockerReachable, noEngine } from './engines.ts';

/**
 * Where the OpenSearch node for engine tests is: OPENSEARCH_URL (infra/local/engines.sh prints
 * it); else a testcontainers container when a Docker engine is reachable; else null after one
 * visible line — except in CI (CI=true), where a missing engine fails the run.
 */
const OPENSEARCH_IMAGE = 'opensearchproject/opensearch:2.19.2';
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENGINES_SCRIPT = `${REPO_ROOT}infra/local/engines.sh`;

let url: Promise<string | null> | null = null;

/** The OpenSearch URL for engine tests, or null (after printing why) when there is none. */
export function openSearchTestUrl(): Promise<string | null> {
  url ??= (async () => {
    const fromEnv = process.env['TEST_OPENSEARCH_URL'] ?? process.env['OPENSEARCH_URL'];
    if (fromEnv) return fromEnv.replace(/\/+$/, '');
    if (await dockerReachable()) {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer(OPENSEARCH_IMAGE)
        .withEnvironment({
          'discovery.type': 'single-node',
          DISABLE_SECURITY_PLUGIN: 'true',
          DISABLE_INSTALL_DEMO_CONFIG: 'true',
          OPENSEARCH_JAVA_OPTS: '-Xms512m -Xmx512m',
        })
        .withExposedPorts(9200)
        .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow', 9200).forStatusCode(200))
        .withStartupTimeout(180_000)
        .start();
      return `http://${container.getHost()}:${container.getMappedPort(9200)}`;
    }
    const why =
      'OpenSearch engine tests skipped: no OPENSEARCH_URL and no Docker engine (start one with infra/local/engines.sh start)';
    return noEngine(why);
  })();
  return url;
}

export interface LocalOpenSearchControl {
  /** `engines.sh stop-opensearch`: stops the node (same data). */
  stop(): Promise<void>;
  /** `engines.sh start-opensearch`: starts it again and waits until it is healthy. */
  start(): Promise<void>;
}

const run = promisify(execFile);

/**
 * Control over the node when `nodeUrl` is the one infra/local/engines.sh runs (its run folder
 * names that port and holds a pid file); null for any other node (Docker, a remote cluster).
 */
export function localScriptOpenSearch(nodeUrl: string): LocalOpenSearchControl | null {
  const engines = process.env['ENGINES_DIR'] ?? `${REPO_ROOT}.engines`;
  const portsFile = `${engines}/run/ports.env`;
  if (!existsSync(portsFile) || !existsSync(`${engines}/run/opensearch.pid`)) return null;
  const port = /^OPENSEARCH_PORT=(\d+)$/m.exec(readFileSync(portsFile, 'utf8'))?.[1];
  let parsed: URL;
  try {
    parsed = new URL(nodeUrl);
  } catch {
    return null;
  }
  if (!port || parsed.port !== port || !['127.0.0.1', 'localhost'].includes(parsed.hostname)) return null;
  const script = (cmd: string) => async () => {
    await run('bash', [ENGINES_SCRIPT, cmd], { timeout: 240_000 });
  };
  return { stop: script('stop-opensearch'), start: script('start-opensearch') };
}

/** A unique, valid index prefix for one test file (lower case, no wildcard characters). */
export function uniqueIndexPrefix(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`.toLowerCase();
}

/** Deletes every generation and alias (decisions, commentaries) under `indexPrefix` (tests clean up after themselves). */
export async function deleteIndices(nodeUrl: string, indexPrefix: string): Promise<void> {
  const res = await fetch(
    `${nodeUrl}/${indexPrefix}-decisions-v*,${indexPrefix}-commentaries-v*?expand_wildcards=all&ignore_unavailable=true`,
    {
      method: 'DELETE',
    },
  );
  if (!res.ok && res.status !== 404)
    throw new Error(`deleting ${indexPrefix} indices: ${res.status} ${await res.text()}`);
}

/** The OpenSearch writer ignores the read-model transaction of the write context. */
export const NO_TRANSACTION = { tx: null } as unknown as SearchWriteContext;

const quiet: OpenSearchLogger = { info: () => undefined, warn: () => undefined };

/**
 * The conformance-suite fixture of the OpenSearch index: a fresh generation-1 index under its own
 * prefix, writes refreshed before they resolve, every index of the prefix deleted on close.
 */
export async function openSearchSearchFixture(
  nodeUrl: string,
  indexPrefix: string,
  limits?: SearchLimits,
): Promise<SearchFixture & { readonly index: OpenSearchSearchIndex }> {
  const index = new OpenSearchSearchIndex({
    node: nodeUrl,
    indexPrefix,
    refresh: 'wait_for',
    logger: quiet,
    ...(limits ? { countCap: limits.countCap, candidatePool: limits.candidatePool } : {}),
  });
  await index.init();
  let next = 1;
  return {
    index,
    async load(docs, positions) {
      if (positions && positions.length !== docs.length) throw new Error('one position per document');
      const entries = docs.map((doc, i) => ({ doc, position: positions?.[i] ?? next++ }));
      next = Math.max(next, ...entries.map((e) => e.position + 1));
      await index.upsert(entries, NO_TRANSACTION);
    },
    async close() {
      await index.close();
      await deleteIndices(nodeUrl, indexPrefix);
    },
  };
}
