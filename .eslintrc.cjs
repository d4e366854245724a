/* One-way imports (DESIGN §2): src and server may use common; common uses neither;
 * src and server never reach into each other; a feature reaches another only through its index. */
const fs = require('node:fs');
const path = require('node:path');

const featuresDir = path.join(__dirname, 'src', 'features');
const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory()) : [];

const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`, ...features.filter((o) => o !== name).map((o) => `./${o}/index.ts`)],
  message: 'Import another feature only through its index.ts.',
}));

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module', ecmaFeatures: { jsx: true } },
  env: { es2022: true, node: true, browser: true },
  plugins: ['@typescript-eslint', 'import', 'react-hooks'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:import/typescript', 'plugin:react-hooks/recommended'],
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
  },
  ignorePatterns: ['dist', 'node_modules', 'server/db/migrations', 'test-results', 'playwright-report'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': 'error',
    'import/no-cycle': ['error', { maxDepth: 10 }],
    // The store's LazyLoadedSlices is empty on purpose: each screen slice's file merges itself in
    // (`interface LazyLoadedSlices extends WithSlice<…> {}`), Redux Toolkit's pattern for combineSlices.
    '@typescript-eslint/no-empty-object-type': ['error', { allowWithName: '^LazyLoadedSlices$' }],
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: './common', from: './src', message: 'common/ imports neither the web app nor the server.' },
          { target: './common', from: './server', message: 'common/ imports neither the web app nor the server.' },
          { target: './src', from: './server', message: 'The web app never imports the server.' },
          { target: './server', from: './src', message: 'The server never imports the web app.' },
          ...featureZones,
        ],
      },
    ],
  },
  overrides: [
    {
      files: ['common/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: ['node:*'], message: 'common/ is pure: no node: modules.' },
              {
                group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm*', 'pg', '@electric-sql/*', 'axios'],
                message: 'common/ is pure: no UI, server or database libraries.',
              },
            ],
          },
        ],
      },
    },
    {
      // One ledger writer (docs/write-protocol.md): only it writes operations and the figures kept
      // beside them, so no path can move a balance, a count or a version by hand.
      files: ['server/**/*.ts'],
      excludedFiles: ['server/modules/operations/ledger-writer.ts', 'server/modules/operations/history.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['**/operations/repository', './repository', '**/people/repository'],
                importNames: [
                  'insertOperation',
                  'insertOperations',
                  'insertNewOperation',
                  'insertEntries',
                  'insertEntriesOf',
                  'replaceEntries',
                  'updateOperation',
                  'markSeen',
                  'markUnseenExcept',
                  'markAllSeen',
                  'renewPaybackRequest',
                ],
                message: 'Operations are written through operations/ledger-writer.ts.',
              },
              {
                group: ['**/operations/person-repository', './person-repository'],
                importNames: ['repointPerson'],
                message: 'A person is merged through operations/ledger-writer.ts.',
              },
              {
                group: ['**/operations/balances-repository', './balances-repository'],
                importNames: ['applyToBalances', 'recomputeBalances'],
                message: 'The kept figures are written through operations/ledger-writer.ts.',
              },
              {
                group: ['**/operations/unread', './unread'],
                importNames: ['shiftUnread', 'rewritingUnread'],
                message: 'Unread counts are kept through operations/ledger-writer.ts.',
              },
              {
                group: ['**/operations/history', './history'],
                importNames: ['recordCreated', 'recordChange'],
                message: 'Versions are recorded through operations/ledger-writer.ts.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'e2e/**'],
      rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
    },
  ],
};
