// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const VENDOR_CLIENTS = [
  'kafkajs',
  '@opensearch-project/opensearch',
  'pg',
  '@electric-sql/pglite',
  'stripe',
  'openai',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', '.engines/**', 'coverage/**', '.ci/out/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through the deployable config module (infra/config).',
        },
      ],
    },
  },
  {
    // Only the adapters talk to vendor clients.
    files: ['**/*.ts'],
    ignores: [
      'infra/db/**',
      'infra/event-log/**',
      'infra/search/**',
      'infra/billing/**',
      'infra/llm/**',
      'test/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: VENDOR_CLIENTS.map((name) => ({
            name,
            message: 'Vendor clients are used only inside their infra adapter.',
          })),
        },
      ],
    },
  },
  {
    files: ['infra/config/env.ts', 'test/**', '**/*.test.ts', 'test/bench/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.ts', 'test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['eslint.config.js', '.dependency-cruiser.cjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
