import { defineConfig } from 'vitest/config';

// Two projects: `default` runs everywhere with nothing installed (unit tests, embedded PGlite,
// end-to-end on the embedded mode); `engines` needs real Postgres / Kafka / OpenSearch endpoints
// from the environment (see infra/local/engines.sh) and is what CI runs after starting them.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'default',
          include: ['**/*.unit.test.ts', '**/*.e2e.test.ts', '**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/*.engine.int.test.ts', '**/*.engine.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'engines',
          include: ['**/*.engine.int.test.ts', '**/*.engine.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
