import { PostgresSearchIndex } from '../infra/search/postgres/postgres-search-index.ts';
import { OpenSearchSearchIndex } from '../infra/search/opensearch/opensearch-search-index.ts';
import { decisionVersionsBehaviour } from './support/decision-versions.suite.ts';
import { noEngine, openTestDatabase, postgresTestUrl } from './support/engines.ts';
import { deleteIndices, openSearchTestUrl, uniqueIndexPrefix } from './support/opensearch-engine.ts';

const postgres = async () => {
  const url = await postgresTestUrl();
  return url ? openTestDatabase('postgres', url) : null;
};

decisionVersionsBehaviour('PostgreSQL', postgres, async (handle) => {
  const index = new PostgresSearchIndex(handle.db);
  return { backend: { writer: index }, index, close: async () => {} };
});

// distributed mode's search: the withdrawal leaves the OpenSearch index generation too
let node: string | null = null;
decisionVersionsBehaviour(
  'PostgreSQL and OpenSearch',
  async () => {
    node = await openSearchTestUrl();
    return node ? postgres() : noEngine('OpenSearch engine tests skipped: no OPENSEARCH_URL');
  },
  async () => {
    const prefix = uniqueIndexPrefix('versions');
    const index = new OpenSearchSearchIndex({ node: node!, indexPrefix: prefix, refresh: 'wait_for' });
    await index.init();
    return {
      backend: { writer: index, generations: index },
      index,
      close: async () => {
        await index.close();
        await deleteIndices(node!, prefix);
      },
    };
  },
);
