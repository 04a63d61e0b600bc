/** Dependency rules of the architecture (docs: architecture.md), checked in CI. */
module.exports = {
  forbidden: [
    {
      name: 'contracts-depend-on-zod-only',
      severity: 'error',
      from: { path: '^contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^contracts/', 'node_modules/zod/'], dependencyTypesNot: ['core', 'type-only'] },
    },
    {
      name: 'contracts-no-node-io',
      severity: 'error',
      from: { path: '^contracts/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'], pathNot: '^(node:)?crypto$' },
    },
    { name: 'ingest-not-projector-or-api', severity: 'error', from: { path: '^ingest/' }, to: { path: '^(projector|api)/' } },
    { name: 'projector-not-ingest-or-api', severity: 'error', from: { path: '^projector/' }, to: { path: '^(ingest|api)/' } },
    {
      name: 'api-not-ingest-or-projector',
      comment: "The API process's composition root (api/server.ts) reads projection lag through the projector's catalogue for /metrics.",
      severity: 'error',
      from: { path: '^api/', pathNot: '^api/server\\.ts$' },
      to: { path: '^(ingest|projector)/' },
    },
    {
      name: 'api-server-only-projection-lag',
      severity: 'error',
      from: { path: '^api/server\\.ts$' },
      to: { path: '^(ingest|projector)/', pathNot: '^projector/(lag|projections)\\.ts$' },
    },
    {
      name: 'infra-adapters-not-deployables',
      comment: 'Only the embedded composition root (infra/deploy/embedded.main.ts) and benchmarks wire deployables together.',
      severity: 'error',
      from: { path: '^infra/', pathNot: ['^infra/deploy/embedded\\.main\\.ts$', '\\.test\\.ts$'] },
      to: { path: '^(ingest|projector|api)/' },
    },
    {
      name: 'vendor-clients-only-in-adapters',
      severity: 'error',
      from: { pathNot: ['^infra/(db|event-log|search|billing|llm)/', '^test/', '\\.test\\.ts$'] },
      to: { path: 'node_modules/(@types/)?(kafkajs|@opensearch-project/opensearch|pg|@electric-sql/pglite|stripe|openai)/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    exclude: { path: ['^data/', '^\\.engines/'] },
  },
};
